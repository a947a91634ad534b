import { cdktf, TaskStep } from 'projen';
import { silenceJsiiNode20 } from './packaging';

/** The jest projects, one per flavour (projenrc/jest.ts). */
export type Flavour = 'cdktf' | 'cdktn';

/**
 * The install steps (scripts/judges.sh, emulators.sh, providers.sh, framework-clis.sh): `npm test`
 * starts each in the background at its beginning, while the type-check, eslint and the tiers that
 * need none run, and a tier that needs one waits for it there; a tier run alone runs them first.
 */
export const INSTALLS = ['judges', 'emulators', 'providers', 'framework-clis'] as const;
export type Install = (typeof INSTALLS)[number];

/** One tier of the test run: `npx projen test:<name>` runs it alone, `npm test` runs them all in order. */
export interface Tier {
  readonly name: string;
  readonly description: string;
  /**
   * The jest suites of the tier: its folders under test/, the flavours (jest projects) they run in,
   * and the files among them that run in the cdktf project only.
   */
  readonly jest?: { readonly dirs: readonly string[]; readonly flavours: readonly Flavour[]; readonly cdktfOnly?: readonly string[] };
  /** The install steps the tier needs (INSTALLS). */
  readonly needs?: readonly Install[];
  /**
   * In `npm test`, the tier runs in the background beside the others, from the moment its installs
   * are done (a tier that mostly waits on the tools and the emulators); its output is printed when
   * the run ends, which it fails when it failed.
   */
  readonly beside?: boolean;
  /** What runs before the suites or instead of them (other languages, examples, the CLIs). */
  readonly steps?: (parts: TierParts) => readonly TaskStep[];
  /** What the tier needs first when it runs alone, which the tiers before it built in `npm test`. */
  readonly alone?: (parts: TierParts) => readonly TaskStep[];
  /**
   * Its suites write only small files (Testing.app outdirs): jest's TMPDIR is in memory (/dev/shm)
   * when the machine has room there (scripts/run-tier.js --memory-tmp). Each tier's TMPDIR is its
   * own and removed when jest ends either way.
   */
  readonly memoryTmp?: boolean;
  /**
   * Its suites drive the tools, and a test file that passed under the same key (the checkout, the
   * tools on PATH, the environment; scripts/tier-memo.js) in the last days is replayed, not run.
   */
  readonly memo?: boolean;
  /** In the fast loop (`npx projen test:fast`); in the check before pushing (`npx projen test:push`). */
  readonly fast?: boolean;
  readonly push?: boolean;
}

/** What the other setup modules give the tiers. */
export interface TierParts {
  /** The install steps' tasks, by name. */
  readonly installs: Record<Install, string>;
  readonly languages: readonly TaskStep[];
  readonly examples: readonly TaskStep[];
  readonly cli: readonly TaskStep[];
  /** Builds the artifacts of both flavours the examples and the CLI apps use (the languages tier's builds). */
  readonly artifacts: readonly TaskStep[];
}

/**
 * The tiers, in the order `npm test` runs them. Each folder of test/ belongs to one tier:
 * test/unit (the library, no tool), test/repo (the repository: docs, samples, flavour, layout,
 * release), test/judges (the real tools, offline), test/runtime (the tools on storage emulators),
 * test/cli (the framework CLIs, with its own jest config); test/java, test/python and test/go are
 * the languages tier's. test/support is shared.
 */
