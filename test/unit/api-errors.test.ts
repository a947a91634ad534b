/**
 * The errors of the library's calls (not of a store's config): each is a StateBackendError whose
 * message ends with its rule id, as every user-facing error of the library does
 * (src/private/errors/errors.ts; an eslint rule forbids a bare `new Error(` in src/).
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, Testing } from 'cdktf';
import { GcsBackend, StateBackendError, StateBackendErrors, StateBackendTarget, StateBackendValue, StateBackendWarnings } from '../../src';
import { otherFlavourKey } from '../../src/private/target/flavour';

/** What `call` throws: the library's error, with the rule ids it names. */
function thrown(call: () => unknown): StateBackendError {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(StateBackendError);
    return e as StateBackendError;
  }
  throw new Error('expected the call to throw');
}

describe('StateBackendError, the public error', () => {
  test('a refusal is a StateBackendError (an Error) whose ruleIds are the ids its lines end with', () => {
    // GIVEN a backend refused for two reasons
    const app = Testing.app({ context: { [StateBackendTarget.CONTEXT_KEY]: 'terraform@1.11.4' } });
    const e = thrown(() => new GcsBackend(new TerraformStack(app, 's'), { bucket: 'b', prefix: 42 as any, universeDomain: 'u' }));
    // THEN TypeScript code tells it from other errors, and reads the same ids as any language does from the message
    expect(e).toBeInstanceOf(Error);
    expect(e.ruleIds).toEqual(['field/type', 'field/availability']);
    expect(StateBackendErrors.ruleIdsOf(e.message)).toEqual(e.ruleIds);
  });

  test('ruleIdsOf reads ids at line ends, also under cdktf\'s "Resolution error" wrapper, and none from other messages', () => {
    expect(StateBackendErrors.ruleIdsOf('Resolution error: invalid gcs remote state at c/r:\n- prefix: got 1, expected a string [field/type].\nObject creation stack:'))
      .toEqual(['field/type']);
    expect(StateBackendErrors.ruleIdsOf('Cannot read properties of null [x]')).toEqual([]);
    expect(StateBackendErrors.ruleIdsOf(undefined as any)).toEqual([]);
  });
});

describe('target/format', () => {
  test('fails if the target is not tool@x.y.z, naming the rule', () => {
    // GIVEN a target with no version WHEN it is read THEN the error names the format and the rule
    const e = thrown(() => StateBackendTarget.parse('terraform'));
    expect(e.message).toMatch(/expected "terraform@<x\.y\.z>" or "opentofu@<x\.y\.z>".* \[target\/format\]$/);
    expect(e.ruleIds).toEqual(['target/format']);
  });

  test('fails if the context key holds a release older than the tool\'s first', () => {
    const app = Testing.app({ context: { [StateBackendTarget.CONTEXT_KEY]: 'opentofu@1.5.0' } });
    const e = thrown(() => new GcsBackend(new TerraformStack(app, 's'), { bucket: 'b' }));
    expect(e.message).toMatch(/the oldest opentofu release this library knows is 1\.6\.0 \[target\/format\]$/);
  });

  test('accepts tool@x.y.z', () => {
    expect(StateBackendTarget.parse('opentofu@1.12.6').version).toBe('1.12.6');
  });
});

describe('target/apply-first', () => {
  test('fails if applied after constructs were added, naming them and the rule', () => {
    // GIVEN an app with a stack WHEN the target is applied to it THEN the error says to apply it first
    const app = Testing.app();
    new TerraformStack(app, 'network');
    const e = thrown(() => StateBackendTarget.terraform('1.11.4').applyTo(app));
    expect(e.message).toBe('applyTo at <root>: found children ("network") under it, expected to be called before anything is added: ' +
      'constructs cannot change a scope\'s context once it has children [target/apply-first]');
  });

  test('accepts a scope without children, whose stacks then read the target', () => {
    const app = Testing.app();
    StateBackendTarget.opentofu('1.12.6').applyTo(app);
    expect(app.node.tryGetContext(StateBackendTarget.CONTEXT_KEY)).toBe('opentofu@1.12.6');
  });
});

