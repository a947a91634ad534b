/**
 * Synth cost of this library's constructs against cdktf's built-ins, side by side (issue 5).
 *
 * For each size S, an app of S stacks is built and synthesized, each stack holding one OSS
 * backend and R remote states (COS and AzureRM alternating); see ./app.ts. One run = building the
 * construct tree (every check of this library runs there) + `app.synth()` into a fresh temp
 * outdir (cdktf writes the files; both variants write the same set). Runs of variant (a) (this
 * library) and (b) (cdktf's built-ins) alternate in one process, in pairs whose order flips
 * (ab, ba, ab, ...), after a warm-up; every run starts from a full gc.
 *
 * Reported per size: median wall time per variant, the median of the per-pair ratios a/b with its
 * spread, the median time of the two phases (build, synth), peak and retained heap, and the bytes
 * of the synthesized cdk.tf.json files. Then time per stack across sizes (linearity) and the module
 * load cost (./load.ts). The markdown goes to stdout and to bench/results/typescript.md.
 *
 * Usage: ts-node -T --project tsconfig.dev.json bench/synth.ts [options]
 *   --sizes=10,100,1000      stacks per app
 *   --remote-states=20       remote states per stack
 *   --pairs=10:200,100:30,1000:12  measured pairs per size (S=10 runs are short and noisy, so many)
 *   --warmup=20              warm-up pairs at the smallest size (plus one pair per size)
 *   --from=lib|src           where variant (a) comes from (default lib: run `npx projen compile`)
 *   --load-runs=30           fresh processes per target for the module-load table (0 skips it)
 *   --quick                  a smoke run: sizes 10,100, few pairs, few load runs
 *   --tmpdirs=<dir>,<dir>    one pass per dir, where the outdirs are created (default: the OS temp
 *                            dir, then /dev/shm when it exists: memory, so the disk's noise drops out)
 *   --out=<file>             where the markdown goes (default bench/results/typescript.md)
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import * as v8 from 'v8';
import * as vm from 'vm';
import { LibrarySource, VARIANTS, VARIANT_NAMES, Variant, buildApp, constructsFor, loadLibrary, outputBytes } from './app';
import { measureModuleLoad, moduleLoadMarkdown } from './load';
import { machine, machineMarkdown } from './machine';
import { logLogSlope, median, mib, ms, quantile, ratio, table } from './stats';

interface Options {
  readonly sizes: number[];
  readonly remoteStates: number;
  readonly pairs: Map<number, number>;
  readonly warmup: number;
  readonly from: LibrarySource;
  readonly loadRuns: number;
  readonly tmpdirs: string[];
  readonly out: string;
}

interface Sample {
  readonly buildMs: number;
  readonly synthMs: number;
  readonly totalMs: number;
  /** Highest used heap during the run, above the heap before it (bytes). */
  readonly peakHeap: number;
  /** Used heap after the run with the app still alive, after a full gc, above the heap before it. */
  readonly retainedHeap: number;
  readonly gcMs: number;
  readonly files: number;
  readonly bytes: number;
}

/** What every run shares. */
interface Bench {
  readonly lib: ReturnType<typeof loadLibrary>;
  readonly remoteStates: number;
  readonly tmpdir: string;
}

interface SizeResult {
  readonly stacks: number;
  readonly pairs: number;
  readonly samples: Record<Variant, Sample[]>;
  readonly ratios: number[];
}

const gc = exposeGc();

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const lib = loadLibrary(options.from);
  const log = (line: string) => console.error(line);
  const sections: string[] = [];
  const started = performance.now();
  for (const tmpdir of options.tmpdirs) {
    const bench: Bench = { lib, remoteStates: options.remoteStates, tmpdir };
    sections.push(runPass(options, bench, log));
  }
  if (options.loadRuns > 0) {
    sections.push(['### Module load (fresh process)', '', moduleLoadMarkdown(measureModuleLoad(options.loadRuns, log))].join('\n'));
  }
  const minutes = (performance.now() - started) / 60000;
  const markdown = [
    `## TypeScript: (a) ${VARIANT_NAMES.a} vs (b) ${VARIANT_NAMES.b}`,
    '',
    `${new Date().toISOString()}; the whole run took ${minutes.toFixed(1)} min; variant (a) loaded from \`${options.from}/\`.`,
    machineMarkdown(machine()),
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n').trimEnd();
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, markdown + '\n');
  console.log(markdown);
  log(`written to ${path.relative(process.cwd(), options.out)}`);
}