export const TIERS: readonly Tier[] = [
  {
    name: 'unit',
    description: 'The library\'s own suites, both flavours: no tool, no emulator',
    jest: { dirs: ['test/unit'], flavours: ['cdktf', 'cdktn'] },
    memoryTmp: true,
    fast: true,
    push: true,
  },
  {
    name: 'repo',
    description: 'The repository\'s checks: docs, samples, the flavour generation, the layout, release notes',
    jest: { dirs: ['test/repo'], flavours: ['cdktf'] },
    memoryTmp: true,
    fast: true,
    push: true,
  },
  {
    name: 'judges',
    description: 'The real tools judge what the library generates, offline: validate, offline init, OpenTofu runs',
    // Every suite here runs every judge on what the library writes, which does not depend on the
    // flavour: the cdktn sources differ from src/ only in their imports (test/repo/flavour.test.ts
    // holds them to it), so one flavour judges it once. hcl.test.ts runs in both: the HCL text is
    // each framework's own rendering (synthHcl) of the library's blocks, and the judges read it.
    jest: {
      dirs: ['test/judges'],
      flavours: ['cdktf', 'cdktn'],
      cdktfOnly: [
        'test/judges/init-judge', 'test/judges/state-encryption-tofu', 'test/judges/judges', 'test/judges/fuzz',
        'test/judges/terraform-validate', 'test/judges/tool-refusals', 'test/judges/corpus', 'test/judges/backend-hash',
        'test/judges/providers', 'test/judges/provider-schemas',
      ],
    },
    // The providers validate the state stores' resources (test/judges/providers.test.ts), and their
    // schemas are the committed ones (test/judges/provider-schemas.test.ts).
    needs: ['judges', 'providers'],
    push: true,
  },
  {
    name: 'runtime',
    description: 'The tools store, lock and read state on storage emulators (one flavour: the JSON is the same)',
    jest: { dirs: ['test/runtime'], flavours: ['cdktf'] },
    // GcsStateBucket's runs use the Google provider (test/runtime/gcs-state-bucket.test.ts).
    needs: ['judges', 'emulators', 'providers'],
    // (its suites wait through the tools' applies, lock timeouts and retries much more than they compute)
    beside: true,
    memo: true,
  },
  {
    name: 'languages',
    description: 'The Java (JUnit), Python (pytest) and Go suites on the packaged artifacts of both flavours, and the API docs',
    needs: ['judges'],
    steps: (p) => p.languages,
  },
  { name: 'examples', description: 'The example apps in TypeScript, Java and Go, on both flavours', steps: (p) => p.examples, alone: (p) => p.artifacts },
  {
    name: 'cli',
    description: 'cdktf-cli and cdktn-cli drive apps that install the packed library (test/cli)',
    needs: ['framework-clis', 'emulators'],
    steps: (p) => p.cli,
    alone: (p) => p.artifacts,
  },
];

/** The paths the cdktn jest project leaves out: tiers that run in the cdktf project only, and single files. */
export function cdktfOnlyPaths(): string[] {
  return TIERS.flatMap((t) => (!t.jest ? [] : t.jest.flavours.includes('cdktn') ? [...(t.jest.cdktfOnly ?? [])] : t.jest.dirs.map((d) => `${d}/`)));
}

/**
 * The jest step of some tiers' folders in some flavours; the user's arguments select files within
 * them. `typecheck`: the type-check runs beside it (scripts/typecheck-beside.js), and the step
 * fails when either does.
 */
interface JestStepOptions {
  readonly memoryTmp?: boolean;
  readonly typecheck?: boolean;
  /** The tier memo's name (scripts/tier-memo.js), for the tiers that have one. */
  readonly memo?: string;
}
function jestStep(flavours: readonly Flavour[], dirs: readonly string[], { memoryTmp = false, typecheck = false, memo }: JestStepOptions): TaskStep {
  const jest = `node scripts/run-tier.js ${memoryTmp ? '--memory-tmp ' : ''}${memo ? `--memo ${memo} ` : ''}${flavours.join(',')} ${dirs.join(' ')} --`;
  return { exec: typecheck ? `node scripts/typecheck-beside.js -- ${jest}` : jest, receiveArgs: true };
}

/** `node scripts/test-run.js ...`: the phases and background jobs of `npm test`. */
const testRun = (...args: string[]): TaskStep => ({ exec: `node scripts/test-run.js ${args.join(' ')}` });

/**
 * The tier tasks, `npm test` as their sequence, the fast loop and the check before pushing. In
 * `npm test` the install steps and the tiers marked `beside` run in the background
 * (scripts/test-run.js), every other tier in the foreground, in the table's order, each a phase whose
 * time the run prints at its end.
 */
