import { quoteList } from './errors';
import { compareVersions } from './target';
import {
  Rule,
  atLeast,
  base64Key,
  forTarget,
  inRange,
  matches,
  mutuallyExclusive,
  neededFromEnv,
  oneOf,
  requires,
  together,
} from './validation';

/*
 * The rule table of each store. Field-level checks (types, required fields, spellings, target
 * availability, tokens, deprecations, literal secrets) come from the field tables; these are the
 * rules between and about values, from the spec (parts 5 and 8) and from the tools' schemas.
 * Every rule is checked before anything is thrown, so one error lists every violation. A rule
 * reports through the context in the user's spelling, and only on literal values: a remote
 * state's references skip value checks.
 */

/** GCS (spec ConfigA). */
export const GCS_RULES: readonly Rule[] = [
  base64Key('encryptionKey', 32, 'spec part 8'),
  matches(
    'kmsEncryptionKey',
    /^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/,
    'projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}',
    'spec part 8',
  ),
  matches(
    'storeageCustomEndpoint',
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+\/storage\/v1\/b\/?$/,
    'a url made of a protocol, a host and the path /storage/v1/b, e.g. "https://storage-example.p.googleapis.com/storage/v1/b"',
    'spec part 8',
  ),
  mutuallyExclusive(['encryptionKey', 'kmsEncryptionKey'], 'both tools'),
  neededFromEnv(
    'impersonateServiceAccount',
    'GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT or GOOGLE_IMPERSONATE_SERVICE_ACCOUNT',
    'the delegation chain has no effect',
    [],
    ['impersonateServiceAccountDelegates'],
  ),
  {
    description: 'warning: accessToken together with credentials is allowed, but accessToken wins (spec part 5)',
    check: (c) => {
      if (c.has('accessToken') && c.has('credentials')) {
        c.warn(`${c.spelling('accessToken')} and ${c.spelling('credentials')} are both set; the tool uses ${c.spelling('accessToken')} and ignores ${c.spelling('credentials')}`);
      }
    },
  },
];

/** COS (spec RemoteStateB). */
export const COS_RULES: readonly Rule[] = [
  neededFromEnv('region', 'TENCENTCLOUD_REGION', 'init fails: the tool requires a region'),
  oneOf('acl', ['private', 'public-read'], 'spec part 8'),
  inRange('assumeRole.sessionDuration', 0, 43200, 'seconds', 'both tools'),
  matches('prefix', /^(?!\/|\.\/)/, 'a prefix that does not start with "/" or "./"', 'both tools'),
  matches('key', /^(?!\/)(.*[^/])?$/s, 'a key that does not start or end with "/"', 'both tools'),
  forTarget(
    (t) => t.tool === 'terraform',
    matches('endpoint', /^https?:\/\/cos-internal\.[^.]+\.tencentcos\.cn$/, 'an endpoint of the form "https://cos-internal.<region>.tencentcos.cn"', 'terraform'),
    'terraform',
  ),
];

/** OSS (spec BackendC). */
export const OSS_RULES: readonly Rule[] = [
  inRange('assumeRoleSessionExpiration', 900, 3600, 'seconds', 'spec part 8'),
  inRange('assumeRole.sessionExpiration', 900, 3600, 'seconds', 'spec part 8'),
  oneOf('acl', ['', 'private', 'public-read', 'public-read-write'], 'both tools'),
  matches('prefix', /^(?!\/|\.\/)/, 'a prefix that does not start with "/" or "./"', 'both tools'),
  matches('key', /^(?!\/)(.*[^/])?$/s, 'a key that does not start or end with "/"', 'both tools'),
  neededFromEnv('lockStoreEndpoint', 'ALICLOUD_TABLESTORE_ENDPOINT', 'state locking fails: the lock table needs its endpoint', [], ['lockStoreTable']),
  mutuallyExclusive(['assumeRole', 'assumeRoleRoleArn'], 'both tools: a non-empty assumeRoleRoleArn makes the tool ignore the block'),
];

/** Environment names per tool release; from 1.11 both tools moved to new Azure SDKs. */
const CURRENT_ENVIRONMENTS = ['public', 'usgovernment', 'china', 'global', 'usgovernmentl4', 'dod', 'usgovernmentl5', 'canary'];
const LEGACY_ENVIRONMENTS = ['public', 'china', 'german', 'stack', 'usgovernment'];

