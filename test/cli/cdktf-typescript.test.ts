/** cdktf-cli 0.21.0 on the TypeScript project `cdktf init` makes, with cdktf-state-backends from its npm tarball (test/cli/scenarios.ts). */
import { describeCliApp } from './scenarios';
import { APPS } from './support';

describeCliApp(APPS[0], 'cdktf-cli 0.21.0, TypeScript');
