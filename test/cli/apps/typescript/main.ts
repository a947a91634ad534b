/**
 * The app test/cli drives with the framework CLIs, as a user writes it after `cdktf init`: two
 * stacks whose state the library's GcsBackend (STORE=azurerm: AzurermBackend) keeps on
 * fake-gcs-server (Azurite), the second reading the first's resource (a cross-stack reference,
 * through the remote state the library makes). The CDK Terrain copy is written by
 * scripts/flavour.js. `SCENARIO` picks what the synth shows: unset, the warnings; `acknowledged`,
 * both acknowledged; `config-error`, a refused endpoint; `for-each-stack`, both stacks' backends
 * made by forEachStack (prefix or key "prod"), the layout a state move goes to (`APP_STACK` renames the
 * second stack); `environments`, the network stack alone, its bucket (container) given at init by
 * prod.tfbackend or dev.tfbackend (with `MOVED=1` under prefix "moved/network", key
 * "moved/network.tfstate"); `throws`, the warnings and a third stack whose validation fails.
 */
import { App, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { AzurermBackend, GcsBackend, StateBackendValue, StateBackendWarnings } from 'cdktf-state-backends';

const SCENARIO = process.env.SCENARIO ?? '';
const AZURE = process.env.STORE === 'azurerm';
const MOVED = process.env.MOVED === '1';
const BUCKET = 'app-state';
const ACCOUNT = 'runtimeacct';
const ENDPOINT = SCENARIO === 'config-error' ? 'http://127.0.0.1:4443/storage/v1' : 'http://127.0.0.1:4443/storage/v1/b';

/** The stack's own backend, as written by hand (the layout before forEachStack). */
function backendOf(stack: TerraformStack, name: string): void {
  if (AZURE) {
    // The access key comes from ARM_ACCESS_KEY.
    new AzurermBackend(stack, { storageAccountName: ACCOUNT, containerName: BUCKET, key: `${name}.tfstate` });
  } else if (name === 'network') {
    // A literal token: the library warns (field/literal-secret).
    new GcsBackend(stack, { bucket: BUCKET, prefix: name, storeageCustomEndpoint: ENDPOINT, accessToken: 'emulator-token' });
  } else {
    new GcsBackend(stack, { bucket: BUCKET, prefix: name, storeageCustomEndpoint: ENDPOINT });
  }
}

class NetworkStack extends TerraformStack {
  public readonly vpc: TerraformResource;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.vpc = new TerraformResource(this, 'vpc', { terraformResourceType: 'terraform_data' });
    this.vpc.addOverride('input', 'vpc-0042');
  }
}

class AppStack extends TerraformStack {
  constructor(scope: Construct, id: string, network: NetworkStack) {
    super(scope, id);
    // Read from the network stack's state: the library warns that the token is left out (remote-state/secrets-left-out).
    new TerraformOutput(this, 'vpc_id', { value: network.vpc.getStringAttribute('output') });
  }
}

const app = new App();
if (SCENARIO === 'acknowledged') {
  StateBackendWarnings.acknowledge(app, 'field/literal-secret', 'the emulator token is no secret');
  StateBackendWarnings.acknowledge(app, 'remote-state/secrets-left-out', 'the run provides GOOGLE_OAUTH_ACCESS_TOKEN');
}
const network = new NetworkStack(app, 'network');
if (SCENARIO === 'environments') {
  // One block for every environment: the bucket (container) comes from the config file init is given.
  const backend = AZURE
    ? new AzurermBackend(network, {
      storageAccountName: ACCOUNT,
      containerName: StateBackendValue.fromInit(),
      key: MOVED ? 'moved/network.tfstate' : 'network.tfstate',
    })
    : new GcsBackend(network, { bucket: StateBackendValue.fromInit(), prefix: MOVED ? 'moved/network' : 'network', storeageCustomEndpoint: ENDPOINT });
  for (const env of ['prod', 'dev']) backend.addConfigFile(env, AZURE ? { containerName: `${BUCKET}-${env}` } : { bucket: `${BUCKET}-${env}` });
} else {
  const appStack = new AppStack(app, process.env.APP_STACK ?? 'app', network);
  if (SCENARIO === 'for-each-stack') {
    // Every stack's object named by its path under "prod" (the GCS token comes from GOOGLE_OAUTH_ACCESS_TOKEN).
    if (AZURE) AzurermBackend.forEachStack(app, { storageAccountName: ACCOUNT, containerName: BUCKET, key: 'prod.tfstate' });
    else GcsBackend.forEachStack(app, { bucket: BUCKET, prefix: 'prod', storeageCustomEndpoint: ENDPOINT });
  } else {
    backendOf(network, 'network');
    backendOf(appStack, 'app');
  }
  if (SCENARIO === 'throws') {
    // Two backends in one stack: its validation fails (stack/one-backend) after the others showed their warnings.
    const broken = new TerraformStack(app, 'zz-broken');
    backendOf(broken, 'broken');
    broken.addOverride('terraform.backend.s3', { bucket: 'x' });
  }
}
app.synth();
