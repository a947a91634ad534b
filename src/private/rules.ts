import { Rule, checkBase64Key, inRange, looksLikePath, matches, mutuallyExclusive, neededFromEnv, oneOf } from './rule-kit';
import { ParsedTarget } from './target';

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

/** A key that does not start or end with "/", a prefix that does not start with "/" or "./". */
const PATH_RULES = (store: 'cos' | 'oss'): Rule[] => [
  matches(
    { id: `${store}/prefix-form`, offline: 'validate refuses it (both tools)', evidence: `both tools, ${store}/backend.go schema ValidateFunc: "prefix must not start with '/' or './'"` },
    'prefix',
    /^(?!\/|\.\/)/,
    'a prefix that does not start with "/" or "./"',
  ),
  matches(
    { id: `${store}/key-form`, offline: 'validate refuses it (both tools)', evidence: `both tools, ${store}/backend.go schema ValidateFunc: "key can not start and end with '/'"` },
    'key',
    /^(?!\/)(.*[^/])?$/s,
    'a key that does not start or end with "/"',
  ),
];

/** GCS (spec ConfigA). */
export const GCS_RULES: readonly Rule[] = [
  {
    id: 'gcs/encryption-key',
    offline: 'no offline check: both tools decode the key when init configures the backend, and that init reaches the cloud',
    runtime: 'gcs-encryption-key',
    severity: 'error',
    fields: ['encryptionKey'],
    description: 'encryptionKey must be standard base64 (padded) that decodes to 32 bytes, or a path to a file that holds it',
    evidence:
      'spec part 8; both tools, gcs/backend.go configure: backend.ReadPathOrContents, then base64.StdEncoding.DecodeString ' +
      '("Error decoding encryption key"); the GCS client refuses a key that is not 32 bytes ("storage: not a 32-byte AES-256 key"); ' +
      'init on fake-gcs-server 1.56.1 fails on both with terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    check: (c) => {
      const v = c.literal('encryptionKey');
      if (typeof v === 'string' && !looksLikePath(v)) checkBase64Key(c, 'encryptionKey', 32);
    },
  },
  {
    id: 'gcs/encryption-key-file',
    severity: 'warning',
    fields: ['encryptionKey'],
    description: 'encryptionKey given as a file path: the file must hold the base64 key',
    evidence: 'both tools, gcs/backend.go configure: backend.ReadPathOrContents reads a value naming an existing file; otherwise the value itself is decoded',
    check: (c) => {
      const v = c.literal('encryptionKey');
      if (typeof v === 'string' && looksLikePath(v)) {
        c.warn(`${c.spelling('encryptionKey')} looks like a file path; the file must exist where the ${c.target.tool} run happens and hold the base64 text of a 32-byte key, or init fails`);
      }
    },
  },
  {
    // A warning: neither tool checks the name, and the run-time judge shows init and apply working
    // with any name (fake-gcs-server 1.56.1, all three judges); only Cloud Storage itself refuses it.
    id: 'gcs/kms-key-form',
    severity: 'warning',
    fields: ['kmsEncryptionKey'],
    description: 'kmsEncryptionKey names a key: projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}',
    evidence: 'spec part 8; neither tool checks the name (both pass it to the storage client); init and apply on fake-gcs-server accept any name',
    check: (c) => {
      const v = c.literal('kmsEncryptionKey');
      if (typeof v === 'string' && !/^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/.test(v)) {
        c.warn(`${c.spelling('kmsEncryptionKey')} is ${JSON.stringify(v)}, not projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}; Cloud Storage refuses other names when the run writes the state`);
      }
    },
  },
  matches(
    {
      id: 'gcs/custom-endpoint-form',
      offline: 'no offline check: the storage client resolves its paths against the endpoint only when init calls it',
      runtime: 'gcs-endpoint-forms',
      evidence:
        'both tools, gcs/backend.go configure: storage_custom_endpoint goes to the storage client (option.WithEndpoint), which resolves ' +
        '"b/<bucket>/o" against it as a relative URL: ".../storage/v1/" and ".../storage/v1/b" reach /storage/v1/b/<bucket>/o; ' +
        '".../storage/v1/b/" asks for /storage/v1/b/b/<bucket>/o and ".../storage/v1" for /storage/b/<bucket>/o, and init fails ' +
        '("Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn\'t exist"); ' +
        'init on fake-gcs-server 1.56.1, terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    },
    'storeageCustomEndpoint',
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+\/storage\/v1\/b?$/,
    'a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/"',
  ),
  mutuallyExclusive(
    {
      id: 'gcs/one-encryption',
      offline: 'opentofu validate refuses it (ConflictsWith); terraform checks it when init configures the backend, which reaches the cloud',
      runtime: 'gcs-one-encryption',
      evidence: 'terraform gcs/backend.go Configure ("can\'t set both encryption_key and kms_encryption_key"); opentofu gcs/backend.go ConflictsWith; init on fake-gcs-server 1.56.1 fails with terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    },
    ['encryptionKey', 'kmsEncryptionKey'],
  ),
  neededFromEnv(
    { id: 'gcs/delegates-need-impersonation', evidence: 'both tools, gcs/backend.go configure: the delegates are used only with impersonate_service_account' },
    'impersonateServiceAccount',
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
    'init fails: the tool requires a region',
  ),
  oneOf({ id: 'cos/acl', offline: 'validate refuses it (both tools)', evidence: 'spec part 8; both tools, cos/backend.go schema: acl ValidateFunc ("acl value invalid, expected private or public-read")' }, 'acl', ['private', 'public-read']),
  inRange(
    { id: 'cos/session-duration', offline: 'validate refuses it (both tools)', evidence: 'both tools, cos/backend.go schema: assume_role.session_duration ValidateFunc (0 to 43200)' },
    'assumeRole.sessionDuration',
    0,
    43200,
    'seconds',
  ),
  ...PATH_RULES('cos'),
  {
    // A warning: only terraform's source says so (its configure), no tool refuses it offline, and
    // no emulator of the Tencent COS protocol exists to show init failing.
    id: 'cos/endpoint-form',
    severity: 'warning',
    fields: ['endpoint'],
    description: 'a terraform endpoint has the form "https://cos-internal.<region>.tencentcos.cn"',
    evidence: 'terraform 1.6+, cos/backend.go configure: endpoint must match ^(http(s)?)://cos-internal\\.<region>\\.tencentcos\\.cn$ (source only)',
    appliesTo: terraform,
    check: (c) => {
      const v = c.literal('endpoint');
      if (typeof v === 'string' && !/^https?:\/\/cos-internal\.[^.]+\.tencentcos\.cn$/.test(v)) {
        c.warn(`${c.spelling('endpoint')} is ${JSON.stringify(v)}; terraform's cos backend takes only "https://cos-internal.<region>.tencentcos.cn" there and fails at init otherwise`);
      }
    },
  },
];

/** OSS (spec BackendC). */
export const OSS_RULES: readonly Rule[] = [
  inRange(
    { id: 'oss/session-expiration', offline: 'validate refuses it (both tools)', evidence: 'spec part 8; both tools, oss/backend.go schema: IntBetween(900, 3600)' },
    'assumeRoleSessionExpiration',
    900,
    3600,
    'seconds',
  ),
  inRange(
    { id: 'oss/block-session-expiration', offline: 'validate refuses it (both tools)', evidence: 'spec part 8; both tools, oss/backend.go schema: assume_role.session_expiration IntBetween(900, 3600)' },
    'assumeRole.sessionExpiration',
    900,
    3600,
    'seconds',
  ),
  oneOf({ id: 'oss/acl', offline: 'validate refuses it (both tools)', evidence: 'both tools, oss/backend.go schema: acl ValidateFunc (StringInSlice)' }, 'acl', ['', 'private', 'public-read', 'public-read-write']),
  ...PATH_RULES('oss'),
  neededFromEnv(
    { id: 'oss/lock-endpoint-from-env', evidence: 'both tools, oss/backend.go configure: locking uses tablestore_endpoint (env ALICLOUD_TABLESTORE_ENDPOINT)' },
    'lockStoreEndpoint',
    'state locking fails: the lock table needs its endpoint',
    ['lockStoreTable'],
  ),
  {
    id: 'oss/one-assume-role-style',
    severity: 'warning',
    fields: ['assumeRole', 'assumeRoleRoleArn'],
    description: 'assumeRole (block) together with assumeRoleRoleArn: the tool ignores the block',
    evidence: 'both tools, oss/backend.go configure: a non-empty assume_role_role_arn takes the flat assume_role_* fields and ignores the assume_role block',
    check: (c) => {
      if (c.has('assumeRole') && c.has('assumeRoleRoleArn')) {
        c.warn(`${c.spelling('assumeRole')} and ${c.spelling('assumeRoleRoleArn')} are both set; the tool uses ${c.spelling('assumeRoleRoleArn')} and the other assumeRole* fields, and ignores the ${c.spelling('assumeRole')} block`);
      }
    },
  },
];

