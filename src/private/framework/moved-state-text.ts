import { CommandSight, runsInitFor } from './cli-command';
import { MoveFacts, NamedBackend, NextRun, addressOf, sameObject, show, unsetValue } from './last-init';
import { adoptedNote, ownStateEmpty } from './own-state-text';
import { BackendConfigArg, initArgsPrefix } from '../kit/init-args';
import { envVarsOf, holdsSecret, keyFor } from '../kit/schema';
import { FRAMEWORK } from '../target/flavour';

/*
 * The words of stack/state-moved (moved-state.ts decides which case it is). Each names the objects
 * as a user reads them in the run's workspace, and gives only commands it can tie to the objects:
 * a config file in a command that copies state only where the last init's values are that file's
 * (never one environment's state over another's), the run's own init arguments where it gives
 * some, a secret's value never (the env var that carries it instead). Every command is one that
 * runs as printed on a terminal and in CI alike: `diff`, which runs init and plans without asking
 * (a `deploy` without --auto-approve asks, and fails without a terminal: "Raw mode is not
 * supported"); a copy is `-force-copy` in TF_CLI_ARGS_init, which answers every question of init
 * (with named workspaces besides default init asks "migrate all workspaces?", which cdktf-cli 0.21.0
 * and cdktn-cli 0.24.0 do not answer: their --migrate-state answers only "copy existing state?",
 * terraform-cli.ts init; with TF_INPUT=0 --migrate-state fails, "input is disabled"), and the plan
 * the diff shows after the copy tells whether the state arrived (no changes). A command that sets
 * no init arguments where the run has TF_CLI_ARGS_init sets it empty, so that it is the same run
 * wherever it is typed.
 */

const quoted = (v: unknown) => JSON.stringify(typeof v === 'string' ? v : String(v));
/** The tool keys that name a backend's object. */
export const keysOfAddress = (named: NamedBackend) => new Set([...named.layout.container, ...(named.layout.namespace ?? []), ...named.layout.object]);

/** A command's `TF_CLI_ARGS_init=...` start: the words, or an empty value where the run's environment has some (the command must not inherit them). */
function prefix(words: readonly string[]): string {
  if (words.length === 0 && process.env.TF_CLI_ARGS_init) return 'TF_CLI_ARGS_init= ';
  return initArgsPrefix(words);
}

/** The run's -backend-config arguments as a command may print them: a secret's value left out, and what carries it instead. */
export function printedArgs(named: NamedBackend, configs: readonly BackendConfigArg[]): { words: string[]; withheld: string } {
  const words: string[] = [];
  const left: string[] = [];
  for (const c of configs) {
    if ('file' in c) {
      words.push(`-backend-config=${c.file}`);
      continue;
    }
    const field = named.fields.find((f) => keyFor(f, named.target.tool) === c.key);
    if (field && holdsSecret(field, c.value)) {
      const vars = envVarsOf(field, named.target.tool, named.target.version);
      left.push(`${c.key} (${vars.length > 0 ? `give it in ${vars.join(' or ')}` : 'give it in a config file of your own, with -backend-config=<its path>'})`);
    } else {
      words.push(`-backend-config=${c.key}=${c.value}`);
    }
  }
  const withheld = left.length === 0 ? ''
    : `; these commands leave out the secret value${left.length > 1 ? 's' : ''} this run gives in TF_CLI_ARGS_init: ${left.join(', ')}`;
  return { words, withheld };
}

/** `-backend-config=KEY=VALUE` giving `key` the value `value`, or the value the tool takes where it is unset (`undefined`). */
export function givenWord(named: NamedBackend, key: string, value: unknown): string {
  return `-backend-config=${key}=${value === undefined ? unsetValue(named, key).value : String(value)}`;
}

/** The env vars whose values the words of unset keys `keys` took (the record keeps none): said where some did. */
export function unsetNote(named: NamedBackend, keys: readonly string[]): string {
  const from = keys.flatMap((k) => {
    const env = unsetValue(named, k).env;
    return env ? [`${k} from ${env} as it is now`] : [];
  });
  return from.length === 0 ? '' : ` (${from.join(', ')}: the record of an init keeps no value an env var gave it)`;
}

/**
 * The commands of a recipe for `named`: copy to, or use as it is, the object the words name; under a
 * command naming its output directory (`--output`), each names it too (it holds the last init).
 */
