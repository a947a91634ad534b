/**
 * The app test/cli/recipes.ts drives with the framework CLIs, to follow the commands the library
 * prints about a state move: stack `net` (`NET_ID` renames it) holding one resource, and with
 * `WITH_APP=1` stack `app` reading its output. Every object is in buckets named after `BUCKET` on
 * fake-gcs-server (the token comes from GOOGLE_OAUTH_ACCESS_TOKEN, or the run's init arguments).
 * `LAYOUT` picks how the block names the object:
 * - `prefix` (the default): the bucket, and prefix `PREFIX` (empty: unset), on `net` alone;
 * - `each`: forEachStack under prefix `EACH_PREFIX`, every stack;
 * - `own`: every stack its own prefix, its id (the README's layout before forEachStack);
 * - `files`: the bucket left to init, `prod.tfbackend` and `dev.tfbackend` giving `<BUCKET>-prod` and
 *   `<BUCKET>-dev` (prod's also prefix `FILE_PREFIX`, empty: unset), prefix `PREFIX` in the block;
 * - `init`: the prefix left to init (`-backend-config=prefix=...` in TF_CLI_ARGS_init).
 * The CDK Terrain copy is written by scripts/flavour.js.
 */
import { App, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { GcsBackend, StateBackendValue } from 'cdktf-state-backends';

const env = (name: string) => process.env[name] ?? '';
const BUCKET = env('BUCKET');
const ENDPOINT = 'http://127.0.0.1:4443/storage/v1/b';
const unsetIfEmpty = (value: string) => (value === '' ? undefined : value);

const app = new App();
const net = new TerraformStack(app, env('NET_ID') || 'net');
const vpc = new TerraformResource(net, 'vpc', { terraformResourceType: 'terraform_data' });
vpc.addOverride('input', 'vpc-0042');
new TerraformOutput(net, 'vpc_id', { value: vpc.getStringAttribute('output') });
const stacks = [net];
if (env('WITH_APP') === '1') {
  // (read through the remote state the library makes for the cross-stack reference)
  const appStack = new TerraformStack(app, 'app');
  new TerraformOutput(appStack, 'vpc_id', { value: vpc.getStringAttribute('output') });
  stacks.push(appStack);
}

switch (env('LAYOUT')) {
  case 'each':
    GcsBackend.forEachStack(app, { bucket: BUCKET, prefix: env('EACH_PREFIX'), storeageCustomEndpoint: ENDPOINT });
    break;
  case 'files': {
    const backend = new GcsBackend(net, { bucket: StateBackendValue.fromInit(), prefix: unsetIfEmpty(env('PREFIX')), storeageCustomEndpoint: ENDPOINT });
    backend.addConfigFile('prod', { bucket: `${BUCKET}-prod`, ...(env('FILE_PREFIX') ? { prefix: env('FILE_PREFIX') } : {}) });
    backend.addConfigFile('dev', { bucket: `${BUCKET}-dev` });
    break;
  }
  case 'own':
    for (const stack of stacks) new GcsBackend(stack, { bucket: BUCKET, prefix: stack.node.id, storeageCustomEndpoint: ENDPOINT });
    break;
  case 'init':
    new GcsBackend(net, { bucket: BUCKET, prefix: StateBackendValue.fromInit(), storeageCustomEndpoint: ENDPOINT });
    break;
  default:
    new GcsBackend(net, { bucket: BUCKET, prefix: unsetIfEmpty(env('PREFIX')), storeageCustomEndpoint: ENDPOINT });
}
app.synth();
