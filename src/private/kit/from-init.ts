import { IResolvable, Lazy, Token, Tokenization } from 'cdktf';
import { refuse } from '../errors/errors';

/*
 * The markers `StateBackendValue.fromInit()` and `fromInitNumber()` return: cdktf tokens (a string
 * and a number) that only this library reads. A backend field holding one is left out of the block
 * and supplied by the run at init (`-backend-config`). Anything else that resolves it fails, saying
 * why. A boolean cannot carry a token, so there is no boolean marker: every boolean field is
 * optional, and one left unset is given at init as it is.
 */

const MARKERS = new WeakSet<IResolvable>();

const misplaced = () => {
  refuse('StateBackendValue.fromInit() is for the fields of a backend block (values the run gives at init), not for other elements', 'field/from-init-misplaced');
};

/** A new marker (a string token). */
export function fromInitMarker(): string {
  const marker = Lazy.stringValue({ produce: misplaced });
  const token = Tokenization.reverseString(marker).firstToken;
  if (token) MARKERS.add(token);
  return marker;
}

/** A new marker for a number field (a number token). */
export function fromInitNumberMarker(): number {
  const marker = Lazy.numberValue({ produce: misplaced });
  const token = Tokenization.reverseNumber(marker);
  if (token) MARKERS.add(token);
  return marker;
}

/** `value` is a marker made by `fromInitMarker` or `fromInitNumberMarker`. */
export function isFromInit(value: unknown): boolean {
  if (typeof value === 'number') {
    if (!Token.isUnresolved(value)) return false;
    const token = Tokenization.reverseNumber(value);
    return token !== undefined && MARKERS.has(token);
  }
  if (typeof value !== 'string' || !value.includes('${')) return false;
  const fragments = Tokenization.reverseString(value);
  return fragments.length === 1 && fragments.firstToken !== undefined && MARKERS.has(fragments.firstToken);
}

/** How a marker reads in a message: the call that made it. */
export function fromInitCall(value: unknown): string {
  return typeof value === 'number' ? 'StateBackendValue.fromInitNumber()' : 'StateBackendValue.fromInit()';
}
