/**
 * Property-based tests (fast-check). Configs are generated from the field tables, valid and
 * invalid mixed, for every store, as backends and as remote states, for several targets:
 * - each one either synthesizes or throws this library's error; nothing else escapes;
 * - no secret value ever appears in an error or a warning;
 * - for each judge (scripts/judges.txt), a sample of the accepted configs per
 *   store, synthesized for the judge's own tool and version, goes through its `validate` in
 *   batches, in JSON and HCL, and all pass.
 */
import * as fs from 'fs';
import { parse } from '@cdktf/hcl2json';
import { App, TerraformBackend, TerraformStack, Testing } from 'cdktf';
import * as fc from 'fast-check';
import { warningsOf } from './support/annotations';
import { FLAVOUR } from './support/flavour';
import { Judge, backendToRemoteConfig, listedJudgeTargets, remoteStatesDocument, requireJudges, validate } from './support/judges';
import { STORES, StoreUnderTest } from './support/stores';
import { FIELD_TYPES } from '../src/private/kit/field-types';
import { FieldSpec, FieldType, isAvailable, keyFor, spellingsOf } from '../src/private/kit/schema';
import { ParsedTarget, TARGET_CONTEXT_KEY, ToolName, parseTarget } from '../src/private/target/target';

/**
 * The big run, and the judges' sample of it, belong to the cdktf project. The cdktn project tests
 * sources that differ from src/ only in their imports (test/flavour.test.ts holds that), so it runs
 * a smaller sample of the same seed, without the judges.
 */
const BIG_RUN = FLAVOUR === 'cdktf';
const RUNS_PER_STORE = Number(process.env.FUZZ_RUNS_PER_STORE ?? (BIG_RUN ? 25_000 : 2_000));
const VALIDATE_PER_STORE = 320;
const BATCH = 160;
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
/** Nothing is written there: the tests only call toTerraform / toHclTerraform and Testing.synth. */
const OUTDIR = Testing.app().outdir;

const JUDGES = BIG_RUN ? requireJudges() : [];
/**
 * The judges' targets, whether or not this machine has them, so that the generated configs do not
 * depend on the machine: those of scripts/judges.txt, and a terraform on PATH of another release.
 */
const JUDGE_TARGETS = [...new Set([...listedJudgeTargets(), ...JUDGES.map((j) => `${j.tool}@${j.version}`)])];
const OTHER_TARGETS = ['terraform@0.12.31', 'terraform@1.0.11', 'terraform@1.2.9', 'terraform@1.5.7', 'terraform@1.15.9', 'opentofu@1.6.0', 'opentofu@1.11.4', 'opentofu@1.12.6']
  .filter((t) => !JUDGE_TARGETS.includes(t));

/** The keys the store's table emits for `tool`, block members included. */
function keysOf(sut: StoreUnderTest, tool: ToolName): string[] {
  return sut.store.fields
    .flatMap((f) => [keyFor(f, tool), ...(f.fields ?? []).map((m) => keyFor(m, tool))])
    .filter((k): k is string => k !== undefined);
}

/** Messages start lower-case (after a list bullet) and carry no trailing period. */
const STYLE = /^(- )?[a-z][^]*[^.]$/;

/** Secret values carry this marker so a leak is easy to find. */
const SECRET_MARK = 'SeCrEt';

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