describe('target/context-keys', () => {
  test('fails if both packages\' target keys are set to different values', () => {
    // GIVEN an app that sets the target under this package's key and the other package's
    const app = Testing.app({ context: { [StateBackendTarget.CONTEXT_KEY]: 'terraform@1.11.4', [otherFlavourKey(StateBackendTarget.CONTEXT_KEY)]: 'opentofu@1.12.6' } });
    // WHEN a backend reads it THEN the error names both keys and the rule
    const e = thrown(() => new GcsBackend(new TerraformStack(app, 's'), { bucket: 'b' }));
    expect(e.message).toContain(`context keys ${StateBackendTarget.CONTEXT_KEY} and ${otherFlavourKey(StateBackendTarget.CONTEXT_KEY)} are both set`);
    expect(e.ruleIds).toEqual(['target/context-keys']);
  });

  test('accepts both keys holding one value', () => {
    const app = Testing.app({ context: { [StateBackendTarget.CONTEXT_KEY]: 'terraform@1.11.4', [otherFlavourKey(StateBackendTarget.CONTEXT_KEY)]: 'terraform@1.11.4' } });
    expect(() => new GcsBackend(new TerraformStack(app, 's'), { bucket: 'b' })).not.toThrow();
  });
});

describe('warnings/acknowledge', () => {
  test('fails if the id is not one of the library\'s warnings, or the reason is empty', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    expect(thrown(() => StateBackendWarnings.acknowledge(stack, 'gcs/no-such-warning', 'why')).ruleIds).toEqual(['warnings/acknowledge']);
    expect(thrown(() => StateBackendWarnings.acknowledge(stack, 'field/literal-secret', ' ')).message)
      .toBe('acknowledge: got no reason for field/literal-secret, expected a sentence saying why the warning does not apply [warnings/acknowledge]');
  });

  test('accepts a warning id and a reason', () => {
    expect(() => StateBackendWarnings.acknowledge(new TerraformStack(Testing.app(), 's'), 'field/literal-secret', 'a test key')).not.toThrow();
  });
});

describe('stack/for-each-stack', () => {
  test('fails if no stack without a backend is under the scope', () => {
    // GIVEN an app whose stacks are not added yet
    const app = new App({ outdir: Testing.app().outdir });
    // WHEN forEachStack runs THEN it says it came too early, naming the rule
    expect(thrown(() => GcsBackend.forEachStack(app, { bucket: 'b' })).message)
      .toBe('GcsBackend.forEachStack at <root>: found no stack under it, expected to be called after the stacks are added [stack/for-each-stack]');
  });

  test('accepts a scope with a stack, and gives it its backend', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    expect(GcsBackend.forEachStack(app, { bucket: 'b' })).toHaveLength(1);
  });

  test('gives no stack a backend when one stack\'s is refused, so a retry reaches every stack', () => {
    // GIVEN two stacks, the second targeting a Terraform release without universe_domain
    const app = new App({ outdir: Testing.app().outdir });
    new TerraformStack(app, 'a').node.setContext(StateBackendTarget.CONTEXT_KEY, 'opentofu@1.12.6');
    new TerraformStack(app, 'b').node.setContext(StateBackendTarget.CONTEXT_KEY, 'terraform@1.11.4');
    // WHEN forEachStack is refused for b, and retried without the field
    expect(() => GcsBackend.forEachStack(app, { bucket: 'acme', universeDomain: 'example.com' })).toThrow(/b\/backend[\s\S]*\[field\/availability\]/);
    const retried = GcsBackend.forEachStack(app, { bucket: 'acme' });
    // THEN both stacks get the retried config, and the synth writes one backend each, without universe_domain
    expect(retried.map((b) => b.node.path)).toEqual(['a/backend', 'b/backend']);
    app.synth();
    const stackJson = (id: string) => JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', id, 'cdk.tf.json'), 'utf8'));
    expect(['a', 'b'].map((id) => stackJson(id).terraform.backend.gcs)).toEqual([{ bucket: 'acme', prefix: 'a' }, { bucket: 'acme', prefix: 'b' }]);
    expect(JSON.parse(fs.readFileSync(path.join(app.outdir, 'state-map.json'), 'utf8')).stacks.map((s: { stack: string }) => s.stack)).toEqual(['a', 'b']);
  });
});

describe('forEachStack and fromInit() (field/from-init-misplaced)', () => {
  test('fails if fromInit() is the value forEachStack joins with each stack\'s path', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    expect(thrown(() => GcsBackend.forEachStack(app, { bucket: 'b', prefix: StateBackendValue.fromInit() })).ruleIds).toEqual(['field/from-init-misplaced']);
  });

  test('accepts fromInit() on a field of a backend block', () => {
    expect(() => new GcsBackend(new TerraformStack(Testing.app(), 's'), { bucket: StateBackendValue.fromInit() })).not.toThrow();
  });
});

test('an error without a rule id is the library\'s own bug, refused when it is made', () => {
  expect(() => new StateBackendError('something went wrong')).toThrow('an error names no rule id: something went wrong');
  expect(new StateBackendError('a\n- b [gcs/x]\n- c [gcs/y]').ruleIds).toEqual(['gcs/x', 'gcs/y']);
});
