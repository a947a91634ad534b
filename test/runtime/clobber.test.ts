/**
 * Each class of clobber the one-object check now sees, at run time, with every judge it applies to:
 * BEFORE, the two stacks as the library writes them (synthesized without its checks) share one
 * object, so after `network`'s apply the plan of `database` destroys `network`'s resource; AFTER,
 * the same app is refused at synth (linked stacks: stack/shared-state) or warned about
 * (stack/shared-state-from-run). Also the stale read of a producer whose backend has an override,
 * a backend prefix that changes on every init, and an OSS stack whose lock row is another stack's
 * state digest row. Two classes are AzureRM keys terraform 1.11+ reads as URL syntax ("?" and what
 * follows dropped, %XX decoded). On fake-gcs-server, Azurite (a server per cloud), the COS front end,
 * and moto behind the OSS front end with the TableStore fake, in loopback-only namespaces.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Aspects, Fn, GcsBackend as CdktfGcsBackend, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable } from 'cdktf';
import { AzurermBackend, CosBackend, DataTerraformRemoteStateGcs, GcsBackend, OssBackend, StateBackendValue } from '../../src';
import { appliesAt, reached } from '../../src/private/kit/rule-row';
import { evaluatesBackend } from '../../src/private/kit/schema';
import { AZURERM_STORE } from '../../src/private/stores/azurerm';
import { TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';
import { synthError, warningsOf } from '../support/annotations';
import { AzuriteServer, cleanUp, startAzuriteClouds } from '../support/azurite';
import { REGION, startCos, startOssFront, stopCos, CosServer } from '../support/cos';
import { FAKE_GCS, RunResult, Sandbox, gcsObjects, requireRuntime, startFakeGcs } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { listKeys, startMoto } from '../support/moto';
import { scenario } from '../support/runtime-stacks';
import { createTable, otsHost, otsRows, startTableStore } from '../support/tablestore';

const JUDGES = requireRuntime('fake-gcs-server') && requireRuntime('azurite') && requireRuntime('moto') && requireRuntime('tablestore-fake') ? requireJudges() : [];
const BUCKET = 'clobber';
const COS_BUCKET = 'clobber-1250000000';
const CONTAINER = 'clobber';
const GCS = { bucket: BUCKET, storeageCustomEndpoint: FAKE_GCS.endpoint };

/** An app for the judge's release writing into a fresh directory; without the library's checks for the BEFORE half. */
const appFor = (judge: Judge, checked: boolean) =>
  new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'clobber-')), skipValidation: !checked, context: { [TARGET_CONTEXT_KEY]: formatTarget(judge.target) } });

interface Clobber {
  /** What the two stacks share. */
  readonly what: string;
  readonly store: 'gcs' | 'azurerm' | 'cos';
  /** The judges it applies to. */
  readonly applies: (judge: Judge) => boolean;
  /** Gives stack `network` or `database` its backend. */
  readonly backend: (stack: TerraformStack, judge: Judge) => void;
  /** `database` depends on `network`: cdktf deploys them in one run. */
  readonly linked: boolean;
  /** init arguments (a config file) and the run's env vars. */
  readonly init?: readonly string[];
  readonly env?: Record<string, string>;
  /** AzureRM only: the tools reach Azurite with a SAS token (an account key signs for the account name as spelt). */
  readonly auth?: 'sas';
  readonly after: 'error' | 'warning';
}

const tofu18 = (j: Judge) => evaluatesBackend(j.target);
/** The judge takes an account name outside [a-z0-9]{3,24} (the library's azurerm/storage-account-name does not apply there). */
const takesAnyAccount = (j: Judge) => !appliesAt(AZURERM_STORE.rules.find((r) => r.id === 'azurerm/storage-account-name')!, j.target);

/** Terraform 1.11+, which sends the AzureRM key as a URL path it parses (azurerm/key-url). */
const readsKeyAsUrl = (j: Judge) => appliesAt(AZURERM_STORE.rules.find((r) => r.id === 'azurerm/key-url')!, j.target);

