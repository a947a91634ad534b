import { TerraformLocal, TerraformStack, TerraformVariable } from 'cdktf';
import { resolveIn } from './cdktf-internals';
import { StackScope } from '../kit/backend-text';
import { checkWarning, violation } from '../kit/field-checks';
import { Warning } from '../kit/field-value';
import { Violation } from '../kit/messages';
import { changingCalls, checkoutReads, dynamicReferences, variableReferences } from '../kit/static-context';
import { ParsedTarget, compareVersions } from '../target/target';

/*
 * What OpenTofu's static context reads in a stack (kit/static-context.ts finds the references it
 * cannot evaluate): the stack's tokens as synth resolves them, its local values and variables, and
 * what an evaluated backend block may not read.
 */

/**
 * The stack's tokens resolved as synth resolves them, and the expression of each of its locals by
 * name (resolved), for `dynamicReferences`.
 */
export function staticContextOf(stack: TerraformStack): { resolve: (v: unknown) => unknown; localValue: (name: string) => unknown } {
  const locals = new Map<string, unknown>();
  for (const c of stack.node.findAll()) {
    // `expression` reads back as a reference to the local itself; its output holds what it reads.
    if (c instanceof TerraformLocal) locals.set(c.friendlyUniqueId, c.toTerraform().locals?.[c.friendlyUniqueId]);
  }
  return { resolve: (v) => resolveIn(stack, v), localValue: (name) => resolveIn(stack, locals.get(name)) };
}

/**
 * What OpenTofu's evaluation of a backend block may read in `stack`, for its state address: each
 * variable's default (the value of a run that gives none) and each local's expression. Read on first use.
 */
export function stackScope(stack: TerraformStack): StackScope {
  let read: { variables: Map<string, { default?: string }>; local: (name: string) => unknown } | undefined;
  const scope = () => {
    if (!read) {
      const variables = new Map<string, { default?: string }>();
      for (const c of stack.node.findAll()) {
        if (!(c instanceof TerraformVariable)) continue;
        const v = resolveIn(stack, c.toTerraform().variable?.[c.friendlyUniqueId] ?? {}) as Record<string, unknown>;
        const d = v.default;
        variables.set(c.friendlyUniqueId, typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean' ? { default: String(d) } : {});
      }
      read = { variables, local: staticContextOf(stack).localValue };
    }
    return read;
  };
  return {
    get stack() {
      return stack.node.path;
    },
    variable: (name) => scope().variables.get(name),
    local: (name) => scope().local(name),
  };
}

/**
 * What OpenTofu 1.8+ refuses in an evaluated backend block, and what it takes but cannot mean: for
 * each field (its resolved value), references OpenTofu cannot evaluate before the run
 * (backend/static-context), sensitive (1.8.3+) or ephemeral (1.11.0+) variables, even through
 * locals (configs/backend.go: "Backend config contains sensitive values"), functions whose
 * value changes on every run (backend/changing-value, a warning), and what differs per checkout
 * (backend/checkout-value, a warning).
 */
export function backendStaticFindings(
  stack: TerraformStack,
  target: ParsedTarget,
  fields: ReadonlyArray<{ readonly spelling: string; readonly value: unknown }>,
): { errors: Violation[]; warnings: Warning[] } {
  const { localValue } = staticContextOf(stack);
  const variables = new Map<string, Record<string, unknown>>();
  for (const c of stack.node.findAll()) {
    if (c instanceof TerraformVariable) variables.set(c.friendlyUniqueId, c.toTerraform().variable?.[c.friendlyUniqueId] ?? {});
  }
  const from = (version: string) => compareVersions(target.version, version) >= 0;
  const errors: Violation[] = [];
  const warnings: Warning[] = [];
  for (const { spelling, value } of fields) {
    const refs = dynamicReferences(value, localValue);
    if (refs.length > 0) {
      errors.push(violation(
        'backend/static-context',
        spelling,
        `got a reference to ${refs.join(', ')}, but ${target.tool} evaluates the backend block before any resource, data source or module exists; use a variable, or a local value that reads only variables`,
      ));
      continue;
    }
    for (const name of variableReferences(value, localValue, new Set(), true)) {
      const v = variables.get(name) ?? {};
      const kind = v.ephemeral === true && from('1.11.0') ? 'ephemeral' : v.sensitive === true && from('1.8.3') ? 'sensitive' : undefined;
      if (!kind) continue;
      errors.push(violation(
        'backend/sensitive-value',
        spelling,
        `got var.${name}, which is ${kind}, but ${target.tool} ${target.version} refuses ${kind} values in a backend block ("Backend config contains ${kind} values"); ` +
          'give the value in the tool\'s env var, or at init (StateBackendValue.fromInit())',
      ));
    }
    const impure = changingCalls(value, localValue);
    if (impure.length > 0) {
      warnings.push(checkWarning(
        'backend/changing-value',
        `${spelling} calls ${impure.join(', ')}, whose value changes on every run, so each init names another state object and the last one's state is left behind`,
      ));
    }
    const checkout = checkoutReads(value, localValue);
    if (checkout.length > 0) {
      warnings.push(checkWarning(
        'backend/checkout-value',
        `${spelling} reads ${checkout.join(', ')}, whose value depends on the checkout init runs in (its absolute directory, its files, the home directory ` +
          'of whoever runs it), so another checkout of this synth (another clone, machine or CI job) names another state object and starts without this one\'s state',
      ));
    }
  }
  return { errors, warnings };
}
