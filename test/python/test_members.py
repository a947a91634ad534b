"""The members of spec 2.6, 4.2 and 4.3, called from Python by their Python names on the three
construct components: BackendC (OssBackend), RemoteStateB (DataTerraformRemoteStateCos) and
RemoteStateD (DataTerraformRemoteStateAzurerm). Effects are proven in the synthesized JSON.
"""
import json

import jsii
import pytest
from constructs import Construct, IMixin

from library import (
    CosBackendAssumeRole,
    DataTerraformRemoteStateAzurerm,
    DataTerraformRemoteStateCos,
    DataTerraformRemoteStateOss,
    OssBackend,
    OssBackendConfig,
    cdk,
)
from support import app, assert_no_secrets, at, synth, warnings

OSS = dict(bucket="acme-tfstate", region="cn-hangzhou", key="network/terraform.tfstate", lock_store_table="terraform_lock")


class Producer:
    """A stack holding the three spec constructs."""

    def __init__(self):
        self.app = app()
        self.stack = cdk.TerraformStack(self.app, "producer")
        self.backend = OssBackend(self.stack, **OSS)
        self.cos = DataTerraformRemoteStateCos(
            self.stack, "network", bucket="tfstate-1250000000", region="ap-guangzhou",
            assume_role=CosBackendAssumeRole(role_arn="qcs::cam::uin/100000000001:roleName/terraform", session_name="cdktf"),
        )
        self.azurerm = DataTerraformRemoteStateAzurerm(
            self.stack, "shared", container_name="tfstate", key="prod.terraform.tfstate",
            storage_account_name="acmetfstate", resource_group_name="rg-tfstate",
        )
        self.all = [self.backend, self.cos, self.azurerm]


@pytest.fixture
def p():
    return Producer()


class TestProperties:
    """Read-only properties (spec 2.6)."""

    def test_node_has_id_path_and_scope(self, p):
        assert (p.backend.node.id, p.backend.node.path) == ("backend", "producer/backend")
        assert (p.cos.node.id, p.cos.node.path) == ("network", "producer/network")
        assert p.azurerm.node.path == "producer/shared"
        for element in p.all:
            assert element.node.scope is p.stack

    def test_cdktf_stack_is_the_enclosing_stack(self, p):
        for element in p.all:
            assert element.cdktf_stack is p.stack

    def test_friendly_unique_id_is_the_logical_id(self, p):
        assert [e.friendly_unique_id for e in p.all] == ["backend", "network", "shared"]

    def test_fqn_of_a_remote_state_is_a_reference_to_its_block(self, p):
        cdk.TerraformOutput(p.stack, "cos_fqn", value=p.cos.fqn)
        cdk.TerraformOutput(p.stack, "azurerm_fqn", value=p.azurerm.fqn)
        json_ = synth(p.stack)
        assert at(json_, "output.cos_fqn.value") == "${data.terraform_remote_state.network}"
        assert at(json_, "output.azurerm_fqn.value") == "${data.terraform_remote_state.shared}"

    def test_fqn_of_the_backend_names_its_block(self, p):
        assert p.backend.fqn == "terraform.backend.oss"

    def test_tf_resource_type(self, p):
        assert DataTerraformRemoteStateCos.TF_RESOURCE_TYPE == "terraform_remote_state"
        assert DataTerraformRemoteStateAzurerm.TF_RESOURCE_TYPE == "terraform_remote_state"
        assert list(synth(p.stack)["data"]) == [DataTerraformRemoteStateCos.TF_RESOURCE_TYPE]


