/**
 * The judges, as data: one row per tool release the tests run (tool, version, how its binary is
 * had, whether it is a pre-release, which tiers run it). The one list every reader takes them
 * from: jest (test/support/judges.ts), the docs (scripts/fields-doc.ts: the "judged by" column),
 * the release workflow (.projenrc.ts), and, through the view `scripts/judges.txt` that
 * `npx projen docs:fields` writes from it (test/repo/judges-list.test.ts fails when it is stale),
 * scripts/judges.sh, pytest, JUnit and go test.
 *
 * Every row that judges the tables is a release the library knows (src/private/target/releases.ts),
 * and every known release has a row: test/unit/private/target/releases.test.ts. Adding a release is
 * a row here and its version there; then `npx projen docs:fields`. A row limited to `rules` judges
 * only those rules (a release before the one where a rule's verdict changes, older than every judge
 * of the tables): no tier runs it, the rules' tests do (`ruleJudges` in test/support/judges.ts), and
 * it is not a known release.
 */
import { ToolName } from '../../src/private/target/target';

/** The tiers of projenrc/tiers.ts that run judges. */
export type JudgeTier = 'judges' | 'runtime' | 'languages';

/** Every tier that runs judges. */
export const EVERY_TIER: readonly JudgeTier[] = ['judges', 'runtime', 'languages'];

/** How a judge's binary is had (scripts/judges.sh). */
export type JudgeBuild =
  /** The `terraform` on PATH: CI installs this release; elsewhere whatever release is there judges, at its own version. */
  | { readonly from: 'path' }
  /**
   * Terraform built from its source archive `terraform-<version>-src.tar.gz`, checked against
   * `sha256` (`$STATE_BACKENDS_TERRAFORM_SRC`, else `../shared/judges/` beside the repository).
   */
  | { readonly from: 'archive'; readonly sha256: string }
  /**
   * Built from the Go module proxy by a throwaway wrapper module that requires the tool's module at
   * the release. Terraform's backends are nested modules its go.mod replaces with local paths:
   * the wrapper requires each at `nested`, the pseudo-version of the release's commit (the proxy
   * serves them at that version, not by the release's tag). `go` names the Go toolchain when the
   * release needs a newer one than the machine's (fetched from the proxy as `golang.org/toolchain`).
   */
  | { readonly from: 'proxy'; readonly nested?: string; readonly go?: string };

/** One judge: a tool at one release. */
export interface JudgeRow {
  readonly tool: ToolName;
  readonly version: string;
  readonly build: JudgeBuild;
  /** A release candidate or beta: judged provisionally, for the fields its release adds (the docs say so). */
  readonly preRelease?: boolean;
  /** The tiers that run it (none for a row limited to `rules`). */
  readonly tiers: readonly JudgeTier[];
  /**
   * The rules it judges, and nothing else: the tests of those rules run it (`ruleJudges`), no tier's
   * loop over the judges does. For a release before the one where a rule's verdict changes that no
   * judge of the tables reaches (test/unit/private/target/releases.test.ts holds each to its rules).
   */
  readonly rules?: readonly string[];
  /** Why this release is a judge. */
  readonly why: string;
}

export const JUDGE_ROWS: readonly JudgeRow[] = [
  {
    tool: 'terraform',
    version: '1.11.4',
    build: { from: 'path' },
    tiers: EVERY_TIER,
    why: 'the terraform on PATH, the release CI installs',
  },
  {
    tool: 'terraform',
    version: '1.15.9',
    build: { from: 'archive', sha256: '0ea85646ab7caf6fbe480d600c6694ea25965b2e1348e4cab265acf3d764b14f' },
    tiers: EVERY_TIER,
    why: 'the release the tables were read from',
  },
  {
    tool: 'terraform',
    version: '1.16.4',
    build: { from: 'proxy', nested: 'v0.0.0-20260923115756-6ee8af215a53' },
    tiers: EVERY_TIER,
    why: 'the newest release the Go module proxy serves (the default target)',
  },
  {
    tool: 'opentofu',
    version: '1.6.3',
    build: { from: 'proxy' },
    tiers: EVERY_TIER,
    why: 'the oldest release the Go module proxy serves that Go 1.26 builds',
  },
  {
    tool: 'opentofu',
    version: '1.12.6',
    build: { from: 'proxy' },
    tiers: EVERY_TIER,
    why: 'the newest release',
  },
  {
    tool: 'opentofu',
    version: '1.13.0-beta1',
    build: { from: 'proxy', go: 'go1.27.4' },
    preRelease: true,
    tiers: EVERY_TIER,
    why: 'the first pre-release of 1.13, for the arguments 1.13.0 adds',
  },
  {
    tool: 'terraform',
    version: '1.4.7',
    build: { from: 'proxy' },
    tiers: [],
    rules: ['state-store/import-target'],
    why: 'the last release before import blocks (1.5.0): it refuses the import block of `adopt`, which the library refuses before 1.5.0',
  },
];

/** `terraform 1.16.4`, `opentofu 1.13.0-beta1 (pre-release)`. */
export function judgeLabel(row: Pick<JudgeRow, 'tool' | 'version' | 'preRelease'>): string {
  return `${row.tool} ${row.version}${row.preRelease ? ' (pre-release)' : ''}`;
}

/** The rows that judge the tables (every row not limited to `rules`). */
export const TABLE_JUDGE_ROWS: readonly JudgeRow[] = JUDGE_ROWS.filter((r) => r.rules === undefined);

/** The releases of the rows of `tool` that judge the tables, in the order of the list. */
export function judgedReleases(tool: ToolName): string[] {
  return TABLE_JUDGE_ROWS.filter((r) => r.tool === tool).map((r) => r.version);
}

/** The view scripts/judges.txt: one line per row, for the readers that are not TypeScript. */
export function judgesList(): string {
  const header = [
    '# Generated from test/support/judge-rows.ts by `npx projen docs:fields`. Do not edit.',
    '#',
    '# One line per judge: <tool> <version> <from> [key=value ...], where <from> is',
    '#   path     the `terraform` on PATH (CI installs this release; elsewhere whatever release is there)',
    '#   archive  Terraform built from terraform-<version>-src.tar.gz, checked against sha256=',
    '#   proxy    built from the Go module proxy; nested= pins Terraform\'s nested backend modules at',
    '#            that pseudo-version, go= names the Go toolchain the release needs',
    '# and the keys are tiers= (the tiers that run it, comma-separated; none for a judge of some rules only),',
    '# rules= (the rules it alone judges, comma-separated) and pre-release=true.',
    '# A built Terraform is <cache>/terraform/<version>/terraform (or the binary',
    '# $STATE_BACKENDS_TERRAFORM_<version with _ for . and ->), an OpenTofu <cache>/tofu/<version>/tofu.',
  ];
  const width = Math.max(...JUDGE_ROWS.map((r) => r.version.length));
  const lines = JUDGE_ROWS.map((r) => {
    const keys: string[] = [];
    if (r.build.from === 'archive') keys.push(`sha256=${r.build.sha256}`);
    if (r.build.from === 'proxy' && r.build.nested) keys.push(`nested=${r.build.nested}`);
    if (r.build.from === 'proxy' && r.build.go) keys.push(`go=${r.build.go}`);
    keys.push(`tiers=${r.tiers.join(',')}`);
    if (r.rules) keys.push(`rules=${r.rules.join(',')}`);
    if (r.preRelease) keys.push('pre-release=true');
    return [r.tool.padEnd(9), r.version.padEnd(width), r.build.from.padEnd(7), ...keys].join(' ');
  });
  return [...header, ...lines].join('\n') + '\n';
}
