import { IConstruct } from 'constructs';
import { refuse } from '../errors/errors';

/**
 * The CDK framework this build of the library runs on: `cdktf` for the package built on CDK for
 * Terraform, `cdktn` for the one built on CDK Terrain. The CDK Terrain package's sources are
 * generated from these by `scripts/flavour.js`, which rewrites the imports and this marker;
 * behaviour that differs between the two packages is switched on this constant, never kept in a
 * copied file.
 */
export const FRAMEWORK: string = 'cdktf';

/** The framework is CDK Terrain (cdktn), whose apps declare their tools in `targetVersions`. */
export function isCdktn(): boolean {
  return FRAMEWORK === 'cdktn';
}

/**
 * The other package's name for this package's context key `key`: the same key with the other
 * framework's prefix (`<cdktn or cdktf>-state-backends:strict`). Made from the framework names, never
 * spelled out, so the generator's rename of this package's name (scripts/flavour.js) leaves it the other's.
 */
export function otherFlavourKey(key: string): string {
  return key.replace(/^cdkt[fn]-/, `${isCdktn() ? 'cdktf' : 'cdktn'}-`);
}

/** The check of a context key set under both packages' names, by id (for docs/FIELDS.md and the rule catalog). */
export const CONTEXT_KEYS_CHECK = {
  id: 'target/context-keys',
  severity: 'error',
  description: 'a context key of this library set under both packages\' names (the cdktf and the cdktn package\'s) holds one value',
} as const;

/**
 * The value of this library's context key `key` at `scope`, and the name it was set under: this
 * package's or the other package's (an app moved between cdktf and cdktn keeps its cdktf.json, and
 * the README's examples name the cdktf keys). Never ignored in silence: the other package's key is
 * honoured, and setting both to different values throws, naming both.
 */
export function libraryContext(
  scope: IConstruct,
  key: string,
  /** The value as the key reads it, where two spellings of one value mean the same (`true`, `"true"`). */
  read: (value: unknown) => unknown = (v) => v,
): { readonly key: string; readonly value: unknown } | undefined {
  const own = scope.node.tryGetContext(key);
  const otherKey = otherFlavourKey(key);
  const other = scope.node.tryGetContext(otherKey);
  if (own !== undefined && other !== undefined && JSON.stringify(read(own)) !== JSON.stringify(read(other))) {
    refuse(
      `context keys ${key} and ${otherKey} are both set, to ${JSON.stringify(own)} and ${JSON.stringify(other)}; ` +
        `expected one of them (${key} is this package's name for it)`,
      CONTEXT_KEYS_CHECK.id,
    );
  }
  if (own !== undefined) return { key, value: own };
  if (other !== undefined) return { key: otherKey, value: other };
  return undefined;
}
