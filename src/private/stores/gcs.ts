import { joinPath } from '../kit/go-path';
import { looksLikePath } from '../kit/key-text';
import { bothSet, checkBase64Key, matches, mutuallyExclusive, neededFromEnv } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';
import { EVERY_RELEASE, FieldSpec, envBoth, since } from '../kit/schema';
import { defineStore } from '../kit/store';

/*
 * GCS: the field table (the keys each tool reads, per release), the rules
 * between and about the values, and where the store keeps each workspace's state. Source paths are relative to each
 * tool's `internal/backend/remote-state/` directory, in the releases target/releases.ts says the tables
 * were read from (SOURCE_READ) unless a version is named. Which judges show a rule is data
 * (docs/FIELDS.md "judged by"), never named in its evidence.
 */

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'bucket',
    key: 'bucket',
    type: 'string',
    example: 'acme-tfstate',
    required: true,
    // Every run-time judge (test/runtime/gcs.test.ts, scenario gcs-empty-required).
    emptyFailsAt: 'init fails on it: "storage: bucket doesn\'t exist"',
    since: EVERY_RELEASE,
  },
  { name: 'prefix', key: 'prefix', type: 'string', example: 'envs/prod', since: EVERY_RELEASE },
  {
    name: 'credentials',
    key: 'credentials',
    type: 'string',
    example: '/secrets/gcp-service-account.json',
    // A path is not a secret, but the tool also takes the key's JSON text here: never echoed,
    // and warned about (and kept out of other stacks) only when it is the key itself.
    secret: true,
    secretIf: (v) => typeof v === 'string' && v.trim().startsWith('{'),
    since: EVERY_RELEASE,
    env: envBoth('GOOGLE_BACKEND_CREDENTIALS', 'GOOGLE_CREDENTIALS'),
  },
  {
    name: 'accessToken',
    key: 'access_token',
    type: 'string',
    example: '<ACCESS_TOKEN>',
    secret: true,
    since: since('0.12.10'),
    env: envBoth('GOOGLE_OAUTH_ACCESS_TOKEN'),
  },
  {
    name: 'impersonateServiceAccount',
    key: 'impersonate_service_account',
    type: 'string',
    example: 'terraform@acme.iam.gserviceaccount.com',
    since: since('0.14.0'),
    env: envBoth('GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT', 'GOOGLE_IMPERSONATE_SERVICE_ACCOUNT'),
  },
  {
    name: 'impersonateServiceAccountDelegates',
    key: 'impersonate_service_account_delegates',
    type: 'stringList',
    example: ['a@acme.iam.gserviceaccount.com', 'b@acme.iam.gserviceaccount.com'],
    since: since('0.14.0'),
  },
  {
    name: 'encryptionKey',
    key: 'encryption_key',
    type: 'string',
    example: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    // Secret whatever its shape: the tool also takes a path to a file that holds the key, but no
    // heuristic tells a path from key text for sure, and a consumer needs neither.
    secret: true,
    since: since('0.11.2'),
    env: envBoth('GOOGLE_ENCRYPTION_KEY'),
  },
  {
    name: 'kmsEncryptionKey',
    key: 'kms_encryption_key',
    type: 'string',
    example: 'projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state',
    since: since('1.4.0'),
    env: envBoth('GOOGLE_KMS_ENCRYPTION_KEY'),
  },
  {
    name: 'storeageCustomEndpoint',
    aliases: ['storageCustomEndpoint'],
    key: 'storage_custom_endpoint',
    type: 'string',
    example: 'https://storage-acme.p.googleapis.com/storage/v1/b',
    since: since('1.4.0'),
    env: envBoth('GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT', 'GOOGLE_STORAGE_CUSTOM_ENDPOINT'),
  },
  {
    name: 'universeDomain',
    key: 'universe_domain',
    type: 'string',
    example: 'universe.example.com',
    since: { opentofu: '1.11.5' },
    env: { opentofu: ['GOOGLE_BACKEND_UNIVERSE_DOMAIN'] },
  },
];

