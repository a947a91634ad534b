/**
 * Writes the Go and Java suites' samples from the stores' field rows (each field's `example`, the
 * values test/support/stores.ts and the Python suite use), so that a field is added once:
 *
 * - test/go/samples_test.go: a constant per field, and per store a function that builds its backend
 *   config and its remote-state config with every field a target has (or the ones named), and the
 *   keys and values the default target emits for them;
 * - test/java/.../tests/Samples.java: a constant per field.
 *
 * `npx projen samples` writes both; test/repo/samples.test.ts fails when they are stale.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FieldSpec, keyFor } from '../src/private/kit/schema';
import { Store } from '../src/private/kit/store';
import { STORES } from '../src/private/stores';
import { DEFAULT_TARGET, formatTarget } from '../src/private/target/target';
import { expectedValue } from '../test/support/field-output';

export const GO_SAMPLES = path.join(__dirname, '..', 'test', 'go', 'samples_test.go');
export const JAVA_SAMPLES = path.join(__dirname, '..', 'test', 'java', 'src', 'test', 'java', 'io', 'github', 'statebackends', 'tests', 'Samples.java');

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);
const upperSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** A field with its name in the generated code (`cosAssumeRoleRoleArn`), its block when a member. */
interface Sample {
  readonly store: Store;
  readonly field: FieldSpec;
  readonly block?: FieldSpec;
  /** `assumeRole.roleArn` for a member. */
  readonly path: string;
}

function samplesOf(store: Store): Sample[] {
  return store.fields.flatMap((field) =>
    field.fields
      ? field.fields.map((m) => ({ store, field: m, block: field, path: `${field.name}.${m.name}` }))
      : [{ store, field, path: field.name }],
  );
}

/** `cosBucket`; a block member by its block, apart from a flat field of the same words: `ossRoleArnInAssumeRole`. */
const goName = (s: Sample) => `${s.store.backend}${pascal(s.field.name)}${s.block ? `In${pascal(s.block.name)}` : ''}`;
/** `COS_BUCKET`; `OSS_ROLE_ARN_IN_ASSUME_ROLE`. */
const javaName = (s: Sample) => `${s.store.backend.toUpperCase()}_${upperSnake(s.field.name)}${s.block ? `_IN_${upperSnake(s.block.name)}` : ''}`;

/** Lines `name = value`, their `=` aligned as gofmt aligns them. */
function aligned(entries: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...entries.map(([n]) => n.length));
  return entries.map(([n, v]) => `\t${n.padEnd(width)} = ${v}`);
}

function exampleOf(s: Sample): unknown {
  if (s.field.example === undefined) throw new Error(`${s.store.backend} ${s.path} has no example`);
  return s.field.example;
}

// --- Go -------------------------------------------------------------------------------------------

function goLiteral(v: unknown): string {
  if (typeof v === 'string') return v.includes('`') || !v.includes('"') ? JSON.stringify(v) : `\`${v}\``;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`no Go literal for ${JSON.stringify(v)}`);
}

/** `jsii.String(cosBucket)`: the field's example as the config struct takes it. */
function goValue(s: Sample): string {
  const name = goName(s);
  switch (s.field.type) {
    case 'string':
    case 'policy':
      return `jsii.String(${name})`;
    case 'number':
      return `jsii.Number(${name})`;
    case 'boolean':
      return `jsii.Bool(${name})`;
    case 'stringList':
      return `strs(${name}...)`;
    default:
      throw new Error(`no Go value for type ${s.field.type}`);
  }
}

/** The Go condition that the target has the field (and, for a member, its block). */
function goHas(fields: readonly FieldSpec[]): string {
  const conditions = fields.flatMap((f) => {
    const since = `t.has(${JSON.stringify(f.since.terraform ?? '')}, ${JSON.stringify(f.since.opentofu ?? '')})`;
    const removed = f.removedIn ? [`!t.has(${JSON.stringify(f.removedIn.terraform ?? '')}, ${JSON.stringify(f.removedIn.opentofu ?? '')})`] : [];
    return [since, ...removed];
  });
  return conditions.join(' && ');
}

function goConfigBuilder(store: Store, fn: string, type: string): string[] {
  const lines = [
    `// ${fn} is a ${type} with each named field (every field when none is named) that t has, set to its example.`,
    `func ${fn}(t target, names ...string) *sb.${type} {`,
    `\tc := &sb.${type}{}`,
    '\ton := named(names)',
  ];
  for (const field of store.fields) {
    const goField = pascal(field.name);
    if (field.fields) {
      lines.push(`\tif on(${JSON.stringify(field.name)}) && ${goHas([field])} {`, `\t\tc.${goField} = &sb.${field.struct}{}`);
      for (const m of field.fields) {
        const s = { store, field: m, block: field, path: `${field.name}.${m.name}` };
        lines.push(`\t\tif ${goHas([m])} {`, `\t\t\tc.${goField}.${pascal(m.name)} = ${goValue(s)}`, '\t\t}');
      }
      lines.push('\t}');
    } else {
      lines.push(`\tif on(${JSON.stringify(field.name)}) && ${goHas([field])} {`, `\t\tc.${goField} = ${goValue({ store, field, path: field.name })}`, '\t}');
    }
  }
  lines.push('\treturn c', '}', '');
  return lines;
}

/** The keys and values the default target emits for a field's example (a block's: its members'). */
function goKey(store: Store, field: FieldSpec): string | undefined {
  const key = keyFor(field, DEFAULT_TARGET.tool);
  if (key === undefined || field.since[DEFAULT_TARGET.tool] === undefined) return undefined;
  if (field.fields) {
    const members = field.fields
      .map((m) => ({ m, k: keyFor(m, DEFAULT_TARGET.tool) }))
      .filter(({ m, k }) => k !== undefined && m.since[DEFAULT_TARGET.tool] !== undefined)
      .map(({ m, k }) => `{${JSON.stringify(k)}, ${goExpected(store, m, field)}}`);
    return `{${JSON.stringify(key)}, keys{${members.join(', ')}}}`;
  }
  return `{${JSON.stringify(key)}, ${goExpected(store, field)}}`;
}

