import { DefinitionError } from '../errors/errors';
import { ParsedTarget, ToolName, compareVersions } from '../target/target';

/**
 * How a field's value is typed and emitted (the behaviour of each type is in field-types.ts).
 *
 * - `string`, `boolean`, `number` (whole numbers only; every numeric argument is an int)
 * - `stringList`: a list of strings; `numberList`: a list of whole numbers
 * - `stringMap`: a map of strings, keys emitted as given
 * - `block`: a nested block described by `fields` (backends: set, max 1)
 * - `object`: an object attribute described by `fields` (`assume_role = { ... }` in encryption)
 * - `policy`: a free-form policy; a string is emitted unchanged, anything else is JSON-encoded
 *   with its keys untouched (cdktf typed the COS policy as `any`)
 * - `keyProvider`: a reference to a key provider (`EncryptionKeyProvider`), in encryption
 */
export type FieldType = 'string' | 'boolean' | 'number' | 'stringList' | 'numberList' | 'stringMap' | 'block' | 'object' | 'policy' | 'keyProvider';

export type PerTool<T> = { readonly [tool in ToolName]?: T };

/** Available in every release this library can target. */
export const ALWAYS = '0.0.0';

/** In every release of both tools. */
export const EVERY_RELEASE: PerTool<string> = { terraform: ALWAYS, opentofu: ALWAYS };

/** First release per tool; OpenTofu defaults to its first release (it forked from Terraform 1.6). */
export function since(terraform: string, opentofu: string = ALWAYS): PerTool<string> {
  return { terraform, opentofu };
}

/** An env var of a field row: its name, or its name and the first release of the tool that reads it. */
export type EnvName = string | EnvVar;

/** The same env vars, in the same order, for both tools. */
export function envBoth(...names: string[]): PerTool<readonly string[]> {
  return { terraform: names, opentofu: names };
}

/**
 * One row of a store's field table. The table drives output (tool key), validation (type,
 * availability per tool and version, required, secret) and the documentation.
 */
export interface FieldSpec {
  /** The spec's spelling; the public API name. */
  readonly name: string;
  /** Other accepted spellings (cdktf's names, a corrected typo). */
  readonly aliases?: readonly string[];
  /** The key the tool reads. A per-tool map when the tools spell it differently. */
  readonly key: string | PerTool<string>;
  readonly type: FieldType;
  /** First release of each tool that accepts the key; a tool that is absent never had it. */
  readonly since: PerTool<string>;
  /** First release of each tool that no longer accepts the key. */
  readonly removedIn?: PerTool<string>;
  /**
   * Environment variables the tool reads when the field is unset, in priority order: a name, or
   * `{ name, since }` for one the tool reads only from that release on.
   */
  readonly env?: PerTool<readonly EnvName[]>;
  /**
   * The value is a credential: messages never show it, a literal value gets a warning (it lands in
   * the generated file), and remote states for other stacks leave it out.
   */
  readonly secret?: boolean;
  /**
   * Narrows `secret` for the warning and the remote-state copy: only values for which this holds
   * are credentials (GCS `credentials` takes a key file's path or the key's JSON text). Messages
   * still never show the value.
   */
  readonly secretIf?: (value: unknown) => boolean;
  /** The tool's value when the field and its env vars are unset (the schema's `Default`). */
  readonly default?: string;
  /** Must be present (both tools' validate: "The argument ... is required"). */
  readonly required?: boolean;
  /**
   * For a required string: where and why the run fails when it is `""`, as a run-time judge showed
   * it (both tools' validate accept `""`). Set, `""` is refused (`field/empty-refused`); unset, it
   * is a warning (`field/empty`), since no tool refuses it where it can be checked.
   */
  readonly emptyFailsAt?: string;
  /**
   * Setting the field is legal but deprecated: the text names the replacement and is shown as a
   * warning. Per tool, because the tools deprecate different things.
   */
  readonly deprecated?: PerTool<string>;
  /**
   * Where the tool no longer has (or never had) the key, it behaves as if `value` were set, for the
   * `reason` given per tool: that value is left out with a warning, any other is refused, saying
   * what the tool `otherwise` cannot do. (The Microsoft Graph toggle: Terraform 1.3 removed it and
   * always uses Microsoft Graph.)
   */
  readonly impliedWhereAbsent?: { readonly value: unknown; readonly reason: PerTool<string>; readonly otherwise: string };
  /** Members of a nested block. */
  readonly fields?: readonly FieldSpec[];
  /** The public struct a user passes for a block (`CosBackendAssumeRole`), for the docs and the suites in other languages. */
  readonly struct?: string;
  /**
   * A valid value (a placeholder in angle brackets for a secret), which the suites of every
   * language set (test/support/stores.ts). A block's example is its required members'.
   */
  readonly example?: unknown;
}

