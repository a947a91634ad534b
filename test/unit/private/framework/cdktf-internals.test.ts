/**
 * The pieces of the framework src/private/framework/cdktf-internals.ts reaches beyond its public API, run
 * against the installed framework (cdktf in one jest project, cdktn in the other). A failure here
 * means the framework changed underneath: re-check that file against the new version.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, GcsBackend, LocalBackend, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { resolve } from 'cdktf/lib/_tokens';
import { Construct } from 'constructs';
import { aroundAppSynth, backendName, deepMerge, extendStackHcl, onStackSynthesis, resolveIn, stackOverrides } from '../../../../src/private/framework/cdktf-internals';

describe('resolveIn (cdktf/lib/_tokens resolve)', () => {
  test('resolves references to variables and locals as synth writes them, and leaves literals alone', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    const variable = new TerraformVariable(stack, 'passphrase', { type: 'string' });
    const local = new TerraformLocal(stack, 'region', 'eu');
    expect(resolveIn(stack, { a: variable.stringValue, b: local.asString, c: ['x', 1, true] })).toEqual({
      a: '${var.passphrase}',
      b: '${local.region}',
      c: ['x', 1, true],
    });
  });

  test('gives a literal block back as it is, and resolves every kind of token as resolve does (the fast path for literals)', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    const literal = { bucket: 'acme', prefix: 'net/work', n: 3, e: 'free text', list: ['a', 2], nested: { on: false, none: null } };
    expect(resolveIn(stack, literal)).toBe(literal);
    // GIVEN each form a token takes: a string, a number alone and inside a string, a list, a map, a
    // resolvable object, and an undefined value (dropped)
    const v = new TerraformVariable(stack, 'n', { type: 'number' });
    const l = new TerraformVariable(stack, 'l', { type: 'list(string)' });
    const m = new TerraformVariable(stack, 'm', { type: 'map(string)' });
    const tokens = {
      s: v.stringValue, n: v.numberValue, inside: `x-${v.numberValue}`, list: l.listValue, map: m.value, resolvable: { k: Token.asAny(v.value) }, gone: undefined, listItem: [v.numberValue],
    };
    // THEN the result is resolve's own
    expect(resolveIn(stack, tokens)).toEqual(resolve(stack, tokens));
    // (a number token inside a string stays as resolve leaves it)
    expect(resolveIn(stack, tokens)).toEqual({
      s: '${var.n}', n: '${var.n}', inside: resolve(stack, tokens.inside), list: '${var.l}', map: '${var.m}', resolvable: { k: '${var.n}' }, listItem: ['${var.n}'],
    });
  });
});

describe('deepMerge (cdktf/lib/util deepMerge, as addOverride merges)', () => {
  test('merges nested objects, appends lists, and deletes a key set to undefined', () => {
    expect(deepMerge({ a: { b: 1, c: [1] }, k: 1 }, { a: { d: 2, c: [2] }, k: undefined })).toEqual({ a: { b: 1, c: [1, 2], d: 2 } });
  });

  test('keeps null, which the tool reads as unset', () => {
    expect(deepMerge({ a: { b: 1 } }, { a: { b: null } })).toEqual({ a: { b: null } });
  });
});

describe('extendStackHcl (a wrapper around the stack\'s toHclTerraform)', () => {
  const block = 'terraform {\n  encryption {\n  }\n}';

  test('the stack renders HCL as { hcl, metadata } through toHclTerraform', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    new TerraformLocal(stack, 'x', 1);
    const rendered = stack.toHclTerraform() as { hcl: unknown; metadata: unknown };
    expect(typeof rendered.hcl).toBe('string');
    expect(rendered.metadata).toBeDefined();
  });

  test('appends the extra blocks to the synthesized HCL once, however often it is applied', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    new TerraformLocal(stack, 'x', 1);
    extendStackHcl(stack, () => [block]);
    extendStackHcl(stack, () => [block]);
    const hcl = Testing.synthHcl(stack);
    expect(hcl).toContain('locals {');
    expect(hcl.split('encryption {').length - 1).toBe(1);
  });

  test('leaves the output unchanged when there is nothing to add', () => {
    const plain = new TerraformStack(Testing.app(), 'stack');
    new TerraformLocal(plain, 'x', 1);
    const extended = new TerraformStack(Testing.app(), 'stack');
    new TerraformLocal(extended, 'x', 1);
    extendStackHcl(extended, () => []);
    expect(Testing.synthHcl(extended)).toBe(Testing.synthHcl(plain));
  });
});

describe('backendName (TerraformBackend\'s protected name)', () => {
  test('is the backend type the element renders, for the framework\'s own backends', () => {
    // GIVEN two of the framework's backends
    const gcs = new GcsBackend(new TerraformStack(Testing.app(), 'a'), { bucket: 'b' });
    const local = new LocalBackend(new TerraformStack(Testing.app(), 'b'), {});

    // THEN the name is the key of the block each renders
    expect(backendName(gcs)).toBe(Object.keys(gcs.toTerraform().terraform.backend)[0]);
    expect(backendName(local)).toBe('local');
  });
});

describe('stackOverrides (TerraformStack\'s private rawOverrides)', () => {
  test('holds what stack.addOverride put into the stack\'s block, as synth merges it', () => {
    // GIVEN a stack with an override of its terraform block
    const stack = new TerraformStack(Testing.app(), 'stack');
    new TerraformLocal(stack, 'x', 1);
    stack.addOverride('terraform.backend.s3.bucket', 'b');

    // THEN it is there, and the synthesized JSON has it
    expect(stackOverrides(stack)).toEqual({ terraform: { backend: { s3: { bucket: 'b' } } } });
    expect(JSON.parse(Testing.synth(stack)).terraform.backend.s3.bucket).toBe('b');
  });

  test('is empty for a stack without overrides', () => {
    expect(stackOverrides(new TerraformStack(Testing.app(), 'stack'))).toEqual({});
  });
});

describe('onStackSynthesis (cdktf/lib/synthesize/synthesizer addCustomSynthesis)', () => {
  test('runs once per synth with the directory of the construct\'s stack', () => {
    // GIVEN an app in a fresh directory and a construct of one of its stacks
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-'));
    const app = new App({ outdir });
    const stack = new TerraformStack(app, 'network');
    new TerraformLocal(stack, 'x', 1);
    const seen: string[] = [];
    onStackSynthesis(new Construct(stack, 'c'), (dir) => seen.push(dir));

    // WHEN the app synthesizes
    app.synth();

    // THEN the callback got the directory where the stack's cdk.tf.json is
    expect(seen).toHaveLength(1);
    expect(fs.existsSync(path.join(seen[0], 'cdk.tf.json'))).toBe(true);
    expect(path.relative(outdir, seen[0])).toBe(path.join('stacks', 'network'));
  });
});

describe('aroundAppSynth', () => {
  test('runs start before cdktf\'s synth, written once it returned, last after; never for Testing.synth', () => {
    // GIVEN two stacks, the second reading the first (its remote state is made when the synth prepares the stacks)
    const app = Testing.app();
    const network = new TerraformStack(app, 'network');
    const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    const seen: string[] = [];
    const written = () => fs.existsSync(path.join(app.outdir, 'stacks', 'network', 'cdk.tf.json'));
    const remoteState = () => consumer.node.tryFindChild('cross-stack-reference-input-network') !== undefined;
    aroundAppSynth(network, {
      start: () => seen.push(`start: written ${written()}, remote state ${remoteState()}`),
      written: () => seen.push(`written: written ${written()}, remote state ${remoteState()}`),
      last: () => seen.push('last'),
    });
    // WHEN a test synthesizes a stack THEN nothing runs
    Testing.synth(consumer);
    expect(seen).toEqual([]);
    // WHEN the app is synthesized THEN start ran before cdktf prepared anything, written once all was written, then last
    app.synth();
    expect(seen).toEqual(['start: written false, remote state false', 'written: written true, remote state true', 'last']);
  });

  test('runs last, and not written, when the synth throws; the synth\'s error is the one thrown', () => {
    // GIVEN a stack whose validation fails
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    stack.node.addValidation({ validate: () => ['broken'] });
    const seen: string[] = [];
    aroundAppSynth(app, { written: () => seen.push('written'), last: () => seen.push('last') });
    // WHEN it is synthesized THEN cdktf's error comes through, after last ran
    expect(() => app.synth()).toThrow(/broken/);
    expect(seen).toEqual(['last']);
  });

  test('a hook that throws neither fails the synth nor stops the other hooks', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    const seen: string[] = [];
    aroundAppSynth(app, { written: () => { throw new Error('hook'); }, last: () => { throw new Error('hook'); } });
    aroundAppSynth(app, { written: () => seen.push('written'), last: () => seen.push('last') });
    app.synth();
    expect(seen).toEqual(['written', 'last']);
  });
});

test('aroundAppSynth runs when synth is called through the class prototype, as the jsii kernel calls it for Java, Python and Go', () => {
  const app = Testing.app();
  new TerraformStack(app, 'network');
  const seen: string[] = [];
  aroundAppSynth(app, { start: () => seen.push('start') });
  // (@jsii/kernel _findInvokeTarget: instance.constructor.prototype[method])
  (app.constructor as any).prototype.synth.call(app);
  expect(seen).toEqual(['start']);
});
