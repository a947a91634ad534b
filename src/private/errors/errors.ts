/*
 * The library's errors: StateBackendError for what a user's configuration or call causes (its
 * message names the rule ids), DefinitionError for a table or row that breaks the kit's contract.
 */

/**
 * The rule ids a message names, each at the end of a line: `... [gcs/bucket-name]` (or
 * `[gcs/bucket-name].`, as cdktf ends the message of an error thrown while it resolves tokens).
 */
export function ruleIdsIn(message: string): string[] {
  return [...new Set([...message.matchAll(/ \[([a-z0-9-]+\/[a-z0-9-]+)\]\.?$/gm)].map((m) => m[1]))];
}

/**
 * What a user's configuration or call causes: one message, each violation on a line that ends with
 * its rule id. Java, Python and Go users get it as their runtime's error with this message.
 */
export class StateBackendError extends Error {
  /** The rules the message names, in order. */
  public readonly ruleIds: readonly string[];

  constructor(message: string) {
    super(message);
    this.ruleIds = ruleIdsIn(message);
    // A user-facing error without its rule's id is this library's bug: say so loudly in its tests.
    if (this.ruleIds.length === 0) throw new DefinitionError(`an error names no rule id: ${message}`);
  }
}

/** Throws a StateBackendError for one rule: `message [id]`. */
export function refuse(message: string, id: string): never {
  throw new StateBackendError(`${message} [${id}]`);
}

/** A field table, rule row or store definition that breaks the kit's contract, found when its module loads. */
export class DefinitionError extends Error {}
