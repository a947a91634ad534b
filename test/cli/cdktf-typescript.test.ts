/** cdktf-cli 0.21.0 on the TypeScript project `cdktf init` makes, with cdktf-state-backends from its npm tarball (test/cli/scenarios.ts). */
import { describeCliApp } from './scenarios';

describeCliApp({ framework: 'cdktf', language: 'typescript', strictKey: 'cdktf-state-backends:strict' }, 'cdktf-cli 0.21.0, TypeScript');
