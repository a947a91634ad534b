"""One state object per stack, from Python: two stacks with the same backend settings fail the
app's synth naming both; ``for_each_stack`` gives every stack its own object in one bucket.
"""
import json

import pytest

from library import GcsBackend, OssBackend, cdk
from support import app


def test_fails_if_two_stacks_share_one_state_object():
    # GIVEN two stacks whose oss backends leave prefix and key to the tool's defaults
    a = app()
    network = cdk.TerraformStack(a, "network")
    database = cdk.TerraformStack(a, "database")
    for stack in (network, database):
        OssBackend(stack, bucket="acme-tfstate")
    # database reads network's outputs: one run, one workspace
    vpc = cdk.TerraformResource(network, "vpc", terraform_resource_type="terraform_data")
    cdk.TerraformOutput(database, "vpc", value=vpc.get_string_attribute("id"))
    # WHEN the app is synthesized THEN it fails naming both stacks and the object
    with pytest.raises(RuntimeError) as e:
        a.synth()
    assert 'stacks "network" and "database" keep their state in one object: oss bucket="acme-tfstate", object "env:/terraform.tfstate"' in str(e.value)
    assert "[stack/shared-state]" in str(e.value)


def test_for_each_stack_gives_every_stack_its_own_prefix():
    # GIVEN an app with two stacks
    a = app()
    network = cdk.TerraformStack(a, "network")
    database = cdk.TerraformStack(a, "database")
    # WHEN one call gives every stack its backend
    made = GcsBackend.for_each_stack(a, bucket="acme-tfstate", prefix="envs/prod")
    # THEN each stack's prefix ends with its id, and the app synthesizes
    assert [b.node.path for b in made] == ["network/backend", "database/backend"]
    assert json.loads(cdk.Testing.synth(network))["terraform"]["backend"]["gcs"]["prefix"] == "envs/prod/network"
    assert json.loads(cdk.Testing.synth(database))["terraform"]["backend"]["gcs"]["prefix"] == "envs/prod/database"
    a.synth()
