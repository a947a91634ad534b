#!/usr/bin/env node
// Runs jest on one tier of the test run (projenrc/tiers.ts holds the table).
//
//   node scripts/run-tier.js [--memory-tmp] [--memo TIER] [--before COMMAND] (<projects> | --config FILE) <dir>... -- [FILE...] [JEST OPTION...]
//
// <projects> is the jest projects (flavours) the tier runs in, comma-separated, or --config names
// the tier's own jest config (the CLI suite's); the dirs are the tier's folders. --before names a
// shell command that prepares what the suites use (the CLI suite's packages), run first when a file
// runs live. After `--` come the user's arguments (projen appends them): files or folders
// given there select what runs, instead of the whole tier, and must lie inside it; options go to
// jest unchanged (`-t <name>`, `--verbose`, ...); any other word is refused (jest would read it as
// one more path pattern and run the whole tier). Without a selection the whole tier runs.
//
// jest runs with TMPDIR set to a directory of its own, removed when jest ends: every Testing.app
// makes an outdir in the temp dir and no one removes it (one fast loop leaves about 4,500; a
// machine that ran the tests for weeks had 600,000 of them in /tmp, 33 GB). With --memory-tmp
// (the tiers whose suites write only small files) that directory is in /dev/shm when it is a
// tmpfs with room: the address replay spent 6 to 9 s of its 10 to 17 s in the kernel making and
// writing outdirs on the disk (ext4, mounted with discard), 1.2 s on tmpfs.
//
// With --memo (the tiers that drive the tools), a test file that passed under the same key in the
// last days is replayed instead of run (scripts/tier-memo.js says what the key holds, and when a
// verdict is kept), and the files that pass live are kept. A jest option other than --verbose,
// --silent and --colors (a test-name filter, a timeout, ...) runs the selected files live and keeps
// nothing.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/** Splits the command line into the tier and the user's selection and jest options. */
function parse(argv) {
  const sep = argv.indexOf('--');
  const head = sep < 0 ? argv : argv.slice(0, sep);
  const tail = sep < 0 ? [] : argv.slice(sep + 1);
  const usage = 'usage: run-tier.js [--memory-tmp] [--memo TIER] [--before COMMAND] (<projects> | --config FILE) <dir>... -- [FILE...] [JEST OPTION...]';
  let memoryTmp = false;
  let memo;
  let before;
  let config;
  let i = 0;
  for (; i < head.length && head[i].startsWith('--'); i++) {
    if (head[i] === '--memory-tmp') memoryTmp = true;
    else if (head[i] === '--memo' && head[i + 1]) memo = head[++i];
    else if (head[i] === '--before' && head[i + 1]) before = head[++i];
    else if (head[i] === '--config' && head[i + 1]) config = head[++i];
    else throw new Error(usage);
  }
  const [projects, ...dirs] = config ? [undefined, ...head.slice(i)] : head.slice(i);
  if ((!config && (!projects || projects.startsWith('-'))) || dirs.length === 0) throw new Error(usage);
  const selected = [];
  const options = [];
  for (let i = 0; i < tail.length; i++) {
    const arg = tail[i];
    if (arg.startsWith('-')) {
      options.push(arg);
      // The value of an option given apart (`-t name`) stays with it.
      if (!arg.includes('=') && i + 1 < tail.length && !tail[i + 1].startsWith('-') && !looksLikePath(tail[i + 1])) options.push(tail[++i]);
    } else if (looksLikePath(arg)) {
      selected.push(arg);
    } else {
      // jest would take it as one more path pattern, ORed with the tier's: the whole tier would run.
      throw new Error(`${JSON.stringify(arg)} is not a file or folder, expected a path such as test/unit/gcs-backend.test.ts (a test name goes after -t)`);
    }
  }
  return { projects: projects ? projects.split(',') : [], config, dirs, selected, options, memoryTmp, memo, before };
}

function looksLikePath(arg) {
  return /\.test\.ts$/.test(arg) || fs.existsSync(path.resolve(ROOT, arg));
}

/** A jest path pattern (a regular expression) that matches that file or folder and nothing else. */
function patternFor(p) {
  const abs = path.resolve(ROOT, p);
  const escaped = abs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return fs.existsSync(abs) && fs.statSync(abs).isDirectory() ? `^${escaped}/` : `^${escaped}$`;
}

/** The jest command line for a tier and a selection; fails when a selected path lies outside the tier. */
function jestArgs({ projects, config, dirs, selected, options }) {
  for (const s of selected) {
    const abs = path.resolve(ROOT, s);
    if (!dirs.some((d) => abs === path.resolve(ROOT, d) || abs.startsWith(path.resolve(ROOT, d) + path.sep))) {
      throw new Error(`${s} is not in this tier (${dirs.join(', ')})`);
    }
    if (!fs.existsSync(abs)) throw new Error(`${s} does not exist`);
  }
  const patterns = (selected.length ? selected : dirs).map(patternFor);
  // Array options last, each followed only by its values: jest would take a path after
  // --selectProjects as one more project name.
  const scope = config ? ['--config', config] : ['--selectProjects', ...projects];
  return ['--ci', '--coverage=false', ...options, ...scope, '--testPathPatterns', ...patterns];
}

