import { DEFAULT_TARGET } from '../../src/private/target/target';
import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'azurerm')!;

describeFieldOutput(sut);

const BASE = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.tfstate', resourceGroupName: 'rg-tfstate' };
const TOFU = 'opentofu@1.12.6';

const h = header('azurerm');

describe('azurerm/environment', () => {
  test('fails if the environment is not one the target accepts', () => {
    expect(refusal(sut, { ...BASE, environment: 'mars' })).toBe(
      `${h}\n- environment: got "mars", expected one of "public", "usgovernment", "china", "global", "usgovernmentl4", "dod", "usgovernmentl5", "canary" for terraform ${DEFAULT_TARGET.version} [azurerm/environment]`,
    );
  });

  test('passes an environment in another case for opentofu before 1.11, whose go-azure-helpers lower-cases it', () => {
    expect(warningsFor(sut, { ...BASE, environment: 'PUBLIC' }, { target: 'opentofu@1.6.3' })).toEqual([]);
    expect(refusal(sut, { ...BASE, environment: 'PUBLIC' }, { target: 'opentofu@1.12.6' })).toContain('opentofu matches names exactly, use "public" [azurerm/environment]');
  });

  test('fails if the environment is one the target no longer accepts', () => {
    expect(refusal(sut, { ...BASE, environment: 'german' }, { target: 'terraform@1.11.4' })).toBe(
      `${header('azurerm', 'terraform@1.11.4')}\n- environment: got "german", expected one of "public", "usgovernment", "china", "global", "usgovernmentl4", "dod", "usgovernmentl5", "canary" for terraform 1.11.4; terraform 1.11.4 no longer accepts it [azurerm/environment]`,
    );
  });

  test('environment "": opentofu 1.11+ and terraform 1.13+ take it as unset, earlier releases refuse it at init (scenario azurerm-empty-required)', () => {
    expect(warningsFor(sut, { ...BASE, environment: '' }, { target: TOFU })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, environment: '' }, { target: 'opentofu@1.11.0' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, environment: '' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, environment: '' }, { target: 'terraform@1.13.0' })).toEqual([]);
    expect(refusal(sut, { ...BASE, environment: '' }, { target: 'opentofu@1.10.7' })).toBe(
      `${header('azurerm', 'opentofu@1.10.7')}\n- environment: got "", expected one of "public", "china", "german", "stack", "usgovernment" for opentofu 1.10.7 [azurerm/environment]`,
    );
    expect(refusal(sut, { ...BASE, environment: '' }, { target: 'terraform@1.12.2' })).toContain('- environment: got "", expected one of "public",');
  });

  test('terraform 1.11+ takes the cloud from metadataHost and ignores the environment name', () => {
    expect(warningsFor(sut, { ...BASE, environment: 'AzureStackCloud', metadataHost: 'management.local.azurestack.external' })).toEqual([]);
    expect(refusal(sut, { ...BASE, environment: 'AzureStackCloud' })).toContain('- environment: got "AzureStackCloud", expected one of');
  });

  test('terraform matches environment names case-insensitively, opentofu exactly', () => {
    expect(warningsFor(sut, { ...BASE, environment: 'USGovernment' })).toEqual([]);
    expect(refusal(sut, { ...BASE, environment: 'USGovernment' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- environment: got "USGovernment", expected one of "public", "usgovernment", "china", "global", "usgovernmentl4", "dod", "usgovernmentl5", "canary" for opentofu 1.12.6; opentofu matches names exactly, use "usgovernment" [azurerm/environment]`,
    );
  });
});

describe('azurerm/environment-needs-access-key', () => {
  test('warns if the environment is german or stack where the azure ad login knows neither (terraform 1.3-1.10, opentofu before 1.11)', () => {
    // GIVEN terraform 1.3-1.10: german works only with an access key or sas token (its azure ad login knows three clouds)
    expect(warningsFor(sut, { ...BASE, environment: 'german' }, { target: 'terraform@1.10.5' })).toEqual([
      'environment is "german", which terraform 1.10.5 can use only with an access key or a sas token: the run must provide ARM_ACCESS_KEY or ARM_SAS_TOKEN, ' +
        'or init fails (its azure ad login knows only public, usgovernment and china) [azurerm/environment-needs-access-key]',
    ]);
    expect(warningsFor(sut, { ...BASE, environment: 'stack' }, { target: 'opentofu@1.9.0' })).toHaveLength(1);
  });

  test('does not warn with an access key, or before terraform 1.3', () => {
    expect(warningsFor(sut, { ...BASE, environment: 'german', accessKey: '<ACCESS_KEY>' }, { target: 'terraform@1.10.5' })).toEqual([
      'accessKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ARM_ACCESS_KEY in the environment of the terraform run instead [field/literal-secret]',
    ]);
    expect(warningsFor(sut, { ...BASE, environment: 'german' }, { target: 'terraform@1.2.9' })).toEqual([]);
  });
});

describe('azurerm/oidc-needs-graph', () => {
  test('warns if useOidc is set with useGraphApi false (terraform 1.2; only the spec says so)', () => {
    expect(warningsFor(sut, { ...BASE, useOidc: true, useGraphApi: false }, { target: 'terraform@1.2.9' })).toContain(
      'useOidc is true with useGraphApi false; oidc needs microsoft graph, so the login is likely to fail: set useGraphApi true (or leave it unset) [azurerm/oidc-needs-graph]',
    );
  });

  test('does not warn if useGraphApi is true or unset', () => {
    expect(warningsFor(sut, { ...BASE, useOidc: true, useGraphApi: true }, { target: 'terraform@1.2.9' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, useOidc: true }, { target: 'terraform@1.2.9' })).toEqual([]);
  });
});

describe('azurerm/certificate-password-needs-certificate', () => {
  test('warns if clientCertificatePassword comes without a certificate: its path may come from the environment', () => {
    expect(warningsFor(sut, { ...BASE, clientCertificatePassword: '<PASSWORD>' })).toContain(
      'clientCertificatePassword is set without clientCertificatePath or clientCertificate; the terraform run must provide ' +
        'ARM_CLIENT_CERTIFICATE_PATH or ARM_CLIENT_CERTIFICATE in its environment, or the password is not used [azurerm/certificate-password-needs-certificate]',
    );
  });

  test('does not warn if the certificate path comes with it', () => {
    expect(warningsFor(sut, { ...BASE, clientCertificatePassword: '<PASSWORD>', clientCertificatePath: '/certs/client.pfx' }).join('\n'))
      .not.toContain('[azurerm/certificate-password-needs-certificate]');
  });
});

describe('azurerm/oidc-request-pair', () => {
  test('warns if oidcRequestToken is set without oidcRequestUrl: ci runners provide the other', () => {
    expect(warningsFor(sut, { ...BASE, oidcRequestToken: '<TOKEN>' })).toContain(
      'oidcRequestToken is set without oidcRequestUrl; the terraform run must provide ARM_OIDC_REQUEST_URL or ACTIONS_ID_TOKEN_REQUEST_URL or SYSTEM_OIDCREQUESTURI ' +
        'in its environment, or oidc login fails [azurerm/oidc-request-pair]',
    );
  });

  test('does not warn if both are set', () => {
    expect(warningsFor(sut, { ...BASE, oidcRequestToken: '<TOKEN>', oidcRequestUrl: 'https://token.example' }).join('\n')).not.toContain('[azurerm/oidc-request-pair]');
  });
});

describe('azurerm/oidc-request-url-pair', () => {
  test('warns if oidcRequestUrl is set without oidcRequestToken: ci runners provide the other', () => {
    expect(warningsFor(sut, { ...BASE, oidcRequestUrl: 'https://token.example' })).toEqual([
      'oidcRequestUrl is set without oidcRequestToken; the terraform run must provide ARM_OIDC_REQUEST_TOKEN or ACTIONS_ID_TOKEN_REQUEST_TOKEN or SYSTEM_ACCESSTOKEN ' +
        'in its environment, or oidc login fails [azurerm/oidc-request-url-pair]',
    ]);
  });

  test('does not warn if both are set', () => {
    expect(warningsFor(sut, { ...BASE, oidcRequestToken: '<TOKEN>', oidcRequestUrl: 'https://token.example' }).join('\n')).not.toContain('[azurerm/oidc-request-url-pair]');
  });
});

/** The warning of a value and its file both set. */
const filePairWarning = (value: string, file: string, id: string) =>
  `${value} and ${file} are both set; the terraform run fails unless the file holds the same value, so set only one of them [${id}]`;

describe('azurerm/client-id-file-pair', () => {
  test('warns if clientId and clientIdFilePath are both set: the file must hold the same value', () => {
    expect(warningsFor(sut, { ...BASE, clientId: 'v', clientIdFilePath: '/f' })).toContain(filePairWarning('clientId', 'clientIdFilePath', 'azurerm/client-id-file-pair'));
  });

  test('does not warn for either alone', () => {
    expect(warningsFor(sut, { ...BASE, clientId: 'v' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, clientIdFilePath: '/f' })).toEqual([]);
  });
});

describe('azurerm/client-secret-file-pair', () => {
  test('warns if clientSecret and clientSecretFilePath are both set: the file must hold the same value', () => {
    expect(warningsFor(sut, { ...BASE, clientSecret: 'v', clientSecretFilePath: '/f' })).toContain(filePairWarning('clientSecret', 'clientSecretFilePath', 'azurerm/client-secret-file-pair'));
  });

  test('does not warn for the file alone', () => {
    expect(warningsFor(sut, { ...BASE, clientSecretFilePath: '/f' })).toEqual([]);
  });
});

describe('azurerm/oidc-token-file-pair', () => {
  test('warns if oidcToken and oidcTokenFilePath are both set: the file must hold the same value', () => {
    expect(warningsFor(sut, { ...BASE, oidcToken: 'v', oidcTokenFilePath: '/f' })).toContain(filePairWarning('oidcToken', 'oidcTokenFilePath', 'azurerm/oidc-token-file-pair'));
  });

  test('does not warn for the file alone', () => {
    expect(warningsFor(sut, { ...BASE, oidcTokenFilePath: '/f' })).toEqual([]);
  });
});

describe('azurerm/dns-lookup-needs-resource-group', () => {
  const { resourceGroupName: _, ...noGroup } = BASE;

  test('fails if lookupBlobEndpoint is true without resourceGroupName', () => {
    expect(refusal(sut, { ...noGroup, accessKey: '<ACCESS_KEY>', lookupBlobEndpoint: true })).toBe(
      `${h}\n- lookupBlobEndpoint: set without resourceGroupName, expected it to be set as well [azurerm/dns-lookup-needs-resource-group]`,
    );
  });

  test('accepts lookupBlobEndpoint false without resourceGroupName, and true with it', () => {
    expect(() => refusal(sut, { ...noGroup, accessKey: '<ACCESS_KEY>', lookupBlobEndpoint: false })).toThrow('to be refused');
    expect(warningsFor(sut, { ...BASE, lookupBlobEndpoint: true })).toEqual([]);
  });
});

describe('azurerm/environment-or-metadata-host', () => {
  test('fails if environment and metadataHost are both set (opentofu)', () => {
    expect(refusal(sut, { ...BASE, environment: 'public', metadataHost: 'management.example' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- environment: set together with metadataHost, expected only one of environment, metadataHost [azurerm/environment-or-metadata-host]`,
    );
  });

  test('accepts both for terraform, which takes the cloud from metadataHost', () => {
    expect(warningsFor(sut, { ...BASE, environment: 'public', metadataHost: 'management.example' })).toEqual([]);
  });
});

