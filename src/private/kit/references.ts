/*
 * Objects a field can hold to refer to another block of the output: a key provider, which a
 * method's `keys` and pbkdf2's `chain` name. Such an object carries, under a `Symbol.for` key
 * (invisible to jsii, shared by copies of the package), the block it stands for, its address
 * (`key_provider.pbkdf2.main`) and the call that made it (`EncryptionKeyProvider.pbkdf2("main")`),
 * which messages show instead of the object. encryption/brand.ts attaches it.
 */

/** What a referring object stands for; read when needed (the name may not be a string). */
export interface Reference {
  /** The block it refers to (`key_provider`). */
  readonly block: string;
  /** Its address in the output (`key_provider.pbkdf2.main`). */
  address(): string;
  /** The call that made it, for messages. */
  label(): string;
}

const REFERENCE = Symbol.for('cdktf-state-backends.Reference');

/** Marks `x` as an object that refers to another block. */
export function attachReference(x: object, reference: Reference): void {
  Object.defineProperty(x, REFERENCE, { value: reference });
}

/** What `x` refers to, when it is such an object. */
export function referenceOf(x: unknown): Reference | undefined {
  return x !== null && typeof x === 'object' && REFERENCE in x ? (x as Record<symbol, Reference>)[REFERENCE] : undefined;
}
