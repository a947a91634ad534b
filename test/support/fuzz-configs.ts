/**
 * The configs of the property tests (fast-check), generated from the field tables, valid and invalid
 * mixed, for every store, as backends and as remote states, for several targets. test/unit/fuzz-<store>.test.ts
 * holds the library to its properties over them; test/judges/fuzz.test.ts has each judge validate
 * a sample of the ones the library accepts.
 */
import { TerraformBackend, TerraformStack } from 'cdktf';
import * as fc from 'fast-check';
import { listedJudgeTargets } from './judges';
import { StoreUnderTest } from './stores';
import { FIELD_TYPES } from '../../src/private/kit/field-types';
import { FieldSpec, FieldType, isAvailable, keyFor, spellingsOf } from '../../src/private/kit/schema';
import { ParsedTarget, ToolName, parseTarget } from '../../src/private/target/target';

export const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/**
 * The targets most configs are generated for: the judges' (test/support/judge-rows.ts), whether or not this
 * machine has them, so that the generated configs do not depend on the machine, plus `more` (the
 * judges suite adds a terraform on PATH of another release).
 */
export function judgeTargets(more: readonly string[] = []): string[] {
  return [...new Set([...listedJudgeTargets(), ...more])];
}

/** Other targets, each one generated now and then. */
function otherTargets(judged: readonly string[]): string[] {
  return ['terraform@0.12.31', 'terraform@1.0.11', 'terraform@1.2.9', 'terraform@1.5.7', 'terraform@1.15.9', 'opentofu@1.6.0', 'opentofu@1.11.4', 'opentofu@1.12.6']
    .filter((t) => !judged.includes(t));
}

/** The keys the store's table emits for `tool`, block members included. */
export function keysOf(sut: StoreUnderTest, tool: ToolName): string[] {
  return sut.store.fields
    .flatMap((f) => [keyFor(f, tool), ...(f.fields ?? []).map((m) => keyFor(m, tool))])
    .filter((k): k is string => k !== undefined);
}

/** Secret values carry this marker so a leak is easy to find. */
export const SECRET_MARK = 'SeCrEt';

/**
 * Random text without `${` or `%{`: in a remote state those start template sequences by design
 * (tokens are `${...}`), so generated literals stay out of that syntax. Expressions are generated
 * on purpose below.
 */
const text = fc.string({ unit: 'binary', maxLength: 24 }).filter((s) => !s.includes('${') && !s.includes('%{'));

const secretValue = fc.stringMatching(/^[A-Za-z0-9]{8,16}$/).map((s) => `${SECRET_MARK}-${s}`);
const secretOfWrongType = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]{8,16}$/).map((s) => [`${SECRET_MARK}-${s}`]),
  fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => Number(`7${n}`)),
);

function wrongType(field: FieldSpec): fc.Arbitrary<unknown> {
  const all: fc.Arbitrary<unknown>[] = [fc.integer(), fc.boolean(), text, fc.array(fc.integer(), { maxLength: 2 }), fc.double()];
  // Wrong for the field's type, as the library's own type table judges it (null, which means unset, is not generated).
  return fc.oneof(...all).filter((v) => !FIELD_TYPES[field.type].accepts(v));
}

function valueFor(sut: StoreUnderTest, field: FieldSpec, path: string): fc.Arbitrary<unknown> {
  if (field.type === 'block') {
    return fc.oneof(
      { weight: 30, arbitrary: blockValue(sut, field) },
      { weight: 1, arbitrary: wrongType(field) },
    );
  }
  if (field.secret) return fc.oneof({ weight: 30, arbitrary: secretValue }, { weight: 1, arbitrary: secretOfWrongType });
  const sample = sut.samples[path];
  const typedByType: Record<FieldType, fc.Arbitrary<unknown>> = {
    string: fc.oneof(text, fc.constant('env:'), fc.constant('a/b')),
    policy: fc.oneof(text, fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 })),
    boolean: fc.boolean(),
    number: fc.oneof(fc.integer({ min: -10, max: 50_000 }), fc.integer({ min: 800, max: 3700 })),
    stringList: fc.array(text, { maxLength: 3 }),
    block: fc.constant({}),
    // The encryption block's types; no backend field has them.
    numberList: fc.array(fc.integer({ min: -1, max: 300 }), { maxLength: 3 }),
    stringMap: fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 2 }),
    object: fc.constant({}),
    keyProvider: fc.constant({}),
  };
  const typed = typedByType[field.type];
  return fc.oneof(
    { weight: 40, arbitrary: fc.constant(sample) },
    { weight: 3, arbitrary: typed },
    { weight: 1, arbitrary: wrongType(field) },
    { weight: 1, arbitrary: fc.constant('') },
    // An expression: refused in a backend, kept unchecked in a remote state. Only where any string
    // goes: elsewhere `terraform.workspace` ("default") would be a value the tool refuses.
    { weight: FREE_TEXT.includes(path) ? 1 : 0, arbitrary: fc.constant('${terraform.workspace}') },
  );
}

