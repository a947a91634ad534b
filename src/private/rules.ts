import { quoteList } from './messages';
import { Rule, atLeast, inRange, matches, mutuallyExclusive, neededFromEnv, oneOf } from './rule-kit';
import { ParsedTarget, compareVersions } from './target';

/*
 * The rule table of each store: the rules between and about values, each with its id, severity and
 * evidence. Field-level checks (types, required fields, spellings, availability, tokens,
 * deprecations, literal secrets) come from the field tables (reader.ts). Every rule is checked
 * before anything is thrown, so one error lists every violation.
 *
 * Source paths are relative to each tool's `internal/backend/remote-state/` directory: Terraform
 * 1.15.9 and OpenTofu 1.12.6 unless a version is named.
 */

const terraform = (t: ParsedTarget) => t.tool === 'terraform';
const opentofu = (t: ParsedTarget) => t.tool === 'opentofu';
const opentofu111 = (t: ParsedTarget) => t.tool === 'opentofu' && compareVersions(t.version, '1.11.0') >= 0;

/** A key that does not start or end with "/", a prefix that does not start with "/" or "./". */
const PATH_RULES = (store: 'cos' | 'oss'): Rule[] => [
  matches(
    { id: `${store}/prefix-form`, evidence: `both tools, ${store}/backend.go configure: "prefix must not start with '/' or './'"` },
    'prefix',
    /^(?!\/|\.\/)/,
    'a prefix that does not start with "/" or "./"',
  ),
  matches(
    { id: `${store}/key-form`, evidence: `both tools, ${store}/backend.go configure: "key can not start and end with '/'"` },
    'key',
    /^(?!\/)(.*[^/])?$/s,
    'a key that does not start or end with "/"',
  ),
];

/** GCS (spec ConfigA). */
export const GCS_RULES: readonly Rule[] = [
  {
    id: 'gcs/encryption-key',
    severity: 'error',
    fields: ['encryptionKey'],
    description: 'encryptionKey must be base64 that decodes to 32 bytes',
    evidence: 'spec part 8; both tools, gcs/backend.go configure: base64.StdEncoding.DecodeString ("Error decoding encryption key")',
    check: (c) => base64Key(c, 'encryptionKey', 32),
  },
  matches(
    { id: 'gcs/kms-key-form', evidence: 'spec part 8' },
    'kmsEncryptionKey',
    /^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/,
    'projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}',
  ),
  matches(
    { id: 'gcs/custom-endpoint-form', evidence: 'spec part 8' },
    'storeageCustomEndpoint',
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+\/storage\/v1\/b\/?$/,
    'a url made of a protocol, a host and the path /storage/v1/b, e.g. "https://storage-example.p.googleapis.com/storage/v1/b"',
  ),
  mutuallyExclusive(
    { id: 'gcs/one-encryption', evidence: 'terraform gcs/backend.go Configure ("can\'t set both encryption_key and kms_encryption_key"); opentofu gcs/backend.go ConflictsWith' },
    ['encryptionKey', 'kmsEncryptionKey'],
  ),
  neededFromEnv(
    { id: 'gcs/delegates-need-impersonation', evidence: 'both tools, gcs/backend.go configure: the delegates are used only with impersonate_service_account' },
    'impersonateServiceAccount',
    'GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT or GOOGLE_IMPERSONATE_SERVICE_ACCOUNT',
    'the delegation chain has no effect',
    ['impersonateServiceAccountDelegates'],
  ),
  {
    id: 'gcs/access-token-wins',
    severity: 'warning',
    fields: ['accessToken', 'credentials'],
    description: 'accessToken together with credentials is allowed, but accessToken wins',
    evidence: 'spec part 5; both tools, gcs/backend.go configure: access_token is checked before credentials',
    check: (c) => {
      if (c.has('accessToken') && c.has('credentials')) {
        c.warn(`${c.spelling('accessToken')} and ${c.spelling('credentials')} are both set; the tool uses ${c.spelling('accessToken')} and ignores ${c.spelling('credentials')}`);
      }
    },
  },
];