export function setupTiers(project: cdktf.ConstructLibraryCdktf, parts: TierParts): void {
  const typecheck: TaskStep = { name: 'Type-check the library and the tests', exec: 'tsc --noEmit -p tsconfig.dev.json' };
  // The cdktn project runs the sources scripts/flavour.js generates, and test/repo compares them.
  const generate: TaskStep = { spawn: 'cdktn:generate' };
  const installSteps = (tier: Tier): TaskStep[] => (tier.needs ?? []).map((i) => ({ spawn: parts.installs[i] }));
  /** What a tier runs after the tiers before it (the `npm test` order), its installs done. */
  const stepsOf = (tier: Tier): TaskStep[] => [
    ...(tier.jest ? [generate] : []),
    ...(tier.steps?.(parts) ?? []),
    ...(tier.jest ? [jestStep(tier.jest.flavours, tier.jest.dirs, { memoryTmp: tier.memoryTmp, memo: tier.memo ? tier.name : undefined })] : []),
  ];

  for (const tier of TIERS) {
    // Alone, a tier first builds what the tiers before it built in `npm test`, and its installs.
    const alone = project.addTask(`test:${tier.name}`, { description: tier.description, env: silenceJsiiNode20 });
    for (const step of [...(tier.alone?.(parts) ?? []), ...installSteps(tier), ...stepsOf(tier)]) addStep(project, alone, step);
  }

  const test = project.testTask;
  test.reset();
  test.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
  const steps: TaskStep[] = [testRun('begin')];
  for (const i of INSTALLS) steps.push(testRun('start', `install:${i}`, '--', 'npx projen', parts.installs[i]));
  for (const tier of TIERS.filter((t) => t.beside)) {
    if (tier.alone) throw new Error(`tiers: ${tier.name} runs beside the others, so it cannot need what the tiers before it build`);
    const after = (tier.needs ?? []).map((i) => `install:${i}`).join(',');
    steps.push(testRun('start', `tier:${tier.name}`, ...(after ? ['--after', after] : []), '--', `npx projen test:${tier.name}`));
  }
  steps.push(testRun('phase', 'tsc'), typecheck, testRun('phase', 'eslint'), { spawn: 'eslint' });
  for (const tier of TIERS.filter((t) => !t.beside)) {
    // Each tier is a phase: a line naming it marks it in the log, and the run times it.
    steps.push(testRun('phase', `tier:${tier.name}`, JSON.stringify(tier.description)));
    if (tier.needs) steps.push(testRun('wait', ...tier.needs.map((i) => `install:${i}`)));
    steps.push(...stepsOf(tier));
  }
  // (the background jobs' logs, then every phase's time; a job that failed fails the run here)
  steps.push(testRun('end'));
  for (const step of steps) addStep(project, test, step);

  // The loops a contributor runs: one jest run over the tiers' folders, the type-check beside it (one
  // core's work, which jest's last files leave room for); a file argument picks files within them.
  // The fast loop runs the cdktf flavour only.
  const loop = (name: string, description: string, picked: readonly Tier[], flavours: readonly Flavour[], env: Record<string, string> = {}) => {
    const task = project.addTask(name, { description, env: { ...silenceJsiiNode20, ...env } });
    const installs = [...new Set(picked.flatMap((t) => t.needs ?? []))].map((i): TaskStep => ({ spawn: parts.installs[i] }));
    for (const step of [generate, ...installs, ...picked.flatMap((t) => t.steps?.(parts) ?? [])]) addStep(project, task, step);
    addStep(project, task, jestStep(flavours, picked.flatMap((t) => t.jest!.dirs), { memoryTmp: picked.every((t) => t.memoryTmp), typecheck: true }));
  };
  // A 250-run sample of the property test per store instead of 25,000 (test/unit/fuzz-<store>.test.ts), and
  // the address oracle's answers replayed for the newest judge of each tool instead of every judge
  // (test/unit/address-answers.test.ts; its check of the recording's keys runs whole).
  loop('test:fast', 'The fast loop: test/unit (cdktf flavour, a small fuzz sample, the address answers of the newest judges) and test/repo, the type-check beside them; a file argument runs that file alone',
    TIERS.filter((t) => t.fast), ['cdktf'], { FUZZ_RUNS_PER_STORE: '250', STATE_BACKENDS_ADDRESS_REPLAY: 'newest' });
  loop('test:push', 'Before pushing: test/unit and test/judges in both flavours and test/repo, the type-check beside them (builds the judges if missing)',
    TIERS.filter((t) => t.push), ['cdktf', 'cdktn']);
}

/** Adds one step to a task, whatever its kind. */
function addStep(project: cdktf.ConstructLibraryCdktf, task: ReturnType<cdktf.ConstructLibraryCdktf['addTask']>, step: TaskStep): void {
  const { spawn, exec, builtin, say, shell, execArgs, ...options } = step;
  if (shell || execArgs) throw new Error('tiers: a step with shell or execArgs is not supported');
  if (spawn) task.spawn(project.tasks.tryFind(spawn) ?? failNoTask(spawn), options);
  else if (exec) task.exec(exec, options);
  else if (builtin) task.builtin(builtin);
  else if (say) task.say(say);
}

function failNoTask(name: string): never {
  throw new Error(`tiers: no task ${name}`);
}
