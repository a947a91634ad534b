/**
 * Which flavour of the library the running jest project tests: `cdktf` (src/) or `cdktn` (the
 * generated packages/cdktn-state-backends/src, which jest's cdktn project maps `../src` to).
 */
import { FRAMEWORK } from '../../src/private/target/flavour';

export const FLAVOUR = FRAMEWORK as 'cdktf' | 'cdktn';
