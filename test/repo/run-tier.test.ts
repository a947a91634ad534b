/**
 * scripts/run-tier.js: a tier's task runs jest on the tier's folders, and a file given after the
 * task selects that file (it once became one more ignore pattern, and every other suite ran).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse, jestArgs, withRunTmp } = require('../../scripts/run-tier.js') as {
  parse: (argv: string[]) => { projects: string[]; dirs: string[]; selected: string[]; options: string[] };
  jestArgs: (parsed: ReturnType<typeof parse>) => string[];
  withRunTmp: <T>(env: NodeJS.ProcessEnv, run: (env: NodeJS.ProcessEnv) => T) => T;
};

const ROOT = path.join(__dirname, '..', '..');
const pattern = (p: string, dir = false) => `^${path.join(ROOT, p).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${dir ? '/' : '$'}`;

test('without a selection, the tier\'s folders run in its flavours', () => {
  // GIVEN the fast loop's command line and no argument of the user's
  const args = jestArgs(parse(['cdktf', 'test/unit', 'test/repo', '--']));

  // THEN jest gets the project, then both folders as path patterns
  expect(args.slice(args.indexOf('--selectProjects'))).toEqual(['--selectProjects', 'cdktf', '--testPathPatterns', pattern('test/unit', true), pattern('test/repo', true)]);
});

test('a file given after the task runs that file alone', () => {
  // GIVEN a file of the tier and a jest option
  const args = jestArgs(parse(['cdktf', 'test/unit', 'test/repo', '--', 'test/unit/gcs-backend.test.ts', '-t', 'bucket']));

  // THEN the only path pattern is that file's, and the option reaches jest
  expect(args.slice(args.indexOf('--testPathPatterns') + 1)).toEqual([pattern('test/unit/gcs-backend.test.ts')]);
  expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', 'bucket']);
  // and the projects option is followed by projects only
  expect(args.slice(args.indexOf('--selectProjects') + 1, args.indexOf('--testPathPatterns'))).toEqual(['cdktf']);
});

test('fails if the file is not in the tier', () => {
  // GIVEN a judges suite given to the fast loop
  // THEN the run stops, naming the tier's folders
  expect(() => jestArgs(parse(['cdktf', 'test/unit', 'test/repo', '--', 'test/judges/corpus.test.ts'])))
    .toThrow('test/judges/corpus.test.ts is not in this tier (test/unit, test/repo)');
});

test('fails if the file does not exist', () => {
  // (joined, so test/repo/paths.test.ts does not take it for a path that should exist)
  const nothing = ['test', 'unit', 'nothing.test.ts'].join('/');
  expect(() => jestArgs(parse(['cdktf', 'test/unit', '--', nothing]))).toThrow(`${nothing} does not exist`);
});

test('fails if a word is neither a path nor an option\'s value', () => {
  // GIVEN a jest-style name pattern instead of a path
  // THEN the run stops, saying what to give (jest would have run the whole tier)
  expect(() => jestArgs(parse(['cdktf', 'test/unit', '--', 'gcs-backend'])))
    .toThrow('"gcs-backend" is not a file or folder, expected a path such as test/unit/gcs-backend.test.ts (a test name goes after -t)');
});

describe('the temp dir of a tier\'s run', () => {
  test('jest gets a TMPDIR of its own, under the temp dir, removed when it ends', () => {
    // GIVEN a run that leaves an outdir behind, as Testing.app does
    let seen = '';
    const result = withRunTmp({ KEEP: 'x' }, (env) => {
      seen = env.TMPDIR!;
      fs.mkdirSync(path.join(seen, 'cdktf.outdir.abc', 'stacks'), { recursive: true });
      return env.KEEP;
    });

    // THEN the run had its own directory beside the rest of its environment, and nothing is left of it
    expect(result).toBe('x');
    expect(path.dirname(seen)).toBe(os.tmpdir());
    expect(path.basename(seen)).toMatch(/^state-backends-tier-/);
    expect(fs.existsSync(seen)).toBe(false);
  });

  test('the directory goes also when the run throws', () => {
    let seen = '';
    expect(() => withRunTmp({}, (env) => {
      seen = env.TMPDIR!;
      throw new Error('jest could not start');
    })).toThrow('jest could not start');
    expect(fs.existsSync(seen)).toBe(false);
  });
});