interface Generated {
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
function configFor(sut: StoreUnderTest): fc.Arbitrary<Generated> {
  const targets = [...JUDGE_TARGETS, ...OTHER_TARGETS];
  const perTarget = new Map(targets.map((t) => [t, configForTarget(sut, t)]));
  // Mostly the judges' targets, so that each judge gets its sample of accepted configs.
  const target = fc.oneof(
    ...JUDGE_TARGETS.map((t) => ({ weight: 7, arbitrary: fc.constant(t) })),
    { weight: 3, arbitrary: fc.constantFrom(...OTHER_TARGETS) },
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
 * With FUZZ_DUMP=<file> (cdktf project), every config's outcome is written there, one JSON line
 * each: the error message, or the JSON and HCL output and the warnings. The same file before and
 * after a restructure shows the behaviour unchanged (`cmp` the two files).
 */
const DUMP = BIG_RUN ? process.env.FUZZ_DUMP : undefined;

describe('fuzz: generated configs', () => {
  const dumped: string[] = [];
  afterAll(() => {
    if (DUMP) fs.writeFileSync(DUMP, dumped.join('\n') + '\n');
  });
  const counts = { generated: 0, accepted: 0, refused: 0, crossStack: 0 };
  /** Configs each judge validated, by judge name. */
  const validated = new Map<string, number>();
  /** Accepted configs to validate, by store and then by target. */
  const toValidate = new Map<string, Map<string, Generated[]>>();
  let serial = 0;
  const apps = new Map<string, { app: App; stacks: number }>();

  function freshStack(target: string): TerraformStack {
    // One app per target, renewed every few hundred stacks to keep memory flat.
    let entry = apps.get(target);
    if (!entry || entry.stacks > 300) {
      entry = { app: new App({ outdir: OUTDIR, context: { [TARGET_CONTEXT_KEY]: target } }), stacks: 0 };
      apps.set(target, entry);
    }
    entry.stacks++;
    return new TerraformStack(entry.app, `s${serial++}`);
  }

  const reasons = new Map<string, number>();
  afterAll(() => {
    if (process.env.FUZZ_DEBUG) {
      // eslint-disable-next-line no-console
      console.log([...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, n]) => `${n} ${k}`).join('\n'));
    }
    // eslint-disable-next-line no-console
    console.log(
      `fuzz (seed ${SEED}): generated ${counts.generated}, accepted ${counts.accepted}, refused ${counts.refused}, ` +
        `read across stacks ${counts.crossStack}; validated ` +
        (JUDGES.map((j) => `${validated.get(j.name) ?? 0} by ${j.name}`).join(', ') || (BIG_RUN ? 'by no judge (none available)' : 'by no judge here (the cdktf project judges its sample)')),
    );
  });

  test.each(STORES.map((s) => [s.store.backend, s] as const))('%s: every config synthesizes or gets our error, and no secret leaks', (_name, sut) => {
    const samples = new Map(JUDGE_TARGETS.map((t) => [t, [] as Generated[]]));
    toValidate.set(sut.store.backend, samples);
    fc.assert(
      fc.property(configFor(sut), (g) => {
        counts.generated++;
        const stack = freshStack(g.target);
        const secrets = g.secrets;
        let element;
        try {
          element = g.asRemoteState ? sut.remoteState(stack, 'rs', g.props) : sut.backend(stack, g.props);
        } catch (e) {
          counts.refused++;
          // THEN it is this library's error: a plain Error, with our header and one line per violation
          expect(e).toBeInstanceOf(Error);
          expect((e as Error).constructor).toBe(Error);
          const message = (e as Error).message;
          expect(message).toMatch(/^invalid [a-z0-9]+ (backend|remote state) \(target [a-z]+@[0-9.]+\) at s\d+\/(backend|rs):(\n- \S[^\n]*)+$/);
          for (const secret of secrets) expect(message).not.toContain(secret);
          for (const line of message.split('\n')) expect(line).toMatch(STYLE);
          if (DUMP) dumped.push(JSON.stringify([sut.store.backend, g.target, g.asRemoteState, 'refused', message]));
          if (process.env.FUZZ_DEBUG) {
            for (const line of message.split('\n').slice(1)) {
              const k = line.replace(/got .*/, '').slice(0, 60) + line.replace(/.*(expected|but) /, '$1 ').slice(0, 40);
              reasons.set(k, (reasons.get(k) ?? 0) + 1);
            }
          }
          return;
        }
        counts.accepted++;
        // THEN it synthesizes, in JSON and HCL, with only keys the target tool has
        const out = element.toTerraform();
        const emitted = g.asRemoteState ? out.data.terraform_remote_state.rs.config : out.terraform.backend[sut.store.backend];
        const tool = (parseTarget(g.target) as ParsedTarget).tool;
        for (const key of Object.keys(emitted)) expect(keysOf(sut, tool)).toContain(key);
        const hcl = element.toHclTerraform();
        if (DUMP) dumped.push(JSON.stringify([sut.store.backend, g.target, g.asRemoteState, 'accepted', out, hcl, warningsOf(stack)]));
        if (!g.asRemoteState) {
          // THEN another stack can read its state: the remote state made from it is accepted too
          // (unless the run completes the backend: opentofu 1.8+ evaluates its references, which
          // another stack's run cannot, and the library says so)
          const consumer = freshStack(g.target);
          const remote = readAcross(element as TerraformBackend, consumer, stack.node.id, emitted);
          if (remote) {
            remote.toTerraform();
            remote.toHclTerraform();
            counts.crossStack++;
          }
        }
        for (const warning of warningsOf(stack)) {
          for (const secret of secrets) expect(warning).not.toContain(secret);
          expect(warning).toMatch(STYLE);
        }
        const sample = samples.get(g.target);
        if (sample && sample.length < VALIDATE_PER_STORE) sample.push(g);
      }),
      { numRuns: RUNS_PER_STORE, seed: SEED },
    );
  });

  const perJudge = JUDGES.flatMap((j) => STORES.map((s) => [s.store.backend, j.name, s, j] as [string, string, StoreUnderTest, Judge]));
  if (perJudge.length === 0) {
    test.todo(BIG_RUN ? 'judges accept a sample of the accepted configs (no judge available)' : 'judges accept a sample of the accepted configs (in the cdktf project)');
  } else {
    test.each(perJudge)(
      '%s: %s accepts a sample of the accepted configs, in JSON and HCL',
      async (_name, _judgeName, sut, judge) => {
        const sample = toValidate.get(sut.store.backend)?.get(`${judge.tool}@${judge.version}`) ?? [];
        expect(sample.length).toBeGreaterThanOrEqual(300);
        const backendName = sut.store.backend;
        for (let start = 0; start < sample.length; start += BATCH) {
          const entries: Record<string, { backend: string; config: unknown }> = {};
          for (const [i, g] of sample.slice(start, start + BATCH).entries()) {
            const stack = new TerraformStack(new App({ outdir: OUTDIR, context: { [TARGET_CONTEXT_KEY]: g.target } }), 'p');
            const address = `c${start + i}`;
            if (g.asRemoteState) {
              sut.remoteState(stack, 'rs', g.props);
              entries[`${address}_json`] = { backend: backendName, config: JSON.parse(Testing.synth(stack)).data.terraform_remote_state.rs.config };
              const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
              entries[`${address}_hcl`] = { backend: backendName, config: hcl.data.terraform_remote_state.rs[0].config };
            } else {
              const backend = sut.backend(stack, g.props);
              entries[`${address}_json`] = { backend: backendName, config: backendToRemoteConfig(JSON.parse(Testing.synth(stack)).terraform.backend[backendName]) };
              const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
              entries[`${address}_hcl`] = { backend: backendName, config: hcl.terraform[0].backend[backendName][0] };
              // The consumer's view of the same state, made by getRemoteStateDataSource (secrets left out).
              const consumer = new TerraformStack(stack.node.root as App, 'c');
              if (readAcross(backend, consumer, 'p', JSON.parse(Testing.synth(stack)).terraform.backend[backendName])) {
                entries[`${address}_consumer`] = { backend: backendName, config: JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.rs.config };
              }
            }
          }
          // The run provides what the warnings of the accepted configs ask for: COS needs a region
          // (TENCENTCLOUD_REGION) and an assume-role block without roleArn or sessionName needs
          // their env vars (field/required-from-env).
          const result = validate(judge, { 'main.tf.json': remoteStatesDocument(entries) }, {
            TENCENTCLOUD_REGION: 'ap-guangzhou',
            TENCENTCLOUD_ASSUME_ROLE_ARN: 'qcs::cam::uin/100000000001:roleName/from-env',
            TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME: 'from-env',
          });
          const errors = result.diagnostics.filter((d) => d.severity === 'error');
          if (errors.length > 0) {
            const failed = errors.map((d) => `${d.address}: ${d.detail || d.summary}`).slice(0, 5);
            throw new Error(`${judge.name} refused accepted configs (kept in ${result.dir}):\n${failed.join('\n')}`);
          }
          validated.set(judge.name, (validated.get(judge.name) ?? 0) + sample.slice(start, start + BATCH).length);
        }
      },
    );
  }
});

/**
 * The remote state another stack gets for `backend`, or undefined where the library refuses it
 * because the backend holds references its run evaluates (stack/cross-stack-from-run).
 */
function readAcross(backend: TerraformBackend, consumer: TerraformStack, from: string, emitted: Record<string, unknown>) {
  try {
    return backend.getRemoteStateDataSource(consumer, 'rs', from);
  } catch (e) {
    expect(JSON.stringify(emitted)).toContain('${');
    expect((e as Error).message).toMatch(/ \[stack\/cross-stack-from-run\]$/);
    return undefined;
  }
}
