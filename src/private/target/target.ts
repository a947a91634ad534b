/**
 * The tool (and its version) that will read the synthesized configuration.
 *
 * Output and checks follow the target: a field the target lacks is refused, and a field spelled
 * differently per tool is emitted in the target's spelling.
 */
export type ToolName = 'terraform' | 'opentofu';

/** Context key that selects the target, e.g. `terraform@1.11.4` or `opentofu@1.12.6`. */
export const TARGET_CONTEXT_KEY = 'cdktf-state-backends:target';

/**
 * Newest release of each tool whose backend schemas this library knows (Terraform v1.16.5,
 * OpenTofu v1.12.6). Later versions are accepted and checked as these. The tables were read from
 * Terraform v1.15.9; between v1.15.9 and v1.16.0-rc2 (and main of 2026-08-21) the gcs, cos, oss and
 * azure backends changed go.mod and go.sum only, and 1.16.0-1.16.5 changed no backend argument.
 */
export const NEWEST_KNOWN: Readonly<Record<ToolName, string>> = {
  terraform: '1.16.5',
  opentofu: '1.12.6',
};

/** OpenTofu forked from Terraform 1.6; there is no older OpenTofu release. */
export const FIRST_RELEASE: Readonly<Record<ToolName, string>> = {
  terraform: '0.11.0',
  opentofu: '1.6.0',
};

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

const VERSION_KEYS = new Map<string, number>();

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

export function formatTarget(t: ParsedTarget): string {
  return `${t.tool}@${t.version}`;
}

/** Parses `tool@x.y.z`, or throws the parse error (naming `key`, the context key it came from). */
export function parseTargetOrThrow(text: unknown, key = TARGET_CONTEXT_KEY): ParsedTarget {
  const parsed = parseTarget(text, key);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}
