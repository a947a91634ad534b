"""NaN in a remote state's ``defaults`` from Python: Python's json writes ``NaN``, which is not JSON, so
the jsii kernel (the Node.js process that runs the library) fails to read the call and exits before
the library sees the value; every later call in that process fails too. The library cannot catch
it (README, Python section). Run in a child process, so the suite's own kernel lives on.
"""
import subprocess
import sys
import textwrap
from pathlib import Path

CHILD = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, %r)
    from library import DataTerraformRemoteStateGcs, cdk
    app = cdk.App()
    stack = cdk.TerraformStack(app, "s")
    try:
        DataTerraformRemoteStateGcs(stack, "x", bucket="acme-tfstate", defaults={"n": float("nan")})
        print("ACCEPTED")
    except Exception as e:
        print("FIRST", type(e).__name__)
    try:
        cdk.TerraformStack(app, "t")
        print("SECOND OK")
    except Exception as e:
        print("SECOND", type(e).__name__)
    """
) % str(Path(__file__).parent)


def test_nan_in_defaults_ends_the_kernel_before_the_library_sees_it():
    # GIVEN a Python program that passes NaN in defaults, then makes another call
    r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120)
    # THEN the first call fails with Python's JSON error, the kernel says the input is not JSON,
    # and the next call finds the kernel gone
    assert "FIRST JSONDecodeError" in r.stdout, r.stdout + r.stderr
    assert "is not valid JSON" in r.stderr
    assert "SECOND " in r.stdout and "SECOND OK" not in r.stdout
