import * as fs from 'fs';
import * as path from 'path';
import { underFrameworkCli } from './warnings';

/*
 * The command a framework CLI runs the app under (`cdktf deploy net --migrate-state`), for the
 * notes of stack/state-moved: which stacks the command runs init for, and whether its init copies
 * state. cdktf-cli 0.21.0 and cdktn-cli 0.24.0 tell the app none of it: they run the app's command
 * through a shell with their own environment (TF_VAR_* left out) plus the output directory,
 * CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS, CDKTF_CONTEXT_JSON (the context, and
 * cdktfRelativeModules) and SYNTH_HCL_OUTPUT (@cdktf/cli-core synth-stack.ts SynthStack.synth;
 * cdktn-cli's bundled handlers.js the same), and pass --migrate-state only to the `init` they run
 * after the synth (terraform-cli.ts init). So the CLI is an ancestor of the app's process (the CLI's
 * node, a shell, then the app: node, or mvn's java and the jsii runtime's node), and on Linux its
 * command line is in /proc/<pid>/cmdline, each process's parent in /proc/<pid>/stat. Elsewhere
 * (macOS, Windows) the app cannot see it, and the notes say so instead of guessing.
 *
 * The words are read as the CLIs' yargs reads them (the options each command declares, read from
 * both CLIs' bundles): an option of a value takes the next word, an array option (`--var`,
 * `--var-file`) every word up to the next option, a boolean a `true`/`false` after it, an unknown
 * option the next word that is no option, `--` ends the options; boolean negation is off
 * (`--no-color` is an option of its own); camelCase spellings are the same options.
 */

/** What the app can see of the command a framework CLI runs it under. */
export interface CliCommand {
  /** The CLI's name (`cdktf`, `cdktn`). */
  readonly cli: string;
  /** The command, aliases resolved (`deploy` for `apply`, `diff` for `plan`, `synth`, `output`...); empty when none was given. */
  readonly command: string;
  /** The stacks it names: patterns the CLIs match with minimatch (stack-helpers.ts getMultipleStacks), in order; none named: empty. */
  readonly stacks: readonly string[];
  /** `--migrate-state`: the CLI runs init with -migrate-state and answers "copy existing state?" with yes. */
  readonly migrateState: boolean;
  /** `--output` (`-o`): the output directory the command names, where it names one. */
  readonly output?: string;
}

/**
 * What a note knows of the command: `seen` (read from the CLI's command line), `unseen` with why (a CLI
 * runs the app, but its command line cannot be read here), or `none` (no CLI runs the app).
 */
export type CommandSight = { readonly seen: CliCommand } | { readonly unseen: string } | { readonly none: true };

const ALIASES: Readonly<Record<string, string>> = { apply: 'deploy', plan: 'diff', synthesize: 'synth', outputs: 'output' };
/** The commands that run init for the stacks they name (cli-core cdktf-project.ts deploy, destroy, diff, fetchOutputs; watch deploys). */
const RUNS_INIT = new Set(['deploy', 'destroy', 'diff', 'output', 'watch']);
/** Options that take the next word (typed string or number, or untyped), by every spelling. */
const VALUE_OPTIONS = new Set(['app', 'a', 'output', 'o', 'outputs-file', 'parallelism', 'terraform-parallelism', 'log-level', 'log-file-directory',
  'experimental-provider-schema-cache-path', 'context-json', 'template', 'project-name', 'project-description', 'dist', 'cdktf-version',
  'from-terraform-project', 'tfe-hostname', 'language']);
const ARRAY_OPTIONS = new Set(['var', 'var-file', 'providers', 'provider']);
const BOOLEAN_OPTIONS = new Set(['auto-approve', 'outputs-file-include-sensitive-outputs', 'ignore-missing-stack-dependencies', 'refresh-only', 'no-color',
  'migrate-state', 'skip-synth', 'skip-provider-lock', 'check-code-maker-output', 'hcl', 'json', 'force-local', 'disable-plugin-cache-env', 'local',
  'enable-crash-reporting', 'providers-force-local', 'force', 'show-performance-info', 'stack', 'help', 'h', 'version']);
/** The CLIs' scripts, as node's command line names them (bin/cdktf, bin/cdktn, or the bundle they load). */
const CLI_SCRIPT = /^(cdktf|cdktn)(\.js)?$/;

/** The command of a CLI's command line (`node <script> <words>...`), or undefined when it is no framework CLI's. */
export function commandOf(argv: readonly string[]): CliCommand | undefined {
  const script = argv.findIndex((w, i) => i <= 1 && CLI_SCRIPT.test(path.basename(w)));
  if (script < 0) return undefined;
  const cli = CLI_SCRIPT.exec(path.basename(argv[script]))![1];
  const positional: string[] = [];
  let migrateState = false;
  let output: string | undefined;
  const words = argv.slice(script + 1);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '--') {
      positional.push(...words.slice(i + 1));
      break;
    }
    const m = /^--?([^=]+)(?:=(.*))?$/s.exec(word);
    if (!m || word === '-') {
      positional.push(word);
      continue;
    }
    const name = m[1].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    let value = m[2];
    if (BOOLEAN_OPTIONS.has(name)) {
      if (value === undefined && (words[i + 1] === 'true' || words[i + 1] === 'false')) value = words[++i];
      if (name === 'migrate-state') migrateState = value === undefined || value === 'true';
    } else if (ARRAY_OPTIONS.has(name)) {
      if (value === undefined) while (i + 1 < words.length && !words[i + 1].startsWith('-')) i++;
    } else {
      if (value === undefined && i + 1 < words.length && (VALUE_OPTIONS.has(name) || !words[i + 1].startsWith('-'))) value = words[++i];
      if (name === 'output' || name === 'o') output = value;
    }
  }
  const first = positional.shift() ?? '';
  const command = ALIASES[first] ?? first;
  const stacks = RUNS_INIT.has(command) ? (command === 'diff' ? positional.slice(0, 1) : positional) : [];
  return { cli, command, stacks, migrateState, ...(output !== undefined ? { output } : {}) };
}