/** Every size, with outdirs under `bench.tmpdir`: a warm-up, then per size a checked pair and the measured pairs. */
function runPass(options: Options, bench: Bench, log: (line: string) => void): string {
  const loadBefore = os.loadavg()[0];
  const t0 = performance.now();
  log(`outdirs in ${bench.tmpdir}; warm-up: ${options.warmup} pairs at S=${options.sizes[0]}`);
  for (let i = 0; i < options.warmup; i++) {
    for (const v of VARIANTS) runOnce(bench, v, options.sizes[0]);
  }

  const results: SizeResult[] = [];
  for (const stacks of options.sizes) {
    checkEquivalent(bench, stacks);
    const pairs = options.pairs.get(stacks) ?? 10;
    const samples: Record<Variant, Sample[]> = { a: [], b: [] };
    const ratios: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const order: Variant[] = i % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      const pair = {} as Record<Variant, Sample>;
      for (const v of order) pair[v] = runOnce(bench, v, stacks);
      samples.a.push(pair.a);
      samples.b.push(pair.b);
      ratios.push(pair.a.totalMs / pair.b.totalMs);
      log(`S=${stacks} pair ${i + 1}/${pairs}: a ${ms(pair.a.totalMs)} ms, b ${ms(pair.b.totalMs)} ms, a/b ${ratio(ratios[ratios.length - 1])}`);
    }
    results.push({ stacks, pairs, samples, ratios });
  }
  const run: RunInfo = { minutes: (performance.now() - t0) / 60000, loadBefore, loadAfter: os.loadavg()[0] };
  return report(options, bench, results, run);
}

/** One build + synth of variant `v` into a fresh temp dir, from a clean heap. */
function runOnce(bench: Bench, v: Variant, stacks: number, keep?: string): Sample {
  const outdir = keep ?? fs.mkdtempSync(path.join(bench.tmpdir, `bench-${v}-`));
  const c = constructsFor(v, bench.lib);
  gc();
  const before = process.memoryUsage().heapUsed;
  const profiler = new v8.GCProfiler();
  profiler.start();
  const t0 = performance.now();
  let app: ReturnType<typeof buildApp> | undefined = buildApp(c, stacks, bench.remoteStates, outdir);
  const t1 = performance.now();
  app.synth();
  const t2 = performance.now();
  const after = process.memoryUsage().heapUsed;
  const gcs = profiler.stop()?.statistics ?? [];
  const peak = Math.max(after, ...gcs.map((s) => s.beforeGC.heapStatistics.usedHeapSize));
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  app = undefined;
  const { files, bytes } = outputBytes(outdir);
  if (!keep) fs.rmSync(outdir, { recursive: true, force: true });
  return {
    buildMs: t1 - t0,
    synthMs: t2 - t1,
    totalMs: t2 - t0,
    peakHeap: peak - before,
    retainedHeap: retained,
    // `cost` is in microseconds.
    gcMs: gcs.reduce((sum, s) => sum + s.cost, 0) / 1000,
    files,
    bytes,
  };
}

/**
 * Both variants must write the same configuration: the same stacks, backends, remote states and
 * keys with the same values. The one difference allowed is that (a) emits a remote state's COS
 * `assume_role` as a one-element list (the only form Terraform accepts in `config`) where cdktf
 * emits an object. Neither variant may record a warning.
 */
