import { TerraformLocal, TerraformStack } from 'cdktf';
import { resolveIn } from './cdktf-internals';

/*
 * What OpenTofu's static context reads in a stack (kit/static-context.ts finds the references it
 * cannot evaluate): the stack's tokens as synth resolves them, and its local values.
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
