import { Mode } from './schema';

/*
 * What differs between the configs the reader reads, as one row each (as FIELD_TYPES is for the
 * field types): a backend block (literals only, strings read as text unless the target evaluates
 * the block), a remote state's config (references allowed, strings are templates, `workspace` and
 * `defaults` beside the fields), and a key provider's or method's props in OpenTofu's encryption
 * block (references allowed anywhere, strings are templates whose rule is the encryption table's),
 * and the props of a construct that makes a state store (references allowed: they become the
 * arguments of its resources).
 */

/** What is read: a backend block, a remote state's config, a key provider's or method's props, or a state store's props. */
export type ReadMode = Mode | 'encryption' | 'resource';

/** How one kind of config is read. */
export interface Reading {
  /** `workspace` and `defaults` may sit beside the fields, and are checked (a remote state's config). */
  readonly remoteStateSettings: boolean;
  /**
   * Where a string must parse as a template (no `%{`, every `${` closed): in every string
   * (`always`), in a backend block the target evaluates, where the value holds a reference
   * (`where-evaluated`), or not here (`never`: the encryption block's own rule checks it).
   */
  readonly templates: 'always' | 'where-evaluated' | 'never';
  /** Only a `${` that interpolates is a reference (`$${` is literal text), and a key provider never is. */
  readonly interpolationsOnly: boolean;
  /** A reference is a literal-only field's problem: refused where the target reads the block literally, warned where it evaluates it. */
  readonly literalsOnly: boolean;
  /** A required field given as `""` or `[]` is refused (`field/required`); otherwise the field's `emptyFailsAt` decides. */
  readonly refusesEmptyRequired: boolean;
  /** A literal secret is warned about here (`field/literal-secret`); the encryption block has its own rule. */
  readonly warnsLiteralSecrets: boolean;
  /** `StateBackendValue.fromInit()` is allowed (the top-level fields of a backend block). */
  readonly allowsFromInit: boolean;
}

export const READINGS: Readonly<Record<ReadMode, Reading>> = {
  'backend': {
    remoteStateSettings: false,
    templates: 'where-evaluated',
    interpolationsOnly: false,
    literalsOnly: true,
    refusesEmptyRequired: false,
    warnsLiteralSecrets: true,
    allowsFromInit: true,
  },
  'remote-state': {
    remoteStateSettings: true,
    templates: 'always',
    interpolationsOnly: false,
    literalsOnly: false,
    refusesEmptyRequired: false,
    warnsLiteralSecrets: true,
    allowsFromInit: false,
  },
  'encryption': {
    remoteStateSettings: false,
    templates: 'never',
    interpolationsOnly: true,
    literalsOnly: false,
    refusesEmptyRequired: true,
    warnsLiteralSecrets: false,
    allowsFromInit: false,
  },
  'resource': {
    remoteStateSettings: false,
    // Resource arguments: a reference is taken as it is, and its value is left to the run.
    templates: 'never',
    interpolationsOnly: false,
    literalsOnly: false,
    refusesEmptyRequired: false,
    warnsLiteralSecrets: false,
    allowsFromInit: false,
  },
};