function checkEquivalent(bench: Bench, stacks: number): void {
  const dirs = {} as Record<Variant, string>;
  for (const v of VARIANTS) {
    dirs[v] = fs.mkdtempSync(path.join(bench.tmpdir, `bench-check-${v}-`));
    runOnce(bench, v, stacks, dirs[v]);
  }
  try {
    for (const v of VARIANTS) {
      const manifest = JSON.parse(fs.readFileSync(path.join(dirs[v], 'manifest.json'), 'utf8'));
      const annotations = Object.values(manifest.stacks as Record<string, { annotations?: unknown[] }>).flatMap((s) => s.annotations ?? []);
      if (annotations.length > 0) throw new Error(`variant ${v} recorded annotations: ${JSON.stringify(annotations.slice(0, 3))}`);
    }
    for (let s = 0; s < stacks; s++) {
      const read = (v: Variant) => JSON.parse(fs.readFileSync(path.join(dirs[v], 'stacks', `stack-${s}`, 'cdk.tf.json'), 'utf8'));
      const a = read('a');
      const b = read('b');
      for (const block of Object.values((a.data?.terraform_remote_state ?? {}) as Record<string, { config: Record<string, unknown> }>)) {
        const role = block.config.assume_role;
        if (Array.isArray(role) && role.length === 1) block.config.assume_role = role[0];
      }
      if (!isDeepStrictEqual(a, b)) throw new Error(`stack-${s}: the two variants wrote different configurations`);
    }
  } finally {
    for (const v of VARIANTS) fs.rmSync(dirs[v], { recursive: true, force: true });
  }
  console.error(`S=${stacks}: outputs equivalent (assume_role list vs object only), no warnings in either variant`);
}

interface RunInfo {
  readonly minutes: number;
  /** 1-minute load average before and after: other work on the machine adds noise. */
  readonly loadBefore: number;
  readonly loadAfter: number;
}

function report(options: Options, bench: Bench, results: readonly SizeResult[], run: RunInfo): string {
  const R = options.remoteStates;
  const med = (r: SizeResult, v: Variant, f: (s: Sample) => number) => median(r.samples[v].map(f));
  const timing = results.map((r) => [
    String(r.stacks),
    String(r.stacks * (R + 1)),
    String(r.pairs),
    ms(med(r, 'a', (s) => s.totalMs)),
    ms(med(r, 'b', (s) => s.totalMs)),
    `**${ratio(median(r.ratios))}**`,
    `${ratio(quantile(r.ratios, 0.25))}-${ratio(quantile(r.ratios, 0.75))}`,
    `${ratio(Math.min(...r.ratios))}-${ratio(Math.max(...r.ratios))}`,
    `${ms(med(r, 'a', (s) => s.buildMs))} / ${ms(med(r, 'b', (s) => s.buildMs))}`,
    `${ms(med(r, 'a', (s) => s.synthMs))} / ${ms(med(r, 'b', (s) => s.synthMs))}`,
  ]);
  const memory = results.map((r) => {
    const bytes = (v: Variant) => r.samples[v][0].bytes;
    return [
      String(r.stacks),
      `${mib(med(r, 'a', (s) => s.peakHeap))} / ${mib(med(r, 'b', (s) => s.peakHeap))}`,
      `${mib(med(r, 'a', (s) => s.retainedHeap))} / ${mib(med(r, 'b', (s) => s.retainedHeap))}`,
      `${ms(med(r, 'a', (s) => s.gcMs))} / ${ms(med(r, 'b', (s) => s.gcMs))}`,
      `${r.samples.a[0].files} / ${r.samples.b[0].files}`,
      `${bytes('a')} / ${bytes('b')} (+${(((bytes('a') / bytes('b')) - 1) * 100).toFixed(1)} %)`,
    ];
  });
  const where = bench.tmpdir === os.tmpdir() ? 'the OS temp dir' : `\`${bench.tmpdir}\``;
  const pairs = results.map((r) => `S=${r.stacks}: ${r.pairs}`).join(', ');
  return [
    `### Outdirs in ${where} (${fsType(bench.tmpdir)})`,
    '',
    `- this pass took ${run.minutes.toFixed(1)} min; load average (1 min) ${run.loadBefore.toFixed(2)} before, ${run.loadAfter.toFixed(2)} after`,
    `- R = ${R} remote states per stack (COS and AzureRM alternating) + 1 OSS backend; ` +
      `warm-up ${options.warmup} pairs at S=${options.sizes[0]} plus one checked pair per size; measured pairs ${pairs}`,
    '',
    table(
      ['S', 'constructs', 'pairs', '(a) median ms', '(b) median ms', 'ratio a/b (median of pairs)', 'ratio IQR', 'ratio min-max', 'build ms a / b', 'synth ms a / b'],
      timing,
    ),
    '',
    table(['S', 'peak heap MiB a / b', 'retained heap MiB a / b', 'gc ms a / b', 'cdk.tf.json files a / b', 'cdk.tf.json bytes a / b'], memory),
    '',
    growthMarkdown(results, med, R),
  ].join('\n');
}

