/**
 * The Markdown report of bench/patterns.ts: per pattern and size the medians, the median per-pair
 * ratio a/b (wall and CPU) with its spread, the cost per stack, the growth exponent and the fixed
 * cost, each next to its goal (issue 42), met or missed. BENCHMARKS.md ("README patterns") says
 * how each figure is computed.
 */
import type { Variant } from './app';
import { PATTERNS, Pattern, SPECS } from './patterns-app';
import { logLogSlope, median, ms, quantile, ratio, table } from './stats';

/** One run, as its child reported it, plus the wall time of the whole process, measured outside. */
export interface RunSample {
  /** The whole process, from spawn to exit (the driver's clock). */
  readonly wallMs: number;
  /** Loading the framework (and the library in variant a) and making the App; for jsii, starting the kernel. */
  readonly setupMs: number;
  /** Making the stacks and constructs, where this library runs its construction-time checks. */
  readonly buildMs: number;
  /** `app.synth()`: validations (the one-object check among them) and writing the files. */
  readonly synthMs: number;
  /** CPU time of every process of the run (node; the JVM or Python and its jsii kernel), start to end. */
  readonly cpuMs: number;
  readonly cpuSetupMs: number;
  readonly cpuBuildMs: number;
  readonly cpuSynthMs: number;
  /** jsii languages: the CPU time of the JVM or Python process alone, and of the jsii kernel. */
  readonly hostCpuMs?: number;
  readonly kernelCpuMs?: number;
  /** The runtime's versions, as the child saw them. */
  readonly runtime: string;
}

export interface Cell {
  readonly pattern: Pattern;
  readonly stacks: number;
  readonly pairs: ReadonlyArray<Readonly<Record<Variant, RunSample>>>;
  /** Wall time of the measured pairs of this cell, in seconds (for planning a run). */
  readonly seconds: number;
  /** 1-minute load average when the cell started. */
  readonly load: number;
}

export interface RunInfo {
  readonly language: string;
  readonly header: readonly string[];
  /** bench/patterns.ts --floor: (a) is (b)'s app in a process that loaded the library. */
  readonly floor?: boolean;
}

/** The goals of issue 42. */
export const GOALS = { ratioAt: 1000, ratio: 1.1, exponentFrom: 100, exponentTo: 2000, exponent: 1.05, fixedAt: 1, fixedMs: 10 } as const;

const work = (r: RunSample): number => r.buildMs + r.synthMs;
const cpuWork = (r: RunSample): number => r.cpuBuildMs + r.cpuSynthMs;
const med = (c: Cell, v: Variant, f: (r: RunSample) => number): number => median(c.pairs.map((p) => f(p[v])));
/** A difference in ms, signed. */
const signedMs = (x: number): string => (x < 0 ? `-${ms(-x)}` : ms(x));
/** The IQR and the min-max; ` to ` where a bound is negative, so no minus sign reads as a dash. */
const bounds = (xs: readonly number[], fmt: (x: number) => string) => {
  const sep = Math.min(...xs) < 0 ? ' to ' : '-';
  return { iqr: `${fmt(quantile(xs, 0.25))}${sep}${fmt(quantile(xs, 0.75))}`, range: `${fmt(Math.min(...xs))}${sep}${fmt(Math.max(...xs))}` };
};
const spread = (xs: readonly number[], fmt: (x: number) => string): string => `${bounds(xs, fmt).iqr} (${bounds(xs, fmt).range})`;
const wallRatios = (c: Cell): number[] => c.pairs.map((p) => p.a.wallMs / p.b.wallMs);
const cpuRatios = (c: Cell): number[] => c.pairs.map((p) => p.a.cpuMs / p.b.cpuMs);
const verdict = (met: boolean | undefined): string => (met === undefined ? 'not measured' : met ? '**met**' : '**missed**');

export interface Growth {
  readonly a?: number;
  readonly b?: number;
  readonly diff?: number;
  readonly whole?: number;
  readonly sizes: readonly number[];
}

/** Least-squares log-log slopes of build + synth over the sizes from 100 to 2,000 stacks. */
export function growth(cells: readonly Cell[]): Growth {
  const span = cells.filter((c) => c.stacks >= GOALS.exponentFrom && c.stacks <= GOALS.exponentTo);
  const sizes = span.map((c) => c.stacks);
  if (span.length < 2) return { sizes };
  const slope = (ys: number[]) => (ys.every((y) => y > 0) ? logLogSlope(sizes, ys) : undefined);
  return {
    a: slope(span.map((c) => med(c, 'a', work))),
    b: slope(span.map((c) => med(c, 'b', work))),
    diff: slope(span.map((c) => med(c, 'a', work) - med(c, 'b', work))),
    whole: slope(span.map((c) => med(c, 'a', (r) => r.wallMs))),
    sizes,
  };
}

