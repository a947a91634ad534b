/**
 * Acknowledging warnings and strict mode: an acknowledgement on the construct or a scope above it
 * removes that warning only and is recorded in manifest.json; strict mode turns the warnings that
 * are left into synth errors naming their ids.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformLocal, TerraformOutput, TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { AzurermBackend, AzurermBackendConfig, EncryptionKeyProvider, EncryptionMethod, StateBackendTarget, StateBackendWarnings, StateEncryption } from '../../src';
import { otherFlavourKey } from '../../src/private/target/flavour';
import { warningsOf } from '../support/annotations';
import { appFor } from '../support/stores';

const TARGET = { tool: 'terraform' as const, version: '1.11.4' };
const AZ = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.terraform.tfstate', resourceGroupName: 'rg-tfstate' };
/** Two warnings: the url partner comes from the environment, and the token is a literal secret. */
const TWO_WARNINGS: AzurermBackendConfig = { ...AZ, useOidc: true, oidcRequestToken: 'placeholder' };
/** One warning: the token partner comes from the environment. */
const ONE_WARNING: AzurermBackendConfig = { ...AZ, useOidc: true, oidcRequestUrl: 'https://pipelines.actions.githubusercontent.com/token' };
const REASON = 'GitHub Actions sets ACTIONS_ID_TOKEN_REQUEST_URL';

const idsOf = (warnings: string[]) => warnings.map((w) => /\[([^\]]+)\]$/.exec(w)?.[1]).sort();

function producer(app: App = appFor(TARGET)): TerraformStack {
  return new TerraformStack(app, 'producer');
}

/** The annotations written to manifest.json for the stack `producer`. */
function manifestAnnotations(app: App): Array<{ constructPath: string; level: string; message: string }> {
  app.synth();
  const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
  return manifest.stacks.producer.annotations;
}

