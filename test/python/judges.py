"""The real tools as judges, as in test/support/terraform.ts: ``init -backend=false`` then
``validate -json`` on a document of ``terraform_remote_state`` data sources, whose ``config`` is
checked offline against the same backend schema as a backend block. Nothing reaches beyond the
machine: no backend is initialised, no provider downloaded, checkpoint calls are off and the CLI
configuration is an empty file.

Judges: ``terraform`` on PATH, and every OpenTofu built by scripts/judges.sh into
``${CDKTF_STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}/tofu/<version>/tofu`` (the versions
that script builds by default are expected; others found there are used too). A missing judge
fails its test under CI and is skipped, loudly, elsewhere.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

from support import REPO


@dataclass(frozen=True)
class Judge:
    tool: str  # "terraform" or "opentofu"
    version: Optional[str]
    binary: Optional[str]
    problem: Optional[str] = None

    @property
    def target(self) -> str:
        return f"{self.tool}@{self.version}"

    @property
    def name(self) -> str:
        return f"{self.tool} {self.version or '(missing)'}"


_CLI_CONFIG = Path(tempfile.mkdtemp(prefix="tfcli-")) / "cli.tfrc"
_CLI_CONFIG.write_text("")
ENV = {
    **os.environ,
    "CHECKPOINT_DISABLE": "1",
    "TF_IN_AUTOMATION": "1",
    "TF_INPUT": "0",
    "NO_COLOR": "1",
    "TF_CLI_CONFIG_FILE": str(_CLI_CONFIG),
    "TOFU_CLI_CONFIG_FILE": str(_CLI_CONFIG),
}


def tofu_cache() -> Path:
    base = os.environ.get("CDKTF_STATE_BACKENDS_CACHE") or str(Path.home() / ".cache" / "cdktf-state-backends")
    return Path(base) / "tofu"


def expected_tofu_versions() -> List[str]:
    """The OpenTofu versions scripts/judges.sh builds by default."""
    script = REPO / "scripts" / "judges.sh"
    if not script.is_file():
        return []
    m = re.search(r"^OPENTOFU_JUDGES=\(([^)]*)\)", script.read_text(), re.M)
    return m.group(1).split() if m else []


def _version(binary: str, tool: str) -> Tuple[Optional[str], Optional[str]]:
    try:
        r = subprocess.run([binary, "version", "-json"], env=ENV, capture_output=True, text=True, timeout=60)
    except OSError as e:
        return None, f"{tool} is not on PATH ({e.strerror})"
    if r.returncode != 0:
        return None, f"`{binary} version -json` failed: {r.stderr.strip()}"
    return json.loads(r.stdout)["terraform_version"], None


def discover() -> List[Judge]:
    """terraform, then each OpenTofu (expected or found), oldest first."""
    version, problem = _version("terraform", "terraform")
    judges = [Judge("terraform", version, "terraform" if version else None,
                    problem and f"{problem}; install Terraform (1.11.4 in CI) to run the tool checks")]
    cache = tofu_cache()
    found = {p.parent.name for p in cache.glob("*/tofu") if os.access(p, os.X_OK)}
    for v in sorted(found | set(expected_tofu_versions()), key=lambda s: tuple(int(x) for x in s.split("."))):
        binary = cache / v / "tofu"
        if v not in found:
            judges.append(Judge("opentofu", v, None, f"OpenTofu {v} is not built ({binary} is missing); run scripts/judges.sh (Go 1.26+) to check with it"))
            continue
        got, problem = _version(str(binary), "tofu")
        if problem or got != v:
            judges.append(Judge("opentofu", v, None, problem or f"{binary} reports version {got}, expected {v}"))
        else:
            judges.append(Judge("opentofu", v, str(binary)))
    return judges


def require(judge: Judge) -> None:
    """A missing judge: a failure under CI, a loud skip elsewhere."""
    if judge.problem is None:
        return
    message = f"!!! {judge.problem}"
    if os.environ.get("CI"):
        pytest.fail(message)
    print(f"\n{message}\n", file=sys.stderr)
    pytest.skip(message)


@dataclass
class Validation:
    valid: bool
    diagnostics: List[Dict[str, Any]]
    dir: str

    def errors(self, address: Optional[str] = None) -> List[Dict[str, Any]]:
        return [d for d in self.diagnostics if d["severity"] == "error" and (address is None or d.get("address") == address)]


def validate(judge: Judge, files: Dict[str, str]) -> Validation:
    """Writes ``files`` to a fresh directory and runs init (no backend) and validate there."""
    work = tempfile.mkdtemp(prefix=f"{judge.tool}-validate-")
    for name, content in files.items():
        Path(work, name).write_text(content)
    init = subprocess.run([judge.binary, "init", "-backend=false", "-input=false"], cwd=work, env=ENV, capture_output=True, text=True)
    if init.returncode != 0:
        raise AssertionError(f"{judge.name} init failed in {work}:\n{init.stdout}{init.stderr}")
    r = subprocess.run([judge.binary, "validate", "-json"], cwd=work, env=ENV, capture_output=True, text=True)
    out = json.loads(r.stdout)
    return Validation(out["valid"], out.get("diagnostics", []), work)


def remote_states_document(entries: Dict[str, Dict[str, Any]]) -> str:
    """A ``.tf.json`` document with one remote state per entry (address -> backend and config)."""
    return json.dumps({"data": {"terraform_remote_state": entries}}, indent=1)


def backend_to_remote_config(attributes: Dict[str, Any]) -> Dict[str, Any]:
    """A backend block's attributes as a remote-state config: a nested block becomes a one-element list."""
    return {k: [v] if isinstance(v, dict) else v for k, v in attributes.items()}


def version_key(version: str) -> Tuple[int, ...]:
    return tuple(int(x) for x in version.split("-")[0].split("."))
