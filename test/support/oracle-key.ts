/**
 * When the address oracle asks the judges (test/runtime/address-oracle.test.ts) and when it replays
 * the answers it recorded (test/support/address-answers.json). The recording holds, beside the
 * answers, the key they were asked under, and the run asks again when that key is not this
 * checkout's. The key has two parts.
 *
 * What any checkout computes in milliseconds, without a judge (`staticKeys`); when one of these
 * changed, every judge is asked everything:
 * - `address`: the address code (src/private/address) and what it reads of the stores: their
 *   layouts (the store definitions of src/private/stores, kit/state-layout.ts) and how address text
 *   is read (kit/address-symbols.ts, backend-text.ts, go-path.ts, go-url.ts);
 * - `generator`: the recipes, runs and pairs (test/support/address-cases.ts);
 * - `judgeList`: the judges of the runtime tier, each row's tool, release and build recipe
 *   (test/support/judge-rows.ts);
 * - `installs`: the install steps' keys (scripts/install-key.js) of scripts/judges.sh and
 *   scripts/emulators.sh, which build the judges and the emulators;
 * - `harness`: how the oracle asks (its code, the commands and their environment, the emulators'
 *   set-up, the buckets, accounts and ports) and the emulators' releases.
 *
 * What the live run computes with the judges at hand; a change asks again only what it concerns:
 * - `judges`, per judge: its row and its binary's build identity (`go version -m`: the Go release,
 *   every module and its checksum, the build flags; the file's sha256 where there is none), the
 *   same on every machine that builds the row's recipe: a change asks that judge everything;
 * - `configs`, per judge and recipe: the recipe's key and every file of the stack directory the
 *   judge initialises, as the library writes it at the judge's release: a change asks that recipe
 *   (a change to the library outside the address code that changes what a judge is given).
 *
 * Besides, everything is asked again once a week, so that what no key holds (the emulators'
 * unpinned dependencies, the machine) shows when it drifts: when the ISO week of today is not the
 * recording's (`asked`, the day of its last full ask) and this machine has not asked everything in
 * this ISO week. test/unit/address-answers.test.ts fails when the recording's static keys are not
 * this checkout's, unless the live run asked everything under this checkout's keys on this machine
 * (`<cache>/address-oracle/live.json`): a replay of stale answers never passes unnoticed.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { AZ_ACCOUNT, AZ_CONTAINER, BUCKETS, COS_BUCKET, FAMILIES, OSS_BUCKET, OSS_FRONT, RecordedKeys, recipeKey, toolDirectory } from './address-cases';
import { binaryIdentity } from './judge-memo';
import { JUDGE_ROWS } from './judge-rows';
import { Judge, cacheRoot } from './judges';

/** The keys of what the judges' answers depend on (see the file's comment). */
export interface StaticKeys {
  readonly address: string;
  readonly generator: string;
  readonly judgeList: string;
  readonly installs: string;
  readonly harness: string;
}

export interface OracleKeys extends StaticKeys {
  readonly judges: Record<string, string>;
  readonly configs: Record<string, Record<string, string>>;
}

/** The static keys, by what the file's comment calls them. */
export const STATIC_PARTS: Record<keyof StaticKeys, string> = {
  address: 'the address code or a store\'s layout',
  generator: 'the generator (test/support/address-cases.ts)',
  judgeList: 'the judge list',
  installs: 'an install step (scripts/judges.sh, scripts/emulators.sh)',
  harness: 'the oracle\'s harness',
};

const ROOT = path.join(__dirname, '..', '..');
const ADDRESS_DIR = 'src/private/address';
const ADDRESS_FILES = [
  'src/private/kit/state-layout.ts', 'src/private/kit/address-symbols.ts', 'src/private/kit/backend-text.ts',
  'src/private/kit/go-path.ts', 'src/private/kit/go-url.ts',
  'src/private/stores/gcs.ts', 'src/private/stores/azurerm.ts', 'src/private/stores/azurerm-key.ts',
  'src/private/stores/cos.ts', 'src/private/stores/oss.ts',
];
const HARNESS_FILES = [
  'test/runtime/address-oracle.test.ts', 'test/support/oracle-key.ts', 'test/support/judges.ts', 'test/support/emulators.ts',
  'test/support/azurite.ts', 'test/support/cos.ts', 'test/support/cos-front.js', 'test/support/moto.ts',
];

