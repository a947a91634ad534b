/**
 * The stacks the run-time judges store: a producer (a `terraform_data` resource, its outputs, no
 * provider download; the builtin `terraform` provider only) and a consumer reading the producer's
 * outputs through the library's remote-state data source. Both are synthesized by cdktf into the
 * `cdk.tf.json` the tools then run in a fresh directory.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformBackend, TerraformOutput, TerraformRemoteState, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { warningsOf } from './annotations';
import { workDir } from './emulators';
import { appFor } from './stores';
import { EncryptionKeyProvider, EncryptionMethod, StateEncryption } from '../../src';
import { ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';

/** The scenarios of test/runtime/, by name: the `runtime` property of a rule names one of them. */
export const RUNTIME_SCENARIOS = {
  'gcs-round-trip': 'GCS: init, apply and a named workspace store their state objects at <prefix>/<workspace>.tfstate',
  'gcs-endpoint-forms': 'GCS: init with each form of storeageCustomEndpoint',
  'gcs-locking': 'GCS: the lock object during a slow apply, two concurrent applies',
  'gcs-remote-state': 'GCS: a consumer reads the producer per workspace through DataTerraformRemoteStateGcs',
  'gcs-encryption': 'GCS: OpenTofu state encryption; the stored object holds no plaintext, a consumer reads it with the key and fails without',
  'gcs-cross-stack': 'GCS: a cdktf cross-stack reference (getRemoteStateDataSource), synthesized as JSON and as HCL',
  'gcs-empty-required': 'GCS: init with a raw backend block whose bucket is ""',
  'gcs-blank-bucket': 'GCS: init with a raw backend block whose bucket is "  "',
  'gcs-encryption-key': 'GCS: init with an encryption_key that is not base64, or not 32 bytes',
  'gcs-one-encryption': 'GCS: init with encryption_key and kms_encryption_key together',
  'gcs-opentofu-variables': 'GCS: a variable in the backend block, stored where it says (opentofu 1.8+) or refused (HCL: "Variables not allowed")',
  'gcs-init-values': 'GCS: a bucket left to init, given by the written .tfbackend file or by -backend-config KEY=VALUE',
  'gcs-shared-state-workspaces': 'GCS: two stacks with one bucket and prefix, each run in a workspace of its own (TF_WORKSPACE), stay apart',
  'gcs-shared-state': 'GCS: two stacks with one bucket and prefix, by hand (the second apply replaces the first\'s state) and through the library (refused at synth)',
  'clobber': 'GCS, AzureRM, COS: each class of one object for two stacks (expressions read literally or evaluated, templates the library does not fold, NFC, cdktf\'s own backend, config files, values given at init, the workspace, cloud names, AzureRM key and account spellings, COS accelerate, env vars): the second stack\'s plan destroys the first\'s resource, the library refuses or warns',
  'oss-lock-row': 'OSS with TableStore: a stack whose lock row is another stack\'s state digest row cannot lock once the other applied; the library refuses it',
  'gcs-stale-read': 'GCS: a consumer of a producer whose backend an override moves reads nothing without the override, and the value through the library',
  'gcs-changing-value': 'GCS: a prefix from timestamp() through a local names another object at every init (opentofu 1.8+)',
  'state-move-recipes': 'GCS, AzureRM: the init arguments the stack/state-moved notes print, for a prefix the old block left unset and an environment an env var gave, with plain init and plan: the state arrives, lineage kept',
  'gcs-checkout-value': 'GCS: a prefix that reads path.cwd or abspath(path.root) names another object in a second checkout of one synth (opentofu 1.8+)',
  'gcs-aspect-read': 'GCS: a consumer of a producer whose prefix an Aspect moves reads the producer\'s outputs; one written before the Aspect ran is refused',
  'gcs-number-read': 'GCS: a producer whose stack override sets prefix 2024 (a number) writes 2024/default.tfstate, and a consumer reads it',
  'gcs-store-bootstrap': 'GcsStateBucket: the bootstrap stack, on local state, creates the bucket with the Google provider',
  'gcs-store-defaults': 'GcsStateBucket: the create request the provider sent (kept by a recording proxy) carries every default, the labels and the KMS key',
  'gcs-store-app-stacks': 'GcsStateBucket: two stacks whose backends come from backend() keep their state in the bucket, one reading the other through remoteState()',
  'gcs-store-own-state': 'GcsStateBucket: the next synth moves the bootstrap\'s own state into its bucket; the note\'s command copies it, lineage kept',
  'gcs-store-destroy-refused': 'GcsStateBucket: destroying the bootstrap stack fails on prevent_destroy',
  'gcs-store-tear-down': 'GcsStateBucket: the README\'s tear-down (state out of the bucket, loosen, deploy, destroy every stack)',
  'gcs-store-adopt': 'GcsStateBucket: adopt imports a bucket made by hand: 1 to import, no replacement, bucket and objects kept',
  'address-oracle': 'GCS, AzureRM, COS: which object each generated config names, for every judge, and the library\'s verdict on every pair',
  'cos-round-trip': 'COS: init, apply, a named workspace, state pull and workspace delete; without a prefix the objects are <key> and <workspace>/<key>',
  'cos-locking': 'COS: the .tflock object (and its Tag API mutex) during a slow apply, two concurrent applies',
  'cos-remote-state': 'COS: a consumer reads <prefix>/<key> and <prefix>/<workspace>/<key> through DataTerraformRemoteStateCos',
  'cos-cross-stack': 'COS: a cdktf cross-stack reference (getRemoteStateDataSource), synthesized as JSON and as HCL',
  'cos-object-options': 'COS: acl, encrypt and accelerate as the tool sends them; init with an acl it does not know',
  'cos-empty-required': 'COS: init with a raw backend block whose bucket is ""',
  'cos-prefix-form': 'COS: init with a prefix the tools refuse, and one with a trailing slash',
  'cos-key-form': 'COS: init with a key the tools refuse, and one with a directory',
  'cos-endpoint': 'COS: init with each form of endpoint (terraform)',
  'cos-domain': 'COS: the Tag API calls on tag.<domain> (terraform)',
  'oss-round-trip': 'OSS: init, apply, a named workspace, state pull and workspace delete; by default the objects are env:/<key> and env:/<workspace>/<key>',
  'oss-remote-state': 'OSS: a consumer reads <prefix>/<key> and <prefix>/<workspace>/<key> through DataTerraformRemoteStateOss',
  'oss-cross-stack': 'OSS: a cdktf cross-stack reference (getRemoteStateDataSource), synthesized as JSON and as HCL',
  'oss-object-options': 'OSS: acl and encrypt as the tool sends them',
  'oss-locking': 'OSS: the TableStore lock row during a slow apply, a second apply refused naming the holder, a third waiting; the digest row',
  'oss-force-unlock': 'OSS: a killed apply leaves its lock row, which blocks the next run until force-unlock with its id',
  'oss-lock-workspaces': 'OSS: a lock row and a digest row per workspace; a lock in one workspace does not block another',
  'oss-lock-instance': 'OSS: the TableStore instance the tool names: the endpoint host\'s first label, or tablestore_instance_name (terraform 1.12+)',
  'oss-lock-endpoint-without-table': 'OSS: lockStoreEndpoint without lockStoreTable: nothing locked, two overlapping applies both write',
  'oss-lock-endpoint-from-env': 'OSS: lockStoreTable without lockStoreEndpoint: init and a remote state\'s read crash unless ALICLOUD_TABLESTORE_ENDPOINT is set',
  'oss-lock-endpoint-empty': 'OSS: lockStoreEndpoint "" with lockStoreTable (raw blocks): init and a remote state\'s read crash, with or without ALICLOUD_TABLESTORE_ENDPOINT',
  'oss-lock-digest': 'OSS: a stored object changed behind the tool\'s back fails the next read, which compares it with the digest row, until the row holds the object\'s MD5',
  'oss-lock-table': 'OSS: init with a lock table that does not exist; apply with one whose primary key is not LockID',
  'oss-empty-required': 'OSS: init with a raw backend block whose bucket is ""',
  'azurerm-round-trip': 'AzureRM: init, apply and a named workspace store their blobs at <key> and <key>env:<workspace>',
  'azurerm-locking': 'AzureRM: the blob lease during a slow apply, two concurrent applies',
  'azurerm-remote-state': 'AzureRM: a consumer reads the producer per workspace through DataTerraformRemoteStateAzurerm',
  'azurerm-cross-stack': 'AzureRM: a cdktf cross-stack reference (getRemoteStateDataSource), synthesized as JSON and as HCL',
  'azurerm-encryption': 'AzureRM: OpenTofu state encryption; the stored blob holds no plaintext, a consumer reads it with the key and fails without',
  'azurerm-empty-required': 'AzureRM: init with raw backend blocks whose key, container_name or environment is ""',
  'azurerm-timeout-zero': 'AzureRM: init with timeout_seconds 0, 10, 9223372036 and one past Go\'s duration (opentofu 1.9+)',
  'azurerm-environment': 'AzureRM: init with an environment name the tool does not know',
  'azurerm-dns-lookup': 'AzureRM: init with lookup_blob_endpoint and no resource_group_name (terraform)',
  'azurerm-account-name': 'AzureRM: init with an invalid storage account name (opentofu 1.11+)',
  'azurerm-container-name': 'AzureRM: init with an invalid container name (opentofu 1.11+)',
  'azurerm-key-url': 'AzureRM: init with keys terraform 1.11+ reads as URL syntax: "%" outside an escape, a tab, "?" and an escape in two workspaces',
} as const;

