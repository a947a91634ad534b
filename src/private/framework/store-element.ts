import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { StateHolder } from './app-backends';
import { resolveIn } from './cdktf-internals';
import { stackScope } from './static-context';
import { checkFor } from '../kit/check';
import { Mode } from '../kit/schema';
import { StateAddress, stateAddress } from '../kit/state-objects';
import { Checked, Store } from '../kit/store';
import { ParsedTarget } from '../target/target';


/*
 * What a store's backend and its remote state share: checking the config where the construct
 * stands (it leaves the tree again when refused), and the state addresses the stack-wide checks read.
 */

/** What a backend's run completes: keys given at init, and the config files' values by file name (tool keys). */
export interface RunValues {
  readonly fromInit: ReadonlySet<string>;
  readonly files: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/**
 * A backend of this library as the state map holds it: its addresses from what it emits now
 * (`emitted`, overrides merged in), the block alone and with each config file.
 */
export function backendHolder(
  construct: Construct,
  store: Store,
  target: ParsedTarget,
  emitted: () => Record<string, unknown>,
  run: () => RunValues,
): StateHolder {
  const stack = TerraformStack.of(construct);
  return {
    construct,
    stack,
    backend: store.backend,
    ours: true,
    addresses: () => {
      const attributes = resolveIn(stack, emitted());
      const scope = stackScope(stack);
      const { fromInit, files } = run();
      const read = (file?: string, values: Readonly<Record<string, unknown>> = {}) => stateAddress(store.backend, store.layout, store.fields, {
        attributes: { ...attributes, ...values }, fromInit, fromFile: new Set(Object.keys(values)), file, scope,
      }, target);
      return [read(), ...[...files].map(([name, values]) => read(`${name}.tfbackend`, values))];
    },
  };
}

/** A remote state's address: its config read as the tools read it there (a template, whatever the target). */
export function remoteStateAddress(construct: Construct, store: Store, target: ParsedTarget, config: Record<string, unknown>): StateAddress {
  const stack = TerraformStack.of(construct);
  const attributes = resolveIn(stack, config);
  return stateAddress(store.backend, store.layout, store.fields, { attributes, scope: stackScope(stack), templates: true }, target);
}

/**
 * Checks the config of a construct that was just added to the tree (the caller shows its
 * warnings); on failure the construct is taken out again, so a caller that catches the error (a
 * Java test, say) keeps a usable tree.
 */
export function checkOrDetach(element: Construct, store: Store, props: unknown, mode: Mode): Checked {
  let checked: Checked;
  try {
    checked = checkFor(element, store, props, mode);
  } catch (e) {
    element.node.scope?.node.tryRemoveChild(element.node.id);
    throw e;
  }
  return checked;
}
