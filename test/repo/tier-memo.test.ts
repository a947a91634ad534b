/**
 * scripts/tier-memo.js: the runtime and CLI tiers replay a test file that passed under CI under the
 * same key (the checkout, the tools on PATH, the environment), and run it again when any of those
 * changed, when it failed, or when its verdict is older than DRIFT_DAYS.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

interface Planned {
  live: string[];
  replayed: Array<{ file: string; entry: { passed: number; skipped: number; at: number } }>;
  keys: Record<string, string>;
  shared?: string;
  why?: string;
}
interface Options { root?: string; env?: NodeJS.ProcessEnv; now?: number }
interface Runners {
  jest: (args: string[], env: NodeJS.ProcessEnv) => number;
  shell?: (command: string) => number;
  memo?: unknown;
  log?: (line: string) => void;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const memo = require('../../scripts/tier-memo.js') as {
  plan: (tier: string, files: string[], options?: Options) => Planned;
  record: (tier: string, planned: Planned, report: unknown, options?: Options) => { kept: number; why?: string };
  replayLines: (tier: string, planned: Planned) => string[];
  testFiles: (dirs: string[], root?: string) => string[];
  DRIFT_DAYS: number;
};
const { parse, runTier } = require('../../scripts/run-tier.js') as {
  parse: (argv: string[]) => unknown;
  runTier: (parsed: unknown, runners: Runners) => number;
};
/* eslint-enable @typescript-eslint/no-require-imports */

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
const record = (p: Planned, r: unknown, options: Options = {}) => memo.record('runtime', p, r, { root, env, ...options });
/** Both files run and pass, and their verdicts are kept. */
const passBoth = () => {
  const p = plan();
  expect(record(p, report(p.live))).toEqual({ kept: p.live.length });
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tier-memo-'));
  const tools = path.join(root, 'tools');
  env = { PATH: tools, HOME: root, CI: 'true', STATE_BACKENDS_CACHE: path.join(root, 'cache') };
  git('init', '-q');
  write('.gitignore', 'cache/\n.cache/\ntools/\nlib/\nnode_modules/\n');
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
  record(first, report([FILES[0]]));
  record(first, report([FILES[1]], { passed: 1, skipped: 1 }));

  // WHEN the tier runs again, nothing changed
  const again = plan();

  // THEN both replay, and the run says so with the live run's counts
  expect(again.live).toEqual([]);
  expect(again.replayed.map((r) => r.file)).toEqual(FILES);
  const lines = memo.replayLines('runtime', again);
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

  test('a change to a test file of the tier: every file (scenarios.test.ts reads the others)', () => {
    write(FILES[1], 'test("changed", () => {});\n');
    expect(plan().live).toEqual(FILES);
  });

  test('a tool on PATH replaced: every file', () => {
    write('tools/terraform', 'terraform 1.15.9');
    expect(plan().live).toEqual(FILES);
  });

  test('any variable of the environment but those of one run: every file', () => {
    for (const variable of ['CI', 'TF_LOG', 'SYNTH_HCL_OUTPUT', 'TERRAFORM_BINARY_NAME', 'JAVA_TOOL_OPTIONS', 'SCENARIO', 'CI_JOB_ID']) {
      expect(plan({ env: { ...env, [variable]: 'x' } }).live).toEqual(FILES);
    }
    // (and nothing else changed: without them, both replay)
    expect(plan().live).toEqual([]);
  });

  test(`a verdict older than ${memo.DRIFT_DAYS} days, or STATE_BACKENDS_TIER_MEMO=off`, () => {
    expect(plan({ now: Date.now() + memo.DRIFT_DAYS * 86_400_000 + 1000 }).live).toEqual(FILES);
    const off = plan({ env: { ...env, STATE_BACKENDS_TIER_MEMO: 'off' } });
    expect(off.live).toEqual(FILES);
    expect(off.why).toBe('STATE_BACKENDS_TIER_MEMO=off');
  });

  test('what npm installed (its record in node_modules, which git ignores): every file', () => {
    write('node_modules/.package-lock.json', '{"packages":{"node_modules/cdktf":{"version":"0.21.1"}}}\n');
    expect(plan().live).toEqual(FILES);
  });

  test('not: the other tiers\' suites, the docs, an ignored file, the variables of one run, the switch itself', () => {
    write(UNIT, 'test("u2", () => {});\n');
    write(ADR, '# ADR, revised\n');
    write('lib/index.js', 'exports.a = 2;\n');
    const perRun = { PWD: '/tmp/clone2', INIT_CWD: '/tmp/clone2', OLDPWD: '/', SHLVL: '3', npm_config_local_prefix: '/tmp/clone2', TERM: 'dumb', TMPDIR: '/tmp/x' };
    expect(plan({ env: { ...env, ...perRun, STATE_BACKENDS_TIER_MEMO: 'on' } }).live).toEqual([]);
  });

  test('not: the cache given by its variable or found under HOME, the same directory', () => {
    const { STATE_BACKENDS_CACHE: _given, ...rest } = env;
    // (the cache directory HOME gives, where the entries are, given again by name)
    const home = { ...rest, HOME: root };
    const p = memo.plan('runtime', FILES, { root, env: home });
    expect(memo.record('runtime', p, report(p.live), { root, env: home })).toEqual({ kept: 2 });
    expect(memo.plan('runtime', FILES, { root, env: { ...home, STATE_BACKENDS_CACHE: path.join(root, '.cache', 'cdktf-state-backends') } }).live).toEqual([]);
  });
});

