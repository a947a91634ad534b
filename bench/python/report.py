"""The Markdown report of bench/python/synth_bench.py: the tables of bench/java's SynthBench, plus
the CPU time of each side (this process and the jsii kernel) per run."""
import math
from collections import namedtuple

TITLES = {"a": "cdktf-state-backends", "b": "cdktf built-ins"}


class Sample(namedtuple("Sample", "build_ms synth_ms host_cpu_ms kernel_cpu_ms")):
    """One run: wall time of each phase, and the CPU time of each side over the whole run."""

    @property
    def total_ms(self):
        return self.build_ms + self.synth_ms


def quantile(values, q):
    """Linear interpolation between the closest ranks (as SynthBench.quantile)."""
    s = sorted(values)
    pos = (len(s) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def ms(value):
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def row(*cells):
    return "| " + " | ".join(cells) + " |\n"


def slope(x0, x1, y0, y1):
    return (math.log(y1) - math.log(y0)) / (math.log(x1) - math.log(x0))


def report(options, results, machine):
    r = options["remote_states"]
    md = f"### Python: synth cost through jsii, (a) {TITLES['a']} vs (b) {TITLES['b']}\n\n"
    md += f"Run {machine['started']} ({machine['minutes']:.1f} min); outdirs in {machine['tmpdir']}.\n"
    md += f"- {machine['cores']} cores; {machine['system']}\n"
    md += f"- {machine['python']}; jsii kernel on Node.js {machine['node']}\n"
    md += f"- load average (1 min) {machine['load'][0]:.2f} before, {machine['load'][1]:.2f} after\n"
    pairs = ", ".join(f"S={res['stacks']}: {len(res['samples']['a'])}" for res in results)
    md += (f"- R = {r} remote states per stack (COS and AzureRM alternating) + 1 OSS backend, same values as "
           f"bench/app.ts; one fresh process (and jsii kernel) per size, each with a warm-up of {options['warmup']} "
           f"pairs at S=10 and one checked pair; measured pairs {pairs}\n\n")

    md += row("S", "constructs", "pairs", "(a) median ms", "(b) median ms", "ratio a/b (median of pairs)", "ratio IQR",
              "ratio min-max", "build ms a / b", "synth ms a / b")
    md += row(*["---"] * 10)
    for res in results:
        a, b = res["samples"]["a"], res["samples"]["b"]
        ratios = [x.total_ms / y.total_ms for x, y in zip(a, b)]
        med = lambda xs, f: quantile([f(x) for x in xs], 0.5)  # noqa: E731
        md += row(str(res["stacks"]), str(res["stacks"] * (r + 1)), str(len(ratios)),
                  ms(med(a, lambda x: x.total_ms)), ms(med(b, lambda x: x.total_ms)),
                  f"**{quantile(ratios, 0.5):.3f}**", f"{quantile(ratios, 0.25):.3f}-{quantile(ratios, 0.75):.3f}",
                  f"{min(ratios):.3f}-{max(ratios):.3f}",
                  f"{ms(med(a, lambda x: x.build_ms))} / {ms(med(b, lambda x: x.build_ms))}",
                  f"{ms(med(a, lambda x: x.synth_ms))} / {ms(med(b, lambda x: x.synth_ms))}")

    md += ("\n#### CPU time per run (ms), by side\n\nMean over the measured runs (the kernel's figure comes from "
           "/proc in 10 ms ticks). CPU time does not count the time a process waits for the machine, so it moves less "
           "than wall time when other jobs run.\n\n")
    md += row("S", "Python a / b", "jsii kernel a / b", "both a / b", "ratio a/b", "(a) - (b), µs per construct")
    md += row(*["---"] * 6)
    for res in results:
        a, b = res["samples"]["a"], res["samples"]["b"]
        mean = lambda xs, f: sum(f(x) for x in xs) / len(xs)  # noqa: E731
        host = [mean(xs, lambda x: x.host_cpu_ms) for xs in (a, b)]
        kern = [mean(xs, lambda x: x.kernel_cpu_ms) for xs in (a, b)]
        both = [h + k for h, k in zip(host, kern)]
        per = (both[0] - both[1]) * 1000 / (res["stacks"] * (r + 1))
        md += row(str(res["stacks"]), f"{ms(host[0])} / {ms(host[1])}", f"{ms(kern[0])} / {ms(kern[1])}",
                  f"{ms(both[0])} / {ms(both[1])}", f"{both[0] / both[1]:.3f}", f"{per:.1f}")

    md += ("\n#### Time per stack (ms), and growth\n\nMedian per stack at each size; the log-log slope between "
           "consecutive sizes (1 = linear; the step from the smallest size also absorbs the app's fixed cost, so it "
           "reads low).\n\n")
    header = ["median"] + [f"S={res['stacks']}" for res in results]
    header += [f"slope {results[i - 1]['stacks']}→{results[i]['stacks']}" for i in range(1, len(results))]
    md += row(*header) + row(*["---"] * len(header))
    phases = {"total": lambda x: x.total_ms, "build": lambda x: x.build_ms, "synth": lambda x: x.synth_ms}
    for name, f in phases.items():
        for v in "ab":
            ys = [quantile([f(x) for x in res["samples"][v]], 0.5) for res in results]
            cells = [f"{name} ({v})"] + [ms(y / res["stacks"]) for y, res in zip(ys, results)]
            cells += [f"{slope(results[i - 1]['stacks'], results[i]['stacks'], ys[i - 1], ys[i]):.2f}"
                      for i in range(1, len(results))]
            md += row(*cells)
    extra = ["build (a) - build (b), µs per construct"]
    for res in results:
        da = quantile([x.build_ms for x in res["samples"]["a"]], 0.5)
        db = quantile([x.build_ms for x in res["samples"]["b"]], 0.5)
        extra.append(f"{(da - db) * 1000 / (res['stacks'] * (r + 1)):.1f}")
    md += row(*extra, *[""] * (len(results) - 1))
    return md.rstrip()
