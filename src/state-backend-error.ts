import { StateBackendError as LibraryError, ruleIdsIn } from './private/errors/errors';

/**
 * The error every refusal of the library throws (TypeScript and JavaScript only).
 *
 * A config the tool would refuse, a call made out of order, a cross-stack reference the library
 * cannot carry: each is one `StateBackendError` whose message lists every problem, each line
 * ending with its rule id (`[gcs/bucket-name]`), and whose `ruleIds` holds those ids in order.
 * It is an `Error`, so `e instanceof StateBackendError` tells the library's refusals from others.
 *
 * jsii cannot carry a subclass of `Error` to other languages (it refuses one in an exported API),
 * and no jsii runtime passes an error's class across: Java gets the message in a
 * `RuntimeException` (`software.amazon.jsii.JsiiError`), Python in a `RuntimeError`, Go in a
 * panic. There `StateBackendErrors.ruleIdsOf(message)` reads the ids.
 */
export const StateBackendError = LibraryError;
/** The error every refusal of the library throws (see the value of the same name). */
export type StateBackendError = LibraryError;

/**
 * Reads the library's errors in every language.
 *
 * A refusal reaches Java as a `RuntimeException`, Python as a `RuntimeError` and Go as a panic,
 * each carrying the library's message (TypeScript gets the `StateBackendError` itself). Every line
 * of that message that reports a problem ends with the rule's id, listed in docs/FIELDS.md.
 *
 * @example
 * StateBackendErrors.ruleIdsOf(error.message); // ['gcs/bucket-name']
 */
export class StateBackendErrors {
  /**
   * The rule ids an error message of this library names, in order, each once.
   *
   * @param message the error's message (`getMessage()` in Java, `str(e)` in Python, `fmt.Sprint(r)` of a recovered panic in Go)
   * @returns the ids (`gcs/bucket-name`), none for a message that is not the library's
   */
  public static ruleIdsOf(message: string): string[] {
    return typeof message === 'string' ? ruleIdsIn(message) : [];
  }

  private constructor() {}
}