/** A SAS token of the Azurite account for every container and blob. */
function sasToken(key: string): string {
  const [sv, ss, srt, sp, se, spr] = ['2019-12-12', 'b', 'sco', 'rwdlacup', '2099-01-01T00:00:00Z', 'https'];
  const sig = crypto.createHmac('sha256', Buffer.from(key, 'base64')).update(['runtimeacct', sp, ss, srt, '', se, '', spr, sv, ''].join('\n'), 'utf8').digest('base64');
  return `sv=${sv}&ss=${ss}&srt=${srt}&sp=${sp}&se=${encodeURIComponent(se)}&spr=${spr}&sig=${encodeURIComponent(sig)}`;
}
const CLASSES: readonly Clobber[] = [
  {
    what: 'an override "${var.env}", which terraform and opentofu before 1.8 read as text',
    store: 'gcs',
    applies: (j) => !tofu18(j),
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id }).addOverride('prefix', '${var.env}'),
  },
  {
    what: 'an override "${terraform.workspace}/net", one value in one run (opentofu 1.8+)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id }).addOverride('prefix', '${terraform.workspace}/net'),
  },
  {
    what: '"${path.module}/net" and "net" (opentofu 1.8+ folds the first)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id === 'network' ? '${path.module}/net' : 'net' }),
  },
  {
    what: '"${lower("NET")}" and "net" (opentofu 1.8+ folds the first)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id === 'network' ? '${lower("NET")}' : 'net' }),
  },
  {
    what: 'one variable with one default (opentofu 1.8+)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: `${new TerraformVariable(s, 'env', { type: 'string', default: 'prod' }).stringValue}/net` }),
  },
  {
    what: 'prefixes in Unicode NFC and NFD',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id === 'network' ? 'caf\u00e9' : 'cafe\u0301' }),
  },
  {
    what: 'cdktf\'s own GcsBackend beside the library\'s (a half-migrated app)',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'error',
    backend: (s) => {
      if (s.node.id === 'database') return void new GcsBackend(s, { ...GCS, prefix: 'shared' });
      // (cdktf writes its storeageCustomEndpoint as storeage_custom_endpoint, which the tools refuse)
      new CdktfGcsBackend(s, { bucket: BUCKET, prefix: 'shared' }).addOverride('storage_custom_endpoint', FAKE_GCS.endpoint);
    },
  },
  {
    what: 'the bucket left to init and one config file, the README\'s pattern copied to a second stack',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'error',
    init: ['-backend-config=prod.tfbackend'],
    backend: (s) => new GcsBackend(s, { bucket: StateBackendValue.fromInit(), prefix: 'network', storeageCustomEndpoint: FAKE_GCS.endpoint })
      .addConfigFile('prod', { bucket: BUCKET }),
  },
  {
    what: 'one block prefix, run without the config files that part them (a run with TF_CLI_ARGS_init=-backend-config=prod.tfbackend keeps them apart)',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'warning',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: 'shared' }).addConfigFile('prod', { prefix: s.node.id }),
  },
  {
    what: 'a prefix left to init in both, the run giving both one value (TF_CLI_ARGS_init, as cdktf passes it)',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'warning',
    env: { TF_CLI_ARGS_init: '-backend-config=prefix=at-init' },
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: StateBackendValue.fromInit() }),
  },
  {
    what: 'one template opentofu evaluates and the library does not fold, "${substr("network", 0, 3)}" (opentofu 1.8+)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'error',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id }).addOverride('prefix', s.node.id === 'network' ? '${substr("network", 0, 3)}' : '${substr("network",0,3)}'),
  },
  {
    what: '"${terraform.workspace}" and "default", one in the default workspace (opentofu 1.8+)',
    store: 'gcs',
    applies: tofu18,
    linked: true,
    after: 'warning',
    backend: (s) => new GcsBackend(s, { ...GCS, prefix: s.node.id }).addOverride('prefix', s.node.id === 'network' ? '${terraform.workspace}' : 'default'),
  },
  {
    what: 'environment "public" and "Global" (terraform matches names case-insensitively)',
    store: 'azurerm',
    applies: (j) => j.tool === 'terraform',
    linked: true,
    after: 'error',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: 'k', environment: s.node.id === 'network' ? 'public' : 'Global' }),
  },
  {
    what: 'environment "usgovernment" and "dod" (one cloud for opentofu 1.11+)',
    store: 'azurerm',
    // The releases azurerm/environment reads names with the new SDKs (one cloud for both names).
    applies: (j) => j.tool === 'opentofu' && reached(AZURERM_STORE.rules.find((r) => r.id === 'azurerm/environment')!, 'newSdk', j.target),
    linked: true,
    after: 'error',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: 'k', environment: s.node.id === 'network' ? 'usgovernment' : 'dod' }),
  },
  {
    what: 'environment "public" and none, the run leaving ARM_ENVIRONMENT unset',
    store: 'azurerm',
    applies: () => true,
    linked: true,
    after: 'warning',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: 'k', ...(s.node.id === 'network' ? { environment: 'public' } : {}) }),
  },
  {
    what: 'keys "a/b.tfstate" and "a\\b.tfstate" (the blob service stores "\\" as "/")',
    store: 'azurerm',
    applies: () => true,
    linked: true,
    after: 'error',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: s.node.id === 'network' ? 'a/b.tfstate' : 'a\\b.tfstate' }),
  },
  {
    what: 'keys "query/app.tfstate?network" and "query/app.tfstate?database" (terraform 1.11+ drops the query: one blob "query/app.tfstate")',
    store: 'azurerm',
    applies: readsKeyAsUrl,
    linked: true,
    after: 'error',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: `query/app.tfstate?${s.node.id}` }),
  },
  {
    what: 'keys "escaped/a%2Fb.tfstate" and "escaped/a/b.tfstate" (terraform 1.11+ decodes the escape)',
    store: 'azurerm',
    applies: readsKeyAsUrl,
    linked: true,
    after: 'error',
    backend: (s) => new AzurermBackend(s, { storageAccountName: 'runtimeacct', containerName: CONTAINER, key: s.node.id === 'network' ? 'escaped/a%2Fb.tfstate' : 'escaped/a/b.tfstate' }),
  },
  {
    what: 'accounts "runtimeacct" and "x@runtimeacct" (the host is the name after the userinfo; opentofu 1.11+ refuses such names)',
    store: 'azurerm',
    applies: takesAnyAccount,
    linked: true,
    after: 'error',
    auth: 'sas',
    backend: (s) => new AzurermBackend(s, { storageAccountName: s.node.id === 'network' ? 'runtimeacct' : 'x@runtimeacct', containerName: CONTAINER, key: 'k' }),
  },
  {
    what: 'regions "ap-guangzhou" and "ap-shanghai" with accelerate (the global acceleration host reaches the bucket by its name)',
    store: 'cos',
    applies: () => true,
    linked: true,
    after: 'error',
    backend: (s) => new CosBackend(s, { bucket: COS_BUCKET, prefix: 'accelerate', ...(s.node.id === 'network' ? { region: REGION } : { region: 'ap-shanghai', accelerate: true }) }),
  },
  {
    what: 'regions "ap-shanghai" with the endpoint of ap-guangzhou, and "ap-guangzhou" (terraform: the endpoint\'s region wins)',
    store: 'cos',
    applies: (j) => j.tool === 'terraform',
    linked: true,
    after: 'error',
    backend: (s) => new CosBackend(s, {
      bucket: COS_BUCKET,
      prefix: 'endpoint',
      ...(s.node.id === 'network' ? { region: 'ap-shanghai', endpoint: `https://cos-internal.${REGION}.tencentcos.cn` } : { region: REGION }),
    }),
  },
  {
    what: 'a region set and one from TENCENTCLOUD_REGION (one bucket whatever the region)',
    store: 'cos',
    applies: () => true,
    linked: true,
    after: 'error',
    env: { TENCENTCLOUD_REGION: REGION },
    backend: (s) => new CosBackend(s, { bucket: COS_BUCKET, prefix: 'p', ...(s.node.id === 'network' ? { region: REGION } : {}) }),
  },
  {
    what: 'an Aspect of database that moves its prefix onto network\'s (cdktf runs each stack\'s Aspects as it synthesizes the stack)',
    store: 'gcs',
    applies: () => true,
    linked: true,
    after: 'error',
    backend: (s) => {
      const backend = new GcsBackend(s, { ...GCS, prefix: s.node.id });
      if (s.node.id === 'database') Aspects.of(s).add({ visit: (node) => (node === backend ? backend.addOverride('prefix', 'network') : undefined) });
    },
  },
];

