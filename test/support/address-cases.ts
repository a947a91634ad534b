/**
 * The address oracle's cases (test/runtime/address-oracle.test.ts asks the judges, test/unit/address-answers.test.ts
 * replays their answers): families of stack recipes, each a backend config as a user writes it, the
 * runs each family is asked under (env vars, -var values, values given at init), and every pair of
 * recipes of a family, linked (deployed in one run) or not. The tools' answer for a recipe and run is
 * the object it names (after init and `workspace new`), or the URL its offline init requests first;
 * the truth for a pair follows from the answers (pairTruth), and the library's verdict must be it
 * (libraryVerdict). A family holds only pairs the library compares: a template it does not fold is
 * put beside its respacing and another template, not beside the literal it evaluates to (README
 * "One state object per stack" says what is not compared).
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, GcsBackend as CdktfGcsBackend, TerraformBackend, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { synthError, warningsOf } from './annotations';
import { FAKE_GCS } from './emulators';
import { AzurermBackend, CosBackend, GcsBackend, OssBackend, StateBackendValue } from '../../src';
import { isAvailable } from '../../src/private/kit/schema';
import { GCS_STORE } from '../../src/private/stores/gcs';
import { TARGET_CONTEXT_KEY, parseTargetOrThrow } from '../../src/private/target/target';

/**
 * How the judges are asked: objects on fake-gcs-server, Azurite (three clouds), moto behind the COS
 * front end (its ap-guangzhou and accelerate hosts) or behind the OSS front end, or the first URL of
 * an offline init.
 */
export type Ask = 'gcs-emulator' | 'azurite' | 'cos-emulator' | 'oss-emulator' | 'offline';

export interface Recipe {
  /** Stable name, unique in its family. */
  readonly id: string;
  /** The library's props; the string FROM_INIT stands for StateBackendValue.fromInit(). */
  readonly props: Record<string, unknown>;
  /** `backend.addOverride(key, value)` for each entry (tool keys). */
  readonly overrides?: Record<string, unknown>;
  /** `stack.addOverride('terraform.backend.<store>.<key>', value)` for each entry (tool keys). */
  readonly stackOverrides?: Record<string, unknown>;
  /** Variables the stack declares, with their defaults. */
  readonly variables?: Record<string, { readonly default?: string }>;
  /** Config files (`addConfigFile`): each is a variant of its own beside the block alone. */
  readonly files?: Record<string, Record<string, unknown>>;
  /** Made with cdktf's own backend class, not the library's. */
  readonly builtin?: boolean;
}

export interface Run {
  readonly id: string;
  readonly env: Record<string, string>;
  /**
   * Values given at init (`-backend-config=KEY=VALUE`), to every stack that leaves the key to init, as
   * one TF_CLI_ARGS_init gives them (a value for a key the block sets would replace the block's own).
   */
  readonly init?: Record<string, string>;
}

export interface Family {
  readonly id: string;
  readonly store: 'gcs' | 'azurerm' | 'cos' | 'oss';
  readonly ask: Ask;
  /** Azurite only: the tools reach it with a SAS token (an account key signs for the name as spelt). */
  readonly auth?: 'sas';
  /** The judges (`tool@version`) a family is asked of; every judge when unset. */
  readonly judges?: (target: string) => boolean;
  readonly runs: readonly Run[];
  readonly recipes: readonly Recipe[];
}

export const FROM_INIT = 'FROM_INIT';
export const BUCKETS = ['oracle-a', 'oracle-b'];
/** The Azurite account and container of the azurite family (test/support/azurite.ts ACCOUNT). */
export const AZ_ACCOUNT = 'runtimeacct';
export const AZ_CONTAINER = 'oracle';
/** The COS bucket of the cos-emulator families, and the OSS bucket and front end (support/cos.ts startOssFront on this port). */
export const COS_BUCKET = 'oracle-1250000000';
export const OSS_BUCKET = 'oracle-oss';
export const OSS_FRONT = 'http://127.0.0.1:5001';

