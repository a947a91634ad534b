/**
 * The real tool is the judge. Every field of every store, in every spelling, is synthesized for
 * the installed terraform's own version and checked with `terraform validate`:
 * - remote states as synthesized;
 * - backends with the block's attributes moved into a remote-state config (a nested block as a
 *   one-element list), since `config` is checked offline against the same schema;
 * - the HCL output, parsed by a real HCL parser (@cdktf/hcl2json) and fed in unchanged.
 */
import * as cdktf from 'cdktf';
import { TerraformStack } from 'cdktf';
import { expectedValue, parseHclBackend, parseHclRemoteStates } from './support/field-output';
import { FieldCase, STORES, appFor, fieldCases, propsFor, synthJson } from './support/stores';
import { Diagnostic, ValidateResult, backendToRemoteConfig, remoteStatesDocument, requireTerraform, validate } from './support/terraform';
import { isAvailable } from '../src/private/schema';
import { ParsedTarget } from '../src/private/target';

const binary = requireTerraform();
const suite = binary ? describe : describe.skip;

type Mode = 'json_backend' | 'json_remote' | 'hcl_backend' | 'hcl_remote';
const MODES: Mode[] = ['json_backend', 'json_remote', 'hcl_backend', 'hcl_remote'];

suite(`terraform ${binary ?? '(missing)'} accepts what we generate`, () => {
  const target: ParsedTarget = { tool: 'terraform', version: binary! };
  const accepts = (c: FieldCase) => isAvailable(c.field, target) && (!c.block || isAvailable(c.block, target));
  const checkable = fieldCases().filter(accepts);
  // The Microsoft Graph toggle is dropped with a warning rather than refused; azurerm tests cover it.
  const unavailable = fieldCases().filter((c) => !accepts(c) && !c.field.impliedWhereAbsent);
  let result: ValidateResult;
  const entries: Record<string, { backend: string; config: unknown }> = {};

  beforeAll(async () => {
    for (const c of checkable) {
      const app = appFor(target);
      const producer = new TerraformStack(app, 'producer');
      c.sut.backend(producer, propsFor(c));
      const consumer = new TerraformStack(app, 'consumer');
      c.sut.remoteState(consumer, 'rs', propsFor(c));
      const backend = c.sut.store.backend;
      entries[`${c.label}__json_backend`] = { backend, config: backendToRemoteConfig(synthJson(producer).terraform.backend[backend]) };
      entries[`${c.label}__json_remote`] = { backend, config: synthJson(consumer).data.terraform_remote_state.rs.config };
      // hcl2json gives a block as a list and an attribute as a value: exactly the config form.
      entries[`${c.label}__hcl_backend`] = { backend, config: await parseHclBackend(producer, backend) };
      entries[`${c.label}__hcl_remote`] = { backend, config: (await parseHclRemoteStates(consumer)).rs.config };
    }
    result = validate({ 'main.tf.json': remoteStatesDocument(entries) });
    // eslint-disable-next-line no-console
    console.log(
      `terraform ${binary}: ${Object.keys(entries).length} field configurations checked ` +
        `(${checkable.length} fields and spellings x ${MODES.length} forms), valid=${result.valid}, ` +
        `${result.diagnostics.length} diagnostics; ${unavailable.length} fields are not in terraform ${binary} and are refused instead`,
    );
  });

  const diagnosticsFor = (address: string): Diagnostic[] =>
    result.diagnostics.filter((d) => d.address === `data.terraform_remote_state.${address}`);
  const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error');

  test('the whole document is valid', () => {
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(entries).length).toBe(checkable.length * MODES.length);
  });

  test.each(checkable.flatMap((c) => MODES.map((m) => [`${c.label} (${m})`, `${c.label}__${m}`] as const)))(
    'terraform accepts %s',
    (_name, address) => {
      expect(entries[address]).toBeDefined();
      expect(errors(diagnosticsFor(address))).toEqual([]);
    },
  );

  // Terraform warns only about fields our table marks deprecated, so our own warning covers it.
  // (The table deprecates more: the OSS assume_role block, which Terraform stopped warning about.)
  test.each(checkable.flatMap((c) => MODES.map((m) => [`${c.label} (${m})`, c, `${c.label}__${m}`] as const)))(
    'a terraform warning about %s matches a deprecation in the field table',
    (_name, c, address) => {
      const warnings = diagnosticsFor(address).filter((d) => d.severity === 'warning');
      expect(warnings.length === 0 || !!c.field.deprecated?.terraform).toBe(true);
    },
  );

  test.each(unavailable.map((c) => [c.label, c] as const))('refused at synth for this terraform: %s', (_label, c) => {
    const app = appFor(target);
    const stack = new TerraformStack(app, 'producer');
    expect(() => c.sut.backend(stack, propsFor(c))).toThrow(new RegExp(`but terraform (has no such setting|${binary!.replace(/\./g, '\\.')} does not have it yet)`));
  });

  describe('the harness can fail: terraform rejects what cdktf got wrong', () => {
    test('cdktf GcsBackend emits storeage_custom_endpoint, which terraform rejects', () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.GcsBackend(stack, { bucket: 'b', storeageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b' });
      const attrs = synthJson(stack).terraform.backend.gcs;
      const r = validate({ 'main.tf.json': remoteStatesDocument({ gcs: { backend: 'gcs', config: attrs } }) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('storeage_custom_endpoint');
    });

    test('cdktf DataTerraformRemoteStateCos emits assume_role as an object, which terraform rejects', () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.DataTerraformRemoteStateCos(stack, 'rs', {
        bucket: 'tfstate-1250000000',
        region: 'ap-guangzhou',
        assumeRole: { roleArn: 'qcs::cam::uin/1:roleName/x', sessionName: 's', sessionDuration: 3600 },
      });
      const r = validate({ 'main.tf.json': cdktf.Testing.synth(stack) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('assume_role');
    });

    test('cdktf DataTerraformRemoteStateAzurerm emits use_microsoft_graph, which terraform 1.3+ rejects', () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.DataTerraformRemoteStateAzurerm(stack, 'rs', {
        storageAccountName: 'acct', containerName: 'c', key: 'k', useMicrosoftGraph: true,
      });
      const r = validate({ 'main.tf.json': cdktf.Testing.synth(stack) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('use_microsoft_graph');
    });
  });

  test.each(STORES.map((s) => [s.store.backend, s] as const))('%s: a realistic full config is accepted in all four forms', async (_name, sut) => {
    // GIVEN every field the binary's version accepts, minus those a rule keeps apart
    const props = fullConfig(sut.store.backend);
    const app = appFor(target);
    const producer = new TerraformStack(app, 'producer');
    sut.backend(producer, props);
    const consumer = new TerraformStack(app, 'consumer');
    sut.remoteState(consumer, 'rs', props);
    const name = sut.store.backend;
    const backendAttrs = synthJson(producer).terraform.backend[name];

    // WHEN terraform validates the four forms
    const r = validate({
      'main.tf.json': remoteStatesDocument({
        json_backend: { backend: name, config: backendToRemoteConfig(backendAttrs) },
        json_remote: { backend: name, config: synthJson(consumer).data.terraform_remote_state.rs.config },
        hcl_backend: { backend: name, config: await parseHclBackend(producer, name) },
        hcl_remote: { backend: name, config: (await parseHclRemoteStates(consumer)).rs.config },
      }),
    });

    // THEN all are accepted, and every field set is in the backend block
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const field of sut.store.fields.filter((f) => props[f.name] !== undefined)) {
      expect(Object.values(backendAttrs)).toContainEqual(expectedValue(field, props[field.name], target));
    }
  });

  /** The samples of every field available in the binary's version, keeping exclusive ones apart. */
  function fullConfig(backend: string): Record<string, any> {
    const sut = STORES.find((s) => s.store.backend === backend)!;
    const leaveOut: Record<string, string[]> = {
      gcs: ['kmsEncryptionKey', 'accessToken'],
      cos: [],
      oss: ['assumeRole'],
      azurerm: ['clientIdFilePath', 'clientSecretFilePath', 'oidcTokenFilePath', 'useGraphApi'],
    };
    const props: Record<string, any> = {};
    for (const f of sut.store.fields) {
      if (leaveOut[backend].includes(f.name) || !isAvailable(f, target)) continue;
      props[f.name] = f.type === 'block'
        ? Object.fromEntries(f.fields!.filter((m) => isAvailable(m, target)).map((m) => [m.name, sut.samples[`${f.name}.${m.name}`]]))
        : sut.samples[f.name];
    }
    return props;
  }
});
