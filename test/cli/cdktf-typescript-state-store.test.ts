/** cdktf-cli 0.21.0, TypeScript: a new user's app with a GcsStateBucket deploys from nothing with terraform and with OpenTofu (test/cli/state-store.ts). */
import { describeStateStore } from './state-store';
import { APPS } from './support';

describeStateStore(APPS[0], 'terraform', 'cdktf-cli 0.21.0, TypeScript: the state store from nothing, with terraform');
describeStateStore(APPS[0], 'opentofu', 'cdktf-cli 0.21.0, TypeScript: the state store from nothing, with OpenTofu');