export type RuntimeScenario = keyof typeof RUNTIME_SCENARIOS;

/** Which scenario a `test` belongs to: its title starts with `[scenario]`. */
export function scenario(name: RuntimeScenario, title: string): string {
  return `[${name}] ${title}`;
}

/**
 * The producer: output `n` is the variable `n` (default "0") through a `terraform_data` resource
 * replaced whenever `n` changes; `ws` is the workspace. With `sleep` set, creating the resource
 * takes that many seconds (a local-exec provisioner running `sleep`), so a lock can be watched; the
 * variable `pause` (default `sleep`) changes it for one run (`-var pause=0`).
 */
export function producer(
  target: ParsedTarget, backend: (scope: Construct) => TerraformBackend, options: { sleep?: number; encrypt?: boolean } = {},
): string {
  const app = appFor(target);
  const stack = new TerraformStack(app, 'producer');
  backend(stack);
  if (options.encrypt) new StateEncryption(stack, { state: { method: aesFromVariable(stack), enforced: true } });
  const n = new TerraformVariable(stack, 'n', { type: 'string', default: '0' });
  const data = new TerraformResource(stack, 'data', { terraformResourceType: 'terraform_data' });
  data.addOverride('input', n.stringValue);
  data.addOverride('triggers_replace', [n.stringValue]);
  if (options.sleep) {
    const pause = new TerraformVariable(stack, 'pause', { type: 'number', default: options.sleep });
    data.addOverride('provisioner', [{ 'local-exec': { command: `sleep ${pause.stringValue}` } }]);
  }
  new TerraformOutput(stack, 'n_out', { value: '${terraform_data.data.output}' }).overrideLogicalId('n');
  new TerraformOutput(stack, 'ws_out', { value: '${terraform.workspace}' }).overrideLogicalId('ws');
  return workDir('runtime-producer-', { 'cdk.tf.json': Testing.synth(stack) });
}

