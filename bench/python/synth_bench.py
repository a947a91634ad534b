"""Synth cost from Python (issue 26): the app of bench/app.ts, built with this library (variant a)
and with cdktf's built-ins (variant b), then synthesized into a fresh temp outdir. The Python twin
of bench/java's SynthBench, with the same statistics: one fresh process (and so one fresh jsii
kernel) per size, a warm-up of 10 pairs at S=10, one checked pair, then alternating pairs (ab, ba,
...); per size the median of the per-pair ratios a/b with their IQR and min-max.

Each run also records CPU time: this process's (time.process_time) and the jsii kernel's (its node
processes, read from /proc), so the cost of each side is known even when other jobs load the
machine. /proc counts in clock ticks (10 ms), so the report gives the mean over the runs.

Run through `npm run bench:python` (scripts/python.js installs the wheel in a venv). Arguments (all
optional): --sizes=10,100,1000 --remote-states=20 --pairs=10:30,100:30,1000:6 --warmup=10
--tmpdir=<dir> --out=bench/results/python.md --quick (sizes 10,100, few pairs)
--only=a|b --runs=N (profiling aid: one variant, no report).
"""
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

import cdktf
import cdktf_state_backends as lib

from kernel_cpu import kernel_cpu_ms
from report import Sample, quantile, report



def build(variant, stacks, remote_states, outdir):
    """The app of bench/app.ts, with the same values, in cdktf's spellings."""
    m = lib if variant == "a" else cdktf
    app = cdktf.App(outdir=outdir)
    for s in range(stacks):
        stack = cdktf.TerraformStack(app, f"stack-{s}")
        m.OssBackend(
            stack, bucket="acme-tfstate", region="cn-hangzhou", prefix=f"stacks/stack-{s}", key="terraform.tfstate",
            tablestore_endpoint="https://acme-lock.cn-hangzhou.ots.aliyuncs.com", tablestore_table="terraform_lock",
            encrypt=True, acl="private", assume_role_role_arn="acs:ram::1000000000000001:role/terraform",
            assume_role_session_name="cdktf-bench", assume_role_session_expiration=1800,
        )
        for r in range(remote_states):
            if r % 2 == 0:
                m.DataTerraformRemoteStateCos(
                    stack, f"cos-{r}", bucket="tfstate-1250000000", region="ap-guangzhou", prefix=f"team-{r % 5}",
                    key=f"stack-{s}/remote-{r}.tfstate", encrypt=True, acl="private",
                    assume_role=m.CosBackendAssumeRole(
                        role_arn="qcs::cam::uin/100000000001:roleName/terraform", session_name="cdktf-bench",
                        session_duration=3600,
                    ),
                )
            else:
                m.DataTerraformRemoteStateAzurerm(
                    stack, f"azurerm-{r}", storage_account_name="acmetfstate", container_name="tfstate",
                    key=f"stack-{s}/remote-{r}.terraform.tfstate", resource_group_name="rg-tfstate",
                    subscription_id="00000000-0000-0000-0000-000000000001",
                    tenant_id="00000000-0000-0000-0000-000000000002", use_azuread_auth=True, use_msi=True,
                    environment="public",
                )
    return app


def run_once(variant, stacks, options, keep=None):
    outdir = keep or tempfile.mkdtemp(prefix=f"bench-python-{variant}-", dir=options["tmpdir"])
    c0, k0, t0 = time.process_time(), kernel_cpu_ms(), time.perf_counter()
    app = build(variant, stacks, options["remote_states"], outdir)
    t1 = time.perf_counter()
    app.synth()
    t2 = time.perf_counter()
    c1, k1 = time.process_time(), kernel_cpu_ms()
    if keep is None:
        shutil.rmtree(outdir)
    return Sample((t1 - t0) * 1000, (t2 - t1) * 1000, (c1 - c0) * 1000, k1 - k0)


def check_equivalent(stacks, options):
    """Both variants write the same configuration (but the assume_role list) and no annotations."""
    dirs = {}
    try:
        for v in "ab":
            dirs[v] = tempfile.mkdtemp(prefix=f"bench-python-check-{v}-", dir=options["tmpdir"])
            run_once(v, stacks, options, dirs[v])
            with open(os.path.join(dirs[v], "manifest.json")) as f:
                for stack in json.load(f)["stacks"].values():
                    if stack.get("annotations"):
                        raise SystemExit(f"variant {v} recorded annotations: {stack['annotations']}")
        for s in range(stacks):
            docs = {}
            for v in "ab":
                with open(os.path.join(dirs[v], "stacks", f"stack-{s}", "cdk.tf.json")) as f:
                    docs[v] = json.load(f)
            for block in docs["a"].get("data", {}).get("terraform_remote_state", {}).values():
                role = block["config"].get("assume_role")
                if isinstance(role, list) and len(role) == 1:
                    block["config"]["assume_role"] = role[0]
            if docs["a"] != docs["b"]:
                raise SystemExit(f"stack-{s}: the two variants wrote different configurations")
        log(f"S={stacks}: outputs equivalent (assume_role list vs object only), no warnings")
    finally:
        for d in dirs.values():
            shutil.rmtree(d, ignore_errors=True)