const gcs = (id: string, props: Record<string, unknown>, more: Omit<Recipe, 'id' | 'props'> = {}): Recipe =>
  ({ id, props: { bucket: BUCKETS[0], storeageCustomEndpoint: FAKE_GCS.endpoint, ...props }, ...more });
const template = (id: string, prefix: string, more: Omit<Recipe, 'id' | 'props'> = {}): Recipe =>
  gcs(id, {}, { overrides: { prefix }, variables: { env: {} }, ...more });
const az = (id: string, environment?: string): Recipe =>
  ({ id, props: { storageAccountName: AZ_ACCOUNT, containerName: AZ_CONTAINER, key: 'oracle.tfstate', ...(environment === undefined ? {} : { environment }) } });
const azKey = (id: string, props: Record<string, unknown>): Recipe =>
  ({ id, props: { storageAccountName: AZ_ACCOUNT, containerName: AZ_CONTAINER, ...props } });
const cos = (id: string, props: Record<string, unknown>): Recipe => ({ id, props: { bucket: COS_BUCKET, prefix: 'p', ...props } });
const cosPath = (id: string, props: Record<string, unknown>): Recipe => ({ id, props: { bucket: COS_BUCKET, region: 'ap-guangzhou', ...props } });
const oss = (id: string, props: Record<string, unknown>): Recipe => ({ id, props: { bucket: OSS_BUCKET, region: 'cn-hangzhou', endpoint: OSS_FRONT, ...props } });

/** The judge has GCS universe_domain, by the library's field table. */
const universes = (t: string) => isAvailable(GCS_STORE.fields.find((f) => f.name === 'universeDomain')!, parseTargetOrThrow(t));

/** A family of templates opentofu evaluates and the library does not fold: two spellings of one, and another. */
const unfolded = (id: string, one: string, respaced: string, other: string): Family => ({
  id: `gcs-unfolded-${id}`,
  store: 'gcs',
  ask: 'gcs-emulator',
  runs: [{ id: 'plain', env: {} }],
  recipes: [template('one', one), template('one-respaced', respaced), template('other', other)],
});

/**
 * The runs of a family: every combination of the values given per env var (undefined: left unset).
 * A family names, for each env var or variable its parts read, a value none of its recipes spells
 * and each value that makes one recipe's part another's: what the library tries too.
 */
function runsOf(values: Record<string, ReadonlyArray<string | undefined>>): Run[] {
  let runs: Run[] = [{ id: '', env: {} }];
  for (const [name, options] of Object.entries(values)) {
    runs = runs.flatMap((r) => options.map((v) => ({
      id: `${r.id}${r.id ? ',' : ''}${name}=${v ?? '(unset)'}`,
      env: v === undefined ? r.env : { ...r.env, [name]: v },
    })));
  }
  return runs;
}

