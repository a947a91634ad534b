import { DEFAULT_TARGET } from '../../src/private/target/target';
import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'azurerm')!;

describeFieldOutput(sut);

const BASE = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.tfstate', resourceGroupName: 'rg-tfstate' };
const TOFU = 'opentofu@1.12.6';

describe('azurerm rules', () => {
  const h = header('azurerm');

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
    // GIVEN terraform 1.3-1.10: german works only with an access key or sas token (its azure ad login knows three clouds)
    expect(warningsFor(sut, { ...BASE, environment: 'german', accessKey: '<ACCESS_KEY>' }, { target: 'terraform@1.10.5' })).toEqual([
      'accessKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ARM_ACCESS_KEY in the environment of the terraform run instead [field/literal-secret]',
    ]);
    expect(warningsFor(sut, { ...BASE, environment: 'german' }, { target: 'terraform@1.10.5' })).toEqual([
      'environment is "german", which terraform 1.10.5 can use only with an access key or a sas token: the run must provide ARM_ACCESS_KEY or ARM_SAS_TOKEN, ' +
        'or init fails (its azure ad login knows only public, usgovernment and china) [azurerm/environment-needs-access-key]',
    ]);
    expect(warningsFor(sut, { ...BASE, environment: 'stack' }, { target: 'opentofu@1.9.0' })).toHaveLength(1);
    expect(warningsFor(sut, { ...BASE, environment: 'german' }, { target: 'terraform@1.2.9' })).toEqual([]);
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

  test('warns if useOidc is set with useGraphApi false (terraform 1.2; only the spec says so)', () => {
    expect(warningsFor(sut, { ...BASE, useOidc: true, useGraphApi: false }, { target: 'terraform@1.2.9' })).toContain(
      'useOidc is true with useGraphApi false; oidc needs microsoft graph, so the login is likely to fail: set useGraphApi true (or leave it unset) [azurerm/oidc-needs-graph]',
    );
  });

  test('warns if clientCertificatePassword comes without a certificate: its path may come from the environment', () => {
    expect(warningsFor(sut, { ...BASE, clientCertificatePassword: '<PASSWORD>' })).toContain(
      'clientCertificatePassword is set without clientCertificatePath or clientCertificate; the terraform run must provide ' +
        'ARM_CLIENT_CERTIFICATE_PATH or ARM_CLIENT_CERTIFICATE in its environment, or the password is not used [azurerm/certificate-password-needs-certificate]',
    );
  });

  test('warns if only one of oidcRequestToken and oidcRequestUrl is set: ci runners provide the other', () => {
    expect(warningsFor(sut, { ...BASE, oidcRequestToken: '<TOKEN>' })).toContain(
      'oidcRequestToken is set without oidcRequestUrl; the terraform run must provide ARM_OIDC_REQUEST_URL or ACTIONS_ID_TOKEN_REQUEST_URL or SYSTEM_OIDCREQUESTURI ' +
        'in its environment, or oidc login fails [azurerm/oidc-request-pair]',
    );
    expect(warningsFor(sut, { ...BASE, oidcRequestUrl: 'https://token.example' })).toEqual([
      'oidcRequestUrl is set without oidcRequestToken; the terraform run must provide ARM_OIDC_REQUEST_TOKEN or ACTIONS_ID_TOKEN_REQUEST_TOKEN or SYSTEM_ACCESSTOKEN ' +
        'in its environment, or oidc login fails [azurerm/oidc-request-url-pair]',
    ]);
  });

  test.each([
    ['clientId', 'clientIdFilePath'],
    ['clientSecret', 'clientSecretFilePath'],
    ['oidcToken', 'oidcTokenFilePath'],
  ])('warns if %s and %s are both set: the file must hold the same value', (value, file) => {
    expect(warningsFor(sut, { ...BASE, [value]: 'v', [file]: '/f' })).toContain(
      `${value} and ${file} are both set; the terraform run fails unless the file holds the same value, so set only one of them [${({ clientId: 'azurerm/client-id-file-pair', clientSecret: 'azurerm/client-secret-file-pair', oidcToken: 'azurerm/oidc-token-file-pair' } as Record<string, string>)[value]}]`,
    );
  });

  test('fails if lookupBlobEndpoint is true without resourceGroupName', () => {
    const { resourceGroupName: _, ...noGroup } = BASE;
    expect(refusal(sut, { ...noGroup, accessKey: '<ACCESS_KEY>', lookupBlobEndpoint: true })).toBe(
      `${h}\n- lookupBlobEndpoint: set without resourceGroupName, expected it to be set as well [azurerm/dns-lookup-needs-resource-group]`,
    );
    expect(() => refusal(sut, { ...noGroup, accessKey: '<ACCESS_KEY>', lookupBlobEndpoint: false })).toThrow('to be refused');
  });

  test('opentofu: fails if environment and metadataHost are both set', () => {
    expect(refusal(sut, { ...BASE, environment: 'public', metadataHost: 'management.example' }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- environment: set together with metadataHost, expected only one of environment, metadataHost [azurerm/environment-or-metadata-host]`,
    );
    expect(warningsFor(sut, { ...BASE, environment: 'public', metadataHost: 'management.example' })).toEqual([]);
  });

  test('opentofu: fails if customerProvidedKey is not a 32-byte key or comes with encryptionScope', () => {
    expect(refusal(sut, { ...BASE, customerProvidedKey: 'c2hvcnQ=', encryptionScope: 's' }, { target: TOFU })).toBe(
      [
        header('azurerm', TOFU),
        '- customerProvidedKey: set together with encryptionScope, expected only one of customerProvidedKey, encryptionScope [azurerm/one-blob-encryption]',
        '- customerProvidedKey: got <redacted> (decodes to 5 bytes), expected base64 text that decodes to exactly 32 bytes [azurerm/customer-provided-key]',
      ].join('\n'),
    );
  });

  test('opentofu: fails if timeoutSeconds is negative', () => {
    expect(refusal(sut, { ...BASE, timeoutSeconds: -5 }, { target: TOFU })).toBe(`${header('azurerm', TOFU)}\n- timeoutSeconds: got -5, expected 0 seconds or more [azurerm/timeout-seconds]`);
  });

  test('opentofu: fails if timeoutSeconds is past Go\'s time.Duration', () => {
    expect(refusal(sut, { ...BASE, timeoutSeconds: 9223372037 }, { target: TOFU })).toBe(
      `${header('azurerm', TOFU)}\n- timeoutSeconds: got 9223372037, expected at most 9223372036 seconds ` +
        '(Go\'s time.Duration: a longer timeout overflows to one already past, so init fails as with 0) [azurerm/timeout-zero]',
    );
    expect(warningsFor(sut, { ...BASE, timeoutSeconds: 9223372036 }, { target: TOFU })).toEqual([]);
  });

  test.each(['acme..tf', 'acme:tf', 'acme#tf'])('terraform: fails if the account name %j gives no host Go can reach', (name) => {
    expect(refusal(sut, { ...BASE, storageAccountName: name })).toContain('[azurerm/account-name-host]');
  });

  test('opentofu 1.11+: fails if account or container names break its patterns', () => {
    expect(refusal(sut, { ...BASE, storageAccountName: 'Acme-State', containerName: 'tf--state' }, { target: TOFU })).toBe(
      [
        header('azurerm', TOFU),
        '- storageAccountName: got "Acme-State", expected 3 to 24 lower-case letters and digits [azurerm/storage-account-name]',
        '- containerName: got "tf--state", expected 3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit [azurerm/container-name]',
      ].join('\n'),
    );
    expect(warningsFor(sut, { ...BASE, storageAccountName: 'Acme-State', containerName: 'tf--state' })).toEqual([]);
  });

});

describe('azurerm warnings', () => {
  test('warns that without a resource group the run needs a data-plane credential', () => {
    const { resourceGroupName: _, ...noGroup } = BASE;
    expect(warningsFor(sut, noGroup)).toEqual([
      'resourceGroupName is unset and neither accessKey, sasToken nor useDirectoryAuth is given; the run must provide ARM_ACCESS_KEY, ARM_SAS_TOKEN or ARM_USE_AZUREAD=true, or the tool cannot reach the blob [azurerm/data-plane-auth-from-env]',
    ]);
    expect(warningsFor(sut, { ...noGroup, useAzureadAuth: true })).toEqual([]);
  });

});
