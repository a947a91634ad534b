import { FOR_EACH_STACK_CHECK } from './for-each-stack-check';
import { CROSS_STACK_CONSUMER, ENCRYPTION_RULES } from '../encryption/rules';
import { GENERIC_CHECKS } from '../kit/field-checks';
import { STATE_STORES } from '../state-stores';
import { STATE_STORE_RULES } from '../state-stores/rules';
import { STORES } from '../stores';
import { MOVED_STATE_RULE } from './moved-state';
import { STACK_RULES } from './stack-rules';
import { ACKNOWLEDGE_CHECK, STRICT_CHECK } from './warnings';
import { TARGET_VERSIONS_CHECK } from '../kit/targets';
import { CONTEXT_KEYS_CHECK } from '../target/flavour';
import { TARGET_APPLY_CHECK, TARGET_FORMAT_CHECK } from '../target/target';

/*
 * Every rule of the library by id and severity, from the tables themselves: the checks every field
 * gets, the target check, the rule tables of the stores (the list in stores/index.ts), the stack-wide
 * checks and the state-encryption rules. A new row in any of them is here with nothing else to edit.
 */

/** The checks of the library's own calls and context keys: errors in how the app uses the library, not in a backend's config. */
export const CALL_CHECKS = [
  TARGET_FORMAT_CHECK,
  TARGET_APPLY_CHECK,
  CONTEXT_KEYS_CHECK,
  STRICT_CHECK,
  ACKNOWLEDGE_CHECK,
  FOR_EACH_STACK_CHECK,
] as const;

const ALL = [
  ...GENERIC_CHECKS,
  TARGET_VERSIONS_CHECK,
  ...CALL_CHECKS,
  ...STORES.flatMap((s) => s.rules),
  ...STATE_STORE_RULES,
  ...STATE_STORES.flatMap((s) => s.rules),
  ...STACK_RULES,
  MOVED_STATE_RULE,
  ...ENCRYPTION_RULES,
  CROSS_STACK_CONSUMER,
];

/** The id of any rule or check of the library: an id the catalog does not hold does not compile. */
export type RuleId = (typeof ALL)[number]['id'];

export interface CatalogEntry {
  readonly id: RuleId;
  readonly severity: 'error' | 'warning';
}

export const RULE_CATALOG: readonly CatalogEntry[] = ALL;

/** The ids of every warning the library can raise, each once, in table order. */
export function warningIds(): string[] {
  return [...new Set(RULE_CATALOG.filter((r) => r.severity === 'warning').map((r) => r.id))];
}