/**
 * Median time per stack at each size, and the log-log slope between consecutive sizes (1 means
 * linear; the step from the smallest size also absorbs the app's fixed cost, so it reads low).
 */
function growthMarkdown(results: readonly SizeResult[], med: (r: SizeResult, v: Variant, f: (s: Sample) => number) => number, R: number): string {
  const phases: Array<[string, (s: Sample) => number]> = [['total', (s) => s.totalMs], ['build', (s) => s.buildMs], ['synth', (s) => s.synthMs]];
  const steps = results.slice(1).map((r, i) => [results[i], r] as const);
  const rows = phases.flatMap(([phase, f]) =>
    VARIANTS.map((v) => [
      `${phase} (${v})`,
      ...results.map((r) => ms(med(r, v, f) / r.stacks)),
      ...steps.map(([x, y]) => logLogSlope([x.stacks, y.stacks], [med(x, v, f), med(y, v, f)]).toFixed(2)),
    ]),
  );
  const extra = (r: SizeResult) => ((med(r, 'a', (s) => s.buildMs) - med(r, 'b', (s) => s.buildMs)) * 1000) / (r.stacks * (R + 1));
  rows.push(['build (a) - build (b), µs per construct', ...results.map((r) => extra(r).toFixed(1)), ...steps.map(() => '')]);
  return [
    '#### Time per stack (ms), and growth',
    '',
    table(['median', ...results.map((r) => `S=${r.stacks}`), ...steps.map(([x, y]) => `slope ${x.stacks}→${y.stacks}`)], rows),
  ].join('\n');
}

function parseOptions(args: readonly string[]): Options {
  const get = (name: string): string | undefined => {
    const hit = args.find((a) => a.startsWith(`--${name}=`));
    return hit?.slice(name.length + 3);
  };
  const quick = args.includes('--quick');
  const unknown = args.filter((a) => !/^--(sizes|remote-states|pairs|warmup|from|load-runs|tmpdirs|out)=/.test(a) && a !== '--quick');
  if (unknown.length > 0) throw new Error(`unknown arguments: ${unknown.join(' ')} (see the header of bench/synth.ts)`);
  const sizes = (get('sizes') ?? (quick ? '10,100' : '10,100,1000')).split(',').map(Number);
  const pairs = new Map<number, number>(
    (get('pairs') ?? (quick ? '10:10,100:4' : '10:200,100:30,1000:12')).split(',').map((p) => p.split(':').map(Number) as [number, number]),
  );
  const from = get('from') ?? 'lib';
  if (from !== 'lib' && from !== 'src') throw new Error(`--from must be lib or src, got ${from}`);
  return {
    sizes,
    remoteStates: Number(get('remote-states') ?? 20),
    pairs,
    warmup: Number(get('warmup') ?? (quick ? 3 : 20)),
    from,
    loadRuns: Number(get('load-runs') ?? (quick ? 4 : 30)),
    tmpdirs: (get('tmpdirs') ?? defaultTmpdirs(quick)).split(',').map((d) => path.resolve(d === 'os' ? os.tmpdir() : d)),
    out: path.resolve(get('out') ?? path.join(__dirname, 'results', quick ? 'typescript-quick.md' : 'typescript.md')),
  };
}

/** The OS temp dir, then /dev/shm (tmpfs on Linux) when there is one; `--quick` does the first only. */
function defaultTmpdirs(quick: boolean): string {
  const shm = '/dev/shm';
  return !quick && fs.existsSync(shm) && path.resolve(os.tmpdir()) !== shm ? `os,${shm}` : 'os';
}

/** The file system type holding `dir` (from /proc/mounts), for the report. */
function fsType(dir: string): string {
  try {
    const mounts = fs.readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' ')).filter((f) => f.length > 2);
    const real = fs.realpathSync(dir);
    const best = mounts.filter(([, at]) => real === at || real.startsWith(at.endsWith('/') ? at : `${at}/`)).sort((x, y) => y[1].length - x[1].length)[0];
    return best ? best[2] : 'unknown fs';
  } catch {
    return 'unknown fs';
  }
}

/** `global.gc`, exposing it first when node was started without --expose-gc. */
function exposeGc(): () => void {
  const g = globalThis as { gc?: () => void };
  if (typeof g.gc === 'function') return g.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

main();
