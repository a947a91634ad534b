import * as path from 'path';
import { TerraformStack } from 'cdktf';
import { runsInit, runsInitFor } from './cli-command';
import {
  LastInit, MoveFacts, Named, NamedBackend, NextRun, OwnNamed, addressOf, lastInitOf, namedBackend, nextRunOf, ownStateMoveOf, sameObject, show,
  unsetValue,
} from './last-init';
import * as text from './moved-state-text';
import { copyingOf } from './moved-state-text';
import { meetsNone } from '../address/address-compare';
import { backendBlockHash } from '../kit/backend-hash';
import { Warning } from '../kit/field-value';
import { InitArgs } from '../kit/init-args';
import { checkRuleRows } from '../kit/rule-row';

/*
 * stack/state-moved: the backend the last `init` of a stack used, against the one this synth and
 * its run name (last-init.ts reads them). Both tools record the backend a working directory was
 * initialized with in `.terraform/terraform.tfstate` (its type, every argument, the block's and the
 * -backend-config values merged, and the hash of the block alone: terraform 1.15.9
 * internal/command/meta_backend.go backendConfig, backend_C_r_S_changed; OpenTofu the same), and
 * the selected workspace in `.terraform/environment` (TF_WORKSPACE wins). cdktf-cli 0.21.0 and
 * cdktn-cli 0.24.0 run init in `<outdir>/stacks/<stack>` and keep that directory between synths,
 * and pass their environment to the app, so what the deploy's init will be given is read too
 * (kit/init-args.ts). The hash tells which recorded values the block gave and which init was given
 * (kit/backend-hash.ts), so a value given at init is not taken for a move of the code. Which
 * message a case gets is decided here, its words are in moved-state-text.ts.
 */

export const MOVED_STATE_RULE = {
  id: 'stack/state-moved',
  severity: 'warning',
  description:
    'the state object this synth and its run name (the init arguments in TF_CLI_ARGS_init and TF_CLI_ARGS, TF_WORKSPACE) is not the one the last init of ' +
    'the stack\'s directory used, or a directory of the output holds the last init of a stack the app no longer has; never an error in strict mode ' +
    '(it describes the deploy about to run, and the deploy that moves the state must pass)',
  evidence:
    'both tools keep the backend of the last init and the hash of its block in .terraform/terraform.tfstate and stop the next init at "Backend configuration changed" ' +
    'until -migrate-state (copies the state, leaving the old object) or -reconfigure (uses the new object as it is) is given ' +
    '(terraform meta_backend.go, meta_backend_migrate.go, configs/backend.go Backend.Hash; opentofu the same, at the releases read); cdktf-cli 0.21.0 and cdktn-cli 0.24.0 keep that directory ' +
    'between synths, delete the directories of stacks the app no longer has after it ran (SynthStack.synth), and pass their environment to the app and the tools, ' +
    'but not their command (read from the CLI\'s command line, an ancestor process, on Linux: framework/cli-command.ts); their --migrate-state answers only ' +
    '"copy existing state?" (terraform-cli.ts init), -force-copy every question, and a deploy without --auto-approve fails without a terminal, a diff does not',
} as const;
checkRuleRows('stack', [MOVED_STATE_RULE]);

/**
 * The warnings that `stack`'s state object moves since the last init in its directory, if it does,
 * for the run the environment describes (`run`); `own` is asked only where a last init is there.
 * Under a command the app can see that runs init for other stacks only (`cdktf deploy net`), none:
 * the note is for the run of the stacks it acts on.
 */
export function movedStateOf(stack: TerraformStack, own: () => OwnNamed, run?: NextRun): Warning[] {
  const last = lastInitOf(stack);
  if (!last) return [];
  const next = run ?? nextRunOf();
  if ('seen' in next.command && runsInit(next.command.seen) && !runsInitFor(next.command.seen, stack.node.id)) return [];
  const ownState = ownStateMoveOf(stack);
  const message = movedStateMessage({ ...namedBackend(stack, own()), ownState }, last, next);
  return message ? [movedStateWarning(message)] : [];
}

