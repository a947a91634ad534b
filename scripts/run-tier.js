#!/usr/bin/env node
// Runs jest on one tier of the test run (projenrc/tiers.ts holds the table).
//
//   node scripts/run-tier.js <projects> <dir>... -- [FILE...] [JEST OPTION...]
//
// <projects> is the jest projects (flavours) the tier runs in, comma-separated; the dirs are the
// tier's folders. After `--` come the user's arguments (projen appends them): files or folders
// given there select what runs, instead of the whole tier, and must lie inside it; options go to
// jest unchanged (`-t <name>`, `--verbose`, ...); any other word is refused (jest would read it as
// one more path pattern and run the whole tier). Without a selection the whole tier runs.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/** Splits the command line into the tier and the user's selection and jest options. */
function parse(argv) {
  const sep = argv.indexOf('--');
  const head = sep < 0 ? argv : argv.slice(0, sep);
  const tail = sep < 0 ? [] : argv.slice(sep + 1);
  const [projects, ...dirs] = head;
  if (!projects || dirs.length === 0) throw new Error('usage: run-tier.js <projects> <dir>... -- [FILE...] [JEST OPTION...]');
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
  return { projects: projects.split(','), dirs, selected, options };
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
function jestArgs({ projects, dirs, selected, options }) {
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
  return ['--ci', '--coverage=false', ...options, '--selectProjects', ...projects, '--testPathPatterns', ...patterns];
}

module.exports = { parse, jestArgs };

if (require.main === module) {
  let args;
  try {
    args = jestArgs(parse(process.argv.slice(2)));
  } catch (e) {
    process.stderr.write(`run-tier: ${e.message}\n`);
    process.exit(2);
  }
  const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
  const r = spawnSync(jest, args, { stdio: 'inherit', cwd: ROOT });
  process.exit(r.status ?? 1);
}
