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