/** A stack/state-moved warning: shown, never refused, under the strict context key. */
export function movedStateWarning(message: string): Warning {
  return { id: MOVED_STATE_RULE.id, message, strict: false };
}

/** The message of a move since the last init, or undefined when the run uses the object the last init used. */
export function movedStateMessage(named: NamedBackend, last: LastInit, run: NextRun): string | undefined {
  const workspace = run.workspace ?? last.workspace;
  const copying = copyingOf(run, named.stack, (id) => 'seen' in run.command && runsInitFor(run.command.seen, id));
  const lastNamed = show(addressOf(named, last.config, Object.keys(last.config), true), workspace);
  const oldBlock = blockOfLastInit(named, last);
  const argKeys = new Set(run.args.configs.flatMap((c) => ('key' in c ? [c.key] : [])));
  const fileKeys = new Set([...named.files.values()].flatMap((v) => Object.keys(v)));
  const lastGiven: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(last.config)) {
    const given = oldBlock ? JSON.stringify(oldBlock[k]) !== JSON.stringify(v) : named.fromInit.has(k) || fileKeys.has(k) || argKeys.has(k);
    if (given) lastGiven[k] = v;
  }
  const now = show(addressOf(named, { ...named.emitted, ...lastGiven }, Object.keys(lastGiven)), workspace);
  const runFiles = filesOf(named, run.args);
  const next = runFiles === undefined ? undefined : nextOf(named, run.args, workspace);
  const lastFile = [...named.files.keys()].find((f) => {
    const values = named.files.get(f)!;
    const withFile = addressOf(named, { ...named.emitted, ...lastGiven, ...values }, [...Object.keys(lastGiven), ...Object.keys(values)]);
    return sameObject(lastNamed.address, withFile, workspace);
  });
  const changedFile = lastFile === undefined ? changedFileOf(named, last) : undefined;
  const lastConfig = last.config;
  const found = { lastConfig, lastGiven, oldBlock, now, next, runFiles: runFiles ?? [], lastFile, changedFile, copying };
  const facts: MoveFacts = { named, run, workspace, last: lastNamed, ...found };
  if (last.type !== named.backend) return text.typeChanged(facts, last.type);
  if (meetsNone(lastNamed.address) || meetsNone(now.address)) return undefined;
  if (!sameObject(lastNamed.address, now.address, workspace)) {
    if (named.files.size === 0) return text.moved(facts);
    // (the environment of the last init: the file whose values it used, whatever the block's other values were)
    const usedBy = (values: Readonly<Record<string, unknown>>) =>
      Object.entries(values).every(([k, v]) => JSON.stringify(last.config[k]) === JSON.stringify(v));
    const lastEnv = [...named.files].find(([, values]) => usedBy(values))?.[0];
    return text.movedPerEnvironment(facts, lastEnv);
  }
  if (next) {
    if (sameObject(lastNamed.address, next.address, workspace) || (run.args.reconfigure && !run.args.migrate)) return undefined;
    return text.runNamesAnother(facts);
  }
  if (run.args.configs.length === 0 && named.files.size > 0 && lastFile === undefined) {
    return changedFile ? text.fileChanged(facts) : text.noFileNamesIt(facts);
  }
  if (run.args.configs.length === 0) return stillAtGiven(facts);
  return undefined;
}

/**
 * The config file whose values changed since the last init used it: the one file that names the
 * last init's container (every container key it sets has the record's value) and no longer its
 * object; undefined where none or several do (an environment retired: the library cannot tell).
 */
