"""Helpers shared by the suites: apps for a target, synthesis to dicts, keyword arguments from the
field tables' names, refusals and warnings.
"""
import json
import os
import re
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pytest

from library import StateBackendTarget, cdk

REPO = Path(__file__).resolve().parents[2]
WARN = "@cdktf/warn"


def fields() -> Dict[str, Any]:
    """The field cases of the TypeScript suite, written by scripts/python-fields.ts."""
    path = os.environ.get("STATE_BACKENDS_FIELDS")
    if not path or not Path(path).is_file():
        raise RuntimeError(
            "STATE_BACKENDS_FIELDS does not name the field cases file; run the suite with "
            "`npx projen test:python`, which writes it"
        )
    return json.loads(Path(path).read_text())


# The target used when none is set (src/private/target/releases.ts, through the field cases file).
DEFAULT_TARGET: str = fields()["defaultTarget"]


def app(target: Optional[str] = None, outdir: Optional[Path] = None):
    """A test app (or one writing to ``outdir``) whose target is ``tool@version`` when given."""
    a = cdk.App(outdir=str(outdir)) if outdir else cdk.Testing.app()
    if target:
        StateBackendTarget.parse(target).apply_to(a)
    return a


def synth(stack) -> Dict[str, Any]:
    """One stack synthesized with its validations run, as a dict."""
    return json.loads(cdk.Testing.synth(stack, True))


def at(root: Dict[str, Any], dotted: str) -> Any:
    """The value at a dotted path; fails naming the first missing part."""
    node: Any = root
    seen: List[str] = []
    for part in dotted.split("."):
        seen.append(part)
        if not isinstance(node, dict) or part not in node:
            pytest.fail(f"missing {'.'.join(seen)} in {json.dumps(root, indent=1)}")
        node = node[part]
    return node


def snake(name: str) -> str:
    """A camelCase name as a Python keyword argument (``lockStoreTable`` -> ``lock_store_table``)."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def kwargs(props: Dict[str, Any], structs: Optional[Dict[str, Callable[..., Any]]] = None) -> Dict[str, Any]:
    """camelCase props as keyword arguments; a nested block becomes its struct class."""
    out: Dict[str, Any] = {}
    for name, value in props.items():
        if isinstance(value, dict) and structs and name in structs:
            value = structs[name](**{snake(k): v for k, v in value.items()})
        out[snake(name)] = value
    return out


def refused(action: Callable[[], Any]) -> str:
    """Runs ``action``, which the library must refuse, and returns the exception's message."""
    with pytest.raises(RuntimeError) as info:
        action()
    return str(info.value)


def assert_refusal(message: str, header: str, field: str) -> None:
    """The message opens with ``header`` and has a ``- field: ...`` line."""
    assert message.startswith(header + "\n"), f"header of:\n{message}\nexpected: {header}"
    assert f"\n- {field}: " in message, f"no line for {field} in:\n{message}"


def assert_no_secrets(text: str, *secrets: str) -> None:
    for secret in secrets:
        assert secret not in text, f"secret {secret} leaked into:\n{text}"


def warnings(construct) -> List[str]:
    """The warnings shown on ``construct`` and below it, in tree order (they are shown at synth, so
    this runs the validations first, as synth does)."""
    for c in construct.node.find_all():
        c.node.validate()
    return [str(m.data) for c in construct.node.find_all() for m in c.node.metadata if m.type == WARN]
