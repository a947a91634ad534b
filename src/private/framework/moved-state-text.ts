import { LastInit, MoveFacts, NamedBackend, NextRun, addressOf, sameObject, show } from './last-init';
import { backendConfigWord, initArgsPrefix } from '../kit/init-args';
import { FRAMEWORK } from '../target/flavour';

/*
 * The words of stack/state-moved (moved-state.ts decides which case it is). Each names the objects
 * as a user reads them in the run's workspace, and gives only commands it can tie to the objects:
 * a config file in a command that copies state only where the last init's values are that file's
 * (never one environment's state over another's), the run's own init arguments where it gives
 * some. Copying with named workspaces besides default needs -force-copy: init then asks "migrate
 * all workspaces?" (terraform 1.15.9 meta_backend_migrate.go migrateEnvToEnv prompts), which
 * cdktf-cli 0.21.0 and cdktn-cli 0.24.0 do not answer (they answer only "copy existing state?").
 */

const quoted = (v: unknown) => JSON.stringify(typeof v === 'string' ? v : String(v));
const keysOfAddress = (named: NamedBackend) => new Set([...named.layout.container, ...(named.layout.namespace ?? []), ...named.layout.object]);

/** The command that deploys the stack alone (cdktf-cli 0.21.0 and cdktn-cli 0.24.0 refuse one whose dependencies the command leaves out, but with the flag). */
export function deployCommand(named: NamedBackend): string {
  return `${FRAMEWORK} deploy ${named.stack}${named.dependsOnOthers ? ' --ignore-missing-stack-dependencies' : ''}`;
}

/** The deploy command of the stack, and the command that copies its state with init arguments `words`, and what that copy does. */
function commands(named: NamedBackend, workspace: string) {
  const deploy = deployCommand(named);
  const copy = (words: readonly string[]) => (workspace === 'default'
    ? `${initArgsPrefix(words)}${deploy} --migrate-state`
    : `${initArgsPrefix(['-force-copy', ...words])}${deploy}`);
  const copyNote = workspace === 'default'
    ? '(init -migrate-state copies every workspace\'s state and leaves the old objects as they are; with named workspaces besides default, put ' +
      '-force-copy in TF_CLI_ARGS_init instead of --migrate-state: init then asks "migrate all workspaces?", which neither CLI answers)'
    : `(the run's workspace is ${workspace}: with named workspaces init asks "migrate all workspaces?", which neither CLI answers, and -force-copy answers yes; ` +
      'every workspace\'s state is copied and the old objects are left as they are)';
  const fresh = (words: readonly string[]) => `${initArgsPrefix(['-reconfigure', ...words])}${deploy}`;
  return { deploy, copy, copyNote, fresh };
}

/** The init arguments that name the last init's environment: the run's own, else the file and values the last init was given. */
function environmentWords(facts: MoveFacts): string[] {
  if (facts.run.args.configs.length > 0) return facts.run.args.configs.map(backendConfigWord);
  const { named, lastFile, lastGiven } = facts;
  const byFile = lastFile ? named.files.get(lastFile)! : {};
  const keys = keysOfAddress(named);
  const given = Object.entries(lastGiven).filter(([k]) => keys.has(k) && !(k in byFile)).map(([k, v]) => `-backend-config=${k}=${String(v)}`);
  return [...(lastFile ? [`-backend-config=${lastFile}.tfbackend`] : []), ...given];
}

/** The backend's type changed since the last init. */
export function typeChanged(named: NamedBackend, last: LastInit, run: NextRun, workspace: string): string {
  const c = commands(named, workspace);
  const words = run.args.configs.map(backendConfigWord);
  return `stack ${named.stack}'s state moves: the last init in ${named.directory} used a ${last.type} backend, this synth names a ${named.backend} backend; ` +
    `to copy the state there: ${c.copy(words)} ${c.copyNote}; to use the new object as it is, without copying (its state, empty if none): ${c.fresh(words)}`;
}

/** The code moved the object, and the stack has no config files: one environment. */
export function moved(facts: MoveFacts): string {
  const c = commands(facts.named, facts.workspace);
  const words = environmentWords(facts);
  return `stack ${facts.named.stack}'s state moves: the last init in ${facts.named.directory} used ${facts.last.shown}, this synth names ${(facts.next ?? facts.now).shown}; ` +
    `to copy the state there: ${c.copy(words)} ${c.copyNote}; to use the new object as it is, without copying (its state, empty if none): ${c.fresh(words)}`;
}

/**
 * The code moved the object of every environment (config files): each file's old and new object,
 * and the recipe that moves one environment (point the directory's last init at its old object,
 * then copy); nothing when the run is that recipe's first step.
 */
