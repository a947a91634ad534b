/*
 * What every key provider of the encryption block has (a unit of its own, so that the props of
 * each type can extend it from their own files).
 */

/**
 * Settings every key provider has.
 */
export interface EncryptionKeyProviderOptions {
  /**
   * Key under which the key provider's metadata is stored in encrypted files. Set it to be able to
   * rename the key provider later, or to read a state that another configuration wrote with a
   * key provider of a different name. OpenTofu 1.9.0 and later.
   *
   * @default - the key provider's address, `key_provider.<type>.<name>`
   */
  readonly encryptedMetadataAlias?: string;
}
