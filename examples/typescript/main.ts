/**
 * A four-stack app that uses every store, and OpenTofu state encryption on the last one. Run it
 * with `npm run example`: it synthesizes into examples/typescript/cdktf.out and prints what each
 * stack got. No cloud account is needed, and
 * no cdktf-cli: the app is synthesized in process.
 *
 * Inside this repository `cdktf-state-backends` resolves to ../../src (see tsconfig.dev.json);
 * in your project it is the npm package.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformLocal, TerraformOutput, TerraformStack, TerraformVariable } from 'cdktf';
import { Construct } from 'constructs';
import {
  AzurermBackend,
  DataTerraformRemoteStateCos,
  DataTerraformRemoteStateGcs,
  DataTerraformRemoteStateOss,
  EncryptionKeyProvider,
  EncryptionMethod,
  GcsBackend,
  OssBackend,
  StateBackendTarget,
  StateEncryption,
} from 'cdktf-state-backends';

/** Keeps its state in Google Cloud Storage and exports a value. */
class NetworkStack extends TerraformStack {
  public readonly vpcId: TerraformLocal;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    new GcsBackend(this, {
      bucket: 'acme-tfstate',
      prefix: 'network',
      kmsEncryptionKey: 'projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state',
      storeageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b',
    });
    this.vpcId = new TerraformLocal(this, 'vpc_id', 'vpc-0a1b2c');
  }
}

/** Keeps its state in Alibaba Cloud OSS, locked in TableStore, and uses the network's value. */
class PlatformStack extends TerraformStack {
  constructor(scope: Construct, id: string, network: NetworkStack) {
    super(scope, id);
    new OssBackend(this, {
      bucket: 'acme-tfstate',
      region: 'cn-hangzhou',
      prefix: 'platform',
      lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
      lockStoreTable: 'terraform_lock',
      assumeRoleRoleArn: 'acs:ram::1000000000000001:role/terraform',
      assumeRoleSessionExpiration: 1800,
    });
    // A cross-stack reference: cdktf reads the network stack's state through its GCS backend.
    new TerraformOutput(this, 'vpc_id', { value: network.vpcId.asString });
  }
}

/** Keeps its state in Azure Blob Storage and reads two other states explicitly. */
class AppStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new AzurermBackend(this, {
      storageAccountName: 'acmetfstate',
      containerName: 'tfstate',
      key: 'app.terraform.tfstate',
      resourceGroupName: 'rg-tfstate',
      useDirectoryAuth: true,
      useOidc: true,
    });
    const platform = new DataTerraformRemoteStateOss(this, 'platform', {
      bucket: 'acme-tfstate',
      region: 'cn-hangzhou',
      prefix: 'platform',
      tablestoreTable: 'terraform_lock', // cdktf's spelling works too
      workspace: 'production',
    });
    const legacy = new DataTerraformRemoteStateCos(this, 'legacy', {
      bucket: 'legacy-tfstate-1250000000',
      region: 'ap-guangzhou',
      assumeRole: { roleArn: 'qcs::cam::uin/100000000001:roleName/terraform', sessionName: 'cdktf', sessionDuration: 3600 },
      defaults: { dns_zone: 'example.internal' },
    });
    new TerraformOutput(this, 'platform_vpc', { value: platform.getString('vpc_id') });
    new TerraformOutput(this, 'dns_zone', { value: legacy.getString('dns_zone') });
  }
}

/**
 * Run by OpenTofu: keeps its state in GCS, encrypted on the client with a key derived from a
 * passphrase the run passes as TF_VAR_state_passphrase, and reads another encrypted state.
 */
class SecretsStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Encryption is an OpenTofu feature: this stack targets OpenTofu, the others keep the default.
    StateBackendTarget.opentofu('1.12.6').applyTo(this);
    new GcsBackend(this, { bucket: 'acme-tfstate', prefix: 'secrets' });
    const passphrase = new TerraformVariable(this, 'state_passphrase', { type: 'string', sensitive: true });
    const key = EncryptionKeyProvider.pbkdf2('main', { passphrase: passphrase.stringValue });
    const aes = EncryptionMethod.aesGcm('main', { keys: key });
    const shared = new DataTerraformRemoteStateGcs(this, 'shared', { bucket: 'acme-tfstate', prefix: 'shared' });
    new StateEncryption(this, {
      state: { method: aes, enforced: true },
      plan: { method: aes, enforced: true },
      remoteStates: [{ remoteState: shared, method: aes }],
    });
    new TerraformOutput(this, 'ca_bundle', { value: shared.getString('ca_bundle'), sensitive: true });
  }
}

const outdir = path.join(__dirname, 'cdktf.out');
fs.rmSync(outdir, { recursive: true, force: true });
const app = new App({ outdir });
const network = new NetworkStack(app, 'network');
new PlatformStack(app, 'platform', network);
new AppStack(app, 'app');
new SecretsStack(app, 'secrets');
app.synth();

for (const stack of ['network', 'platform', 'app', 'secrets']) {
  const file = path.join(outdir, 'stacks', stack, 'cdk.tf.json');
  const tf = JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log(`\n== stack ${stack}`);
  for (const [name, attributes] of Object.entries<object>(tf.terraform?.backend ?? {})) {
    console.log(`backend "${name}" ${JSON.stringify(attributes)}`);
  }
  for (const [id, block] of Object.entries<any>(tf.data?.terraform_remote_state ?? {})) {
    const workspace = block.workspace ? ` workspace=${block.workspace}` : '';
    console.log(`remote state "${id}" (${block.backend})${workspace} config=${JSON.stringify(block.config)}`);
  }
  const encryption = tf.terraform?.encryption;
  if (encryption) {
    for (const [type, byName] of Object.entries<object>(encryption.key_provider ?? {})) {
      for (const [name, attributes] of Object.entries(byName)) console.log(`encryption key_provider "${type}" "${name}" ${JSON.stringify(attributes)}`);
    }
    for (const [type, byName] of Object.entries<object>(encryption.method ?? {})) {
      for (const [name, attributes] of Object.entries(byName)) console.log(`encryption method "${type}" "${name}" ${JSON.stringify(attributes)}`);
    }
    for (const target of ['state', 'plan']) {
      if (encryption[target]) console.log(`encryption ${target} ${JSON.stringify(encryption[target])}`);
    }
    for (const [name, target] of Object.entries(encryption.remote_state_data_sources?.remote_state_data_source ?? {})) {
      console.log(`encryption remote_state_data_source "${name}" ${JSON.stringify(target)}`);
    }
  }
  console.log(`written to ${file}`);
}
