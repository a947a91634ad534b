import { IResolvable, Lazy, Tokenization } from 'cdktf';

/*
 * The marker `StateBackendValue.fromInit()` returns: a cdktf token that only this library reads.
 * A backend field holding it is left out of the block and supplied by the run at init
 * (`-backend-config`). Anything else that resolves it fails, saying why.
 */

const MARKERS = new WeakSet<IResolvable>();

/** A new marker (a string token). */
export function fromInitMarker(): string {
  const marker = Lazy.stringValue({
    produce: () => {
      throw new Error('StateBackendValue.fromInit() is for the fields of a backend block (values the run gives at init), not for other elements');
    },
  });
  const token = Tokenization.reverseString(marker).firstToken;
  if (token) MARKERS.add(token);
  return marker;
}

/** `value` is a marker made by `fromInitMarker`. */
export function isFromInit(value: unknown): boolean {
  if (typeof value !== 'string' || !value.includes('${')) return false;
  const fragments = Tokenization.reverseString(value);
  return fragments.length === 1 && fragments.firstToken !== undefined && MARKERS.has(fragments.firstToken);
}
