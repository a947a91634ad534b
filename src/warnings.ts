import { IConstruct } from 'constructs';
import { refuse } from './private/errors/errors';
import { warningIds } from './private/framework/rule-catalog';
import { watchStateMap } from './private/framework/state-map';
import { ACKNOWLEDGE_CHECK, STRICT_CONTEXT_KEY, acknowledge } from './private/framework/warnings';

/**
 * The library's warnings: each has a rule id (`azurerm/oidc-request-pair`, `field/literal-secret`,
 * ...), shown at the end of its message and listed in docs/FIELDS.md.
 *
 * Warnings are shown when the app is synthesized. A warning you have checked can be acknowledged
 * by id, with a reason, on the construct that raised it or on any scope above it (a stack, the
 * app): it is then left out, and the acknowledgement is recorded as an info annotation in
 * `manifest.json` (on the construct whose warning it waived, when it was given on the app). With
 * the context key `cdktf-state-backends:strict` set to `true`, every warning that is not
 * acknowledged fails every synth instead.
 *
 * Warnings are shown, and strict mode enforced, by cdktf's validations: an app created with
 * `skipValidation: true` runs none, so its synth shows no warning and fails on none.
 *
 * @example
 * StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-pair', 'GitHub Actions provides ACTIONS_ID_TOKEN_REQUEST_URL');
 */
export class StateBackendWarnings {
  /** The context key that turns unacknowledged warnings into synth errors (`true`). */
  public static readonly STRICT_CONTEXT_KEY: string = STRICT_CONTEXT_KEY;

  /**
   * Acknowledges warning `id` on `scope` and everything below it.
   *
   * @param scope the construct that raised the warning, or a scope above it
   * @param id the warning's rule id, e.g. `azurerm/oidc-request-pair`
   * @param reason why the warning does not apply (recorded in manifest.json)
   */
  public static acknowledge(scope: IConstruct, id: string, reason: string): void {
    if (!StateBackendWarnings.ids().includes(id)) {
      refuse(`acknowledge: got ${JSON.stringify(id)}, expected the id of one of this library's warnings: ${StateBackendWarnings.ids().join(', ')}`, ACKNOWLEDGE_CHECK.id);
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      refuse(`acknowledge: got no reason for ${id}, expected a sentence saying why the warning does not apply`, ACKNOWLEDGE_CHECK.id);
    }
    acknowledge(scope, id, reason);
    watchStateMap(scope);
  }

  /**
   * Turns unacknowledged warnings into synth errors for `scope` (an app or a stack), on every
   * synth. Call it before adding children to `scope`. An app created with `skipValidation: true`
   * runs no validation, so it neither shows nor fails on warnings.
   */
  public static strict(scope: IConstruct): void {
    scope.node.setContext(STRICT_CONTEXT_KEY, true);
    watchStateMap(scope);
  }

  /** The ids of every warning this library can raise. */
  public static ids(): string[] {
    return warningIds();
  }

  private constructor() {}
}