export const FAMILIES: readonly Family[] = [
  {
    // The prefix as each tool trims, joins and cleans it, and as both read strings: Unicode NFC.
    id: 'gcs-spellings',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      gcs('net', { prefix: 'net' }), gcs('net-slash', { prefix: 'net/' }), gcs('slash-net', { prefix: '/net' }),
      gcs('a-b-doubled', { prefix: 'a//b' }), gcs('a-b-trailing', { prefix: 'a/b/' }),
      gcs('cafe-nfc', { prefix: 'caf\u00e9' }), gcs('cafe-nfd', { prefix: 'cafe\u0301' }),
      gcs('other-bucket', { bucket: BUCKETS[1], prefix: 'net' }),
      gcs('builtin-net', { prefix: 'net' }, { builtin: true }),
    ],
  },
  {
    // ${...} in an override: text for terraform and opentofu before 1.8, evaluated by opentofu 1.8+.
    id: 'gcs-templates',
    store: 'gcs',
    ask: 'gcs-emulator',
    // ("default/net": a variable's value that meets "${terraform.workspace}/net" in the default workspace)
    runs: runsOf({ TF_VAR_env: [undefined, 'v1', 'prod', 'dev', 'net', './net', '${var.env}', 'default/net'] }),
    recipes: [
      template('var', '${var.env}'),
      template('var-default-prod', '${var.env}', { variables: { env: { default: 'prod' } } }),
      template('var-default-dev', '${var.env}', { variables: { env: { default: 'dev' } } }),
      template('literal-prod', 'prod'),
      template('workspace-net', '${terraform.workspace}/net'),
      template('module-net', '${path.module}/net'),
      template('literal-net', 'net'),
      template('lower-net', '${lower("NET")}'),
      template('escaped-var', '$${var.env}'),
    ],
  },
  {
    // Config files: the block merged with each file, and the block alone (its bucket given at init, or none).
    id: 'gcs-files',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }, { id: 'bucket-at-init', env: {}, init: { bucket: BUCKETS[0] } }],
    recipes: [
      gcs('shared-file-network', { prefix: 'shared' }, { files: { prod: { prefix: 'network' } } }),
      gcs('shared-file-database', { prefix: 'shared' }, { files: { prod: { prefix: 'database' } } }),
      gcs('init-bucket-network', { bucket: FROM_INIT, prefix: 'network' }, { files: { prod: { bucket: BUCKETS[0] } } }),
      gcs('init-bucket-database', { bucket: FROM_INIT, prefix: 'database' }, { files: { prod: { bucket: BUCKETS[0] } } }),
      gcs('init-bucket-network-live', { bucket: FROM_INIT, prefix: 'network' }, { files: { live: { bucket: BUCKETS[0] } } }),
    ],
  },
  {
    // The cloud an environment names (its blob host), per tool and release, and ARM_ENVIRONMENT.
    id: 'azurerm-environments',
    store: 'azurerm',
    ask: 'azurite',
    runs: runsOf({ ARM_ENVIRONMENT: [undefined, 'public', 'PUBLIC', 'Global', 'usgovernment', 'dod', 'china'] }),
    recipes: [az('unset'), az('public', 'public'), az('PUBLIC', 'PUBLIC'), az('Global', 'Global'), az('usgovernment', 'usgovernment'), az('dod', 'dod'), az('china', 'china')],
  },
  {
    // The COS host: region or TENCENTCLOUD_REGION, (terraform) the endpoint's region, and the global
    // acceleration host; each names the bucket (cosStorage), whose name is one bucket in one region.
    id: 'cos-regions',
    store: 'cos',
    ask: 'offline',
    // (TENCENTCLOUD_ENDPOINT, which sends every stack of a run to one region, is left unset, as the library takes it)
    runs: runsOf({ TENCENTCLOUD_REGION: [undefined, 'ap-guangzhou', 'ap-shanghai', 'ap-beijing'] }),
    recipes: [
      cos('guangzhou', { region: 'ap-guangzhou' }), cos('from-env', {}), cos('shanghai', { region: 'ap-shanghai' }),
      cos('shanghai-endpoint-guangzhou', { region: 'ap-shanghai', endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn' }),
      cos('shanghai-accelerate', { region: 'ap-shanghai', accelerate: true }),
    ],
  },
  {
    // The GCS universe (opentofu 1.11.5+): universe_domain, else GOOGLE_BACKEND_UNIVERSE_DOMAIN. (An
    // offline init in googleapis.com's universe retries its first request without a word, so the runs
    // always name a universe, one of them a universe no recipe names.)
    id: 'gcs-universes',
    store: 'gcs',
    ask: 'offline',
    judges: universes,
    runs: runsOf({ GOOGLE_BACKEND_UNIVERSE_DOMAIN: ['u.example.com', 'v.example.com', 'w.example.com'] }),
    recipes: [
      { id: 'unset', props: { bucket: 'acme', prefix: 'net' } },
      { id: 'u', props: { bucket: 'acme', prefix: 'net', universeDomain: 'u.example.com' } },
      { id: 'v', props: { bucket: 'acme', prefix: 'net', universeDomain: 'v.example.com' } },
    ],
  },
  {
    // A value given at init (StateBackendValue.fromInit()): one TF_CLI_ARGS_init gives both stacks the same, none leaves the default.
    id: 'gcs-init',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [
      { id: 'none', env: {} }, { id: 'net', env: {}, init: { prefix: 'net' } }, { id: 'db', env: {}, init: { prefix: 'db' } },
      { id: 'other', env: {}, init: { prefix: 'other' } },
    ],
    recipes: [gcs('prefix-at-init', { prefix: FROM_INIT }), gcs('net', { prefix: 'net' }), gcs('no-prefix', {}), gcs('db', { prefix: 'db' })],
  },
  {
    // terraform.workspace: the workspace each object is named in (opentofu 1.8+), literal text elsewhere.
    id: 'gcs-workspace',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      template('workspace', '${terraform.workspace}'), template('default', 'default'), template('w1', 'w1'),
      template('workspace-net', '${terraform.workspace}/net'), template('default-net', 'default/net'),
    ],
  },
  unfolded('substr', '${substr("network", 0, 3)}', '${substr("network",0,3)}', '${substr("network", 0, 4)}'),
  unfolded('directive', '%{if true}net%{endif}', '%{ if true }net%{ endif }', '%{if false}net%{endif}db'),
  unfolded('format', '${format("%v", "net")}', '${format( "%v","net" )}', '${format("%v", "db")}'),
  unfolded('strip', '${~"net"~}', '${~ "net" ~}', '${~"db"~}'),
  unfolded('lower', '${lower("\u00c9T")}', '${lower( "\u00c9T" )}', '${lower("\u00c9A")}'),
  {
    // A template of a variable the library does not fold: one text and one default is one value (the run gives no -var).
    id: 'gcs-unfolded-variable',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      template('network', '${substr(var.env, 0, 3)}', { variables: { env: { default: 'network' } } }),
      template('network-respaced', '${substr(var.env,0,3)}', { variables: { env: { default: 'network' } } }),
      template('database', '${substr(var.env, 0, 4)}', { variables: { env: { default: 'network' } } }),
    ],
  },
  {
    // Stack-level overrides of the backend block (stack.addOverride('terraform.backend.gcs.prefix', ...)), of this library's and of cdktf's backend.
    id: 'gcs-stack-overrides',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      gcs('a-to-shared', { prefix: 'a' }, { stackOverrides: { prefix: 'shared' } }),
      gcs('shared', { prefix: 'shared' }),
      gcs('shared-to-b', { prefix: 'shared' }, { stackOverrides: { prefix: 'b' } }),
      gcs('builtin-x-to-shared', { prefix: 'x' }, { builtin: true, stackOverrides: { prefix: 'shared' } }),
    ],
  },
  {
    // The blob name as the service stores it: "\\" as "/", other spellings as written (a "./" element is not
    // asked: terraform 1.15+ and opentofu fail init with it on Azurite, terraform 1.11 stores it as written).
    id: 'azurerm-keys',
    store: 'azurerm',
    ask: 'azurite',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      azKey('slash', { key: 'a/b.tfstate' }), azKey('backslash', { key: 'a\\b.tfstate' }), azKey('leading-slash', { key: '/a/b.tfstate' }),
      azKey('doubled', { key: 'a//b.tfstate' }), azKey('other', { key: 'a/c.tfstate' }),
    ],
  },
  {
    // The account in the host: after any userinfo (opentofu 1.11+ refuses such names). Its case is not asked:
    // Azurite looks accounts up case-sensitively, where DNS and the service's Host header do not.
    id: 'azurerm-accounts',
    store: 'azurerm',
    ask: 'azurite',
    auth: 'sas',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      azKey('account', { key: 'k.tfstate' }), azKey('userinfo', { key: 'k.tfstate', storageAccountName: `x@${AZ_ACCOUNT}` }),
    ],
  },
  {
    // COS prefixes and keys cleaned by path.Join, splits that meet in the default workspace only, a key that drops the workspace.
    id: 'cos-paths',
    store: 'cos',
    ask: 'cos-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      cosPath('net', { prefix: 'net' }), cosPath('net-slash', { prefix: 'net/' }), cosPath('key-dot', { prefix: 'net', key: './terraform.tfstate' }),
      cosPath('a-key-b-c', { prefix: 'a', key: 'b/c' }), cosPath('a-b-key-c', { prefix: 'a/b', key: 'c' }),
      cosPath('env-up', { prefix: 'env', key: '../x.tfstate' }), cosPath('root-x', { key: 'x.tfstate' }), cosPath('accelerate-net', { prefix: 'net', region: 'ap-shanghai', accelerate: true }),
    ],
  },
  {
    // OSS prefixes trimmed and cleaned, env: by default, splits that meet in the default workspace only, a key that drops the workspace.
    id: 'oss-paths',
    store: 'oss',
    ask: 'oss-emulator',
    runs: [{ id: 'plain', env: {} }],
    recipes: [
      oss('net', { prefix: 'net' }), oss('net-slash', { prefix: 'net/' }), oss('default', {}), oss('env', { prefix: 'env:' }),
      oss('a-b-doubled', { prefix: 'a//b' }), oss('a-b', { prefix: 'a/b' }), oss('key-dot', { prefix: 'net', key: './terraform.tfstate' }),
      oss('net-key-x-k', { prefix: 'net', key: 'x/k' }), oss('net-x-key-k', { prefix: 'net/x', key: 'k' }), oss('env-up', { prefix: 'env', key: '../x.tfstate' }),
      oss('root-x', { prefix: '', key: 'x.tfstate' }),
    ],
  },
  ...CHARACTER_FAMILIES(),
];

