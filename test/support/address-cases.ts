/**
 * The address oracle's cases (test/runtime/address-oracle.test.ts asks the judges, test/unit/address-answers.test.ts
 * replays their answers): families of stack recipes, each a backend config as a user writes it, the
 * runs each family is asked under (env vars, -var values), and every pair of recipes of a family,
 * linked (deployed in one run) or not. The tools' answer for a recipe and run is the object it names
 * (after init and `workspace new`), or the URL its offline init requests first; the truth for a
 * pair follows from the answers (pairTruth), and the library's verdict must be it (libraryVerdict).
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, GcsBackend as CdktfGcsBackend, TerraformBackend, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { synthError, warningsOf } from './annotations';
import { FAKE_GCS } from './emulators';
import { AzurermBackend, CosBackend, GcsBackend, StateBackendValue } from '../../src';
import { TARGET_CONTEXT_KEY } from '../../src/private/target/target';

/** How the judges are asked: objects on fake-gcs-server or Azurite (three clouds), or the first URL of an offline init. */
export type Ask = 'gcs-emulator' | 'azurite' | 'offline';

export interface Recipe {
  /** Stable name, unique in its family. */
  readonly id: string;
  /** The library's props; the string FROM_INIT stands for StateBackendValue.fromInit(). */
  readonly props: Record<string, unknown>;
  /** `backend.addOverride(key, value)` for each entry (tool keys). */
  readonly overrides?: Record<string, unknown>;
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
}

export interface Family {
  readonly id: string;
  readonly store: 'gcs' | 'azurerm' | 'cos';
  readonly ask: Ask;
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

const gcs = (id: string, props: Record<string, unknown>, more: Omit<Recipe, 'id' | 'props'> = {}): Recipe =>
  ({ id, props: { bucket: BUCKETS[0], storeageCustomEndpoint: FAKE_GCS.endpoint, ...props }, ...more });
const template = (id: string, prefix: string, more: Omit<Recipe, 'id' | 'props'> = {}): Recipe =>
  gcs(id, {}, { overrides: { prefix }, variables: { env: {} }, ...more });
const az = (id: string, environment?: string): Recipe =>
  ({ id, props: { storageAccountName: AZ_ACCOUNT, containerName: AZ_CONTAINER, key: 'oracle.tfstate', ...(environment === undefined ? {} : { environment }) } });
const cos = (id: string, props: Record<string, unknown>): Recipe => ({ id, props: { bucket: 'oracle-1250000000', prefix: 'p', ...props } });

const evaluating = (t: string) => t === 'opentofu@1.12.6';

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
    runs: runsOf({ TF_VAR_env: [undefined, 'v1', 'prod', 'dev', 'net', './net', '${var.env}'] }),
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
    // Config files: the block merged with each file, and the block alone.
    id: 'gcs-files',
    store: 'gcs',
    ask: 'gcs-emulator',
    runs: [{ id: 'plain', env: {} }],
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
    // The COS host: region or TENCENTCLOUD_REGION, and (terraform) the endpoint's region.
    id: 'cos-regions',
    store: 'cos',
    ask: 'offline',
    // (TENCENTCLOUD_ENDPOINT, which sends every stack of a run to one region, is left unset, as the library takes it)
    runs: runsOf({ TENCENTCLOUD_REGION: [undefined, 'ap-guangzhou', 'ap-shanghai', 'ap-beijing'] }),
    recipes: [
      cos('guangzhou', { region: 'ap-guangzhou' }), cos('from-env', {}), cos('shanghai', { region: 'ap-shanghai' }),
      cos('shanghai-endpoint-guangzhou', { region: 'ap-shanghai', endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn' }),
    ],
  },
  {
    // The GCS universe (opentofu 1.11.5+): universe_domain, else GOOGLE_BACKEND_UNIVERSE_DOMAIN. (An
    // offline init in googleapis.com's universe retries its first request without a word, so the runs
    // always name a universe, one of them a universe no recipe names.)
    id: 'gcs-universes',
    store: 'gcs',
    ask: 'offline',
    judges: evaluating,
    runs: runsOf({ GOOGLE_BACKEND_UNIVERSE_DOMAIN: ['u.example.com', 'v.example.com', 'w.example.com'] }),
    recipes: [
      { id: 'unset', props: { bucket: 'acme', prefix: 'net' } },
      { id: 'u', props: { bucket: 'acme', prefix: 'net', universeDomain: 'u.example.com' } },
      { id: 'v', props: { bucket: 'acme', prefix: 'net', universeDomain: 'v.example.com' } },
    ],
  },
];

/** A recipe's key in the answers file: its id and a hash of what it is, so a changed recipe needs new answers. */
export function recipeKey(family: Family, recipe: Recipe): string {
  const { id, ...rest } = recipe;
  return `${family.id}/${id}#${createHash('sha256').update(JSON.stringify([family.ask, family.runs, rest])).digest('hex').slice(0, 12)}`;
}

/** A COS host names the bucket and region whether reached over the internet or the region's internal network. */
export function cosStorage(host: string): string {
  const m = /^(.+)\.(?:cos|cos-internal)\.([^.]+)\.(?:myqcloud\.com|tencentcos\.cn)$/.exec(host);
  return m ? `cos ${m[1]} in ${m[2]}` : host;
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
  } else if (store === 'gcs') {backend = new GcsBackend(stack, props as any);} else if (store === 'azurerm') {backend = new AzurermBackend(stack, props as any);} else {backend = new CosBackend(stack, props as any);}
  for (const [k, v] of Object.entries(recipe.overrides ?? {})) backend.addOverride(k, v);
  for (const [file, values] of Object.entries(recipe.files ?? {})) (backend as GcsBackend).addConfigFile(file, values);
  return stack;
}

