/**
 * The stacks the run-time judges store: a producer (a `terraform_data` resource, its outputs, no
 * provider download; the builtin `terraform` provider only) and a consumer reading the producer's
 * outputs through the library's remote-state data source. Both are synthesized by cdktf into the
 * `cdk.tf.json` the tools then run in a fresh directory.
 */
import { TerraformBackend, TerraformOutput, TerraformRemoteState, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { ParsedTarget } from '../../src/private/target';
import { appFor } from './stores';
import { workDir } from './emulators';

/** The scenarios of test/runtime/, by name: the `runtime` property of a rule names one of them. */
export const RUNTIME_SCENARIOS = {
  'gcs-round-trip': 'GCS: init, apply and a named workspace store their state objects at <prefix>/<workspace>.tfstate',
  'gcs-endpoint-forms': 'GCS: init with each form of storeageCustomEndpoint',
  'gcs-locking': 'GCS: the lock object during a slow apply, two concurrent applies',
  'gcs-remote-state': 'GCS: a consumer reads the producer per workspace through DataTerraformRemoteStateGcs',
  'gcs-empty-required': 'GCS: init with a raw backend block whose bucket is ""',
  'gcs-encryption-key': 'GCS: init with an encryption_key that is not base64, or not 32 bytes',
  'gcs-one-encryption': 'GCS: init with encryption_key and kms_encryption_key together',
  'azurerm-round-trip': 'AzureRM: init, apply and a named workspace store their blobs at <key> and <key>env:<workspace>',
  'azurerm-locking': 'AzureRM: the blob lease during a slow apply, two concurrent applies',
  'azurerm-remote-state': 'AzureRM: a consumer reads the producer per workspace through DataTerraformRemoteStateAzurerm',
  'azurerm-empty-required': 'AzureRM: init with raw backend blocks whose key, container_name or environment is ""',
  'azurerm-environment': 'AzureRM: init with an environment name the tool does not know',
  'azurerm-dns-lookup': 'AzureRM: init with lookup_blob_endpoint and no resource_group_name (terraform)',
  'azurerm-account-name': 'AzureRM: init with an invalid storage account name (opentofu 1.11+)',
  'azurerm-container-name': 'AzureRM: init with an invalid container name (opentofu 1.11+)',
} as const;

export type RuntimeScenario = keyof typeof RUNTIME_SCENARIOS;

/** Which scenario a `test` belongs to: its title starts with `[scenario]`. */
export function scenario(name: RuntimeScenario, title: string): string {
  return `[${name}] ${title}`;
}

/**
 * The producer: output `n` is the variable `n` (default "0") through a `terraform_data` resource
 * replaced whenever `n` changes; `ws` is the workspace. With `sleep` set, creating the resource
 * takes that many seconds (a local-exec provisioner), so a lock can be watched.
 */
export function producer(target: ParsedTarget, backend: (scope: Construct) => TerraformBackend, options: { sleep?: number } = {}): string {
  const app = appFor(target);
  const stack = new TerraformStack(app, 'producer');
  backend(stack);
  const n = new TerraformVariable(stack, 'n', { type: 'string', default: '0' });
  const data = new TerraformResource(stack, 'data', { terraformResourceType: 'terraform_data' });
  data.addOverride('input', n.stringValue);
  data.addOverride('triggers_replace', [n.stringValue]);
  if (options.sleep) data.addOverride('provisioner', [{ 'local-exec': { command: `sleep ${options.sleep}` } }]);
  new TerraformOutput(stack, 'n_out', { value: '${terraform_data.data.output}' }).overrideLogicalId('n');
  new TerraformOutput(stack, 'ws_out', { value: '${terraform.workspace}' }).overrideLogicalId('ws');
  return workDir('runtime-producer-', { 'cdk.tf.json': Testing.synth(stack) });
}

/**
 * The consumer: a local backend, one remote state per entry, and an output `<id>_n` / `<id>_ws` per
 * remote state holding the producer's outputs.
 */
export function consumer(target: ParsedTarget, remoteStates: Record<string, (scope: Construct, id: string) => TerraformRemoteState>): string {
  const app = appFor(target);
  const stack = new TerraformStack(app, 'consumer');
  for (const [id, make] of Object.entries(remoteStates)) {
    const rs = make(stack, id);
    new TerraformOutput(stack, `${id}_n_out`, { value: rs.getString('n') }).overrideLogicalId(`${id}_n`);
    new TerraformOutput(stack, `${id}_ws_out`, { value: rs.getString('ws') }).overrideLogicalId(`${id}_ws`);
  }
  return workDir('runtime-consumer-', { 'cdk.tf.json': Testing.synth(stack) });
}
