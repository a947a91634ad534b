#!/usr/bin/env node
// The one place that decides where the judges, the emulators and other built test tools are cached:
// $STATE_BACKENDS_CACHE when set, else ~/.cache/cdktf-state-backends with ~ taken from $HOME
// (as bash, Python and Node resolve it; never Java's user.home, which ignores $HOME).
// Every projen task gets the result as STATE_BACKENDS_CACHE (projenrc/judges.ts), so the bash
// scripts, jest, pytest and the JUnit suite are all told the same path.
'use strict';
const os = require('os');
const path = require('path');

function cacheDir(env = process.env) {
  if (env.STATE_BACKENDS_CACHE) return path.resolve(env.STATE_BACKENDS_CACHE);
  const home = env.HOME || os.homedir();
  return path.join(home, '.cache', 'cdktf-state-backends');
}

module.exports = { cacheDir };
if (require.main === module) process.stdout.write(cacheDir());
