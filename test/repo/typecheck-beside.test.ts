/**
 * scripts/typecheck-beside.js: the fast loop type-checks beside jest, and a type error fails the
 * loop as it did when the type-check ran first, whatever jest says; a failing command fails it too.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'typecheck-beside.js');

/**
 * A project of one module holding `source`, type-checked by TypeScript without its standard
 * library (the few global types a check needs are declared beside it), which takes a fifth of a
 * second where the standard library takes two.
 */
const GLOBALS = ['Array<T> { length: number; [n: number]: T }', 'Boolean {}', 'CallableFunction {}', 'Function {}', 'IArguments {}',
  'NewableFunction {}', 'Number {}', 'Object {}', 'RegExp {}', 'String {}'].map((t) => `interface ${t}\n`).join('');
const dirs: string[] = [];
function project(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typecheck-beside-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'globals.d.ts'), GLOBALS);
  fs.writeFileSync(path.join(dir, 'a.ts'), source);
  const compilerOptions = { noLib: true, strict: true, noEmit: true, types: [] };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['globals.d.ts', 'a.ts'] }));
  return path.join(dir, 'tsconfig.json');
}
const run = (tsconfig: string, command: string[]) => spawnSync(process.execPath, [SCRIPT, '--project', tsconfig, '--', ...command], { encoding: 'utf8' });
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

test('a type error fails the run though the command passed, and its message is printed', () => {
  // GIVEN a project with a type error, and a command that passes
  const r = run(project('export const n: number = "one";\n'), [process.execPath, '-e', 'console.log("jest passed")']);

  // THEN the command ran, and the run fails with tsc's error
  expect(r.stdout).toContain('jest passed');
  expect(r.stdout).toMatch(/a\.ts\(1,14\): error TS2322/);
  expect(r.stdout).toMatch(/tsc --noEmit -p \S+ FAILED \(2\)/);
  expect(r.status).not.toBe(0);
});

test('a failing command fails the run with its status, the type-check clean', () => {
  // GIVEN a project without one, and a command that exits 3
  const r = run(project('export const n: number = 1;\n'), [process.execPath, '-e', 'process.exit(3)']);

  // THEN the type-check passed, and the run fails with the command's status
  expect(r.stdout).toMatch(/tsc --noEmit -p \S+ passed/);
  expect(r.status).toBe(3);
});

test('both passing, the run passes', () => {
  expect(run(project('export const n: number = 1;\n'), [process.execPath, '-e', '']).status).toBe(0);
});

test('the type-check is incremental and still sees an error made after a clean run, and its fix', () => {
  // GIVEN a project checked clean once
  const tsconfig = project('export const n: number = 1;\n');
  const pass = [process.execPath, '-e', '0'];
  expect(run(tsconfig, pass).status).toBe(0);
  expect(fs.existsSync(path.join(path.dirname(tsconfig), 'tsconfig.tsbuildinfo'))).toBe(true);

  // WHEN an error is written into it, THEN the next run fails on it; and once fixed, passes
  fs.writeFileSync(path.join(path.dirname(tsconfig), 'a.ts'), 'export const n: number = "one";\n');
  expect(run(tsconfig, pass).stdout).toMatch(/a\.ts\(1,14\): error TS2322/);
  fs.writeFileSync(path.join(path.dirname(tsconfig), 'a.ts'), 'export const n: number = 2;\n');
  expect(run(tsconfig, pass).status).toBe(0);
});
