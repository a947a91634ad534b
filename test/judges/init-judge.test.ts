/**
 * The offline init judge (test/support/init-judge.ts): what the tools or their SDKs refuse before
 * any request, which `validate` does not run and the emulators cannot serve. Each row is a backend
 * block; for every judge the library's verdict at that judge's version (an error with one of the
 * row's rule ids) must be the tool's (a refusal before any request). Dummy credentials, no network.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Fn, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { CosBackend } from '../../src/cos-backend';
import { OssBackend } from '../../src/oss-backend';
import { evaluatesBackend } from '../../src/private/kit/schema';
import { checkConfig, Store } from '../../src/private/kit/store';
import { STORES } from '../../src/private/stores';
import { AZURERM_STORE } from '../../src/private/stores/azurerm';
import { COS_STORE } from '../../src/private/stores/cos';
import { OSS_STORE } from '../../src/private/stores/oss';
import { StateBackendValue } from '../../src/state-backend-value';
import { COMMANDS } from '../../src/private/target/target';
import { StateBackendTarget } from '../../src/target';
import { warningsOf } from '../support/annotations';
import { InitVerdict, initOffline } from '../support/init-judge';
import { describeEachJudge, Judge, judgeEnv, requireJudges, runJudge } from '../support/judges';

interface Row {
  readonly title: string;
  readonly store: Store;
  /** What the user writes (the library's props). */
  readonly props: Record<string, unknown>;
  /** The same block in the tool's keys. */
  readonly block: Record<string, unknown>;
  /** Rule ids the library refuses it with where the tool does; [] for a name every judge sends. */
  readonly ids: readonly string[];
  /**
   * The run-time scenario (test/runtime/) showing init failing at its first request where a tool
   * sends one: the library refuses the row for every judge, not only where the tool refuses offline.
   */
  readonly runtime?: string;
  /** The one tool that has every field of the block. */
  readonly only?: 'terraform' | 'opentofu';
}

/** What each store's tool says when it refuses before any request. */
const LOCAL: Record<string, { env: Record<string, string>; refusal: RegExp; timeout?: number }> = {
  oss: {
    env: { ALICLOUD_ACCESS_KEY: 'dummy', ALICLOUD_SECRET_KEY: 'dummy', ALICLOUD_REGION: 'cn-hangzhou' },
    refusal: /error getting bucket: .*bucket name .*(len is between|can only include lowercase letters|must start and end)|Invalid template control keyword/,
  },
  cos: {
    env: { TENCENTCLOUD_SECRET_ID: 'dummy', TENCENTCLOUD_SECRET_KEY: 'dummy' },
    // The SDK's check, or Go refusing a host name with an empty label without asking a DNS server.
    refusal: /invalid bucket format, please check your cos\.BaseURL|lookup \S*myqcloud\.com: no such host/,
  },
  azurerm: {
    env: { ARM_ACCESS_KEY: Buffer.from('dummy').toString('base64') },
    refusal: /invalid character "[ #]" in host name|invalid port ":|invalid URL escape|lookup \S*blob\.core\.windows\.net: no such host|`accountName` cannot be an empty string|invalid storage account name/,
    // The storage clients retry an unreachable host; a valid name is only ever cut off.
    timeout: 8_000,
  },
};

const OSS_ENDPOINT = 'http://127.0.0.1:1';
const oss = (bucket: string, ids: string[]): Row => ({
  title: `oss bucket ${JSON.stringify(bucket)}`,
  store: OSS_STORE,
  props: { bucket, endpoint: OSS_ENDPOINT },
  block: { bucket, endpoint: OSS_ENDPOINT },
  ids,
});
const cos = (bucket: string, region: string, ids: string[]): Row => ({
  title: `cos bucket ${JSON.stringify(bucket)}, region ${JSON.stringify(region)}`,
  store: COS_STORE,
  props: { bucket, region },
  block: { bucket, region },
  ids,
});
const azurerm = (account: string, ids: string[]): Row => ({
  title: `azurerm storage account ${JSON.stringify(account)}`,
  store: AZURERM_STORE,
  props: { storageAccountName: account, containerName: 'tfstate', key: 'app.tfstate' },
  block: { storage_account_name: account, container_name: 'tfstate', key: 'app.tfstate' },
  ids,
});

