/** The property test of the cos store's backend and remote state (test/support/fuzz-suite.ts). */
import { describeFuzz } from '../support/fuzz-suite';

describeFuzz('cos');
