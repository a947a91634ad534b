/**
 * The README-patterns benchmark (bench/patterns.ts) measures a pattern only after its check passes
 * (bench/patterns-check.ts): both variants write the same configuration, the one
 * bench/patterns-app.ts defines, which is also what holds the Java and Python children to the same
 * values. These tests keep the definition and the check true between benchmark runs: a warning the
 * library starts giving for a pattern, or a value changed in one place, fails here, not at the
 * start of a 25-minute run. Nothing is timed.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Variant } from '../../bench/app';
import { PATTERNS, Pattern, SPECS, buildApp } from '../../bench/patterns-app';
import { checkPair } from '../../bench/patterns-check';
import { Cell, RunSample, growth, report } from '../../bench/patterns-report';
import * as lib from '../../src';

const STACKS = 3;
const ROOT = path.join(__dirname, '..', '..');
const made: string[] = [];

afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Both variants of `pattern` synthesized into fresh outdirs. */
function synthPair(pattern: Pattern): Record<Variant, string> {
  const dirs = {} as Record<Variant, string>;
  for (const v of ['a', 'b'] as const) {
    dirs[v] = fs.mkdtempSync(path.join(os.tmpdir(), `bench-patterns-${v}-`));
    made.push(dirs[v]);
    buildApp(pattern, v, STACKS, dirs[v], lib).synth();
  }
  return dirs;
}

