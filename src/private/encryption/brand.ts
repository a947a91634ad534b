import { EncryptionKind } from './schema';
import { attachReference } from '../kit/references';

/*
 * The public key provider and method classes carry their spec under a `Symbol.for` key (invisible
 * to jsii), which doubles as the brand: the check works across copies of the package.
 */

/** A key provider or method as the construct holds it: type, name and the props as given. */
export interface EncryptionElementSpec {
  readonly kind: EncryptionKind;
  readonly name: string;
  readonly props: unknown;
}

const KEY_PROVIDER_SPEC = Symbol.for('cdktf-state-backends.EncryptionKeyProvider');
const METHOD_SPEC = Symbol.for('cdktf-state-backends.EncryptionMethod');

export function attachSpec(x: object, spec: EncryptionElementSpec): void {
  Object.defineProperty(x, spec.kind.block === 'key_provider' ? KEY_PROVIDER_SPEC : METHOD_SPEC, { value: spec });
  // A key provider is a field's value (a method's keys, pbkdf2's chain): the reader knows it by this.
  if (spec.kind.block === 'key_provider') attachReference(x, { block: spec.kind.block, address: () => addressOf(x), label: () => labelOf(spec) });
}

export function isKeyProviderObject(x: unknown): x is object {
  return x !== null && typeof x === 'object' && KEY_PROVIDER_SPEC in x;
}

export function isMethodObject(x: unknown): x is object {
  return x !== null && typeof x === 'object' && METHOD_SPEC in x;
}

/** The spec of a key provider or method object. */
export function specOf(x: object): EncryptionElementSpec | undefined {
  return (x as any)[KEY_PROVIDER_SPEC] ?? (x as any)[METHOD_SPEC];
}

/** How a key provider or method is labelled in messages: the call that created it. */
export function labelOf(spec: EncryptionElementSpec): string {
  return `${spec.kind.factory}(${JSON.stringify(spec.name)})`;
}

/** `key_provider.<type>.<name>` or `method.<type>.<name>` of a public object. */
export function addressOf(ref: object): string {
  const spec = specOf(ref)!;
  return `${spec.kind.block}.${spec.kind.type}.${spec.name}`;
}
