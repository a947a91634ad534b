/**
 * scripts/cache-dir.js is the one place that decides where built test tools are cached, and every
 * projen task is told its answer, so that no suite resolves `~` on its own (Java's user.home
 * ignores $HOME: with HOME set elsewhere the judges were built in one place and looked for in another).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cacheRoot } from '../support/judges';

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'cache-dir.js');

function cacheDirWith(env: Record<string, string>): string {
  const r = spawnSync(process.execPath, [SCRIPT], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  expect(r.status).toBe(0);
  return r.stdout;
}

test('the cache follows $HOME, not the account\'s home', () => {
  // GIVEN HOME set to a directory that is not the account's home
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'home-'));

  // WHEN the cache is resolved
  // THEN it is under that HOME
  expect(cacheDirWith({ HOME: home })).toBe(path.join(home, '.cache', 'cdktf-state-backends'));
});

test('STATE_BACKENDS_CACHE wins, made absolute', () => {
  // GIVEN an explicit, relative cache path
  // WHEN the cache is resolved
  // THEN it is that path, absolute
  expect(cacheDirWith({ HOME: '/nowhere', STATE_BACKENDS_CACHE: 'rel/cache' })).toBe(path.resolve('rel/cache'));
});

test('every projen task is told the cache the script decides', () => {
  // GIVEN the generated task file
  const tasks = JSON.parse(fs.readFileSync(path.join(ROOT, '.projen', 'tasks.json'), 'utf8'));

  // THEN its global environment sets the variable from the script, so bash, jest, pytest and JUnit share it
  expect(tasks.env.STATE_BACKENDS_CACHE).toBe('$(node scripts/cache-dir.js)');
});

test('the jest suites resolve the cache through the script', () => {
  // GIVEN this process's environment
  // THEN the suites' cache is the script's answer for it
  const override = process.env.STATE_BACKENDS_CACHE;
  const env = { HOME: process.env.HOME ?? os.homedir(), ...(override ? { STATE_BACKENDS_CACHE: override } : {}) };
  expect(cacheRoot()).toBe(cacheDirWith(env));
});
