/**
 * One run of the README-patterns benchmark, in a fresh node process: what `cdktf synth` runs for a
 * TypeScript app, minus the CLI. bench/patterns.ts transpiles this file and ./patterns-app.ts
 * (into node_modules/.cache, where `cdktf` resolves) and starts it once per run:
 *
 *   node patterns-child.js <pattern> <a|b|l> <stacks> <outdir> <library dir>
 *
 * It loads cdktf (and for variant a the library, the compiled lib/ as npm users get it), builds
 * the app, synthesizes it into <outdir>, and prints one line `RESULT {...}`: the wall and CPU time
 * of each phase, measured here, and the CPU time of the whole process. The driver measures the
 * process's wall time from outside. Variant l (bench/patterns.ts --floor) loads the library as a
 * does, then builds and synthesizes b's app: what loading alone costs an app.
 */
import type * as Lib from '../src';
import type { Variant } from './app';
import type * as App from './patterns-app';

/** Milliseconds of CPU (user and system) this process has used since it started. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function main(): void {
  const [pattern, variant, stacks, outdir, libDir] = process.argv.slice(2);
  const t0 = performance.now();
  const c0 = cpuMs();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildApp, CLASS_NAMES, SPECS } = require('./patterns-app') as typeof App;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = variant === 'a' || variant === 'l' ? (require(libDir) as typeof Lib) : undefined;
  // The library's index loads a public module when its export is first read (scripts/lazy-index.js):
  // the pattern's backend class is read here, so that setup holds the modules the app loads.
  if (lib && typeof lib[CLASS_NAMES[SPECS[pattern as App.Pattern].store]] !== 'function') throw new Error('the library has no backend class');
  // (variant l loads what a's app reads while it is built, too: StateBackendValue for fromInit)
  if (variant === 'l' && SPECS[pattern as App.Pattern].fromInit && typeof lib!.StateBackendValue !== 'function') throw new Error('the library has no StateBackendValue');
  const t1 = performance.now();
  const c1 = cpuMs();
  const app = buildApp(pattern as App.Pattern, variant === 'l' ? 'b' : (variant as Variant), Number(stacks), outdir, lib);
  const t2 = performance.now();
  const c2 = cpuMs();
  app.synth();
  const t3 = performance.now();
  const c3 = cpuMs();
  const result = {
    setupMs: t1 - t0,
    buildMs: t2 - t1,
    synthMs: t3 - t2,
    cpuSetupMs: c1 - c0,
    cpuBuildMs: c2 - c1,
    cpuSynthMs: c3 - c2,
    cpuMs: c3,
    runtime: `Node.js ${process.version}`,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main();
