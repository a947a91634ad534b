/**
 * A corpus of valid configurations, written from the Terraform and OpenTofu backend docs: per
 * store, each way to authenticate, the usual CI set-ups, several target versions. Each must be
 * accepted as a backend and as a remote state, be readable from a second stack
 * (`getRemoteStateDataSource`), synthesize, and be accepted by the real tool: the backend block
 * (moved into a remote-state config), the consumer's remote state and the direct remote state go
 * to `validate` in one document per judge (each judge also takes the set-ups written for the earlier
 * judges of its tool, synthesized for its own release). Where the run must supply a partner from its environment, the
 * warning names the env vars and ends with its id.
 */
import { TerraformBackend, TerraformStack, Testing } from 'cdktf';
import { StoreName } from '../../src/private/stores';
import { NEWEST_KNOWN, compareVersions, parseTarget, parseTargetOrThrow } from '../../src/private/target/target';
import { warningsOf } from '../support/annotations';
import { judgedReleases } from '../support/judge-rows';
import { Verdict, judge } from '../support/judge-verdict';
import { backendToRemoteConfig, judgeFor, listedJudges } from '../support/judges';
import { STORES, StoreUnderTest, appFor } from '../support/stores';

interface Entry {
  readonly name: string;
  readonly store: StoreName;
  /** `tool@version` */
  readonly target: string;
  /** Where the set-up comes from. */
  readonly source: string;
  readonly props: Record<string, unknown>;
  /** Expected warnings of the backend: id -> env vars the text names. */
  readonly warnings?: Record<string, readonly string[]>;
}

/** The releases the set-ups are written for (test/support/judge-rows.ts, src/private/target/releases.ts). */
const TF = `terraform@${judgedReleases('terraform')[0]}`;
const TF_NEW = `terraform@${NEWEST_KNOWN.terraform}`;
const TOFU = `opentofu@${NEWEST_KNOWN.opentofu}`;
const TOFU_OLD = `opentofu@${judgedReleases('opentofu')[0]}`;

const SUB = '00000000-0000-0000-0000-0000000000a1';
const TENANT = '00000000-0000-0000-0000-0000000000b2';
const CLIENT = '00000000-0000-0000-0000-0000000000c3';
const AZ = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.terraform.tfstate' };
const AZ_RG = { ...AZ, resourceGroupName: 'rg-tfstate' };
const GCS = { bucket: 'acme-tfstate', prefix: 'envs/prod' };
const COS = { bucket: 'tfstate-1250000000', region: 'ap-guangzhou', key: 'network/terraform.tfstate' };
const OSS = { bucket: 'acme-tfstate', region: 'cn-hangzhou', prefix: 'envs', key: 'network.tfstate' };
const OSS_ROLE = 'acs:ram::1000000000000001:role/terraform';
const COS_ROLE = 'qcs::cam::uin/100000000001:roleName/terraform';
const KMS = 'projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state';