class TestStatics:
    """Static functions (spec 4.3)."""

    def test_is_construct(self, p):
        assert OssBackend.is_construct(p.backend) is True
        assert DataTerraformRemoteStateCos.is_construct(p.cos) is True
        assert DataTerraformRemoteStateAzurerm.is_construct(p.azurerm) is True
        assert DataTerraformRemoteStateCos.is_construct(p.stack) is True
        assert OssBackend.is_construct("producer/backend") is False
        assert DataTerraformRemoteStateCos.is_construct(42) is False

    def test_is_construct_of_a_struct_raises_today(self):
        # Upstream quirk, as in Java: constructs' isConstruct returns undefined, not false, for an
        # object that is not a construct, and jsii cannot hand that back as a bool.
        with pytest.raises(RuntimeError, match="Unable to serialize value as boolean"):
            OssBackend.is_construct(OssBackendConfig(bucket="acme-tfstate"))

    def test_is_terraform_element(self, p):
        for element in p.all:
            assert type(element).is_terraform_element(element) is True
        assert DataTerraformRemoteStateAzurerm.is_terraform_element(Construct(p.stack, "plain")) is False
        assert OssBackend.is_terraform_element("backend") is False

    def test_is_backend(self, p):
        assert OssBackend.is_backend(p.backend) is True
        assert [OssBackend.is_backend(x) for x in (p.cos, p.azurerm, p.stack, "oss")] == [False] * 4


class TestMethods:
    """Instance methods (spec 4.2)."""

    def test_to_string_is_the_construct_path(self, p):
        assert [e.to_string() for e in p.all] == ["producer/backend", "producer/network", "producer/shared"]

    def test_add_override_changes_the_synthesized_block(self, p):
        p.backend.add_override("tablestore_table", "override_table")
        p.backend.add_override("encrypt", True)
        p.cos.add_override("config.region", "ap-shanghai")
        p.cos.add_override("workspace", "prod")
        p.azurerm.add_override("defaults", {"dns_zone": "example.com"})
        json_ = synth(p.stack)
        assert at(json_, "terraform.backend.oss.tablestore_table") == "override_table"
        assert at(json_, "terraform.backend.oss.encrypt") is True
        assert at(json_, "terraform.backend.oss.bucket") == "acme-tfstate"
        assert at(json_, "data.terraform_remote_state.network.config.region") == "ap-shanghai"
        assert at(json_, "data.terraform_remote_state.network.config.bucket") == "tfstate-1250000000"
        assert at(json_, "data.terraform_remote_state.network.workspace") == "prod"
        assert at(json_, "data.terraform_remote_state.shared.defaults.dns_zone") == "example.com"

    def test_override_logical_id_renames_the_block_and_its_references(self, p):
        p.cos.override_logical_id("network_state")
        cdk.TerraformOutput(p.stack, "vpc_id", value=p.cos.get_string("vpc_id"))
        json_ = synth(p.stack)
        assert set(at(json_, "data.terraform_remote_state")) == {"network_state", "shared"}
        assert at(json_, "output.vpc_id.value") == "${data.terraform_remote_state.network_state.outputs.vpc_id}"
        assert p.cos.friendly_unique_id == "network_state"

    def test_reset_override_logical_id_restores_the_generated_id(self, p):
        p.azurerm.override_logical_id("renamed")
        p.azurerm.reset_override_logical_id()
        p.backend.override_logical_id("renamed_backend")
        p.backend.reset_override_logical_id()
        assert set(at(synth(p.stack), "data.terraform_remote_state")) == {"network", "shared"}
        assert (p.azurerm.friendly_unique_id, p.backend.friendly_unique_id) == ("shared", "backend")

    def test_to_terraform_is_the_elements_part_of_the_output(self, p):
        json_ = synth(p.stack)
        assert p.backend.to_terraform() == {"terraform": {"backend": {"oss": at(json_, "terraform.backend.oss")}}}
        cos = p.cos.to_terraform()
        assert at(cos, "data.terraform_remote_state.network") == at(json_, "data.terraform_remote_state.network")
        assert len(at(cos, "data.terraform_remote_state.network.config.assume_role")) == 1
        assert at(p.azurerm.to_terraform(), "data.terraform_remote_state.shared") == at(json_, "data.terraform_remote_state.shared")

    def test_to_hcl_terraform_has_the_same_keys_with_quoted_literals(self, p):
        oss = at(p.backend.to_hcl_terraform(), "terraform.backend.oss")
        assert set(oss) == set(at(synth(p.stack), "terraform.backend.oss"))
        assert oss["bucket"] == '"acme-tfstate"'
        cos = at(p.cos.to_hcl_terraform(), "data.terraform_remote_state.network")
        assert set(cos["config"]) == {"bucket", "region", "assume_role"}
        assert cos["config"]["region"] == '"ap-guangzhou"'
        assert len(cos["config"]["assume_role"]) == 1
        assert cos["backend"] == "cos"
        az = at(p.azurerm.to_hcl_terraform(), "data.terraform_remote_state.shared.config")
        assert set(az) == {"resource_group_name", "storage_account_name", "container_name", "key"}

    def test_to_metadata_names_the_backend(self, p):
        assert [e.to_metadata() for e in p.all] == [{"backend": "oss"}, {}, {}]

    def test_output_getters_reference_the_remote_state_outputs(self, p):
        for rs in (p.cos, p.azurerm):
            rid = rs.friendly_unique_id
            cdk.TerraformOutput(p.stack, f"{rid}_get", value=rs.get("tags"))
            cdk.TerraformOutput(p.stack, f"{rid}_bool", value=rs.get_boolean("enabled"))
            cdk.TerraformOutput(p.stack, f"{rid}_list", value=rs.get_list("subnet_ids"))
            cdk.TerraformOutput(p.stack, f"{rid}_number", value=rs.get_number("replicas"))
            cdk.TerraformOutput(p.stack, f"{rid}_string", value=rs.get_string("vpc_id"))
        outputs = at(synth(p.stack), "output")
        assert len(outputs) == 10
        for rid in ("network", "shared"):
            for suffix, name in [("get", "tags"), ("bool", "enabled"), ("list", "subnet_ids"), ("number", "replicas"), ("string", "vpc_id")]:
                assert outputs[f"{rid}_{suffix}"]["value"] == f"${{data.terraform_remote_state.{rid}.outputs.{name}}}"


