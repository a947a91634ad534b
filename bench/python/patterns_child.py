"""One run of the README-patterns benchmark in a fresh Python process (and so a fresh jsii kernel),
as `cdktf synth` starts one for a Python app: the app of bench/patterns-app.ts for one pattern,
built with cdktf_state_backends (variant a) or cdktf's built-ins (variant b), then synthesized into
the given outdir. bench/patterns.ts starts it once per run (through `npx projen bench:patterns:python`,
whose scripts/python.js passes the venv's interpreter):

    python bench/python/patterns_child.py <pattern> <a|b> <stacks> <outdir>

The values are written literally, as a Python user writes them; bench/patterns-app.ts is their one
definition, and the driver checks this child's output against it before measuring. It prints one
line `RESULT {...}`: the wall and CPU time of each phase and of the whole run, this process's CPU
(time.process_time) and the kernel's (its node processes, from /proc in clock ticks), as
synth_bench.py does.
"""
import json
import platform
import sys
import time

from kernel_cpu import kernel_cpu_ms

def cpu_ms():
    return time.process_time() * 1000 + kernel_cpu_ms()


def gcs(m, stack, bucket, prefix):
    return m.GcsBackend(stack, bucket=bucket, prefix=prefix)


def build(cdktf, lib, pattern, stacks, outdir):
    """The app of bench/patterns-app.ts: S stacks, each with the pattern's backend and one output."""
    m = lib or cdktf
    app = cdktf.App(outdir=outdir)
    previous = None
    for s in range(stacks):
        stack = cdktf.TerraformStack(app, f"stack-{s}")
        prefix = f"stacks/stack-{s}"
        if pattern in ("gcs", "cross-stack"):
            gcs(m, stack, "acme-tfstate", prefix)
        elif pattern == "cos":
            m.CosBackend(stack, bucket="acme-tfstate-1250000000", region="ap-guangzhou", prefix=prefix)
        elif pattern == "oss":
            m.OssBackend(stack, bucket="acme-tfstate", prefix=prefix)
        elif pattern in ("azurerm", "azurerm-env"):
            environment = {"environment": "public"} if pattern == "azurerm-env" else {}
            m.AzurermBackend(
                stack, storage_account_name="acmetfstate", container_name="tfstate", key=f"stacks/stack-{s}.tfstate",
                use_azuread_auth=True, **environment,
            )
        elif pattern == "from-init":
            if lib:
                backend = lib.GcsBackend(stack, bucket=lib.StateBackendValue.from_init(), prefix=prefix)
                backend.add_config_file("prod", {"bucket": "acme-tfstate-prod"})
                backend.add_config_file("dev", {"bucket": "acme-tfstate-dev"})
            else:
                gcs(cdktf, stack, "acme-tfstate-prod", prefix)
        elif pattern == "for-each-stack":
            if not lib:
                gcs(cdktf, stack, "acme-tfstate", f"prod/stack-{s}")
        else:
            raise SystemExit(f"unknown pattern {pattern}")
        if pattern == "cross-stack":
            local = cdktf.TerraformLocal(stack, "value", previous.as_string if previous else f"stack-{s}")
            cdktf.TerraformOutput(stack, "name", value=local.as_string)
            previous = local
        else:
            cdktf.TerraformOutput(stack, "name", value=f"stack-{s}")
    if lib and pattern == "for-each-stack":
        lib.GcsBackend.for_each_stack(app, bucket="acme-tfstate", prefix="prod")
    return app


def main():
    pattern, variant, stacks = sys.argv[1], sys.argv[2], int(sys.argv[3])
    c0, t0 = cpu_ms(), time.perf_counter()
    # Importing a jsii package starts the kernel and loads the package's assembly into it.
    import cdktf
    lib = None
    if variant == "a":
        import cdktf_state_backends as lib
    t1, c1 = time.perf_counter(), cpu_ms()
    app = build(cdktf, lib, pattern, stacks, sys.argv[4])
    t2, c2 = time.perf_counter(), cpu_ms()
    app.synth()
    t3 = time.perf_counter()
    host, kernel = time.process_time() * 1000, kernel_cpu_ms()
    from importlib.metadata import version
    result = {
        "setupMs": (t1 - t0) * 1000, "buildMs": (t2 - t1) * 1000, "synthMs": (t3 - t2) * 1000,
        "cpuSetupMs": c1 - c0, "cpuBuildMs": c2 - c1, "cpuSynthMs": host + kernel - c2, "cpuMs": host + kernel,
        "hostCpuMs": host, "kernelCpuMs": kernel,
        "runtime": f"Python {platform.python_version()}; jsii {version('jsii')} (PyPI)",
    }
    print("RESULT " + json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
