/**
 * The flavour marker and the context keys of both packages (src/private/target/flavour.ts). Runs in each
 * flavour's jest project: the cdktn one runs the sources scripts/flavour.js generated, whose rename
 * of the package name must leave the other package's keys the other package's.
 */
import { Testing } from 'cdktf';
import { StateBackendTarget, StateBackendWarnings } from '../../../../src';
import { libraryContext, otherFlavourKey } from '../../../../src/private/target/flavour';
import { FLAVOUR } from '../../../support/flavour';

const OWN = `${FLAVOUR}-state-backends`;
const OTHER = FLAVOUR === 'cdktf' ? 'cdktn-state-backends' : 'cdktf-state-backends';

describe('context keys', () => {
  test("each package's keys carry its own name, and the other package's name differs", () => {
    expect(StateBackendWarnings.STRICT_CONTEXT_KEY).toBe(`${OWN}:strict`);
    expect(StateBackendTarget.CONTEXT_KEY).toBe(`${OWN}:target`);
    expect(otherFlavourKey(`${OWN}:strict`)).toBe(`${OTHER}:strict`);
    expect(otherFlavourKey(`${OWN}:target`)).toBe(`${OTHER}:target`);
  });

  test.each([
    ['neither key', {}, undefined],
    ["this package's key", { [`${OWN}:target`]: 'opentofu@1.12.6' }, { key: `${OWN}:target`, value: 'opentofu@1.12.6' }],
    ["the other package's key", { [`${OTHER}:target`]: 'opentofu@1.12.6' }, { key: `${OTHER}:target`, value: 'opentofu@1.12.6' }],
    ['both, with one value', { [`${OWN}:target`]: 'opentofu@1.12.6', [`${OTHER}:target`]: 'opentofu@1.12.6' }, { key: `${OWN}:target`, value: 'opentofu@1.12.6' }],
  ])('with %s set, the value and the key it was set under', (_what, context, expected) => {
    expect(libraryContext(Testing.app({ context }), StateBackendTarget.CONTEXT_KEY)).toEqual(expected);
  });

  test('fails if both keys are set to different values, naming both', () => {
    const app = Testing.app({ context: { [`${OWN}:target`]: 'terraform@1.11.4', [`${OTHER}:target`]: 'opentofu@1.12.6' } });
    expect(() => libraryContext(app, StateBackendTarget.CONTEXT_KEY)).toThrow(
      `context keys ${OWN}:target and ${OTHER}:target are both set, to "terraform@1.11.4" and "opentofu@1.12.6"; ` +
        `expected one of them (${OWN}:target is this package's name for it)`,
    );
  });
});