@jsii.implements(IMixin)
class BackendOverride:
    """A Python mixin that overrides a key of every backend it is applied to."""

    def __init__(self):
        self.visited = []

    def supports(self, construct):
        return OssBackend.is_backend(construct)

    def apply_to(self, construct):
        self.visited.append(construct.node.path)
        construct.add_override("tablestore_table", "mixin_table")


@jsii.implements(IMixin)
class TagRemoteStates:
    """A Python mixin that records and tags every remote state it visits."""

    def __init__(self):
        self.visited = []

    def supports(self, construct):
        return isinstance(construct, cdk.TerraformRemoteState)

    def apply_to(self, construct):
        self.visited.append(construct.node.path)
        construct.add_override("workspace", "tagged")


@jsii.implements(IMixin)
class AddRemoteState:
    """A Python mixin that adds a remote state to every stack it is applied to."""

    def supports(self, construct):
        return isinstance(construct, cdk.TerraformStack)

    def apply_to(self, construct):
        DataTerraformRemoteStateOss(construct, "added", bucket="acme-tfstate")


class TestWith:
    """with_(*mixins) (spec 4.2; `with` is a Python keyword)."""

    def test_a_python_mixin_on_the_stack_overrides_the_backend(self, p):
        mixin = BackendOverride()
        assert p.stack.with_(mixin) is p.stack
        assert mixin.visited == ["producer/backend"]
        assert at(synth(p.stack), "terraform.backend.oss.tablestore_table") == "mixin_table"

    def test_with_on_each_construct_applies_to_it_and_returns_it(self, p):
        tag, override = TagRemoteStates(), BackendOverride()
        assert p.backend.with_(override, tag) is p.backend
        assert p.cos.with_(override, tag) is p.cos
        assert p.azurerm.with_(tag) is p.azurerm
        assert override.visited == ["producer/backend"]
        assert tag.visited == ["producer/network", "producer/shared"]
        json_ = synth(p.stack)
        assert at(json_, "terraform.backend.oss.tablestore_table") == "mixin_table"
        assert at(json_, "data.terraform_remote_state.network.workspace") == "tagged"
        assert at(json_, "data.terraform_remote_state.shared.workspace") == "tagged"

    def test_constructs_added_by_a_mixin_need_a_second_call(self, p):
        # WHEN a mixin adds a remote state while another tags remote states
        tag = TagRemoteStates()
        p.stack.with_(AddRemoteState(), tag)

        # THEN the added one exists but was not visited
        assert tag.visited == ["producer/network", "producer/shared"]
        json_ = synth(p.stack)
        assert set(at(json_, "data.terraform_remote_state")) == {"network", "shared", "added"}
        assert "workspace" not in at(json_, "data.terraform_remote_state.added")

        # AND a second call reaches it
        again = TagRemoteStates()
        p.stack.with_(again)
        assert "producer/added" in again.visited
        assert at(synth(p.stack), "data.terraform_remote_state.added.workspace") == "tagged"


