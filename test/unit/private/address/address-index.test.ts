/**
 * The index of the app's addresses (src/private/address/address-index.ts): it files each address
 * by the parts no run value decides, and must find every address that can meet a given one (the
 * pairs sharing() or the lock rows find when every pair is compared), and no address whose fixed
 * parts differ.
 */
import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { AzurermBackend } from '../../../../src/azurerm-backend';
import { GcsBackend } from '../../../../src/gcs-backend';
import { OssBackend } from '../../../../src/oss-backend';
import { sharing } from '../../../../src/private/address/address-compare';
import { AddressIndex } from '../../../../src/private/address/address-index';
import { lockRowMeeting } from '../../../../src/private/address/state-meeting';
import { StateAddress } from '../../../../src/private/address/state-objects';
import { stateObjectsOf } from '../../../../src/private/framework/app-backends';
import { StateBackendValue } from '../../../../src/state-backend-value';

/** Every address of the app's stacks, with the stack's id. */
function addressesOf(app: App): Array<{ id: string; address: StateAddress }> {
  return app.node.children.filter((c): c is TerraformStack => TerraformStack.isStack(c))
    .flatMap((stack) => stateObjectsOf(stack).flatMap(({ addresses }) => addresses.map((address) => ({ id: stack.node.id, address }))));
}

/** The index's candidates of each address, by stack id. */
function indexed(all: ReturnType<typeof addressesOf>, objects?: (o: string) => string[]) {
  const index = new AddressIndex<string>();
  for (const { id, address } of all) index.add(address, id);
  return (address: StateAddress) => index.candidates(address, objects);
}

describe('AddressIndex', () => {
  test('finds an address by its fixed parts, and not one whose fixed parts differ', () => {
    // GIVEN three GCS stacks, two of them naming one object
    const app = Testing.app();
    new GcsBackend(new TerraformStack(app, 'a'), { bucket: 'acme', prefix: 'net' });
    new GcsBackend(new TerraformStack(app, 'b'), { bucket: 'acme', prefix: 'net/' });
    new GcsBackend(new TerraformStack(app, 'c'), { bucket: 'acme', prefix: 'app' });
    const all = addressesOf(app);
    // WHEN a's candidates are looked up
    const found = indexed(all)(all[0].address);
    // THEN b (the same object, as the tool cleans the prefix) is found, c is not
    expect([...found].sort()).toEqual(['a', 'b']);
  });

  test('finds every address where a part comes from the run, through the parts fixed in both', () => {
    // GIVEN a bucket given at init (with a config file), and literal buckets
    const app = Testing.app();
    const a = new GcsBackend(new TerraformStack(app, 'a'), { bucket: StateBackendValue.fromInit(), prefix: 'net' });
    a.addConfigFile('prod', { bucket: 'acme-prod' });
    new GcsBackend(new TerraformStack(app, 'b'), { bucket: 'acme-dev', prefix: 'net' });
    new GcsBackend(new TerraformStack(app, 'c'), { bucket: 'acme-prod', prefix: 'app' });
    new GcsBackend(new TerraformStack(app, 'd'), { bucket: 'acme-prod', prefix: 'net' });
    const all = addressesOf(app);
    const candidates = indexed(all);
    // THEN the block alone (any bucket) meets b and d (prefix net), its prod file only d
    expect([...candidates(all[0].address)].sort()).toEqual(['a', 'b', 'd']);
    expect([...candidates(all[1].address)].sort()).toEqual(['a', 'd']);
  });

  test('finds every pair that comparing every pair finds, on a mix of shapes and stores', () => {
    // GIVEN stacks of every shape: literal, env-decided cloud, init, files, variables, workspace templates, lock tables
    const app = Testing.app({ context: { 'cdktf-state-backends:target': 'opentofu@1.12.6' } });
    let n = 0;
    const stack = () => new TerraformStack(app, `s${n++}`);
    for (const prefix of ['net', 'net/', 'app', 'x/net']) {
      new GcsBackend(stack(), { bucket: 'acme', prefix });
      const s = stack();
      const env = new TerraformVariable(s, 'env', { type: 'string', default: 'net' });
      new GcsBackend(s, { bucket: 'acme', prefix: `${env.stringValue}` });
      new GcsBackend(stack(), { bucket: StateBackendValue.fromInit(), prefix }).addConfigFile('prod', { bucket: 'acme' });
      new GcsBackend(stack(), { bucket: 'acme', prefix: `${prefix}/\${terraform.workspace}` });
    }
    for (const key of ['a.tfstate', 'b.tfstate', 'A.tfstate']) {
      new AzurermBackend(stack(), { storageAccountName: 'acct', containerName: 'tfstate', key });
      new AzurermBackend(stack(), { storageAccountName: 'acct', containerName: 'tfstate', key, environment: 'public' });
      new AzurermBackend(stack(), { storageAccountName: 'acct', containerName: 'tfstate', key: key.replace('.', '\\.'), environment: 'china' });
    }
    for (const [prefix, key] of [['p', 'k'], ['p', 'k-md5'], ['q', 'k']]) {
      new OssBackend(stack(), { bucket: 'acme', prefix, key, tablestoreEndpoint: 'https://i.cn-hangzhou.ots.aliyuncs.com', tablestoreTable: 't' });
    }
    const all = addressesOf(app);
    const suffix = (o: string) => [o, `${o}-md5`, ...(o.endsWith('-md5') ? [o.slice(0, -4)] : [])];
    const candidates = indexed(all, suffix);
    // WHEN every pair is compared as the check did before the index
    const missed: string[] = [];
    let pairs = 0;
    for (const x of all) {
      const found = candidates(x.address);
      for (const y of all) {
        if (x === y || x.address.backend !== y.address.backend) continue;
        const meets = sharing(x.address, y.address) !== undefined || lockRowMeeting([x.address], [y.address], false) !== undefined;
        if (!meets) continue;
        pairs++;
        if (!found.has(y.id)) missed.push(`${x.id} ${y.id}`);
      }
    }
    // THEN the index finds each of them (and the mix has pairs to find)
    expect(pairs).toBeGreaterThan(20);
    expect(missed).toEqual([]);
  });
});
