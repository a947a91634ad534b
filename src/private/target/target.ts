import { IConstruct } from 'constructs';
import { CHECKED_RELEASES, FIRST_RELEASES, isPreRelease } from './releases';
import { DefinitionError, refuse } from '../errors/errors';

/**
 * The tool (and its version) that will read the synthesized configuration.
 *
 * Output and checks follow the target: a field the target lacks is refused, and a field spelled
 * differently per tool is emitted in the target's spelling.
 */
export type ToolName = 'terraform' | 'opentofu';

/** Context key that selects the target: `tool@x.y.z`, e.g. `terraform@1.9.8` or `opentofu@1.10.7`. */
export const TARGET_CONTEXT_KEY = 'cdktf-state-backends:target';

/** Each distinct version string, parsed once (`versionKey`); declared first: NEWEST_KNOWN compares at load. */
const VERSION_KEYS = new Map<string, number>();

/**
 * Newest release of each tool this library knows: the newest release of releases.ts that the tools
 * judged and that is not a pre-release. Later versions are accepted and checked as these.
 */
export const NEWEST_KNOWN: Readonly<Record<ToolName, string>> = {
  terraform: newestOf(CHECKED_RELEASES.terraform),
  opentofu: newestOf(CHECKED_RELEASES.opentofu),
};

/** OpenTofu forked from Terraform 1.6; there is no older OpenTofu release. */
export const FIRST_RELEASE: Readonly<Record<ToolName, string>> = FIRST_RELEASES;

export interface ParsedTarget {
  readonly tool: ToolName;
  readonly version: string;
}

export const DEFAULT_TARGET: ParsedTarget = { tool: 'terraform', version: NEWEST_KNOWN.terraform };

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Parses `tool@x.y.z`. Returns an error message (lower-case, no trailing period, naming `key`) on bad input.
 */
export function parseTarget(text: unknown, key = TARGET_CONTEXT_KEY): ParsedTarget | string {
  const allowed = `expected "terraform@<x.y.z>" or "opentofu@<x.y.z>", for example "terraform@${NEWEST_KNOWN.terraform}"`;
  if (typeof text !== 'string') {
    return `${key}: got a ${text === null ? 'null' : typeof text}, ${allowed}`;
  }
  const at = text.indexOf('@');
  const tool = (at < 0 ? text : text.slice(0, at)).trim().toLowerCase();
  const version = at < 0 ? '' : text.slice(at + 1).trim();
  if (tool !== 'terraform' && tool !== 'opentofu') {
    return `${key}: got ${JSON.stringify(text)}, ${allowed}`;
  }
  if (!VERSION.test(version)) {
    return `${key}: got ${JSON.stringify(text)}, ${allowed}`;
  }
  if (compareVersions(version, FIRST_RELEASE[tool]) < 0) {
    return `${key}: got ${JSON.stringify(text)}, the oldest ${tool} release this library knows is ${FIRST_RELEASE[tool]}`;
  }
  return { tool, version };
}

/**
 * Numeric comparison of the `x.y.z` part; a pre-release suffix counts as the release itself.
 * Every field check compares versions, so each distinct version string is parsed once.
 */
export function compareVersions(a: string, b: string): number {
  return versionKey(a) - versionKey(b);
}


/** `x.y.z` as one number that sorts like the version (each part below 10,000). */
function versionKey(v: string): number {
  let key = VERSION_KEYS.get(v);
  if (key === undefined) {
    const [major = 0, minor = 0, patch = 0] = v.split('-')[0].split('.').map(Number);
    key = (major * 10_000 + minor) * 10_000 + patch;
    VERSION_KEYS.set(v, key);
  }
  return key;
}

/** The newest of `releases` that is not a pre-release. */
function newestOf(releases: readonly string[]): string {
  const known = releases.filter((v) => !isPreRelease(v));
  if (known.length === 0) throw new DefinitionError('releases: a tool has no checked release that is not a pre-release');
  return known.reduce((a, b) => (compareVersions(b, a) > 0 ? b : a));
}

/** The command each tool is run as: OpenTofu's binary is `tofu`. */
export const COMMANDS: Readonly<Record<ToolName, string>> = { terraform: 'terraform', opentofu: 'tofu' };

export function formatTarget(t: ParsedTarget): string {
  return `${t.tool}@${t.version}`;
}

/** The check of a target's text, by id (for docs/FIELDS.md and the rule catalog). */
export const TARGET_FORMAT_CHECK = {
  id: 'target/format',
  severity: 'error',
  description: 'a target (the target context key, StateBackendTarget) is `terraform@x.y.z` or `opentofu@x.y.z`, not older than the tool\'s first release',
} as const;

/** The check of where a target is applied, by id (for docs/FIELDS.md and the rule catalog). */
export const TARGET_APPLY_CHECK = {
  id: 'target/apply-first',
  severity: 'error',
  description: 'StateBackendTarget.applyTo is called on a scope before anything is added under it (constructs cannot change a scope\'s context once it has children)',
} as const;

/** Sets the target's text on `scope`, which must have no children yet (constructs refuse context after that). */
export function applyTarget(scope: IConstruct, text: string): void {
  const children = scope.node.children;
  if (children.length > 0) {
    const shown = children.slice(0, 3).map((c) => JSON.stringify(c.node.id)).join(', ') + (children.length > 3 ? ', ...' : '');
    refuse(
      `applyTo at ${scope.node.path || '<root>'}: found children (${shown}) under it, expected to be called before anything is added: ` +
        'constructs cannot change a scope\'s context once it has children',
      TARGET_APPLY_CHECK.id,
    );
  }
  scope.node.setContext(TARGET_CONTEXT_KEY, text);
}

/** Parses `tool@x.y.z`, or throws the parse error (naming `key`, the context key it came from). */
export function parseTargetOrThrow(text: unknown, key = TARGET_CONTEXT_KEY): ParsedTarget {
  const parsed = parseTarget(text, key);
  if (typeof parsed === 'string') refuse(parsed, TARGET_FORMAT_CHECK.id);
  return parsed;
}