export function recipeCommands(named: NamedBackend, sight: CommandSight) {
  const output = 'seen' in sight && sight.seen.output !== undefined ? ` --output ${shellWord(sight.seen.output)}` : '';
  const diff = (words: readonly string[]) => `${prefix(words)}${FRAMEWORK} diff ${named.stack}${output}`;
  return {
    copy: (words: readonly string[]) => diff(['-force-copy', ...words]),
    copyNote: '(init -force-copy copies every workspace\'s state without a question and leaves the old objects as they are; ' +
      'the plan the diff shows after it must have no changes)',
    fresh: (words: readonly string[]) => diff(['-reconfigure', ...words]),
    point: (words: readonly string[]) => diff(['-reconfigure', ...words]),
  };
}

/** `word` as a shell reads it back: itself where it needs no quotes. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.split("'").join("'\\''")}'`);

/** The init arguments that name the last init's environment: the run's own, else the file and values the last init was given. */
function environmentWords(facts: MoveFacts): string[] {
  if (facts.run.args.configs.length > 0) return printedArgs(facts.named, facts.run.args.configs).words;
  const { named, lastFile, lastGiven } = facts;
  const byFile = lastFile ? named.files.get(lastFile)! : {};
  const keys = keysOfAddress(named);
  const given = Object.entries(lastGiven).filter(([k]) => keys.has(k) && !(k in byFile)).map(([k, v]) => givenWord(named, k, v));
  return [...(lastFile ? [`-backend-config=${lastFile}.tfbackend`] : []), ...given];
}

/** The run copies the state to the object its init names (`to`): what moves where, and what the plan after it must show. */
export function copyUnderWay(facts: MoveFacts, to: string): string {
  return `stack ${facts.named.stack}'s state moves: the last init in ${facts.named.directory} used ${facts.last.shown}, this run's init names ${to} ` +
    `and copies the state there (${facts.copying}): every workspace's, leaving the old objects as they are; the plan after it must have no changes ` +
    '(one that adds resources means no state arrived: do not apply it)';
}

/** The backend's type changed since the last init. */
export function typeChanged(facts: MoveFacts, lastType: string): string {
  const { named, run } = facts;
  const c = recipeCommands(named, facts.run.command);
  const { words, withheld } = printedArgs(named, run.args.configs);
  const head = `stack ${named.stack}'s state moves: the last init in ${named.directory} used a ${lastType} backend, this synth names a ${named.backend} backend`;
  if (facts.copying) return `${head}, and this run's init copies the state there (${facts.copying}): the plan after it must have no changes${adoptedNote(named.ownState)}`;
  if (run.args.reconfigure) {
    return `${head}, and this run's init uses it as it is (-reconfigure in TF_CLI_ARGS_init), copying nothing: the state the last init used stays ` +
      `where it was, and the plan after it starts from the new object's state, empty if none${ownStateEmpty(named.ownState)}; to copy the state there instead: ${c.copy(words)} ${c.copyNote}${withheld}`;
  }
  const fresh = named.ownState ? '' : `; to use the new object as it is, without copying (its state, empty if none): ${c.fresh(words)}`;
  return `${head}; ${cliCommandClause(run.command, named.stack)}; to copy the state there: ${c.copy(words)} ${c.copyNote}${adoptedNote(named.ownState)}${fresh}${withheld}`;
}

/** The code moved the object, and the stack has no config files: one environment. */
export function moved(facts: MoveFacts): string {
  const to = (facts.next ?? facts.now).shown;
  if (facts.copying) return copyUnderWay(facts, to);
  const c = recipeCommands(facts.named, facts.run.command);
  const words = environmentWords(facts);
  const { withheld } = printedArgs(facts.named, facts.run.args.configs);
  return `stack ${facts.named.stack}'s state moves: the last init in ${facts.named.directory} used ${facts.last.shown}, this synth names ${to}; ` +
    `${cliCommandClause(facts.run.command, facts.named.stack)}; to copy the state there: ${c.copy(words)} ${c.copyNote}; ` +
    `to use the new object as it is, without copying (its state, empty if none): ${c.fresh(words)}${withheld}`;
}