/** The nearest ancestor of process `pid` that is a framework CLI, its command read; undefined when none is; throws where /proc cannot be read. */
export function commandAbove(pid: number): CliCommand | undefined {
  let current = pid;
  for (let depth = 0; depth < 64 && current > 1; depth++) {
    const stat = fs.readFileSync(`/proc/${current}/stat`, 'utf8');
    // (the second field, the process's name, is in parentheses and may hold spaces: the parent is the second field after it)
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!(parent > 0)) return undefined;
    current = parent;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${current}/cmdline`, 'utf8').split('\0').filter((w, i, all) => w !== '' || i < all.length - 1);
    } catch {
      return undefined;
    }
    const found = commandOf(argv);
    if (found) return found;
  }
  return undefined;
}

let sight: CommandSight | undefined;

/** What the app can see of the command of the CLI that runs it (read once per process: the command does not change). */
export function cliCommand(): CommandSight {
  if (!underFrameworkCli()) return { none: true };
  if (sight) return sight;
  try {
    const found = commandAbove(process.pid);
    sight = found ? { seen: found } : { unseen: 'no process above the app is cdktf-cli\'s or cdktn-cli\'s' };
  } catch {
    sight = { unseen: `the app cannot read the command line of the CLI that runs it on ${process.platform} (it reads /proc on Linux)` };
  }
  return sight;
}

/** Whether `command` runs init for the stacks it acts on (synth, list and the others run none). */
export function runsInit(command: CliCommand): boolean {
  return RUNS_INIT.has(command.command);
}

/**
 * Whether `command` runs init for stack `id`: a command that runs init for the stacks it names,
 * and names this one (or names none: the CLIs then take the app's only stack). A pattern this module
 * cannot read as minimatch would (an extglob) is taken to name it.
 */
export function runsInitFor(command: CliCommand, id: string): boolean {
  if (!runsInit(command)) return false;
  if (command.stacks.length === 0) return true;
  return command.stacks.some((p) => globMatches(p, id) ?? true);
}

/**
 * Whether stack id `id` matches the CLIs' pattern `pattern` as minimatch 3 does with no options (a
 * stack id holds no `/`): `*`, `?`, `[...]` classes, `{a,b}` and `{1..3}` braces, a leading `!`
 * negating; undefined for an extglob (`+(`, `@(`, `!(`...), which it does not read.
 */
export function globMatches(pattern: string, id: string): boolean | undefined {
  let negated = false;
  let p = pattern;
  while (p.startsWith('!')) {
    negated = !negated;
    p = p.slice(1);
  }
  if (/[?*+@!]\(/.test(p)) return undefined;
  const found = expandBraces(p).some((one) => globRegExp(one).test(id));
  return negated ? !found : found;
}

/** `{a,b}` and `{1..3}` expanded, as minimatch's brace expansion does (nested braces too; a brace with neither is itself). */
function expandBraces(p: string): string[] {
  const open = p.indexOf('{');
  if (open < 0) return [p];
  const head = p.slice(0, open);
  const cuts = [open];
  let depth = 0;
  for (let i = open; i < p.length; i++) {
    if (p[i] === '{') {depth++;} else if (p[i] === ',' && depth === 1) {cuts.push(i);} else if (p[i] === '}' && --depth === 0) {
      const inner = p.slice(open + 1, i);
      const range = /^(-?\d+)\.\.(-?\d+)$/.exec(inner);
      const options = range ? numbers(Number(range[1]), Number(range[2]))
        : cuts.length > 1 ? [...cuts.slice(1), i].flatMap((end, k) => expandBraces(p.slice(cuts[k] + 1, end)))
          : expandBraces(inner).map((x) => `{${x}}`);
      const tails = expandBraces(p.slice(i + 1));
      return options.flatMap((o) => tails.map((t) => head + o + t));
    }
  }
  return [p];
}

/** The integers from `a` to `b`, either way. */
function numbers(a: number, b: number): string[] {
  const step = b >= a ? 1 : -1;
  return Array.from({ length: Math.abs(b - a) + 1 }, (_, k) => String(a + k * step));
}

/** One brace-free glob as a regular expression over a whole stack id (a leading `.` is matched only by a pattern's own). */
function globRegExp(p: string): RegExp {
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\' && i + 1 < p.length) {re += escape(p[++i]);} else if (c === '*') {re += i === 0 ? '(?!\\.)[^/]*' : '[^/]*';} else if (c === '?') {re += i === 0 ? '(?!\\.)[^/]' : '[^/]';} else if (c === '[') {
      const close = p.indexOf(']', i + 2);
      if (close < 0) {re += '\\[';} else {
        const body = p.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = close;
      }
    } else {re += escape(c);}
  }
  return new RegExp(`^${re}$`);
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