test('a file that failed, or whose tests were all skipped, is not kept', () => {
  const p = plan();
  expect(record(p, report([FILES[0]], { failed: 1 }))).toEqual({ kept: 0 });
  expect(record(p, report([FILES[1]], { passed: 0, skipped: 2 }))).toEqual({ kept: 0 });
  expect(plan().live).toEqual(FILES);
});

test('nothing is kept outside CI, where a missing judge, emulator or provider skips its checks', () => {
  const outside = { ...env, CI: '' };
  const p = plan({ env: outside });
  expect(record(p, report(p.live), { env: outside })).toEqual({ kept: 0, why: expect.stringMatching(/^verdicts are kept from runs under CI only/) });
  expect(plan({ env: outside }).live).toEqual(FILES);
});

test('nothing is kept when the checkout changed while jest ran', () => {
  const p = plan();
  write('src/index.ts', 'export const a = 3;\n');
  expect(record(p, report(p.live))).toEqual({ kept: 0, why: 'the checkout changed while jest ran' });
});

test('STATE_BACKENDS_TIER_MEMO=off runs every file and keeps what passes', () => {
  passBoth();
  const off = { ...env, STATE_BACKENDS_TIER_MEMO: 'off' };
  const p = plan({ env: off });
  expect(p).toMatchObject({ live: FILES, why: 'STATE_BACKENDS_TIER_MEMO=off' });
  write(FILES[0], 'test("again", () => {});\n');
  const again = plan({ env: off });
  expect(record(again, report(again.live), { env: off })).toEqual({ kept: 2 });
  expect(plan().live).toEqual([]);
});

