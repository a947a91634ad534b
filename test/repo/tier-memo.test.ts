/**
 * scripts/tier-memo.js: the runtime and CLI tiers replay a test file that passed under the same key
 * (the checkout, the tools on PATH, the environment), and run it again when any of those changed,
 * when it failed, or when its verdict is older than DRIFT_DAYS.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

interface Planned {
  live: string[];
  replayed: Array<{ file: string; entry: { passed: number; skipped: number; at: number } }>;
  keys: Record<string, string>;
  why?: string;
}
interface Options { root?: string; env?: NodeJS.ProcessEnv; now?: number }
/* eslint-disable @typescript-eslint/no-require-imports */
const memo = require('../../scripts/tier-memo.js') as {
  plan: (tier: string, files: string[], options?: Options) => Planned;
  record: (tier: string, keys: Record<string, string>, report: unknown, options?: Options) => number;
  describe: (tier: string, planned: Planned) => string[];
  testFiles: (dirs: string[], root?: string) => string[];
  DRIFT_DAYS: number;
};
const { parse, runTier } = require('../../scripts/run-tier.js') as {
  parse: (argv: string[]) => unknown;
  runTier: (parsed: unknown, jest: (args: string[], env: NodeJS.ProcessEnv) => number, memo?: unknown, log?: (line: string) => void) => number;
};
/* eslint-enable @typescript-eslint/no-require-imports */

// (names of the runtime tier's: run-tier.js checks that a file it is to run exists in the checkout)
const FILES = ['test/runtime/gcs.test.ts', 'test/runtime/oss.test.ts'];
// (files of a scratch checkout, joined so that test/repo/paths.test.ts does not look for them in this one)
const HELPER = ['test', 'support', 'helper.ts'].join('/');
const UNIT = ['test', 'unit', 'u.test.ts'].join('/');
const ADR = ['docs', 'adr.md'].join('/');
const NEW = ['src', 'new.ts'].join('/');
let root: string;
let env: NodeJS.ProcessEnv;

const write = (f: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
  fs.writeFileSync(path.join(root, f), text);
};
const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
/** jest's --json report of the files, each with these counts of tests that passed, failed and were skipped. */
const report = (files: string[], { passed = 2, failed = 0, skipped = 0 } = {}) => ({
  testResults: files.map((f) => ({
    name: path.join(root, f),
    // (as jest 30 writes it: "focused" for a file that passed with skipped tests)
    status: failed ? 'failed' : skipped ? 'focused' : 'passed',
    startTime: 0,
    endTime: 3000,
    assertionResults: [
      ...Array.from({ length: passed }, () => ({ status: 'passed' })),
      ...Array.from({ length: failed }, () => ({ status: 'failed' })),
      ...Array.from({ length: skipped }, () => ({ status: 'pending' })),
    ],
  })),
});
const plan = (options: Options = {}) => memo.plan('runtime', FILES, { root, env, ...options });
/** Both files run and pass, and their verdicts are kept. */
const passBoth = () => {
  const p = plan();
  expect(memo.record('runtime', p.keys, report(p.live), { root, env })).toBe(p.live.length);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tier-memo-'));
  const tools = path.join(root, 'tools');
  env = { PATH: tools, HOME: root, STATE_BACKENDS_CACHE: path.join(root, 'cache') };
  git('init', '-q');
  write('.gitignore', 'cache/\ntools/\nlib/\n');
  write('src/index.ts', 'export const a = 1;\n');
  write(HELPER, 'export const h = 1;\n');
  write(UNIT, 'test("u", () => {});\n');
  write(ADR, '# ADR\n');
  for (const f of FILES) write(f, `test("${f}", () => {});\n`);
  write('tools/terraform', 'terraform 1.11.4');
  git('add', '-A');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a file that passed is replayed under the same key, with its counts', () => {
  // GIVEN both files passed live (one with a skipped test)
  const first = plan();
  expect(first.live).toEqual(FILES);
  memo.record('runtime', first.keys, report([FILES[0]]), { root, env });
  memo.record('runtime', first.keys, report([FILES[1]], { passed: 1, skipped: 1 }), { root, env });

  // WHEN the tier runs again, nothing changed
  const again = plan();

  // THEN both replay, and the run says so with the live run's counts
  expect(again.live).toEqual([]);
  expect(again.replayed.map((r) => r.file)).toEqual(FILES);
  const lines = memo.describe('runtime', again);
  expect(lines[0]).toMatch(/^tier memo: 2 of 2 runtime files REPLAYED .*: 3 tests passed, 1 skipped\); 0 run live; STATE_BACKENDS_TIER_MEMO=off runs every one$/);
  expect(lines[2]).toMatch(/^ {2}↺ test\/runtime\/oss\.test\.ts: 1 passed, 1 skipped \(passed live .* UTC in 3 s\)$/);
});

