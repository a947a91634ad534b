/**
 * cdktn's `targetVersions` context through the constructs (src/private/target/versions.ts): the
 * cdktn package checks a config against every declared tool when the library's own target key is
 * unset; the cdktf package ignores `targetVersions`. Each describe block runs in its flavour's jest
 * project and is skipped in the other.
 */
import { App, TerraformStack, Testing } from 'cdktf';
import { AzurermBackend, GcsBackend, OssBackend, StateBackendTarget } from '../../src';
import { DEFAULT_TARGET } from '../../src/private/target/target';
import { warningsOf } from '../support/annotations';
import { FLAVOUR } from '../support/flavour';

const KEY = StateBackendTarget.CONTEXT_KEY;
const DEFAULT_RANGES = 'cdktn\'s default targetVersions terraform ">=1.5.7", opentofu ">=1.6.0"';
const AZURERM = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.tfstate', resourceGroupName: 'rg' };

/** A stack in an app whose context holds `context` (nothing when undefined). */
function stackWith(context?: Record<string, unknown>): TerraformStack {
  return new TerraformStack(new App({ outdir: Testing.app().outdir, context }), 'producer');
}

function backendJson(stack: TerraformStack): Record<string, unknown> {
  const backend = JSON.parse(Testing.synth(stack)).terraform.backend;
  return backend[Object.keys(backend)[0]];
}