test('outside a git checkout, or in a folder of another one, every file runs', () => {
  // GIVEN a copy of the checkout's files in a folder the checkout ignores, without a .git of its own
  const inner = path.join(root, 'inner');
  for (const f of FILES) {
    fs.mkdirSync(path.dirname(path.join(inner, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(inner, f));
  }
  write('.gitignore', '*\n');
  expect(memo.plan('runtime', FILES, { root: inner, env })).toMatchObject({ live: FILES, why: 'not a git checkout' });

  // AND the checkout without its .git
  fs.rmSync(path.join(root, '.git'), { recursive: true });
  expect(plan()).toMatchObject({ live: FILES, why: 'not a git checkout' });
});

test('a checkout nested in this one (listed as its folder) is not read as a file', () => {
  fs.mkdirSync(path.join(root, 'nested'));
  expect(spawnSync('git', ['init', '-q'], { cwd: path.join(root, 'nested') }).status).toBe(0);
  fs.writeFileSync(path.join(root, 'nested', 'x.txt'), 'x');
  expect(plan().live).toEqual(FILES);
});

describe('run-tier.js --memo', () => {
  /** A memo over this test's checkout, as run-tier.js uses it. */
  const bound = {
    ...memo,
    plan: (tier: string, files: string[]) => memo.plan(tier, files, { root, env }),
    record: (tier: string, p: Planned, r: unknown) => memo.record(tier, p, r, { root, env }),
    testFiles: () => FILES,
  };
  const parsed = (...args: string[]) => parse(['--memo', 'runtime', '--before', 'pack', 'cdktf', 'test/runtime', '--', ...args]);
  const quiet = () => undefined;

  test('prepares and runs only the files to run live, keeps those that passed, and runs nothing when every file replays', () => {
    // GIVEN gcs has passed before
    record(plan(), report([FILES[0]]));

    // WHEN the tier runs
    const calls: string[][] = [];
    const prepared: string[] = [];
    const status = runTier(parsed(), {
      jest: (args, jestEnv) => {
        calls.push(args);
        // (jest writes its report where it is told)
        fs.writeFileSync(args.find((a) => a.startsWith('--outputFile='))!.slice('--outputFile='.length), JSON.stringify(report([FILES[1]])));
        expect(jestEnv.TMPDIR).toBeDefined();
        return 0;
      },
      shell: (command) => { prepared.push(command); return 0; },
      memo: bound,
      log: quiet,
    });

    // THEN the packages were made first, jest ran oss alone, with a report, and oss is kept
    expect(status).toBe(0);
    expect(prepared).toEqual(['pack']);
    expect(calls).toHaveLength(1);
    const patterns = calls[0].slice(calls[0].indexOf('--testPathPatterns') + 1).filter((a) => !a.startsWith('--'));
    expect(patterns).toEqual([expect.stringMatching(/\/oss\\\.test\\\.ts\$$/)]);
    expect(calls[0]).toContain('--json');

    // AND the next run replays both, making no package and starting no jest
    const lines: string[] = [];
    const never = () => { throw new Error('ran'); };
    expect(runTier(parsed(), { jest: never, shell: never, memo: bound, log: (l) => lines.push(l) })).toBe(0);
    expect(lines[0]).toMatch(/^tier memo: 2 of 2 runtime files REPLAYED/);
  });

  test('a test-name filter in any spelling, or any option that changes a run, runs live and keeps nothing; --verbose does not', () => {
    for (const option of [['--test-name-pattern', 'lock'], ['--testTimeout=5'], ['--bail']]) {
      let args: string[] = [];
      expect(runTier(parsed(...option), { jest: (a) => { args = a; return 0; }, shell: () => 0, memo: bound, log: quiet })).toBe(0);
      expect(args).not.toContain('--json');
    }
    record(plan(), report(FILES));
    const lines: string[] = [];
    const never = () => { throw new Error('ran'); };
    expect(runTier(parsed('--verbose'), { jest: never, shell: never, memo: bound, log: (l) => lines.push(l) })).toBe(0);
    expect(lines[0]).toMatch(/REPLAYED/);
  });

  test('a selection without test files runs jest, which says so', () => {
    let ran = false;
    const nothing = { ...bound, testFiles: () => [] };
    expect(runTier(parse(['--memo', 'runtime', 'cdktf', 'test/runtime', '--', 'test/runtime']), {
      jest: () => { ran = true; return 1; }, shell: () => 0, memo: nothing, log: quiet,
    })).toBe(1);
    expect(ran).toBe(true);
  });

  test('a test-name filter prepares, runs the files live and keeps nothing', () => {
    let args: string[] = [];
    const prepared: string[] = [];
    expect(runTier(parsed('-t', 'lock'), { jest: (a) => { args = a; return 0; }, shell: (c) => { prepared.push(c); return 0; }, memo: bound, log: quiet })).toBe(0);
    expect(prepared).toEqual(['pack']);
    expect(args).not.toContain('--json');
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', 'lock']);
    expect(plan().live).toEqual(FILES);
  });

  test('a failure to prepare, or jest\'s, is the run\'s', () => {
    const never = () => { throw new Error('jest ran'); };
    expect(runTier(parsed(), { jest: never, shell: () => 3, memo: bound, log: quiet })).toBe(3);
    expect(runTier(parsed(), { jest: () => 1, shell: () => 0, memo: bound, log: quiet })).toBe(1);
  });
});
