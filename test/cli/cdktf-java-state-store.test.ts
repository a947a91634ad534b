/** cdktf-cli 0.21.0, Java (Maven): a new user's app with a GcsStateBucket deploys from nothing with terraform and with OpenTofu (test/cli/state-store.ts). */
import { describeStateStore } from './state-store';
import { APPS } from './support';

describeStateStore(APPS[2], 'terraform', 'cdktf-cli 0.21.0, Java (Maven): the state store from nothing, with terraform');
describeStateStore(APPS[2], 'opentofu', 'cdktf-cli 0.21.0, Java (Maven): the state store from nothing, with OpenTofu');