/**
 * Characters a URL gives meaning to ("?", "#", "%XX", "+", spaces, "\\", Unicode forms), in the part
 * of each store's address a user spells freely: the AzureRM key (terraform 1.11+ sends it as a URL
 * path it parses: the query dropped, escapes decoded), the GCS prefix, the COS and OSS keys (every
 * tool escapes them). Each family holds the spellings that may name one object.
 */
function CHARACTER_FAMILIES(): Family[] {
  const plain = [{ id: 'plain', env: {} }];
  const variants = (make: (id: string, name: string) => Recipe, stem: string) => [
    make('query', `${stem}?b`), make('query-escaped', `${stem}%3Fb`), make('fragment', `${stem}#b`), make('fragment-escaped', `${stem}%23b`),
    make('slash', `${stem}/b`), make('slash-escaped', `${stem}%2Fb`), make('space', `${stem} b`), make('space-escaped', `${stem}%20b`),
    make('plus', `${stem}+b`), make('plus-escaped', `${stem}%2Bb`), make('backslash', `${stem}\\b`),
    make('nfc', `${stem}caf\u00e9`), make('nfd', `${stem}cafe\u0301`),
  ];
  return [
    {
      // What follows "?" is a query string terraform 1.11+ drops, in every workspace's name; "#" is the name's.
      id: 'azurerm-key-query',
      store: 'azurerm',
      ask: 'azurite',
      runs: plain,
      recipes: [
        azKey('query-network', { key: 'app.tfstate?network' }), azKey('query-database', { key: 'app.tfstate?database' }),
        azKey('query-empty', { key: 'app.tfstate?' }), azKey('plain', { key: 'app.tfstate' }),
        azKey('query-escaped', { key: 'app.tfstate%3Fnetwork' }), azKey('fragment', { key: 'app.tfstate#network' }),
        azKey('fragment-escaped', { key: 'app.tfstate%23network' }),
      ],
    },
    {
      // %XX escapes terraform 1.11+ decodes (a "%" outside one fails its init), and what the blob service makes of the name.
      id: 'azurerm-key-escapes',
      store: 'azurerm',
      ask: 'azurite',
      runs: plain,
      recipes: [
        azKey('slash', { key: 'a/b.tfstate' }), azKey('slash-escaped', { key: 'a%2Fb.tfstate' }), azKey('slash-escaped-lower', { key: 'a%2fb.tfstate' }),
        azKey('backslash-escaped', { key: 'a%5Cb.tfstate' }), azKey('space', { key: 'a b.tfstate' }), azKey('space-escaped', { key: 'a%20b.tfstate' }),
        azKey('plus', { key: 'a+b.tfstate' }), azKey('plus-escaped', { key: 'a%2Bb.tfstate' }), azKey('percent-escaped', { key: 'a%25b.tfstate' }),
        azKey('percent', { key: 'a%b.tfstate' }), azKey('nfc', { key: 'caf\u00e9.tfstate' }), azKey('nfc-escaped', { key: 'caf%C3%A9.tfstate' }),
        azKey('nfd-escaped', { key: 'cafe%CC%81.tfstate' }),
      ],
    },
    {
      // The prefix as written (the storage client escapes it), cleaned by path.Join.
      id: 'gcs-characters',
      store: 'gcs',
      ask: 'gcs-emulator',
      runs: plain,
      recipes: [
        ...variants((id, prefix) => gcs(id, { prefix }), 'a'),
        gcs('dot', { prefix: 'a/./b' }), gcs('dot-dot', { prefix: 'a/x/../b' }), gcs('tab', { prefix: 'a\tb' }), gcs('tab-escaped', { prefix: 'a%09b' }),
      ],
    },
    {
      // The key as written (the COS SDK escapes every byte but letters, digits and -_.!~*'()).
      id: 'cos-characters',
      store: 'cos',
      ask: 'cos-emulator',
      runs: plain,
      recipes: variants((id, key) => cosPath(id, { prefix: 'net', key }), 'a'),
    },
    {
      // The key as written (the OSS SDK escapes it with url.QueryEscape, spaces as %20).
      id: 'oss-characters',
      store: 'oss',
      ask: 'oss-emulator',
      runs: plain,
      recipes: variants((id, key) => oss(id, { prefix: 'net', key }), 'a'),
    },
  ];
}