/** What the tool is given for a recipe at `target`: the stack's directory as the library writes it (undefined: it refuses the config). */
export function toolDirectory(family: Family, recipe: Recipe, target: string): string | undefined {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-'));
  const app = new App({ outdir, skipValidation: true, context: { [TARGET_CONTEXT_KEY]: target } });
  try {
    buildStack(app, 'stack', family.store, recipe);
  } catch {
    return undefined;
  }
  app.synth();
  return path.join(outdir, 'stacks', 'stack');
}

/**
 * What a judge answered for one recipe, variant and run: the objects of the default and a named
 * workspace, or "fails" (init failed); "refused" where the library refuses the config itself at the
 * judge's release, so writes nothing to ask about.
 */
export type Answer = { readonly default: string; readonly named: string } | 'fails' | 'refused';

export type Verdict = 'error' | 'warning' | 'none';

/** The answers of one judge: recipe key -> variant -> run id -> answer. */
export type JudgeAnswers = Record<string, Record<string, Record<string, Answer>>>;

/**
 * What the tools' answers make of a pair: one object in every run both can init, in every workspace,
 * with the same config file (or none) is an error where the stacks are linked (one run); one object
 * in some run (another file, an env var's value, the default workspace only) is a warning.
 */
export function pairTruth(family: Family, answers: JudgeAnswers, a: Recipe, b: Recipe, linked: boolean): Verdict {
  const [ak, bk] = [recipeKey(family, a), recipeKey(family, b)];
  let some = false;
  let sure = false;
  for (const va of variantsOf(a)) {
    for (const vb of variantsOf(b)) {
      const both = family.runs.map((r) => [answers[ak]?.[va]?.[r.id], answers[bk]?.[vb]?.[r.id]] as const);
      if (both.some(([x, y]) => x === undefined || y === undefined)) throw new Error(`no answer recorded for ${ak} ${va} or ${bk} ${vb}`);
      type Named = Exclude<Answer, 'fails' | 'refused'>;
      const ran = both.filter((p): p is readonly [Named, Named] => typeof p[0] === 'object' && typeof p[1] === 'object');
      if (ran.some(([x, y]) => x.default === y.default || x.named === y.named)) some = true;
      if (va === vb && ran.length > 0 && ran.every(([x, y]) => x.default === y.default && x.named === y.named)) sure = true;
    }
  }
  return linked && sure ? 'error' : some ? 'warning' : 'none';
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
}
