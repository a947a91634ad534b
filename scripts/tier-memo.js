// The verdicts of the test files of the tiers that drive the tools (runtime: the tools on the
// emulators; cli: the framework CLIs), remembered on this machine. Such a file's verdict depends
// only on what it reads: the checkout, the tools and the environment. So a file that passed is kept
// under the key of exactly those (`<cache>/tier-memo/<tier>/`), and a later run of the tier under
// the same key replays it (names it, with its counts) instead of running it again:
//
// - the checkout: every file git lists (tracked, and new files not ignored), path and contents as
//   they are on disk, except OUTSIDE (the other tiers' suites, the benchmarks, the notes and docs no
//   test of these tiers reads). lib/, the cdktn sources and the packages are built from what is
//   listed; the installs (judges, emulators, providers, CLIs) are keyed by the scripts listed
//   (scripts/install-key.js). The test files are in every file's key: one reads the others
//   (test/runtime/scenarios.test.ts). And what npm installed, which git ignores (INSTALLED);
// - the tools found on PATH (TOOLS): where each resolves to, its size and modification time, and
//   the version of the node that runs this;
// - the whole environment but PER_RUN (what differs between two runs of one checkout: its path, the
//   shell's and npm's bookkeeping, the terminal), with the cache directory as resolved.
//
// Verdicts are kept only from runs under CI: there a missing judge, emulator or provider fails the
// file (elsewhere its checks are skipped, and the file would pass without them). A file that failed,
// or skipped all its tests, is never kept, and neither is anything when the checkout changed while
// jest ran. A verdict older than DRIFT_DAYS is asked again (drift: what no key holds, the
// emulators' unpinned dependencies, the machine). `STATE_BACKENDS_TIER_MEMO=off` runs every file
// (and keeps the new verdicts). Outside a git checkout, or in a folder of one, nothing is replayed
// or kept.
'use strict';
const { spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { cacheDir } = require('./cache-dir');

const ROOT = path.join(__dirname, '..');
/** Days after which a remembered verdict is asked again (as the judge memo's, test/support/judge-memo.ts). */
const DRIFT_DAYS = 7;
/** What the tool-driving tiers never read: the other tiers' suites, the benchmarks, the notes and docs. */
const OUTSIDE = [
  'test/unit/', 'test/repo/', 'test/judges/', 'test/java/', 'test/python/', 'test/go/', 'bench/', 'docs/',
  'API.md', 'BENCHMARKS.md', 'CHANGELOG.md', 'CONTRIBUTING.md',
];
/** What npm installed (git-ignored), as npm records it. */
const INSTALLED = ['node_modules/.package-lock.json', 'packages/cdktn-state-backends/node_modules/.package-lock.json'];
/** The tools the suites run from PATH. */
const TOOLS = ['node', 'java', 'mvn', 'go', 'terraform', 'python3'];
/**
 * The variables that differ between two runs of one checkout and that no suite's verdict depends
 * on: the checkout's path and the shell's bookkeeping, npm's per-invocation variables (several hold
 * the checkout's path), the terminal, the temp dir (every tier's is its own), PATH (its tools are
 * keyed as TOOLS), and the memo's own switch and the run's state directory.
 */
const PER_RUN = /^(PWD|OLDPWD|INIT_CWD|SHLVL|_|PATH|TMPDIR|TERM|TERM_PROGRAM(_VERSION)?|COLUMNS|LINES|LS_COLORS|DISPLAY|SSH_.*|XDG_RUNTIME_DIR|XDG_SESSION_.*|npm_.*|STATE_BACKENDS_TIER_MEMO|STATE_BACKENDS_RUN_DIR)$/;

const sha = (...parts) => {
  const h = crypto.createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** Whether verdicts may be replayed (STATE_BACKENDS_TIER_MEMO=off: run every file). */
const replaying = (env = process.env) => env.STATE_BACKENDS_TIER_MEMO !== 'off';

/** The files git lists in `root` (tracked, and new ones not ignored), or undefined outside a checkout. */
function listed(root) {
  // (a folder inside another checkout is not one: its parent's rules would decide what it lists)
  const top = spawnSync('git', ['rev-parse', '--show-prefix'], { cwd: root, encoding: 'utf8' });
  if (top.status !== 0 || top.stdout.trim() !== '') return undefined;
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return undefined;
  // (a tracked file deleted on disk is not read; a nested checkout is listed as its folder: not a file)
  return [...new Set(r.stdout.split('\0').filter(Boolean))].sort().filter((f) => {
    try {
      return fs.statSync(path.join(root, f)).isFile();
    } catch {
      return false;
    }
  });
}

/** Where a tool on PATH resolves to, its size and modification time ("" when it is not there). */
function toolIdentity(tool, env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, tool);
    try {
      const real = fs.realpathSync(file);
      const st = fs.statSync(real);
      if (st.isFile()) return `${real}:${st.size}:${st.mtimeMs}`;
    } catch {
      // (not in this directory)
    }
  }
  return '';
}

/**
 * The key every test file of a tier shares: the checkout but OUTSIDE, the tools, the environment
 * but PER_RUN. Undefined outside a git checkout.
 */