/** Fields whose values have no format rule in either tool. */
const FREE_TEXT = ['bucket', 'prefix', 'key', 'containerName'];

function blockValue(sut: StoreUnderTest, block: FieldSpec): fc.Arbitrary<Record<string, unknown>> {
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const m of block.fields ?? []) members[m.name] = valueFor(sut, m, `${block.name}.${m.name}`);
  return fc.record(members, { requiredKeys: (block.fields ?? []).filter((m) => m.required).map((m) => m.name) })
    .chain((v) => fc.boolean().map((drop) => (drop ? dropOne(v) : v)));
}

function dropOne(v: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(v);
  if (keys.length === 0) return v;
  const { [keys[0]]: _, ...rest } = v;
  return rest;
}

export interface Generated {
  readonly props: Record<string, unknown>;
  readonly asRemoteState: boolean;
  readonly target: string;
  /** Secret values set in this config (secret fields and unknown fields, which may be misspelt secrets). */
  readonly secrets: readonly string[];
}

/** Mostly absent: `x` one time in `n`. */
const sometimes = <T>(x: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: x });

/**
 * Configs from the store's table: each field present or not, in one of its spellings. The
 * arbitraries are built once per target (building them per run would dominate the run time).
 */
export function configFor(sut: StoreUnderTest, judged: readonly string[]): fc.Arbitrary<Generated> {
  const others = otherTargets(judged);
  const perTarget = new Map([...judged, ...others].map((t) => [t, configForTarget(sut, t)]));
  // Mostly the judges' targets, so that each judge gets its sample of accepted configs.
  const target = fc.oneof(
    ...judged.map((t) => ({ weight: 7, arbitrary: fc.constant(t) })),
    { weight: 3, arbitrary: fc.constantFrom(...others) },
  );
  return target.chain((t) => perTarget.get(t)!);
}

function configForTarget(sut: StoreUnderTest, t: string): fc.Arbitrary<Generated> {
  const parsed = parseTarget(t) as ParsedTarget;
  const entries = sut.store.fields.map((field) => {
    // Fields the target lacks are rarer, so that a good share of the configs is accepted.
    const weight = field.required ? 19 : isAvailable(field, parsed) ? 4 : 1;
    const value = valueFor(sut, field, field.name);
    return fc.record({
      present: fc.oneof({ weight, arbitrary: fc.constant(true) }, { weight: field.required ? 1 : 12, arbitrary: fc.constant(false) }),
      spelling: fc.constantFrom(...spellingsOf(field)),
      value,
      // Now and then both spellings, with the same or a different value.
      twin: sometimes(fc.oneof(fc.constant('same'), value), 20),
    });
  });
  return fc.record({
    fields: fc.tuple(...entries),
    unknown: sometimes(fc.constantFrom('bucketName', 'tablestore_table', 'secretKeyy'), 40),
    unknownValue: secretValue,
    asRemoteState: fc.boolean(),
    workspace: sometimes(fc.oneof(text, fc.constant('${terraform.workspace}')), 4),
    defaults: sometimes(fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.oneof(text, fc.integer(), fc.boolean()), { maxKeys: 3 }), 4),
  }).map((g) => {
    const props: Record<string, unknown> = {};
    const secrets: string[] = [];
    sut.store.fields.forEach((field, i) => {
      const f = g.fields[i];
      if (!f.present) return;
      props[f.spelling] = f.value;
      const other = spellingsOf(field).find((x) => x !== f.spelling);
      if (f.twin !== null && other) props[other] = f.twin === 'same' ? f.value : f.twin;
      if (field.secret) secrets.push(...shown(props[f.spelling]), ...(other ? shown(props[other]) : []));
    });
    if (g.unknown !== null) {
      props[g.unknown] = g.unknownValue;
      // A misspelt key may be a secret's, so its value is never shown; only OSS's tablestore_table is
      // plainly its lockStoreTable (suggested, with its value shown).
      if (!(sut.store.backend === 'oss' && g.unknown === 'tablestore_table')) secrets.push(g.unknownValue);
    }
    if (g.asRemoteState && g.workspace !== null) props.workspace = g.workspace;
    if (g.asRemoteState && g.defaults !== null) props.defaults = g.defaults;
    return { props, asRemoteState: g.asRemoteState, target: t, secrets };
  });
}

/** How a secret value could show up in a message. */
function shown(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(shown);
  return [String(v)];
}

/**
 * The remote state another stack gets for `backend`, or undefined where the library refuses it
 * because the backend holds references its run evaluates (stack/cross-stack-from-run).
 */
export function readAcross(backend: TerraformBackend, consumer: TerraformStack, from: string, emitted: Record<string, unknown>) {
  try {
    return backend.getRemoteStateDataSource(consumer, 'rs', from);
  } catch (e) {
    expect(JSON.stringify(emitted)).toContain('${');
    expect((e as Error).message).toMatch(/ \[stack\/cross-stack-from-run\]$/);
    return undefined;
  }
}
