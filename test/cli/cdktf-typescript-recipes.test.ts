/**
 * The commands the library prints about a move, run as printed (test/cli/recipes.ts), through
 * cdktf-cli 0.21.0 and the TypeScript app `cdktf init` makes, on fake-gcs-server. A file of its own:
 * jest spreads the suite's files over its workers.
 */
import { describeRecipes } from './recipes';
import { APPS } from './support';

describeRecipes(APPS[0], 'cdktf-cli 0.21.0, TypeScript: the commands the library prints about a move, run as printed, on fake-gcs-server');