/**
 * The code moved the object of every environment (config files): each file's old and new object,
 * and the recipe that moves one environment (point the directory's last init at its old object,
 * then copy); nothing when the run is that recipe's first step. A key the old block left unset is
 * given back as the value the tool took for it then.
 */
export function movedPerEnvironment(facts: MoveFacts, lastEnv: string | undefined): string | undefined {
  const { named, workspace } = facts;
  const runFile = facts.runFiles[facts.runFiles.length - 1];
  if (facts.copying && facts.next && runFile !== undefined && lastEnv !== undefined) {
    if (runFile === lastEnv) return copyUnderWay(facts, facts.next.shown);
    return `stack ${named.stack}'s run copies one environment's state over another's: the last init in ${named.directory} used ${facts.last.shown} ` +
      `(${lastEnv}.tfbackend), this run's init names ${facts.next.shown} (${runFile}.tfbackend) and copies the first there (${facts.copying}); ` +
      'never copy between environments: move each with its own file';
  }
  const keys = keysOfAddress(named);
  // The block's values the code changed: the block the last init read (its hash tells it), else the
  // record's values the run did not give (a key the record holds as null was unset in the block too).
  const old = facts.oldBlock ?? Object.fromEntries(Object.entries(facts.lastConfig).filter(([k]) => !(k in facts.lastGiven)));
  const known = (k: string) => facts.oldBlock !== undefined || !(k in facts.lastGiven);
  const changed = [...keys].filter((k) => !named.fromInit.has(k) && known(k) && JSON.stringify(named.emitted[k]) !== JSON.stringify(old[k]));
  const envs = [...named.files].map(([file, values]) => {
    const mine = changed.filter((k) => !(k in values));
    const before = Object.fromEntries(mine.map((k) => [k, old[k]]));
    const oldValues = Object.fromEntries(mine.map((k) => [k, old[k] ?? unsetValue(named, k).value]));
    const from = show(addressOf(named, { ...named.emitted, ...oldValues, ...values }, [...Object.keys(values), ...mine]), workspace);
    const to = show(addressOf(named, { ...named.emitted, ...values }, Object.keys(values)), workspace);
    return { file, old: before, mine, from, to };
  });
  const pointing = facts.next && facts.run.args.reconfigure && envs.some((e) => sameObject(e.from.address, facts.next!.address, workspace));
  if (pointing) return undefined;
  const c = recipeCommands(named, facts.run.command);
  const moving = envs.filter((e) => !sameObject(e.from.address, e.to.address, workspace));
  const steps = (moving.length > 0 ? moving : envs).map((e) => {
    const point = c.point([`-backend-config=${e.file}.tfbackend`, ...e.mine.map((k) => givenWord(named, k, e.old[k]))]);
    return `${e.file}.tfbackend: ${point}${unsetNote(named, e.mine.filter((k) => e.old[k] === undefined))}, then ${c.copy([`-backend-config=${e.file}.tfbackend`])}`;
  });
  const shown = (v: unknown) => (v === undefined ? 'unset' : quoted(v));
  return `stack ${named.stack}'s state moves in every environment: this synth's block changed ${changed.map((k) => `${k} ${shown(old[k])} to ${shown(named.emitted[k])}`).join(', ')} ` +
    `(the last init in ${named.directory} used ${facts.last.shown}); each config file's object moves: ` +
    `${envs.map((e) => `${e.file}.tfbackend from ${e.from.shown} to ${e.to.shown}`).join('; ')}. ` +
    `Move each environment on its own, pointing the directory's last init at its old object, then copying (${steps.length > 1 ? 'all of them now: ' : ''}` +
    'once one is moved, the directory\'s last init is at the new layout and no later synth names the others): ' +
    `${steps.join('; ')} ${c.copyNote}; ` +
    'not -reconfigure alone (it starts the environment at its new object, leaving its state behind), and never a copy with another environment\'s file ' +
    '(it copies the last init\'s state over that environment\'s)';
}

