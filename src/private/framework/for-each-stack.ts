import { TerraformBackend, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { stackOverrides } from './cdktf-internals';
import { FOR_EACH_STACK_CHECK } from './for-each-stack-check';
import { withId } from './rule-id';
import { StackRuleId } from './stack-rules';
import { recordWarnings } from './warnings';
import { StateBackendError, refuse } from '../errors/errors';
import { CheckId } from '../kit/field-checks';
import { isFromInit } from '../kit/from-init';
import { kindOf } from '../kit/messages';

/*
 * `forEachStack` of every backend: one backend per stack under a scope, its object named by the
 * stack's path.
 */

/**
 * Gives every stack under `scope` that has no backend yet the backend `make` builds, with the
 * stack's path below `scope` (`network`, `prod/network`), which names its state object, but the
 * stack `except`. Throws when there is no such stack: the call comes after the stacks are added.
 */
export function backendForEachStack<T extends TerraformBackend>(
  scope: Construct,
  call: string,
  make: (stack: TerraformStack, path: string) => T,
  except?: TerraformStack,
): T[] {
  const stacks = scope.node.findAll().filter((c): c is TerraformStack => TerraformStack.isStack(c));
  // cdktf writes each stack to stacks/<id> (Manifest.forStack): two of one id overwrite each other.
  const byId = new Map<string, TerraformStack[]>();
  for (const s of stacks) byId.set(s.node.id, [...(byId.get(s.node.id) ?? []), s]);
  const clashes = [...byId.values()].filter((group) => group.length > 1);
  if (clashes.length > 0) {
    const shown = clashes.map((g) => `${g.map((s) => s.node.path).join(' and ')} have one id, ${JSON.stringify(g[0].node.id)}`).join('; ');
    throw new StateBackendError(withId(
      `${call} at ${scope.node.path || '<root>'}: stacks ${shown}, and cdktf writes each stack to stacks/<id>, so one would overwrite the other's output; ` +
        'give each stack an id of its own',
      'stack/one-directory',
    ));
  }
  // `except`: the stack that makes the store the backends are in (its state moves there once the store exists).
  const bare = stacks.filter((s) => s !== except && !stackHasBackend(s));
  if (bare.length === 0) {
    refuse(
      `${call} at ${scope.node.path || '<root>'}: found ${stacks.length === 0 ? 'no stack' : 'no stack without a backend'} under it, ` +
        'expected to be called after the stacks are added',
      FOR_EACH_STACK_CHECK.id,
    );
  }
  const base = scope.node.path;
  // All or nothing: when one stack's backend is refused, those already made leave the tree again,
  // so a caller that catches the error and retries finds every stack without a backend.
  const made: T[] = [];
  try {
    for (const stack of bare) made.push(make(stack, base === '' ? stack.node.path : stack.node.path.slice(base.length + 1)));
  } catch (e) {
    for (const backend of made) backend.node.scope?.node.tryRemoveChild(backend.node.id);
    throw e;
  }
  // Ids that differ only in case: one directory where the file system ignores case (Linux keeps them apart).
  const byFolded = new Map<string, TerraformStack[]>();
  for (const s of stacks) byFolded.set(s.node.id.toLowerCase(), [...(byFolded.get(s.node.id.toLowerCase()) ?? []), s]);
  for (const group of [...byFolded.values()].filter((g) => g.length > 1)) {
    const message = `stacks ${group.map((s) => JSON.stringify(s.node.path)).join(' and ')} have ids that differ only in case, and cdktf writes each ` +
      'stack to stacks/<id>: on a case-insensitive file system (macOS, Windows) that is one directory, where one stack would overwrite the other\'s ' +
      'output and .terraform directory; give each stack an id of its own';
    made.filter((b) => group.includes(TerraformStack.of(b))).forEach((b) => recordWarnings(b, [{ id: 'stack/one-directory-case' satisfies StackRuleId, message }]));
  }
  return made;
}

/**
 * Refuses a forEachStack config that is no object (`forEachStack(app, null)`), before any stack
 * gets a backend.
 */
export function requireConfig(config: unknown, call: string): void {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    // Never echoed: a string or list here may well be the whole config, secrets included.
    refuse(`${call}: config: got ${kindOf(config)}, expected an object with the backend's fields`, 'config/shape' satisfies CheckId);
  }
}

/**
 * The shared value forEachStack derives each stack's object name from; a value the run gives at
 * init cannot be joined with the stack's path.
 */
export function derivable(value: string | undefined, field: string, call: string): string {
  if (isFromInit(value)) {
    throw new StateBackendError(withId(`${call}: ${field} is StateBackendValue.fromInit(), expected a value to join with each stack's path (or none)`, 'field/from-init-misplaced'));
  }
  return value ?? '';
}

/** The stack has a backend: a backend construct, or one added with stack.addOverride('terraform.backend.<name>' / 'terraform.cloud', ...). */
export function stackHasBackend(s: TerraformStack): boolean {
  return s.node.findAll().some((c) => TerraformBackend.isBackend(c))
    || Object.keys(stackOverrides(s).terraform?.backend ?? {}).length > 0 || stackOverrides(s).terraform?.cloud !== undefined;
}
