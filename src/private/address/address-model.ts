import { PartSource } from './state-objects';

/*
 * The address model, written down once: where each part of a state address comes from, how each
 * target reads it, and what comparing two stacks' parts gives. state-objects.ts computes addresses
 * by these rows, framework/shared-state.ts decides by the comparison rows, and README "One state
 * object per stack" prints both tables (test/repo/readme.test.ts holds the README to them).
 */

/** One source of a part: how Terraform (and OpenTofu before 1.8) and OpenTofu 1.8+ read it. */
export interface SourceRow {
  readonly source: PartSource;
  readonly what: string;
  readonly literalTargets: string;
  readonly evaluatingTargets: string;
}

export const ADDRESS_SOURCES: readonly SourceRow[] = [
  {
    source: 'literal',
    what: 'a string in the block (props, `addOverride`, a rendered token)',
    literalTargets: 'the text itself, `${...}` and `%{...}` included (JSON strings are read literally), as Unicode NFC',
    evaluatingTargets: 'a template: `$${` and `%%{` are the literal text, the rest as written, as Unicode NFC',
  },
  {
    source: 'expression',
    what: 'a `${...}` or `%{...}` template OpenTofu evaluates at init',
    literalTargets: '(none: read as literal text)',
    evaluatingTargets:
      'folded where the code names it (literals through `lower`, `upper`, `trimspace`, `trimprefix`, `trimsuffix`, `trim`, `replace`, `join`, ' +
      '`format("%s")`, `nonsensitive`, `tostring`, `coalesce`; `path.module` and `path.root` are "." in every synthesized stack); ' +
      '`terraform.workspace` is the workspace init runs in, which each object is compared in (the default one, one neither stack names, ' +
      'each name a workspace can have that the other spells); ' +
      'a variable (or a local of one) is the run\'s `-var` or `TF_VAR_<name>`, else the stack\'s default, tried like an env var; another template ' +
      '(a function the code does not fold, a directive, a strip marker) is one value in every stack of one run: the same text, spaces aside, with the same ' +
      'variable defaults and locals, is one value, and it is compared with no other; one that reads `path.cwd`, `abspath`, a file function or a ' +
      'changing call (`timestamp`, `uuid`) is each stack\'s own',
  },
  {
    source: 'default',
    what: 'a field left unset that no env var sets',
    literalTargets: 'the tool\'s default (COS and OSS `key`: terraform.tfstate, OSS `prefix`: env:, AzureRM `environment`: public)',
    evaluatingTargets: 'the same',
  },
  {
    source: 'env',
    what: 'a field left unset that the tool reads from env vars',
    literalTargets: 'the run\'s env var (AzureRM `environment`: ARM_ENVIRONMENT), else the default',
    evaluatingTargets: 'the same (GCS `universe_domain`: GOOGLE_BACKEND_UNIVERSE_DOMAIN)',
  },
  {
    source: 'file',
    what: 'a value of a config file (`addConfigFile`), which init merges over the block',
    literalTargets: 'the file\'s literal value; the block alone is a second address, for a run without the file',
    evaluatingTargets: 'the same (a file is read without variables)',
  },
  {
    source: 'init',
    what: '`StateBackendValue.fromInit()`, a required field left out, `-backend-config=KEY=VALUE`',
    literalTargets:
      'the run\'s value, given to every stack\'s init alike where one command runs them (`TF_CLI_ARGS_init`), tried like an env var; ' +
      'none given, what the block leaves (the field\'s env var, else its default; a required field: init fails)',
    evaluatingTargets: 'the same',
  },
];

/** What two stacks' addresses give, compared in one run (one environment, one workspace, one TF_CLI_ARGS_init). */
export interface ComparisonRow {
  readonly when: string;
  readonly outcome: string;
}

export const ADDRESS_COMPARISONS: readonly ComparisonRow[] = [
  {
    when: 'every part equal as text, or as the same expression (the same env var, the same variable, the same template), in stacks deployed together ' +
      '(one depends on the other), with every config file a run may give both (or none), and no part given at init',
    outcome: 'error `stack/shared-state`',
  },
  {
    when: 'the same, in stacks that are not deployed together; or equal only in the default workspace or a named one, only in a run without (or with) ' +
      'a config file, only with files of different names (two inits chose them), or only as values given at init',
    outcome: 'warning `stack/shared-state-from-run` (a workspace per stack keeps them apart)',
  },
  {
    when: 'one stack takes a part from an env var, an OpenTofu variable or init and the other sets it (or leaves it to a default the run may replace), ' +
      'or two stacks give one variable different defaults',
    outcome: 'warning `stack/shared-state-from-run`, naming the env var, variable or init value and the value under which they meet',
  },
  {
    when: 'a part unknown to the code (an expression that reads `path.cwd`, files or a changing call), two different variables, a function of a variable ' +
      'and a literal, or a template the code does not fold and a literal (or a folded template), the rest equal',
    outcome: 'nothing: the run decides, and a guess would refuse apps that work',
  },
  {
    when: 'a part different as text',
    outcome: 'nothing: two objects',
  },
];

/** The two tables as Markdown, for the README. */
export function addressModelMarkdown(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| part | what it is | Terraform, OpenTofu before 1.8 | OpenTofu 1.8 and later |',
    '|---|---|---|---|',
    ...ADDRESS_SOURCES.map((r) => `| ${r.source} | ${cell(r.what)} | ${cell(r.literalTargets)} | ${cell(r.evaluatingTargets)} |`),
    '',
    '| two stacks\' addresses | outcome |',
    '|---|---|',
    ...ADDRESS_COMPARISONS.map((r) => `| ${cell(r.when)} | ${cell(r.outcome)} |`),
  ].join('\n');
}
