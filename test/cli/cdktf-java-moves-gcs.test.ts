/**
 * Changing where state lives (test/cli/state-moves.ts) through cdktf-cli 0.21.0 and the Maven app
 * (test/cli/apps/java), on fake-gcs-server.
 * One file per app and store: jest spreads them over its workers.
 */
import { describeStateMoves } from './state-moves';
import { APPS } from './support';

describeStateMoves(APPS[2], 'gcs', 'cdktf-cli 0.21.0, Java (Maven): changing where state lives, on fake-gcs-server');
