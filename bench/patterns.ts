/**
 * The README's patterns against cdktf's built-ins, one fresh process per run (issue 42), from
 * TypeScript, Java or Python. The apps are defined in ./patterns-app.ts; BENCHMARKS.md ("README
 * patterns") describes the method and each figure.
 *
 * For each pattern and size S, one pair of runs is kept and checked (./patterns-check.ts: both
 * variants write the same configuration, the one ./patterns-app.ts defines), then the measured
 * pairs run, (a) and (b) alternating with the order flipping (ab, ba, ab, ...). Every run is a new
 * process, as `cdktf synth` starts one: node, or a JVM or Python with its jsii kernel, loading
 * the framework (and the library in variant a), building the app and synthesizing it into a fresh
 * temp outdir. The child reports the wall and CPU time of its phases; this driver measures the
 * whole process's wall time. The report goes to stdout and bench/results/patterns-<language>.md.
 *
 * Usage: ts-node -T --project tsconfig.dev.json bench/patterns.ts [options]
 *   --language=typescript|java|python   which child runs (default typescript)
 *   --patterns=gcs,cos,...               default: all of PATTERNS in ./patterns-app.ts
 *   --sizes=1,100,1000,2000              stacks per app
 *   --pairs=1:30,100:12,...              measured pairs per size (defaults per language: DEFAULT_PAIRS)
 *   --quick                              a smoke run: sizes 1,100, 3 and 2 pairs, to patterns-<language>-quick.md
 *   --tmpdir=<dir>                       where the outdirs are made (default: the OS temp dir)
 *   --out=<file>                         default bench/results/patterns-<language>.md
 *   --floor                              typescript: (a) builds (b)'s app with the library loaded and the
 *                                        pattern's class read, so the goals' columns show what loading alone
 *                                        costs; outputs not compared; to patterns-typescript-floor.md
 *   --classpath=<cp>                     java: default bench/java/target/classpath.txt (written by
 *                                        `mvn -f bench/java/pom.xml compile`) and bench/java/target/classes
 *   --python=<executable>                python: the interpreter that has the wheel (scripts/python.js passes its venv's)
 *
 * Through projen: `npx projen bench:patterns`, `bench:patterns:java`, `bench:patterns:python`
 * (each builds what it runs first; arguments after `--`).
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { VARIANT_NAMES, Variant } from './app';
import { machine, machineMarkdown } from './machine';
import { PATTERNS, Pattern } from './patterns-app';
import { checkPair } from './patterns-check';
import { Cell, RunSample, report } from './patterns-report';
import { ms, ratio } from './stats';

const ROOT = path.join(__dirname, '..');
const LANGUAGES = ['typescript', 'java', 'python'] as const;
type Language = (typeof LANGUAGES)[number];
const TITLES: Readonly<Record<Language, string>> = { typescript: 'TypeScript', java: 'Java', python: 'Python' };

/**
 * Measured pairs per size. The short runs are the noisy ones and get the most. On the 2-core
 * machine of BENCHMARKS.md a full run (8 patterns, 4 sizes) is estimated at about 15 min in
 * TypeScript, 19 in Java and 17 in Python, from the CPU time of single runs (BENCHMARKS.md, "README
 * patterns"); it should stay within the 25 minutes a quiet window holds.
 */
const DEFAULT_PAIRS: Readonly<Record<Language, string>> = {
  typescript: '1:40,100:20,1000:10,2000:6',
  java: '1:12,100:8,1000:4,2000:3',
  python: '1:20,100:12,1000:6,2000:4',
};

interface Options {
  readonly language: Language;
  readonly patterns: Pattern[];
  readonly sizes: number[];
  readonly pairs: Map<number, number>;
  readonly tmpdir: string;
  readonly out: string;
  readonly classpath?: string;
  readonly python: string;
  /** (a) is (b)'s app in a process that has loaded the library (the child's variant `l`). */
  readonly floor: boolean;
}

