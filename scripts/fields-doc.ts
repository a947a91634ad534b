/**
 * Renders docs/FIELDS.md from the field tables: for every store, each field's spellings, the key
 * each tool reads, its type, the first release of each tool that has it, the env vars, and whether
 * it is a secret. `npx projen docs:fields` writes the file; a test fails when it is stale.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CROSS_STACK_CONSUMER, ENCRYPTION_RULES } from '../src/private/encryption/rules';
import { MOVED_STATE_RULE } from '../src/private/framework/moved-state';
import { STACK_RULES } from '../src/private/framework/shared-state';
import { GENERIC_CHECKS } from '../src/private/kit/checks';
import { FIELD_TYPES } from '../src/private/kit/field-types';
import { ALWAYS, EnvVar, FieldSpec, envEntriesOf, keyFor } from '../src/private/kit/schema';
import { StoreDefinition, judgedBy } from '../src/private/kit/store';
import { TARGET_VERSIONS_CHECK } from '../src/private/kit/targets';
import { STORES } from '../src/private/stores';
import { NEWEST_KNOWN, ToolName } from '../src/private/target/target';

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
    'priority order. A secret field set to a literal value lands in `cdk.tf.json` in clear text.',
    '',
    'The availability columns are held to the real tools by the tests (CONTRIBUTING, "Judges"): each judge',
    `(${judgeNames()}) must accept every field the columns give`,
    'its version and refuse every other one.',
    '',
    'The "judged by" column of each rule table says what shows the tool refusing what an error rule refuses:',
    '`validate` (offline, CONTRIBUTING "Judges"), `init/apply on <emulator>` (a run-time judge of test/runtime/: the',
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
      `| \`${r.id}\` | ${r.severity} | ${cell(r.description)} | ${cell(r.evidence)} | ${cell(r.offline ?? '— (a warning)')} | ${cell(judgedBy(store, r))} |`));
  }
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
  return out.join('\n') + '\n';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The judges of scripts/judges.txt, by tool: `Terraform 1.11.4 and 1.15.9, OpenTofu 1.12.6 and 1.6.3`. */
function judgeNames(): string {
  const byTool = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(__dirname, 'judges.txt'), 'utf8').split('\n')) {
    const [tool, version] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (tool) byTool.set(tool, [...byTool.get(tool) ?? [], version]);
  }
  const name: Record<string, string> = { terraform: 'Terraform', opentofu: 'OpenTofu' };
  return [...byTool].map(([tool, versions]) => `${name[tool] ?? tool} ${versions.join(' and ')}`).join(', ');
}

export const FIELDS_DOC = path.join(__dirname, '..', 'docs', 'FIELDS.md');

if (require.main === module) {
  fs.writeFileSync(FIELDS_DOC, renderFieldsDoc());
  console.log(`wrote ${path.relative(process.cwd(), FIELDS_DOC)}`);
}
