/**
 * Where the time goes: runs `node --cpu-prof` on a child that builds and synthesizes the benchmark
 * app (variant a by default, S=100, R=20) several times after a warm-up, then summarizes the
 * profile. Only samples taken inside the measured runs count (the child wraps them in
 * `profiledRuns`), so module loading, ts-node and the warm-up are left out.
 *
 * Prints: self time by owner (this library, cdktf, constructs, node fs, gc, ...), the top
 * functions by self time, and the inclusive time of this library's entry points.
 *
 * Usage: ts-node -T --project tsconfig.dev.json bench/profile.ts [--variant=a|b] [--stacks=100]
 *        [--remote-states=20] [--runs=5] [--from=lib|src] [--tmpdir=<dir>] [--keep]
 * `--keep` leaves the .cpuprofile in bench/results/ (git-ignored) for Chrome DevTools.
 *
 * `--load[=8]` profiles instead loading the library: that many fresh node processes each load cdktf,
 * then `require` lib/ and read `GcsBackend` (what a one-backend GCS app loads: the index is lazy),
 * sampled every 100 µs; their samples inside that step are summed (BENCHMARKS.md, "Loading alone").
 *
 * `--kernel=<file.cpuprofile>` summarizes instead a profile of the jsii kernel of a Java or Python
 * run (bench/jsii-kernel-profile.js writes one): the samples below the kernel's `create` requests,
 * which is where every construct is built and checked.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LibrarySource, Variant, buildApp, constructsFor, loadLibrary } from './app';
import { ms, table } from './stats';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: number[];
}

interface CpuProfile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
  readonly timeDeltas: number[];
}

const ROOT = path.join(__dirname, '..');


function parentMain(args: readonly string[]): void {
  const get = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const kernel = get('kernel', '');
  if (kernel) {
    const profile = JSON.parse(fs.readFileSync(kernel, 'utf8')) as CpuProfile;
    console.log(summarize(profile, `jsii kernel, the \`create\` requests (${path.basename(kernel)})`, KERNEL_CREATE));
    return;
  }
  const load = args.find((a) => a === '--load' || a.startsWith('--load='));
  if (load) {
    console.log(profileLoad(Number(load.split('=')[1] ?? '8')));
    return;
  }
  const variant = get('variant', 'a');
  const stacks = get('stacks', '100');
  const remoteStates = get('remote-states', '20');
  const runs = get('runs', '5');
  const from = get('from', 'lib');
  const tmpdir = path.resolve(get('tmpdir', os.tmpdir()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'));
  const r = spawnSync(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, '-r', 'ts-node/register/transpile-only', __filename, '--child', variant, stacks, remoteStates, runs, from, tmpdir],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.dev.json' } },
  );
  if (r.status !== 0) throw new Error('profiled child failed');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  if (args.includes('--keep')) {
    const kept = path.join(__dirname, 'results', `profile-${variant}-S${stacks}.cpuprofile`);
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(path.join(dir, file), kept);
    console.error(`profile kept in ${path.relative(process.cwd(), kept)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const where = tmpdir === os.tmpdir() ? 'the OS temp dir' : tmpdir;
  console.log(summarize(profile, `variant (${variant}), S=${stacks}, R=${remoteStates}, ${runs} runs, library from ${from}/, outdirs in ${where}`));
}

/**
 * `processes` fresh node processes, each loading cdktf and then, inside `profiledLoad`, the
 * library's index and its `GcsBackend`; the profiles are merged (node ids made unique) and summarized.
 */
function profileLoad(processes: number): string {
  const lib = path.join(ROOT, 'lib');
  if (!fs.existsSync(path.join(lib, 'index.js'))) throw new Error('lib/index.js is missing: run `npx projen compile` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-prof-load-'));
  const script = `require('cdktf'); function profiledLoad() { return require(${JSON.stringify(lib)}).GcsBackend; } profiledLoad();`;
  const merged: CpuProfile = { nodes: [], samples: [], timeDeltas: [] };
  for (let i = 0; i < processes; i++) {
    const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${dir}`, '-e', script], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('profiled load failed');
  }
  let offset = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    merged.nodes.push(...p.nodes.map((n) => ({ ...n, id: n.id + offset, children: n.children?.map((c) => c + offset) })));
    merged.samples.push(...p.samples.map((s) => s + offset));
    merged.timeDeltas.push(...p.timeDeltas);
    offset += Math.max(...p.nodes.map((n) => n.id)) + 1;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return summarize(merged, `loading the library (require and .GcsBackend, cdktf loaded first), ${processes} fresh processes summed`, 'profiledLoad');
}

const OURS = 'cdktf-state-backends (ours)';
/** The jsii kernel's handler of `create` requests (@jsii/kernel's Kernel#create, as the bundle names it). */
const KERNEL_CREATE = '_Kernel_create';

/** Where a function lives: this repository's lib/ or src/, a package, or a node internal. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native: ${functionName}`;
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  // In the jsii kernel, this library is a package of its workdir's node_modules.
  if (pkg) return pkg[1] === 'cdktf-state-backends' ? OURS : pkg[1];
  // The jsii runtime's bundle: bin/jsii-runtime.js starts lib/program.js, the kernel.
  if (file.endsWith('/lib/program.js')) return 'jsii kernel';
  if (file.startsWith(path.join(ROOT, 'lib')) || file.startsWith(path.join(ROOT, 'src'))) return OURS;
  if (file.startsWith(path.join(ROOT, 'bench'))) return 'bench harness';
  if (file.startsWith('node:')) return 'node internals';
  return file;
}