/** COS (spec RemoteStateB). */
export const COS_RULES: readonly Rule[] = [
  neededFromEnv(
    { id: 'cos/region-from-env', evidence: 'both tools, cos/backend.go: region is Required with DefaultFunc TENCENTCLOUD_REGION' },
    'region',
    'TENCENTCLOUD_REGION',
    'init fails: the tool requires a region',
  ),
  oneOf({ id: 'cos/acl', evidence: 'spec part 8; both tools, cos/backend.go schema: acl ValidateFunc ("acl value invalid, expected private or public-read")' }, 'acl', ['private', 'public-read']),
  inRange(
    { id: 'cos/session-duration', evidence: 'both tools, cos/backend.go schema: assume_role.session_duration ValidateFunc (0 to 43200)' },
    'assumeRole.sessionDuration',
    0,
    43200,
    'seconds',
  ),
  ...PATH_RULES('cos'),
  matches(
    {
      id: 'cos/endpoint-form',
      evidence: 'terraform 1.6+, cos/backend.go configure: endpoint must match ^(http(s)?)://cos-internal\\.<region>\\.tencentcos\\.cn$',
      appliesTo: terraform,
    },
    'endpoint',
    /^https?:\/\/cos-internal\.[^.]+\.tencentcos\.cn$/,
    'an endpoint of the form "https://cos-internal.<region>.tencentcos.cn"',
  ),
];

/** OSS (spec BackendC). */
export const OSS_RULES: readonly Rule[] = [
  inRange(
    { id: 'oss/session-expiration', evidence: 'spec part 8; both tools, oss/backend.go schema: IntBetween(900, 3600)' },
    'assumeRoleSessionExpiration',
    900,
    3600,
    'seconds',
  ),
  inRange(
    { id: 'oss/block-session-expiration', evidence: 'spec part 8; both tools, oss/backend.go schema: assume_role.session_expiration IntBetween(900, 3600)' },
    'assumeRole.sessionExpiration',
    900,
    3600,
    'seconds',
  ),
  oneOf({ id: 'oss/acl', evidence: 'both tools, oss/backend.go schema: acl ValidateFunc (StringInSlice)' }, 'acl', ['', 'private', 'public-read', 'public-read-write']),
  ...PATH_RULES('oss'),
  neededFromEnv(
    { id: 'oss/lock-endpoint-from-env', evidence: 'both tools, oss/backend.go configure: locking uses tablestore_endpoint (env ALICLOUD_TABLESTORE_ENDPOINT)' },
    'lockStoreEndpoint',
    'ALICLOUD_TABLESTORE_ENDPOINT',
    'state locking fails: the lock table needs its endpoint',
    ['lockStoreTable'],
  ),
  mutuallyExclusive(
    { id: 'oss/one-assume-role-style', evidence: 'both tools, oss/backend.go configure: a non-empty assume_role_role_arn makes the tool ignore the assume_role block' },
    ['assumeRole', 'assumeRoleRoleArn'],
  ),
];

/** Environment names per tool release; from 1.11 both tools moved to new Azure SDKs. */
const CURRENT_ENVIRONMENTS = ['public', 'usgovernment', 'china', 'global', 'usgovernmentl4', 'dod', 'usgovernmentl5', 'canary'];
const LEGACY_ENVIRONMENTS = ['public', 'china', 'german', 'stack', 'usgovernment'];

/** File/value twins: both tools accept both only when the file holds the same value. */
const filePair = (id: string, value: string, file: string): Rule =>
  mutuallyExclusive({ id, evidence: 'both tools accept both only when the file holds the same value, which cannot be checked at synth' }, [value, file]);

