/**
 * When the address oracle asks the judges (test/runtime/address-oracle.test.ts) and when it replays
 * the answers it recorded (test/support/address-answers.json): a judge's answer depends only on
 * what it is given and how it is asked, so the recording holds, beside the answers, the key of
 * those inputs, and a run asks again exactly the answers whose key changed:
 *
 * - `harness`: how the oracle asks (its code: the commands, their environment, the emulators' set-up
 *   and the buckets, accounts and ports it uses) and the emulators' versions (fake-gcs-server and moto
 *   in test/support/emulators.ts, Azurite's installed release, the COS and OSS front end);
 * - `judges`, per judge: its row (tool, release, how it is built) and its binary's identity: the build
 *   information `go version -m` reads from it (the Go release, every module and its checksum, the
 *   build flags), the same on every machine that builds the row's recipe; the file's sha256 where
 *   there is none;
 * - `configs`, per judge and recipe: the recipe's key (its props and runs, recipeKey) and every file
 *   of the stack directory the judge initialises (toolDirectory, as the library writes it at the
 *   judge's release).
 *
 * Besides, everything is asked again once in a while, so that what no key holds (the emulators'
 * unpinned dependencies, the machine) shows when it drifts: when the recording's last full ask
 * (`asked`) is more than DRIFT_DAYS old and this machine has not asked everything in that time
 * either. A cold machine with a fresh recording replays; CI asks when a key changed.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { AZ_ACCOUNT, AZ_CONTAINER, BUCKETS, COS_BUCKET, FAMILIES, OSS_BUCKET, OSS_FRONT, recipeKey, toolDirectory } from './address-cases';
import { DRIFT_DAYS, binaryIdentity } from './judge-memo';
import { Judge, cacheRoot } from './judges';

export { DRIFT_DAYS };

/** The keys the answers were given under (see the file's comment). */
export interface OracleKeys {
  readonly harness: string;
  readonly judges: Record<string, string>;
  readonly configs: Record<string, Record<string, string>>;
}

const ROOT = path.join(__dirname, '..', '..');
const HARNESS_FILES = [
  'test/runtime/address-oracle.test.ts', 'test/support/oracle-key.ts', 'test/support/judges.ts', 'test/support/emulators.ts',
  'test/support/azurite.ts', 'test/support/cos.ts', 'test/support/cos-front.js', 'test/support/moto.ts', 'scripts/emulators.sh',
];

const hash = (...parts: Array<string | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/** How the oracle asks, and the emulators' versions. */
export function harnessKey(): string {
  const azurite: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'azurite', 'package.json'), 'utf8')).version;
  const constants = JSON.stringify({ AZ_ACCOUNT, AZ_CONTAINER, BUCKETS, COS_BUCKET, OSS_BUCKET, OSS_FRONT, azurite });
  return hash(constants, ...HARNESS_FILES.flatMap((f) => [f, fs.readFileSync(path.join(ROOT, f))]));
}

/** A judge's row and its binary's build identity (see the file's comment). */
export function judgeKey(judge: Judge): string {
  const { tool, version, build } = judge.row;
  return hash(JSON.stringify({ tool, version, build, printed: judge.version }), binaryIdentity(judge.binary));
}

/** What a judge at `target` is given for each recipe it is asked: the recipe's key and the files of its stack directory. */
export function configKeys(target: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const family of FAMILIES.filter((f) => !f.judges || f.judges(target))) {
    for (const recipe of family.recipes) {
      const dir = toolDirectory(family, recipe, target);
      const files = fs.readdirSync(dir).sort().flatMap((f) => [f, fs.readFileSync(path.join(dir, f))]);
      out[recipeKey(family, recipe)] = hash(recipeKey(family, recipe), ...files);
      fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
    }
  }
  return out;
}

/** The keys of the judges' answers on this machine now. */
export function currentKeys(judges: readonly Judge[]): OracleKeys {
  const targets = judges.map((j) => [`${j.tool}@${j.version}`, j] as const);
  return {
    harness: harnessKey(),
    judges: Object.fromEntries(targets.map(([t, j]) => [t, judgeKey(j)])),
    configs: Object.fromEntries(targets.map(([t]) => [t, configKeys(t)])),
  };
}

/** The recipes of `target` whose recorded key is not the current one (every one when the harness or the judge changed). */
export function staleRecipes(
  target: string, now: OracleKeys, recorded: OracleKeys | undefined,
): { readonly stale: Set<string>; readonly why: string } {
  const all = Object.keys(now.configs[target]);
  if (!recorded) return { stale: new Set(all), why: 'the recording holds no keys' };
  if (recorded.harness !== now.harness) return { stale: new Set(all), why: `the harness changed (key ${recorded.harness} -> ${now.harness})` };
  if (recorded.judges[target] !== now.judges[target]) return { stale: new Set(all), why: `the judge changed (key ${recorded.judges[target] ?? 'none'} -> ${now.judges[target]})` };
  const stale = all.filter((k) => recorded.configs[target]?.[k] !== now.configs[target][k]);
  return { stale: new Set(stale), why: stale.length ? `what the judge is given changed for ${stale.length} recipes` : '' };
}

/** This machine's record of its last full ask that agreed with the recording. */
const machineFile = () => path.join(cacheRoot(), 'address-oracle', 'asked.json');

export function machineAsked(): string | undefined {
  try {
    return JSON.parse(fs.readFileSync(machineFile(), 'utf8')).asked;
  } catch {
    return undefined;
  }
}

export function recordMachineAsked(date: string): void {
  fs.mkdirSync(path.dirname(machineFile()), { recursive: true });
  fs.writeFileSync(machineFile(), JSON.stringify({ asked: date }) + '\n');
}

/** Whether everything is asked again for drift: the recording's and this machine's last full asks are both older than DRIFT_DAYS. */
export function driftDue(recordingAsked: string | undefined, today = new Date()): boolean {
  const age = (d: string | undefined) => (d === undefined ? Infinity : (today.getTime() - Date.parse(d)) / 86_400_000);
  return age(recordingAsked) > DRIFT_DAYS && age(machineAsked()) > DRIFT_DAYS;
}