const environmentRule: Rule = {
  description: 'environment must be a name the target accepts (spec part 8; Terraform matches case-insensitively, OpenTofu exactly)',
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
};

const graphApiRule: Rule = {
  description: 'useGraphApi is emitted for Terraform 1.1-1.2, left out with a warning when true on later releases and OpenTofu, refused when false there',
  check: (c) => {
    if (!c.has('useGraphApi')) return;
    const { tool, version } = c.target;
    if (c.available('useGraphApi')) return;
    if (tool === 'terraform' && compareVersions(version, '1.1.0') < 0) {
      c.error('useGraphApi', `${c.got('useGraphApi')}, but terraform ${version} does not have it yet; it is first available in terraform 1.1.0 (and removed again in 1.3.0)`);
      return;
    }
    const why = tool === 'terraform'
      ? 'terraform removed use_microsoft_graph in 1.3.0 and has used microsoft graph ever since'
      : 'opentofu never had use_microsoft_graph and always uses microsoft graph';
    const v = c.literal('useGraphApi');
    if (v === false) {
      c.error('useGraphApi', `got false, but ${why}; ${tool} ${version} cannot use the old azure ad graph, so remove the field or set it to true`);
    } else if (v === true) {
      c.warn(`${c.spelling('useGraphApi')} is left out of the output: ${why}, so true is already the behaviour of ${tool} ${version}`);
    } else {
      c.error('useGraphApi', `got a token, but ${tool} ${version} has no use_microsoft_graph; remove the field`);
    }
  },
};

const filePair = (value: string, file: string): Rule =>
  mutuallyExclusive([value, file], 'both tools accept both only when the file holds the same value, which cannot be checked at synth');

/** AzureRM (spec RemoteStateD). */
export const AZURERM_RULES: readonly Rule[] = [
  environmentRule,
  graphApiRule,
  {
    description: 'useOidc needs useGraphApi to be true (spec part 5)',
    check: (c) => {
      if (c.literal('useOidc') === true && c.literal('useGraphApi') === false) {
        c.error('useOidc', `set to true with ${c.spelling('useGraphApi')} false, expected ${c.spelling('useGraphApi')} true (or unset): oidc needs microsoft graph`);
      }
    },
  },
  requires('clientCertificatePassword', ['clientCertificatePath', 'clientCertificate'], 'spec part 5'),
  together('oidcRequestToken', 'oidcRequestUrl', 'spec part 5'),
  filePair('clientId', 'clientIdFilePath'),
  filePair('clientSecret', 'clientSecretFilePath'),
  filePair('oidcToken', 'oidcTokenFilePath'),
  requires('lookupBlobEndpoint', ['resourceGroupName'], 'terraform', (v) => v === true),
  forTarget((t) => t.tool === 'opentofu', mutuallyExclusive(['environment', 'metadataHost'], 'opentofu'), 'opentofu'),
  mutuallyExclusive(['customerProvidedKey', 'encryptionScope'], 'opentofu'),
  base64Key('customerProvidedKey', 32, 'opentofu'),
  atLeast('timeoutSeconds', 0, 'seconds', 'opentofu'),
  forTarget(
    (t) => t.tool === 'opentofu' && compareVersions(t.version, '1.11.0') >= 0,
    matches('storageAccountName', /^[0-9a-z]{3,24}$/, '3 to 24 lower-case letters and digits', 'opentofu 1.11+'),
    'opentofu 1.11+',
  ),
  forTarget(
    (t) => t.tool === 'opentofu' && compareVersions(t.version, '1.11.0') >= 0,
    matches(
      'containerName',
      /^(?!.*--)[0-9a-z][0-9a-z-]{1,61}[0-9a-z]$/,
      '3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
      'opentofu 1.11+',
    ),
    'opentofu 1.11+',
  ),
  {
    description: 'warning: without resourceGroupName the tool needs accessKey, sasToken or useDirectoryAuth, or their env vars (terraform)',
    check: (c) => {
      if (c.has('resourceGroupName') || c.has('accessKey') || c.has('sasToken') || c.literal('useDirectoryAuth') === true) return;
      c.warn(
        `${c.spelling('resourceGroupName')} is unset and neither accessKey, sasToken nor useDirectoryAuth is given; ` +
            'the run must provide ARM_ACCESS_KEY, ARM_SAS_TOKEN or ARM_USE_AZUREAD=true, or the tool cannot reach the blob',
      );
    },
  },
];
