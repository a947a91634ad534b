import { AZURERM_STATE_CONTAINER } from './azurerm';
import { COS_STATE_BUCKET } from './cos';
import { StateStore } from './definition';
import { GCS_STATE_BUCKET } from './gcs';
import { OSS_STATE_BUCKET } from './oss';

/*
 * The one list of state stores (the constructs that make a store): the rule catalog, docs/FIELDS.md
 * and the tests read them from here, in the order of the backend stores.
 */

const DEFINED = [GCS_STATE_BUCKET, COS_STATE_BUCKET, OSS_STATE_BUCKET, AZURERM_STATE_CONTAINER] as const;

/** The id of a rule of a state store's construct (an unknown id does not compile). */
export type StateStoreRuleIdOfTable = (typeof DEFINED)[number]['rules'][number]['id'];

export const STATE_STORES: ReadonlyArray<StateStore<StateStoreRuleIdOfTable>> = DEFINED;
