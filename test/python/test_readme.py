"""The README's Python snippets run against the package, each in a fresh stack (``stack``), with
the names a user imports from the library and from cdktf in scope.
"""
import json
import re

import pytest

import library
from library import cdk
from support import REPO

SNIPPETS = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)


def test_there_are_snippets_for_every_store_and_the_target_helper():
    for name in ["GcsBackend", "DataTerraformRemoteStateCos", "OssBackend", "DataTerraformRemoteStateAzurerm", "StateBackendTarget"]:
        assert any(name in s for s in SNIPPETS), name


@pytest.mark.parametrize("code", SNIPPETS, ids=[f"snippet {i}" for i in range(len(SNIPPETS))])
def test_a_snippet_runs_and_synthesizes(code):
    stack = cdk.TerraformStack(cdk.Testing.app(), "readme")
    scope = {name: getattr(library, name) for name in library.__all__}
    scope.update(App=cdk.App, TerraformOutput=cdk.TerraformOutput, TerraformStack=cdk.TerraformStack, stack=stack)
    exec(compile(code, "README.md", "exec"), scope)
    assert isinstance(json.loads(cdk.Testing.synth(stack, True)), dict)