function goExpected(store: Store, field: FieldSpec, block?: FieldSpec): string {
  const s = { store, field, block, path: block ? `${block.name}.${field.name}` : field.name };
  const expected = expectedValue(field, exampleOf(s), DEFAULT_TARGET);
  if (JSON.stringify(expected) !== JSON.stringify(exampleOf(s))) throw new Error(`${store.backend} ${s.path}: the emitted value differs from the example`);
  return goName(s);
}

export function renderGoSamples(): string {
  const out = [
    '// Code generated by scripts/samples.ts from the examples of the field rows (src/private/stores); DO NOT EDIT.',
    '// `npx projen samples` writes it; test/repo/samples.test.ts fails when it is stale.',
    '',
    'package tests',
    '',
    'import (',
    '\t"github.com/aws/jsii-runtime-go"',
    '\tsb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"',
    ')',
    '',
    '// defaultTarget is the target used when none is set: the newest Terraform release the library knows',
    '// (src/private/target/releases.ts).',
    `var defaultTarget = target{${JSON.stringify(DEFAULT_TARGET.tool)}, ${JSON.stringify(DEFAULT_TARGET.version)}}`,
    '',
    '// The example of every field of every store: secrets are placeholders in angle brackets.',
    'const (',
  ];
  const constants: Array<[string, string]> = [];
  const lists: Array<[string, string]> = [];
  for (const store of STORES) {
    for (const s of samplesOf(store)) {
      const v = exampleOf(s);
      if (Array.isArray(v)) lists.push([goName(s), `[]string{${v.map(goLiteral).join(', ')}}`]);
      else constants.push([goName(s), goLiteral(v)]);
    }
  }
  out.push(...aligned(constants), ')', '', 'var (', ...aligned(lists), ')', '');
  const secrets = STORES.flatMap((store) => samplesOf(store).filter((s) => s.field.secret && typeof s.field.example === 'string' && /^<.*>$/.test(s.field.example)));
  out.push('// secretSamples are the placeholders of the secret fields, which no refusal or warning may echo.', `var secretSamples = []string{${secrets.map(goName).join(', ')}}`, '');
  for (const store of STORES) {
    const b = store.backend;
    out.push(`// ${b}Fields are the ${b} store's fields in the spec's spellings, in table order.`);
    out.push(`var ${b}Fields = []string{${store.fields.map((f) => JSON.stringify(f.name)).join(', ')}}`, '');
    out.push(...goConfigBuilder(store, `${b}BackendConfig`, store.names.config));
    out.push(...goConfigBuilder(store, `${b}RemoteStateConfig`, `DataTerraformRemoteState${pascal(b)}Config`));
    out.push(
      `// ${b}Keys are the keys and values the default target emits for each named field (every field when none is named),`,
      '// in table order; a block is an object (asRemoteStateConfig makes it the list a remote state holds).',
      `func ${b}Keys(names ...string) keys {`,
      '\ton := named(names)',
      '\tout := keys{}',
    );
    for (const field of store.fields) {
      const k = goKey(store, field);
      if (k) out.push(`\tif on(${JSON.stringify(field.name)}) {`, `\t\tout = append(out, kv${k})`, '\t}');
    }
    out.push('\treturn out', '}', '');
  }
  return out.join('\n');
}

// --- Java -----------------------------------------------------------------------------------------

function javaDeclaration(s: Sample): string {
  const v = exampleOf(s);
  const str = (x: unknown) => JSON.stringify(x);
  if (typeof v === 'string') return `static final String ${javaName(s)} = ${str(v)};`;
  if (typeof v === 'number') return `static final int ${javaName(s)} = ${v};`;
  if (typeof v === 'boolean') return `static final boolean ${javaName(s)} = ${v};`;
  if (Array.isArray(v)) return `static final List<String> ${javaName(s)} = List.of(${v.map(str).join(', ')});`;
  throw new Error(`no Java constant for ${JSON.stringify(v)}`);
}

export function renderJavaSamples(): string {
  const out = [
    '// Generated by scripts/samples.ts from the examples of the field rows (src/private/stores): do not edit.',
    '// `npx projen samples` writes it; test/repo/samples.test.ts fails when it is stale.',
    'package io.github.statebackends.tests;',
    '',
    'import java.util.List;',
    '',
    '/**',
    ' * The example of every field of every store, the values the TypeScript and Python suites use.',
    ' * Secrets are placeholders in angle brackets, as spec part 5 asks; tests check that refusals never',
    ' * echo them.',
    ' */',
    'final class Samples {',
    '    /** The target used when none is set: the newest Terraform release the library knows (src/private/target/releases.ts). */',
    `    static final String DEFAULT_TARGET = ${JSON.stringify(formatTarget(DEFAULT_TARGET))};`,
    '',
    '    private Samples() {',
    '    }',
  ];
  for (const store of STORES) {
    out.push('', `    // ${store.backend}`);
    for (const s of samplesOf(store)) out.push(`    ${javaDeclaration(s)}`);
  }
  out.push('}', '');
  return out.join('\n');
}

if (require.main === module) {
  fs.writeFileSync(GO_SAMPLES, renderGoSamples());
  fs.writeFileSync(JAVA_SAMPLES, renderJavaSamples());
  console.log(`wrote ${path.relative(process.cwd(), GO_SAMPLES)} and ${path.relative(process.cwd(), JAVA_SAMPLES)}`);
}
