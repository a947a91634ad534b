import { fromInitMarker, fromInitNumberMarker } from './private/kit/from-init';

/**
 * Values a backend block leaves to the run.
 *
 * Both tools take a backend block with fields left out and completed when `init` runs
 * (`init -backend-config=KEY=VALUE`, or `-backend-config=<file>`): a platform that injects the
 * bucket, one block for several environments. A required field that is simply missing stays an
 * error, so that a typo or a forgotten field does not pass; give `StateBackendValue.fromInit()`
 * instead to say that the run supplies it (`fromInitNumber()` for a number field).
 *
 * @example
 * new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
 */
export class StateBackendValue {
  /**
   * Marks a backend field as given by the run at `init`.
   *
   * The field is left out of the backend block, its value checks are left to the run, and a
   * warning (`field/from-init`, which can be acknowledged) names the fields and the `init`
   * arguments the run must give, unless every config file declared with the backend's
   * `addConfigFile` gives them. Only fields of the backend block itself take it (a remote state has
   * no init). A stack whose backend the run completes cannot be read by a cross-stack reference;
   * read it with the store's remote-state construct, giving the values there.
   *
   * @returns a marker (a token) to use as the field's value
   */
  public static fromInit(): string {
    return fromInitMarker();
  }

  /**
   * Marks a number field of a backend as given by the run at `init`.
   *
   * The same as `fromInit()`, for a field whose type is a number (OSS
   * `assumeRoleSessionExpiration`, AzureRM `timeoutSeconds`): `Token.asNumber(fromInit())` is
   * another token, which the backend refuses (`field/from-init-misplaced`, naming this method).
   * Boolean fields have no marker (a boolean
   * cannot carry a token): none is required, so leave one unset and give it at init as it is
   * (`-backend-config=use_oidc=true`, or in a config file).
   *
   * @returns a marker (a number token) to use as the field's value
   */
  public static fromInitNumber(): number {
    return fromInitNumberMarker();
  }

  private constructor() {}
}
