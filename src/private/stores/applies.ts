import { ParsedTarget, compareVersions } from '../target/target';

/* Where a rule applies (until the rules declare their versions as data). */

export const terraform = (t: ParsedTarget) => t.tool === 'terraform';
export const from = (terraformVersion: string, opentofuVersion: string) => (t: ParsedTarget) =>
  compareVersions(t.version, t.tool === 'terraform' ? terraformVersion : opentofuVersion) >= 0;
export const before = (terraformVersion: string, opentofuVersion: string) => (t: ParsedTarget) => !from(terraformVersion, opentofuVersion)(t);

