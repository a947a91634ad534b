/**
 * What the next init is given from the environment (src/private/kit/init-args.ts): TF_CLI_ARGS_init
 * then TF_CLI_ARGS, split as go-shellwords splits them (terraform 1.15.9 main.go mergeEnvArgs).
 */
import { initArgsOf, initArgsPrefix, splitArgs } from '../../../../src/private/kit/init-args';

describe('initArgsOf', () => {
  test('reads each -backend-config in order (a file, or KEY=VALUE), and the flags that decide the object', () => {
    const args = initArgsOf({
      TF_CLI_ARGS_init: '-reconfigure -backend-config=prod.tfbackend --backend-config "prefix=a b"',
      TF_CLI_ARGS: '-no-color -backend-config=bucket=x',
    });
    expect(args).toEqual({
      configs: [{ file: 'prod.tfbackend' }, { key: 'prefix', value: 'a b' }, { key: 'bucket', value: 'x' }],
      reconfigure: true,
      migrate: false,
      forceCopy: false,
    });
  });

  test('-force-copy implies -migrate-state; a flag set to false is off', () => {
    expect(initArgsOf({ TF_CLI_ARGS_init: '-force-copy' })).toMatchObject({ migrate: true, forceCopy: true });
    expect(initArgsOf({ TF_CLI_ARGS_init: '-migrate-state=false -reconfigure=true' })).toMatchObject({ migrate: false, reconfigure: true });
    expect(initArgsOf({})).toEqual({ configs: [], reconfigure: false, migrate: false, forceCopy: false });
  });
});

describe('splitArgs', () => {
  test('splits as go-shellwords: quotes, escapes, and an unquoted ; ends the arguments', () => {
    expect(splitArgs('a \'b c\' "d \\"e\\"" f\\ g \'\' ; h')).toEqual(['a', 'b c', 'd "e"', 'f g', '']);
  });
});

describe('initArgsPrefix', () => {
  test('writes the variable as a shell reads it back, quoting only what needs it', () => {
    expect(initArgsPrefix([])).toBe('');
    expect(initArgsPrefix(['-backend-config=prod.tfbackend'])).toBe('TF_CLI_ARGS_init=-backend-config=prod.tfbackend ');
    expect(initArgsPrefix(['-reconfigure', '-backend-config=prefix=rn/network'])).toBe('TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=rn/network" ');
    // (a value with a blank: quoted for go-shellwords inside the shell's double quotes)
    const written = initArgsPrefix(['-backend-config=prefix=a b$']);
    expect(written).toBe('TF_CLI_ARGS_init="\'-backend-config=prefix=a b\\$\'" ');
    const value = written.slice('TF_CLI_ARGS_init="'.length, -2).replace(/\\(.)/g, '$1');
    expect(initArgsOf({ TF_CLI_ARGS_init: value }).configs).toEqual([{ key: 'prefix', value: 'a b$' }]);
  });
});