/** How a run of one language is started. */
interface Launcher {
  readonly command: string;
  readonly args: (pattern: Pattern, variant: Variant, stacks: number, outdir: string) => string[];
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const launcher = launcherFor(options);
  const log = (line: string) => console.error(line);
  const started = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg()[0];
  const cells: Cell[] = [];
  for (const pattern of options.patterns) {
    for (const stacks of options.sizes) {
      cells.push(measureCell(options, launcher, pattern, stacks, log));
    }
  }
  const minutes = (performance.now() - t0) / 60000;
  const runtime = cells[0]?.pairs[0]?.a.runtime ?? 'unknown';
  const header = [
    `## README patterns, ${TITLES[options.language]}: (a) ${options.floor ? `${VARIANT_NAMES.b}, in a process that loaded ${VARIANT_NAMES.a} (--floor)` : VARIANT_NAMES.a} vs (b) ${VARIANT_NAMES.b}`,
    '',
    `${started.toISOString()}; the whole run took ${minutes.toFixed(1)} min; commit ${commit()}; outdirs in ${options.tmpdir === os.tmpdir() ? 'the OS temp dir' : `\`${options.tmpdir}\``}.`,
    machineMarkdown(machine()),
    `- the runs: ${runtime}`,
    `- load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`,
    `- one fresh process per run; per pattern and size one ${options.floor ? 'warm-up pair (not checked: both variants build (b)\'s app)' : 'checked pair'}, then measured pairs ${[...options.pairs].filter(([s]) => options.sizes.includes(s)).map(([s, n]) => `S=${s}: ${n}`).join(', ')}`,
  ];
  const markdown = report({ language: options.language, header, floor: options.floor }, cells);
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, markdown + '\n');
  console.log(markdown);
  log(`written to ${path.relative(process.cwd(), options.out)}`);
}

/** One pattern at one size: the checked pair, then the measured pairs. */
function measureCell(options: Options, launcher: Launcher, pattern: Pattern, stacks: number, log: (line: string) => void): Cell {
  const load = os.loadavg()[0];
  const dirs = { a: outdir(options, 'check-a'), b: outdir(options, 'check-b') };
  for (const v of ['a', 'b'] as const) runOnce(launcher, pattern, v, stacks, dirs[v]);
  // (with --floor both variants build (b)'s app: the pair only warms the cache)
  if (!options.floor) {
    checkPair(pattern, stacks, dirs);
    log(`${pattern} S=${stacks}: outputs checked (the same configuration in both variants, the values of bench/patterns-app.ts)`);
  }
  for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  const count = options.pairs.get(stacks) ?? 3;
  const pairs: Array<Record<Variant, RunSample>> = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const order: Variant[] = i % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    const pair = {} as Record<Variant, RunSample>;
    for (const v of order) {
      const dir = outdir(options, v);
      pair[v] = runOnce(launcher, pattern, v, stacks, dir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    pairs.push(pair);
    log(`${pattern} S=${stacks} pair ${i + 1}/${count}: a ${ms(pair.a.wallMs)} ms, b ${ms(pair.b.wallMs)} ms, a/b ${ratio(pair.a.wallMs / pair.b.wallMs)}`);
  }
  return { pattern, stacks, pairs, seconds: (performance.now() - t0) / 1000, load };
}

function outdir(options: Options, name: string): string {
  return fs.mkdtempSync(path.join(options.tmpdir, `bench-patterns-${name}-`));
}

/** One run in a fresh process; its wall time measured here, the rest as the child reports it. */
function runOnce(launcher: Launcher, pattern: Pattern, variant: Variant, stacks: number, dir: string): RunSample {
  const args = launcher.args(pattern, variant, stacks, dir);
  const t0 = performance.now();
  const r = spawnSync(launcher.command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - t0;
  const line = r.stdout?.split('\n').find((l) => l.startsWith('RESULT '));
  if (r.error || r.status !== 0 || !line) {
    throw new Error(`${pattern} (${variant}) S=${stacks} failed: ${launcher.command} ${args.join(' ')}\n${r.error?.message ?? ''}${r.stderr?.slice(-4000) ?? ''}`);
  }
  return { ...(JSON.parse(line.slice('RESULT '.length)) as Omit<RunSample, 'wallMs'>), wallMs };
}

function launcherFor(options: Options): Launcher {
  switch (options.language) {
    case 'typescript': {
      const lib = path.join(ROOT, 'lib');
      if (!fs.existsSync(path.join(lib, 'index.js'))) throw new Error('lib/index.js is missing: run `npx projen compile` first');
      const child = transpileChild();
      const as = (v: Variant) => (options.floor && v === 'a' ? 'l' : v);
      return { command: process.execPath, args: (p, v, s, d) => [child, p, as(v), String(s), d, lib] };
    }
    case 'java': {
      const classpath = options.classpath ?? javaClasspath();
      return { command: 'java', args: (p, v, s, d) => ['-Xmx2g', '-cp', classpath, 'io.github.statebackends.bench.PatternsChild', p, v, String(s), d] };
    }
    case 'python':
      return { command: options.python, args: (p, v, s, d) => [path.join(ROOT, 'bench', 'python', 'patterns_child.py'), p, v, String(s), d] };
  }
}

/**
 * The TypeScript child, transpiled to JavaScript once per run of this script: a run of ts-node in
 * every child would add its compile time to both variants and hide the difference. It goes under
 * node_modules/.cache, from where `require('cdktf')` resolves to the project's cdktf.
 */
function transpileChild(): string {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'cdktf-state-backends-bench');
  fs.mkdirSync(dir, { recursive: true });
  for (const name of ['patterns-app', 'patterns-child']) {
    const source = fs.readFileSync(path.join(__dirname, `${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: false },
      fileName: `${name}.ts`,
    });
    fs.writeFileSync(path.join(dir, `${name}.js`), outputText);
  }
  return path.join(dir, 'patterns-child.js');
}

