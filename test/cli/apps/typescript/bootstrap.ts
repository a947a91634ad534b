/**
 * A new user's app (README "Quick start" and "Creating the state store"): a bootstrap stack holding
 * the state bucket, and two stacks whose state lives in it, the second reading the first's output.
 * test/cli/state-store.ts deploys it from nothing on fake-gcs-server; the Google provider and the
 * backends find the emulator through the environment (GOOGLE_STORAGE_CUSTOM_ENDPOINT,
 * GOOGLE_OAUTH_ACCESS_TOKEN), and the target is cdktf.json's context.
 */
import { App, TerraformOutput, TerraformProvider, TerraformResource, TerraformStack } from 'cdktf';
import { GcsStateBucket } from 'cdktf-state-backends';

const app = new App();

const bootstrap = new TerraformStack(app, 'bootstrap');
const bucket = new GcsStateBucket(bootstrap, 'state', { name: 'acme-tfstate', location: 'EU', project: 'acme-infra' });

const network = new TerraformStack(app, 'network');
bucket.backend(network, { prefix: 'network' });
const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
vpc.addOverride('input', 'vpc-0042');
new TerraformOutput(network, 'vpc_id', { value: vpc.getStringAttribute('output') });

const service = new TerraformStack(app, 'service');
bucket.backend(service, { prefix: 'service' });
const networkState = bucket.remoteState(service, 'network', { prefix: 'network' });
// A remote state names an object, not a stack: the CLI deploys network first only when told.
service.addDependency(network);
new TerraformOutput(service, 'network_vpc_id', { value: networkState.getString('vpc_id') });

// On the tests' emulator only: a universe other than Google's, so the provider does not ask Google who its token is.
const universe = process.env.EMULATOR_UNIVERSE_DOMAIN;
for (const c of bootstrap.node.children) {
  if (universe && TerraformProvider.isTerraformProvider(c)) c.addOverride('universe_domain', universe);
}

app.synth();