/**
 * A field table with its spellings indexed, built once when the table is defined. Nested blocks
 * get tables of their own.
 */
export class FieldTable {
  /** Which field each spelling names, by position in `fields`. */
  private readonly positions = new Map<string, number>();
  private readonly blocks = new Map<string, FieldTable>();

  constructor(public readonly fields: readonly FieldSpec[]) {
    fields.forEach((f, i) =>
      spellingsOf(f).forEach((s) => {
        if (this.positions.has(s)) throw new DefinitionError(`field table: ${s} names two fields`);
        this.positions.set(s, i);
      }),
    );
    for (const f of fields) {
      for (const e of envEntriesOf(f)) {
        if (!/^[A-Z][A-Z0-9_]*$/.test(e.name) || !/^\d+\.\d+\.\d+$/.test(e.since)) throw new DefinitionError(`field table: ${f.name} reads env var ${JSON.stringify(e)}, expected { name: "NAME", since: "x.y.z" }`);
      }
      if (f.fields) this.blocks.set(f.name, new FieldTable(f.fields));
    }
  }

  /** Every spelling, in table order. */
  public get spellings(): string[] {
    return [...this.positions.keys()];
  }

  /** The position of the field a spelling names. */
  public positionOf(spelling: string): number | undefined {
    return this.positions.get(spelling);
  }

  /** The table of a block field's members. */
  public block(name: string): FieldTable {
    return this.blocks.get(name) ?? new FieldTable([]);
  }

  /** The field with spec name `name`, or `block.member` for a member of a nested block. */
  public spec(name: string): FieldSpec | undefined {
    const dot = name.indexOf('.');
    if (dot >= 0) return this.blocks.get(name.slice(0, dot))?.spec(name.slice(dot + 1));
    const i = this.positions.get(name);
    return i !== undefined && this.fields[i].name === name ? this.fields[i] : undefined;
  }
}

export function keyFor(field: FieldSpec, tool: ToolName): string | undefined {
  return typeof field.key === 'string' ? field.key : field.key[tool];
}

/** One env var of a field, and the first release of the tool that reads it. */
export interface EnvVar {
  readonly name: string;
  readonly since: string;
}

/** The env vars of a field for `tool` (both tools, Terraform's first, when unset), without duplicates. */
export function envEntriesOf(field: FieldSpec, tool?: ToolName): EnvVar[] {
  const lists = tool ? [field.env?.[tool] ?? []] : [field.env?.terraform ?? [], field.env?.opentofu ?? []];
  const seen = new Map<string, EnvVar>();
  for (const entry of lists.flat()) {
    const e = typeof entry === 'string' ? { name: entry, since: ALWAYS } : entry;
    if (!seen.has(e.name)) seen.set(e.name, e);
  }
  return [...seen.values()];
}

/** The names of the env vars a field's `tool` reads, at `version` when given. */
export function envVarsOf(field: FieldSpec, tool?: ToolName, version?: string): string[] {
  return envEntriesOf(field, tool)
    .filter((e) => version === undefined || compareVersions(version, e.since) >= 0)
    .map((e) => e.name);
}

