#!/usr/bin/env node
// The key of an install step's cached result (the judges, the emulators, the framework CLIs, the Go
// bindings): a hash of what decides how the step runs on a fresh machine, namely the files that
// define it (the install script, and what it names besides) and the environment every projen task
// is given (`env` of .projen/tasks.json, as written). A cached result counts only under the key it
// was built with, so a change to either makes every machine, CI included, take the step's
// first-time branch once more: a warm cache is never the only way a step has run since it changed.
//
//   node scripts/install-key.js FILE...     prints the key (16 hex digits)
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/** The key for `files` (paths relative to the repository or absolute), given the task environment `env`. */
function installKey(files, env = taskEnv()) {
  const hash = crypto.createHash('sha256');
  for (const f of files) {
    hash.update(`${path.relative(ROOT, path.resolve(ROOT, f))}\0`);
    hash.update(fs.readFileSync(path.resolve(ROOT, f)));
    hash.update('\0');
  }
  hash.update(JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b))));
  return hash.digest('hex').slice(0, 16);
}

/** The environment projen gives every task, as the task file writes it. */
function taskEnv() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, '.projen', 'tasks.json'), 'utf8')).env ?? {};
}

module.exports = { installKey, taskEnv };

if (require.main === module) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    process.stderr.write('usage: install-key.js FILE...\n');
    process.exit(2);
  }
  process.stdout.write(installKey(files));
}