describe('what makes a file run again', () => {
  beforeEach(passBoth);

  test('a change to the library, the support code, or a new file not ignored: every file', () => {
    write('src/index.ts', 'export const a = 2;\n');
    expect(plan().live).toEqual(FILES);
    write('src/index.ts', 'export const a = 1;\n');
    expect(plan().live).toEqual([]);
    write(HELPER, 'export const h = 2;\n');
    expect(plan().live).toEqual(FILES);
    write(HELPER, 'export const h = 1;\n');
    write(NEW, 'export const n = 1;\n');
    expect(plan().live).toEqual(FILES);
  });

  test('a change to one test file: that file alone', () => {
    write(FILES[1], 'test("changed", () => {});\n');
    expect(plan().live).toEqual([FILES[1]]);
  });

  test('a tool on PATH replaced, or a variable the tools read: every file', () => {
    write('tools/terraform', 'terraform 1.15.9');
    expect(plan().live).toEqual(FILES);
    write('tools/terraform', 'terraform 1.11.4');
    expect(plan({ env: { ...env, CI: 'true' } }).live).toEqual(FILES);
    expect(plan({ env: { ...env, TF_LOG: 'debug' } }).live).toEqual(FILES);
  });

  test(`a verdict older than ${memo.DRIFT_DAYS} days, or STATE_BACKENDS_TIER_MEMO=off`, () => {
    expect(plan({ now: Date.now() + memo.DRIFT_DAYS * 86_400_000 + 1000 }).live).toEqual(FILES);
    const off = plan({ env: { ...env, STATE_BACKENDS_TIER_MEMO: 'off' } });
    expect(off.live).toEqual(FILES);
    expect(off.why).toBe('STATE_BACKENDS_TIER_MEMO=off');
  });

  test('not: the other tiers\' suites, the docs, an ignored file, a variable no tool reads, the switch itself', () => {
    write(UNIT, 'test("u2", () => {});\n');
    write(ADR, '# ADR, revised\n');
    write('lib/index.js', 'exports.a = 2;\n');
    expect(plan({ env: { ...env, EDITOR: 'vi', STATE_BACKENDS_TIER_MEMO: 'on' } }).live).toEqual([]);
  });
});

test('a file that failed, or whose tests were all skipped, is not kept', () => {
  const p = plan();
  expect(memo.record('runtime', p.keys, report([FILES[0]], { failed: 1 }), { root, env })).toBe(0);
  expect(memo.record('runtime', p.keys, report([FILES[1]], { passed: 0, skipped: 2 }), { root, env })).toBe(0);
  expect(plan().live).toEqual(FILES);
});

test('outside a git checkout every file runs', () => {
  fs.rmSync(path.join(root, '.git'), { recursive: true });
  expect(plan()).toMatchObject({ live: FILES, why: 'not a git checkout' });
});

describe('run-tier.js --memo', () => {
  /** A memo over this test's checkout, as run-tier.js uses it. */
  const bound = {
    ...memo,
    plan: (tier: string, files: string[]) => memo.plan(tier, files, { root, env }),
    record: (tier: string, keys: Record<string, string>, r: unknown) => memo.record(tier, keys, r, { root, env }),
    testFiles: () => FILES,
  };
  const parsed = (...args: string[]) => parse(['--memo', 'runtime', 'cdktf', 'test/runtime', '--', ...args]);

  test('runs only the files to run live, keeps those that passed, and runs no jest when every file replays', () => {
    // GIVEN gcs has passed before
    const p = plan();
    memo.record('runtime', p.keys, report([FILES[0]]), { root, env });

    // WHEN the tier runs
    const calls: string[][] = [];
    const status = runTier(parsed(), (args, jestEnv) => {
      calls.push(args);
      // (jest writes its report where it is told)
      fs.writeFileSync(args.find((a) => a.startsWith('--outputFile='))!.slice('--outputFile='.length), JSON.stringify(report([FILES[1]])));
      expect(jestEnv.TMPDIR).toBeDefined();
      return 0;
    }, bound, () => undefined);

    // THEN jest ran oss alone, with a report, and oss is kept
    expect(status).toBe(0);
    expect(calls).toHaveLength(1);
    const patterns = calls[0].slice(calls[0].indexOf('--testPathPatterns') + 1).filter((a) => !a.startsWith('--'));
    expect(patterns).toEqual([expect.stringMatching(/\/oss\\\.test\\\.ts\$$/)]);
    expect(calls[0]).toContain('--json');

    // AND the next run replays both without starting jest
    const lines: string[] = [];
    expect(runTier(parsed(), () => { throw new Error('jest started'); }, bound, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/^tier memo: 2 of 2 runtime files REPLAYED/);
  });

  test('a test-name filter runs the files live and keeps nothing', () => {
    let args: string[] = [];
    expect(runTier(parsed('-t', 'lock'), (a) => { args = a; return 0; }, bound, () => undefined)).toBe(0);
    expect(args).not.toContain('--json');
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', 'lock']);
    expect(plan().live).toEqual(FILES);
  });

  test('jest\'s failure is the run\'s', () => {
    expect(runTier(parsed(), () => 1, bound, () => undefined)).toBe(1);
  });
});