/** A recipe's key in the answers file: its id and a hash of what it is, so a changed recipe needs new answers. */
export function recipeKey(family: Family, recipe: Recipe): string {
  const { id, ...rest } = recipe;
  return `${family.id}/${id}#${createHash('sha256').update(JSON.stringify([family.ask, family.runs, rest])).digest('hex').slice(0, 12)}`;
}

/**
 * The storage a COS host reaches: the bucket, whose name `<name>-<appid>` is one bucket in one region,
 * over the internet, the region's internal network or the global acceleration host (a host of
 * another region than the bucket's fails init, which no emulator shows: moto serves one bucket).
 */
export function cosStorage(host: string): string {
  const m = /^(.+)\.(?:cos|cos-internal)\.([^.]+)\.(?:myqcloud\.com|tencentcos\.cn)$/.exec(host);
  return m ? `cos ${m[1]}` : host;
}

/** The object an answer names, as storage tells objects apart (a COS URL by its bucket). */
function storageOf(family: Family, where: string): string {
  if (family.store !== 'cos' || family.ask !== 'offline') return where;
  const m = /^([^/]+)(\/.*)$/.exec(where);
  return m ? `${cosStorage(m[1])}${m[2]}` : where;
}

/** The variants of a recipe: the block alone (`-`), then each config file's name. */
export function variantsOf(recipe: Recipe): string[] {
  return ['-', ...Object.keys(recipe.files ?? {})];
}

