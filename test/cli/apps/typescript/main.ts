/**
 * The app test/cli drives with the framework CLIs, as a user writes it after `cdktf init`: two
 * stacks whose state the library's GcsBackend keeps on fake-gcs-server, the second reading the
 * first's resource (a cross-stack reference, through the remote state the library makes). The
 * CDK Terrain copy is written by scripts/flavour.js. `SCENARIO` picks what the synth shows:
 * unset, the warnings; `acknowledged`, both acknowledged; `config-error`, a refused endpoint.
 */
import { App, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { GcsBackend, StateBackendWarnings } from 'cdktf-state-backends';

const BUCKET = 'app-state';
const ENDPOINT = process.env.SCENARIO === 'config-error' ? 'http://127.0.0.1:4443/storage/v1' : 'http://127.0.0.1:4443/storage/v1/b';

class NetworkStack extends TerraformStack {
  public readonly vpc: TerraformResource;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // A literal token: the library warns (field/literal-secret).
    new GcsBackend(this, { bucket: BUCKET, prefix: 'network', storeageCustomEndpoint: ENDPOINT, accessToken: 'emulator-token' });
    this.vpc = new TerraformResource(this, 'vpc', { terraformResourceType: 'terraform_data' });
    this.vpc.addOverride('input', 'vpc-0042');
  }
}

class AppStack extends TerraformStack {
  constructor(scope: Construct, id: string, network: NetworkStack) {
    super(scope, id);
    new GcsBackend(this, { bucket: BUCKET, prefix: 'app', storeageCustomEndpoint: ENDPOINT });
    // Read from the network stack's state: the library warns that the token is left out (remote-state/secrets-left-out).
    new TerraformOutput(this, 'vpc_id', { value: network.vpc.getStringAttribute('output') });
  }
}

const app = new App();
if (process.env.SCENARIO === 'acknowledged') {
  StateBackendWarnings.acknowledge(app, 'field/literal-secret', 'the emulator token is no secret');
  StateBackendWarnings.acknowledge(app, 'remote-state/secrets-left-out', 'the run provides GOOGLE_OAUTH_ACCESS_TOKEN');
}
const network = new NetworkStack(app, 'network');
new AppStack(app, 'app', network);
app.synth();
