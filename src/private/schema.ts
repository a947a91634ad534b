import { ToolName } from './target';

/**
 * How a field's value is typed and emitted.
 *
 * - `string`, `boolean`, `number` (whole numbers only; every numeric backend argument is an int)
 * - `stringList`: a list of strings
 * - `block`: a nested block (set, max 1) described by `fields`
 * - `policy`: a free-form policy; a string is emitted unchanged, anything else is JSON-encoded
 *   with its keys untouched (cdktf typed the COS policy as `any`)
 */
export type FieldType = 'string' | 'boolean' | 'number' | 'stringList' | 'block' | 'policy';

export type PerTool<T> = { readonly [tool in ToolName]?: T };

/** Available in every release this library can target. */
export const ALWAYS = '0.0.0';

/**
 * One row of a store's field table. The table drives output (tool key), validation (type,
 * availability per tool and version, required, secret) and the documentation checks.
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
  /** Environment variables the tool reads when the field is unset, in priority order. */
  readonly env?: PerTool<readonly string[]>;
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
  /** Must be present and non-empty. */
  readonly required?: boolean;
  /**
   * Setting the field is legal but deprecated: the text names the replacement and is shown as a
   * warning. Per tool, because the tools deprecate different things.
   */
  readonly deprecated?: PerTool<string>;
  /**
   * The generic availability check is skipped; a store rule handles the field instead
   * (the Microsoft Graph toggle, which is dropped or refused rather than reported as missing).
   */
  readonly customAvailability?: boolean;
  /** Members of a nested block. */
  readonly fields?: readonly FieldSpec[];
}

/** A store's backend name and its field table. */
export interface StoreSpec {
  /** Backend name as the tool knows it (`gcs`, `cos`, `oss`, `azurerm`). */
  readonly backend: string;
  readonly fields: readonly FieldSpec[];
}

export function keyFor(field: FieldSpec, tool: ToolName): string | undefined {
  return typeof field.key === 'string' ? field.key : field.key[tool];
}

/** All env vars of a field, Terraform's first, without duplicates. */
export function envVarsOf(field: FieldSpec, tool?: ToolName): string[] {
  const lists = tool ? [field.env?.[tool] ?? []] : [field.env?.terraform ?? [], field.env?.opentofu ?? []];
  return [...new Set(lists.flat())];
}

export function spellingsOf(field: FieldSpec): string[] {
  return [field.name, ...(field.aliases ?? [])];
}

/** The field is secret and this value is a credential (see `secretIf`). */
export function holdsSecret(field: FieldSpec, value: unknown): boolean {
  return !!field.secret && value !== undefined && value !== null && value !== '' && (field.secretIf?.(value) ?? true);
}