const ROWS: readonly Row[] = [
  oss('acme-tfstate', []),
  oss('NOT_VALID', ['oss/bucket-name']),
  oss('ab', ['oss/bucket-name']),
  oss('   ', ['oss/bucket-name']),
  oss('-acme', ['oss/bucket-name']),
  { ...oss('', ['field/empty-refused']), runtime: 'oss-empty-required' },
  { ...oss('acme-tfstate', []), title: 'oss prefix "${var.env}%{x"', props: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: '${var.env}%{x' }, block: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: '${var.env}%{x' }, ids: ['backend/template'] },
  {
    ...oss('acme-tfstate', []),
    title: 'oss prefix "${lower("%{x")}"',
    props: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: '${lower("%{x")}' },
    block: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: '${lower("%{x")}' },
    ids: ['backend/template'],
  },
  cos('tfstate-1250000000', 'ap-guangzhou', []),
  cos('tfstate', 'ap-guangzhou', ['cos/bucket-name']),
  cos('Tfstate-1250000000', 'ap-guangzhou', ['cos/bucket-name']),
  cos('tf_state-1250000000', 'ap-guangzhou', ['cos/bucket-name']),
  cos('', 'ap-guangzhou', ['field/empty-refused']),
  // An endpoint's region outside [a-z-1] keeps the SDK from checking the host (terraform only)
  { ...cos('tfstate', 'ap-guangzhou', ['cos/bucket-name']), title: 'cos bucket "tfstate" behind endpoint cos-internal.ap-beijing-2', only: 'terraform', props: { bucket: 'tfstate', region: 'ap-guangzhou', endpoint: 'http://cos-internal.ap-beijing-2.tencentcos.cn' }, block: { bucket: 'tfstate', region: 'ap-guangzhou', endpoint: 'http://cos-internal.ap-beijing-2.tencentcos.cn' } },
  cos('tfstate-1250000000', '', ['cos/region-empty']),
  azurerm('acmetfstate', []),
  azurerm('', ['field/empty-refused']),
  azurerm(' ', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('Acme_X', ['azurerm/storage-account-name']),
  azurerm('acme%41', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('-acme', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('a'.repeat(64), ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('acme..tf', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('acme:tf', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  azurerm('acme#tf', ['azurerm/account-name-host', 'azurerm/storage-account-name']),
  // (a DNS server is asked for acme.tf.blob.core.windows.net: a request, so no refusal)
  azurerm('acme.tf', ['azurerm/storage-account-name']),
];

const JUDGES = requireJudges();

/**
 * Every judge's verdict on every row, all started before the first test: most are replayed
 * (test/support/judge-memo.ts), and a run that waits on a client retrying an unreachable host
 * waits beside the others (test/support/init-judge.ts).
 */
const VERDICTS = new Map<string, Promise<InitVerdict>>();
const rowsOf = (judge: Judge) => ROWS.filter((r) => !r.only || r.only === judge.tool);
function verdictOf(judge: Judge, row: Row): Promise<InitVerdict> {
  const key = `${judge.name}#${ROWS.indexOf(row)}`;
  let verdict = VERDICTS.get(key);
  if (!verdict) {
    const local = LOCAL[row.store.backend];
    verdict = initOffline(judge, { [row.store.backend]: row.block }, local.env, local.refusal, local.timeout);
    // (awaited by the row's test; a failure before then is reported there)
    verdict.catch(() => undefined);
    VERDICTS.set(key, verdict);
  }
  return verdict;
}
beforeAll(() => {
  for (const judge of JUDGES) for (const row of rowsOf(judge)) void verdictOf(judge, row);
});

function cdktfApp(judge: Judge): App {
  const app = Testing.app();
  (judge.tool === 'opentofu' ? StateBackendTarget.opentofu(judge.version) : StateBackendTarget.terraform(judge.version)).applyTo(app);
  return app;
}

describeEachJudge('offline init', JUDGES, (judge) => {
  test.each(rowsOf(judge).map((r) => [r.title, r] as const))('%s: the library refuses it where the tool does', async (_t, row) => {
    // GIVEN the library's verdict at this judge's version
    const errors = checkConfig(row.store, row.props, judge.target, 'backend').errors;
    const refusedBy = errors.filter((e) => row.ids.includes(e.id)).map((e) => e.id);
    // WHEN the judge initialises the same block offline
    const verdict = await verdictOf(judge, row);
    // THEN both refuse it, or neither does (and then the library raises no other error either);
    // a row a run-time scenario shows failing is refused by the library for every judge
    const shown = verdict.output.split('\n').filter((l) => /Error|error:/.test(l)).slice(0, 5).join('\n');
    const refused = verdict.refusedLocally || row.runtime !== undefined;
    expect({ library: refusedBy.length > 0, tool: verdict.refusedLocally, shown }).toEqual({
      library: refused,
      tool: verdict.refusedLocally,
      shown,
    });
    // (where the target reads backend blocks literally, the library refuses a reference for itself:
    // field/literal-only, which HCL validate judges in test/judges/tool-refusals.test.ts)
    if (!refused) expect(errors.map((e) => e.id).filter((id) => id !== 'field/literal-only')).toEqual([]);
  });
});

describeEachJudge('offline init of a backend block that reads a resource', JUDGES, (judge) => {
  test('the library refuses it at synth where the tool refuses it before any request', () => {
    // GIVEN an oss backend whose prefix reads a resource (opentofu 1.8+ evaluates the block)
    const app = cdktfApp(judge);
    const stack = new TerraformStack(app, 'network');
    const seed = new TerraformResource(stack, 'seed', { terraformResourceType: 'terraform_data' });
    let library: string;
    try {
      new OssBackend(stack, { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: seed.getStringAttribute('id') });
      app.synth();
      library = '';
    } catch (e) {
      library = (e as Error).message;
    }
    // WHEN the judge initialises the same block, with the resource
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'init-static-'));
    const doc = { resource: { terraform_data: { seed: {} } }, terraform: { backend: { oss: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: '${terraform_data.seed.id}' } } } };
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify(doc));
    const r = runJudge(judge.binary, ['init', '-input=false', '-no-color'], { cwd: dir, env: judgeEnv(LOCAL.oss.env) });
    const toolRefuses = /Dynamic value in static context/.test(`${r.stdout}${r.stderr}`);
    // THEN opentofu 1.8+ and the library refuse it for the static context; the others read the
    // text literally, and the library refuses the reference itself
    expect(toolRefuses).toBe(library.includes('[backend/static-context]'));
    expect(library).toMatch(/\[(backend\/static-context|field\/literal-only)\]/);
  });
});

describeEachJudge('offline init of a backend block that reads a sensitive variable', JUDGES, (judge) => {
  test.each([
    ['the variable', (v: string) => v, '${var.key}'],
    ['the variable through nonsensitive()', (v: string) => Fn.nonsensitive(v), '${nonsensitive(var.key)}'],
  ])('the library refuses %s at synth where the tool refuses it before any request', (_what, wrap, prefix) => {
    const app = cdktfApp(judge);
    const stack = new TerraformStack(app, 'network');
    const key = new TerraformVariable(stack, 'key', { type: 'string', sensitive: true });
    let library = '';
    try {
      new OssBackend(stack, { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix: wrap(key.stringValue) });
      app.synth();
    } catch (e) {
      library = (e as Error).message;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'init-sensitive-'));
    const doc = { variable: { key: { type: 'string', sensitive: true } }, terraform: { backend: { oss: { bucket: 'acme-tfstate', endpoint: OSS_ENDPOINT, prefix } } } };
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify(doc));
    const r = runJudge(judge.binary, ['init', '-input=false', '-no-color', '-var', 'key=x'], { cwd: dir, env: judgeEnv(LOCAL.oss.env) });
    // THEN opentofu 1.8.3+ and the library refuse the variable, and both take it through
    // nonsensitive(); the others read the block literally (the library refuses the reference
    // itself, field/literal-only)
    expect(/Backend config contains sensitive values/.test(`${r.stdout}${r.stderr}`)).toBe(library.includes('[backend/sensitive-value]'));
    if (evaluatesBackend(judge.target)) expect(/Backend config contains|Invalid function argument/.test(`${r.stdout}${r.stderr}`)).toBe(library !== '');
    else expect(library).toContain('[field/literal-only]');
  });
});

