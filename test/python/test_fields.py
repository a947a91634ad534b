"""Every field of every store, in the spec's spelling and cdktf's, set from Python as a keyword
argument (nested blocks as their struct class) on the backend and on the remote state: one test
per emitted tool key, and one per block that it holds exactly the keys of what was set.

The cases (fields, spellings, sample values, the key and value the tool must receive) are the
TypeScript suite's, from test/support/stores.ts and the field tables (scripts/python-fields.ts).
"""
import functools
from typing import Any, Dict, Set, Tuple

import pytest

import library
from library import CosBackendAssumeRole, OssAssumeRole, cdk
from support import app, fields, kwargs, snake, synth

FIELDS = fields()
CASES = FIELDS["cases"]
STORES = FIELDS["stores"]

# The struct class a Python user passes for each nested block.
STRUCTS = {
    "cos": {"assumeRole": CosBackendAssumeRole},
    "oss": {"assumeRole": OssAssumeRole},
}

# Never equal to an expected value: an absent key fails its assertion.
MISSING = object()

# (store, spelling) -> per-tool key, for the "exactly these keys" checks.
_KEYS = {(c["store"], c["spelling"]): c["tools"] for c in CASES if c["block"] is None}


def _call(case: Dict[str, Any]) -> str:
    """The Python call a case makes, for test ids."""
    name = case["spelling"]
    if case["block"]:
        struct = STRUCTS[case["store"]][case["block"]].__name__
        return f"{snake(case['block'])}={struct}({snake(name)}=...)"
    if case["type"] == "block":
        return f"{snake(name)}={STRUCTS[case['store']][name].__name__}(...)"
    return f"{snake(name)}=..."


@functools.lru_cache(maxsize=None)
def emitted(label: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The backend block and the remote-state config a case produces, for its target."""
    case = next(c for c in CASES if c["label"] == label)
    store = STORES[case["store"]]
    props = kwargs(case["props"], STRUCTS.get(case["store"]))
    a = app(case["target"])
    producer = cdk.TerraformStack(a, "producer")
    getattr(library, store["backendClass"])(producer, **props)
    consumer = cdk.TerraformStack(a, "consumer")
    getattr(library, store["remoteStateClass"])(consumer, "rs", **props)
    backend = synth(producer)["terraform"]["backend"][case["store"]]
    config = synth(consumer)["data"]["terraform_remote_state"]["rs"]["config"]
    return backend, config


def _tool(case: Dict[str, Any]) -> str:
    return case["target"].split("@")[0]


def expected_keys(case: Dict[str, Any]) -> Set[str]:
    """The tool keys of every prop the case sets."""
    return {_KEYS[(case["store"], name)][_tool(case)]["key"] for name in case["props"]}


def test_there_are_cases_for_every_store_and_spelling():
    assert set(STORES) == {"gcs", "cos", "oss", "azurerm"}
    spellings = {(c["store"], c["spelling"]) for c in CASES}
    # the spec's renamed fields and cdktf's names for them (README.md, "The spec's names")
    for pair in [
        ("oss", "lockStoreEndpoint"), ("oss", "tablestoreEndpoint"),
        ("oss", "lockStoreTable"), ("oss", "tablestoreTable"),
        ("azurerm", "managedIdentityEndpoint"), ("azurerm", "msiEndpoint"),
        ("azurerm", "useDirectoryAuth"), ("azurerm", "useAzureadAuth"),
        ("azurerm", "useGraphApi"), ("azurerm", "useMicrosoftGraph"),
        ("azurerm", "useManagedIdentity"), ("azurerm", "useMsi"),
        ("gcs", "storeageCustomEndpoint"), ("gcs", "storageCustomEndpoint"),
    ]:
        assert pair in spellings
    assert len(CASES) >= 100


def test_every_block_has_its_struct_class():
    blocks = {(c["store"], c["block"]) for c in CASES if c["block"]}
    assert blocks == {(s, b) for s, m in STRUCTS.items() for b in m}


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['label']}: {STORES[c['store']]['backendClass']}({_call(c)})" for c in CASES]
)
def test_backend_emits_the_key(case):
    backend, _ = emitted(case["label"])
    if case["block"]:
        block = backend.get(case["blockKey"])
        assert isinstance(block, dict), f"{case['blockKey']} is not an object: {backend}"
        assert block.get(case["key"], MISSING) == case["value"], backend
    else:
        assert backend.get(case["key"], MISSING) == case["value"], backend


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['label']}: {STORES[c['store']]['backendClass']} holds exactly its keys" for c in CASES]
)
def test_backend_holds_exactly_the_keys_set(case):
    backend, _ = emitted(case["label"])
    assert set(backend) == expected_keys(case)


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['label']}: {STORES[c['store']]['remoteStateClass']}({_call(c)})" for c in CASES]
)
def test_remote_state_emits_the_key(case):
    _, config = emitted(case["label"])
    if case["block"]:
        # config accepts a nested block only as a one-element list
        block = config.get(case["blockKey"])
        assert isinstance(block, list) and len(block) == 1, f"{case['blockKey']} is not a one-element list: {config}"
        assert block[0].get(case["key"], MISSING) == case["value"], config
    elif case["type"] == "block":
        assert config.get(case["key"], MISSING) == [case["value"]], config
    else:
        assert config.get(case["key"], MISSING) == case["value"], config


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['label']}: {STORES[c['store']]['remoteStateClass']} holds exactly its keys" for c in CASES]
)
def test_remote_state_holds_exactly_the_keys_set(case):
    _, config = emitted(case["label"])
    assert set(config) == expected_keys(case)
