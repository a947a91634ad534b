/**
 * The schemas of the resource types the state stores create (the `resources` of each row of
 * test/support/provider-rows.ts), committed in test/support/provider-schemas/<name>.json so that
 * the unit tests hold emitted resources to them without any binary (`schemaViolations`).
 *
 * Where they come from (`npx projen providers:schemas` writes them):
 * - a provider that builds: its binary, `terraform providers schema -json` offline from the mirror
 *   (`schemasFromBinary`);
 * - a provider that does not build here (`doesNotBuild`): its source archive, read by
 *   test/support/schema-from-source (`schemasFromSource`), which lowers helper/schema literals as
 *   terraform-plugin-sdk does. That is a schema read from source, not a judge's verdict.
 * test/repo/provider-schemas.test.ts holds each file to its origin where that is a source archive,
 * test/judges/provider-schemas.test.ts to the built binary, and the reader to the binaries of the
 * providers that build.
 */
import { execFileSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Judge, judgeEnv, runJudge } from './judges';
import { PROVIDER_ROWS, ProviderRow, providerRow } from './provider-rows';
import { providersCliConfig } from './providers';

/** A resource type's schema, as `providers schema -json` prints it. */
export interface ResourceSchema {
  readonly version: number;
  readonly block: SchemaBlock;
}

export interface SchemaAttribute {
  readonly type?: unknown;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly deprecated?: boolean;
  readonly description?: string;
}

export interface SchemaBlockType {
  readonly nesting_mode: string;
  readonly block: SchemaBlock;
  readonly min_items?: number;
  readonly max_items?: number;
}

export interface SchemaBlock {
  readonly attributes?: Record<string, SchemaAttribute>;
  readonly block_types?: Record<string, SchemaBlockType>;
  readonly description?: string;
}

const ROOT = path.join(__dirname, '..', '..');

/** The committed schemas of provider `name`. */
export function schemaFile(name: string): string {
  return path.join(__dirname, 'provider-schemas', `${providerRow(name).name}.json`);
}

/** The schema of resource type `type` (`google_storage_bucket`), from test/support/provider-schemas/. */
export function resourceSchema(type: string): ResourceSchema {
  const row = PROVIDER_ROWS.find((r) => r.resources.includes(type));
  if (!row) throw new Error(`no provider row lists resource type ${type} (test/support/provider-rows.ts)`);
  return (JSON.parse(fs.readFileSync(schemaFile(row.name), 'utf8')) as Record<string, ResourceSchema>)[type];
}

/** The text of a schemas file: the JSON as printed, one space indented. */
export function schemasText(schemas: Record<string, ResourceSchema>): string {
  return JSON.stringify(schemas, null, 1) + '\n';
}

/**
 * The schemas of the row's resource types as the built binary gives them: `providers schema -json`
 * with `judge`, offline, from the mirror.
 */