/** The pattern's figures against the goals: the summary row. */
function summaryRow(pattern: Pattern, cells: readonly Cell[]): string[] {
  const at = (n: number) => cells.find((c) => c.stacks === n);
  const big = at(GOALS.ratioAt);
  const one = at(GOALS.fixedAt);
  const g = growth(cells);
  const fixed = one ? one.pairs.map((p) => p.a.wallMs - p.b.wallMs) : [];
  const fixedCpu = one ? one.pairs.map((p) => p.a.cpuMs - p.b.cpuMs) : [];
  const slope = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(2));
  const spanText = g.sizes.length >= 2 ? ` (S=${g.sizes.join(', ')})` : '';
  return [
    pattern,
    big ? `${ratio(median(wallRatios(big)))} (CPU ${ratio(median(cpuRatios(big)))})` : '-',
    verdict(big ? median(wallRatios(big)) <= GOALS.ratio : undefined),
    `${slope(g.a)}${spanText}; (b) ${slope(g.b)}; a-b ${slope(g.diff)}`,
    verdict(g.a === undefined ? undefined : g.a <= GOALS.exponent),
    one ? `${signedMs(median(fixed))} (IQR ${bounds(fixed, signedMs).iqr}, range ${bounds(fixed, signedMs).range}); CPU ${signedMs(median(fixedCpu))}` : '-',
    verdict(one ? median(fixed) < GOALS.fixedMs : undefined),
  ];
}

/** Per pattern: one row per size. */
function patternSection(pattern: Pattern, cells: readonly Cell[], jsii: boolean, floor: boolean): string {
  const rows = cells.map((c) => {
    const perStack = (v: Variant) => med(c, v, work) / c.stacks;
    return [
      String(c.stacks),
      String(c.pairs.length),
      `${ms(med(c, 'a', (r) => r.wallMs))} / ${ms(med(c, 'b', (r) => r.wallMs))}`,
      `**${ratio(median(wallRatios(c)))}**`,
      spread(wallRatios(c), ratio),
      `${ratio(median(cpuRatios(c)))}`,
      spread(cpuRatios(c), ratio),
      `${ms(med(c, 'a', work))} / ${ms(med(c, 'b', work))}`,
      `${ms(perStack('a'))} / ${ms(perStack('b'))}`,
      ((perStack('a') - perStack('b')) * 1000).toFixed(1),
    ];
  });
  const phases = cells.map((c) => {
    const both = (f: (r: RunSample) => number) => `${ms(med(c, 'a', f))} / ${ms(med(c, 'b', f))}`;
    return [
      String(c.stacks),
      both((r) => r.setupMs),
      both((r) => r.buildMs),
      both((r) => r.synthMs),
      both((r) => r.wallMs - work(r) - r.setupMs),
      both((r) => r.cpuSetupMs),
      both(cpuWork),
      ...(jsii ? [both((r) => r.hostCpuMs ?? NaN), both((r) => r.kernelCpuMs ?? NaN)] : []),
      `${c.seconds.toFixed(0)} s, load ${c.load.toFixed(2)}`,
    ];
  });
  return [
    `### ${pattern}`,
    '',
    SPECS[pattern].summary + (floor ? '. With --floor both variants build (b)\'s app.' : '.'),
    '',
    table(['S', 'pairs', 'process ms (a) / (b)', 'ratio a/b, wall', 'wall IQR (min-max)', 'ratio a/b, CPU', 'CPU IQR (min-max)',
      'build + synth ms (a) / (b)', 'build + synth per stack ms (a) / (b)', '(a) - (b) per stack µs'], rows),
    '',
    table(['S', 'setup ms', 'build ms', 'synth ms', 'rest of the process ms', 'setup CPU ms', 'build + synth CPU ms',
      ...(jsii ? ['JVM or Python CPU ms (whole run)', 'jsii kernel CPU ms (whole run)'] : []), 'pairs took, load'], phases),
  ].join('\n');
}

export function report(info: RunInfo, cells: readonly Cell[]): string {
  const jsii = info.language !== 'typescript';
  const patterns = PATTERNS.filter((p) => cells.some((c) => c.pattern === p));
  const of = (p: Pattern) => cells.filter((c) => c.pattern === p).sort((x, y) => x.stacks - y.stacks);
  return [
    ...info.header,
    '',
    '### Goals',
    '',
    `Ratio: the median per-pair ratio of the whole process's wall time at S=${GOALS.ratioAt}, at most ${GOALS.ratio.toFixed(2)}. ` +
      `Growth: the log-log slope of (a)'s build + synth time over S=${GOALS.exponentFrom} to ${GOALS.exponentTo} (least squares over the sizes run), ` +
      `at most ${GOALS.exponent}; (b)'s and that of (a) - (b) are shown beside it. ` +
      `Fixed cost: the median per-pair difference (a) - (b) of the whole process's wall time at S=${GOALS.fixedAt}, under ${GOALS.fixedMs} ms.` +
      (info.floor ? ' With --floor, (a) runs none of the library\'s code but its loading: the verdicts are for reference, they say how much of each goal loading alone takes.' : ''),
    '',
    table(['pattern', `ratio a/b at S=${GOALS.ratioAt}`, `≤ ${GOALS.ratio.toFixed(2)}`, 'growth exponent (a)', `≤ ${GOALS.exponent}`,
      `fixed cost (a) - (b) at S=${GOALS.fixedAt}, ms`, `< ${GOALS.fixedMs} ms`], patterns.map((p) => summaryRow(p, of(p)))),
    '',
    ...patterns.flatMap((p) => [patternSection(p, of(p), jsii, info.floor === true), '']),
  ].join('\n').trimEnd();
}
