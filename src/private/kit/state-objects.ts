import { isExpression } from './hcl';
import { FieldSpec, envVarsOf, keyFor } from './schema';
import { ParsedTarget } from '../target/target';

/*
 * Where a store keeps each workspace's state, computed from what a backend block or a remote
 * state's config emits, to find two stacks that would write one state object. The object is only
 * named where the code names every part of it: a part the run supplies (an env var, an init-time
 * value, a variable) is a placeholder, so a comparison involving one can warn but never refuse.
 */

/** How a store names the object of a workspace (the tools' `stateFile` / `path` functions). */
export interface StateLayout {
  /** Tool keys naming the object's container: a bucket (and its region), an account and container. */
  readonly container: readonly string[];
  /**
   * Tool keys that choose another namespace of containers (a sovereign cloud, a universe): two
   * blocks that set them to different values, or one sets and one leaves to the default, name
   * different containers. Unset they are the default for both stacks of one run.
   */
  readonly namespace?: readonly string[];
  /** A namespace key's value that means the same as leaving it unset (AzureRM `environment: "public"`). */
  readonly namespaceDefaults?: Readonly<Record<string, string>>;
  /** Tool keys the object's name reads. */
  readonly object: readonly string[];
  /**
   * The object of `workspace` from the values of `object`'s keys (after defaults), or of the
   * default workspace when `workspace` is undefined.
   */
  readonly objectName: (values: Readonly<Record<string, string>>, workspace: string | undefined) => string;
  /** What a user changes so that two stacks part (`prefix`, `key`). */
  readonly separateWith: string;
}

/** A workspace name that no user string holds: the same for two layouts means the same in every workspace. */
export const ANY_WORKSPACE = '\u0000workspace';

/** A part the run supplies from `env`, the same for every stack of one run. */
const fromEnv = (env: readonly string[]) => `\u0001env ${env.join(' or ')}\u0001`;
/** A part nothing in the code or the environment names: unique, so it never matches. */
let unknownCount = 0;
const unknownPart = () => `\u0002unknown ${++unknownCount}\u0002`;

/** One block's state address, as far as the code names it. */
export interface StateAddress {
  /** The container, with the keys that name it (`bucket="acme"`). */
  readonly container: string;
  /** The object of `workspace` (`ANY_WORKSPACE` for the shape of every named one; undefined: default). */
  readonly objectAt: (workspace: string | undefined) => string;
  /** What the run supplies from env vars (named in a warning), if anything. */
  readonly fromEnv: readonly string[];
  /** A part is named neither in the code nor by an env var (an init-time value, a variable, a token). */
  readonly unknown: boolean;
}

/**
 * The address of what a block emits: `attributes` are the tool's keys and values (overrides
 * merged in), `fields` the store's table, `target` the tool whose env vars and defaults apply.
 */
export function stateAddress(
  layout: StateLayout,
  fields: readonly FieldSpec[],
  attributes: Readonly<Record<string, unknown>>,
  target: ParsedTarget,
  fromInit: ReadonlySet<string> = new Set(),
): StateAddress {
  const env: string[] = [];
  let unknown = false;
  // (isExpression decides for strings: every cdktf string token holds `${`.)
  const literal = (value: unknown): value is string => typeof value === 'string' && !isExpression(value);
  const valueOf = (key: string): string => {
    if (fromInit.has(key)) {
      unknown = true;
      return unknownPart();
    }
    const value = attributes[key];
    if (value === undefined || value === null) {
      const spec = fields.find((f) => keyFor(f, target.tool) === key);
      const vars = spec ? envVarsOf(spec, target.tool, target.version) : [];
      if (vars.length > 0) {
        env.push(vars.join(' or '));
        return fromEnv(vars);
      }
      // A required field left out is supplied at init (-backend-config): not named in the code.
      if (spec?.required) {
        unknown = true;
        return unknownPart();
      }
      return spec?.default ?? '';
    }
    if (!literal(value)) {
      unknown = true;
      return unknownPart();
    }
    return value;
  };
  const namespace = (layout.namespace ?? []).flatMap((k) => {
    const value = attributes[k];
    if (value === undefined || value === null || value === layout.namespaceDefaults?.[k]) return [];
    if (!literal(value)) unknown = true;
    return [`${k}=${JSON.stringify(value)}`];
  });
  // Placeholders are not quoted: showAddress prints them as <ENV_VAR>.
  const quoted = (v: string) => (v.startsWith('\u0001') ? v : JSON.stringify(v));
  const container = [...namespace, ...layout.container.map((k) => `${k}=${quoted(valueOf(k))}`)].join(' ');
  const values: Record<string, string> = {};
  for (const k of layout.object) values[k] = valueOf(k);
  return {
    container,
    objectAt: (workspace) => layout.objectName(values, workspace === 'default' ? undefined : workspace),
    fromEnv: [...new Set(env)],
    unknown,
  };
}

/** How two addresses relate: one object for both in every workspace, in the default one only, or none. */
export type Sharing = 'none' | 'default-workspace' | 'every-workspace';

export function sharing(a: StateAddress, b: StateAddress): Sharing {
  if (a.unknown || b.unknown || a.container !== b.container) return 'none';
  if (a.objectAt(ANY_WORKSPACE) === b.objectAt(ANY_WORKSPACE)) return 'every-workspace';
  return a.objectAt(undefined) === b.objectAt(undefined) ? 'default-workspace' : 'none';
}

/** A container or object as a user reads it: placeholders shown by what supplies them. */
export function showAddress(text: string): string {
  return text.split(ANY_WORKSPACE).join('<workspace>').replace(/\u0001env ([^\u0001]*)\u0001/g, '<$1>');
}

/** Go's `path.Join`: the non-empty elements joined by "/", then cleaned as `path.Clean` does. */
export function joinPath(...elements: string[]): string {
  const joined = elements.filter((e) => e !== '').join('/');
  return joined === '' ? '' : cleanPath(joined);
}

/** Go's `path.Clean`: one slash between elements, no `.` elements, `..` resolved lexically. */
export function cleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const cleaned = (rooted ? '/' : '') + out.join('/');
  return cleaned === '' ? '.' : cleaned;
}
