"""The CPU time of the jsii kernel behind this Python process: its node wrapper and the node it
starts, read from /proc in clock ticks (synth_bench.py and patterns_child.py). Imports nothing of
the library or cdktf, so a run that loads neither is measured without them."""
import os

TICK_MS = 1000.0 / os.sysconf("SC_CLK_TCK")


def descendants(pid):
    """The process ids below `pid` (the jsii kernel: its node wrapper and the node it starts)."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            continue
        for child in children:
            found += [child] + descendants(child)
    return found


def kernel_cpu_ms():
    total = 0
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return total * TICK_MS