/** The code did not move the object, but the run's init names another one than the last init used. */
export function runNamesAnother(facts: MoveFacts): string | undefined {
  const { named, run, runFiles } = facts;
  const next = facts.next!;
  const c = recipeCommands(named, facts.run.command);
  const { words, withheld } = printedArgs(named, run.args.configs);
  const runFile = runFiles[runFiles.length - 1];
  // (the last init's environment: the file whose values it used, or the one whose values changed since)
  const lastFile = facts.lastFile ?? facts.changedFile;
  const head = `the last init in ${named.directory} used ${facts.last.shown}${lastFile ? ` (${lastFile}.tfbackend)` : ''}, ` +
    `this run's init names ${next.shown}${runFile ? ` (${runFile}.tfbackend)` : ''}`;
  if (runFile !== undefined && lastFile !== undefined && !runFiles.includes(lastFile)) {
    const never = `never copy between environments (--migrate-state, -migrate-state, -force-copy): it copies ${lastFile}.tfbackend's state over ${runFile}.tfbackend's`;
    if (facts.copying) {
      return `stack ${named.stack}'s run copies one environment's state over another's: ${head}, and copies the first over the second ` +
        `(${facts.copying}); to switch environments instead: ${c.fresh(words.filter((w) => w !== '-force-copy'))}; ${never}${withheld}`;
    }
    return `stack ${named.stack}'s run switches environments: ${head}; ${cliCommandClause(run.command, named.stack)}; ` +
      `to switch (its object as it is): ${c.fresh(words)}; ${never}${withheld}`;
  }
  if (runFile !== undefined && facts.lastFile === undefined && facts.changedFile === undefined) return noFileNamesIt(facts);
  if (runFile !== undefined && facts.lastFile === undefined && facts.changedFile === runFile) return fileChanged(facts);
  const other = named.otherStackAt(next.address, facts.workspace);
  if (other !== undefined) {
    return `stack ${named.stack}'s next init names the object of stack ${other}: ${head}, which stack ${other}'s backend names ` +
      `(TF_CLI_ARGS_init gives its values to every stack a command runs init for)${facts.copying ? `, and copies ${named.stack}'s state over ${other}'s (${facts.copying})` : ''}; ` +
      `run ${named.stack} in a command of its own, without those values (a command that names ${other} alone: ${FRAMEWORK} diff ${other})`;
  }
  // A value given at init (a pull request's prefix, say) or the block's in its place: a switch or a move, which the run decides.
  if (facts.copying) return copyUnderWay(facts, next.shown);
  return `stack ${named.stack}'s next init names another object: ${head}; ${cliCommandClause(run.command, named.stack)}; ` +
    `if that is another environment's object (a pull request's, say): ${c.fresh(words)}; if this state belongs there (moving it): ${c.copy(words)} ${c.copyNote}; ` +
    `never copy one environment's state over another's${withheld}`;
}

/**
 * The directory's last init was given a value in place of the block's (the first step of a move's
 * recipe, or a pull request's object), and the run gives none: its init keeps the object it
 * recorded (the block unchanged, terraform 1.15.9 meta_backend.go backendFromConfig "using
 * already-initialized, unchanged backend configuration"), not the block's.
 */
export function stillAtGiven(facts: MoveFacts, keys: readonly string[], block: string): string {
  const { named, lastFile, lastGiven } = facts;
  const c = recipeCommands(named, facts.run.command);
  const given = keys.map((k) => `${k} ${quoted(lastGiven[k])}`).join(', ');
  // The copy names the last init's environment again (its file, the values the block leaves to init), and the block's values for the keys given in their place.
  const byFile = lastFile ? named.files.get(lastFile)! : {};
  const environment = Object.entries(lastGiven)
    .filter(([k]) => keysOfAddress(named).has(k) && !keys.includes(k) && !(k in byFile))
    .map(([k, v]) => givenWord(named, k, v));
  const words = [...(lastFile ? [`-backend-config=${lastFile}.tfbackend`] : []), ...environment, ...keys.map((k) => givenWord(named, k, named.emitted[k]))];
  return `stack ${named.stack}'s directory is still at the object its last init was given: the last init in ${named.directory} used ${facts.last.shown} ` +
    `(given ${given} at init), this synth's block names ${block}; an init given no -backend-config keeps the object it recorded, so ` +
    `${cliCommandClause(facts.run.command, named.stack, 'keeps')}. If the state moves to the block's object (a rename or a move half done), copy it: ` +
    `${c.copy(words)}${unsetNote(named, keys.filter((k) => named.emitted[k] === undefined))} ${c.copyNote}; if that object is another environment's on purpose ` +
    '(a pull request\'s), give its values at init in every command, as the last one was';
}

