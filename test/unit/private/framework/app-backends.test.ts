/**
 * The app's state map (src/private/framework/app-backends.ts): every backend of every stack with the
 * addresses it names, rebuilt for each synth, and what a report of the app's state objects reads.
 */
import { GcsBackend as CdktfGcsBackend, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { AzurermBackend } from '../../../../src/azurerm-backend';
import { GcsBackend } from '../../../../src/gcs-backend';
import { showContainer, showObject, ANY_WORKSPACE } from '../../../../src/private/address/state-objects';
import { appMap, stateObjectRows, stateObjectsOf } from '../../../../src/private/framework/app-backends';
import { StateBackendValue } from '../../../../src/state-backend-value';
import { synthError, warningsOf } from '../../../support/annotations';

describe('stateObjectsOf', () => {
  test('gives each backend of a stack its addresses: the block alone, then each config file, with the run\'s parts marked', () => {
    // GIVEN a stack whose bucket each config file gives
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'net' }).addConfigFile('prod', { bucket: 'acme-prod' });
    // WHEN the map is read
    const [{ holder, addresses }] = stateObjectsOf(stack);
    // THEN the block alone leaves the bucket to init, and the file names it
    expect(holder.ours).toBe(true);
    expect(addresses.map((a) => a.file)).toEqual([undefined, 'prod.tfbackend']);
    expect(addresses[0].parts.get('bucket')?.source).toBe('init');
    expect(showContainer(addresses[1])).toBe('bucket="acme-prod"');
    expect(addresses[1].parts.get('bucket')?.source).toBe('file');
    expect(showObject(addresses[1], ANY_WORKSPACE)).toBe('net/<workspace>.tfstate');
  });

  test('holds cdktf\'s own backend, and none for a block whose key the tool does not have', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'legacy');
    new CdktfGcsBackend(stack, { bucket: 'acme', prefix: 'p' });
    expect(stateObjectsOf(stack).map(({ holder, addresses }) => [holder.ours, addresses.length])).toEqual([[false, 1]]);
    const typo = new TerraformStack(app, 'typo');
    // (cdktf's own GcsBackend writes storeageCustomEndpoint as "storeage_custom_endpoint", which the tools refuse)
    new CdktfGcsBackend(typo, { bucket: 'acme', storeageCustomEndpoint: 'http://127.0.0.1/storage/v1/b' });
    expect(stateObjectsOf(typo)[0].addresses).toEqual([]);
  });
});

describe('stateObjectRows', () => {
  test('shows each state object per workspace pattern, naming what the run gives', () => {
    // GIVEN an opentofu stack whose key reads a variable, its cloud left to ARM_ENVIRONMENT
    const app = Testing.app({ context: { 'cdktf-state-backends:target': 'opentofu@1.12.6' } });
    const stack = new TerraformStack(app, 'network');
    const env = new TerraformVariable(stack, 'env', { type: 'string', default: 'prod' });
    new AzurermBackend(stack, { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: `${env.stringValue}/net.tfstate`, useAzureadAuth: true });
    // THEN the row shows the object of the default and of any workspace, and what the run decides
    expect(stateObjectRows(stack)).toEqual([{
      path: 'network/backend',
      backend: 'azurerm',
      ours: true,
      file: undefined,
      container: 'storage_account_name="acmetfstate" container_name="tfstate"',
      defaultObject: '${var.env}/net.tfstate',
      workspaceObject: '${var.env}/net.tfstateenv:<workspace>',
      fromRun: [
        { key: 'environment', source: 'env', names: ['ARM_ENVIRONMENT'] },
        { key: 'key', source: 'expression', names: ['var.env'] },
        { key: 'metadata_host', source: 'env', names: ['ARM_METADATA_HOST'] },
      ],
    }]);
  });
});

describe('appMap', () => {
  test('is built again when a backend that asked asks again (the next synth), and sees an override made since', () => {
    const app = Testing.app();
    const network = new TerraformStack(app, 'network');
    new GcsBackend(network, { bucket: 'acme', prefix: 'a' });
    const other = new TerraformStack(app, 'other');
    new CdktfGcsBackend(other, { bucket: 'acme', prefix: 'b' });
    expect(synthError(app)).toBe('');
    // WHEN cdktf's backend is moved onto this library's object by a stack override
    other.addOverride('terraform.backend.gcs.prefix', 'a');
    // THEN the next synth sees it (the map of the first is not reused)
    expect(appMap(app).holders).toHaveLength(2);
    expect(warningsOf(app).join('\n')).toContain('stacks "network" and "other" keep their state in one object unless each runs');
  });
});