function changedFileOf(named: NamedBackend, last: LastInit): string | undefined {
  const container = new Set([...named.layout.container, ...(named.layout.namespace ?? [])]);
  const found = [...named.files].filter(([, values]) => {
    const keys = Object.keys(values).filter((k) => container.has(k));
    return keys.length > 0 && keys.every((k) => JSON.stringify(last.config[k]) === JSON.stringify(values[k]));
  });
  return found.length === 1 ? found[0][0] : undefined;
}

/**
 * The note of a directory whose last init was given values in place of the block's (by hand, not
 * by a config file of the stack), where the run gives none: its next init keeps that object, and
 * the block names another (a move whose copy has not run yet).
 */
function stillAtGiven(facts: MoveFacts): string | undefined {
  const { named, lastGiven, lastFile, workspace } = facts;
  const byFile = lastFile ? named.files.get(lastFile)! : {};
  const keys = [...text.keysOfAddress(named)].filter((k) => k in lastGiven && !named.fromInit.has(k) && !(k in byFile));
  if (keys.length === 0) return undefined;
  const kept = Object.fromEntries(Object.entries(lastGiven).filter(([k]) => !keys.includes(k)));
  const blockValues = Object.fromEntries(keys.map((k) => [k, named.emitted[k] ?? unsetValue(named, k).value]));
  const block = show(addressOf(named, { ...named.emitted, ...kept, ...blockValues }, [...Object.keys(kept), ...keys]), workspace);
  if (meetsNone(block.address) || sameObject(facts.last.address, block.address, workspace)) return undefined;
  return text.stillAtGiven(facts, keys, block.shown);
}

/**
 * The block the last init read, where the recorded hash tells it: this synth's block with each
 * value that differs from the record as it is, as the record has it, or left out (given at init),
 * the first whose hash is the recorded one (at most 4,096 tried).
 */
function blockOfLastInit(named: NamedBackend, last: LastInit): Record<string, unknown> | undefined {
  if (last.hash === undefined) return undefined;
  const keys = Object.keys(last.recorded);
  const block = Object.fromEntries(Object.entries(named.emitted).filter(([, v]) => v !== undefined));
  const choices = [...new Set([...Object.keys(block), ...Object.keys(last.config)])].map((k) => {
    const options = [block[k], last.config[k], undefined].filter((v, i, all) => all.findIndex((o) => JSON.stringify(o) === JSON.stringify(v)) === i);
    return { k, options };
  });
  if (choices.reduce((n, c) => n * c.options.length, 1) > 4096) return undefined;
  const walk = (i: number, partial: Record<string, unknown>): Record<string, unknown> | undefined => {
    if (i === choices.length) return backendBlockHash(named.backend, keys, last.recorded, partial) === last.hash ? partial : undefined;
    for (const v of choices[i].options) {
      const found = walk(i + 1, v === undefined ? partial : { ...partial, [choices[i].k]: v });
      if (found) return found;
    }
    return undefined;
  };
  return walk(0, {});
}

/** The run's config files by name, or undefined when a -backend-config file is none of the stack's. */
function filesOf(named: NamedBackend, args: InitArgs): string[] | undefined {
  const names: string[] = [];
  for (const c of args.configs) {
    if (!('file' in c)) continue;
    const name = [...named.files.keys()].find((n) => path.resolve(named.path, c.file) === path.resolve(named.path, `${n}.tfbackend`));
    if (name === undefined) return undefined;
    names.push(name);
  }
  return names;
}

/** The object the run's init names: the block with each -backend-config merged in order (undefined: none, or a part left unknown). */
function nextOf(named: NamedBackend, args: InitArgs, workspace: string): Named | undefined {
  if (args.configs.length === 0) return undefined;
  const given: Record<string, unknown> = {};
  for (const c of args.configs) {
    if ('file' in c) Object.assign(given, named.files.get(path.basename(c.file, '.tfbackend')));
    else given[c.key] = c.value;
  }
  const address = addressOf(named, { ...named.emitted, ...given }, Object.keys(given));
  return meetsNone(address) ? undefined : show(address, workspace);
}