const OIDC_TOKEN_ENV = ['ARM_OIDC_REQUEST_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'SYSTEM_ACCESSTOKEN'];
const OIDC_URL_ENV = ['ARM_OIDC_REQUEST_URL', 'ACTIONS_ID_TOKEN_REQUEST_URL', 'SYSTEM_OIDCREQUESTURI'];

const CORPUS: readonly Entry[] = [
  // ------------------------------------------------------------------ gcs, the oldest terraform judge
  { name: 'gcs_adc', store: 'gcs', target: TF, source: 'terraform gcs docs: example configuration (application default credentials)', props: GCS },
  {
    name: 'gcs_credentials_path',
    store: 'gcs',
    target: TF,
    source: 'terraform gcs docs: credentials as a service account key file path',
    props: { ...GCS, credentials: '/secrets/gcp-service-account.json' },
  },
  {
    name: 'gcs_impersonation',
    store: 'gcs',
    target: TF,
    source: 'terraform gcs docs: impersonate_service_account with delegates',
    props: {
      ...GCS,
      impersonateServiceAccount: 'terraform@acme.iam.gserviceaccount.com',
      impersonateServiceAccountDelegates: ['ci@acme.iam.gserviceaccount.com'],
    },
  },
  {
    name: 'gcs_delegates_impersonation_from_env',
    store: 'gcs',
    target: TF,
    source: 'terraform gcs docs: GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT',
    props: { ...GCS, impersonateServiceAccountDelegates: ['ci@acme.iam.gserviceaccount.com'] },
    warnings: { 'gcs/delegates-need-impersonation': ['GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT'] },
  },
  {
    name: 'gcs_csek_file',
    store: 'gcs',
    target: TF,
    source: 'terraform gcs docs: encryption_key as a path to a file holding the key',
    props: { ...GCS, encryptionKey: '/secrets/gcs-csek.key' },
    // The value is secret whatever its shape (a consumer needs neither the key nor its path).
    warnings: { 'field/literal-secret': ['GOOGLE_ENCRYPTION_KEY'], 'gcs/encryption-key-file': [] },
  },
  { name: 'gcs_kms', store: 'gcs', target: TF, source: 'terraform gcs docs: kms_encryption_key', props: { ...GCS, kmsEncryptionKey: KMS } },
  {
    name: 'gcs_private_service_connect',
    store: 'gcs',
    target: TF,
    source: 'terraform gcs docs: storage_custom_endpoint for Private Service Connect',
    props: { ...GCS, storageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b' },
  },
  { name: 'gcs_bucket_only', store: 'gcs', target: TF, source: 'terraform gcs docs: bucket is the only required argument', props: { bucket: 'acme-tfstate' } },
  // ------------------------------------------------------------------ cos, the oldest terraform judge
  { name: 'cos_static', store: 'cos', target: TF, source: 'terraform cos docs: example configuration', props: { ...COS, prefix: 'terraform/state', encrypt: true, acl: 'private' } },
  {
    name: 'cos_region_from_env',
    store: 'cos',
    target: TF,
    source: 'terraform cos docs: region from TENCENTCLOUD_REGION',
    props: { bucket: 'tfstate-1250000000', key: 'network/terraform.tfstate' },
    warnings: { 'cos/region-from-env': ['TENCENTCLOUD_REGION'] },
  },
  {
    name: 'cos_assume_role',
    store: 'cos',
    target: TF,
    source: 'terraform cos docs: assume_role block',
    props: { ...COS, assumeRole: { roleArn: COS_ROLE, sessionName: 'cdktf', sessionDuration: 3600, externalId: 'ext-1' } },
  },
  {
    name: 'cos_assume_role_policy',
    store: 'cos',
    target: TF,
    source: 'terraform cos docs: assume_role.policy',
    props: { ...COS, assumeRole: { roleArn: COS_ROLE, sessionName: 'cdktf', policy: { version: '2.0', statement: [{ effect: 'allow', action: ['cos:GetObject'], resource: ['*'] }] } } },
  },
  { name: 'cos_profile', store: 'cos', target: TF, source: 'terraform cos docs: tccli profile (1.10+)', props: { ...COS, profile: 'ci', sharedCredentialsDir: '/home/ci/.tccli' } },
  { name: 'cos_cvm_role', store: 'cos', target: TF, source: 'terraform cos docs: cam_role_name on a CVM (1.10+)', props: { ...COS, camRoleName: 'terraform-runner' } },
  {
    name: 'cos_internal_endpoint',
    store: 'cos',
    target: TF,
    source: 'terraform cos docs: endpoint for the internal network (1.6+)',
    props: { ...COS, endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn', accelerate: false },
  },
  // ------------------------------------------------------------------ oss, the oldest terraform judge
  { name: 'oss_env_keys', store: 'oss', target: TF, source: 'terraform oss docs: access keys from ALICLOUD_ACCESS_KEY / ALICLOUD_SECRET_KEY', props: OSS },
  { name: 'oss_ecs_role', store: 'oss', target: TF, source: 'terraform oss docs: ecs_role_name (ECS RAM role)', props: { ...OSS, ecsRoleName: 'terraform-runner' } },
  {
    name: 'oss_profile',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: shared_credentials_file and profile',
    props: { ...OSS, sharedCredentialsFile: '/home/ci/.aliyun/config.json', profile: 'ci' },
  },
  {
    name: 'oss_assume_role',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: assume_role_* arguments',
    props: { ...OSS, assumeRoleRoleArn: OSS_ROLE, assumeRoleSessionName: 'cdktf', assumeRoleSessionExpiration: 3600 },
  },
  {
    name: 'oss_assume_role_block',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: the older assume_role block',
    props: { ...OSS, assumeRole: { roleArn: OSS_ROLE, sessionName: 'cdktf', sessionExpiration: 900 } },
    warnings: { 'field/deprecated': [] },
  },
  {
    name: 'oss_locking',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: state locking with TableStore',
    props: { ...OSS, tablestoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', tablestoreTable: 'terraform_lock', encrypt: true, acl: 'private' },
  },
  {
    name: 'oss_lock_endpoint_from_env',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: tablestore_endpoint from ALICLOUD_TABLESTORE_ENDPOINT',
    props: { ...OSS, lockStoreTable: 'terraform_lock' },
    warnings: { 'oss/lock-endpoint-from-env': ['ALICLOUD_TABLESTORE_ENDPOINT'] },
  },
  {
    name: 'oss_custom_endpoints',
    store: 'oss',
    target: TF,
    source: 'terraform oss docs: endpoint and sts_endpoint',
    props: { ...OSS, endpoint: 'oss-cn-hangzhou-internal.aliyuncs.com', stsEndpoint: 'sts-vpc.cn-hangzhou.aliyuncs.com' },
  },
  // ------------------------------------------------------------------ azurerm, the oldest terraform judge
  {
    name: 'az_github_oidc',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: OIDC on GitHub Actions (request token and url from ACTIONS_ID_TOKEN_REQUEST_*)',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB },
  },
  {
    name: 'az_github_oidc_directory_auth',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: OIDC with Entra ID data-plane auth',
    props: { ...AZ, useOidc: true, useDirectoryAuth: true, clientId: CLIENT, tenantId: TENANT },
  },
  {
    name: 'az_oidc_only_request_url',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: oidc_request_url set, token from the environment',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, oidcRequestUrl: 'https://pipelines.actions.githubusercontent.com/token' },
    warnings: { 'azurerm/oidc-request-url-pair': OIDC_TOKEN_ENV },
  },
  {
    name: 'az_oidc_only_request_token',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: oidc_request_token set, url from the environment',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, oidcRequestToken: 'ghs_placeholder' },
    warnings: { 'azurerm/oidc-request-pair': OIDC_URL_ENV, 'field/literal-secret': ['ARM_OIDC_REQUEST_TOKEN'] },
  },
  {
    name: 'az_oidc_token_file',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: oidc_token_file_path',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, oidcTokenFilePath: '/var/run/secrets/azure/tokens/azure-identity-token' },
  },
  {
    name: 'az_ado_pipeline',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: Azure DevOps workload identity federation (1.11.2+)',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, adoServiceConnectionId: '00000000-0000-0000-0000-0000000000d4' },
  },
  {
    name: 'az_cli',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: Azure CLI',
    props: { ...AZ_RG, useCli: true, subscriptionId: SUB, tenantId: TENANT },
  },
  {
    name: 'az_cli_directory_auth',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: Azure CLI with Entra ID data-plane auth',
    props: { ...AZ, useCli: true, useAzureadAuth: true },
  },
  {
    name: 'az_aks_workload_identity',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: AKS workload identity (1.11+)',
    props: { ...AZ, useAksWorkloadIdentity: true, clientId: CLIENT, tenantId: TENANT, useDirectoryAuth: true },
  },
  {
    name: 'az_azure_stack',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: custom cloud via metadata_host (environment is then ignored)',
    props: { ...AZ_RG, environment: 'AzureStackCloud', metadataHost: 'management.local.azurestack.external', subscriptionId: SUB },
  },
  {
    name: 'az_usgovernment',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: environment',
    props: { ...AZ_RG, environment: 'USGovernment', subscriptionId: SUB },
  },
  {
    name: 'az_managed_identity',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: managed identity',
    props: { ...AZ_RG, useMsi: true, subscriptionId: SUB, tenantId: TENANT, clientId: CLIENT },
  },
  {
    name: 'az_managed_identity_endpoint',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: msi_endpoint',
    props: { ...AZ_RG, useManagedIdentity: true, managedIdentityEndpoint: 'http://169.254.169.254/metadata/identity/oauth2/token', subscriptionId: SUB },
  },
  {
    name: 'az_client_certificate',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: client certificate, password from ARM_CLIENT_CERTIFICATE_PASSWORD',
    props: { ...AZ_RG, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, clientCertificatePath: '/secrets/sp.pfx' },
  },
  {
    name: 'az_certificate_password_path_from_env',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: client_certificate_password, path from ARM_CLIENT_CERTIFICATE_PATH',
    props: { ...AZ_RG, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, clientCertificatePassword: 'placeholder' },
    warnings: {
      'azurerm/certificate-password-needs-certificate': ['ARM_CLIENT_CERTIFICATE_PATH', 'ARM_CLIENT_CERTIFICATE'],
      'field/literal-secret': ['ARM_CLIENT_CERTIFICATE_PASSWORD'],
    },
  },
  {
    name: 'az_client_secret_file',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: client_secret_file_path (1.11+)',
    props: { ...AZ_RG, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, clientSecretFilePath: '/var/run/secrets/azure/client-secret' },
  },
  {
    name: 'az_client_id_and_file',
    store: 'azurerm',
    target: TF,
    source: 'spec: the full builder sets client_id and client_id_file_path',
    props: { ...AZ_RG, clientId: CLIENT, clientIdFilePath: '/var/run/secrets/azure/client-id', tenantId: TENANT, subscriptionId: SUB },
    warnings: { 'azurerm/client-id-file-pair': [] },
  },
  {
    name: 'az_access_key_from_env',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: access key from ARM_ACCESS_KEY',
    props: AZ,
    warnings: { 'azurerm/data-plane-auth-from-env': ['ARM_ACCESS_KEY', 'ARM_SAS_TOKEN', 'ARM_USE_AZUREAD'] },
  },
  {
    name: 'az_dns_zone_endpoint',
    store: 'azurerm',
    target: TF,
    source: 'terraform azurerm docs: lookup_blob_endpoint (1.11.2+)',
    props: { ...AZ_RG, lookupBlobEndpoint: true, subscriptionId: SUB, useCli: true },
  },
  { name: 'az_snapshot', store: 'azurerm', target: TF, source: 'terraform azurerm docs: snapshot', props: { ...AZ_RG, snapshot: true, subscriptionId: SUB } },
  // ------------------------------------------------------------------ opentofu, the newest known release
  {
    name: 'tofu_az_github_oidc',
    store: 'azurerm',
    target: TOFU,
    source: 'opentofu azurerm docs: OIDC',
    props: { ...AZ_RG, useOidc: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB, timeoutSeconds: 120 },
  },
  {
    name: 'tofu_az_encryption_scope',
    store: 'azurerm',
    target: TOFU,
    source: 'opentofu azurerm docs: encryption_scope (1.12+)',
    props: { ...AZ_RG, useCli: true, encryptionScope: 'tfstate-scope' },
  },
  {
    name: 'tofu_az_environment',
    store: 'azurerm',
    target: TOFU,
    source: 'opentofu azurerm docs: environment',
    props: { ...AZ_RG, environment: 'usgovernment', useMsi: true },
  },
  {
    name: 'tofu_az_metadata_host',
    store: 'azurerm',
    target: TOFU,
    source: 'opentofu azurerm docs: metadata_host (without environment)',
    props: { ...AZ_RG, metadataHost: 'management.local.azurestack.external', useCli: true },
  },
  { name: 'tofu_gcs_universe', store: 'gcs', target: TOFU, source: 'opentofu gcs docs: universe_domain (1.11.5+)', props: { ...GCS, universeDomain: 'universe.example.com' } },
  { name: 'tofu_cos_assume_role', store: 'cos', target: TOFU, source: 'opentofu cos docs: assume_role', props: { ...COS, assumeRole: { roleArn: COS_ROLE, sessionName: 'tofu' } } },
  { name: 'tofu_oss_locking', store: 'oss', target: TOFU, source: 'opentofu oss docs: state locking', props: { ...OSS, lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', lockStoreTable: 'tofu_lock' } },
  // ------------------------------------------------------------------ terraform, the newest known release (with every set-up above)
  {
    name: 'tf115_oss_lock_instance',
    store: 'oss',
    target: TF_NEW,
    source: 'terraform oss docs: tablestore_instance_name (1.12+)',
    props: { ...OSS, lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', lockStoreInstanceName: 'acme-lock', lockStoreTable: 'terraform_lock' },
  },
  // ------------------------------------------------------------------ other targets (the oldest OpenTofu judge; the others synthesized, not judged)
  { name: 'tf15_az_msi', store: 'azurerm', target: 'terraform@1.5.7', source: 'terraform 1.5 azurerm docs: managed identity', props: { ...AZ_RG, useMsi: true, subscriptionId: SUB } },
  {
    name: 'tf12_az_oidc_graph',
    store: 'azurerm',
    target: 'terraform@1.2.9',
    source: 'terraform 1.2 azurerm docs: use_oidc with use_microsoft_graph',
    props: { ...AZ_RG, useOidc: true, useMicrosoftGraph: true, clientId: CLIENT, tenantId: TENANT, subscriptionId: SUB },
  },
  { name: 'tofu16_gcs', store: 'gcs', target: TOFU_OLD, source: 'opentofu 1.6 gcs docs', props: { ...GCS, credentials: '/secrets/gcp-service-account.json' } },
];

const sutOf = (store: StoreName): StoreUnderTest => STORES.find((s) => s.store.backend === store)!;

interface Built {
  readonly backend: Record<string, unknown>;
  readonly consumer: Record<string, unknown>;
  readonly direct: Record<string, unknown>;
  readonly warnings: string[];
}

/**
 * Producer with the backend, consumer reading it with getRemoteStateDataSource, reader with a direct
 * remote state; for the entry's target, or `retarget`.
 */
function build(entry: Entry, retarget?: string): Built {
  const target = parseTarget(retarget ?? entry.target);
  if (typeof target === 'string') throw new Error(target);
  const sut = sutOf(entry.store);
  const app = appFor(target);
  const producer = new TerraformStack(app, 'producer');
  const backend: TerraformBackend = sut.backend(producer, entry.props);
  const consumer = new TerraformStack(app, 'consumer');
  backend.getRemoteStateDataSource(consumer, 'rs', 'producer');
  const reader = new TerraformStack(app, 'reader');
  sut.remoteState(reader, 'rs', entry.props);
  // Synth with validations, as `cdktf synth` does: warnings are shown then.
  const [p, c, r] = [producer, consumer, reader].map((s) => JSON.parse(Testing.synth(s, true)));
  return {
    backend: p.terraform.backend[entry.store],
    consumer: c.data.terraform_remote_state.rs,
    direct: r.data.terraform_remote_state.rs,
    warnings: warningsOf(producer),
  };
}

describe.each(CORPUS.map((e) => [e.name, e] as const))('%s', (_name, entry) => {
  test(`${entry.target}: a backend, a remote state and a cross-stack remote state that synthesize (${entry.source})`, () => {
    const built = build(entry);
    expect(Object.keys(built.backend).length).toBeGreaterThan(0);
    expect(built.consumer.backend).toBe(entry.store);
    expect(built.direct.backend).toBe(entry.store);
  });

  test('warns exactly where the run must supply a partner, naming its env vars and the id', () => {
    const { warnings } = build(entry);
    const expected = entry.warnings ?? {};
    const ids = warnings.map((w) => /\[([a-z-]+\/[a-z-]+)\]$/.exec(w)?.[1]);
    expect(ids.sort()).toEqual(Object.keys(expected).sort());
    for (const [id, envs] of Object.entries(expected)) {
      const text = warnings.find((w) => w.endsWith(` [${id}]`))!;
      for (const env of envs) expect(text).toContain(env);
    }
  });
});

// ------------------------------------------------------------------------------------ judges

/** The judge of each judged target: that exact release. */
/** Every judge of the judges tier, by target. */
const JUDGED = listedJudges().filter((j) => j.tiers.includes('judges')).map((j) => `${j.tool}@${j.version}`);
/** What the runs of this corpus provide: COS takes its region from TENCENTCLOUD_REGION there. */
const RUN_ENV = { TENCENTCLOUD_REGION: 'ap-guangzhou' };

/** The three configs of an entry, synthesized for `target`, as remote states: address -> block. */
function blocksOf(entry: Entry, target: string): Record<string, unknown> {
  const built = build(entry, target);
  return {
    [`${entry.name}__backend`]: { backend: entry.store, config: backendToRemoteConfig(built.backend) },
    [`${entry.name}__consumer`]: built.consumer,
    [`${entry.name}__remote`]: built.direct,
  };
}

/** `earlier` is a release of `target`'s tool before it. */
function isEarlierOf(earlier: string, target: string): boolean {
  const a = parseTargetOrThrow(earlier);
  const b = parseTargetOrThrow(target);
  return a.tool === b.tool && compareVersions(a.version, b.version) < 0;
}

const documentOf = (blocks: Record<string, unknown>) => JSON.stringify({ data: { terraform_remote_state: blocks } }, null, 1);

describe.each(JUDGED)('judged by %s', (target) => {
  const binary = judgeFor(target)?.binary;
  // A judge takes its own set-ups and those written for the earlier judges of its tool, synthesized for its release.
  const entries = CORPUS.filter((e) => e.target === target || (JUDGED.includes(e.target) && isEarlierOf(e.target, target)));
  let batch: Verdict;
  let count = 0;

  (binary ? beforeAll : () => undefined)(() => {
    const blocks = Object.assign({}, ...entries.map((e) => blocksOf(e, target)));
    count = Object.keys(blocks).length;
    batch = judge(binary!, documentOf(blocks), RUN_ENV);
    // eslint-disable-next-line no-console
    console.log(`${target}: ${count} corpus configs (${entries.length} set-ups x 3 forms) in one document, accepted=${batch.accepted}`);
  });

  (binary ? test : test.skip)('accepts the whole corpus in one document', () => {
    expect(count).toBe(entries.length * 3);
    expect(batch.errors).toEqual([]);
    expect(batch.accepted).toBe(true);
  });

  // The tool's diagnostics do not always name their block, so a set-up is judged alone only
  // when the batch fails, to tell which one it is.
  (binary ? test.each : test.skip.each)(entries.map((e) => [e.name, e] as const))('accepts %s', (_name, entry) => {
    if (batch.accepted) return;
    const alone = judge(binary!, documentOf(blocksOf(entry, target)), RUN_ENV);
    expect(alone.errors).toEqual([]);
  });
});