(FLAVOUR === 'cdktn' ? describe : describe.skip)('cdktn package: targetVersions', () => {
  test("without targetVersions, cdktn's default applies: a field must exist from terraform 1.5.7 and opentofu 1.6.0", () => {
    // GIVEN no target key and no targetVersions WHEN an OpenTofu 1.11.5 field is set THEN every declared tool is named
    expect(() => new GcsBackend(stackWith(), { bucket: 'acme-b', universeDomain: 'universe.example.com' })).toThrow(
      [
        `invalid gcs backend (${DEFAULT_RANGES}) at producer/backend:`,
        '- universeDomain: got "universe.example.com", but terraform has no such setting; only opentofu 1.11.5 and later has it [field/availability]',
        '- universeDomain: got "universe.example.com", but opentofu 1.6.0 does not have it yet; it is first available in opentofu 1.11.5 [field/availability]',
      ].join('\n'),
    );
  });

  test('the lowest version of each declared range decides, and the error names the range', () => {
    const declared = { targetVersions: { terraform: '~1.9', opentofu: '>=1.6.0 <2.0.0' } };
    expect(() => new OssBackend(stackWith(declared), { bucket: 'acme-b', lockStoreInstanceName: 'acme' })).toThrow(
      [
        'invalid oss backend (targetVersions terraform "~1.9", opentofu ">=1.6.0 <2.0.0") at producer/backend:',
        '- lockStoreInstanceName: got "acme", but terraform 1.9.0 does not have it yet; it is first available in terraform 1.12.0 [field/availability]',
        '- lockStoreInstanceName: got "acme", but opentofu has no such setting; only terraform 1.12.0 and later has it [field/availability]',
      ].join('\n'),
    );
  });

  // Issue 18 item 1: a range is checked at every version inside it where the tables change
  // something, not only at its ends. terraform 1.11.4 validate refuses use_microsoft_graph
  // ("unexpected attribute", test/judges/terraform-validate.test.ts); it accepts "german" only before 1.11.0.
  test.each(['>=1.2.0 <1.12.0', '1.2.0 - 1.11.4', '~1.2 || ~1.11', '>=1.1.0 <1.15.0'])(
    'fails if a field or value some release inside terraform %p refuses is set, naming the first such release once',
    (range) => {
      const declared = { targetVersions: { terraform: range } };
      // GIVEN useGraphApi false, emitted as use_microsoft_graph, which terraform 1.3.0 removed
      // THEN it is refused at the first release inside the range that lacks it
      const first = range.startsWith('~1.2') ? '1.11.0' : '1.3.0';
      expect(() => new AzurermBackend(stackWith(declared), { ...AZURERM, useGraphApi: false })).toThrow(
        new RegExp(`\\n- useGraphApi: got false, but [^\\n]*; terraform ${first.replace(/\./g, '\\.')} cannot use [^\\n]* \\[field/availability\\]$`),
      );
      // GIVEN the legacy environment "german", which terraform 1.11.0 dropped
      // THEN it is refused for that release
      expect(() => new AzurermBackend(stackWith(declared), { ...AZURERM, environment: 'german' })).toThrow(/- environment: got "german", .* for terraform 1\.11\.0; .*\[azurerm\/environment\]/);
    },
  );

  test('a range below every change accepts what its releases accept', () => {
    // GIVEN a range that ends before terraform 1.3.0 removed use_microsoft_graph (it came in 1.1.0)
    const stack = stackWith({ targetVersions: { terraform: '>=1.1.0 <1.3.0' } });
    new AzurermBackend(stack, { ...AZURERM, useGraphApi: false });
    // THEN it is emitted
    expect(backendJson(stack).use_microsoft_graph).toBe(false);
  });

  test('a tool left out of targetVersions is not checked', () => {
    // GIVEN only OpenTofu 1.12 declared WHEN the OpenTofu-only field is set THEN it is emitted
    const stack = stackWith({ targetVersions: { opentofu: '^1.12.0' } });
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(backendJson(stack)).toEqual({ bucket: 'acme-b', universe_domain: 'universe.example.com' });
    expect(StateBackendTarget.of(stack).toString()).toBe('opentofu@1.12.0');
  });

  test('fails if a value the low end accepts is gone at a later release the range includes, naming the first', () => {
    expect(() => new AzurermBackend(stackWith({ targetVersions: { terraform: '>=1.5.7' } }), { ...AZURERM, environment: 'german' })).toThrow(
      [
        'invalid azurerm backend (targetVersions terraform ">=1.5.7") at producer/backend:',
        '- environment: got "german", expected one of "public", "usgovernment", "china", "global", "usgovernmentl4", "dod", "usgovernmentl5", ' +
          '"canary" for terraform 1.11.0; terraform 1.11.0 no longer accepts it [azurerm/environment]',
      ].join('\n'),
    );
  });

  test('warnings are recorded once each, for every declared tool and version they differ for', () => {
    const stack = stackWith();
    new OssBackend(stack, { bucket: 'acme-b', secretKey: '<SECRET_KEY>' });
    // Terraform reads the ALIBABA_CLOUD_* names from 1.12.0 on: 1.5.7 (the range's lowest) does not.
    expect(warningsOf(stack)).toEqual([
      'secretKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ALICLOUD_SECRET_KEY or ALICLOUD_ACCESS_KEY_SECRET in the environment of the terraform run instead [field/literal-secret]',
      'secretKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ALICLOUD_SECRET_KEY or ALIBABA_CLOUD_ACCESS_KEY_SECRET or ALICLOUD_ACCESS_KEY_SECRET in the environment of the terraform run instead [field/literal-secret]',
      'secretKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ALICLOUD_SECRET_KEY or ALICLOUD_ACCESS_KEY_SECRET in the environment of the opentofu run instead [field/literal-secret]',
    ]);
  });

  // Issue 28: every declared tool refuses this endpoint the same way; the error said it once per tool.
  test('fails once per text when every declared tool refuses a field the same way, with how to declare the tools', () => {
    let message = '';
    try {
      new GcsBackend(stackWith(), { bucket: 'acme-b', storeageCustomEndpoint: 'http://127.0.0.1:4443/storage/v1' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe([
      `invalid gcs backend (${DEFAULT_RANGES}) at producer/backend:`,
      '- storeageCustomEndpoint: got "http://127.0.0.1:4443/storage/v1", expected a url made of a protocol, a host and the path /storage/v1/ or ' +
        '/storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/" [gcs/custom-endpoint-form]',
      "checked for cdktn's default targetVersions, as the app declares none: if your runs use other tools or versions, declare them in targetVersions, " +
        `or set one target with StateBackendTarget (StateBackendTarget.terraform("1.11.4").applyTo(app)) or the context key ${KEY}`,
    ].join('\n'));
  });

  test('an error under declared targetVersions has no note', () => {
    expect(() => new GcsBackend(stackWith({ targetVersions: { terraform: '>=1.5.7' } }), { bucket: 'acme-b', storeageCustomEndpoint: 'x' }))
      .toThrow(/\[gcs\/custom-endpoint-form\]$/);
  });

  // Issue 28: the README's keys are the cdktf package's; an app moved from cdktf keeps its cdktf.json.
  test("the cdktf package's target key is honoured: it wins over targetVersions as this package's does", () => {
    const stack = stackWith({ 'cdktf-state-backends:target': 'opentofu@1.12.6' });
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(backendJson(stack).universe_domain).toBe('universe.example.com');
    expect(StateBackendTarget.of(stack).toString()).toBe('opentofu@1.12.6');
    // AND a malformed value is named by the key it was set under
    expect(() => new GcsBackend(stackWith({ 'cdktf-state-backends:target': 'tofu' }), { bucket: 'acme-b' })).toThrow(/^cdktf-state-backends:target: got "tofu", expected/);
  });

  test("the library's own target key wins over targetVersions", () => {
    const stack = stackWith({ targetVersions: { terraform: '>=1.5.7' }, [KEY]: 'opentofu@1.12.6' });
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(backendJson(stack).universe_domain).toBe('universe.example.com');
  });


  describe('target/versions', () => {
    test('fails if the declared tools read a field under different keys', () => {
      const declared = { targetVersions: { terraform: '>=1.11.2', opentofu: '>=1.12.0' } };
      expect(() => new AzurermBackend(stackWith(declared), { ...AZURERM, adoServiceConnectionId: '00000000-0000-0000-0000-000000000004' })).toThrow(
        [
          'invalid azurerm backend (targetVersions terraform ">=1.11.2", opentofu ">=1.12.0") at producer/backend:',
          '- adoServiceConnectionId: the declared tools read it under different keys (terraform 1.11.2: ado_pipeline_service_connection_id, ' +
            'opentofu 1.12.0: ado_service_connection_id), ' +
            `expected one key for every tool; declare fewer tools in targetVersions or set ${KEY} [target/versions]`,
        ].join('\n'),
      );
    });

    test('one declared tool gets its own spelling of that field', () => {
      const stack = stackWith({ targetVersions: { terraform: '>=1.11.2' } });
      new AzurermBackend(stack, { ...AZURERM, adoServiceConnectionId: '00000000-0000-0000-0000-000000000004' });
      expect(backendJson(stack).ado_pipeline_service_connection_id).toBe('00000000-0000-0000-0000-000000000004');
    });

    test('fails if a field is emitted at the low end of a range and left out at its high end', () => {
      // useGraphApi is emitted for terraform 1.1-1.2 only
      const declared = { targetVersions: { terraform: '>=1.2.0' } };
      expect(() => new AzurermBackend(stackWith(declared), { ...AZURERM, useGraphApi: true })).toThrow(
        [
          'invalid azurerm backend (targetVersions terraform ">=1.2.0") at producer/backend:',
          '- useGraphApi: the declared tools read it under different keys (terraform 1.2.0: use_microsoft_graph, terraform 1.3.0: left out), ' +
            `expected one key for every tool; declare fewer tools in targetVersions or set ${KEY} [target/versions]`,
        ].join('\n'),
      );
    });

    test('fails if a literal means one thing to terraform and another to opentofu 1.8+ (JSON templates), naming both', () => {
      // GIVEN both tools declared, and a prefix holding "%{" as text
      const stack = stackWith({ targetVersions: { terraform: '>=1.5.7', opentofu: '>=1.8.0' } });
      // THEN one block cannot say it to both: terraform reads it literally, opentofu as a template
      expect(() => new GcsBackend(stack, { bucket: 'acme-b', prefix: 'net%{work' })).toThrow(
        '- prefix: the declared tools read prefix differently (terraform 1.5.7: "net%{work", opentofu 1.8.0: "net%%{work"), expected one value for every tool; ' +
          'declare fewer tools in targetVersions or set cdktn-state-backends:target [target/versions]',
      );
      // AND without such text one block serves both
      new GcsBackend(stackWith({ targetVersions: { terraform: '>=1.5.7', opentofu: '>=1.8.0' } }), { bucket: 'acme-b', prefix: 'network' });
    });

    test('fails if targetVersions is not a set of npm semver ranges, naming each range', () => {
      const stack = stackWith({ targetVersions: { terraform: '~> 1.5', opentofu: '<1.6.0' } });
      expect(() => new GcsBackend(stack, { bucket: 'acme-b' })).toThrow(
        [
          'invalid targetVersions context at producer/backend:',
          '- targetVersions.terraform: got "~> 1.5", which is terraform\'s constraint syntax, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0" [target/versions]',
          '- targetVersions.opentofu: got "<1.6.0", which matches no opentofu release (the first is 1.6.0), expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0" [target/versions]',
        ].join('\n'),
      );
      expect(stack.node.tryFindChild('backend')).toBeUndefined();
    });
  });
});

(FLAVOUR === 'cdktn' ? describe : describe.skip)('cdktn package: pre-release bounds and tools not targeted', () => {
  test('fails if a pre-release lower bound admits a release that lacks the field', () => {
    // GIVEN ">1.11.1-rc1", which admits terraform 1.11.1 (npm sorts a release after its pre-releases)
    const stack = stackWith({ targetVersions: { terraform: '>1.11.1-rc1' } });
    // THEN lookupBlobEndpoint (terraform 1.11.2) is refused, as it is at target terraform@1.11.1
    expect(() => new AzurermBackend(stack, { ...AZURERM, lookupBlobEndpoint: true })).toThrow(
      '- lookupBlobEndpoint: got true, but terraform 1.11.1 does not have it yet; it is first available in terraform 1.11.2 [field/availability]',
    );
  });

  test('a tool whose range is "" is not targeted, as cdktn reads it', () => {
    // GIVEN terraform blanked out and opentofu declared
    const stack = stackWith({ targetVersions: { terraform: '', opentofu: '>=1.11.5' } });
    // THEN an OpenTofu-only field is accepted: terraform is not checked
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(backendJson(stack)).toEqual({ bucket: 'acme-b', universe_domain: 'universe.example.com' });
  });

  test('with every range "", the library\'s own target decides', () => {
    const stack = stackWith({ targetVersions: { terraform: '' }, [KEY]: 'opentofu@1.12.6' });
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(StateBackendTarget.of(stack).toString()).toBe('opentofu@1.12.6');
    expect(StateBackendTarget.of(stackWith({ targetVersions: { terraform: '' } })).toString()).toBe(`terraform@${DEFAULT_TARGET.version}`);
  });
});

(FLAVOUR === 'cdktf' ? describe : describe.skip)('cdktf package: targetVersions', () => {
  test('is ignored: the default target stays, and the error says how to set the target', () => {
    const stack = stackWith({ targetVersions: { opentofu: '>=1.12.0' } });
    // Issue 28: the header named the default target without saying it is one, while the run's terraform may be older.
    expect(() => new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' })).toThrow(
      `invalid gcs backend (target terraform@${DEFAULT_TARGET.version}) at producer/backend:\n` +
        '- universeDomain: got "universe.example.com", but terraform has no such setting; only opentofu 1.11.5 and later has it [field/availability]\n' +
        `checked for terraform ${DEFAULT_TARGET.version}, the default target: if your runs use an older terraform, or opentofu, set the target with ` +
        `StateBackendTarget (StateBackendTarget.terraform("1.11.4").applyTo(app)) or the context key ${KEY}`,
    );
  });

  test('an error for a target the app set has no note', () => {
    expect(() => new GcsBackend(stackWith({ [KEY]: `terraform@${DEFAULT_TARGET.version}` }), { bucket: 'acme-b', storeageCustomEndpoint: 'x' }))
      .toThrow(/\[gcs\/custom-endpoint-form\]$/);
  });

  // Issue 28: the cdktn package's README names cdktn-state-backends:target; honoured here too.
  test("the cdktn package's target key is honoured", () => {
    const stack = stackWith({ 'cdktn-state-backends:target': 'opentofu@1.12.6' });
    new GcsBackend(stack, { bucket: 'acme-b', universeDomain: 'universe.example.com' });
    expect(backendJson(stack).universe_domain).toBe('universe.example.com');
  });
});