describe('acknowledge', () => {
  test('without acknowledgement both warnings are shown, each ending with its id', () => {
    const stack = producer();
    new AzurermBackend(stack, TWO_WARNINGS);
    expect(idsOf(warningsOf(stack))).toEqual(['azurerm/oidc-request-pair', 'field/literal-secret']);
  });

  test('on the construct, after creation, removes that warning only', () => {
    const stack = producer();
    const backend = new AzurermBackend(stack, TWO_WARNINGS);
    StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-pair', REASON);
    expect(idsOf(warningsOf(stack))).toEqual(['field/literal-secret']);
  });

  test('on the stack, covers the backend below it', () => {
    const stack = producer();
    new AzurermBackend(stack, TWO_WARNINGS);
    StateBackendWarnings.acknowledge(stack, 'field/literal-secret', 'a placeholder replaced at deploy time');
    expect(idsOf(warningsOf(stack))).toEqual(['azurerm/oidc-request-pair']);
  });

  test('on the app, covers every stack, before or after the constructs are created', () => {
    const app = appFor(TARGET);
    StateBackendWarnings.acknowledge(app, 'azurerm/oidc-request-pair', REASON);
    const first = new TerraformStack(app, 'first');
    new AzurermBackend(first, TWO_WARNINGS);
    const second = new TerraformStack(app, 'second');
    new AzurermBackend(new Construct(second, 'nested'), { ...TWO_WARNINGS, key: 'second.tfstate' });
    expect(idsOf(warningsOf(first))).toEqual(['field/literal-secret']);
    expect(idsOf(warningsOf(second))).toEqual(['field/literal-secret']);
  });

  test('on a sibling does not cover the backend', () => {
    const stack = producer();
    new AzurermBackend(stack, ONE_WARNING);
    StateBackendWarnings.acknowledge(new Construct(stack, 'sibling'), 'azurerm/oidc-request-url-pair', REASON);
    expect(idsOf(warningsOf(stack))).toEqual(['azurerm/oidc-request-url-pair']);
  });

  test('another id leaves the warning in place', () => {
    const stack = producer();
    new AzurermBackend(stack, ONE_WARNING);
    StateBackendWarnings.acknowledge(stack, 'azurerm/oidc-request-pair', REASON);
    expect(idsOf(warningsOf(stack))).toEqual(['azurerm/oidc-request-url-pair']);
  });

  test('is recorded in manifest.json as an info annotation, beside the warnings left', () => {
    const app = appFor(TARGET);
    const stack = producer(app);
    const backend = new AzurermBackend(stack, TWO_WARNINGS);
    StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-pair', REASON);
    const annotations = manifestAnnotations(app);
    expect(annotations).toContainEqual(expect.objectContaining({
      constructPath: 'producer/backend',
      level: '@cdktf/info',
      message: `acknowledged warning azurerm/oidc-request-pair: ${REASON}`,
    }));
    const warnings = annotations.filter((a) => a.level === '@cdktf/warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/ \[field\/literal-secret\]$/);
  });

  test('on the app, is recorded in manifest.json on the construct whose warning it waived', () => {
    // GIVEN an acknowledgement on the app, which has no place of its own in manifest.json
    const app = appFor(TARGET);
    StateBackendWarnings.acknowledge(app, 'azurerm/oidc-request-pair', REASON);
    new AzurermBackend(producer(app), TWO_WARNINGS);
    // WHEN the app is synthesized (twice: recorded once)
    app.synth();
    const annotations = manifestAnnotations(app);
    // THEN the backend carries the record, naming where it was given and why
    expect(annotations.filter((a) => a.level === '@cdktf/info')).toEqual([expect.objectContaining({
      constructPath: 'producer/backend',
      message: `acknowledged warning azurerm/oidc-request-pair on the app: ${REASON}`,
    })]);
  });

  test('refuses an unknown id, listing the known ones', () => {
    const stack = producer();
    const backend = new AzurermBackend(stack, ONE_WARNING);
    expect(() => StateBackendWarnings.acknowledge(backend, 'azurerm/no-such-warning', REASON)).toThrow(
      /^acknowledge: got "azurerm\/no-such-warning", expected the id of one of this library's warnings: .*azurerm\/oidc-request-url-pair/,
    );
  });

  test('refuses an error rule id: only warnings can be acknowledged', () => {
    const backend = new AzurermBackend(producer(), ONE_WARNING);
    expect(() => StateBackendWarnings.acknowledge(backend, 'azurerm/timeout-seconds', REASON)).toThrow(/expected the id of one of this library's warnings/);
  });

  test.each([[''], ['   ']])('refuses an empty reason (%j)', (reason) => {
    const backend = new AzurermBackend(producer(), ONE_WARNING);
    expect(() => StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-url-pair', reason)).toThrow(
      'acknowledge: got no reason for azurerm/oidc-request-url-pair, expected a sentence saying why the warning does not apply',
    );
  });
});

describe('strict mode', () => {
  test('StateBackendWarnings.strict(app) makes app.synth() fail, naming the id and the context key', () => {
    const app = appFor(TARGET);
    StateBackendWarnings.strict(app);
    new AzurermBackend(producer(app), ONE_WARNING);
    expect(() => app.synth()).toThrow(`[azurerm/oidc-request-url-pair] (${StateBackendWarnings.STRICT_CONTEXT_KEY} is on: acknowledge the warning with a reason, or fix it)`);
  });

  test('the context key makes Testing.synth(stack, true) fail', () => {
    const app = Testing.app({ context: { [StateBackendWarnings.STRICT_CONTEXT_KEY]: true } });
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => Testing.synth(stack, true)).toThrow(/azurerm\/oidc-request-url-pair/);
  });

  test('the context key as the string "true" (from cdktf.json or -c) counts too', () => {
    const app = Testing.app({ context: { [StateBackendWarnings.STRICT_CONTEXT_KEY]: 'true' } });
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => Testing.synth(stack, true)).toThrow(/azurerm\/oidc-request-url-pair/);
  });

  test('an acknowledged warning does not fail the synth', () => {
    const app = appFor(TARGET);
    StateBackendWarnings.strict(app);
    const stack = producer(app);
    const backend = new AzurermBackend(stack, ONE_WARNING);
    StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-url-pair', REASON);
    expect(() => app.synth()).not.toThrow();
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });

  test('names every unacknowledged id, and only those', () => {
    const app = appFor(TARGET);
    StateBackendWarnings.strict(app);
    const stack = producer(app);
    const backend = new AzurermBackend(stack, TWO_WARNINGS);
    StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-pair', REASON);
    let message = '';
    try {
      Testing.synth(stack, true);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('[field/literal-secret]');
    expect(message).not.toContain('[azurerm/oidc-request-pair]');
  });

  test('a second strict synth fails again', () => {
    const app = appFor(TARGET);
    StateBackendWarnings.strict(app);
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => Testing.synth(stack, true)).toThrow(/azurerm\/oidc-request-url-pair/);
    expect(() => Testing.synth(stack, true)).toThrow(/azurerm\/oidc-request-url-pair/);
  });

  test('a second strict app.synth() fails again on a warning found at synth (a cross-stack consumer of encrypted state)', () => {
    // GIVEN strict mode and a warning that is only found while the app is synthesized
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'strict-twice-')) });
    StateBackendTarget.opentofu('1.12.6').applyTo(app);
    StateBackendWarnings.strict(app);
    const stack = new TerraformStack(app, 'producer');
    const key = EncryptionKeyProvider.pbkdf2('main', { passphrase: 'correct-horse-battery-staple' });
    new StateEncryption(stack, { state: { method: EncryptionMethod.aesGcm('main', { keys: key }) } });
    const value = new TerraformLocal(stack, 'vpc', 'vpc-1');
    new TerraformOutput(new TerraformStack(app, 'consumer'), 'vpc', { value: value.asString });
    // THEN every synth fails, not only the first
    expect(() => app.synth()).toThrow(/\[encryption\/cross-stack-consumer\]/);
    expect(() => app.synth()).toThrow(/\[encryption\/cross-stack-consumer\]/);
  });

  // Issue 28: the README's keys are the cdktf package's; an app moved between the packages keeps its cdktf.json.
  test("the other package's strict key is honoured, and the error names the key that was set", () => {
    // GIVEN strict mode under the other package's name (cdktn-state-backends:strict in cdktf-state-backends, and the reverse)
    const other = otherFlavourKey(StateBackendWarnings.STRICT_CONTEXT_KEY);
    expect(other).not.toBe(StateBackendWarnings.STRICT_CONTEXT_KEY);
    const app = appFor(TARGET);
    app.node.setContext(other, true);
    new AzurermBackend(producer(app), ONE_WARNING);
    // THEN the synth fails as with this package's key
    expect(() => app.synth()).toThrow(`[azurerm/oidc-request-url-pair] (${other} is on: acknowledge the warning with a reason, or fix it)`);
  });

  test('fails if both packages\' strict keys are set to different values, naming both', () => {
    const own = StateBackendWarnings.STRICT_CONTEXT_KEY;
    const app = Testing.app({ context: { [own]: false, [otherFlavourKey(own)]: true } });
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => Testing.synth(stack, true)).toThrow(
      `context keys ${own} and ${otherFlavourKey(own)} are both set, to false and true; expected one of them (${own} is this package's name for it)`,
    );
  });

  test('reads true and "true" under the two packages\' keys as one value', () => {
    const own = StateBackendWarnings.STRICT_CONTEXT_KEY;
    const app = Testing.app({ context: { [own]: true, [otherFlavourKey(own)]: 'true' } });
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => Testing.synth(stack, true)).toThrow(`[azurerm/oidc-request-url-pair] (${own} is on: acknowledge the warning with a reason, or fix it)`);
  });

  test('without strict mode the same config synthesizes, with the warning shown', () => {
    const app = appFor(TARGET);
    const stack = producer(app);
    new AzurermBackend(stack, ONE_WARNING);
    expect(() => app.synth()).not.toThrow();
    expect(idsOf(warningsOf(stack))).toEqual(['azurerm/oidc-request-url-pair']);
  });
});

describe('ids', () => {
  const fields = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'FIELDS.md'), 'utf8');

  test.each(StateBackendWarnings.ids().map((id) => [id]))('%s is listed in docs/FIELDS.md', (id) => {
    expect(fields).toContain(id);
  });

  test('ids are unique and shaped area/name', () => {
    const ids = StateBackendWarnings.ids();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
  });
});