export function spellingsOf(field: FieldSpec): string[] {
  return [field.name, ...(field.aliases ?? [])];
}

/** The field is secret and this value is a credential (see `secretIf`). */
export function holdsSecret(field: FieldSpec, value: unknown): boolean {
  return !!field.secret && value !== undefined && value !== null && value !== '' && (field.secretIf?.(value) ?? true);
}

/**
 * Why the target does not accept a field (`but ...`), or undefined when it does. Names the tool and
 * the first version that has the field.
 */
export function availabilityProblem(field: FieldSpec, target: ParsedTarget): string | undefined {
  const { tool, version } = target;
  const first = field.since[tool];
  const removed = field.removedIn?.[tool];
  const here = `${tool} ${version}`;
  if (first === undefined || keyFor(field, tool) === undefined) {
    const others = (Object.keys(field.since) as ToolName[]).filter((t) => t !== tool);
    const where = others.map((t) => `${t} ${field.since[t] === ALWAYS ? '(every release)' : `${field.since[t]} and later`}`).join(', ');
    return `but ${tool} has no such setting${where ? `; only ${where} has it` : ''}`;
  }
  const notYet = notYetProblem(first, target);
  if (notYet) return notYet + (removed !== undefined ? ` (and removed again in ${removed})` : '');
  if (removed !== undefined && compareVersions(version, removed) >= 0) {
    return `but ${here} no longer has it; ${tool} removed it in ${removed}`;
  }
  return undefined;
}

/** `but <tool> <version> does not have it yet; ...` when the target predates `first`, a release of its tool. */
export function notYetProblem(first: string, target: ParsedTarget): string | undefined {
  if (compareVersions(target.version, first) >= 0) return undefined;
  return `but ${target.tool} ${target.version} does not have it yet; it is first available in ${target.tool} ${first}`;
}

/** The tool accepts this field for this target. */
export function isAvailable(field: FieldSpec, target: ParsedTarget): boolean {
  // (availabilityProblem's test, without the message it builds)
  const { tool, version } = target;
  const first = field.since[tool];
  if (first === undefined || keyFor(field, tool) === undefined || compareVersions(version, first) < 0) return false;
  const removed = field.removedIn?.[tool];
  return removed === undefined || compareVersions(version, removed) < 0;
}

/**
 * The target lacks the field but behaves as if it were set to a fixed value (see
 * `impliedWhereAbsent`): the reason, or undefined when that does not apply. Not before the field
 * first appeared: there the tool behaves the other way.
 */
export function impliedReason(field: FieldSpec, target: ParsedTarget): string | undefined {
  const implied = field.impliedWhereAbsent;
  if (!implied) return undefined;
  const first = field.since[target.tool];
  if (first !== undefined && compareVersions(target.version, first) < 0) return undefined;
  return implied.reason[target.tool];
}

/**
 * The first release of each tool that evaluates backend blocks: references to variables and locals,
 * and strings as templates (OpenTofu 1.8.0, CHANGELOG and opentofu #1718, configs/backend.go with
 * the static evaluator). Terraform reads backend blocks literally: in JSON a string is the text
 * itself, in HCL a reference is refused ("Variables not allowed").
 */
export const BACKEND_EVALUATION: PerTool<string> = { opentofu: '1.8.0' };

/** The target evaluates backend blocks (see `BACKEND_EVALUATION`). */
export function evaluatesBackend(target: ParsedTarget): boolean {
  const first = BACKEND_EVALUATION[target.tool];
  return first !== undefined && compareVersions(target.version, first) >= 0;
}

/**
 * Where a config is used. Backend blocks accept literals only, and the tool reads their JSON
 * strings literally; remote-state configs may hold references, and the tool evaluates their
 * strings as templates.
 */
export type Mode = 'backend' | 'remote-state';

/** Env vars that differ per tool. */
export function envPerTool(terraform: readonly EnvName[], opentofu: readonly EnvName[]): PerTool<readonly EnvName[]> {
  return { terraform, opentofu };
}