export function schemasFromBinary(row: ProviderRow, judge: Pick<Judge, 'binary' | 'name'>): Record<string, ResourceSchema> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `schema-${row.name}-`));
  const source = `${row.namespace}/${row.name}`;
  fs.writeFileSync(path.join(workDir, 'main.tf.json'), JSON.stringify({
    terraform: { required_providers: { [row.name]: { source, version: row.version } } },
  }));
  const env = judgeEnv({ TF_CLI_CONFIG_FILE: providersCliConfig() });
  try {
    const init = runJudge(judge.binary, ['init', '-backend=false', '-input=false', '-no-color'], { cwd: workDir, env });
    if (init.status !== 0) throw new Error(`${judge.name} init with ${source} failed in ${workDir}:\n${init.stdout}${init.stderr}`);
    const r = runJudge(judge.binary, ['providers', 'schema', '-json'], { cwd: workDir, env });
    if (r.status !== 0) throw new Error(`${judge.name} providers schema failed in ${workDir}:\n${r.stderr}`);
    const all = JSON.parse(r.stdout).provider_schemas as Record<string, { resource_schemas: Record<string, ResourceSchema> }>;
    const schemas = Object.entries(all).find(([address]) => address.endsWith(`/${source}`))?.[1].resource_schemas ?? {};
    return Object.fromEntries(row.resources.map((type) => [type, schemas[type]]));
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The row's source archive: `$STATE_BACKENDS_PROVIDERS_SRC/<archive>`, else ../shared/providers beside the repository. */
export function sourceArchive(row: ProviderRow): string | undefined {
  if (row.build.from !== 'archive') return undefined;
  return path.join(process.env.STATE_BACKENDS_PROVIDERS_SRC || path.join(ROOT, '..', 'shared', 'providers'), row.build.archive);
}

/**
 * The schemas of the row's resource types read from its source archive (checked against its
 * sha256) by test/support/schema-from-source (`go run`); undefined when the archive is not here.
 */
export function schemasFromSource(row: ProviderRow): Record<string, ResourceSchema> | undefined {
  const archive = sourceArchive(row);
  if (!archive || !fs.existsSync(archive) || row.build.from !== 'archive') return undefined;
  const sum = crypto.createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
  if (sum !== row.build.sha256) throw new Error(`${archive} has sha256 ${sum}, not the ${row.build.sha256} of its row`);
  // The reader takes the archive as it is (it reads the Go files from it in memory).
  const out = execFileSync('go', ['run', '.', archive, ...row.resources], {
    cwd: path.join(__dirname, 'schema-from-source'),
    env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

/** Terraform's meta-arguments and cdktf's metadata key, which no resource schema lists. */
const META = new Set(['count', 'for_each', 'depends_on', 'provider', 'lifecycle', 'provisioner', 'connection', '//']);

/** Whether a value is an unresolved expression (`${...}`), which may stand for any type. */
function expression(v: unknown): boolean {
  return typeof v === 'string' && v.includes('${');
}

function typeProblem(type: unknown, v: unknown): string | undefined {
  if (expression(v) || v === null) return undefined;
  const kind = Array.isArray(type) ? type[0] : type;
  const ok = kind === 'string' ? ['string', 'number', 'boolean'].includes(typeof v)
    : kind === 'number' ? typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)))
      : kind === 'bool' ? typeof v === 'boolean' || v === 'true' || v === 'false'
        : kind === 'list' || kind === 'set' ? Array.isArray(v)
          : kind === 'map' || kind === 'object' ? typeof v === 'object' && !Array.isArray(v)
            : true;
  return ok ? undefined : `is ${JSON.stringify(type)}, not ${JSON.stringify(v)}`;
}

function blockViolations(block: SchemaBlock, body: Record<string, unknown>, at: string, top: boolean): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const where = `${at}${key}`;
    const attribute = block.attributes?.[key];
    const nested = block.block_types?.[key];
    if (top && META.has(key)) continue;
    if (attribute) {
      if (attribute.computed && !attribute.optional && !attribute.required) out.push(`${where}: computed, not an argument`);
      const problem = typeProblem(attribute.type, value);
      if (problem) out.push(`${where}: ${problem}`);
    } else if (nested) {
      const single = nested.nesting_mode === 'single' || nested.nesting_mode === 'group';
      if (expression(value)) continue;
      // The tools' JSON syntax takes a list or set block as an array of objects, or as one object
      // for a single block (as cdktf's generated providers write a block of at most one).
      const one = value !== null && typeof value === 'object' && !Array.isArray(value);
      const items = single || one ? [value] : Array.isArray(value) ? value : undefined;
      if (!items) {
        out.push(`${where}: a block (${nested.nesting_mode}) is a list of objects, or one object`);
        continue;
      }
      if (nested.min_items && items.length < nested.min_items) out.push(`${where}: at least ${nested.min_items} block(s)`);
      if (nested.max_items && items.length > nested.max_items) out.push(`${where}: at most ${nested.max_items} block(s)`);
      items.forEach((item, i) => out.push(...blockViolations(nested.block, item as Record<string, unknown>, `${where}${single ? '' : `[${i}]`}.`, false)));
    } else {
      out.push(`${where}: unsupported argument`);
    }
  }
  for (const [key, attribute] of Object.entries(block.attributes ?? {})) {
    if (attribute.required && !(key in body)) out.push(`${at}${key}: missing required argument`);
  }
  for (const [key, nested] of Object.entries(block.block_types ?? {})) {
    if (nested.min_items && !(key in body)) out.push(`${at}${key}: at least ${nested.min_items} block(s)`);
  }
  return out;
}

/**
 * What in a resource's body (as cdk.tf.json holds it) the committed schema of its type refuses:
 * an argument it does not have, a computed-only attribute set, a required argument missing, a
 * block's count out of bounds, a value of the wrong kind. One line per problem, `<path>: <what>`
 * (`versioning_enabled: unsupported argument`, `versioning[0].enabled: is "bool", not "yes"`);
 * empty when the schema accepts it. Expressions (`${...}`) pass.
 */
export function schemaViolations(type: string, body: Record<string, unknown>): string[] {
  return blockViolations(resourceSchema(type).block, body, '', true);
}
