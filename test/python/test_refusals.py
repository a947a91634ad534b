"""Refusals reach Python as a RuntimeError whose message is the library's own (the header, then one
``- field: ...`` line per problem, fields named as in the field tables: ``lockStoreTable`` for
``lock_store_table``), never with a secret in it. Warnings reach the construct's metadata and the
manifest the cdktf CLI prints them from.
"""
import base64
import json

from constructs import Construct

from library import (
    DataTerraformRemoteStateAzurerm,
    DataTerraformRemoteStateCos,
    GcsBackend,
    OssAssumeRole,
    OssBackend,
    StateBackendErrors,
    StateBackendTarget,
    cdk,
)
from support import DEFAULT_TARGET, app, assert_no_secrets, assert_refusal, refused, warnings

DEFAULT_TARGET_NAME = DEFAULT_TARGET.replace("@", " ")

ENCRYPTION_KEY = base64.b64encode(bytes(range(32))).decode()
AZURE = dict(storage_account_name="acmetfstate", container_name="tfstate", key="prod.terraform.tfstate", resource_group_name="rg-tfstate")


def stack(name="producer", target=None):
    return cdk.TerraformStack(app(target), name)


def test_fails_if_assume_role_session_expiration_is_out_of_range_without_echoing_secrets():
    message = refused(lambda: OssBackend(
        stack(), bucket="acme-tfstate", access_key="<ACCESS_KEY>", secret_key="<SECRET_KEY>",
        assume_role_session_expiration=100,
    ))
    assert message == (
        f"invalid oss backend (target {DEFAULT_TARGET}) at producer/backend:\n"
        "- assumeRoleSessionExpiration: got 100, expected 900 to 3600 seconds [oss/session-expiration]\n"
        f"checked for {DEFAULT_TARGET_NAME}, the default target: if your runs use an older terraform, or opentofu, set the target with "
        'StateBackendTarget (StateBackendTarget.terraform("1.11.4").applyTo(app)) or the context key cdktf-state-backends:target'
    )
    assert_no_secrets(message, "<ACCESS_KEY>", "<SECRET_KEY>")


def test_a_refusal_names_its_rule_ids_which_state_backend_errors_reads_from_the_message():
    message = refused(lambda: OssBackend(stack(), bucket="acme-tfstate", assume_role_session_expiration=100))
    assert StateBackendErrors.rule_ids_of(message) == ["oss/session-expiration"]
    assert StateBackendErrors.rule_ids_of("not this library's message") == []


def test_fails_if_the_lock_table_spellings_disagree_naming_both():
    message = refused(lambda: OssBackend(stack(), bucket="acme-tfstate", lock_store_table="a", tablestore_table="b"))
    assert_refusal(message, f"invalid oss backend (target {DEFAULT_TARGET}) at producer/backend:", "lockStoreTable")
    assert "tablestoreTable" in message


def test_warns_if_the_block_and_the_flattened_role_fields_are_both_set():
    backend = OssBackend(
        stack(), bucket="acme-tfstate", assume_role=OssAssumeRole(role_arn="acs:ram::1000000000000001:role/a"),
        assume_role_role_arn="acs:ram::1000000000000001:role/b",
    )
    found = [w for w in warnings(backend) if w.endswith("[oss/one-assume-role-style]")]
    assert len(found) == 1, warnings(backend)
    assert "ignores the assumeRole block" in found[0]


def test_fails_if_encryption_key_is_not_32_bytes_without_echoing_it():
    message = refused(lambda: GcsBackend(stack(), bucket="acme-tfstate", access_token="<ACCESS_TOKEN>", encryption_key="abc"))
    assert_refusal(message, f"invalid gcs backend (target {DEFAULT_TARGET}) at producer/backend:", "encryptionKey")
    assert "32 bytes" in message
    assert_no_secrets(message, '"abc"', "<ACCESS_TOKEN>")


def test_fails_if_a_cos_remote_state_gets_a_public_read_write_acl():
    message = refused(lambda: DataTerraformRemoteStateCos(
        stack("consumer"), "network", bucket="tfstate-1250000000", region="ap-guangzhou", acl="public-read-write",
        secret_id="<SECRET_ID>", secret_key="<SECRET_KEY>",
    ))
    assert_refusal(message, f"invalid cos remote state (target {DEFAULT_TARGET}) at consumer/network:", "acl")
    assert '"private", "public-read"' in message
    assert_no_secrets(message, "<SECRET_ID>", "<SECRET_KEY>")