export function movedPerEnvironment(facts: MoveFacts): string | undefined {
  const { named, workspace } = facts;
  const keys = keysOfAddress(named);
  // The block's values the code changed (the block the last init read, or the record's values the run
  // did not give); a key the old block left unset is not one a -backend-config value can give back.
  const old = facts.oldBlock ?? Object.fromEntries(Object.entries(facts.lastConfig).filter(([k]) => !(k in facts.lastGiven)));
  const changed = [...keys]
    .filter((k) => !named.fromInit.has(k) && old[k] !== undefined && JSON.stringify(named.emitted[k]) !== JSON.stringify(old[k]));
  const envs = [...named.files].map(([file, values]) => {
    const mine = changed.filter((k) => !(k in values));
    const before = Object.fromEntries(mine.map((k) => [k, old[k]]));
    const from = show(addressOf(named, { ...named.emitted, ...before, ...values }, [...Object.keys(values), ...mine]), workspace);
    const to = show(addressOf(named, { ...named.emitted, ...values }, Object.keys(values)), workspace);
    return { file, old: before, from, to };
  });
  const pointing = facts.next && facts.run.args.reconfigure && envs.some((e) => sameObject(e.from.address, facts.next!.address, workspace));
  if (pointing) return undefined;
  const c = commands(named, workspace);
  const moving = envs.filter((e) => !sameObject(e.from.address, e.to.address, workspace));
  const first = moving[0] ?? envs[0];
  const step1 = `${initArgsPrefix(['-reconfigure', `-backend-config=${first.file}.tfbackend`, ...Object.entries(first.old).map(([k, v]) => `-backend-config=${k}=${String(v)}`)])}` +
    `${FRAMEWORK} diff ${named.stack}`;
  const others = moving.filter((e) => e !== first).map((e) => `${e.file}.tfbackend`);
  return `stack ${named.stack}'s state moves in every environment: this synth's block changed ${changed.map((k) => `${k} ${quoted(old[k])} to ${quoted(named.emitted[k])}`).join(', ')} ` +
    `(the last init in ${named.directory} used ${facts.last.shown}); each config file's object moves: ` +
    `${envs.map((e) => `${e.file}.tfbackend from ${e.from.shown} to ${e.to.shown}`).join('; ')}. ` +
    'Move each environment on its own, pointing the directory\'s last init at its old object, then copying: ' +
    `${step1}, then ${c.copy([`-backend-config=${first.file}.tfbackend`])} ${c.copyNote}` +
    `${others.length > 0 ? `; the same with ${others.join(', ')}` : ''}; ` +
    'not -reconfigure alone (it starts the environment at its new object, leaving its state behind), and never --migrate-state with another environment\'s file ' +
    '(it copies the last init\'s state over that environment\'s)';
}

/** The code did not move the object, but the run's init names another one than the last init used. */
export function runNamesAnother(facts: MoveFacts): string | undefined {
  const { named, run, lastFile, runFiles } = facts;
  const next = facts.next!;
  const c = commands(named, facts.workspace);
  const words = run.args.configs.map(backendConfigWord);
  const runFile = runFiles[runFiles.length - 1];
  const head = `the last init in ${named.directory} used ${facts.last.shown}${lastFile ? ` (${lastFile}.tfbackend)` : ''}, ` +
    `this run's init names ${next.shown}${runFile ? ` (${runFile}.tfbackend)` : ''}`;
  if (runFile !== undefined && lastFile !== undefined && !runFiles.includes(lastFile)) {
    const never = `never --migrate-state between environments: it copies ${lastFile}.tfbackend's state over ${runFile}.tfbackend's`;
    if (run.args.migrate) {
      return `stack ${named.stack}'s run copies one environment's state over another's: ${head}, and copies the first over the second ` +
        `(${run.args.forceCopy ? '-force-copy' : '-migrate-state'} in TF_CLI_ARGS_init); to switch environments instead: ${c.fresh(words.filter((w) => w !== '-force-copy'))}; ${never}`;
    }
    return `stack ${named.stack}'s run switches environments: ${head}, and stops at "Backend configuration changed"; ` +
      `to switch (its object as it is): ${c.fresh(words)}; ${never}`;
  }
  if (runFile !== undefined && lastFile === undefined) return noFileNamesIt(facts);
  // A value given at init (a pull request's prefix, say) or the block's in its place: a switch or a move, which the run decides.
  if (run.args.migrate) return undefined;
  return `stack ${named.stack}'s next init names another object: ${head}, and stops at "Backend configuration changed"; ` +
    `if that is another environment's object (a pull request's, say): ${c.fresh(words)}; if this state belongs there (moving it): ${c.copy(words)}; ` +
    'never copy one environment\'s state over another\'s';
}

/** The last init's object is named by none of the config files: which environment it was, the library cannot tell. */
export function noFileNamesIt(facts: MoveFacts): string {
  const { named, workspace } = facts;
  const byFile = [...named.files].map(([file, values]) =>
    `${show(addressOf(named, { ...named.emitted, ...values }, Object.keys(values)), workspace).shown} with ${file}.tfbackend`);
  return `stack ${named.stack}'s state is where no config file puts it: the last init in ${named.directory} used ${facts.last.shown}, ` +
    `and the config files name ${byFile.join(', ')}; which environment's state that is (one retired, or one whose file changed) the library cannot tell: ` +
    'switching to an environment\'s object as it is takes -reconfigure with its file, and moving state across environments must never use ' +
    '--migrate-state (it copies the last init\'s state over the other environment\'s)';
}
