#!/usr/bin/env node
// The verdicts of the test files of the tiers that drive the tools (runtime: the tools on the
// emulators; cli: the framework CLIs), remembered on this machine. Such a file's verdict depends
// only on what it reads: the checkout, the tools and the environment. So a file that passed is kept
// under the key of exactly those (`<cache>/tier-memo/<tier>/`), and a later run of the tier under
// the same key replays it (names it, with its counts) instead of running it again:
//
// - the checkout: every file git lists (tracked, and new files not ignored), path and contents as
//   they are on disk, except OUTSIDE (the other tiers' suites, the benchmarks, the notes and docs no
//   test reads) and the test files (no file reads another's; each file's own key holds its own); lib/, the cdktn sources and the packages are built
//   from what is listed, the installs (judges, emulators, providers, CLIs) are keyed by the scripts
//   listed (scripts/install-key.js);
// - the tools found on PATH (node, java, mvn, go, terraform, python3): where each resolves to, its
//   size and modification time;
// - the variables of the environment a tool, a framework or the harness reads (READ).
//
// A verdict older than DRIFT_DAYS is asked again (drift: what no key holds, the emulators' unpinned
// dependencies, the machine), a file that failed is never kept, and
// `STATE_BACKENDS_TIER_MEMO=off` runs every file (and keeps the new verdicts). Outside a git
// checkout nothing is replayed.
//
//   node scripts/tier-memo.js live TIER DIR...   exits 0 when a file of the tier's folders runs live
//                                                (a projen step's condition: the CLI tier's packaging)
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
/** The tools the suites run from PATH. */
const TOOLS = ['node', 'java', 'mvn', 'go', 'terraform', 'python3'];
/** The variables the tools, the frameworks and the harness read (never STATE_BACKENDS_TIER_MEMO, which only says whether to replay). */
const READ = /^(CI|HOME|NODE_OPTIONS|JAVA_HOME|MAVEN_OPTS|GO[A-Z]*|TF_|TOFU_|OPENTOFU_|CHECKPOINT_|CDKTF_|CDKTN_|JSII_|STATE_BACKENDS_(?!TIER_MEMO$)|ARM_|AZURE_|GOOGLE_|CLOUDSDK_|ALICLOUD_|ALIBABA_CLOUD_|TENCENTCLOUD_|AWS_|HTTPS?_PROXY$|NO_PROXY$|SSL_CERT_)/i;

const sha = (...parts) => {
  const h = crypto.createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** Whether verdicts may be replayed (STATE_BACKENDS_TIER_MEMO=off: run every file). */
const replaying = (env = process.env) => env.STATE_BACKENDS_TIER_MEMO !== 'off';

/** The files git lists in `root` (tracked, and new ones not ignored), or undefined outside a checkout. */
function listed(root) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return undefined;
  // (a tracked file deleted on disk is not read)
  return [...new Set(r.stdout.split('\0').filter(Boolean))].sort().filter((f) => fs.existsSync(path.join(root, f)));
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
 * The key every test file of a tier shares: the checkout but the test files and OUTSIDE, the tools,
 * the environment. Undefined outside a git checkout.
 */
function sharedKey(tier, { root = ROOT, env = process.env } = {}) {
  const files = listed(root);
  if (!files) return undefined;
  const read = files.filter((f) => !f.endsWith('.test.ts') && !OUTSIDE.some((o) => (o.endsWith('/') ? f.startsWith(o) : f === o)));
  const h = crypto.createHash('sha256');
  for (const f of read) h.update(f).update('\0').update(fs.readFileSync(path.join(root, f))).update('\0');
  const tools = TOOLS.map((t) => `${t}=${toolIdentity(t, env)}`);
  const environment = Object.entries(env).filter(([k]) => READ.test(k)).sort(([a], [b]) => a.localeCompare(b));
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
 * Which of `files` (relative to `root`) run live and which replay: each file's key (the shared key,
 * its path and contents) and, for those that replay, the verdict remembered under it.
 */
function plan(tier, files, { root = ROOT, env = process.env, now = Date.now() } = {}) {
  const shared = replaying(env) ? sharedKey(tier, { root, env }) : undefined;
  const keys = {};
  const live = [];
  const replayed = [];
  for (const f of files) {
    if (shared === undefined) {
      live.push(f);
      continue;
    }
    keys[f] = sha(shared, f, fs.readFileSync(path.join(root, f)));
    let entry;
    try {
      entry = JSON.parse(fs.readFileSync(entryFile(tier, keys[f], env), 'utf8'));
    } catch {
      entry = undefined; // (never passed under this key, or unreadable: run it)
    }
    if (entry && now - entry.at < DRIFT_DAYS * 86_400_000) replayed.push({ file: f, entry });
    else live.push(f);
  }
  return { live, replayed, keys, why: shared === undefined ? (replaying(env) ? 'not a git checkout' : 'STATE_BACKENDS_TIER_MEMO=off') : undefined };
}

/** Keeps the verdict of every file of jest's report (`--json`) that passed, under its key. */
function record(tier, keys, report, { root = ROOT, env = process.env, now = Date.now() } = {}) {
  let kept = 0;
  for (const r of report.testResults ?? []) {
    const file = path.relative(root, r.name).split(path.sep).join('/');
    const key = keys[file];
    const counts = { passed: 0, skipped: 0, failed: 0 };
    for (const a of r.assertionResults ?? []) {
      if (a.status === 'passed') counts.passed++;
      else if (a.status === 'failed') counts.failed++;
      else counts.skipped++;
    }
    // (jest's report calls a file that passed with skipped tests "focused")
    if (!key || r.status === 'failed' || r.failureMessage || counts.failed > 0 || counts.passed === 0) continue;
    const target = entryFile(tier, key, env);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ at: now, file, ...counts, seconds: Math.round((r.endTime - r.startTime) / 1000) }));
    fs.renameSync(tmp, target);
    kept++;
  }
  return kept;
}

/** What a replay says: a line per replayed file and the totals. */
function describe(tier, { replayed, live }) {
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

module.exports = { plan, record, describe, testFiles, sharedKey, DRIFT_DAYS, OUTSIDE };

if (require.main === module) {
  const [command, tier, ...dirs] = process.argv.slice(2);
  if (command !== 'live' || !tier || dirs.length === 0) {
    process.stderr.write('usage: tier-memo.js live TIER DIR...\n');
    process.exit(2);
  }
  process.exit(plan(tier, testFiles(dirs)).live.length > 0 ? 0 : 1);
}