function shortUrl(url: string): string {
  const file = url.replace(/^file:\/\//, '');
  const pkg = file.lastIndexOf('node_modules/');
  if (pkg >= 0) return file.slice(pkg + 'node_modules/'.length);
  if (file.endsWith('/lib/program.js')) return 'jsii-runtime/lib/program.js';
  return file.startsWith(ROOT) ? path.relative(ROOT, file) : file;
}

export function summarize(profile: CpuProfile, title: string, root = 'profiledRuns'): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  // Only nodes below `profiledRuns` count; for each, remember which entry points are on its stack.
  const inRuns = new Map<number, boolean>();
  const measured = (id: number): boolean => {
    const known = inRuns.get(id);
    if (known !== undefined) return known;
    const n = byId.get(id)!;
    const p = parent.get(id);
    const result = n.callFrame.functionName === root || (p !== undefined && measured(p));
    inRuns.set(id, result);
    return result;
  };
  // Inclusive time is grouped by this library's source file (lib/private/kit/reader.js, ...), so a
  // renamed function still lands in its file's row.
  const oursOnStack = (id: number): Set<string> => {
    const files = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (ownerOf(n.callFrame.url, n.callFrame.functionName) === OURS) files.add(shortUrl(n.callFrame.url));
    }
    return files;
  };

  let total = 0;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, { time: number; owner: string }>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    if (!measured(id)) continue;
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const owner = ownerOf(url, functionName);
    total += t;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + t);
    const key = url ? `${functionName || '(anonymous)'} (${shortUrl(url)}:${lineNumber + 1})` : functionName;
    const entry = byFunction.get(key) ?? { time: 0, owner };
    entry.time += t;
    byFunction.set(key, entry);
    for (const name of oursOnStack(id)) inclusive.set(name, (inclusive.get(name) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1)} %`;
  const owners = [...byOwner].sort((x, y) => y[1] - x[1]).map(([o, t]) => [o, ms(t / 1000), pct(t)]);
  const functions = [...byFunction]
    .sort((x, y) => y[1].time - x[1].time)
    .slice(0, 20)
    .map(([f, e]) => [`\`${f}\``, e.owner, ms(e.time / 1000), pct(e.time)]);
  const entries = [...inclusive].sort((x, y) => y[1] - x[1]).map(([file, t]) => [`\`${file}\``, ms(t / 1000), pct(t)]);
  return [
    `#### CPU profile: ${title}`,
    '',
    `Sampled time inside the measured runs: ${ms(total / 1000)} ms.`,
    '',
    table(['self time by owner', 'ms', 'share'], owners),
    '',
    table(['top functions by self time', 'owner', 'ms', 'share'], functions),
    '',
    table(['this library, inclusive time by file', 'ms', 'share'], entries),
  ].join('\n');
}

/** The profiled child: warm-up, then the runs the summary counts. */
function childMain(variant: Variant, stacks: number, remoteStates: number, runs: number, from: LibrarySource, tmpdir: string): void {
  const lib = loadLibrary(from);
  const c = constructsFor(variant, lib);
  const outdirs: string[] = [];
  const once = (s: number) => {
    const outdir = fs.mkdtempSync(path.join(tmpdir, 'bench-prof-run-'));
    outdirs.push(outdir);
    buildApp(c, s, remoteStates, outdir).synth();
  };
  for (let i = 0; i < 10; i++) once(10);
  const t0 = performance.now();
  profiledRuns(() => {
    for (let i = 0; i < runs; i++) once(stacks);
  });
  // Cleaning up is the harness's work, not synth's: it stays outside profiledRuns.
  outdirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  console.error(`profiled ${runs} runs of variant ${variant} at S=${stacks}: ${ms((performance.now() - t0) / runs)} ms per run`);
}

function profiledRuns(body: () => void): void {
  body();
}

if (process.argv[2] === '--child') {
  const [variant, stacks, remoteStates, runs, from, tmpdir] = process.argv.slice(3);
  childMain(variant as Variant, Number(stacks), Number(remoteStates), Number(runs), from as LibrarySource, tmpdir);
} else {
  parentMain(process.argv.slice(2));
}
