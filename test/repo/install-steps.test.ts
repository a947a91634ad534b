/**
 * The install steps' first-time branches (scripts/install-key.js, install-lib.sh). Each step's
 * cached result counts only under the key it was built with: the hash of the step's script and of
 * the environment every projen task gets. A change to either makes every machine, CI included, take
 * the first-time branch again, the way a fresh machine does; a warm cache is never the only way a
 * step has run since it changed (cdktf-cli's `init` once failed on a task variable only where its
 * app was not cached yet). `npm run test:cold` runs the whole test with every cache empty.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { installKey, taskEnv } = require('../../scripts/install-key.js') as {
  installKey: (files: string[], env?: Record<string, string>) => string;
  taskEnv: () => Record<string, string>;
};

const ROOT = path.join(__dirname, '..', '..');
const SCRIPTS = path.join(ROOT, 'scripts');

function scratchScript(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'install-key-')), 'step.sh');
  fs.writeFileSync(file, text);
  return file;
}

test('the key changes with the script and with the tasks\' environment, and only with them', () => {
  // GIVEN a step and the tasks' environment
  const step = scratchScript('echo install\n');
  const env = taskEnv();
  const key = installKey([step], env);

  // THEN the same inputs give the same key
  expect(installKey([step], { ...env })).toBe(key);
  expect(key).toMatch(/^[0-9a-f]{16}$/);
  // and a variable added to every task, or a changed script, give another
  expect(installKey([step], { ...env, STATE_BACKENDS_SOMETHING: '1' })).not.toBe(key);
  fs.appendFileSync(step, 'echo more\n');
  expect(installKey([step], env)).not.toBe(key);
});

test('a result counts only under the key it was built with', () => {
  // GIVEN a cached result stamped with one key
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-lib-'));
  const lib = path.join(SCRIPTS, 'install-lib.sh');
  const run = (body: string) => execFileSync('bash', ['-c', `. '${lib}'; ${body}`], { encoding: 'utf8' }).trim();

  // THEN it is current under that key, and not under another, nor before it is stamped
  expect(run(`current '${dir}' k1 && echo yes || echo no`)).toBe('no');
  run(`stamp '${dir}' k1`);
  expect(run(`current '${dir}' k1 && echo yes || echo no`)).toBe('yes');
  expect(run(`current '${dir}' k2 && echo yes || echo no`)).toBe('no');
});

test('every install script keys what it caches', () => {
  // GIVEN the scripts that install something into the cache the first time they run
  const installers = fs.readdirSync(SCRIPTS).filter((f) => f.endsWith('.sh'))
    .filter((f) => /\bfirst time\b/.test(fs.readFileSync(path.join(SCRIPTS, f), 'utf8')));
  expect(installers.sort()).toEqual(['emulators.sh', 'framework-clis.sh', 'go-bindings.sh', 'judges.sh', 'providers.sh']);

  // THEN each computes its key and stamps what it built with it
  for (const f of installers) {
    const text = fs.readFileSync(path.join(SCRIPTS, f), 'utf8');
    expect([f, /install_key /.test(text), /\bstamp "/.test(text), /\bcurrent "/.test(text)]).toEqual([f, true, true, true]);
  }
});
