/*
 * What the next `init` of a stack is given besides its block: the arguments both tools read from
 * the environment, TF_CLI_ARGS_init then TF_CLI_ARGS, placed right after the subcommand, before the
 * command's own (terraform 1.15.9 main.go mergeEnvArgs, split by go-shellwords without env or
 * backquote expansion; OpenTofu 1.12.6 the same). cdktf-cli 0.21.0 and cdktn-cli 0.24.0 pass their
 * environment to the app they synthesize and to each tool they run (only TF_VAR_* is kept from the
 * app), so an app reads there what its deploy's init will be given. Of init's flags
 * (internal/command/arguments/init.go) the ones that decide the state object are read: each
 * `-backend-config` (a file when the value has no `=`, else KEY=VALUE; merged in order, the later
 * winning: init.go backendConfigOverrideBody), `-reconfigure`, `-migrate-state` and `-force-copy`
 * (which implies -migrate-state: init_run.go).
 */

/** One `-backend-config` argument: a file (a path from the stack's directory), or one key's value. */
export type BackendConfigArg = { readonly file: string } | { readonly key: string; readonly value: string };

/** What the next init is given from the environment. */
export interface InitArgs {
  /** The `-backend-config` arguments, in the order init merges them. */
  readonly configs: readonly BackendConfigArg[];
  readonly reconfigure: boolean;
  /** -migrate-state or -force-copy: init copies the last backend's state to the new one. */
  readonly migrate: boolean;
  readonly forceCopy: boolean;
}

/** The env vars init reads its extra arguments from, in the order they are placed. */
export const INIT_ARG_VARS = ['TF_CLI_ARGS_init', 'TF_CLI_ARGS'] as const;

/** The init arguments `env` gives (process.env by default). */
export function initArgsOf(env: Readonly<Record<string, string | undefined>> = process.env): InitArgs {
  const words = INIT_ARG_VARS.flatMap((name) => splitArgs(env[name] ?? ''));
  const configs: BackendConfigArg[] = [];
  const flags = { reconfigure: false, migrateState: false, forceCopy: false };
  for (let i = 0; i < words.length; i++) {
    const m = /^--?([a-z-]+)(?:=(.*))?$/s.exec(words[i]);
    if (!m) continue;
    const [, name, inline] = m;
    if (name === 'backend-config') {
      const value = inline ?? words[++i] ?? '';
      const eq = value.indexOf('=');
      configs.push(eq < 0 ? { file: value } : { key: value.slice(0, eq), value: value.slice(eq + 1) });
      continue;
    }
    const on = inline === undefined || inline === 'true' || inline === '1';
    if (name === 'reconfigure') flags.reconfigure = on;
    if (name === 'migrate-state') flags.migrateState = on;
    if (name === 'force-copy') flags.forceCopy = on;
  }
  return { configs, reconfigure: flags.reconfigure, migrate: flags.migrateState || flags.forceCopy, forceCopy: flags.forceCopy };
}

/**
 * Words as go-shellwords splits them (ParseEnv and ParseBacktick off): blanks separate, single quotes
 * keep what they hold, double quotes and a backslash escape; an unquoted `;`, `&`, `|`, `<` or `>`
 * ends the arguments.
 */
export function splitArgs(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '\\' && i + 1 < text.length && (quote === undefined || '"\\$`'.includes(text[i + 1]))) {
      word = (word ?? '') + text[++i];
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (';&|<>'.includes(c)) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The `-backend-config` argument a user writes for `arg`. */
export function backendConfigWord(arg: BackendConfigArg): string {
  return 'file' in arg ? `-backend-config=${arg.file}` : `-backend-config=${arg.key}=${arg.value}`;
}

/**
 * `TF_CLI_ARGS_init=<words> ` as a shell command starts (empty for no words): each word quoted for
 * go-shellwords where it needs it, the whole for the shell.
 */
export function initArgsPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  const quoted = words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.split("'").join("'\\''")}'`));
  const value = quoted.join(' ');
  if (/^[\w@%+=:,./-]+$/.test(value)) return `TF_CLI_ARGS_init=${value} `;
  return `TF_CLI_ARGS_init="${value.replace(/["\\$`]/g, (c) => `\\${c}`)}" `;
}
