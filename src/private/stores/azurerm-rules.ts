import { AZURERM_KEY_RULES } from './azurerm-key';
import { quoteList } from '../kit/messages';
import { atLeast, base64Key, bothSet, matches, mutuallyExclusive, partnerFromEnv } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';
import { ALWAYS, since } from '../kit/schema';

/*
 * The AzureRM rule table (the field table and the state layout are in azurerm.ts; see README.md
 * for how rule tables work). Source paths are relative to each tool's
 * `internal/backend/remote-state/azure/` parent directory.
 */

/** Both tools moved to new Azure SDKs in 1.11.0. */
const NEW_SDK = since('1.11.0', '1.11.0');
/** OpenTofu 1.11.0 checks the account and container names (checkAccountAndContainerNames). */
const TOFU_NAME_CHECKS = { tofuChecksNames: { opentofu: '1.11.0' } };

/** The most seconds Go's time.Duration (int64 nanoseconds) holds. */
const MAX_DURATION_SECONDS = 9223372036;

/** Environment names per tool release; from 1.11 both tools moved to new Azure SDKs. */
const CURRENT_ENVIRONMENTS = ['public', 'usgovernment', 'china', 'global', 'usgovernmentl4', 'dod', 'usgovernmentl5', 'canary'];
const LEGACY_ENVIRONMENTS = ['public', 'china', 'german', 'stack', 'usgovernment'];

/** File/value twins: both tools accept both when the file holds the same value, which only the run can tell. */
const filePair = <I extends string>(id: I, value: string, file: string) =>
  bothSet(
    {
      id,
      evidence: 'opentofu azure/auth/utility.go consolidateFileAndValue (an error when both are set and differ); terraform 1.11+ go-azure-sdk reads both the same way',
    },
    [value, file],
    `${value} together with ${file}: the file must hold the same value`,
    (c) => `the ${c.target.tool} run fails unless the file holds the same value, so set only one of them`,
  );