def test_fails_if_opentofu_only_fields_are_set_for_terraform_without_echoing_the_key():
    message = refused(lambda: DataTerraformRemoteStateAzurerm(
        stack("consumer"), "shared", **AZURE, customer_provided_key=ENCRYPTION_KEY, timeout_seconds=120,
        client_secret="<CLIENT_SECRET>",
    ))
    header = f"invalid azurerm remote state (target {DEFAULT_TARGET}) at consumer/shared:"
    assert_refusal(message, header, "customerProvidedKey")
    assert_refusal(message, header, "timeoutSeconds")
    assert "but terraform has no such setting" in message
    assert_no_secrets(message, ENCRYPTION_KEY, "<CLIENT_SECRET>")


def test_fails_if_a_field_is_newer_than_the_target():
    message = refused(lambda: OssBackend(stack(target="terraform@1.11.4"), bucket="acme-tfstate", lock_store_instance_name="acme-lock"))
    assert_refusal(message, "invalid oss backend (target terraform@1.11.4) at producer/backend:", "lockStoreInstanceName")
    assert "1.12.0" in message


def test_fails_if_a_backend_gets_a_token():
    s = stack()
    bucket = cdk.TerraformVariable(s, "bucket", type="string")
    message = refused(lambda: OssBackend(s, bucket=bucket.string_value))
    assert_refusal(message, f"invalid oss backend (target {DEFAULT_TARGET}) at producer/backend:", "bucket")
    assert "got a reference, expected a literal value: terraform reads backend blocks literally" in message


def test_a_remote_state_keeps_a_token():
    s = stack("consumer")
    bucket = cdk.TerraformVariable(s, "bucket", type="string")
    DataTerraformRemoteStateCos(s, "network", bucket=bucket.string_value, region="ap-guangzhou")
    config = json.loads(cdk.Testing.synth(s))["data"]["terraform_remote_state"]["network"]["config"]
    assert config["bucket"] == "${var.bucket}"


def test_fails_at_synth_if_a_stack_gets_a_second_backend_naming_both_paths():
    s = stack()
    OssBackend(s, bucket="acme-tfstate")
    GcsBackend(Construct(s, "Nested"), bucket="acme-tfstate")
    message = refused(lambda: cdk.Testing.synth(s, True))
    assert 'a stack can have only one backend, found 2: backend "oss" at producer/backend and backend "gcs" at producer/Nested/backend' in message


def test_an_invalid_target_is_refused_with_what_is_allowed():
    message = refused(lambda: StateBackendTarget.parse("terraform"))
    assert 'expected "terraform@<x.y.z>" or "opentofu@<x.y.z>"' in message


class TestWarnings:
    def test_a_literal_secret_warns_naming_the_env_var(self):
        s = stack()
        backend = OssBackend(s, bucket="acme-tfstate", secret_key="<SECRET_KEY>")
        found = [w for w in warnings(backend) if w.startswith("secretKey is a secret set as a literal value")]
        assert len(found) == 1, warnings(backend)
        assert "ALICLOUD_SECRET_KEY" in found[0]
        assert_no_secrets(found[0], "<SECRET_KEY>")

    def test_a_deprecated_block_warns_with_its_replacement(self):
        backend = OssBackend(stack(), bucket="acme-tfstate", assume_role=OssAssumeRole(role_arn="acs:ram::1000000000000001:role/terraform"))
        assert any("assumeRole" in w and "assumeRoleRoleArn" in w for w in warnings(backend)), warnings(backend)

    def test_the_graph_toggle_is_left_out_with_a_warning_for_terraform_1_3_and_later(self):
        s = stack("consumer")
        rs = DataTerraformRemoteStateAzurerm(s, "shared", **AZURE, use_graph_api=True)
        config = json.loads(cdk.Testing.synth(s))["data"]["terraform_remote_state"]["shared"]["config"]
        assert "use_microsoft_graph" not in config
        assert any("useGraphApi" in w for w in warnings(rs)), warnings(rs)

    def test_warnings_reach_the_manifest_the_cli_prints_them_from(self, tmp_path):
        # GIVEN an app writing to disk, with a literal secret in a backend
        a = app(outdir=tmp_path)
        s = cdk.TerraformStack(a, "producer")
        OssBackend(s, bucket="acme-tfstate", secret_key="<SECRET_KEY>")

        # WHEN it is synthesized
        a.synth()

        # THEN the stack's manifest entry carries the warning, at the backend's path
        manifest = json.loads((tmp_path / "manifest.json").read_text())
        annotations = manifest["stacks"]["producer"]["annotations"]
        found = [x for x in annotations if x["level"] == "@cdktf/warn" and x["message"].startswith("secretKey is a secret")]
        assert [x["constructPath"] for x in found] == ["producer/backend"], annotations
        assert_no_secrets(json.dumps(annotations), "<SECRET_KEY>")