function sharedKey(tier, { root = ROOT, env = process.env } = {}) {
  const files = listed(root);
  if (!files) return undefined;
  const read = files.filter((f) => !OUTSIDE.some((o) => (o.endsWith('/') ? f.startsWith(o) : f === o)));
  const h = crypto.createHash('sha256');
  // (and what npm installed, which git ignores: its record of node_modules)
  for (const f of [...read, ...INSTALLED.filter((i) => fs.existsSync(path.join(root, i)))]) {
    h.update(f).update('\0').update(fs.readFileSync(path.join(root, f))).update('\0');
  }
  // (a version manager's shim resolves to itself whatever the version: the version of this node beside it)
  const tools = [...TOOLS.map((t) => `${t}=${toolIdentity(t, env)}`), process.version];
  // (the cache as resolved: a run given STATE_BACKENDS_CACHE by projen and one without it read the same)
  const environment = Object.entries({ ...env, STATE_BACKENDS_CACHE: cacheDir(env) })
    .filter(([k]) => !PER_RUN.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha(tier, h.digest('hex'), JSON.stringify(tools), JSON.stringify(environment));
}

/** The test files of the tier's folders (paths relative to `root`). */
function testFiles(dirs, root = ROOT) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.test.ts')) out.push(rel);
    }
  };
  for (const d of dirs) walk(d.replace(/\/$/, ''));
  return out.sort();
}

const entryFile = (tier, key, env) => path.join(cacheDir(env), 'tier-memo', tier, `${key}.json`);

/**
 * Which of `files` (relative to `root`) run live and which replay: the shared key, each file's key
 * (the shared key and its path) and, for those that replay, the verdict remembered under it.
 */
function plan(tier, files, { root = ROOT, env = process.env, now = Date.now() } = {}) {
  const shared = sharedKey(tier, { root, env });
  const why = shared === undefined ? 'not a git checkout' : replaying(env) ? undefined : 'STATE_BACKENDS_TIER_MEMO=off';
  const keys = {};
  const live = [];
  const replayed = [];
  for (const f of files) {
    let entry;
    if (shared !== undefined) keys[f] = sha(shared, f);
    if (why === undefined) {
      try {
        entry = JSON.parse(fs.readFileSync(entryFile(tier, keys[f], env), 'utf8'));
      } catch {
        entry = undefined; // (never passed under this key, or unreadable: run it)
      }
    }
    if (entry && now - entry.at < DRIFT_DAYS * 86_400_000) replayed.push({ file: f, entry });
    else live.push(f);
  }
  return { live, replayed, keys, shared, why };
}

/**
 * Keeps the verdict of every file of jest's report (`--json`) that passed, under the key `planned`
 * gave it: only under CI, and only when the checkout is still the one `planned` keyed. Returns how
 * many it kept, and why none when that is so.
 */
function record(tier, planned, report, { root = ROOT, env = process.env, now = Date.now() } = {}) {
  if (planned.shared === undefined) return { kept: 0, why: planned.why };
  // (STATE_BACKENDS_TIER_MEMO=off replays nothing and keeps what passes)
  if (!env.CI) return { kept: 0, why: 'verdicts are kept from runs under CI only, where a missing judge, emulator or provider fails its file' };
  if (sharedKey(tier, { root, env }) !== planned.shared) return { kept: 0, why: 'the checkout changed while jest ran' };
  let kept = 0;
  for (const r of report.testResults ?? []) {
    const file = path.relative(root, r.name).split(path.sep).join('/');
    const key = planned.keys[file];
    const counts = { passed: 0, skipped: 0, failed: 0 };
    for (const a of r.assertionResults ?? []) {
      if (a.status === 'passed') counts.passed++;
      else if (a.status === 'failed') counts.failed++;
      else counts.skipped++;
    }
    // (jest's report calls a file that passed with skipped tests "focused", and gives a failure's text as `message`)
    if (!key || r.status === 'failed' || r.message || counts.failed > 0 || counts.passed === 0) continue;
    const target = entryFile(tier, key, env);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ at: now, file, ...counts, seconds: Math.round((r.endTime - r.startTime) / 1000) }));
    fs.renameSync(tmp, target);
    kept++;
  }
  return { kept };
}

/** What a replay says: a line per replayed file and the totals. */
function replayLines(tier, { replayed, live }) {
  if (replayed.length === 0) return [];
  const day = (at) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');
  const lines = replayed.map(({ file, entry }) =>
    `  ↺ ${file}: ${entry.passed} passed${entry.skipped ? `, ${entry.skipped} skipped` : ''} (passed live ${day(entry.at)} UTC in ${entry.seconds} s)`);
  const sum = (k) => replayed.reduce((n, r) => n + r.entry[k], 0);
  return [
    `tier memo: ${replayed.length} of ${replayed.length + live.length} ${tier} files REPLAYED (passed under the same key in the last ${DRIFT_DAYS} days: ` +
      `${sum('passed')} tests passed, ${sum('skipped')} skipped); ${live.length} run live; STATE_BACKENDS_TIER_MEMO=off runs every one`,
    ...lines,
  ];
}

module.exports = { plan, record, replayLines, testFiles, DRIFT_DAYS };
