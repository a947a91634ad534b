"""A two-stack app, synthesized without a cloud account or the cdktf CLI.

- ``state``: keeps its state in Alibaba Cloud OSS, locked through a TableStore table, and holds
  the name of the lock table as a local value.
- ``app``: keeps its own state in the same bucket, reads two other configurations' state (one in
  Tencent Cloud COS, one in Azure Blob Storage) and re-exports two of their outputs. It also uses
  the ``state`` stack's local value: cdktf turns that into an output of ``state`` and a remote
  state in ``app``, read through ``state``'s OSS backend.

Credentials stay out of the code: the Terraform run takes them from the environment
(``ALICLOUD_ACCESS_KEY``/``ALICLOUD_SECRET_KEY``, ``TENCENTCLOUD_SECRET_ID``/
``TENCENTCLOUD_SECRET_KEY``, ``ARM_*`` or OIDC).

Run it with ``npm run example:python`` (it installs the freshly built wheel into a virtual
environment first), or in your project with ``python main.py``.
"""
import json
import os
import sys
from pathlib import Path
from typing import Optional

from cdktf import App, TerraformLocal, TerraformOutput, TerraformStack
from constructs import Construct

from cdktf_state_backends import (
    CosBackendAssumeRole,
    DataTerraformRemoteStateAzurerm,
    DataTerraformRemoteStateCos,
    OssBackend,
    StateBackendTarget,
)

BUCKET = "acme-tfstate"


def oss_backend(stack: TerraformStack, key: str) -> OssBackend:
    """The OSS backend both stacks use, with a TableStore lock table; only the key differs."""
    return OssBackend(
        stack,
        bucket=BUCKET,
        region="cn-hangzhou",
        prefix="env:",
        key=key,
        encrypt=True,
        acl="private",
        lock_store_endpoint="https://acme-lock.cn-hangzhou.ots.aliyuncs.com",
        lock_store_table="terraform_lock",
        assume_role_role_arn="acs:ram::1000000000000001:role/terraform",
        assume_role_session_name="cdktf-example",
    )


class StateStack(TerraformStack):
    def __init__(self, scope: Construct, id: str):
        super().__init__(scope, id)
        oss_backend(self, "state/terraform.tfstate")
        self.lock_table = TerraformLocal(self, "lock_table", "terraform_lock")


class AppStack(TerraformStack):
    def __init__(self, scope: Construct, id: str, state: StateStack):
        super().__init__(scope, id)
        oss_backend(self, "app/terraform.tfstate")
        network = DataTerraformRemoteStateCos(
            self,
            "network",
            bucket="tfstate-1250000000",
            region="ap-guangzhou",
            prefix="env:",
            key="network/terraform.tfstate",
            encrypt=True,
            assume_role=CosBackendAssumeRole(
                role_arn="qcs::cam::uin/100000000001:roleName/terraform", session_name="cdktf", session_duration=3600
            ),
            workspace="production",
            defaults={"vpc_id": "vpc-not-yet-created"},
        )
        shared = DataTerraformRemoteStateAzurerm(
            self,
            "shared",
            storage_account_name="acmetfstate",
            container_name="tfstate",
            key="shared.terraform.tfstate",
            resource_group_name="rg-tfstate",
            subscription_id="00000000-0000-0000-0000-000000000001",
            use_directory_auth=True,
            use_oidc=True,
        )
        TerraformOutput(self, "vpc_id", value=network.get_string("vpc_id"))
        TerraformOutput(self, "dns_zone", value=shared.get_string("dns_zone_name"))
        # A cross-stack reference: read from the state stack's OSS state.
        TerraformOutput(self, "lock_table", value=state.lock_table.as_string)


def build(outdir: Path, target: Optional[str] = None) -> App:
    """The app, writing to ``outdir``; ``target`` (``tool@version``) pins the tool it is checked for."""
    app = App(outdir=str(outdir))
    # The library's default target is the newest Terraform it knows; pin yours before adding stacks:
    # StateBackendTarget.terraform("1.11.4").apply_to(app)
    if target:
        StateBackendTarget.parse(target).apply_to(app)
    state = StateStack(app, "state")
    AppStack(app, "app", state)
    return app


def attributes(block: dict) -> str:
    return ", ".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in block.items())


def main() -> None:
    outdir = Path(os.environ.get("EXAMPLE_OUTDIR", Path(__file__).parent / "cdktf.out")).resolve()
    app = build(outdir)
    app.synth()

    print(f"target {StateBackendTarget.of(app).to_string()}, written to {outdir}")
    manifest = json.loads((outdir / "manifest.json").read_text())
    for stack in app.node.children:
        if not isinstance(stack, TerraformStack):
            continue
        name = stack.node.id
        file = (outdir / manifest["stacks"][name]["synthesizedStackPath"]).resolve()
        tf = json.loads(file.read_text())
        print(f"\nstack {name}")
        for backend, block in tf.get("terraform", {}).get("backend", {}).items():
            print(f"  backend {backend}: {attributes(block)}")
        for rid, block in tf.get("data", {}).get("terraform_remote_state", {}).items():
            workspace = f", workspace {block['workspace']}" if "workspace" in block else ""
            print(f"  remote state {rid} ({block['backend']}{workspace}): {attributes(block['config'])}")
        for oid, output in tf.get("output", {}).items():
            print(f"  output {oid} = {output['value']}")
        print(f"  wrote {file}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
