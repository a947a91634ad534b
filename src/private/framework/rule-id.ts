import type { RuleId } from './rule-catalog';

/*
 * The id at the end of an error raised as text. Apart from the catalog (rule-catalog.ts), which
 * loads every rule table, so that raising one error loads none of them.
 */

/** An error raised as text rather than as a `Violation`, ending with its rule's id like every other: `message [id]`. */
export function withId(message: string, id: RuleId): string {
  return `${message} [${id}]`;
}
