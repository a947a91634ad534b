/**
 * Renders docs/FIELDS.md from the field tables: for every store, each field's spellings, the key
 * each tool reads, its type, the first release of each tool that has it, the env vars, and whether
 * it is a secret; for every rule what judged it, with the judges of test/support/judge-rows.ts.
 * `npx projen docs:fields` writes it, scripts/judges.txt (the judge rows' view for bash, Python,
 * Java and Go) and scripts/providers.txt (the provider rows' view for scripts/providers.sh); a test
 * fails when any is stale.
 */
import * as fs from 'fs';
import * as path from 'path';
import { renderStateStoresDoc } from './state-stores-doc';
import { CROSS_STACK_CONSUMER, ENCRYPTION_RULES } from '../src/private/encryption/rules';
import { MOVED_STATE_RULE } from '../src/private/framework/moved-state';
import { CALL_CHECKS } from '../src/private/framework/rule-catalog';
import { STACK_RULES } from '../src/private/framework/stack-rules';
import { GENERIC_CHECKS } from '../src/private/kit/field-checks';
import { FIELD_TYPES } from '../src/private/kit/field-types';
import { Rule, offlineText } from '../src/private/kit/rule-context';
import { appliesAt } from '../src/private/kit/rule-row';
import { ALWAYS, EnvVar, FieldSpec, envEntriesOf, isAvailable, keyFor } from '../src/private/kit/schema';
import { StoreDefinition, judgedBy } from '../src/private/kit/store';
import { TARGET_VERSIONS_CHECK } from '../src/private/kit/targets';
import { STORES } from '../src/private/stores';
import { SOURCE_READ } from '../src/private/target/releases';
import { NEWEST_KNOWN, ParsedTarget, ToolName } from '../src/private/target/target';
import { JUDGE_ROWS, JudgeRow, JudgeTier, TABLE_JUDGE_ROWS, judgesList } from '../test/support/judge-rows';
import { PROVIDER_ROWS, providersList } from '../test/support/provider-rows';

/** `GcsBackend / DataTerraformRemoteStateGcs (`GcsBackendConfig`)`, with the structs of the store's blocks. */
function title(store: StoreDefinition): string {
  const structs = [store.names.config, ...store.fields.flatMap((f) => (f.struct ? [f.struct] : []))];
  return `${store.names.backend} / ${store.names.remoteState} (${structs.map((s) => `\`${s}\``).join(', ')})`;
}

function since(field: FieldSpec, tool: ToolName): string {
  const v = field.since[tool];
  if (v === undefined) return '—';
  const removed = field.removedIn?.[tool];
  const from = v === ALWAYS ? 'all' : v;
  return removed ? `${from} – ${removed} (removed)` : from;
}

function key(field: FieldSpec): string {
  const tf = keyFor(field, 'terraform');
  const tofu = keyFor(field, 'opentofu');
  if (tf === tofu || tofu === undefined || field.since.opentofu === undefined) return `\`${tf}\``;
  if (tf === undefined || field.since.terraform === undefined) return `\`${tofu}\``;
  return `\`${tf}\` (Terraform), \`${tofu}\` (OpenTofu)`;
}

function env(field: FieldSpec): string {
  const tf = envEntriesOf(field, 'terraform');
  const tofu = envEntriesOf(field, 'opentofu');
  const fmt = (vars: EnvVar[]) => vars.map((v) => `\`${v.name}\`${v.since === ALWAYS ? '' : ` (${v.since}+)`}`).join(', ');
  const same = fmt(tf) === fmt(tofu);
  if (same || tofu.length === 0 || field.since.opentofu === undefined) return fmt(tf);
  if (tf.length === 0 || field.since.terraform === undefined) return fmt(tofu);
  return `Terraform: ${fmt(tf)}; OpenTofu: ${fmt(tofu)}`;
}

function rows(fields: readonly FieldSpec[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    const names = [`\`${prefix}${f.name}\``, ...(f.aliases ?? []).map((a) => `\`${prefix}${a}\``)].join(', ');
    const flags = [f.required ? 'required' : '', f.secret ? 'secret' : '', f.deprecated ? 'deprecated' : ''].filter(Boolean).join(', ');
    const type = FIELD_TYPES[f.type].doc;
    const row = `| ${names} | ${key(f)} | ${type} | ${since(f, 'terraform')} | ${since(f, 'opentofu')} | ${env(f)} | ${flags} |`;
    return [row, ...(f.fields ? rows(f.fields, `${f.name}.`) : [])];
  });
}

