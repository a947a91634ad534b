/** The property test of the oss store's backend and remote state (test/support/fuzz-suite.ts). */
import { describeFuzz } from '../support/fuzz-suite';

describeFuzz('oss');
