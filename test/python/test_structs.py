"""Python names and struct classes: keyword arguments in snake_case reach the tool keys of the
spec's name table (written out here, independently of the field tables), the struct classes are
plain value objects, and Python's own checks name the keyword argument.
"""
import base64

import pytest

from library import (
    CosBackend,
    CosBackendAssumeRole,
    DataTerraformRemoteStateAzurerm,
    DataTerraformRemoteStateAzurermConfig,
    DataTerraformRemoteStateCos,
    DataTerraformRemoteStateCosConfig,
    DataTerraformRemoteStateGcs,
    GcsBackend,
    GcsBackendConfig,
    OssAssumeRole,
    OssBackend,
    OssBackendConfig,
    cdk,
)
from support import app, synth

ENCRYPTION_KEY = base64.b64encode(bytes(range(32))).decode()
AZURE = dict(storage_account_name="acmetfstate", container_name="tfstate", key="prod.terraform.tfstate", resource_group_name="rg-tfstate")
ENDPOINT = "https://storage-acme.p.googleapis.com/storage/v1/b"
MSI = "http://169.254.169.254/metadata/identity/oauth2/token"
LOCK = "https://acme-lock.cn-hangzhou.ots.aliyuncs.com"

# (class, keyword argument, value, target or None, tool key): README.md's table "The spec's names", both spellings.
RENAMED = [
    (OssBackend, "lock_store_endpoint", LOCK, None, "tablestore_endpoint"),
    (OssBackend, "tablestore_endpoint", LOCK, None, "tablestore_endpoint"),
    (OssBackend, "lock_store_table", "terraform_lock", None, "tablestore_table"),
    (OssBackend, "tablestore_table", "terraform_lock", None, "tablestore_table"),
    (DataTerraformRemoteStateAzurerm, "managed_identity_endpoint", MSI, None, "msi_endpoint"),
    (DataTerraformRemoteStateAzurerm, "msi_endpoint", MSI, None, "msi_endpoint"),
    (DataTerraformRemoteStateAzurerm, "use_directory_auth", True, None, "use_azuread_auth"),
    (DataTerraformRemoteStateAzurerm, "use_azuread_auth", True, None, "use_azuread_auth"),
    (DataTerraformRemoteStateAzurerm, "use_graph_api", True, "terraform@1.2.9", "use_microsoft_graph"),
    (DataTerraformRemoteStateAzurerm, "use_microsoft_graph", True, "terraform@1.2.9", "use_microsoft_graph"),
    (DataTerraformRemoteStateAzurerm, "use_managed_identity", True, None, "use_msi"),
    (DataTerraformRemoteStateAzurerm, "use_msi", True, None, "use_msi"),
    (GcsBackend, "storeage_custom_endpoint", ENDPOINT, None, "storage_custom_endpoint"),
    (GcsBackend, "storage_custom_endpoint", ENDPOINT, None, "storage_custom_endpoint"),
    # every other field converts plainly
    (OssBackend, "assume_role_session_expiration", 1800, None, "assume_role_session_expiration"),
]


def _emit(cls, kwarg, value, target):
    stack = cdk.TerraformStack(app(target), "names")
    if cls is OssBackend:
        cls(stack, bucket="acme-tfstate", **{kwarg: value})
        return synth(stack)["terraform"]["backend"]["oss"]
    if cls is GcsBackend:
        cls(stack, bucket="acme-tfstate", **{kwarg: value})
        return synth(stack)["terraform"]["backend"]["gcs"]
    cls(stack, "rs", **AZURE, **{kwarg: value})
    return synth(stack)["data"]["terraform_remote_state"]["rs"]["config"]


@pytest.mark.parametrize(
    "cls, kwarg, value, target, key", RENAMED, ids=[f"{c.__name__}({k}=...) -> {key}" for c, k, _, _, key in RENAMED]
)
def test_a_keyword_argument_reaches_its_tool_key(cls, kwarg, value, target, key):
    emitted = _emit(cls, kwarg, value, target)
    assert emitted.get(key) == value, emitted
    assert kwarg == key or kwarg not in emitted


def test_the_cdktf_typo_is_never_emitted():
    emitted = _emit(GcsBackend, "storeage_custom_endpoint", ENDPOINT, None)
    assert "storeage_custom_endpoint" not in emitted