class TestCrossStack:
    """BackendC.get_remote_state_data_source and cross-stack references."""

    def test_get_remote_state_data_source_reads_the_state_without_secrets(self):
        a = app()
        producer = cdk.TerraformStack(a, "producer")
        state = OssBackend(
            producer, bucket="acme-tfstate", region="cn-hangzhou", prefix="env:", key="network/terraform.tfstate",
            encrypt=True, lock_store_endpoint="https://acme-lock.cn-hangzhou.ots.aliyuncs.com", lock_store_table="terraform_lock",
            access_key="<ACCESS_KEY>", secret_key="<SECRET_KEY>", security_token="<SECURITY_TOKEN>",
        )
        consumer = cdk.TerraformStack(a, "consumer")

        rs = state.get_remote_state_data_source(consumer, "state", "producer")

        assert isinstance(rs, DataTerraformRemoteStateOss)
        assert rs.cdktf_stack is consumer
        block = at(synth(consumer), "data.terraform_remote_state.state")
        assert block == {
            "backend": "oss",
            "workspace": "${terraform.workspace}",
            "config": {
                "region": "cn-hangzhou",
                "tablestore_endpoint": "https://acme-lock.cn-hangzhou.ots.aliyuncs.com",
                "bucket": "acme-tfstate",
                "prefix": "env:",
                "key": "network/terraform.tfstate",
                "tablestore_table": "terraform_lock",
                "encrypt": True,
            },
        }
        assert_no_secrets(json.dumps(block), "<ACCESS_KEY>", "<SECRET_KEY>", "<SECURITY_TOKEN>")
        assert any(w.startswith("the remote state of producer/backend leaves out its secret fields") for w in warnings(consumer)), warnings(consumer)

    def test_a_value_of_stack_a_used_in_stack_b_is_read_through_the_oss_backend(self, tmp_path):
        # GIVEN stack A with an OSS backend and a remote state, and stack B using one of its outputs
        a = app(outdir=tmp_path)
        network = cdk.TerraformStack(a, "network")
        OssBackend(network, bucket="acme-tfstate", region="cn-hangzhou", key="network/terraform.tfstate",
                   lock_store_table="terraform_lock", secret_key="<SECRET_KEY>")
        vpc = DataTerraformRemoteStateCos(network, "vpc", bucket="tfstate-1250000000", region="ap-guangzhou")
        application = cdk.TerraformStack(a, "application")
        cdk.TerraformOutput(application, "vpc_id", value=vpc.get_string("vpc_id"))

        # WHEN the app is synthesized
        a.synth()

        # THEN A exports the value and B reads it from A's state, without A's secret
        stack_a = json.loads((tmp_path / "stacks" / "network" / "cdk.tf.json").read_text())
        stack_b = json.loads((tmp_path / "stacks" / "application" / "cdk.tf.json").read_text())
        exported = list(at(stack_a, "output"))
        assert len(exported) == 1
        assert stack_a["output"][exported[0]]["value"] == "${data.terraform_remote_state.vpc.outputs.vpc_id}"
        inputs = at(stack_b, "data.terraform_remote_state")
        assert len(inputs) == 1
        [(input_id, block)] = inputs.items()
        assert block == {
            "backend": "oss",
            "workspace": "${terraform.workspace}",
            "config": {"region": "cn-hangzhou", "bucket": "acme-tfstate", "key": "network/terraform.tfstate", "tablestore_table": "terraform_lock"},
        }
        assert at(stack_b, "output.vpc_id.value") == f"${{data.terraform_remote_state.{input_id}.outputs.{exported[0]}}}"
        assert_no_secrets(json.dumps(stack_b), "<SECRET_KEY>")