describe('azurerm/one-blob-encryption', () => {
  const KEY32 = Buffer.alloc(32, 7).toString('base64');

  test('fails if customerProvidedKey comes with encryptionScope (opentofu)', () => {
    expect(refusal(sut, { ...BASE, customerProvidedKey: KEY32, encryptionScope: 's' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- customerProvidedKey: set together with encryptionScope, expected only one of customerProvidedKey, encryptionScope [azurerm/one-blob-encryption]`,
    );
  });

  test('accepts encryptionScope alone', () => {
    expect(warningsFor(sut, { ...BASE, encryptionScope: 's' }, { target: TOFU })).toEqual([]);
  });
});

describe('azurerm/customer-provided-key', () => {
  test('fails if customerProvidedKey is not a 32-byte key, without echoing it (opentofu)', () => {
    expect(refusal(sut, { ...BASE, customerProvidedKey: 'c2hvcnQ=' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- customerProvidedKey: got <redacted> (decodes to 5 bytes), expected base64 text that decodes to exactly 32 bytes [azurerm/customer-provided-key]`,
    );
  });

  test('accepts a 32-byte key', () => {
    expect(warningsFor(sut, { ...BASE, customerProvidedKey: Buffer.alloc(32, 7).toString('base64') }, { target: TOFU }).join('\n')).not.toContain('[azurerm/customer-provided-key]');
  });
});

describe('azurerm/timeout-seconds', () => {
  test('fails if timeoutSeconds is negative (opentofu)', () => {
    expect(refusal(sut, { ...BASE, timeoutSeconds: -5 }, { target: TOFU })).toBe(`${header('azurerm', TOFU)}\n- timeoutSeconds: got -5, expected 0 seconds or more [azurerm/timeout-seconds]`);
  });

  test('accepts a timeout of some seconds', () => {
    expect(warningsFor(sut, { ...BASE, timeoutSeconds: 60 }, { target: TOFU })).toEqual([]);
  });
});

// Init on Azurite times out at once (test/runtime/azurerm.test.ts, azurerm-timeout-zero).
describe('azurerm/timeout-zero', () => {
  test('fails if timeoutSeconds is 0: every blob call times out at once', () => {
    expect(refusal(sut, { ...BASE, timeoutSeconds: 0 }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- timeoutSeconds: got 0, expected 1 or more seconds, or no timeoutSeconds (with 0 every blob call times out at once, so init fails) [azurerm/timeout-zero]`,
    );
  });

  test('fails if timeoutSeconds is past Go\'s time.Duration', () => {
    expect(refusal(sut, { ...BASE, timeoutSeconds: 9223372037 }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- timeoutSeconds: got 9223372037, expected at most 9223372036 seconds ` +
        '(Go\'s time.Duration: a longer timeout overflows to one already past, so init fails as with 0) [azurerm/timeout-zero]',
    );
  });

  test('accepts the longest timeout Go\'s time.Duration holds', () => {
    expect(warningsFor(sut, { ...BASE, timeoutSeconds: 9223372036 }, { target: TOFU })).toEqual([]);
  });
});

describe('azurerm/storage-account-name', () => {
  test('fails if the account name breaks opentofu 1.11+\'s pattern', () => {
    expect(refusal(sut, { ...BASE, storageAccountName: 'Acme-State' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- storageAccountName: got "Acme-State", expected 3 to 24 lower-case letters and digits [azurerm/storage-account-name]`,
    );
  });

  test('accepts it for terraform, which does not check the pattern', () => {
    expect(warningsFor(sut, { ...BASE, storageAccountName: 'Acme-State' })).toEqual([]);
  });
});

// Offline init refuses each before any request (test/judges/init-judge.test.ts).
describe('azurerm/account-name-host', () => {
  test.each(['acme..tf', 'acme:tf', 'acme#tf'])('fails if the account name %j gives no host Go can reach (terraform)', (name) => {
    expect(refusal(sut, { ...BASE, storageAccountName: name })).toBe(
      `${h}\n- storageAccountName: got ${JSON.stringify(name)}, expected a storage account name (lower-case letters and digits): the terraform run cannot build its host name from it [azurerm/account-name-host]`,
    );
  });

  test('accepts a name that makes a host, though not a storage account name', () => {
    expect(warningsFor(sut, { ...BASE, storageAccountName: 'Acme-State' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, storageAccountName: 'acme#tf' }, { target: 'opentofu@1.10.7' })).toEqual([]);
  });
});

describe('azurerm/container-name', () => {
  test('fails if the container name breaks opentofu 1.11+\'s pattern', () => {
    expect(refusal(sut, { ...BASE, containerName: 'tf--state' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- containerName: got "tf--state", expected 3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit [azurerm/container-name]`,
    );
  });

  test('accepts it for terraform, which does not check the pattern', () => {
    expect(warningsFor(sut, { ...BASE, containerName: 'tf--state' })).toEqual([]);
  });
});

// Init on Azurite fails on each with terraform 1.11+ (test/runtime/azurerm.test.ts, azurerm-key-url).
describe('azurerm/key-url-invalid', () => {
  test.each([['a%b.tfstate', 'every "%" to start an escape such as %25', 'invalid URL escape'], ['a\tb.tfstate', 'no control character', 'invalid control character in URL']])(
    'fails if the key %j is no URL path terraform 1.11+ parses',
    (key, expected, says) => {
      expect(refusal(sut, { ...BASE, key })).toBe(
        `${h}\n- key: got ${JSON.stringify(key)}, expected ${expected}: terraform sends the key as a URL path and init fails on it (${says}) [azurerm/key-url-invalid]`,
      );
    },
  );

  test('accepts it for opentofu and terraform before 1.11, which escape the key, and an invalid escape after "?"', () => {
    expect(warningsFor(sut, { ...BASE, key: 'a%b.tfstate' }, { target: TOFU })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, key: 'a%b.tfstate' }, { target: 'terraform@1.10.5' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, key: 'a.tfstate?%b' })).toHaveLength(1);
  });
});

describe('azurerm/key-url', () => {
  test('warns if the key holds "?": terraform 1.11+ drops the query, in every workspace', () => {
    expect(warningsFor(sut, { ...BASE, key: 'app.tfstate?network' })).toEqual([
      'key "app.tfstate?network" names the blob "app.tfstate": terraform sends the key as a URL path and drops what follows "?" (a query string): ' +
        'every workspace keeps its state in that one blob, each overwriting the others\', as does every stack whose key differs only after "?"; ' +
        'opentofu, and terraform before 1.11, use the key as written: spell the key as the blob\'s name [azurerm/key-url]',
    ]);
  });

  test('warns if the key holds %XX escapes, which terraform 1.11+ decodes', () => {
    expect(warningsFor(sut, { ...BASE, key: 'a%2Fb.tfstate?x' }, { target: 'terraform@1.11.4' })).toEqual([
      'key "a%2Fb.tfstate?x" names the blob "a/b.tfstate": terraform sends the key as a URL path and drops what follows "?" (a query string): ' +
        'every workspace keeps its state in that one blob, each overwriting the others\', as does every stack whose key differs only after "?", ' +
        'and decodes the %XX escapes; opentofu, and terraform before 1.11, use the key as written: spell the key as the blob\'s name [azurerm/key-url]',
    ]);
  });

  test('does not warn for opentofu or terraform before 1.11 (they escape the key), nor for a "#", "+" or space', () => {
    expect(warningsFor(sut, { ...BASE, key: 'app.tfstate?network' }, { target: TOFU })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, key: 'a%2Fb.tfstate' }, { target: 'terraform@1.10.5' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, key: 'a#b+c d.tfstate' })).toEqual([]);
  });
});

describe('azurerm/data-plane-auth-from-env', () => {
  const { resourceGroupName: _, ...noGroup } = BASE;

  test('warns if there is no resource group: the run needs a data-plane credential', () => {
    expect(warningsFor(sut, noGroup)).toEqual([
      'resourceGroupName is unset and neither accessKey, sasToken nor useDirectoryAuth is given; the run must provide ARM_ACCESS_KEY, ARM_SAS_TOKEN or ARM_USE_AZUREAD=true, or the tool cannot reach the blob [azurerm/data-plane-auth-from-env]',
    ]);
  });

  test('does not warn with directory auth', () => {
    expect(warningsFor(sut, { ...noGroup, useAzureadAuth: true })).toEqual([]);
  });
});
