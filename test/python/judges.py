"""The real tools as judges, as in test/support/judges.ts: ``init -backend=false`` then
``validate -json`` on a document of ``terraform_remote_state`` data sources, whose ``config`` is
checked offline against the same backend schema as a backend block. Nothing reaches beyond the
machine: no backend is initialised, no provider downloaded, checkpoint calls are off and the CLI
configuration is an empty file.

Judges: those of scripts/judges.txt (the view of test/support/judge-rows.ts every language's suite
reads) that the languages tier runs: ``terraform`` on PATH, Terraform built (from its source archive
or the Go module proxy) into ``<cache>/terraform/<version>/terraform`` (or the binary
``$STATE_BACKENDS_TERRAFORM_<x_y_z>`` names) and OpenTofu built into
``<cache>/tofu/<version>/tofu``, both by scripts/judges.sh; ``<cache>`` is
``${STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}``, and
``$STATE_BACKENDS_OPENTOFU_JUDGES`` replaces the OpenTofu versions. A missing judge fails its
test under CI and is skipped, loudly, elsewhere.
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


def cache() -> Path:
    return Path(os.environ.get("STATE_BACKENDS_CACHE") or str(Path.home() / ".cache" / "cdktf-state-backends"))


def listed_judges() -> List[Tuple[str, str, str]]:
    """(tool, version, where from) per line of scripts/judges.txt whose tiers= names the languages
    tier; the OpenTofu versions replaced by $STATE_BACKENDS_OPENTOFU_JUDGES (space-separated) when
    it is set."""
    lines = [re.sub(r"#.*", "", l).split() for l in (REPO / "scripts" / "judges.txt").read_text().splitlines()]
    tiers = lambda w: dict(k.split("=", 1) for k in w[3:]).get("tiers", "").split(",")
    listed = [(w[0], w[1], w[2]) for w in lines if w and "languages" in tiers(w)]
    override = os.environ.get("STATE_BACKENDS_OPENTOFU_JUDGES", "").split()
    if override:
        listed = [j for j in listed if j[0] != "opentofu"] + [("opentofu", v, "proxy") for v in override]
    return listed


def binary_of(tool: str, version: str, source: str) -> str:
    if source == "path":
        return "terraform"
    if tool == "terraform":
        named = os.environ.get(f"STATE_BACKENDS_TERRAFORM_{version.replace('.', '_')}")
        if named:
            return named
        return str(cache() / "terraform" / version / "terraform")
    return str(cache() / "tofu" / version / "tofu")


def _version(binary: str, tool: str) -> Tuple[Optional[str], Optional[str]]:
    try:
        r = subprocess.run([binary, "version", "-json"], env=ENV, capture_output=True, text=True, timeout=60)
    except OSError as e:
        return None, f"{binary} cannot run ({e.strerror})"
    if r.returncode != 0:
        return None, f"`{binary} version -json` failed: {r.stderr.strip()}"
    return json.loads(r.stdout)["terraform_version"], None


def discover() -> List[Judge]:
    """The listed judges, in the list's order; a missing one carries its problem."""
    judges: List[Judge] = []
    for tool, version, source in listed_judges():
        binary = binary_of(tool, version, source)
        got, problem = _version(binary, tool)
        if source == "path":
            if problem:
                judges.append(Judge(tool, version, None, f"terraform is not on PATH ({problem}); install Terraform ({version} in CI) to run the tool checks"))
                continue
            version = got  # whatever release is on PATH judges (CI installs the listed one)
        elif problem or got != version:
            judges.append(Judge(tool, version, None, (problem or f"{binary} reports version {got}, expected {version}")
                                + "; run `npx projen judges` (Go 1.26+; see CONTRIBUTING.md) to check with it"))
            continue
        # terraform on PATH may be any release; one already judging is not run twice
        if not any(j.tool == tool and j.version == version and j.problem is None for j in judges):
            judges.append(Judge(tool, version, binary))
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