/**
 * A config file's values changed since the last init used it (a prefix added to prod.tfbackend, or
 * taken out): that environment's object moves, and its file with -force-copy copies the state there
 * (the directory's last init is at the old object, which the record names).
 */
export function fileChanged(facts: MoveFacts): string {
  const { named, run, workspace } = facts;
  const file = facts.changedFile!;
  const values = named.files.get(file)!;
  const to = facts.next ?? show(addressOf(named, { ...named.emitted, ...values }, Object.keys(values)), workspace);
  if (facts.copying && facts.next) return copyUnderWay(facts, to.shown);
  const c = recipeCommands(named, facts.run.command);
  const { words, withheld } = printedArgs(named, run.args.configs);
  const own = words.length > 0 ? words : [`-backend-config=${file}.tfbackend`];
  const shown = (v: unknown) => (v === undefined ? 'unset' : quoted(v));
  const what = [...keysOfAddress(named)].flatMap((k) => {
    const [before, after] = [facts.lastConfig[k], values[k] ?? named.emitted[k]];
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [`${k} ${shown(before)} to ${shown(after)}`];
  });
  return `stack ${named.stack}'s state moves with ${file}.tfbackend: the last init in ${named.directory} used ${facts.last.shown}, ` +
    `and ${file}.tfbackend now names ${to.shown} (${what.join(', ')} since); ${cliCommandClause(run.command, named.stack)}; ` +
    `to copy the state there: ${c.copy(own)} ${c.copyNote}; to use the new object as it is, without copying (its state, empty if none): ${c.fresh(own)}; ` +
    `never copy with another environment's file${withheld}`;
}

/** The last init's object is named by none of the config files: which environment it was, the library cannot tell. */
export function noFileNamesIt(facts: MoveFacts): string {
  const { named, workspace } = facts;
  const byFile = [...named.files].map(([file, values]) =>
    `${show(addressOf(named, { ...named.emitted, ...values }, Object.keys(values)), workspace).shown} with ${file}.tfbackend`);
  return `stack ${named.stack}'s state is where no config file puts it: the last init in ${named.directory} used ${facts.last.shown}, ` +
    `and the config files name ${byFile.join(', ')}; which environment's state that is (one retired, or one whose file changed) the library cannot tell: ` +
    'switching to an environment\'s object as it is takes -reconfigure with its file, and moving state across environments must never copy ' +
    '(--migrate-state, -migrate-state or -force-copy copies the last init\'s state over the other environment\'s)';
}

/**
 * What the run's init does with the object the note names, as far as the app can see the command
 * (framework/cli-command.ts): `stops` at "Backend configuration changed" (a move not told to copy),
 * or `keeps` the object it recorded (the block unchanged, no -backend-config).
 */
export function cliCommandClause(sight: CommandSight, stack: string, what: 'stops' | 'keeps' = 'stops'): string {
  const runsInit = 'seen' in sight && runsInitFor(sight.seen, stack);
  if (what === 'keeps') {
    return runsInit ? `this command's init (${sight.seen.cli} ${sight.seen.command}) uses that object and copies nothing` : 'the next init given none uses that object and copies nothing';
  }
  if (runsInit) return `this command's init (${sight.seen.cli} ${sight.seen.command}) stops at "Backend configuration changed" and writes nothing`;
  if ('unseen' in sight) {
    return 'the next init stops at "Backend configuration changed" unless its command copies (--migrate-state), which the library cannot see: ' +
      `${sight.unseen}`;
  }
  return 'the next init stops at "Backend configuration changed" until it is told to copy the state or not';
}

/** The run's copy, as the notes name it: -force-copy or -migrate-state in TF_CLI_ARGS_init, or the CLI's --migrate-state; undefined when it copies nothing. */
export function copyingOf(run: NextRun, stack: string, runsInit: (id: string) => boolean): string | undefined {
  if (run.args.forceCopy) return '-force-copy in TF_CLI_ARGS_init';
  if (run.args.migrate) return '-migrate-state in TF_CLI_ARGS_init';
  if ('seen' in run.command && run.command.seen.migrateState && runsInit(stack)) return `${run.command.seen.cli} ${run.command.seen.command} --migrate-state`;
  return undefined;
}
