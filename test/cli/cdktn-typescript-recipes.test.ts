/**
 * The commands the library prints about a move, run as printed (test/cli/recipes.ts), through
 * cdktn-cli 0.24.0 and the TypeScript app `cdktn init` makes, on fake-gcs-server. A file of its own:
 * jest spreads the suite's files over its workers.
 */
import { describeRecipes } from './recipes';
import { APPS } from './support';

describeRecipes(APPS[1], 'cdktn-cli 0.24.0, TypeScript: the commands the library prints about a move, run as printed, on fake-gcs-server');
