/**
 * Changing where state lives (test/cli/state-moves.ts) through cdktf-cli 0.21.0 and the TypeScript app `cdktf init` makes, on fake-gcs-server.
 * One file per app and store: jest spreads them over its workers.
 */
import { describeStateMoves } from './state-moves';
import { APPS } from './support';

describeStateMoves(APPS[0], 'gcs', 'cdktf-cli 0.21.0, TypeScript: changing where state lives, on fake-gcs-server');
