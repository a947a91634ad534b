import { Tokenization } from 'cdktf';
import { EncryptionModel, ReadElement, ReadTarget } from './model';
import { kindOf } from './schema';
import { DefinitionError } from '../errors/errors';
import { FieldValue, literalOf, valueAt, Warning } from '../kit/field-value';
import { Violation, got } from '../kit/messages';
import { Rule, RuleContext } from '../kit/rule-context';
import { RuleReport, RuleRow } from '../kit/rule-row';
import { holdsSecret } from '../kit/schema';

/*
 * The pieces the state-encryption rule tables are written with (rules.ts, argument-rules.ts,
 * warning-rules.ts): the row type, its view of the whole block, store-kit rules run per key
 * provider or method, and the helpers that read a key provider or method.
 */

/** One problem, as a rule's check finds it: a violation whose id is the rule's. */
export type Finding = Omit<Violation, 'id'>;

/** An encryption rule: its row reads the whole encryption block and returns what it finds there. */
export interface EncryptionRule<I extends string = string> extends RuleRow<string, I> {
  /** Where OpenTofu decides this, and since when. */
  readonly evidence: string;
  readonly check: (m: EncryptionModel) => Finding[];
  /** When it refuses, the other rules (and the reader's field checks) are noise: the target has no state encryption at all. */
  readonly stopWhenRefused?: boolean;
  /** Runs at synth only, when the stack's references resolve (the model then has `resolve`); not when the construct is created. */
  readonly atSynth?: boolean;
}

/**
 * An encryption rule's view: the whole block. Each finding is reported at the rule's severity,
 * a warning prefixed with the field it is about.
 */
export class EncryptionContext extends RuleReport<EncryptionRule> {
  /** A rule that refuses the whole block (`stopWhenRefused`) refused: its errors are the only ones to show. */
  public refusedWhole = false;

  constructor(public readonly model: EncryptionModel, errors: Violation[], warnings: Warning[]) {
    super(model.target, errors, warnings);
  }

  protected apply(rule: EncryptionRule): void {
    for (const f of rule.check(this.model)) {
      if (rule.severity === 'error') this.refuse(f.field, f.message);
      else this.caution(`${f.field}: ${f.message}`);
    }
  }

  protected stopAfter(rule: EncryptionRule): boolean {
    this.refusedWhole = !!rule.stopWhenRefused && this.errors.length > 0;
    return this.refusedWhole;
  }
}

/** An encryption rule row, its id kept literal for the catalog's `RuleId`. */
export function encryptionRule<const I extends string>(row: EncryptionRule<I>): EncryptionRule<I> {
  return row;
}

/**
 * A store-kit rule (kit/rule-builders.ts: oneOf, mutuallyExclusive, ...) run on each key provider or
 * method of one type, whose arguments are its fields: the checks the stores and the encryption block
 * share are written once. Error rules only; checked when the table loads, like a store's: every
 * field the rule reads is an argument of that type.
 */
export function perElement<const I extends string>(block: 'key_provider' | 'method', type: string, rule: Rule<string, I>): EncryptionRule<I> {
  const kind = kindOf(block, type);
  if (rule.severity !== 'error') throw new DefinitionError(`encryption: rule ${rule.id} is a warning rule, expected an error rule to run per ${block}`);
  for (const name of rule.fields) {
    if (!kind.table.spec(name)) throw new DefinitionError(`encryption: rule ${rule.id} names ${name}, which is not an argument of ${block} ${type}`);
  }
  return {
    id: rule.id,
    severity: rule.severity,
    evidence: rule.evidence,
    check: (m) =>
      ofType(m, type, block).flatMap((e) => {
        const errors: Violation[] = [];
        new RuleContext(e.spec.kind.table, e.values, m.target, errors, [], { prefix: `${e.label}.`, templates: true }).run([rule]);
        return errors.map(({ field, message }) => ({ field, message }));
      }),
  };
}

// --- helpers ------------------------------------------------------------------------------------

export const ofType = (m: EncryptionModel, type: string, block: 'key_provider' | 'method' = 'key_provider') =>
  (block === 'key_provider' ? m.keyProviders : m.methods).filter((e) => e.spec.kind.type === type);

/**
 * The literal value of a field (dotted for members) as OpenTofu reads it, or undefined when unset
 * or a token: strings are templates there, so `$${` and `%%{` count as `${` and `%{`, and a list
 * entry that interpolates is undefined.
 */
