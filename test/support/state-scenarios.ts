/**
 * The scenario bodies the run-time judges of COS and OSS share (both keep a workspace's state at
 * `<prefix>/<workspace>/<key>` and the default one at `<prefix>/<key>`). A suite gives a `StoreRun`
 * (how to run its judge in its namespace, how to list and read what the store holds) and keeps the
 * `test(scenario(...))` lines, so test/runtime/scenarios.test.ts sees every scenario in the suites.
 * Every step is checked from the stored objects, never from exit codes alone.
 */
import * as fs from 'fs';
import * as path from 'path';
import { RunResult, StoredState, parseState } from './emulators';
import { Judge } from './judges';

export interface StoreRun {
  readonly judge: Judge;
  /** Credentials the run has from its env vars, which no consumer configuration may hold. */
  readonly secrets: readonly string[];
  /** Runs the judge in the store's namespace, in `dir`, with the store's env vars and `extra`. */
  run(dir: string, args: readonly string[], extra?: Record<string, string>): RunResult;
  runAsync(dir: string, args: readonly string[]): Promise<RunResult>;
  /** The keys under `prefix`, sorted. */
  list(prefix: string): string[];
  /** An object's content, or undefined. */
  read(key: string): string | undefined;
}

export const INIT = ['init', '-input=false', '-no-color'];
export const apply = (...vars: string[]) => ['apply', '-auto-approve', '-input=false', '-no-color', ...vars.flatMap((v) => ['-var', v])];

/** The run, or a failure showing its output. */
export function ok(s: StoreRun, r: RunResult): RunResult {
  if (r.status !== 0) throw new Error(`${s.judge.name} failed:\n${r.output}`);
  return r;
}

export function stored(s: StoreRun, key: string): StoredState {
  const body = s.read(key);
  if (body === undefined) throw new Error(`no object ${key}`);
  return parseState(body);
}

/** Where a layout keeps each workspace's state, and the prefix that lists them all. */
export interface Layout {
  readonly list: string;
  readonly key: (workspace: string) => string;
}

/**
 * init, apply, a workspace "blue" and its apply, `state pull` against the stored objects, and
 * `workspace delete`: each object at its documented place, and only the deleted one gone.
 */
export function roundTrip(s: StoreRun, dir: string, where: Layout): { first: StoredState; blue: StoredState } {
  ok(s, s.run(dir, INIT));
  ok(s, s.run(dir, apply('n=1')));
  const first = stored(s, where.key('default'));
  ok(s, s.run(dir, ['workspace', 'new', '-no-color', 'blue']));
  // Creating the workspace left the default state as it was (a failed read would empty it).
  expect(stored(s, where.key('default'))).toEqual(first);
  ok(s, s.run(dir, apply('n=2')));

  // Each workspace has its own object, with its serial, lineage and outputs.
  expect(s.list(where.list)).toEqual([where.key('blue'), where.key('default')].sort());
  expect(first.outputs).toEqual({ n: '1', ws: 'default' });
  expect(first.serial).toBeGreaterThanOrEqual(1);
  const blue = stored(s, where.key('blue'));
  expect(blue.outputs).toEqual({ n: '2', ws: 'blue' });
  expect(blue.lineage).not.toBe(first.lineage);

  // `state pull` is the stored object, in each workspace.
  expect(JSON.parse(ok(s, s.run(dir, ['state', 'pull'])).stdout)).toEqual(JSON.parse(s.read(where.key('blue'))!));
  ok(s, s.run(dir, ['workspace', 'select', '-no-color', 'default']));
  expect(JSON.parse(ok(s, s.run(dir, ['state', 'pull'])).stdout)).toEqual(JSON.parse(s.read(where.key('default'))!));

  // `workspace delete` removes the workspace's object and nothing else.
  ok(s, s.run(dir, ['workspace', 'delete', '-force', '-no-color', 'blue']));
  expect(s.list(where.list)).toEqual([where.key('default')]);
  expect(stored(s, where.key('default'))).toEqual(first);
  expect(ok(s, s.run(dir, ['workspace', 'list', '-no-color'])).stdout.trim()).toBe('* default');
  return { first, blue };
}

/**
 * A producer applied in the default workspace (n=10) and in "green" (n=20); a consumer built by
 * `consumer` reads both through the library's remote state. Returns the consumer's warnings.
 */
export function remoteStateRead(s: StoreRun, producer: string, consumer: () => { dir: string; warnings: string[] }, where: Layout): string[] {
  ok(s, s.run(producer, INIT));
  ok(s, s.run(producer, apply('n=10')));
  ok(s, s.run(producer, ['workspace', 'new', '-no-color', 'green']));
  ok(s, s.run(producer, apply('n=20')));
  expect(stored(s, where.key('default')).outputs).toEqual({ n: '10', ws: 'default' });
  expect(stored(s, where.key('green')).outputs).toEqual({ n: '20', ws: 'green' });

  const { dir, warnings } = consumer();
  ok(s, s.run(dir, INIT));
  ok(s, s.run(dir, apply()));
  const out = JSON.parse(ok(s, s.run(dir, ['output', '-json'])).stdout);
  expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, (v as { value: unknown }).value]))).toEqual({
    dflt_n: '10', dflt_ws: 'default', green_n: '20', green_ws: 'green',
  });
  const config = fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8');
  for (const secret of s.secrets) expect(config).not.toContain(secret);
  return warnings;
}

/**
 * Two stacks of one app, the consumer referring to the producer's resource (a cdktf cross-stack
 * reference): applied in the default workspace and in "green". The producer's backend holds the
 * run's credentials literally; the consumer's remote state must not (it takes them from env vars).
 */
export function crossStackRead(
  s: StoreRun, stacks: { producer: string; consumer: string }, file: string, where: { producer: Layout; consumer: Layout },
): void {
  const { producer: p, consumer: c } = stacks;
  for (const [ws, n] of [['default', 'cross-42'], ['green', 'cross-43']]) {
    if (ws === 'default') {
      ok(s, s.run(p, INIT));
      ok(s, s.run(c, INIT));
    } else {
      ok(s, s.run(p, ['workspace', 'new', '-no-color', ws]));
      ok(s, s.run(c, ['workspace', 'new', '-no-color', ws]));
    }
    ok(s, s.run(p, apply(`n=${n}`)));
    ok(s, s.run(c, apply()));
  }
  // Each consumer state holds the value of its workspace, read from the producer's stored state.
  expect(stored(s, where.consumer.key('default')).outputs).toEqual({ n: 'cross-42' });
  expect(stored(s, where.consumer.key('green')).outputs).toEqual({ n: 'cross-43' });
  expect(s.list(where.producer.list)).toEqual([where.producer.key('default'), where.producer.key('green')].sort());
  // The credentials were in the producer's configuration and stayed out of the consumer's.
  const producerConfig = fs.readFileSync(path.join(p, file), 'utf8');
  const consumerConfig = fs.readFileSync(path.join(c, file), 'utf8');
  for (const secret of s.secrets) {
    expect(producerConfig).toContain(secret);
    expect(consumerConfig).not.toContain(secret);
  }
}
