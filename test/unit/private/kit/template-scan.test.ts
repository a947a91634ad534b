/**
 * What a backend template reads without evaluating it (src/private/kit/template-scan.ts): the
 * identity of a template the library does not fold (one value in every stack of one run, unless it
 * reads the stack's directory, files or a changing call), and the templates a remote state in
 * another stack evaluates alike. The run-time judge of these is test/runtime/address-oracle.test.ts.
 */
import { identityText, symbolsIn } from '../../../../src/private/kit/address-symbols';
import { StackScope } from '../../../../src/private/kit/backend-text';
import { opaqueText, portableTemplate, scanTemplate } from '../../../../src/private/kit/template-scan';

const scope = (variables: Record<string, { default?: string }> = {}, locals: Record<string, unknown> = {}, stack = 'network'): StackScope => ({
  stack,
  variable: (name) => variables[name],
  local: (name) => locals[name],
});
const identity = (source: string, s: StackScope = scope()) => identityText(opaqueText(source, s));
const unknown = (source: string, s: StackScope = scope()) => symbolsIn(opaqueText(source, s))[0].identity.startsWith('unknown#');

describe('scanTemplate', () => {
  test('reads the references and calls of the template parts, and drops their whitespace', () => {
    const scan = scanTemplate('net-${ substr( var.env , 0, 3 ) }/%{ if terraform.workspace == "x" }a%{ endif }')!;
    expect([...scan.references].sort()).toEqual(['terraform.workspace', 'var.env']);
    expect([...scan.calls]).toEqual(['substr']);
    expect(scan.normalised).toBe('net-${substr(var.env,0,3)}/%{if terraform.workspace=="x"}a%{endif}');
  });

  test('reads a template inside a string inside an interpolation, and leaves escapes as text', () => {
    const scan = scanTemplate('$${var.a}${lower("${local.b}")}')!;
    expect([...scan.references]).toEqual(['local.b']);
  });

  test('is undefined where an interpolation does not close', () => {
    expect(scanTemplate('${lower("a")')).toBeUndefined();
  });
});

describe('opaqueText', () => {
  test('gives one identity to one template in two stacks, spaced alike or not', () => {
    expect(identity('${substr("network", 0, 3)}')).toBe(identity('${substr("network",0,3)}', scope({}, {}, 'database')));
    expect(identity('${substr("network", 0, 3)}')).not.toBe(identity('${substr("network", 0, 4)}'));
  });

  test('carries the defaults of the variables and the values of the locals it reads', () => {
    expect(identity('${substr(var.env, 0, 3)}', scope({ env: { default: 'prod' } }))).toBe(identity('${substr(var.env, 0, 3)}', scope({ env: { default: 'prod' } })));
    expect(identity('${substr(var.env, 0, 3)}', scope({ env: { default: 'prod' } }))).not.toBe(identity('${substr(var.env, 0, 3)}', scope({ env: { default: 'dev' } })));
    expect(identity('${substr(local.n, 0, 3)}', scope({}, { n: 'network' }))).not.toBe(identity('${substr(local.n, 0, 3)}', scope({}, { n: 'database' })));
  });

  test.each([
    ['${abspath(path.module)}'],
    ['${substr(path.cwd, 0, 3)}'],
    ['${md5(file("x"))}'],
    ['${substr(timestamp(), 0, 4)}'],
    ['${substr(var.undeclared, 0, 3)}'],
    ['${substr(local.stamp, 0, 3)}'],
    ['${aws_s3_bucket.b.id}'],
    ['${[for x in ["a"] : x][0]}'],
  ])('is equal to no other for %j (each stack\'s directory, files, a changing call, or what it cannot read)', (source) => {
    expect(unknown(source, scope({}, { stamp: '${timestamp()}' }))).toBe(true);
  });
});

describe('portableTemplate', () => {
  test.each([
    ['${terraform.workspace}/net', true],
    ['net', true],
    ['${path.module}', true],
    ['${substr("network", 0, 3)}', true],
    ['%{ if true }net%{ endif }', true],
    ['${var.env}', false],
    ['${local.x}', false],
    ['${path.cwd}', false],
    ['${abspath("x")}', false],
    ['${TfToken[TOKEN.1]}', false],
  ])('%j reads alike in every stack of one run: %s', (source, alike) => {
    expect(portableTemplate(source)).toBe(alike);
  });
});