/** Builds a recipe's stack in `app`. */
export function buildStack(app: App, name: string, store: Family['store'], recipe: Recipe): TerraformStack {
  const stack = new TerraformStack(app, name);
  for (const [v, decl] of Object.entries(recipe.variables ?? {})) new TerraformVariable(stack, v, { type: 'string', default: decl.default });
  const props = Object.fromEntries(Object.entries(recipe.props).map(([k, v]) => [k, v === FROM_INIT ? StateBackendValue.fromInit() : v]));
  let backend: TerraformBackend;
  // (cdktf's own GcsBackend writes its storeageCustomEndpoint as "storeage_custom_endpoint", which the tools refuse: an override instead)
  if (recipe.builtin) {
    const { storeageCustomEndpoint, ...rest } = props;
    backend = new CdktfGcsBackend(stack, rest as any);
    if (storeageCustomEndpoint !== undefined) backend.addOverride('storage_custom_endpoint', storeageCustomEndpoint);
  } else if (store === 'gcs') {
    backend = new GcsBackend(stack, props as any);
  } else if (store === 'azurerm') {
    backend = new AzurermBackend(stack, props as any);
  } else if (store === 'oss') {
    backend = new OssBackend(stack, props as any);
  } else {
    backend = new CosBackend(stack, props as any);
  }
  for (const [k, v] of Object.entries(recipe.overrides ?? {})) backend.addOverride(k, v);
  for (const [k, v] of Object.entries(recipe.stackOverrides ?? {})) stack.addOverride(`terraform.backend.${store}.${k}`, v);
  for (const [file, values] of Object.entries(recipe.files ?? {})) (backend as GcsBackend).addConfigFile(file, values);
  return stack;
}

