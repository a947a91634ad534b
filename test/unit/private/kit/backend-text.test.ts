/**
 * How the tools read a backend string (src/private/kit/backend-text.ts): literally for Terraform and
 * OpenTofu before 1.8, evaluated at init by OpenTofu 1.8+ (constants folded, the run's values kept
 * as symbols). The run-time judge of these readings is test/runtime/address-oracle.test.ts.
 */
import { displayText, identityText } from '../../../../src/private/kit/address-symbols';
import { StackScope, evaluatedText, literalText } from '../../../../src/private/kit/backend-text';

const scope = (variables: Record<string, { default?: string }> = {}, locals: Record<string, unknown> = {}, stack = 'network'): StackScope => ({
  stack,
  variable: (name) => variables[name],
  local: (name) => locals[name],
});

describe('OpenTofu 1.8+: a template evaluated at init', () => {
  test.each([
    ['net', 'net'],
    ['$${var.env}/%%{x}', '${var.env}/%{x}'],
    ['${lower("NET")}', 'net'],
    ['${upper("a")}-${trimspace("  b ")}', 'A-b'],
    ['${path.module}/net', './net'],
    ['${path.root}', '.'],
    ['${format("%s-%s", "a", "b")}', 'a-b'],
    ['${join("/", ["a", "b"])}', 'a/b'],
    ['${replace("a.b", ".", "/")}', 'a/b'],
    ['${trimprefix("env/net", "env/")}', 'net'],
    ['${trimsuffix("net/", "/")}', 'net'],
    ['${trim("//net//", "/")}', 'net'],
    ['${coalesce("", "net")}', 'net'],
    ['${nonsensitive("x")}', 'x'],
    ['${true ? "a" : "b"}', 'a'],
    ['${"a${"b"}"}', 'ab'],
    ['caf\u0065\u0301', 'caf\u00e9'],
  ])('folds %j to %j', (source, text) => {
    expect(evaluatedText(source, scope())).toBe(text);
  });

  test('keeps a variable as a symbol of its name: one value in one run, whatever each stack\'s default', () => {
    // GIVEN two stacks declaring var.env with other defaults
    const a = evaluatedText('${var.env}/net', scope({ env: {} }))!;
    const b = evaluatedText('${var.env}/net', scope({ env: { default: 'dev' } }, {}, 'database'))!;
    // THEN both read the run's value (state-objects.ts tries each default too); each shows as written
    expect(identityText(a)).toBe(identityText(b));
    expect(displayText(a)).toBe('${var.env}/net');
  });

  test('reads a local through its expression', () => {
    const s = scope({ env: {} }, { name: '${var.env}-net', upper: '${upper("x")}' });
    expect(displayText(evaluatedText('${local.name}', s)!)).toBe('${var.env}-net');
    expect(evaluatedText('${local.upper}', s)).toBe('X');
  });

  test('keeps terraform.workspace as one symbol in every stack, and path.cwd as each stack\'s own', () => {
    const ws = (stack: string) => identityText(evaluatedText('${terraform.workspace}/net', scope({}, {}, stack))!);
    const cwd = (stack: string) => identityText(evaluatedText('${path.cwd}', scope({}, {}, stack))!);
    expect(ws('network')).toBe(ws('database'));
    expect(cwd('network')).not.toBe(cwd('database'));
  });

  test('a function of a variable is a symbol of its own, shown as written', () => {
    const text = evaluatedText('${lower(var.env)}', scope({ env: {} }))!;
    expect(displayText(text)).toBe('${lower(var.env)}');
  });

  test('a function of a variable is one value in two stacks only where the variable has one default (the value of a run that gives none)', () => {
    const of = (d: string | undefined, stack: string) => identityText(evaluatedText('${lower(var.env)}', scope({ env: d === undefined ? {} : { default: d } }, {}, stack))!);
    expect(of('NET', 'network')).toBe(of('NET', 'database'));
    expect(of('NET', 'network')).not.toBe(of('prod', 'database'));
  });

  test.each([
    ['${timestamp()}'],
    ['${uuid()}'],
    ['${var.undeclared}'],
    ['${local.missing}'],
    ['%{ if true }x%{ endif }'],
    ['${aws_s3_bucket.b.id}'],
    ['${replace("a", "/a/", "b")}'],
    ['${lower("\u00c9")}'],
  ])('leaves %j to the run (unknown)', (source) => {
    expect(evaluatedText(source, scope())).toBeUndefined();
  });
});

describe('Terraform, OpenTofu before 1.8: the text itself', () => {
  test('keeps ${...} as text, in NFC', () => {
    expect(literalText('${var.env}/cafe\u0301')).toBe('${var.env}/caf\u00e9');
  });
});
