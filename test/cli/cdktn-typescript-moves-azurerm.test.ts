/**
 * Changing where state lives (test/cli/state-moves.ts) through cdktn-cli 0.24.0 and the TypeScript app `cdktn init`
 * makes, on Azurite.
 * One file per app and store: jest spreads them over its workers.
 */
import { describeStateMoves } from './state-moves';
import { APPS } from './support';

describeStateMoves(APPS[1], 'azurerm', 'cdktn-cli 0.24.0, TypeScript: changing where state lives, on Azurite');
