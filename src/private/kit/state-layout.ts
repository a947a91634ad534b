import { PerTool } from './schema';
import { ParsedTarget, compareVersions } from '../target/target';

/*
 * How a store names its state objects, as its definition declares it (stores/*.ts): the keys that
 * name the container and the object, the object's name per workspace, the tools' normalisations
 * and the lock table's rows. The address code (../address) reads it.
 */

/** How a store names the object of a workspace (the tools' `stateFile` / `path` functions). */
export interface StateLayout {
  /** Tool keys naming the object's container: a bucket, an account and container. */
  readonly container: readonly string[];
  /** Why the container is named by these keys alone, where others seem to name it (COS: the region). */
  readonly evidence?: string;
  /** Tool keys that choose another namespace of containers (a sovereign cloud, a universe). */
  readonly namespace?: readonly string[];
  /** A key's value when neither it nor its env vars are set, where the table has no default (AzureRM `environment`: public). */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Tool keys the object's name reads. */
  readonly object: readonly string[];
  /**
   * The object of `workspace` from the values of `object`'s keys (after defaults), or of the
   * default workspace when `workspace` is undefined.
   */
  readonly objectName: (values: Readonly<Record<string, string>>, workspace: string | undefined) => string;
  /** What a user changes so that two stacks part (`prefix`, `key`). */
  readonly separateWith: string;
  /** How the tools turn a key's value into the storage it names, each with its source. */
  readonly normalise?: readonly Normalisation[];
  /**
   * Rows a lock table keeps per state object (OSS with TableStore): the tool keys naming the table,
   * and the suffix of the row that holds the object's digest, whose name another object's lock row
   * may take.
   */
  readonly lockRows?: { readonly table: readonly string[]; readonly digestSuffix: string; readonly evidence: string };
}

/** One way a tool normalises a part of the address before it names storage. */
export interface Normalisation {
  /** The tool key whose value it decides. */
  readonly key: string;
  /** Other keys it reads (the COS endpoint, for the region). */
  readonly reads?: readonly string[];
  /** The tools' code that does it: file and function, and the releases. */
  readonly evidence: string;
  /**
   * The value naming the storage, from the values of `key` and `reads`; undefined where a value of
   * the run (a symbol) in `key` decides it: the tool's function of that value, one in one run.
   */
  readonly apply: (values: Readonly<Record<string, string>>, target: ParsedTarget) => string | undefined;
}

/** The target's release is at least its tool's `first` (a tool without one never is). */
export function reachedRelease(target: ParsedTarget, first: PerTool<string>): boolean {
  const v = first[target.tool];
  return v !== undefined && compareVersions(target.version, v) >= 0;
}
