"""The state store constructs from Python, written as Python users write them: keyword arguments in
snake_case, ``bucket.backend(stack, prefix=...)`` with the backend's options as keyword arguments,
the settings a state store needs on by default, and a loosening said out loud.
"""
import pytest

from library import (
    AzurermStateContainer,
    CosStateBucket,
    GcsStateBucket,
    OssStateBucket,
    cdk,
)
from support import DEFAULT_TARGET, app, at, refused, synth


def only(stack_json, resource_type):
    """The only resource of ``resource_type`` in a synthesized stack."""
    made = list(at(stack_json, f"resource.{resource_type}").values())
    assert len(made) == 1
    return made[0]


def test_a_bootstrap_stack_makes_the_bucket_and_the_other_stacks_keep_their_state_in_it():
    # GIVEN a bootstrap stack with the bucket, and two stacks whose backends come from it
    a = app(DEFAULT_TARGET)
    bootstrap = cdk.TerraformStack(a, "bootstrap")
    bucket = GcsStateBucket(bootstrap, "state", name="acme-tfstate", location="EU")
    network = cdk.TerraformStack(a, "network")
    bucket.backend(network, prefix="network")
    service = cdk.TerraformStack(a, "service")
    bucket.remote_state(service, "network", prefix="network")
    bucket.for_each_stack(a, prefix="prod")

    # THEN the bucket carries every default
    made = only(synth(bootstrap), "google_storage_bucket")
    assert made["versioning"] == {"enabled": True}
    assert made["lifecycle_rule"] == [{"action": {"type": "Delete"}, "condition": {"days_since_noncurrent_time": 365, "with_state": "ARCHIVED"}}]
    assert made["soft_delete_policy"] == {"retention_duration_seconds": 604800}
    assert made["uniform_bucket_level_access"] is True
    assert made["public_access_prevention"] == "enforced"
    assert made["force_destroy"] is False
    assert made["lifecycle"] == {"prevent_destroy": True}
    # AND the stacks name it once, and depend on the bootstrap stack
    assert at(synth(network), "terraform.backend.gcs") == {"bucket": "acme-tfstate", "prefix": "network"}
    assert at(synth(service), "terraform.backend.gcs") == {"bucket": "acme-tfstate", "prefix": "prod/service"}
    assert [s.node.id for s in network.dependencies] == ["bootstrap"]
    assert [s.node.id for s in service.dependencies] == ["bootstrap"]


def test_a_default_is_loosened_only_by_a_keyword_argument():
    bootstrap = cdk.TerraformStack(app(DEFAULT_TARGET), "bootstrap")
    CosStateBucket(bootstrap, "state", bucket="tfstate-1250000000", region="ap-guangzhou", versioned=False, noncurrent_version_retention_days=0)
    made = only(synth(bootstrap), "tencentcloud_cos_bucket")
    assert made["versioning_enable"] is False
    assert "lifecycle_rules" not in made
    assert made["acl"] == "private"


def test_the_oss_lock_table_and_the_azure_container():
    a = app(DEFAULT_TARGET)
    bootstrap = cdk.TerraformStack(a, "bootstrap")
    oss = OssStateBucket(bootstrap, "oss", bucket="acme-tfstate", region="cn-hangzhou")
    AzurermStateContainer(bootstrap, "azure", storage_account_name="acmetfstate", resource_group_name="rg-tfstate", location="westeurope")
    network = cdk.TerraformStack(a, "network")
    oss.backend(network, prefix="network")
    assert only(synth(bootstrap), "alicloud_ots_table")["primary_key"] == [{"name": "LockID", "type": "String"}]
    assert only(synth(bootstrap), "azurerm_storage_container")["container_access_type"] == "private"
    assert at(synth(network), "terraform.backend.oss.tablestore_table") == "terraform_lock"


@pytest.mark.parametrize("name", ["Tfstate-1250000000", "tfstate-125"])
def test_a_name_the_backend_or_the_provider_refuses_is_refused_at_the_construct(name):
    bootstrap = cdk.TerraformStack(app(DEFAULT_TARGET), "bootstrap")
    message = refused(lambda: CosStateBucket(bootstrap, "state", bucket=name, region="ap-guangzhou"))
    assert message.startswith(f"invalid CosStateBucket (target {DEFAULT_TARGET}) at bootstrap/state:\n- bucket: got \"{name}\"")
    assert "[cos/bucket-name]" in message or "[cos-bucket/bucket-name]" in message
