/**
 * scripts/run-tier.js: a tier's task runs jest on the tier's folders, and a file given after the
 * task selects that file (it once became one more ignore pattern, and every other suite ran).
 */
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse, jestArgs } = require('../../scripts/run-tier.js') as {
  parse: (argv: string[]) => { projects: string[]; dirs: string[]; selected: string[]; options: string[] };
  jestArgs: (parsed: ReturnType<typeof parse>) => string[];
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