/** AzureRM (spec RemoteStateD). */
export const AZURERM_RULES: readonly Rule[] = [
  {
    id: 'azurerm/environment',
    severity: 'error',
    fields: ['environment'],
    description: 'environment must be a name the target accepts (Terraform matches case-insensitively, OpenTofu exactly)',
    evidence: 'spec part 8; opentofu 1.11+ azure/auth/clients.go CloudConfigFromAddresses; terraform 1.11+ go-azure-sdk environments.FromName',
    check: (c) => {
      const v = c.literal('environment');
      if (typeof v !== 'string') return;
      const { tool, version } = c.target;
      const current = compareVersions(version, '1.11.0') >= 0;
      const names = current ? CURRENT_ENVIRONMENTS : LEGACY_ENVIRONMENTS;
      const candidate = tool === 'terraform' ? v.toLowerCase() : v;
      if (names.includes(candidate)) return;
      const lower = v.toLowerCase();
      const hint = names.includes(lower)
        ? `; ${tool} matches names exactly, use ${JSON.stringify(lower)}`
        : current && LEGACY_ENVIRONMENTS.includes(lower) ? `; ${tool} ${version} no longer accepts it` : '';
      c.error('environment', `${c.got('environment')}, expected one of ${quoteList(names)} for ${tool} ${version}${hint}`);
    },
  },
  {
    id: 'azurerm/oidc-needs-graph',
    severity: 'error',
    fields: ['useOidc', 'useGraphApi'],
    description: 'useOidc needs useGraphApi to be true',
    evidence: 'spec part 5',
    check: (c) => {
      if (c.literal('useOidc') === true && c.literal('useGraphApi') === false) {
        c.error('useOidc', `set to true with ${c.spelling('useGraphApi')} false, expected ${c.spelling('useGraphApi')} true (or unset): oidc needs microsoft graph`);
      }
    },
  },
  {
    id: 'azurerm/certificate-password-needs-certificate',
    severity: 'error',
    fields: ['clientCertificatePassword', 'clientCertificatePath', 'clientCertificate'],
    description: 'clientCertificatePassword needs clientCertificatePath or clientCertificate',
    evidence: 'spec part 5',
    check: (c) => {
      if (c.has('clientCertificatePassword') && !c.has('clientCertificatePath') && !c.has('clientCertificate')) {
        c.error('clientCertificatePassword', `set without ${c.spelling('clientCertificatePath')} or ${c.spelling('clientCertificate')}, expected one of them to be set as well`);
      }
    },
  },
  {
    id: 'azurerm/oidc-request-pair',
    severity: 'error',
    fields: ['oidcRequestToken', 'oidcRequestUrl'],
    description: 'oidcRequestToken and oidcRequestUrl go together',
    evidence: 'spec part 5',
    check: (c) => {
      const [a, b] = ['oidcRequestToken', 'oidcRequestUrl'];
      if (c.has(a) && !c.has(b)) c.error(a, `set without ${c.spelling(b)}, expected both or neither`);
      if (c.has(b) && !c.has(a)) c.error(b, `set without ${c.spelling(a)}, expected both or neither`);
    },
  },
  filePair('azurerm/client-id-file-pair', 'clientId', 'clientIdFilePath'),
  filePair('azurerm/client-secret-file-pair', 'clientSecret', 'clientSecretFilePath'),
  filePair('azurerm/oidc-token-file-pair', 'oidcToken', 'oidcTokenFilePath'),
  {
    id: 'azurerm/dns-lookup-needs-resource-group',
    severity: 'error',
    fields: ['lookupBlobEndpoint', 'resourceGroupName'],
    description: 'lookupBlobEndpoint true needs resourceGroupName',
    evidence: 'terraform 1.11.2+, azure/backend.go Configure: lookup_blob_endpoint requires resource_group_name',
    check: (c) => {
      if (!c.has('lookupBlobEndpoint') || c.literal('lookupBlobEndpoint') === false || c.has('resourceGroupName')) return;
      c.error('lookupBlobEndpoint', `set without ${c.spelling('resourceGroupName')}, expected it to be set as well`);
    },
  },
  mutuallyExclusive({ id: 'azurerm/environment-or-metadata-host', evidence: 'opentofu, azure/backend.go schema: environment ConflictsWith metadata_host', appliesTo: opentofu }, [
    'environment',
    'metadataHost',
  ]),
  mutuallyExclusive({ id: 'azurerm/one-blob-encryption', evidence: 'opentofu 1.12+, azure/backend.go schema: customer_provided_key ConflictsWith encryption_scope' }, [
    'customerProvidedKey',
    'encryptionScope',
  ]),
  {
    id: 'azurerm/customer-provided-key',
    severity: 'error',
    fields: ['customerProvidedKey'],
    description: 'customerProvidedKey must be base64 that decodes to 32 bytes',
    evidence: 'opentofu 1.12+, azure/backend.go schema: customer_provided_key ValidateFunc newCPKInfo',
    check: (c) => base64Key(c, 'customerProvidedKey', 32),
  },
  atLeast({ id: 'azurerm/timeout-seconds', evidence: 'opentofu 1.9+, azure/backend.go schema: "timeout_seconds expected to be a non-negative integer"' }, 'timeoutSeconds', 0, 'seconds'),
  matches(
    { id: 'azurerm/storage-account-name', evidence: 'opentofu 1.11+, azure/backend.go checkAccountAndContainerNames ("invalid storage account name")', appliesTo: opentofu111 },
    'storageAccountName',
    /^[0-9a-z]{3,24}$/,
    '3 to 24 lower-case letters and digits',
  ),
  matches(
    { id: 'azurerm/container-name', evidence: 'opentofu 1.11+, azure/backend.go checkAccountAndContainerNames ("invalid storage container name")', appliesTo: opentofu111 },
    'containerName',
    /^(?!.*--)[0-9a-z][0-9a-z-]{1,61}[0-9a-z]$/,
    '3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
  ),
  {
    id: 'azurerm/data-plane-auth-from-env',
    severity: 'warning',
    fields: ['resourceGroupName', 'accessKey', 'sasToken', 'useDirectoryAuth'],
    description: 'without resourceGroupName the tool needs accessKey, sasToken or useDirectoryAuth, or their env vars',
    evidence: 'terraform, azure/backend.go Configure: "Either an Access Key / SAS Token or the Resource Group for the Storage Account must be specified - or Azure AD Authentication must be enabled"',
    check: (c) => {
      if (c.has('resourceGroupName') || c.has('accessKey') || c.has('sasToken') || c.literal('useDirectoryAuth') === true) return;
      c.warn(
        `${c.spelling('resourceGroupName')} is unset and neither accessKey, sasToken nor useDirectoryAuth is given; ` +
          'the run must provide ARM_ACCESS_KEY, ARM_SAS_TOKEN or ARM_USE_AZUREAD=true, or the tool cannot reach the blob',
      );
    },
  },
];

/** Base64 text that decodes to exactly `bytes` bytes. */
function base64Key(c: import('./rule-kit').RuleContext, name: string, bytes: number): void {
  const v = c.literal(name);
  if (typeof v !== 'string') return;
  const decoded = decodeBase64(v);
  if (decoded === undefined) {
    c.error(name, `${c.got(name)}, expected base64 text that decodes to ${bytes} bytes`);
  } else if (decoded !== bytes) {
    c.error(name, `${c.got(name)} (decodes to ${decoded} bytes), expected base64 text that decodes to exactly ${bytes} bytes`);
  }
}

/** Number of bytes `text` decodes to as standard or URL-safe base64, or undefined if it is not base64. */
export function decodeBase64(text: string): number | undefined {
  const s = text.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s) || s.length === 0) return undefined;
  const unpadded = s.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  if (s.includes('=') && s.length % 4 !== 0) return undefined;
  return Math.floor((unpadded.length * 3) / 4);
}