export function literal(e: ReadElement, name: string): unknown {
  return literalOf(lookup(e, name), true);
}

/** Every string a literal value holds (list entries and map values included). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object' && !Tokenization.isResolvable(value)) return Object.values(value).flatMap(stringsOf);
  return [];
}

export function lookup(e: ReadElement, name: string): FieldValue | undefined {
  return valueAt(e.values, name);
}

export const labelOfField = (e: ReadElement, name: string) => lookup(e, name)?.spelling ?? `${e.label}.${name}`;

export function gotField(e: ReadElement, name: string): string {
  const v = lookup(e, name);
  return got(v?.value, !!v?.spec.secret);
}

/** A whole-number field outside what OpenTofu accepts. */
export function numberRule(type: string, name: string, ok: (n: number) => boolean, expected: string): (m: EncryptionModel) => Finding[] {
  return (m) =>
    ofType(m, type).flatMap((e) => {
      const v = literal(e, name);
      return typeof v === 'number' && !ok(v) ? [{ field: labelOfField(e, name), message: `${gotField(e, name)}, expected ${expected}` }] : [];
    });
}

/**
 * Bytes of the keys a key provider yields, when the config says so and the key provider's own
 * rule accepts the length (otherwise that rule reports it).
 */
export function keyBytes(e: ReadElement): number | undefined {
  const length = (name: string, fallback?: number) => {
    const v = lookup(e, name);
    if (v === undefined) return fallback;
    return v.expression ? undefined : (v.value as number);
  };
  const within = (n: number | undefined, ok: (n: number) => boolean) => (n !== undefined && ok(n) ? n : undefined);
  switch (e.spec.kind.type) {
    case 'pbkdf2':
      return within(length('keyLength', 32), (n) => n > 0);
    case 'openbao':
      return within(length('keyLength', 32), (n) => [16, 32, 64].includes(n));
    case 'gcp_kms':
      return within(length('keyLength'), (n) => n >= 1 && n <= 1024);
    case 'azure_vault':
      return within(length('keyLength'), (n) => n >= 1);
    case 'aws_kms': {
      const spec = literal(e, 'keySpec');
      return spec === 'AES_256' ? 32 : spec === 'AES_128' ? 16 : undefined;
    }
    default:
      return undefined;
  }
}

/** Key providers and methods the config refers to: by a target, a method's keys or a chain. */
export function referenced(m: EncryptionModel): ReadElement[] {
  const refs = new Set<object>(m.targets.flatMap(methodsOf));
  for (const e of [...m.keyProviders, ...m.methods]) {
    for (const v of e.values.values()) if (v.spec.type === 'keyProvider' && typeof v.value === 'object' && v.value) refs.add(v.value);
  }
  for (const [twin, first] of m.sameAs ?? []) if (refs.has(twin)) refs.add(first);
  return [...m.keyProviders, ...m.methods].filter((e) => refs.has(e.ref));
}

/** Methods of a target in order: the method, then the fallbacks. */
export const methodsOf = (t: ReadTarget) => [t.method, ...t.fallbacks].filter((x): x is object => !!x);

/** Go's time.ParseDuration, in nanoseconds; undefined when it is not a duration. */
export function parseGoDuration(s: string): number | undefined {
  const units: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(s);
  if (!m) return undefined;
  if (m[2] === '0') return 0;
  let total = 0;
  for (const part of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * units[part[2]];
  return m[1] === '-' ? -total : total;
}

/** aws-sdk-go-v2 arn.Parse plus the IAM policy check of aws_kms (validatePolicyARNs). */
export function isPolicyArn(s: string): boolean {
  const parts = s.split(':');
  return parts.length >= 6 && parts[0] === 'arn' && parts.slice(5).join(':').startsWith('policy/');
}

export const NAME = /^[a-zA-Z_0-9-]+$/;

/** A NAME that is also an HCL identifier (hclsyntax.ValidIdentifier), so a reference to it parses. */
export const IDENTIFIER = /^[a-zA-Z_][a-zA-Z_0-9-]*$/;

export const AES_KEY_BYTES = [16, 24, 32];

/** A literal string that is a credential (kit/schema.ts `holdsSecret`), so it lands in the output in clear text. */
export function isLiteralSecret(v: FieldValue): boolean {
  return !v.expression && typeof v.value === 'string' && holdsSecret(v.spec, v.value);
}