/** Rewrites stack `s`'s cdk.tf.json in an outdir. */
function edit(dir: string, s: number, change: (json: any) => void): void {
  const file = path.join(dir, 'stacks', `stack-${s}`, 'cdk.tf.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(json);
  fs.writeFileSync(file, JSON.stringify(json));
}

test.each(PATTERNS)('%s: both variants write the configuration the definition gives, without warnings', (pattern) => {
  // GIVEN the pattern's app built with the library and with cdktf's built-ins
  const dirs = synthPair(pattern);

  // WHEN the benchmark's check reads them
  // THEN it passes
  expect(() => checkPair(pattern, STACKS, dirs)).not.toThrow();
});

test('the check fails if both variants wrote a value other than the definition\'s (a language typed it differently)', () => {
  // GIVEN a pair whose stack-1 prefix differs from the definition in both variants alike
  const dirs = synthPair('gcs');
  for (const v of ['a', 'b'] as const) edit(dirs[v], 1, (json) => (json.terraform.backend.gcs.prefix = 'stacks/stack-one'));

  // WHEN checked
  // THEN the backend is named
  expect(() => checkPair('gcs', STACKS, dirs)).toThrow(/stack-1: backend .*stacks\/stack-one.*expected .*stacks\/stack-1/);
});

test('the check fails if the variants wrote different configurations', () => {
  // GIVEN a pair where (b) reads another object in one stack
  const dirs = synthPair('cross-stack');
  edit(dirs.b, 2, (json) => (json.data.terraform_remote_state['cross-stack-reference-input-stack-1'].config.prefix = 'stacks/stack-0'));

  // WHEN checked
  // THEN the stack is named
  expect(() => checkPair('cross-stack', STACKS, dirs)).toThrow(/stack-2: the two variants wrote different configurations/);
});

test('the check fails if a config file holds other values', () => {
  // GIVEN a from-init pair whose dev.tfbackend names another bucket
  const dirs = synthPair('from-init');
  fs.writeFileSync(path.join(dirs.a, 'stacks', 'stack-0', 'dev.tfbackend'), 'bucket = "acme-tfstate-other"\n');

  // WHEN checked
  // THEN the file is named
  expect(() => checkPair('from-init', STACKS, dirs)).toThrow(/stack-0: \(a\)'s dev.tfbackend holds/);
});

test('the Java and Python children write the definition\'s values', () => {
  // GIVEN every value of the definition: whole where it is the same in every stack, else the text
  // before the stack's number (`stacks/stack-` of `stacks/stack-7`)
  const texts = new Set<string>();
  for (const spec of Object.values(SPECS)) {
    const [first, second] = [spec.fields(1), spec.fields(2)];
    for (const [k, v] of Object.entries(first)) {
      if (typeof v === 'string') texts.add(v === second[k] ? `"${v}"` : `"${v.slice(0, v.indexOf('1'))}`);
    }
    for (const values of Object.values(spec.configFiles ?? {})) Object.values(values).forEach((v) => texts.add(`"${v}"`));
    Object.values(spec.forEachStack ?? {}).forEach((v) => texts.add(`"${v}"`));
  }

  // WHEN the children's sources are read
  const java = fs.readFileSync(path.join(ROOT, 'bench/java/src/main/java/io/github/statebackends/bench/PatternsChild.java'), 'utf8');
  const python = fs.readFileSync(path.join(ROOT, 'bench/python/patterns_child.py'), 'utf8').replace(/f"/g, '"');

  // THEN each language writes each of them (the driver's check compares what they synthesize, at every size)
  expect([...texts].filter((t) => !java.includes(t))).toEqual([]);
  expect([...texts].filter((t) => !python.includes(t))).toEqual([]);
});

describe('the report\'s figures', () => {
  /** A run whose build + synth takes `work` ms and whose process takes `wall` ms. */
  const run = (work: number, wall: number): RunSample => ({
    wallMs: wall, setupMs: 1, buildMs: work / 2, synthMs: work / 2, cpuMs: wall, cpuSetupMs: 1, cpuBuildMs: work / 2, cpuSynthMs: work / 2, runtime: 'test',
  });
  /** Cells of 3 pairs at each size, (a)'s process `fixed` ms longer than (b)'s besides the work. */
  const cells = (a: (s: number) => number, b: (s: number) => number, fixed = 10): Cell[] => [1, 100, 1000, 2000].map((stacks) => ({
    pattern: 'gcs',
    stacks,
    seconds: 1,
    load: 0,
    pairs: [0, 1, 2].map(() => ({ a: run(a(stacks), 290 + fixed + a(stacks)), b: run(b(stacks), 290 + b(stacks)) })),
  }));
  const verdicts = (markdown: string) => markdown.split('\n').find((l) => l.startsWith('| gcs |'))!
    .split('|').map((c) => c.trim()).filter((c) => /\b(met|missed)\b/.test(c));

  test('the growth exponent is 1 for a cost linear in the stacks, 2 for a quadratic one', () => {
    // GIVEN (a) linear, then quadratic, against a linear (b)
    const linear = growth(cells((s) => 3 * s, (s) => 2 * s));
    const quadratic = growth(cells((s) => s * s, (s) => 2 * s));

    // THEN the slopes over S=100 to 2000 say so, and (a) - (b) too
    expect(linear.sizes).toEqual([100, 1000, 2000]);
    expect(linear.a).toBeCloseTo(1, 6);
    expect(linear.diff).toBeCloseTo(1, 6);
    expect(quadratic.a).toBeCloseTo(2, 6);
    expect(quadratic.diff).toBeGreaterThan(2);
  });

  test('each goal is printed met or missed next to its figure', () => {
    // GIVEN (a) 10 ms slower per process and quadratic from S=100; then 5 ms slower and as linear as (b)
    const missed = report({ language: 'typescript', header: ['## test'] }, cells((s) => (s < 100 ? 1 : s * s / 100), (s) => (s < 100 ? 1 : s / 1.1)));
    const met = report({ language: 'typescript', header: ['## test'] }, cells((s) => 2 * s, (s) => 2 * s, 5));

    // THEN the ratio at S=1000, the exponent and the fixed cost (10 ms is not under 10) are missed, then met
    expect(verdicts(missed)).toEqual(['**missed**', '**missed**', '**missed**']);
    expect(missed).toContain('10.0 (IQR 10.0-10.0, range 10.0-10.0)');
    expect(verdicts(met)).toEqual(['**met**', '**met**', '**met**']);
  });
});