const hash = (...parts: Array<string | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};
const filesKey = (files: readonly string[]) => hash(...files.flatMap((f) => [f, fs.readFileSync(path.join(ROOT, f))]));

/** The keys any checkout computes without a judge (see the file's comment). */
export function staticKeys(): StaticKeys {
  const address = [...fs.readdirSync(path.join(ROOT, ADDRESS_DIR)).sort().map((f) => `${ADDRESS_DIR}/${f}`), ...ADDRESS_FILES];
  const rows = JUDGE_ROWS.filter((r) => r.tiers.includes('runtime')).map(({ tool, version, build }) => ({ tool, version, build }));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { installKey } = require(path.join(ROOT, 'scripts', 'install-key.js')) as { installKey: (files: string[]) => string };
  const azurite: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'azurite', 'package.json'), 'utf8')).version;
  const constants = JSON.stringify({ AZ_ACCOUNT, AZ_CONTAINER, BUCKETS, COS_BUCKET, OSS_BUCKET, OSS_FRONT, azurite });
  return {
    address: filesKey(address),
    generator: filesKey(['test/support/address-cases.ts']),
    judgeList: hash(JSON.stringify(rows)),
    installs: hash(installKey(['scripts/judges.sh']), installKey(['scripts/emulators.sh'])),
    harness: hash(constants, filesKey(HARNESS_FILES)),
  };
}

/** The static keys of `recorded` that are not `now`'s, each as a line saying what changed. */
export function changedStatic(now: StaticKeys, recorded: Partial<StaticKeys> | undefined): string[] {
  return (Object.keys(STATIC_PARTS) as Array<keyof StaticKeys>)
    .filter((k) => recorded?.[k] !== now[k])
    .map((k) => `${STATIC_PARTS[k]} changed (${k} ${recorded?.[k] ?? 'none'} -> ${now[k]})`);
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
    ...staticKeys(),
    judges: Object.fromEntries(targets.map(([t, j]) => [t, judgeKey(j)])),
    configs: Object.fromEntries(targets.map(([t]) => [t, configKeys(t)])),
  };
}

/** The recipes of `target` whose recorded key is not the current one (every one when a static key or the judge changed). */
export function staleRecipes(
  target: string, now: OracleKeys, recorded: RecordedKeys | undefined,
): { readonly stale: Set<string>; readonly why: string } {
  const all = Object.keys(now.configs[target]);
  if (!recorded) return { stale: new Set(all), why: 'the recording holds no keys' };
  const changed = changedStatic(now, recorded);
  if (changed.length) return { stale: new Set(all), why: changed.join('; ') };
  if (recorded.judges[target] !== now.judges[target]) return { stale: new Set(all), why: `the judge changed (key ${recorded.judges[target] ?? 'none'} -> ${now.judges[target]})` };
  const stale = all.filter((k) => recorded.configs[target]?.[k] !== now.configs[target][k]);
  return { stale: new Set(stale), why: stale.length ? `what the judge is given changed for ${stale.length} recipes` : '' };
}

/** The ISO 8601 week of a day (`YYYY-Www`): the week of its Thursday. */
export function isoWeek(day: string | Date): string {
  const d = new Date(typeof day === 'string' ? `${day.slice(0, 10)}T00:00:00Z` : Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const jan4 = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** This machine's last full live run that agreed with the recording: its day and static keys. */
export interface LiveRun {
  readonly asked: string;
  readonly keys: StaticKeys;
}
const liveFile = () => path.join(cacheRoot(), 'address-oracle', 'live.json');

export function lastLiveRun(): LiveRun | undefined {
  try {
    return JSON.parse(fs.readFileSync(liveFile(), 'utf8'));
  } catch {
    return undefined;
  }
}

export function recordLiveRun(run: LiveRun): void {
  fs.mkdirSync(path.dirname(liveFile()), { recursive: true });
  fs.writeFileSync(liveFile(), JSON.stringify(run) + '\n');
}

/** Whether everything is asked again for drift: today's ISO week is neither the recording's nor this machine's last full ask's. */
export function driftDue(recordingAsked: string | undefined, today = new Date()): boolean {
  const week = isoWeek(today);
  const machine = lastLiveRun()?.asked;
  return (recordingAsked === undefined || isoWeek(recordingAsked) !== week) && (machine === undefined || isoWeek(machine) !== week);
}