/**
 * bench/java's dependencies (written by the pom's build-classpath execution) and its classes. The
 * library's jar is taken from dist/java, where `package:java` wrote it, rather than from the local
 * Maven repository, which every worktree of the machine installs the same version into.
 */
function javaClasspath(): string {
  const target = path.join(ROOT, 'bench', 'java', 'target');
  const file = path.join(target, 'classpath.txt');
  const classes = path.join(target, 'classes', 'io', 'github', 'statebackends', 'bench', 'PatternsChild.class');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const version = (require(path.join(ROOT, 'package.json')) as { version: string }).version;
  const jar = path.join(ROOT, 'dist', 'java', 'io', 'github', 'statebackends', 'cdktf-state-backends', version, `cdktf-state-backends-${version}.jar`);
  if (!fs.existsSync(file) || !fs.existsSync(classes) || !fs.existsSync(jar)) {
    throw new Error('bench/java is not built: run `npx projen bench:patterns:java`, or `npx projen package:java` and `mvn -B -q -f bench/java/pom.xml compile`');
  }
  const entries = fs.readFileSync(file, 'utf8').trim().split(path.delimiter).map((e) => (path.basename(e) === path.basename(jar) ? jar : e));
  if (!entries.includes(jar)) throw new Error(`${file} names no cdktf-state-backends-${version}.jar`);
  return [...entries, path.join(target, 'classes')].join(path.delimiter);
}

/** The commit measured, marked when the working tree differs from it. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'bench'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted changes in src/ or bench/` : head;
  } catch {
    return 'unknown';
  }
}

function parseOptions(args: readonly string[]): Options {
  const get = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const quick = args.includes('--quick');
  const floor = args.includes('--floor');
  const unknown = args.filter((a) => !/^--(language|patterns|sizes|pairs|tmpdir|out|classpath|python)=/.test(a) && a !== '--quick' && a !== '--floor');
  if (unknown.length > 0) throw new Error(`unknown arguments: ${unknown.join(' ')} (see the header of bench/patterns.ts)`);
  const language = (get('language') ?? 'typescript') as Language;
  if (!LANGUAGES.includes(language)) throw new Error(`--language must be one of ${LANGUAGES.join(', ')}, got ${language}`);
  if (floor && language !== 'typescript') throw new Error(`--floor runs the TypeScript child only, got --language=${language}`);
  const patterns = (get('patterns')?.split(',') ?? [...PATTERNS]) as Pattern[];
  const wrong = patterns.filter((p) => !PATTERNS.includes(p));
  if (wrong.length > 0) throw new Error(`unknown patterns: ${wrong.join(', ')} (expected some of ${PATTERNS.join(', ')})`);
  const sizes = (get('sizes') ?? (quick ? '1,100' : '1,100,1000,2000')).split(',').map(Number);
  const pairs = new Map<number, number>(
    (get('pairs') ?? (quick ? '1:3,100:2' : DEFAULT_PAIRS[language])).split(',').map((p) => p.split(':').map(Number) as [number, number]),
  );
  const suffix = `${floor ? '-floor' : ''}${quick ? '-quick' : ''}`;
  return {
    language,
    patterns,
    sizes,
    pairs,
    tmpdir: path.resolve(get('tmpdir') ?? os.tmpdir()),
    out: path.resolve(get('out') ?? path.join(ROOT, 'bench', 'results', `patterns-${language}${suffix}.md`)),
    classpath: get('classpath'),
    python: get('python') ?? 'python3',
    floor,
  };
}

main();