/** AzureRM. */
export const AZURERM_RULES = [
  rule({
    id: 'azurerm/environment',
    offline: { none: 'both tools look the name up when init configures the backend, which reaches the cloud' },
    runtime: 'azurerm-environment',
    severity: 'error',
    fields: ['environment', 'metadataHost'],
    description: 'environment must be a name the target accepts (Terraform, and OpenTofu before 1.11, match case-insensitively, OpenTofu 1.11+ exactly); Terraform 1.11+ ignores it when metadataHost is set',
    evidence:
      '1.11+: opentofu azure/auth/clients.go CloudConfigFromAddresses, terraform go-azure-sdk environments.FromName; ' +
      'before 1.11: go-azure-helpers authentication.AzureEnvironmentByNameFromEndpoint (public, china, german, stack, usgovernment); ' +
      'init on Azurite with an access key fails: terraform 1.11+ "no environment was found with the name", opentofu 1.11+ ' +
      '"unknown environment identifier", opentofu before 1.11 "unable to locate metadata for environment"; "" fails the same way before ' +
      'emptyIsUnset, and from it the tools take it as unset and store state (scenario azurerm-empty-required; ' +
      'opentofu v1.11.0+ auth/clients.go CloudConfigFromAddresses: case "", "public", "global", "canary"; terraform v1.13.0+ azure/backend.go ' +
      'on backendbase SDKLikeDefaults, whose ApplyTo takes "" as unset: ARM_ENVIRONMENT, else "public")',
    // OpenTofu 1.11+ (CloudConfigFromAddresses) and Terraform 1.13+ (SDKLikeDefaults) take "" as unset.
    versions: { newSdk: NEW_SDK, emptyIsUnset: { terraform: '1.13.0', opentofu: '1.11.0' } },
    check: (c) => {
      const v = c.literal('environment');
      if (typeof v !== 'string') return;
      const { tool, version } = c.target;
      const current = c.reached('newSdk');
      // Terraform 1.11+ takes the cloud from the metadata host and ignores the name.
      if (tool === 'terraform' && current && c.has('metadataHost')) return;
      // Where "" is unset, init on Azurite works (scenario azurerm-empty-required).
      if (v === '' && c.reached('emptyIsUnset')) return;
      const names = current ? CURRENT_ENVIRONMENTS : LEGACY_ENVIRONMENTS;
      // Terraform, and every release's go-azure-helpers before 1.11 (strings.ToLower), match case-insensitively.
      const candidate = tool === 'terraform' || !current ? v.toLowerCase() : v;
      if (names.includes(candidate)) return;
      const lower = v.toLowerCase();
      const hint = names.includes(lower)
        ? `; ${tool} matches names exactly, use ${JSON.stringify(lower)}`
        : current && LEGACY_ENVIRONMENTS.includes(lower) ? `; ${tool} ${version} no longer accepts it` : '';
      c.error('environment', `${c.got('environment')}, expected one of ${quoteList(names)} for ${tool} ${version}${hint}`);
    },
  }),
  rule({
    id: 'azurerm/environment-needs-access-key',
    severity: 'warning',
    fields: ['environment', 'accessKey', 'sasToken'],
    description: 'Terraform 1.3-1.10 and OpenTofu 1.6-1.10 log in to Azure AD only for public, usgovernment and china: german and stack work with an access key or SAS token alone',
    evidence: 'terraform 1.3-1.10 and opentofu 1.6-1.10, azure/arm_client.go buildArmClient: hamilton environments.EnvironmentFromString runs after the access-key and SAS-token returns',
    versions: { adLogin: { terraform: '1.3.0', opentofu: ALWAYS }, newSdk: NEW_SDK },
    appliesTo: { from: 'adLogin', before: 'newSdk' },
    check: (c) => {
      const v = c.literal('environment');
      if (typeof v !== 'string' || !['german', 'stack'].includes(v.toLowerCase()) || c.has('accessKey') || c.has('sasToken')) return;
      c.warn(
        `${c.spelling('environment')} is ${JSON.stringify(v)}, which ${c.target.tool} ${c.target.version} can use only with an access key or a sas token: ` +
          'the run must provide ARM_ACCESS_KEY or ARM_SAS_TOKEN, or init fails (its azure ad login knows only public, usgovernment and china)',
      );
    },
  }),
  rule({
    // A warning: only the spec says so; terraform 1.2 (the only release with both keys) is not a
    // judge here, and an Azure AD login is beyond Azurite.
    id: 'azurerm/oidc-needs-graph',
    severity: 'warning',
    fields: ['useOidc', 'useGraphApi'],
    description: 'useOidc needs useGraphApi to be true',
    evidence: 'no tool check seen: terraform 1.2 picks the auth method when init builds the client',
    check: (c) => {
      if (c.literal('useOidc') === true && c.literal('useGraphApi') === false) {
        c.warn(`${c.spelling('useOidc')} is true with ${c.spelling('useGraphApi')} false; oidc needs microsoft graph, so the login is likely to fail: set ${c.spelling('useGraphApi')} true (or leave it unset)`);
      }
    },
  }),
  partnerFromEnv(
    {
      id: 'azurerm/certificate-password-needs-certificate',
      evidence: 'both tools, azure/backend.go schema: client_certificate_path and client_certificate default to ARM_CLIENT_CERTIFICATE_PATH and ARM_CLIENT_CERTIFICATE',
    },
    'clientCertificatePassword',
    ['clientCertificatePath', 'clientCertificate'],
    'the password is not used',
  ),
  partnerFromEnv(
    {
      id: 'azurerm/oidc-request-pair',
      evidence: 'both tools, azure/backend.go schema: oidc_request_url and oidc_request_token default to ARM_OIDC_REQUEST_* and ACTIONS_ID_TOKEN_REQUEST_* (GitHub Actions sets those)',
    },
    'oidcRequestToken',
    ['oidcRequestUrl'],
    'oidc login fails',
  ),
  partnerFromEnv(
    {
      id: 'azurerm/oidc-request-url-pair',
      evidence: 'both tools, azure/backend.go schema: oidc_request_url and oidc_request_token default to ARM_OIDC_REQUEST_* and ACTIONS_ID_TOKEN_REQUEST_* (GitHub Actions sets those)',
    },
    'oidcRequestUrl',
    ['oidcRequestToken'],
    'oidc login fails',
  ),
  filePair('azurerm/client-id-file-pair', 'clientId', 'clientIdFilePath'),
  filePair('azurerm/client-secret-file-pair', 'clientSecret', 'clientSecretFilePath'),
  filePair('azurerm/oidc-token-file-pair', 'oidcToken', 'oidcTokenFilePath'),
  rule({
    id: 'azurerm/dns-lookup-needs-resource-group',
    offline: { none: 'terraform checks it when init configures the backend, which reaches the cloud' },
    runtime: 'azurerm-dns-lookup',
    severity: 'error',
    fields: ['lookupBlobEndpoint', 'resourceGroupName'],
    description: 'lookupBlobEndpoint true needs resourceGroupName',
    evidence: 'terraform 1.11.2+, azure/backend.go Configure: lookup_blob_endpoint requires resource_group_name; init on Azurite fails ("`resource_group_name` is required when `lookup_blob_endpoint` is set")',
    check: (c) => {
      if (!c.has('lookupBlobEndpoint') || c.literal('lookupBlobEndpoint') === false || c.has('resourceGroupName')) return;
      c.error('lookupBlobEndpoint', `set without ${c.spelling('resourceGroupName')}, expected it to be set as well`);
    },
  }),
  mutuallyExclusive({ id: 'azurerm/environment-or-metadata-host', offline: { validate: 'opentofu', how: 'ConflictsWith' }, evidence: 'opentofu, azure/backend.go schema: environment ConflictsWith metadata_host', appliesTo: { tools: ['opentofu'] } }, [
    'environment',
    'metadataHost',
  ]),
  mutuallyExclusive({ id: 'azurerm/one-blob-encryption', offline: { validate: 'opentofu', how: 'ConflictsWith' }, evidence: 'opentofu 1.12+, azure/backend.go schema: customer_provided_key ConflictsWith encryption_scope' }, [
    'customerProvidedKey',
    'encryptionScope',
  ]),
  base64Key({ id: 'azurerm/customer-provided-key', offline: { validate: 'opentofu', how: 'ValidateFunc' }, evidence: 'opentofu 1.12+, azure/backend.go schema: customer_provided_key ValidateFunc newCPKInfo' }, 'customerProvidedKey', 32),
  atLeast({ id: 'azurerm/timeout-seconds', offline: { validate: 'opentofu', how: 'ValidateFunc' }, evidence: 'opentofu 1.9+, azure/backend.go schema: "timeout_seconds expected to be a non-negative integer"' }, 'timeoutSeconds', 0, 'seconds'),
  rule({
    id: 'azurerm/timeout-zero',
    offline: { none: 'validate accepts 0 (OpenTofu\'s own schema test expects it to), and only the blob calls of init time out' },
    runtime: 'azurerm-timeout-zero',
    severity: 'error',
    fields: ['timeoutSeconds'],
    description: 'timeoutSeconds is not 0, and not beyond Go\'s time.Duration (9223372036 seconds): every blob call would time out at once',
    evidence:
      'opentofu 1.9+, azure/backend.go configure: time.Duration(timeout_seconds) * time.Second becomes each storage call\'s context timeout; ' +
      'with 0, or past 9223372036 where the product overflows int64 to a deadline already passed, init on Azurite fails ' +
      '("Failed to get existing workspaces: error listing blobs: context deadline exceeded"), and 10 initialises and applies',
    check: (c) => {
      const v = c.literal('timeoutSeconds');
      if (v === 0) {c.error('timeoutSeconds', 'got 0, expected 1 or more seconds, or no timeoutSeconds (with 0 every blob call times out at once, so init fails)');} else if (typeof v === 'number' && v > MAX_DURATION_SECONDS) {
        c.error('timeoutSeconds', `got ${v}, expected at most ${MAX_DURATION_SECONDS} seconds (Go's time.Duration: a longer timeout overflows to one already past, so init fails as with 0)`);
      }
    },
  }),
  matches(
    {
      id: 'azurerm/storage-account-name',
      offline: { none: 'validate accepts any name; opentofu checks it when init configures the backend' },
      init: 'init fails before any request: "invalid storage account name"',
      runtime: 'azurerm-account-name',
      evidence:
        'opentofu 1.11+, azure/backend.go checkAccountAndContainerNames ("invalid storage account name"); init on Azurite fails, ' +
        'and offline init refuses it before any request',
      versions: TOFU_NAME_CHECKS,
      appliesTo: { from: 'tofuChecksNames' },
    },
    'storageAccountName',
    /^[0-9a-z]{3,24}$/,
    '3 to 24 lower-case letters and digits',
  ),
  rule({
    id: 'azurerm/account-name-host',
    offline: { none: 'validate accepts any name, and init refuses it when it builds the first request' },
    init: 'init fails before any request: parse "https://<account>.blob.core.windows.net/...": invalid character in host name',
    severity: 'error',
    fields: ['storageAccountName'],
    description: 'storageAccountName is a host label Go takes: no spaces, control characters or {}|\\^`%:; for terraform also no "#" or empty label (".."), not starting or ending with "-", at most 63 long',
    evidence:
      'both tools build https://<account>.blob.core.windows.net (terraform go-azure-sdk, opentofu before 1.11 the legacy storage client); ' +
      'Go net/url refuses the host ("invalid character \\" \\" in host name", "invalid URL escape", "invalid port" after a ":"; terraform\'s URL also "#"), and terraform\'s ' +
      'resolver an empty label ("..") or a label starting or ending with "-" or over 63 long ("no such host", no DNS server asked); offline init refuses them before ' +
      'any request (opentofu before 1.11: the characters but "#" only); a single "." is a longer host name, which a DNS server is asked for ' +
      '(opentofu 1.11+ refuses every such name through azurerm/storage-account-name)',
    versions: TOFU_NAME_CHECKS,
    appliesTo: { before: 'tofuChecksNames' },
    check: (c) => {
      const v = c.literal('storageAccountName');
      // Go's URL parser refuses these characters (and "%" outside an escape) in a host; terraform's
      // resolver also refuses, without asking a DNS server, a label that starts or ends with "-" or
      // is over 63 long (opentofu 1.6's storage client retries such a host instead).
      if (typeof v !== 'string' || v === '') return;
      // ":" starts a port Go cannot parse; terraform's URL also refuses "#", and its resolver an empty label ("..").
      const terraform = c.target.tool === 'terraform' && (/^-|-$|#|^\.|\.\.|\.$/.test(v) || v.length > 63);
      if (/[\s\x00-\x1f\x7f{}|\\^`%:]/.test(v) || terraform) {
        c.error('storageAccountName', `${c.got('storageAccountName')}, expected a storage account name (lower-case letters and digits): the ${c.target.tool} run cannot build its host name from it`);
      }
    },
  }),
  matches(
    {
      id: 'azurerm/container-name',
      offline: { none: 'opentofu checks the name when init configures the backend, which reaches the cloud' },
      runtime: 'azurerm-container-name',
      evidence: 'opentofu 1.11+, azure/backend.go checkAccountAndContainerNames ("invalid storage container name"); init on Azurite fails',
      versions: TOFU_NAME_CHECKS,
      appliesTo: { from: 'tofuChecksNames' },
    },
    'containerName',
    /^(?!.*--)[0-9a-z][0-9a-z-]{1,61}[0-9a-z]$/,
    '3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
  ),
  ...AZURERM_KEY_RULES,
  rule({
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
  }),
];