describeEachJudge('init of a block left to it', JUDGES, (judge) => {
  test('the warning sends a block to a config file, as init refuses it as -backend-config=KEY=VALUE', () => {
    // GIVEN the library's warning for a cos assumeRole left to init
    const app = cdktfApp(judge);
    // (the block's type takes no string, hence the cast; the reader takes the marker wherever it comes from)
    const stack = new TerraformStack(app, 'network');
    new CosBackend(stack, { bucket: 'acme-1250000000', region: 'ap-guangzhou', assumeRole: StateBackendValue.fromInit() as any });
    expect(warningsOf(stack).join('\n')).toContain(
      `assumeRole in a backend config file only (${COMMANDS[judge.tool]} init -backend-config=<file>.tfbackend; init refuses -backend-config="assume_role=..." for a block)`,
    );
    // WHEN the judge is given the block on the command line
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'init-block-'));
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify({ terraform: { backend: { cos: { bucket: 'acme-1250000000', region: 'ap-guangzhou' } } } }));
    const r = runJudge(judge.binary, ['init', '-input=false', '-no-color', '-backend-config=assume_role={role_arn="a",session_name="b",session_duration=3600}'],
      { cwd: dir, env: judgeEnv(LOCAL.cos.env) });
    // THEN it refuses it before configuring the backend
    expect(`${r.stdout}${r.stderr}`.replace(/\s+/g, ' ')).toContain('The backend configuration argument "assume_role" given on the command line is not expected');
  });
});

test('the rules the init judge backs name it, and every one has a row', () => {
  const backed = STORES.flatMap((s) => s.rules).filter((r) => r.init).map((r) => r.id);
  expect(backed.sort()).toEqual(['azurerm/account-name-host', 'azurerm/storage-account-name', 'cos/bucket-name', 'cos/region-empty', 'oss/bucket-name']);
  for (const id of backed) expect(ROWS.some((r) => r.ids.includes(id))).toBe(true);
});
