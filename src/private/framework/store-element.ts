import { Construct } from 'constructs';
import { StateHolder } from './shared-state';
import { checkFor } from '../kit/check';
import { Mode } from '../kit/schema';
import { stateAddress } from '../kit/state-objects';
import { Checked, Store } from '../kit/store';
import { ParsedTarget } from '../target/target';


/*
 * What a store's backend and its remote state share: checking the config where the construct
 * stands (it leaves the tree again when refused), and the state address the stack-wide checks read.
 */

/** The state address of a backend or remote state checked for `target`, from what it emits now (`emitted`). */
export function stateHolder(
  construct: Construct,
  store: Store,
  target: ParsedTarget,
  emitted: () => Record<string, unknown>,
  keysFromRun?: () => ReadonlySet<string>,
): StateHolder {
  return {
    construct,
    backend: store.backend,
    // Fields the run gives (at init, in a config file) are no part of the address the code names.
    address: () => stateAddress(store.layout, store.fields, emitted(), target, keysFromRun?.()),
  };
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
