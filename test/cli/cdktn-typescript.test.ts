/**
 * cdktn-cli 0.24.0 (on Node.js 22) on the TypeScript project `cdktn init` makes, with
 * cdktn-state-backends from its npm tarball (test/cli/scenarios.ts). Its cdktf.json sets strict mode
 * under the cdktf package's key, as the README's examples write it: the cdktn package honours it.
 */
import { describeRecipes } from './recipes';
import { describeCliApp } from './scenarios';
import { describeStateMoves } from './state-moves';

const APP = { framework: 'cdktn', language: 'typescript', strictKey: 'cdktf-state-backends:strict' } as const;

describeCliApp(APP, 'cdktn-cli 0.24.0, TypeScript');
describeStateMoves(APP, 'gcs', 'cdktn-cli 0.24.0, TypeScript: changing where state lives, on fake-gcs-server');
describeStateMoves(APP, 'azurerm', 'cdktn-cli 0.24.0, TypeScript: changing where state lives, on Azurite');
describeRecipes(APP, 'cdktn-cli 0.24.0, TypeScript: the commands the library prints about a move, run as printed, on fake-gcs-server');
