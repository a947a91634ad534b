/**
 * Writes, for every store and a set of cdktn `targetVersions` ranges, the versions the store's
 * configs are checked at (targetsFor), one JSON line each. Run it before and after a change to the
 * rules' declared releases or the field tables' versions and `cmp` the files: the same bytes show
 * cdktn's checks are made at the same versions (the fuzz dump runs the cdktf flavour only).
 *
 *   npx ts-node -P tsconfig.dev.json scripts/targets-dump.ts <out.jsonl>
 */
import * as fs from 'fs';
import { declaredTargetsFrom } from '../src/private/kit/targets';
import { STORES } from '../src/private/stores';
import { formatTarget } from '../src/private/target/target';
import { DeclaredTargets, targetsFor } from '../src/private/target/versions';

const RANGES = [
  { terraform: '>=1.5.7', opentofu: '>=1.6.0' },
  { terraform: '>=0.11.0', opentofu: '>=1.6.0' },
  { terraform: '>=0.0.0' },
  { opentofu: '*' },
  { terraform: '~1.9', opentofu: '1.6 - 1.8' },
  { terraform: '>=1.10.0 <1.14.0 || >=1.15.0' },
];

const out: string[] = [];
for (const store of STORES) {
  for (const ranges of RANGES) {
    const declared = declaredTargetsFrom(ranges) as DeclaredTargets;
    out.push(JSON.stringify([store.backend, ranges, targetsFor(declared, store.breakpoints).map(formatTarget)]));
  }
}
const file = process.argv[2];
if (!file) throw new Error('usage: targets-dump.ts <out.jsonl>');
fs.writeFileSync(file, out.join('\n') + '\n');
console.log(`targets-dump: ${out.length} lines written to ${file}`);