/**
 * The consumer: a local backend, one remote state per entry, and an output `<id>_n` / `<id>_ws` per
 * remote state holding the producer's outputs. Returns its directory and the library's warnings.
 */
export function consumer(
  target: ParsedTarget,
  remoteStates: Record<string, (scope: Construct, id: string) => TerraformRemoteState>,
  options: { decrypt?: boolean } = {},
): { dir: string; warnings: string[] } {
  const app = appFor(target);
  const stack = new TerraformStack(app, 'consumer');
  const made: TerraformRemoteState[] = [];
  for (const [id, make] of Object.entries(remoteStates)) {
    const rs = make(stack, id);
    made.push(rs);
    new TerraformOutput(stack, `${id}_n_out`, { value: rs.getString('n') }).overrideLogicalId(`${id}_n`);
    new TerraformOutput(stack, `${id}_ws_out`, { value: rs.getString('ws') }).overrideLogicalId(`${id}_ws`);
  }
  if (options.decrypt) {
    const aes = aesFromVariable(stack);
    new StateEncryption(stack, { remoteStates: made.map((remoteState) => ({ remoteState, method: aes })) });
  }
  return { dir: workDir('runtime-consumer-', { 'cdk.tf.json': Testing.synth(stack) }), warnings: warningsOf(stack) };
}

/** AES-GCM with a PBKDF2 key whose passphrase comes from the run (TF_VAR_state_passphrase). */
function aesFromVariable(stack: TerraformStack): EncryptionMethod {
  const passphrase = new TerraformVariable(stack, 'state_passphrase', { type: 'string', sensitive: true });
  return EncryptionMethod.aesGcm('main', { keys: EncryptionKeyProvider.pbkdf2('main', { passphrase: passphrase.stringValue }) });
}

/**
 * One app, two stacks: `producer` (a `terraform_data` whose input is the variable `n`) and
 * `consumer`, whose output `n` refers to the producer's resource, so cdktf writes an output in the
 * producer and a remote state (the backend's getRemoteStateDataSource) in the consumer. Synthesized
 * by the app itself, as JSON or as HCL; returns the two stack directories.
 */
export function crossStack(
  target: ParsedTarget, backend: (scope: Construct, stack: string) => TerraformBackend, hcl: boolean,
): { producer: string; consumer: string } {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-cross-'));
  const app = new App({ outdir, hclOutput: hcl, context: { [TARGET_CONTEXT_KEY]: formatTarget(target) } });
  const p = new TerraformStack(app, 'producer');
  backend(p, 'producer');
  const n = new TerraformVariable(p, 'n', { type: 'string', default: '0' });
  const data = new TerraformResource(p, 'data', { terraformResourceType: 'terraform_data' });
  data.addOverride('input', n.stringValue);
  const c = new TerraformStack(app, 'consumer');
  backend(c, 'consumer');
  new TerraformOutput(c, 'n_out', { value: data.getStringAttribute('output') }).overrideLogicalId('n');
  app.synth();
  // The app writes JSON even into cdk.tf (the cdktf CLI converts it); the HCL comes from the stack's
  // own HCL rendering, after the app's synth has added the cross-stack output and remote state.
  const file = hcl ? 'cdk.tf' : 'cdk.tf.json';
  for (const [name, stack] of [['producer', p], ['consumer', c]] as const) {
    const written = path.join(outdir, 'stacks', name, file);
    if (!fs.existsSync(written)) throw new Error(`cdktf wrote no ${file} for ${name} in ${outdir}`);
    if (hcl) fs.writeFileSync(written, Testing.synthHcl(stack));
  }
  return { producer: path.join(outdir, 'stacks', 'producer'), consumer: path.join(outdir, 'stacks', 'consumer') };
}