const RULES = [
  rule({
    id: 'gcs/encryption-key',
    offline: { none: 'both tools decode the key when init configures the backend, and that init reaches the cloud' },
    runtime: 'gcs-encryption-key',
    severity: 'error',
    fields: ['encryptionKey'],
    description: 'encryptionKey must be standard base64 (padded) that decodes to 32 bytes, or a path to a file that holds it',
    evidence:
      'both tools, gcs/backend.go configure: backend.ReadPathOrContents, then base64.StdEncoding.DecodeString ' +
      '("Error decoding encryption key"); the GCS client refuses a key that is not 32 bytes ("storage: not a 32-byte AES-256 key"); ' +
      'init on fake-gcs-server 1.56.1 fails on both',
    check: (c) => {
      const v = c.literal('encryptionKey');
      if (typeof v === 'string' && !looksLikePath(v)) checkBase64Key(c, 'encryptionKey', 32);
    },
  }),
  rule({
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
  }),
  rule({
    id: 'gcs/bucket-blank',
    offline: { none: 'validate accepts any name, and the storage client asks for the bucket only when init lists the workspaces' },
    runtime: 'gcs-blank-bucket',
    severity: 'error',
    fields: ['bucket'],
    description: 'bucket is not blank (only spaces): no bucket has such a name',
    evidence:
      'both tools pass the name to the storage client; init on fake-gcs-server fails ("storage: bucket doesn\'t exist"); ' +
      'Cloud Storage names are 3 to 63 characters of letters, digits, "-", "_" and "."',
    check: (c) => {
      const v = c.literal('bucket');
      if (typeof v === 'string' && v !== '' && v.trim() === '') c.error('bucket', `got ${JSON.stringify(v)}, expected a bucket name (init fails: no bucket is named with spaces)`);
    },
  }),
  rule({
    // A warning: neither tool checks the name, and the run-time judge shows init and apply working
    // with any name (fake-gcs-server 1.56.1, every run-time judge); only Cloud Storage itself refuses it.
    id: 'gcs/kms-key-form',
    severity: 'warning',
    fields: ['kmsEncryptionKey'],
    description: 'kmsEncryptionKey names a key: projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}',
    evidence: 'neither tool checks the name (both pass it to the storage client); init and apply on fake-gcs-server accept any name',
    check: (c) => {
      const v = c.literal('kmsEncryptionKey');
      if (v === '') {
        // Both tools take "" as no key; terraform then reads its env var (gcs/backend.go configure).
        const env = c.target.tool === 'terraform' ? c.envOf('kmsEncryptionKey') : [];
        c.warn(`${c.spelling('kmsEncryptionKey')} is "", which the tool takes as no KMS key${env.length > 0 ? ` (the ${c.target.tool} run then reads ${env.join(' or ')})` : ''}; leave it unset, or name the key`);
        return;
      }
      if (typeof v === 'string' && !/^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/.test(v)) {
        c.warn(`${c.spelling('kmsEncryptionKey')} is ${JSON.stringify(v)}, not projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}; Cloud Storage refuses other names when the run writes the state`);
      }
    },
  }),
  matches(
    {
      id: 'gcs/custom-endpoint-form',
      offline: { none: 'the storage client resolves its paths against the endpoint only when init calls it' },
      runtime: 'gcs-endpoint-forms',
      evidence:
        'both tools, gcs/backend.go configure: storage_custom_endpoint goes to the storage client (option.WithEndpoint), which resolves ' +
        '"b/<bucket>/o" against it as a relative URL: ".../storage/v1/" and ".../storage/v1/b" reach /storage/v1/b/<bucket>/o; ' +
        '".../storage/v1/b/" asks for /storage/v1/b/b/<bucket>/o and ".../storage/v1" for /storage/b/<bucket>/o, and init fails ' +
        '("Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn\'t exist"); ' +
        'init on fake-gcs-server 1.56.1 shows each form',
    },
    'storeageCustomEndpoint',
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+\/storage\/v1\/b?$/,
    'a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/"',
  ),
  mutuallyExclusive(
    {
      id: 'gcs/one-encryption',
      offline: { validate: 'opentofu', how: 'ConflictsWith', besides: 'terraform checks it when init configures the backend, which reaches the cloud' },
      runtime: 'gcs-one-encryption',
      evidence: 'terraform gcs/backend.go Configure ("can\'t set both encryption_key and kms_encryption_key"); opentofu gcs/backend.go ConflictsWith; init on fake-gcs-server 1.56.1 fails with both',
    },
    ['encryptionKey', 'kmsEncryptionKey'],
  ),
  neededFromEnv(
    { id: 'gcs/delegates-need-impersonation', evidence: 'both tools, gcs/backend.go configure: the delegates are used only with impersonate_service_account' },
    'impersonateServiceAccount',
    'the delegation chain has no effect',
    ['impersonateServiceAccountDelegates'],
  ),
  bothSet(
    { id: 'gcs/access-token-wins', evidence: 'both tools, gcs/backend.go configure: access_token is checked before credentials' },
    ['accessToken', 'credentials'],
    'accessToken together with credentials is allowed, but accessToken wins',
    (_c, token, credentials) => `the tool uses ${token} and ignores ${credentials}`,
  ),
];

export const GCS_STORE = defineStore({
  backend: 'gcs',
  names: { backend: 'GcsBackend', remoteState: 'DataTerraformRemoteStateGcs', config: 'GcsBackendConfig' },
  fields: FIELDS,
  rules: RULES,
  layout: {
    // gcs/backend.go configure and backend_state.go stateFile, both tools: <prefix>/<workspace>.tfstate.
    container: ['bucket'],
    namespace: ['universe_domain'],
    defaults: { universe_domain: 'googleapis.com' },
    normalise: [{
      key: 'universe_domain',
      evidence:
        'opentofu 1.11.5+ gcs/backend.go configure: data.GetOk("universe_domain") (set and not "") gives option.WithUniverseDomain, else ' +
        'GOOGLE_BACKEND_UNIVERSE_DOMAIN (schema MultiEnvDefaultFunc), else the storage client\'s googleapis.com; terraform has no universe_domain',
      apply: (v) => v.universe_domain || 'googleapis.com',
    }],
    object: ['prefix'],
    objectName: (v, workspace) => joinPath(v.prefix.replace(/^\/+/, ''), `${workspace ?? 'default'}.tfstate`),
    separateWith: 'prefix',
  },
  emulator: 'fake-gcs-server',
});