describeEachJudge('one object for two stacks', JUDGES, (judge) => {
  let gcs: Sandbox;
  let clouds: AzuriteServer[];
  let cos: CosServer;
  beforeAll(() => {
    gcs = startFakeGcs([BUCKET]);
    clouds = startAzuriteClouds([CONTAINER]);
    cos = startCos([COS_BUCKET]);
  });
  afterAll(() => {
    gcs?.stop();
    if (clouds) cleanUp(clouds[0]);
    stopCos(cos);
  });

  const where = (store: Clobber['store'], auth?: 'sas'): { ns: Sandbox; env: Record<string, string> } => {
    if (store === 'gcs') return { ns: gcs, env: { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' } };
    if (store === 'azurerm') {
      return { ns: clouds[0].ns, env: { ...(auth === 'sas' ? { ARM_SAS_TOKEN: sasToken(clouds[0].key) } : { ARM_ACCESS_KEY: clouds[0].key }), SSL_CERT_FILE: clouds[0].caFile } };
    }
    return { ns: cos.ns, env: { TENCENTCLOUD_SECRET_ID: 'AKIDclobber', TENCENTCLOUD_SECRET_KEY: 'clobber-key', SSL_CERT_FILE: cos.caFile } };
  };
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };

  /** Two stacks, network with resource `vpc` and database with `db`, each given its backend; linked by a dependency. */
  const twoStacks = (c: Clobber, app: App) => {
    const stacks = ['network', 'database'].map((name) => {
      const stack = new TerraformStack(app, name);
      c.backend(stack, judge);
      new TerraformResource(stack, name === 'network' ? 'vpc' : 'db', { terraformResourceType: 'terraform_data' });
      return stack;
    });
    if (c.linked) stacks[1].addDependency(stacks[0]);
    return app;
  };

  test.each(CLASSES.filter((c) => c.applies(judge)).map((c) => [c.what, c] as const))(scenario('clobber', 'two stacks share one object through %s: database\'s plan destroys network\'s resource; the library refuses or warns'), (_what, c) => {
    // BEFORE: the stacks as the library writes them, without its checks
    const before = twoStacks(c, appFor(judge, false));
    before.synth();
    const { ns, env } = where(c.store, c.auth);
    const run = (stack: string, args: string[]) =>
      ns.run(judge.binary, args, { cwd: path.join(before.outdir, 'stacks', stack), env: judgeEnv({ ...env, ...c.env }) });
    ok(run('network', ['init', '-input=false', '-no-color', ...(c.init ?? [])]));
    ok(run('network', ['apply', '-auto-approve', '-input=false', '-no-color']));
    ok(run('database', ['init', '-input=false', '-no-color', ...(c.init ?? [])]));
    const plan = ok(run('database', ['plan', '-input=false', '-no-color']));
    expect(plan.stdout).toMatch(/Plan: 1 to add, 0 to change, 1 to destroy/);
    expect(plan.stdout).toContain('terraform_data.vpc will be destroyed');
    ok(run('network', ['destroy', '-auto-approve', '-input=false', '-no-color']));

    // AFTER: the same app with the library's checks
    const after = twoStacks(c, appFor(judge, true));
    if (c.after === 'error') {
      expect(synthError(after)).toMatch(/keep their state in one object: .* \[stack\/shared-state\]/);
      // (database, which holds the library's backend in every class, is never written)
      expect(fs.existsSync(path.join(after.outdir, 'stacks', 'database', 'cdk.tf.json'))).toBe(false);
    } else {
      expect(synthError(after)).toBe('');
      expect(warningsOf(after).join('\n')).toMatch(/keep their state in one object (when .* )?unless each runs .* \[stack\/shared-state-from-run\]/);
    }
  });

  test(scenario('oss-lock-row', 'a stack whose object is another\'s plus "-md5" in one lock table cannot lock once the other applied; the library refuses it'), () => {
    const [instance, table, accessKey, secretKey] = ['clobber-locks', 'tf_locks', `LTAIclobber${process.pid}`, crypto.randomBytes(24).toString('hex')];
    const ns = Sandbox.start([`127.0.0.1 ${otsHost(instance)}`]);
    try {
      const moto = startMoto(ns, [BUCKET]);
      const front = startOssFront(ns, moto, 5001);
      const ots = startTableStore(ns, [instance], { [accessKey]: secretKey });
      createTable(ots, instance, table);
      const prefix = `lock-row/${judge.tool}-${judge.version}`;
      const backend = (key: string) => ({ bucket: BUCKET, region: 'cn-hangzhou', endpoint: front.base, prefix, key, lockStoreEndpoint: `https://${otsHost(instance)}`, lockStoreTable: table });
      const twoOss = (app: App) => {
        const [network, database] = ['network', 'database'].map((name) => {
          const stack = new TerraformStack(app, name);
          new OssBackend(stack, backend(name === 'network' ? 'state' : 'state-md5'));
          new TerraformResource(stack, name === 'network' ? 'vpc' : 'db', { terraformResourceType: 'terraform_data' });
          return stack;
        });
        database.addDependency(network);
        return app;
      };
      // BEFORE: network's apply writes its digest row <bucket>/<prefix>/state-md5, the row database locks with
      const before = twoOss(appFor(judge, false));
      before.synth();
      const env = judgeEnv({ ALICLOUD_ACCESS_KEY: accessKey, ALICLOUD_SECRET_KEY: secretKey, SSL_CERT_FILE: ots.caFile });
      const run = (stack: string, args: string[]) => ns.run(judge.binary, args, { cwd: path.join(before.outdir, 'stacks', stack), env, timeout: 120_000 });
      ok(run('network', ['init', '-input=false', '-no-color']));
      ok(run('network', ['apply', '-auto-approve', '-input=false', '-no-color']));
      expect(otsRows(ots, instance, table).map((r) => r.primaryKey.LockID)).toContain(`${BUCKET}/${prefix}/state-md5`);
      ok(run('database', ['init', '-input=false', '-no-color']));
      const locked = run('database', ['apply', '-auto-approve', '-input=false', '-no-color', '-lock-timeout=3s']);
      expect(locked.status).not.toBe(0);
      expect(locked.output).toMatch(/Error acquiring the state lock/);
      expect(listKeys(moto, BUCKET, `${prefix}/`)).toEqual([`${prefix}/state`]);
      // AFTER: the library refuses the app
      expect(synthError(twoOss(appFor(judge, true)))).toMatch(/"database" can never lock while that state exists .* \[stack\/shared-lock-row\]/);
    } finally {
      ns.stop();
    }
  });

  test(scenario('gcs-stale-read', 'a consumer of a producer whose prefix an override moves: the remote state without the override reads nothing, the library\'s reads the value'), () => {
    // GIVEN a producer whose backend an override moves from "old" to "moved", applied with n=7
    const app = appFor(judge, true);
    const producer = new TerraformStack(app, 'producer');
    new GcsBackend(producer, { ...GCS, prefix: 'old' }).addOverride('prefix', `moved/${judge.tool}-${judge.version}`);
    const data = new TerraformResource(producer, 'data', { terraformResourceType: 'terraform_data' });
    data.addOverride('input', '7');
    const consumer = new TerraformStack(app, 'consumer');
    new GcsBackend(consumer, { ...GCS, prefix: `consumer/${judge.tool}-${judge.version}` });
    new TerraformOutput(consumer, 'n', { value: data.getStringAttribute('output') });
    // BEFORE: a remote state of the block without the override (what a cross-stack reference read)
    const stale = new TerraformStack(app, 'stale');
    new GcsBackend(stale, { ...GCS, prefix: `stale/${judge.tool}-${judge.version}` });
    new TerraformOutput(stale, 'n', { value: new DataTerraformRemoteStateGcs(stale, 'old', { ...GCS, prefix: 'old' }).getString('n') });
    app.synth();
    const run = (stack: string, args: string[]) => gcs.run(judge.binary, args, { cwd: path.join(app.outdir, 'stacks', stack), env: judgeEnv({ GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' }) });
    ok(run('producer', ['init', '-input=false', '-no-color']));
    ok(run('producer', ['apply', '-auto-approve', '-input=false', '-no-color']));
    ok(run('stale', ['init', '-input=false', '-no-color']));
    const read = run('stale', ['plan', '-input=false', '-no-color']);
    expect(read.status).not.toBe(0);
    expect(read.output).toMatch(/Unsupported attribute/);
    // AFTER: the library's remote state reads the object the producer writes
    ok(run('consumer', ['init', '-input=false', '-no-color']));
    ok(run('consumer', ['apply', '-auto-approve', '-input=false', '-no-color']));
    expect(JSON.parse(ok(run('consumer', ['output', '-json'])).stdout).n.value).toBe('7');
  });

  (tofu18(judge) ? test : test.skip)(scenario('gcs-changing-value', 'a prefix from timestamp() through a local names another object at every init; the library warns'), () => {
    // GIVEN a prefix from a local holding timestamp()
    const app = appFor(judge, true);
    const stack = new TerraformStack(app, 'network');
    const stamp = new TerraformLocal(stack, 'stamp', Fn.timestamp());
    new GcsBackend(stack, { ...GCS, prefix: `changing/${stamp.asString}` });
    expect(warningsOf(app).join('\n')).toContain('prefix calls timestamp() (through local.stamp), whose value changes on every run');
    app.synth();
    // WHEN two runs initialise it, a second apart
    const dir = path.join(app.outdir, 'stacks', 'network');
    for (const n of [1, 2]) {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), `changing-${n}-`));
      fs.copyFileSync(path.join(dir, 'cdk.tf.json'), path.join(copy, 'cdk.tf.json'));
      ok(gcs.run(judge.binary, ['init', '-input=false', '-no-color'], { cwd: copy, env: judgeEnv({ GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' }) }));
      gcs.run('sleep', ['1.1']);
    }
    // THEN each named an object of its own
    expect(gcsObjects(gcs, BUCKET, 'changing/')).toHaveLength(2);
  });
});
