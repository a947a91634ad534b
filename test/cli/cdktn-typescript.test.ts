/**
 * cdktn-cli 0.24.0 (on Node.js 22) on the TypeScript project `cdktn init` makes, with
 * cdktn-state-backends from its npm tarball (test/cli/scenarios.ts). Its cdktf.json sets strict mode
 * under the cdktf package's key, as the README's examples write it: the cdktn package honours it.
 */
import { describeCliApp } from './scenarios';
import { APPS } from './support';

describeCliApp(APPS[1], 'cdktn-cli 0.24.0, TypeScript');