export function renderFieldsDoc(): string {
  const out = [
    '<!-- Generated from the stores in src/private/stores/ by `npx projen docs:fields`. Do not edit. -->',
    '# Fields and the keys they emit',
    '',
    'Each field is emitted under the key the target tool reads, never by generic snake-casing.',
    '"Terraform" and "OpenTofu" give the first release of each tool that accepts the key ("all": every',
    `release this library targets; "—": the tool has no such setting). Schemas as of Terraform ${NEWEST_KNOWN.terraform}`,
    `and OpenTofu ${NEWEST_KNOWN.opentofu}. Env vars are the ones the tool reads when the field is unset, in`,
    'priority order. A secret field set to a literal value lands in `cdk.tf.json` in clear text. Evidence that names no',
    `release cites the source of Terraform ${SOURCE_READ.terraform} and OpenTofu ${SOURCE_READ.opentofu}.`,
    '',
    'The availability columns are held to the real tools by the tests (CONTRIBUTING, "Judges"): each judge',
    `(${judgeNames(TABLE_JUDGE_ROWS)}) must accept every field the columns give`,
    'its version and refuse every other one. A pre-release judges provisionally, for the fields its release adds.',
    '',
    'The "judged by" column of each rule table says what shows the tool refusing what an error rule refuses,',
    'and at which releases (the judges where the rule applies and the field it is about exists):',
    '`validate` (offline, CONTRIBUTING "Judges"), offline `init` (the same block, dummy credentials, no network),',
    '`init/apply on <emulator>` (a run-time judge of test/runtime/: the',
    'real tools store state on fake-gcs-server, Azurite or moto (OSS directly, with its TableStore lock table on the',
    'project\'s TableStore fake; COS behind the project\'s front end), offline, and the named scenario shows init failing),',
    'or `source only (why)`: the tools\' source is the evidence, and the reason no emulator can show it.',
    'A warning names the scenario that shows what happens to a run it warns about, when there is one.',
    'A test holds each named scenario to the run-time suite.',
  ];
  for (const store of STORES) {
    out.push('', `## ${store.backend}: ${title(store)}`, '');
    out.push('| field | tool key | type | Terraform | OpenTofu | env vars | notes |', '|---|---|---|---|---|---|---|');
    out.push(...rows(store.fields));
    out.push('', `Rules of the ${store.backend} store, besides the checks every field gets (below):`, '');
    out.push('| id | severity | rule | evidence | the tool\'s offline check | judged by |', '|---|---|---|---|---|---|');
    out.push(...store.rules.map((r) =>
      `| \`${r.id}\` | ${r.severity} | ${cell(r.description)} | ${cell(r.evidence)} | ${cell(r.offline ? offlineText(r.offline) : '— (a warning)')} | ${cell(judgedWith(store, r))} |`));
  }
  out.push(...renderStateStoresDoc(cell, judgedStateStoreRule));
  out.push('', '## State encryption (OpenTofu): `StateEncryption`', '');
  out.push('Its own rules, by id (the schema of each key provider and method is in API.md):', '');
  out.push('| id | severity | evidence |', '|---|---|---|');
  out.push(...[...ENCRYPTION_RULES, CROSS_STACK_CONSUMER].map((r) => `| \`${r.id}\` | ${r.severity} | ${cell(r.evidence)} |`));
  out.push('', '## Stack-wide checks', '');
  out.push('At synth, across the stacks of an app (an error only where every part of both objects is in the code):', '');
  out.push('| id | severity | rule | evidence |', '|---|---|---|---|');
  out.push(...[...STACK_RULES, MOVED_STATE_RULE].map((r) => `| \`${r.id}\` | ${r.severity} | ${cell(r.description)} | ${cell(r.evidence)} |`));
  out.push('', '## Checks every field gets', '');
  out.push('| id | severity | check |', '|---|---|---|');
  out.push(...[...GENERIC_CHECKS, TARGET_VERSIONS_CHECK].map((c) => `| \`${c.id}\` | ${c.severity} | ${cell(c.description)} |`));
  out.push('', '## Checks of the library\'s calls', '');
  out.push('How the app uses the library (its context keys, `forEachStack`, `acknowledge`), not a backend\'s config:', '');
  out.push('| id | severity | check |', '|---|---|---|');
  out.push(...CALL_CHECKS.map((c) => `| \`${c.id}\` | ${c.severity} | ${cell(c.description)} |`));
  return out.join('\n') + '\n';
}

