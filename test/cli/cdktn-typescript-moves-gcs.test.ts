/**
 * Changing where state lives (test/cli/state-moves.ts) through cdktn-cli 0.24.0 and the TypeScript app `cdktn init`
 * makes, on fake-gcs-server.
 * One file per app and store: jest spreads them over its workers.
 */
import { describeStateMoves } from './state-moves';
import { APPS } from './support';

describeStateMoves(APPS[1], 'gcs', 'cdktn-cli 0.24.0, TypeScript: changing where state lives, on fake-gcs-server');
