import { Setting, SettingProp } from './definition';

/*
 * The parts of a setting row every store's table shares: the props every construct has (the
 * bounded history, `preventDestroy`, `adopt`) and their reasons. Each table spreads them into rows
 * of its own ids and resources.
 */

/** Days a noncurrent version is kept: the prop every store's bounded history reads. */
export const NONCURRENT_DAYS: SettingProp = { name: 'noncurrentVersionRetentionDays', type: 'number', example: 90 };

/** `make(days)` for a whole number of days above 0; nothing for 0 (every version kept); a reference as it is. */
export function positiveOrNone(days: unknown, make: (days: unknown) => unknown): unknown {
  if (days === 0) return undefined;
  return make(days);
}

export const FORCE_DESTROY_REASON =
  'destroying the store never deletes the state in it: the provider refuses to delete a store that still holds objects';

/** `lifecycle { prevent_destroy = true }` on the store's main resource. */
export const PREVENT_DESTROY: Omit<Setting, 'id' | 'resource'> = {
  prop: { name: 'preventDestroy', type: 'boolean', example: true },
  argument: 'lifecycle.prevent_destroy',
  default: true,
  reason: 'a plan that would destroy the store fails (a destroy, a change that forces replacement, a stack destroyed by mistake); to tear ' +
    'it down, set false, deploy, then destroy',
  evidence: {
    schema: 'the tools\' lifecycle meta-argument (configs/resource.go: prevent_destroy; plan fails with "Instance cannot be destroyed", ' +
      'opentofu 1.12.6 internal/tofu/node_resource_abstract_instance.go "Resource instance cannot be destroyed")',
    docs: 'https://developer.hashicorp.com/terraform/language/meta-arguments/lifecycle#prevent_destroy',
  },
};

/** `adopt`: an import block for the store's resources that exist already. */
export const ADOPT: Omit<Setting, 'id' | 'resource'> = {
  prop: { name: 'adopt', type: 'boolean', example: true },
  argument: '-',
  default: false,
  reason: 'brings a store made by hand under the construct: an import block per existing resource, so the first deploy imports it ' +
    'instead of creating it; the settings above then apply to it in place',
  evidence: {
    schema: 'the provider\'s importer of each resource',
    docs: 'https://developer.hashicorp.com/terraform/language/import',
  },
};