/** A prop's key as the tools spell it (the library's names for the OSS lock table and cdktf's misspelt GCS endpoint aside). */
const TOOL_KEYS: Record<string, string> = { storeageCustomEndpoint: 'storage_custom_endpoint', lockStoreEndpoint: 'tablestore_endpoint', lockStoreTable: 'tablestore_table' };
const toolKey = (prop: string) => TOOL_KEYS[prop] ?? prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What the tool is given for a recipe at `target`: the stack's directory as the library writes it,
 * or, where the library refuses the config itself, the block as written by hand (its props by the
 * tools' names in a stack override), so the judge still answers whether it takes the config.
 */
export function toolDirectory(family: Family, recipe: Recipe, target: string): string {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-'));
  const app = new App({ outdir, skipValidation: true, context: { [TARGET_CONTEXT_KEY]: target } });
  try {
    buildStack(app, 'stack', family.store, recipe);
  } catch {
    const byHand = new App({ outdir, skipValidation: true });
    const stack = new TerraformStack(byHand, 'stack');
    if (recipe.variables || recipe.files || recipe.stackOverrides || Object.values(recipe.props).includes(FROM_INIT)) {
      throw new Error(`${family.id}/${recipe.id}: refused by the library, and holds more than a block to write by hand`);
    }
    const block = Object.fromEntries(Object.entries({ ...recipe.props, ...recipe.overrides }).map(([k, v]) => [toolKey(k), v]));
    stack.addOverride(`terraform.backend.${family.store}`, block);
    byHand.synth();
    return path.join(outdir, 'stacks', 'stack');
  }
  app.synth();
  return path.join(outdir, 'stacks', 'stack');
}

/**
 * What a judge answered for one recipe, variant and run: the objects of the default and a named
 * workspace, or "fails" (init failed); asked of configs the library refuses too (toolDirectory).
 */
export type Answer = { readonly default: string; readonly named: string } | 'fails';

export type Verdict = 'error' | 'warning' | 'none';

/** The answers of one judge: recipe key -> variant -> run id -> answer. */
export type JudgeAnswers = Record<string, Record<string, Record<string, Answer>>>;

/** The keys a recipe leaves to init with a config file (or none, `-`) chosen: FROM_INIT props the file does not set. */
function initKeys(recipe: Recipe, variant: string): string[] {
  const file = variant === '-' ? {} : recipe.files?.[variant] ?? {};
  return Object.entries(recipe.props).filter(([k, v]) => v === FROM_INIT && !(k in file)).map(([k]) => k);
}

type Named = Exclude<Answer, 'fails'>;

/**
 * What the tools' answers make of a pair. One run gives both stacks one environment, one workspace
 * and one TF_CLI_ARGS_init: the same config file (each stack's own of that name) or none, and the
 * same values at init. A pair is an error where the stacks are linked and, for every file choice
 * both stacks init with in some run, they name one object in every run both init (in the default
 * workspace and a named one), at least one choice doing so without a value given at init (which an
 * init by hand may give each stack apart); it is a warning where they name one object in some run,
 * workspace or choice (files of different names included).
 */
export function pairTruth(family: Family, answers: JudgeAnswers, a: Recipe, b: Recipe, linked: boolean): Verdict {
  const [ak, bk] = [recipeKey(family, a), recipeKey(family, b)];
  const where = (x: Named) => ({ default: storageOf(family, x.default), named: storageOf(family, x.named) });
  let some = false;
  const choices: Array<{ every: boolean; init: boolean }> = [];
  for (const va of variantsOf(a)) {
    for (const vb of variantsOf(b)) {
      const both = family.runs.map((r) => [answers[ak]?.[va]?.[r.id], answers[bk]?.[vb]?.[r.id]] as const);
      if (both.some(([x, y]) => x === undefined || y === undefined)) throw new Error(`no answer recorded for ${ak} ${va} or ${bk} ${vb}`);
      const ran = both.filter((p): p is readonly [Named, Named] => typeof p[0] === 'object' && typeof p[1] === 'object').map(([x, y]) => [where(x), where(y)]);
      if (ran.some(([x, y]) => x.default === y.default || x.named === y.named)) some = true;
      if (va !== vb || ran.length === 0) continue;
      const every = ran.every(([x, y]) => x.default === y.default && x.named === y.named);
      choices.push({ every, init: initKeys(a, va).length + initKeys(b, vb).length > 0 });
    }
  }
  const sure = linked && choices.length > 0 && choices.every((c) => c.every) && choices.some((c) => !c.init);
  return sure ? 'error' : some ? 'warning' : 'none';
}

/** The judge initialised both recipes in some run and config file: a pair the library must judge, not refuse. */
export function judgeRanBoth(family: Family, answers: JudgeAnswers, a: Recipe, b: Recipe): boolean {
  const ran = (r: Recipe) => variantsOf(r).some((v) => family.runs.some((run) => typeof answers[recipeKey(family, r)]?.[v]?.[run.id] === 'object'));
  return ran(a) && ran(b);
}

/** The library's verdict on two stacks made from `a` and `b` at `target`, linked by a dependency or not; undefined where it refuses a config itself. */
export function libraryVerdict(family: Family, a: Recipe, b: Recipe, linked: boolean, target: string): Verdict | undefined {
  // Two stacks neither of which holds the library's backend: not the library's to check.
  if (a.builtin && b.builtin) return undefined;
  const app = Testing.app({ context: { [TARGET_CONTEXT_KEY]: target } });
  let stacks: TerraformStack[];
  try {
    stacks = [buildStack(app, 'network', family.store, a), buildStack(app, 'database', family.store, b)];
  } catch {
    return undefined;
  }
  if (linked) stacks[1].addDependency(stacks[0]);
  const error = synthError(app);
  if (error.includes('[stack/shared-state]')) return 'error';
  if (error !== '') return undefined;
  return warningsOf(app).some((w) => w.includes('[stack/shared-state-from-run]')) ? 'warning' : 'none';
}

/** Every pair of a family's recipes (a recipe with itself too: the same config in two stacks), linked and not. */
export function pairsOf(family: Family): Array<{ readonly a: Recipe; readonly b: Recipe; readonly linked: boolean }> {
  const out: Array<{ a: Recipe; b: Recipe; linked: boolean }> = [];
  family.recipes.forEach((a, i) => family.recipes.slice(i).forEach((b) => [true, false].forEach((linked) => out.push({ a, b, linked }))));
  return out;
}

/** The committed answers: by judge (`tool@version`). */
export const ANSWERS_FILE = path.join(__dirname, 'address-answers.json');

export interface AnswersFile {
  readonly about: string;
  readonly judges: Record<string, JudgeAnswers>;
  /** The keys the answers were asked under (test/support/oracle-key.ts OracleKeys; a static key an older recording lacks is absent). */
  readonly keys?: RecordedKeys;
  /** The day every recipe was last asked of every judge (`YYYY-MM-DD`). */
  readonly asked?: string;
}

/** The keys of a recording (test/support/oracle-key.ts says what each holds). */
export interface RecordedKeys {
  readonly address?: string;
  readonly generator?: string;
  readonly judgeList?: string;
  readonly installs?: string;
  readonly harness?: string;
  readonly judges: Record<string, string>;
  readonly configs: Record<string, Record<string, string>>;
}
