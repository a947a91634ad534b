/**
 * How the cdktn package's check of every declared target reports (src/private/kit/check.ts): the
 * errors of all runs, one line per text.
 */
import { Run, oncePerText } from '../../../../src/private/kit/check';
import { ParsedTarget } from '../../../../src/private/target/target';

/** A run of the check at `target` that found `errors` (what oncePerText reads of it). */
function run(target: ParsedTarget, errors: Array<{ field: string; id: string; message: string }>): Run {
  return { target, result: { errors, warnings: [], values: new Map() }, attributes: {} } as unknown as Run;
}
const TF_LOW = { tool: 'terraform' as const, version: '1.5.7' };
const TF_HIGH = { tool: 'terraform' as const, version: '1.14.0' };
const TOFU = { tool: 'opentofu' as const, version: '1.6.0' };

describe('oncePerText', () => {
  test('a text every tool gives is one line', () => {
    const same = { field: 'acl', id: 'oss/acl', message: 'got "x", expected one of "private"' };
    expect(oncePerText([run(TF_LOW, [same]), run(TF_HIGH, [same]), run(TOFU, [same])])).toEqual([same]);
  });

  test('texts that differ for one field and rule each name their tool and version', () => {
    // GIVEN the tools allow different values, and the texts do not say which tool they are about
    const tf = { field: 'acl', id: 'oss/acl', message: 'got "x", expected one of "private"' };
    const tofu = { field: 'acl', id: 'oss/acl', message: 'got "x", expected one of "private", "public-read"' };
    expect(oncePerText([run(TF_LOW, [tf]), run(TF_HIGH, [tf]), run(TOFU, [tofu])])).toEqual([
      { ...tf, message: `${tf.message} (for terraform 1.5.7)` },
      { ...tofu, message: `${tofu.message} (for opentofu 1.6.0)` },
    ]);
  });

  test('a text that names its tool is kept as it is', () => {
    const tf = { field: 'f', id: 'field/availability', message: 'got "a", but terraform 1.5.7 does not have it yet' };
    const tofu = { field: 'f', id: 'field/availability', message: 'got "a", but opentofu has no such setting' };
    expect(oncePerText([run(TF_LOW, [tf]), run(TOFU, [tofu])])).toEqual([tf, tofu]);
  });

  test('per tool, the lowest release that refuses a field speaks', () => {
    const low = { field: 'f', id: 'r', message: 'got 1, expected 2 for terraform 1.5.7' };
    const high = { field: 'f', id: 'r', message: 'got 1, expected 3 for terraform 1.14.0' };
    expect(oncePerText([run(TF_LOW, [low]), run(TF_HIGH, [high])])).toEqual([low]);
  });
});
