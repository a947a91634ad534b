/**
 * The state stores' part of docs/FIELDS.md (scripts/fields-doc.ts renders the whole file): per
 * construct, its provider, every row of its table (the prop, the argument it sets, the default, why,
 * the evidence) and its rules; then the rules every construct shares.
 */
import { FIELD_TYPES } from '../src/private/kit/field-types';
import { Rule, offlineText } from '../src/private/kit/rule-context';
import { STATE_STORES } from '../src/private/state-stores';
import { Setting, StateStore } from '../src/private/state-stores/definition';
import { STATE_STORE_RULES } from '../src/private/state-stores/rules';

/** Markdown lines of the state stores' section. */
export function renderStateStoresDoc(cell: (text: string) => string, judged: (rule: Rule, provider: string) => string): string[] {
  const out = [
    '',
    '## State stores: the constructs that make the store',
    '',
    'Each construct makes its store as the provider\'s resources, with the settings a state store needs on by default: one',
    'row per setting, the prop that changes it (none: the construct always sets it), the resource argument, the default, why,',
    'and the evidence (the provider\'s source at the release the row names, and the store\'s docs). A loosened default is a',
    'prop set on purpose. The store\'s name is also held to the backend\'s rules of the store above (same ids, same',
    'messages); the rules below add what the provider checks.',
  ];
  for (const store of STATE_STORES) out.push(...storeSection(store, cell, judged));
  out.push('', '### Rules every state store shares', '');
  out.push('| id | severity | rule | evidence | the tool\'s offline check | judged by |', '|---|---|---|---|---|---|');
  out.push(...STATE_STORE_RULES.map((r) => ruleRow(r, cell, judged(r, ''))));
  return out;
}

function storeSection(store: StateStore, cell: (text: string) => string, judged: (rule: Rule, provider: string) => string): string[] {
  const { provider } = store;
  const resources = Object.values(store.resources).map((r) => `\`${r.type}\``).join(', ');
  const out = [
    '',
    `### ${store.store.backend}: \`${store.names.construct}\` (\`${store.names.props}\`)`,
    '',
    `Resources: ${resources}, of the provider \`${provider.source}\`, declared as \`${provider.version}\` (schema read at ${provider.read}) ` +
      'where the stack has no provider of its own.',
    '',
    '| setting | prop | type | argument | default | why | evidence |',
    '|---|---|---|---|---|---|---|',
    ...store.settings.map((s) => settingRow(store, s, cell)),
  ];
  for (const a of store.absent ?? []) out.push('', `No ${a.what}: ${a.why}.`);
  if (store.rules.length > 0) {
    out.push('', `Rules of \`${store.names.construct}\`, besides the checks every field gets and the backend's name rules:`, '');
    out.push('| id | severity | rule | evidence | the tool\'s offline check | judged by |', '|---|---|---|---|---|---|');
    out.push(...store.rules.map((r) => ruleRow(r, cell, judged(r, provider.name))));
  }
  return out;
}

function settingRow(store: StateStore, s: Setting, cell: (text: string) => string): string {
  const resource = store.resources[s.resource].type;
  const argument = s.argument === '-' ? '—' : `\`${resource}\` \`${s.argument}\``;
  const prop = s.prop ? `\`${s.prop.name}\`${s.prop.required ? ' (required)' : ''}` : '—';
  const type = s.prop ? FIELD_TYPES[s.prop.type].doc : '';
  const def = s.default === undefined ? '—' : `\`${JSON.stringify(s.default)}\`${s.defaultWith ? ' (see why)' : ''}`;
  const evidence = [s.evidence.schema, s.evidence.docs].filter(Boolean).join('; ');
  return `| \`${s.id}\` | ${prop} | ${type} | ${cell(argument)} | ${cell(def)} | ${cell(s.reason)} | ${cell(evidence)} |`;
}

function ruleRow(r: Rule, cell: (text: string) => string, judgedBy: string): string {
  return `| \`${r.id}\` | ${r.severity} | ${cell(r.description)} | ${cell(r.evidence)} | ${cell(r.offline ? offlineText(r.offline) : '— (a warning)')} | ${cell(judgedBy)} |`;
}