/** jest's default cache directory (jest-config's getCacheDirectory), read before TMPDIR changes. */
function jestCacheDir() {
  let tmp = os.tmpdir();
  try {
    tmp = fs.realpathSync(tmp);
  } catch {
    // (as jest: the path as given)
  }
  return `${path.join(tmp, 'jest')}${process.getuid ? `_${process.getuid().toString(36)}` : ''}`;
}

const TMPFS_MAGIC = 0x01021994;
const MEMORY_ROOM = 2 * 1024 ** 3;

/** /dev/shm when it is a tmpfs with 2 GiB free, else the temp dir. */
function memoryTmpBase(shm = '/dev/shm') {
  try {
    const st = fs.statfsSync(shm);
    if (st.type === TMPFS_MAGIC && st.bavail * st.bsize >= MEMORY_ROOM) {
      fs.accessSync(shm, fs.constants.W_OK);
      return shm;
    }
  } catch {
    // (no /dev/shm here)
  }
  return os.tmpdir();
}

/**
 * Runs `run(env)` with TMPDIR set to a new directory under `base` (the temp dir by default), and
 * removes that directory after it, whatever it returned or threw.
 */
function withRunTmp(env, run, base = os.tmpdir()) {
  const dir = fs.mkdtempSync(path.join(base, 'state-backends-tier-'));
  try {
    return run({ ...env, TMPDIR: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The jest options a remembered verdict holds under: they change how jest prints, not which tests
 * run or how. A run given any other (a test-name filter in any spelling, a timeout, workers, bail)
 * runs its files live and keeps nothing.
 */
const VERDICT_NEUTRAL = new Set(['--verbose', '--silent', '--colors', '--no-colors']);
const keepsVerdicts = (options) => options.every((o) => VERDICT_NEUTRAL.has(o));

/** The test files a run of the tier covers: the selected ones (a folder: its files), else the tier's. */
function coveredFiles({ dirs, selected }, testFiles) {
  if (!selected.length) return testFiles(dirs);
  return [...new Set(selected.flatMap((s) => {
    const rel = path.relative(ROOT, path.resolve(ROOT, s)).split(path.sep).join('/');
    return fs.statSync(path.join(ROOT, rel)).isDirectory() ? testFiles([rel]) : [rel];
  }))].sort();
}

/**
 * Runs jest on a tier, through the tier memo when the tier has one: the files remembered as passed
 * are replayed and named, the others run (after `--before`, when given), and those that pass are
 * kept. `jest(args, env)` and `shell(command)` run and give the exit status. Returns the run's.
 */
function runTier(parsed, { jest, shell, memo = require('./tier-memo'), log = (line) => console.log(line) }) {
  const base = parsed.memoryTmp ? memoryTmpBase() : os.tmpdir();
  // (jest keeps its transform cache under the temp dir; it stays where jest's default puts it)
  const withCache = (args) => (args.some((a) => a.startsWith('--cacheDirectory')) ? args : [`--cacheDirectory=${jestCacheDir()}`, ...args]);
  const prepared = () => {
    if (!parsed.before) return 0;
    log(`run-tier: first ${parsed.before}`);
    return shell(parsed.before);
  };
  const live = () => prepared() || withRunTmp(process.env, (env) => jest(withCache(jestArgs(parsed)), env), base);
  if (!parsed.memo || !keepsVerdicts(parsed.options)) return live();

  const files = coveredFiles(parsed, memo.testFiles);
  // (a selection without test files: jest says so, and fails)
  if (files.length === 0) return live();
  const planned = memo.plan(parsed.memo, files);
  for (const line of memo.replayLines(parsed.memo, planned)) log(line);
  if (planned.why) log(`tier memo: every ${parsed.memo} file runs live (${planned.why})`);
  if (planned.live.length === 0) return 0;
  const ready = prepared();
  if (ready !== 0) return ready;
  // (nothing replayed: the selection as given, which names the tier's folders rather than every file)
  const liveArgs = withCache(jestArgs(planned.replayed.length ? { ...parsed, selected: planned.live } : parsed));
  return withRunTmp(process.env, (env) => {
    const report = path.join(env.TMPDIR, 'jest-report.json');
    const status = jest([...liveArgs, '--json', `--outputFile=${report}`], env);
    if (fs.existsSync(report)) {
      const { kept, why } = memo.record(parsed.memo, planned, JSON.parse(fs.readFileSync(report, 'utf8')));
      log(`tier memo: ${kept} of ${planned.live.length} ${parsed.memo} files kept${why ? ` (${why})` : ' (passed live)'}`);
    }
    return status;
  }, base);
}

module.exports = { parse, jestArgs, withRunTmp, memoryTmpBase, runTier, coveredFiles };

if (require.main === module) {
  let parsed;
  try {
    parsed = parse(process.argv.slice(2));
    jestArgs(parsed);
  } catch (e) {
    process.stderr.write(`run-tier: ${e.message}\n`);
    process.exit(2);
  }
  const bin = path.join(ROOT, 'node_modules', '.bin', 'jest');
  process.exit(runTier(parsed, {
    jest: (args, env) => spawnSync(bin, args, { stdio: 'inherit', cwd: ROOT, env }).status ?? 1,
    shell: (command) => spawnSync(command, { shell: true, stdio: 'inherit', cwd: ROOT }).status ?? 1,
  }));
}
