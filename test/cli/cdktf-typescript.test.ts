/** cdktf-cli 0.21.0 on the TypeScript project `cdktf init` makes, with cdktf-state-backends from its npm tarball (test/cli/scenarios.ts). */
import { describeRecipes } from './recipes';
import { describeCliApp } from './scenarios';
import { describeStateMoves } from './state-moves';

const APP = { framework: 'cdktf', language: 'typescript', strictKey: 'cdktf-state-backends:strict' } as const;

describeCliApp(APP, 'cdktf-cli 0.21.0, TypeScript');
describeStateMoves(APP, 'gcs', 'cdktf-cli 0.21.0, TypeScript: changing where state lives, on fake-gcs-server');
describeStateMoves(APP, 'azurerm', 'cdktf-cli 0.21.0, TypeScript: changing where state lives, on Azurite');
describeRecipes(APP, 'cdktf-cli 0.21.0, TypeScript: the commands the library prints about a move, run as printed, on fake-gcs-server');
