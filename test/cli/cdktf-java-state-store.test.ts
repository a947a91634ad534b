/** cdktf-cli 0.21.0, Java (Maven): a new user's app with a GcsStateBucket deploys from nothing with terraform and with OpenTofu (test/cli/state-store.ts). */
import { describeStateStore } from './state-store';

const APP = { framework: 'cdktf', language: 'java', strictKey: 'cdktf-state-backends:strict' } as const;

describeStateStore(APP, 'terraform', 'cdktf-cli 0.21.0, Java (Maven): the state store from nothing, with terraform');
describeStateStore(APP, 'opentofu', 'cdktf-cli 0.21.0, Java (Maven): the state store from nothing, with OpenTofu');
