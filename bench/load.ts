/**
 * Module load cost: a fresh `node` process that requires this library (the compiled lib/index.js,
 * which also loads cdktf and constructs) against one that requires `cdktf` alone. Each is run N
 * times, alternating, after two discarded warm-up processes of each.
 *
 * Measured in the child: the wall time of the `require` call and of reading `GcsBackend` from what
 * it returns (lib/index.js loads a public module when its export is first read:
 * scripts/lazy-index.js; cdktf's index loads everything at once), and the heap left behind (after
 * a gc). Measured by the parent: the wall time of the whole process (node boot included).
 *
 * Standalone: `ts-node -T --project tsconfig.dev.json bench/load.ts [--runs=N]`
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { median, mib, ms, table } from './stats';

export interface LoadTarget {
  readonly name: string;
  /** What the child requires (an absolute path or a package name). */
  readonly request: string;
}

export interface LoadResult {
  readonly target: string;
  readonly runs: number;
  readonly requireMs: number;
  readonly processMs: number;
  readonly heapMiB: number;
}

/** The compiled package, as `require('cdktf-state-backends')` resolves it (package.json `main`). */
export function libraryEntry(): string {
  return path.join(__dirname, '..', 'lib', 'index.js');
}

export function loadTargets(): LoadTarget[] {
  return [
    { name: "require('cdktf-state-backends') (lib/index.js, loads cdktf too)", request: libraryEntry() },
    { name: "require('cdktf')", request: 'cdktf' },
  ];
}

/** What an app of one backend reads first, in both packages. */
const FIRST_EXPORT = 'GcsBackend';

const CHILD = `
const t0 = process.hrtime.bigint();
if (typeof require(process.argv[1])[process.argv[2]] !== 'function') throw new Error('no ' + process.argv[2]);
const t1 = process.hrtime.bigint();
global.gc();
process.stdout.write(JSON.stringify({ requireMs: Number(t1 - t0) / 1e6, heap: process.memoryUsage().heapUsed }));
`;

interface ChildSample {
  readonly requireMs: number;
  readonly processMs: number;
  readonly heap: number;
}

function runChild(request: string, cwd: string): ChildSample {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', CHILD, request, FIRST_EXPORT], { cwd, encoding: 'utf8' });
  const processMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`child failed for ${request}: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { requireMs: number; heap: number };
  return { requireMs: out.requireMs, processMs, heap: out.heap };
}

export function measureModuleLoad(runs: number, log: (line: string) => void = () => undefined): LoadResult[] {
  const cwd = path.join(__dirname, '..');
  const targets = loadTargets();
  for (let i = 0; i < 2; i++) targets.forEach((t) => runChild(t.request, cwd));
  const samples = targets.map(() => [] as ChildSample[]);
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) samples[k].push(runChild(targets[k].request, cwd));
  }
  const results = targets.map((t, k) => ({
    target: t.name,
    runs,
    requireMs: median(samples[k].map((s) => s.requireMs)),
    processMs: median(samples[k].map((s) => s.processMs)),
    heapMiB: median(samples[k].map((s) => s.heap)) / 1024 / 1024,
  }));
  log(`module load: ${results.map((r) => `${r.target} ${ms(r.requireMs)} ms`).join('; ')}`);
  return results;
}

export function moduleLoadMarkdown(results: readonly LoadResult[]): string {
  const [ours, cdktf] = results;
  const rows = results.map((r) => [r.target, String(r.runs), ms(r.requireMs), ms(r.processMs), mib(r.heapMiB * 1024 * 1024)]);
  return [
    table(['fresh process', 'runs', `require() and .${FIRST_EXPORT}, median ms`, 'whole process median ms', 'heap after require (MiB, after gc)'], rows),
    '',
    `This library on top of cdktf: +${ms(ours.requireMs - cdktf.requireMs)} ms of require time ` +
      `(${((ours.requireMs / cdktf.requireMs - 1) * 100).toFixed(1)} %), ` +
      `+${ms(ours.processMs - cdktf.processMs)} ms of process time, ` +
      `+${(ours.heapMiB - cdktf.heapMiB).toFixed(2)} MiB of heap.`,
  ].join('\n');
}

if (require.main === module) {
  const arg = process.argv.find((a) => a.startsWith('--runs='));
  const runs = arg ? Number(arg.slice('--runs='.length)) : 30;
  console.log(moduleLoadMarkdown(measureModuleLoad(runs, console.error)));
}