/**
 * The "judged by" cell of a state store construct's rule: `validate` with the provider built from its
 * source and every judge of the judges tier (test/judges/state-stores.test.ts), where the provider
 * builds here; for a rule judge rows are limited to, those judges' `init` and `validate`; otherwise
 * the provider's source, and why.
 */
function judgedStateStoreRule(rule: Rule, provider: string): string {
  if (rule.sourceOnly) return `source only (${rule.sourceOnly})`;
  const own = JUDGE_ROWS.filter((r) => r.rules?.includes(rule.id));
  if (own.length > 0) {
    return `\`init\` and \`validate\`: ${judgeNames(own)} refuses it (a judge of this rule alone); ` +
      `${judgeNames(JUDGE_ROWS.filter((r) => r.tiers.includes('judges')))} accept it`;
  }
  const row = PROVIDER_ROWS.find((r) => r.name === provider);
  if (!row || !rule.offline || !('validate' in rule.offline)) return 'source only (no offline check of the tool refuses it)';
  if (row.doesNotBuild) return `source only (the ${row.namespace}/${row.name} provider does not build here: ${row.doesNotBuild.why}; its schema is read from its source)`;
  return `\`validate\` with ${row.namespace}/${row.name} ${row.version}: ${judgeNames(JUDGE_ROWS.filter((r) => r.tiers.includes('judges')))}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Judges by tool, as `terraform <x.y.z>, <x.y.z>; opentofu <x.y.z>, <x.y.z-pre> (pre-release)`. */
function judgeNames(judgeRows: readonly JudgeRow[]): string {
  const byTool = new Map<string, string[]>();
  for (const r of judgeRows) byTool.set(r.tool, [...byTool.get(r.tool) ?? [], `${r.version}${r.preRelease ? ' (pre-release)' : ''}`]);
  return [...byTool].map(([tool, versions]) => `${tool} ${versions.join(', ')}`).join('; ');
}

/**
 * The "judged by" cell: what backs the rule (kit/store.ts `judgedBy`), each part followed by the
 * judges that show it: those of the tier that runs it (validate and the offline init judge: the
 * judges tier; a scenario: the runtime tier), of the tool that refuses it, where the rule applies
 * and the target has the field it is about.
 */
function judgedWith(store: StoreDefinition, rule: Rule): string {
  const parts = judgedBy(store, rule);
  if (rule.severity === 'warning' || parts.startsWith('source only')) return parts;
  const at = (tier: JudgeTier, tool?: string) => judgeNames(JUDGE_ROWS.filter((r) =>
    r.tiers.includes(tier) && (tool === undefined || r.tool === tool) && judges(store, rule, { tool: r.tool, version: r.version })));
  return parts.split('; ').map((part) => {
    const validate = /^`(?:(terraform|opentofu) )?validate`$/.exec(part);
    if (validate) return `${part}: ${at('judges', validate[1])}`;
    if (part === 'offline `init`') return `${part}: ${at('judges')}`;
    return `${part}: ${at('runtime')}`;
  }).join('; ');
}

/**
 * The rule applies at `target` and the target has the field it is about (its first), so the judge
 * there shows the tool refusing it.
 */
function judges(store: StoreDefinition, rule: Rule, target: ParsedTarget): boolean {
  const [first, member] = rule.fields[0].split('.');
  const block = store.fields.find((f) => f.name === first);
  const field = member ? block?.fields?.find((f) => f.name === member) : block;
  return appliesAt(rule, target) && !!field && isAvailable(field, target) && (!member || isAvailable(block!, target));
}

export const FIELDS_DOC = path.join(__dirname, '..', 'docs', 'FIELDS.md');

/** The judge rows' view for the readers that are not TypeScript (scripts/judges.sh, pytest, JUnit, go test). */
export const JUDGES_LIST = path.join(__dirname, 'judges.txt');

/** The provider rows' view for scripts/providers.sh. */
export const PROVIDERS_LIST = path.join(__dirname, 'providers.txt');

if (require.main === module) {
  for (const [file, text] of [[FIELDS_DOC, renderFieldsDoc()], [JUDGES_LIST, judgesList()], [PROVIDERS_LIST, providersList()]]) {
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