def worker(options):
    stacks = options["sizes"][0]
    log(f"S={stacks}: fresh process; warm-up {options['warmup']} pairs at S=10 (the first call also starts the jsii kernel)")
    for _ in range(options["warmup"]):
        for v in "ab":
            run_once(v, 10, options)
    check_equivalent(stacks, options)
    pairs = options["pairs"].get(stacks, 4)
    for i in range(pairs):
        pair = {v: run_once(v, stacks, options) for v in ("ab" if i % 2 == 0 else "ba")}
        a, b = pair["a"], pair["b"]
        print("pair " + " ".join(f"{x:.3f}" for x in (*a, *b)), flush=True)
        log(f"S={stacks} pair {i + 1}/{pairs}: a {a.total_ms:.1f} ms, b {b.total_ms:.1f} ms, a/b {a.total_ms / b.total_ms:.3f}")


def fork(stacks, options, argv):
    args = [a for a in argv if not a.startswith(("--sizes=", "--out=")) and a != "--quick"]
    pairs = options["pairs"].get(stacks, 4)
    command = [sys.executable, __file__, "--worker", f"--sizes={stacks}", f"--pairs={stacks}:{pairs}",
               f"--warmup={options['warmup']}", f"--remote-states={options['remote_states']}",
               f"--tmpdir={options['tmpdir']}", *[a for a in args if a.startswith("--only")]]
    out = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True).stdout
    samples = {"a": [], "b": []}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 9 and f[0] == "pair":
            x = [float(v) for v in f[1:]]
            samples["a"].append(Sample(*x[:4]))
            samples["b"].append(Sample(*x[4:]))
    return {"stacks": stacks, "samples": samples}


def parse(argv):
    quick = "--quick" in argv
    kv = dict(a[2:].split("=", 1) for a in argv if a.startswith("--") and "=" in a)
    unknown = set(kv) - {"sizes", "remote-states", "pairs", "warmup", "tmpdir", "out", "only", "runs"}
    if unknown:
        raise SystemExit(f"unknown argument --{unknown.pop()} (see the header of bench/python/synth_bench.py)")
    pairs = kv.get("pairs", "10:6,100:2" if quick else "10:30,100:30,1000:6")
    return {
        "sizes": [int(s) for s in kv.get("sizes", "10,100" if quick else "10,100,1000").split(",")],
        "remote_states": int(kv.get("remote-states", "20")),
        "pairs": {int(p.split(":")[0]): int(p.split(":")[1]) for p in pairs.split(",")},
        "warmup": int(kv.get("warmup", "3" if quick else "10")),
        "tmpdir": os.path.abspath(kv.get("tmpdir", tempfile.gettempdir())),
        "out": kv.get("out", "bench/results/python-quick.md" if quick else "bench/results/python.md"),
        "only": kv.get("only"),
        "runs": int(kv.get("runs", "5")),
        "worker": "--worker" in argv,
    }


def log(line):
    print(line, file=sys.stderr, flush=True)


def main(argv):
    options = parse(argv)
    if options["only"]:
        for _ in range(options["warmup"]):
            run_once(options["only"], 10, options)
        for stacks in options["sizes"]:
            times = sorted(run_once(options["only"], stacks, options).total_ms for _ in range(options["runs"]))
            log(f"variant {options['only']} S={stacks}: median {quantile(times, 0.5):.1f} ms over {len(times)} runs")
        return
    if options["worker"]:
        worker(options)
        return
    started, load_before, t0 = datetime.now(timezone.utc), os.getloadavg()[0], time.perf_counter()
    results = [fork(stacks, options, argv) for stacks in options["sizes"]]
    machine = {
        "started": started.isoformat(timespec="seconds"),
        "minutes": (time.perf_counter() - t0) / 60,
        "load": (load_before, os.getloadavg()[0]),
        "cores": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": f"Python {platform.python_version()}; cdktf {version('cdktf')}, jsii {version('jsii')}",
        "node": subprocess.run(["node", "--version"], stdout=subprocess.PIPE, text=True).stdout.strip(),
        "tmpdir": "the OS temp dir" if options["tmpdir"] == tempfile.gettempdir() else f"`{options['tmpdir']}`",
    }
    markdown = report(options, results, machine)
    os.makedirs(os.path.dirname(os.path.abspath(options["out"])), exist_ok=True)
    with open(options["out"], "w") as f:
        f.write(markdown + "\n")
    print(markdown)
    log(f"written to {options['out']}")


def version(dist):
    from importlib.metadata import version as v
    return v(dist)


if __name__ == "__main__":
    main(sys.argv[1:])
