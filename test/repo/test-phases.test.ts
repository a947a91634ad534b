/**
 * The time table stays true: `npm test` prints the time of each of its phases and background jobs
 * (scripts/test-run.js, the steps projenrc/tiers.ts writes), `npm run test:cold` adds `npm ci`, and
 * CONTRIBUTING.md's "Test time by phase" has a row, cold and warm, for each. A phase the run prints
 * that the table lacks fails here. And the background jobs behave: a job that fails fails the
 * foreground where it waits for it, and a job the run did not wait for is stopped with the run.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'test-run.js');

/** The phases and jobs the `npm test` task runs, by the names the run prints. */
function printedPhases(): string[] {
  const tasks = JSON.parse(fs.readFileSync(path.join(ROOT, '.projen', 'tasks.json'), 'utf8')).tasks;
  const names: string[] = [];
  for (const step of tasks.test.steps as Array<{ exec?: string }>) {
    const m = /^node scripts\/test-run\.js (phase|start) (\S+)/.exec(step.exec ?? '');
    if (m) names.push(m[2]);
  }
  return names;
}

/** The first cell of each row of the table under "## Test time by phase". */
function tableRows(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = text.slice(text.indexOf('## Test time by phase'));
  const table = section.slice(section.indexOf('\n|')).split('\n\n')[0];
  return table.split('\n').filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l)).map((l) => l.split('|')[1].trim());
}

test('every phase npm test prints, and npm ci, has its row in CONTRIBUTING\'s table of times', () => {
  // GIVEN the phases and jobs of the test task, and the one test:cold adds
  const phases = ['npm ci', ...printedPhases()];
  expect(phases).toEqual(expect.arrayContaining(['tsc', 'tier:unit', 'install:judges']));

  // THEN the table names each (`name` in its first column)
  const rows = tableRows();
  expect(phases.filter((p) => !rows.some((r) => r.includes(`\`${p}\``)))).toEqual([]);
});

test('the table has a cold and a warm figure for each row', () => {
  const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = text.slice(text.indexOf('## Test time by phase'));
  const lines = section.slice(section.indexOf('\n|')).split('\n\n')[0].split('\n').filter((l) => l.startsWith('|'));
  expect(lines[0].split('|').slice(1, -1).map((c) => c.trim().split(' ')[0])).toEqual(['phase', 'cold', 'warm']);
  expect(lines.slice(2).filter((l) => l.split('|').slice(2, 4).some((c) => c.trim() === ''))).toEqual([]);
});

describe('scripts/test-run.js', () => {
  // GIVEN a run in a directory of its own, its steps run by one owner process as projen runs them
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-run-'));
  const steps = (lines: string[]) => {
    const script = lines.map((l) => `node ${SCRIPT} ${l} || exit $?`).join('\n');
    return spawnSync('bash', ['-c', script], { env: { ...process.env, STATE_BACKENDS_RUN_DIR: dir }, encoding: 'utf8' });
  };

  test('a background job\'s failure fails the step that waits for it, with its log', () => {
    const r = steps(['begin', 'start install:x -- sh -c "echo building x; exit 3"', 'phase tier:a', 'wait install:x', 'phase tier:b']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('building x');
    expect(r.stdout).toContain('install:x: FAILED (3)');
    expect(r.stdout).not.toContain('tier:b');
  });

  test('a job after one that failed does not run, and the end fails', () => {
    const r = steps(['begin', 'start install:x -- sh -c "exit 3"', 'start tier:y --after install:x -- printf %s%s Y RAN', 'end']);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('YRAN');
    expect(r.stdout).toMatch(/tier:y: FAILED \(skipped: install:x did not succeed\)/);
  });

  test('the end prints the time of every phase and job', () => {
    const r = steps(['begin', 'start install:x -- sh -c "sleep 1"', 'phase tsc', 'phase tier:a', 'wait install:x', 'end']);
    expect(r.status).toBe(0);
    const table = r.stdout.slice(r.stdout.indexOf('phase times'));
    for (const name of ['tsc', 'tier:a', 'install:x', 'in all']) expect(table).toMatch(new RegExp(`\\d+ s  ${name}`));
  });

  test('a job the run did not wait for is stopped when the run is over', () => {
    const r = steps(['begin', 'start tier:slow -- sleep 60']);
    expect(r.status).toBe(0);
    // WHEN the owner (the bash running the steps) is gone THEN the job is stopped within seconds
    const result = path.join(dir, 'jobs', 'tier:slow.result.json');
    for (let i = 0; i < 40 && !fs.existsSync(result); i++) execFileSync('sleep', ['0.25']);
    expect(JSON.parse(fs.readFileSync(result, 'utf8')).status).toBe('stopped');
  });
});
