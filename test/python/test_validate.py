"""The real tools judge what Python synthesizes (see judges.py): for terraform on PATH and every
OpenTofu judge, every field case the judge's version has is set from Python for that target, as a
backend (its attributes moved into a remote-state config) and as a remote state, and the whole
document is validated once; the cases the version lacks must be refused at synth instead. The
Python example app, synthesized for the judge's version, is validated too.
"""
import functools
import importlib.util
import json
import re
from typing import Any, Dict, List

import pytest

import library
from judges import Judge, backend_to_remote_config, discover, remote_states_document, require, validate, version_key
from library import cdk
from support import REPO, app, fields, kwargs, synth
from test_fields import STRUCTS

JUDGES = discover()
PRESENT = [j for j in JUDGES if j.problem is None]
FIELDS = fields()
CASES = FIELDS["cases"]
STORES = FIELDS["stores"]
FORMS = ["backend", "remote"]


def available(case: Dict[str, Any], judge: Judge) -> bool:
    """The judge's version has the field (and its block), as the field table says."""
    t = case["tools"][judge.tool]
    if t is None:
        return False
    v = version_key(judge.version)
    return all(v >= version_key(s) for s in t["since"]) and all(v < version_key(r) for r in t["removedIn"])


def checkable(judge: Judge) -> List[Dict[str, Any]]:
    return [c for c in CASES if available(c, judge)]


def unavailable(judge: Judge) -> List[Dict[str, Any]]:
    # The Microsoft Graph toggle is dropped with a warning rather than refused (test_refusals.py).
    return [c for c in CASES if not available(c, judge) and not c["impliedWhereAbsent"]]


def construct(case: Dict[str, Any], target: str):
    """The case's backend in a producer stack and its remote state in a consumer, for ``target``."""
    store = STORES[case["store"]]
    props = kwargs(case["props"], STRUCTS.get(case["store"]))
    a = app(target)
    producer = cdk.TerraformStack(a, "producer")
    getattr(library, store["backendClass"])(producer, **props)
    consumer = cdk.TerraformStack(a, "consumer")
    getattr(library, store["remoteStateClass"])(consumer, "rs", **props)
    return producer, consumer


@functools.lru_cache(maxsize=None)
def judged(judge: Judge):
    """Every checkable case of ``judge`` in both forms, validated as one document."""
    entries: Dict[str, Dict[str, Any]] = {}
    for case in checkable(judge):
        producer, consumer = construct(case, judge.target)
        backend = synth(producer)["terraform"]["backend"][case["store"]]
        entries[f"{case['label']}__backend"] = {"backend": case["store"], "config": backend_to_remote_config(backend)}
        entries[f"{case['label']}__remote"] = {"backend": case["store"], "config": synth(consumer)["data"]["terraform_remote_state"]["rs"]["config"]}
    result = validate(judge, {"main.tf.json": remote_states_document(entries)})
    SUMMARY.append(
        f"{judge.name}: {len(entries)} configurations synthesized from Python checked "
        f"({len(checkable(judge))} fields and spellings x {len(FORMS)} forms), valid={str(result.valid).lower()}, "
        f"{len(result.diagnostics)} diagnostics; {len(unavailable(judge))} fields refused at synth instead"
    )
    return entries, result


# Lines for the terminal summary (conftest.py).
SUMMARY: List[str] = []


@pytest.mark.parametrize("judge", JUDGES, ids=[j.name for j in JUDGES])
def test_the_judge_is_there(judge):
    require(judge)
    assert judge.binary


@pytest.mark.parametrize("judge", PRESENT, ids=[j.name for j in PRESENT])
def test_the_whole_document_is_valid(judge):
    entries, result = judged(judge)
    assert result.errors() == []
    assert result.valid is True
    assert len(entries) == len(checkable(judge)) * len(FORMS)


ACCEPTS = [(j, c, f) for j in PRESENT for c in checkable(j) for f in FORMS]


@pytest.mark.parametrize("judge, case, form", ACCEPTS, ids=[f"{j.name} accepts {c['label']} ({f})" for j, c, f in ACCEPTS])
def test_the_judge_accepts(judge, case, form):
    entries, result = judged(judge)
    address = f"{case['label']}__{form}"
    assert address in entries
    assert result.errors(f"data.terraform_remote_state.{address}") == []


REFUSED = [(j, c) for j in PRESENT for c in unavailable(j)]


@pytest.mark.parametrize("judge, case", REFUSED, ids=[f"refused for {j.name}: {c['label']}" for j, c in REFUSED])
def test_a_field_the_judge_lacks_is_refused_at_synth(judge, case):
    with pytest.raises(RuntimeError, match=rf"but {judge.tool} (has no such setting|{re.escape(judge.version)} does not have it yet)"):
        construct(case, judge.target)


@pytest.mark.parametrize("judge", PRESENT, ids=[j.name for j in PRESENT])
def test_the_harness_can_fail_cdktf_gcs_backend_emits_a_key_the_judge_rejects(judge):
    stack = cdk.TerraformStack(cdk.Testing.app(), "cdktf")
    cdk.GcsBackend(stack, bucket="b", storeage_custom_endpoint="https://storage-acme.p.googleapis.com/storage/v1/b")
    attributes = json.loads(cdk.Testing.synth(stack))["terraform"]["backend"]["gcs"]
    result = validate(judge, {"main.tf.json": remote_states_document({"gcs": {"backend": "gcs", "config": attributes}})})
    assert result.valid is False
    assert "storeage_custom_endpoint" in json.dumps(result.diagnostics)


def _example():
    if library.MODULE != "cdktf_state_backends":
        pytest.skip(f"examples/python is written for cdktf_state_backends, not {library.MODULE}")
    spec = importlib.util.spec_from_file_location("example_main", REPO / "examples" / "python" / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("judge", PRESENT, ids=[j.name for j in PRESENT])
def test_the_python_example_validates(judge, tmp_path):
    # GIVEN the example app synthesized for the judge's version
    example = _example()
    a = example.build(tmp_path / "out", judge.target)
    a.synth()

    # WHEN each stack's cdk.tf.json is validated, its backend block moved into a remote state
    for stack in ("state", "app"):
        tf = json.loads((tmp_path / "out" / "stacks" / stack / "cdk.tf.json").read_text())
        [(name, attributes)] = tf["terraform"].pop("backend").items()
        tf.setdefault("data", {}).setdefault("terraform_remote_state", {})["own_backend"] = {
            "backend": name, "config": backend_to_remote_config(attributes)
        }
        result = validate(judge, {"main.tf.json": json.dumps(tf)})

        # THEN the judge accepts all of it: backend, remote states and the outputs reading them
        assert result.errors() == [], f"{stack}: {result.diagnostics}"
        assert result.valid is True
