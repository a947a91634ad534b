import { EncryptionKeyProvider } from './encryption-key-providers';
import { attachSpec, specOf } from './private/encryption/brand';
import { kindOf } from './private/encryption/schema';

/*
 * OpenTofu's state-encryption methods (`method "<type>" "<name>"`): their props and the factory
 * class. Their field tables are in private/encryption/schema.ts.
 */

/**
 * The AES-GCM method (`method "aes_gcm"`).
 *
 * @see https://opentofu.org/docs/language/state/encryption/#aes-gcm
 */
export interface AesGcmMethodProps {
  /** The key provider whose keys encrypt the data; they must be 16, 24 or 32 bytes long. */
  readonly keys: EncryptionKeyProvider;
  /**
   * Additional authenticated data, as bytes: authenticated but not encrypted, and required to
   * match when decrypting.
   *
   * @default - none
   */
  readonly aad?: number[];
}

/**
 * An external encryption program (`method "external"`), which speaks OpenTofu's external method
 * protocol on its standard input and output. Experimental in OpenTofu; 1.10.0 and later.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#external-experimental-1
 * @experimental
 */
export interface ExternalMethodProps {
  /** The program and arguments that encrypt, one entry each. */
  readonly encryptCommand: string[];
  /** The program and arguments that decrypt, one entry each. */
  readonly decryptCommand: string[];
  /**
   * Key provider whose keys are passed to the program.
   *
   * @default - the program gets no key
   */
  readonly keys?: EncryptionKeyProvider;
}

/**
 * A method of the encryption block: `method "<type>" "<name>" { ... }`.
 *
 * Create one with a static method and use it in a `StateEncryption` target. Do not rename a
 * method once data is encrypted with it; add the new one and keep the old one as a fallback.
 */
export class EncryptionMethod {
  /**
   * AES-GCM with keys from a key provider.
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static aesGcm(name: string, props: AesGcmMethodProps): EncryptionMethod {
    return new EncryptionMethod('aes_gcm', name, props);
  }

  /**
   * An external encryption program (experimental; OpenTofu 1.10.0 and later).
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   * @experimental
   */
  public static external(name: string, props: ExternalMethodProps): EncryptionMethod {
    return new EncryptionMethod('external', name, props);
  }

  /**
   * No encryption, for migrating to or from encryption: as a fallback it reads the old
   * unencrypted files, as the method it writes unencrypted ones. OpenTofu refuses it in an
   * enforced target.
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static unencrypted(name: string): EncryptionMethod {
    return new EncryptionMethod('unencrypted', name, {});
  }

  /**
   * Whether `x` is a method made by this library.
   */
  public static isEncryptionMethod(x: any): x is EncryptionMethod {
    return x !== null && typeof x === 'object' && specOf(x)?.kind.block === 'method';
  }

  /** The type label, such as `aes_gcm`. */
  public readonly typeName: string;
  /** The name label. */
  public readonly name: string;

  private constructor(type: string, name: string, props: object) {
    this.typeName = type;
    this.name = name;
    attachSpec(this, { kind: kindOf('method', type), name, props: { ...props } });
  }

  /** `method.<type>.<name>`, how OpenTofu refers to it. */
  public get address(): string {
    return `method.${this.typeName}.${this.name}`;
  }
}
