/*
 * The tool releases this library knows, as data: the one place a release is written. Everything
 * else (the default target, the newest release cdktn's ranges are checked at, the releases a
 * store's tables are checked at, the docs, the tests) reads it from here.
 *
 * A release is known here once the real tool at that release has judged the tables: the tests run
 * every judge of test/support/judge-rows.ts (how each is built, which tiers run it) and
 * test/unit/private/target/releases.test.ts holds the two lists to each other. A field's `since`
 * and `removedIn` stay in its row; a rule's releases in its `versions`.
 */

/**
 * The releases of each tool whose behaviour the tables were checked against by running the tool,
 * oldest first. A pre-release carries its suffix (`1.13.0-beta1`): it is judged provisionally, for
 * the fields its release adds, and is never the newest known release.
 */
export const CHECKED_RELEASES = {
  terraform: ['1.11.4', '1.15.9', '1.16.4'],
  opentofu: ['1.6.3', '1.12.6', '1.13.0-beta1'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/**
 * The releases whose source the field tables and the rules' evidence were read from; evidence that
 * names no release cites these. Terraform 1.16.4's gcs, cos, oss and azure backends are 1.15.9's
 * source (only their go.mod and go.sum differ, with the same SDK versions); OpenTofu 1.13.0-beta1's
 * are 1.12.6's but for comments (the encryption arguments it adds: encryption/schema.ts).
 */
export const SOURCE_READ = {
  terraform: '1.15.9',
  opentofu: '1.12.6',
} as const;

/** The first release of each tool; OpenTofu forked from Terraform 1.6, there is no older OpenTofu. */
export const FIRST_RELEASES = {
  terraform: '0.11.0',
  opentofu: '1.6.0',
} as const;

/** A release with a suffix (`1.13.0-beta1`, `1.16.0-rc2`) is a pre-release. */
export function isPreRelease(version: string): boolean {
  return version.includes('-');
}