class TestConfigA:
    """GcsBackendConfig: a plain configuration object (spec 4.1), built without a scope."""

    EVERY_FIELD = dict(
        bucket="acme-tfstate",
        access_token="<ACCESS_TOKEN>",
        credentials="/secrets/gcp-service-account.json",
        encryption_key=ENCRYPTION_KEY,
        impersonate_service_account="terraform@acme.iam.gserviceaccount.com",
        impersonate_service_account_delegates=["a@acme.iam.gserviceaccount.com", "b@acme.iam.gserviceaccount.com"],
        kms_encryption_key="projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state",
        prefix="envs/prod",
        storeage_custom_endpoint=ENDPOINT,
    )

    def test_every_spec_field_reads_back_as_an_attribute(self):
        config = GcsBackendConfig(**self.EVERY_FIELD)
        for name, value in self.EVERY_FIELD.items():
            assert getattr(config, name) == value, name
        assert config.storage_custom_endpoint is None
        assert config.universe_domain is None

    def test_it_is_a_value_compared_by_its_fields(self):
        a, b = GcsBackendConfig(**self.EVERY_FIELD), GcsBackendConfig(**self.EVERY_FIELD)
        assert a is not b
        assert a == b
        assert a != GcsBackendConfig(bucket="other")
        assert repr(a).startswith("GcsBackendConfig(bucket='acme-tfstate'")
        assert not isinstance(a, cdk.TerraformElement)

    def test_bucket_is_required(self):
        with pytest.raises(TypeError, match="bucket"):
            GcsBackendConfig(prefix="envs/prod")

    def test_its_fields_are_the_keyword_arguments_of_gcs_backend_and_the_remote_state(self):
        # GIVEN a config (without kmsEncryptionKey, which excludes encryptionKey)
        config = GcsBackendConfig(**{k: v for k, v in self.EVERY_FIELD.items() if k != "kms_encryption_key"})
        fields = {k: getattr(config, k) for k in self.EVERY_FIELD if k != "kms_encryption_key"}

        # WHEN they configure a backend and a remote state
        a = app()
        producer = cdk.TerraformStack(a, "producer")
        GcsBackend(producer, **fields)
        consumer = cdk.TerraformStack(a, "consumer")
        DataTerraformRemoteStateGcs(consumer, "rs", workspace="staging", **fields)

        # THEN both carry every field under the tool's key
        backend = synth(producer)["terraform"]["backend"]["gcs"]
        remote = synth(consumer)["data"]["terraform_remote_state"]["rs"]
        expected = {
            "bucket", "access_token", "credentials", "encryption_key", "impersonate_service_account",
            "impersonate_service_account_delegates", "prefix", "storage_custom_endpoint",
        }
        assert set(backend) == expected
        assert set(remote["config"]) == expected
        assert remote["workspace"] == "staging"


class TestStructClasses:
    def test_cos_backend_assume_role_is_a_list_in_config_and_an_object_in_the_backend(self):
        role = CosBackendAssumeRole(
            role_arn="qcs::cam::uin/100000000001:roleName/terraform", session_name="cdktf", session_duration=3600,
            external_id="external-1",
        )
        a = app()
        producer = cdk.TerraformStack(a, "producer")
        CosBackend(producer, bucket="tfstate-1250000000", region="ap-guangzhou", assume_role=role)
        consumer = cdk.TerraformStack(a, "consumer")
        DataTerraformRemoteStateCos(consumer, "rs", bucket="tfstate-1250000000", region="ap-guangzhou", assume_role=role)
        keys = {
            "role_arn": "qcs::cam::uin/100000000001:roleName/terraform",
            "session_name": "cdktf",
            "session_duration": 3600,
            "external_id": "external-1",
        }
        assert synth(producer)["terraform"]["backend"]["cos"]["assume_role"] == keys
        assert synth(consumer)["data"]["terraform_remote_state"]["rs"]["config"]["assume_role"] == [keys]

    def test_a_struct_needs_its_required_members(self):
        with pytest.raises(TypeError, match="session_name"):
            CosBackendAssumeRole(role_arn="qcs::cam::uin/100000000001:roleName/terraform")

    def test_oss_assume_role_block_reaches_the_backend(self):
        stack = cdk.TerraformStack(app(), "producer")
        OssBackend(stack, bucket="acme-tfstate", assume_role=OssAssumeRole(role_arn="acs:ram::1000000000000001:role/terraform", session_expiration=1800))
        assert synth(stack)["terraform"]["backend"]["oss"]["assume_role"] == {
            "role_arn": "acs:ram::1000000000000001:role/terraform",
            "session_expiration": 1800,
        }

    def test_remote_state_config_structs_hold_the_constructor_parameters(self):
        cos = DataTerraformRemoteStateCosConfig(bucket="tfstate-1250000000", region="ap-guangzhou", workspace="prod", defaults={"vpc_id": "vpc-1"})
        assert (cos.bucket, cos.region, cos.workspace, cos.defaults) == ("tfstate-1250000000", "ap-guangzhou", "prod", {"vpc_id": "vpc-1"})
        az = DataTerraformRemoteStateAzurermConfig(**AZURE, use_msi=True)
        assert (az.storage_account_name, az.use_msi, az.use_managed_identity) == ("acmetfstate", True, None)
        assert OssBackendConfig(bucket="b", lock_store_table="t") == OssBackendConfig(bucket="b", lock_store_table="t")

    def test_defaults_and_workspace_spec_2_1(self):
        stack = cdk.TerraformStack(app(), "consumer")
        DataTerraformRemoteStateAzurerm(stack, "rs", **AZURE, defaults={"vpc_id": "vpc-default", "replicas": 2, "enabled": True}, workspace="staging")
        block = synth(stack)["data"]["terraform_remote_state"]["rs"]
        assert block["defaults"] == {"vpc_id": "vpc-default", "replicas": 2, "enabled": True}
        assert block["workspace"] == "staging"


def test_a_wrong_type_fails_in_python_naming_the_keyword_argument():
    stack = cdk.TerraformStack(app(), "producer")
    with pytest.raises(TypeError, match="assume_role_session_expiration"):
        OssBackend(stack, bucket="acme-tfstate", assume_role_session_expiration="1800")
