/*
 * The check of a forEachStack call, apart from the stack-wide rules (stack-rules.ts), whose
 * evidence reads every store's layout: for-each-stack.ts raises it without loading them.
 */

/** The check of a forEachStack call, by id (for docs/FIELDS.md and the rule catalog's CALL_CHECKS). */
export const FOR_EACH_STACK_CHECK = {
  id: 'stack/for-each-stack',
  severity: 'error',
  description: 'forEachStack is called after the stacks are added, on a scope that holds a stack without a backend (with none, it would do nothing in silence)',
} as const;
