/**
 * Changing where state lives (test/cli/state-moves.ts) through cdktf-cli 0.21.0 and the TypeScript app `cdktf init` makes, on Azurite.
 * One file per app and store: jest spreads them over its workers.
 */
import { describeStateMoves } from './state-moves';
import { APPS } from './support';

describeStateMoves(APPS[0], 'azurerm', 'cdktf-cli 0.21.0, TypeScript: changing where state lives, on Azurite');
