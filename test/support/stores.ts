/**
 * What the tests know about each store: its table, its classes, and a valid sample value for every
 * field (secrets are placeholders, as the spec asks).
 */
import { App, TerraformBackend, TerraformRemoteState, TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { AZURERM_STORE, AzurermBackend, DataTerraformRemoteStateAzurerm } from '../../src/azurerm-backend';
import { COS_STORE, CosBackend, DataTerraformRemoteStateCos } from '../../src/cos-backend';
import { DataTerraformRemoteStateGcs, GCS_STORE, GcsBackend } from '../../src/gcs-backend';
import { DataTerraformRemoteStateOss, OSS_STORE, OssBackend } from '../../src/oss-backend';
import { FieldSpec, isAvailable, keyFor, spellingsOf } from '../../src/private/kit/schema';
import { Store } from '../../src/private/kit/store';
import { DEFAULT_TARGET, ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';

export interface StoreUnderTest {
  readonly store: Store;
  readonly backend: (scope: Construct, props: any) => TerraformBackend;
  readonly remoteState: (scope: Construct, id: string, config: any) => TerraformRemoteState;
  /** The required fields, with valid values. */
  readonly base: Record<string, unknown>;
  /** A valid value for every field (spec name; `block.member` for block members). */
  readonly samples: Record<string, unknown>;
  /** Fields a field needs beside it (rules such as "x needs y"). */
  readonly needs?: Record<string, Record<string, unknown>>;
}

const ENCRYPTION_KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');

export const STORES: readonly StoreUnderTest[] = [
  {
    store: GCS_STORE,
    backend: (s, p) => new GcsBackend(s, p),
    remoteState: (s, id, c) => new DataTerraformRemoteStateGcs(s, id, c),
    base: { bucket: 'acme-tfstate' },
    samples: {
      bucket: 'acme-tfstate',
      prefix: 'envs/prod',
      credentials: '/secrets/gcp-service-account.json',
      accessToken: '<ACCESS_TOKEN>',
      impersonateServiceAccount: 'terraform@acme.iam.gserviceaccount.com',
      impersonateServiceAccountDelegates: ['a@acme.iam.gserviceaccount.com', 'b@acme.iam.gserviceaccount.com'],
      encryptionKey: ENCRYPTION_KEY,
      kmsEncryptionKey: 'projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state',
      storeageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b',
      universeDomain: 'universe.example.com',
    },
  },
  {
    store: COS_STORE,
    backend: (s, p) => new CosBackend(s, p),
    remoteState: (s, id, c) => new DataTerraformRemoteStateCos(s, id, c),
    // region may come from TENCENTCLOUD_REGION instead, but the tool needs one of the two.
    base: { bucket: 'tfstate-1250000000', region: 'ap-guangzhou' },
    samples: {
      'secretId': '<SECRET_ID>',
      'secretKey': '<SECRET_KEY>',
      'securityToken': '<SECURITY_TOKEN>',
      'region': 'ap-guangzhou',
      'bucket': 'tfstate-1250000000',
      'endpoint': 'https://cos-internal.ap-guangzhou.tencentcos.cn',
      'domain': 'tencentcloudapi.com',
      'prefix': 'env:',
      'key': 'network/terraform.tfstate',
      'encrypt': true,
      'acl': 'public-read',
      'accelerate': true,
      'assumeRole': { roleArn: 'qcs::cam::uin/100000000001:roleName/terraform', sessionName: 'cdktf' },
      'assumeRole.roleArn': 'qcs::cam::uin/100000000001:roleName/terraform',
      'assumeRole.sessionName': 'cdktf',
      'assumeRole.sessionDuration': 3600,
      'assumeRole.policy': '{"version":"2.0","statement":[{"effect":"allow","action":["cos:GetObject"],"resource":["*"]}]}',
      'assumeRole.externalId': 'external-1',
      'sharedCredentialsDir': '/home/ci/.tccli',
      'profile': 'ci',
      'camRoleName': 'terraform-runner',
    },
  },
  {
    store: OSS_STORE,
    backend: (s, p) => new OssBackend(s, p),
    remoteState: (s, id, c) => new DataTerraformRemoteStateOss(s, id, c),
    base: { bucket: 'acme-tfstate' },
    samples: {
      'accessKey': '<ACCESS_KEY>',
      'secretKey': '<SECRET_KEY>',
      'securityToken': '<SECURITY_TOKEN>',
      'ecsRoleName': 'terraform-runner',
      'region': 'cn-hangzhou',
      'stsEndpoint': 'sts.cn-hangzhou.aliyuncs.com',
      'lockStoreEndpoint': 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
      'endpoint': 'oss-cn-hangzhou.aliyuncs.com',
      'bucket': 'acme-tfstate',
      'prefix': 'env:',
      'key': 'network/terraform.tfstate',
      'lockStoreInstanceName': 'acme-lock',
      'lockStoreTable': 'terraform_lock',
      'encrypt': true,
      'acl': 'private',
      'sharedCredentialsFile': '/home/ci/.aliyun/config.json',
      'profile': 'ci',
      'assumeRole': { roleArn: 'acs:ram::1000000000000001:role/terraform' },
      'assumeRole.roleArn': 'acs:ram::1000000000000001:role/terraform',
      'assumeRole.sessionName': 'cdktf',
      'assumeRole.policy': '{"Statement":[{"Action":["oss:GetObject"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}',
      'assumeRole.sessionExpiration': 1800,
      'assumeRoleRoleArn': 'acs:ram::1000000000000001:role/terraform',
      'assumeRoleSessionName': 'cdktf',
      'assumeRolePolicy': '{"Statement":[{"Action":["oss:*"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}',
      'assumeRoleSessionExpiration': 900,
    },
  },
  {
    store: AZURERM_STORE,
    backend: (s, p) => new AzurermBackend(s, p),
    remoteState: (s, id, c) => new DataTerraformRemoteStateAzurerm(s, id, c),
    base: { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.terraform.tfstate', resourceGroupName: 'rg-tfstate' },
    samples: {
      subscriptionId: '00000000-0000-0000-0000-000000000001',
      resourceGroupName: 'rg-tfstate',
      storageAccountName: 'acmetfstate',
      containerName: 'tfstate',
      key: 'prod.terraform.tfstate',
      lookupBlobEndpoint: true,
      snapshot: true,
      environment: 'usgovernment',
      metadataHost: 'management.azure.example.com',
      accessKey: '<ACCESS_KEY>',
      sasToken: '<SAS_TOKEN>',
      tenantId: '00000000-0000-0000-0000-000000000002',
      clientId: '00000000-0000-0000-0000-000000000003',
      clientIdFilePath: '/var/run/secrets/azure/client-id',
      endpoint: 'https://management.local.azurestack.external',
      clientCertificate: '<CLIENT_CERTIFICATE>',
      clientCertificatePath: '/secrets/sp.pfx',
      clientCertificatePassword: '<CLIENT_CERTIFICATE_PASSWORD>',
      clientSecret: '<CLIENT_SECRET>',
      clientSecretFilePath: '/var/run/secrets/azure/client-secret',
      useOidc: true,
      adoServiceConnectionId: '00000000-0000-0000-0000-000000000004',
      oidcRequestToken: '<OIDC_REQUEST_TOKEN>',
      oidcRequestUrl: 'https://token.actions.githubusercontent.com',
      oidcToken: '<OIDC_TOKEN>',
      oidcTokenFilePath: '/var/run/secrets/azure/tokens/azure-identity-token',
      useManagedIdentity: true,
      managedIdentityEndpoint: 'http://169.254.169.254/metadata/identity/oauth2/token',
      useCli: false,
      useAksWorkloadIdentity: true,
      useDirectoryAuth: true,
      useGraphApi: true,
      timeoutSeconds: 120,
      customerProvidedKey: ENCRYPTION_KEY,
      encryptionScope: 'tfstate-scope',
    },
    needs: {
      clientCertificatePassword: { clientCertificatePath: '/secrets/sp.pfx' },
      oidcRequestToken: { oidcRequestUrl: 'https://token.actions.githubusercontent.com' },
      oidcRequestUrl: { oidcRequestToken: '<OIDC_REQUEST_TOKEN>' },
    },
  },
];

/** One field (or block member) in one spelling. */
export interface FieldCase {
  readonly sut: StoreUnderTest;
  readonly field: FieldSpec;
  /** `assumeRole` for a block member, undefined otherwise. */
  readonly block?: FieldSpec;
  readonly spelling: string;
  /** A label unique across stores, usable as a terraform address. */
  readonly label: string;
}

/** Every field of every store, in every spelling; block members one by one. */
export function fieldCases(): FieldCase[] {
  const out: FieldCase[] = [];
  for (const sut of STORES) {
    for (const field of sut.store.fields) {
      const members = field.type === 'block' ? field.fields ?? [] : [];
      for (const spelling of spellingsOf(field)) {
        out.push({ sut, field, spelling, label: `${sut.store.backend}_${spelling}` });
        for (const m of members) {
          out.push({ sut, field: m, block: field, spelling: m.name, label: `${sut.store.backend}_${spelling}_${m.name}` });
        }
      }
    }
  }
  return out;
}

/** The sample value of a case. */
export function sampleOf(c: FieldCase): unknown {
  const name = c.block ? `${c.block.name}.${c.field.name}` : c.field.name;
  if (!(name in c.sut.samples)) throw new Error(`no sample for ${c.sut.store.backend} ${name}`);
  return c.sut.samples[name];
}

/** The props that set exactly this field (plus the required ones and what it needs). */
export function propsFor(c: FieldCase): Record<string, unknown> {
  const props: Record<string, unknown> = { ...c.sut.base, ...(c.sut.needs?.[c.field.name] ?? {}) };
  if (c.block) {
    // Blocks have no alias spellings; a member case sets the block's required members plus this one.
    props[c.block.name] = { ...(c.sut.samples[c.block.name] as object), [c.field.name]: sampleOf(c) };
  } else {
    // Remove the spec spelling when the case uses an alias, so only the alias is set.
    delete props[c.field.name];
    props[c.spelling] = sampleOf(c);
  }
  return props;
}

/** The key the tool reads for this case under `target`. */
export function keyOf(c: FieldCase, target: ParsedTarget): string {
  return keyFor(c.field, target.tool)!;
}

/** Targets to try, in order: the installed binary's version first, then the newest releases. */
export function targetFor(c: FieldCase, binary: string | undefined): ParsedTarget {
  const candidates: ParsedTarget[] = [
    ...(binary ? [{ tool: 'terraform' as const, version: binary }] : []),
    { tool: 'terraform', version: '1.16.5' },
    { tool: 'opentofu', version: '1.12.6' },
    { tool: 'terraform', version: '1.2.9' },
  ];
  const ok = (t: ParsedTarget) => isAvailable(c.field, t) && (!c.block || isAvailable(c.block, t));
  const found = candidates.find(ok);
  if (!found) throw new Error(`no target accepts ${c.label}`);
  return found;
}

/**
 * A fresh app whose target is `target`, or the library's default target. The key is always set,
 * so a test means the same in both flavours (without it, the cdktn one follows `targetVersions`).
 */
export function appFor(target: ParsedTarget = DEFAULT_TARGET): App {
  const app = Testing.app();
  app.node.setContext(TARGET_CONTEXT_KEY, formatTarget(target));
  return app;
}

/** Synthesizes one stack and returns its parsed `cdk.tf.json`. */
export function synthJson(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack));
}
