import { DefaultTokenResolver, IResolvable, StringConcat, Token, Tokenization } from 'cdktf';
import { Construct } from 'constructs';
import { refuse } from '../errors/errors';

/*
 * The markers `StateBackendValue.fromInit()` and `fromInitNumber()` return: cdktf tokens (a string
 * and a number) that only this library reads. A backend field holding one is left out of the block
 * and supplied by the run at init (`-backend-config`). Anything else that resolves it fails, saying
 * why. A boolean cannot carry a token, so there is no boolean marker: every boolean field is
 * optional, and one left unset is given at init as it is.
 */

const MARKERS = new WeakSet<IResolvable>();

/** The id the errors of a misplaced marker carry (kit/checks.ts). */
const MISPLACED_ID = 'field/from-init-misplaced';

/** Set when a marker is resolved (madeFromInit's probe). */
let resolvedMarker = false;

const misplaced = () => {
  resolvedMarker = true;
  refuse(
    'StateBackendValue.fromInit() and fromInitNumber() mark a field of a backend block as given by the run at init, and cannot be resolved as a value ' +
      '(in another element, or converted: a number field takes StateBackendValue.fromInitNumber(), not Token.asNumber(StateBackendValue.fromInit()))',
    MISPLACED_ID,
  );
};

/**
 * The token behind a marker. Not cdktf's `Lazy`, which records a stack trace for every token
 * (about 60 µs each, for every stack of an app that calls fromInit()); a marker needs none: it only
 * ever resolves to the error above.
 */
function markerToken(): IResolvable {
  const token: IResolvable = { creationStack: [], resolve: misplaced, toString: () => Token.asString(token) };
  MARKERS.add(token);
  return token;
}

/** A new marker (a string token). */
export function fromInitMarker(): string {
  return Token.asString(markerToken());
}

/** A new marker for a number field (a number token). */
export function fromInitNumberMarker(): number {
  return Token.asNumber(markerToken());
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

/** A root of its own, for resolving a value outside any app (madeFromInit). */
let probeScope: Construct | undefined;

/**
 * `value` is a token made from a marker without being one (`Token.asNumber(fromInit())`,
 * `Token.asString(fromInitNumber())`): resolving it, with the public resolver and outside any app,
 * reaches a marker. Other tokens (references, variables) resolve or fail on their own.
 */
export function madeFromInit(value: unknown): boolean {
  if ((typeof value !== 'string' && typeof value !== 'number') || !Token.isUnresolved(value) || isFromInit(value)) return false;
  resolvedMarker = false;
  probeScope ??= new Construct(undefined as any, 'state-backends-from-init-probe');
  try {
    Tokenization.resolve(value, { scope: probeScope, resolver: new DefaultTokenResolver(new StringConcat()), preparing: false });
  } catch {
    // a reference outside its app fails here; a marker sets the flag before it throws
  }
  return resolvedMarker;
}
