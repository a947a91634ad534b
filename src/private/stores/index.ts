import { AZURERM_STORE } from './azurerm';
import { COS_STORE } from './cos';
import { GCS_STORE } from './gcs';
import { OSS_STORE } from './oss';
import { Store } from '../kit/store';

/*
 * The one list of stores: the rule catalog, docs/FIELDS.md, the tests (test/support/stores.ts) and
 * the suites in Java, Python and Go read the stores from here, in this order.
 */

const DEFINED = [GCS_STORE, COS_STORE, OSS_STORE, AZURERM_STORE] as const;

/** A store's backend name: `gcs`, `cos`, `oss`, `azurerm`. */
export type StoreName = (typeof DEFINED)[number]['backend'];

/** The id of a rule of a store (an unknown id does not compile). */
export type StoreRuleId = (typeof DEFINED)[number]['rules'][number]['id'];

export const STORES: ReadonlyArray<Store<StoreName, StoreRuleId>> = DEFINED;
