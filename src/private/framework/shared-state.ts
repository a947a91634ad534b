import { TerraformStack } from 'cdktf';
import { IConstruct, IValidation } from 'constructs';
import { AppMap, StateHolder, addressesIn, appMap, candidatesFor, settled } from './app-backends';
import { StackRuleId } from './stack-rules';
import { showWarningsNow } from './warnings';
import { Sharing, normalisedObject, sharing } from '../address/address-compare';
import { Meeting, lockRowMeeting, meetingOf } from '../address/state-meeting';
import { ANY_WORKSPACE, StateAddress, showContainer, showObject } from '../address/state-objects';
import { displayText } from '../kit/address-symbols';
import { Warning } from '../kit/field-value';
import { STORES } from '../stores';

/*
 * One state object per stack. At synth each backend of this library compares its addresses (the
 * block alone, the block with each config file: address/state-objects.ts) with those of every other
 * stack's backends that name the same bucket or account, this library's or not (app-backends.ts), by
 * the comparison rows of address/address-model.ts; each remote state compares itself with its own
 * stack's backends.
 *
 * cdktf shipped a check of its own (terraform-cdk #2592) that compared whole backend blocks and
 * reverted it (#2941, #2944) before a release: equal blocks are not one object when the run
 * completes them (env vars, -backend-config, a workspace chosen per run). This one compares the
 * objects the tools name, part by part, and refuses only what names one object in every run.
 */


/** A remote state's own-state check (a validation of the remote state). */
export interface OwnStateCheck extends IValidation {
  readonly construct: IConstruct;
  /** Its store's backend name. */
  readonly backend: string;
}

/** What the stack-wide checks found for one construct: errors to throw, warnings to show. */
export interface Found {
  readonly errors: string[];
  readonly warnings: Warning[];
}

/** A meeting of this backend's addresses with another stack's (address/state-meeting.ts), and what it is about. */
interface Met extends Meeting {
  readonly other: StateHolder;
  /** The lock table's rows (OSS): the backend that cannot lock, rather than a shared object. */
  readonly blocked?: 'mine' | 'theirs';
}

const stackName = (s: TerraformStack) => JSON.stringify(s.node.path);

/** The other stacks' backends that write an object of `holder`'s (this library's backend, checking at synth). */
export function sharedStateOf(holder: StateHolder, separateWith: string, asking?: object): Found {
  const found: Found = { errors: [], warnings: [] };
  const map = appMap(holder.construct.node.root, asking ?? holder, holder.stack);
  watchAspected(map);
  const mine = addressesIn(map, holder);
  const others = new Set<StateHolder>();
  // (a backend an Aspect may still change is compared when its own stack is checked, its Aspects run)
  for (const a of mine) for (const o of candidatesFor(map, a)) if (o !== holder && o.stack !== holder.stack && settled(map, o)) others.add(o);
  if (others.size === 0) return found;
  // Per other stack, the surest meeting; then one message per kind and address of this stack.
  const best = new Map<TerraformStack, Met>();
  const locks: Met[] = [];
  for (const other of others) {
    const linked = runTogether(holder.stack, other.stack);
    const theirs = addressesIn(map, other);
    const met = meetingOf(mine, theirs, linked);
    const seen = best.get(other.stack);
    if (met && (!seen || (met.sure && !seen.sure))) best.set(other.stack, { ...met, other });
    const lock = lockRowMeeting(mine, theirs, linked);
    if (lock) locks.push({ ...lock, other });
  }
  const groups = new Map<string, Met[]>();
  for (const m of best.values()) {
    const key = `${m.sure}\n${m.mine.file ?? ''}\n${JSON.stringify(m.how)}\n${m.theirs.file ?? ''}\n${m.partedBy.join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    const stacks = [holder.stack, ...group.map((m) => m.other.stack)].map(stackName);
    const names = `${stacks.slice(0, -1).join(', ')} and ${stacks[stacks.length - 1]}`;
    const where = whereText(first.mine, first.how) + filesText(holder.stack, group);
    if (first.sure) {
      found.errors.push(
        `stacks ${names} keep their state in one object: ${where}; they are deployed in one run (one depends on the other), in one workspace${envText(first.mine)}, ` +
          `where each apply would replace the other's state and plan to destroy what it made: give each stack its own ${separateWith} [stack/shared-state]`,
      );
    } else {
      found.warnings.push({
        id: 'stack/shared-state-from-run' satisfies StackRuleId,
        message:
          `stacks ${names} keep their state in one object ${conditionText(first.how)}unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): ${where}; ` +
          `run in one workspace, each apply replaces the other's state and plans to destroy what it made: give each stack its own ${separateWith}`,
      });
    }
  }
  for (const lock of locks) {
    const [blocked, writer] = lock.blocked === 'mine' ? [lock.mine, lock.theirs] : [lock.theirs, lock.mine];
    const [who, whose] = (lock.blocked === 'mine' ? [holder.stack, lock.other.stack] : [lock.other.stack, holder.stack]).map(stackName);
    const bucket = showContainer(blocked).replace(/^bucket=/, '');
    const row = (ws: string | undefined) => JSON.stringify(`${JSON.parse(bucket)}/${showObject(blocked, ws)}`);
    const rows = lock.how.workspaces === 'every' ? `${row(undefined)} (and ${row(ANY_WORKSPACE)} in every other workspace)`
      : lock.how.workspaces === 'default' ? `${row(undefined)} in the default workspace` : (lock.how.named ?? []).map(row).join(' or ');
    const table = (blocked.layout.lockRows?.table ?? []).map((k) => `${k}=${JSON.stringify(displayText(blocked.parts.get(k)!.text))}`).join(' ');
    const unless = lock.sure ? '' : ` ${conditionText(lock.how)}unless each runs in a workspace of its own (TF_WORKSPACE, workspace select)`;
    const text = `stacks ${stackName(holder.stack)} and ${stackName(lock.other.stack)} share a row of one lock table (${blocked.backend} ${table})${unless}` +
      `: ${who} locks with the row of its object, ${rows}, where ${whose} keeps the digest of its state ` +
      `${JSON.stringify(showObject(writer, undefined))}, so ${who} can never lock while that state exists (TableStore refuses the row: ` +
      `OTSConditionCheckFail): give each stack its own ${separateWith}`;
    if (lock.sure) found.errors.push(`${text} [stack/shared-lock-row]`);
    else found.warnings.push({ id: 'stack/shared-lock-row-from-run' satisfies StackRuleId, message: text });
  }
  return found;
}

/** The env vars that name a part of the object: one run gives every stack the same. */
function envText(address: StateAddress): string {
  const shown = new Set([...address.layout.container, ...(address.layout.namespace ?? []), ...address.layout.object]);
  const env = [...address.parts.values()].filter((p) => p.source === 'env' && shown.has(p.key)).map((p) => p.env!.join(' or '));
  return env.length > 0 ? ` with one ${env.join(', ')}` : '';
}

function whereText(address: StateAddress, how: Sharing): string {
  const object = `${address.backend} ${showContainer(address)}, object ${objectText(address, undefined)}`;
  if (how.workspaces === 'every') return `${object} (and ${objectText(address, ANY_WORKSPACE)} in every other workspace)`;
  if (how.workspaces === 'default') return `${object} in the default workspace`;
  const named = how.named ?? [];
  return `${address.backend} ${showContainer(address)}, object ${named.map((w) => objectText(address, w)).join(' or ')} ` +
    `in workspace ${named.map((w) => JSON.stringify(w)).join(' or ')}`;
}

/**
 * The object's name as the tool sends it: the block's where the tool's normalisation keeps it, or
 * what the tool makes of it (an AzureRM key with "?" on terraform 1.11+), saying so once.
 */
function objectText(address: StateAddress, workspace: string | undefined): string {
  const shown = showObject(address, workspace);
  const sent = normalisedObject(address, workspace)?.split(ANY_WORKSPACE).join('<workspace>');
  if (sent === undefined || sent === shown) return JSON.stringify(shown);
  if (workspace !== undefined) return JSON.stringify(sent);
  return `${JSON.stringify(sent)} (${address.target.tool} ${address.target.version} reads the block's ${JSON.stringify(shown)} so)`;
}

/** A value as the warning shows it: a text that reads like a template is the text itself. */
const shownValue = (v: string) => (/[$%]\{/.test(v) ? `the text ${JSON.stringify(v)}` : JSON.stringify(v));

function conditionText(how: Sharing): string {
  const each = how.when.map((c) => {
    const values = c.values ?? [c.value];
    if (c.init !== undefined) {
      return `run gives ${values.map((v) => (v === undefined ? `no ${c.init}` : `${c.init} ${shownValue(v)}`)).join(' or ')} at init`;
    }
    return `run's ${c.vars.join(' or ')} ${values.map((v) => (v === undefined ? 'is unset' : `is ${shownValue(v)}`)).join(' or ')}`;
  });
  const named = new Set(how.when.flatMap((c) => (c.init !== undefined ? [c.init] : [])));
  const init = how.init.filter((i) => !named.has(i.key));
  // (TF_CLI_ARGS_init gives every stack's init the same arguments; an init by hand may give each its own)
  if (init.length > 0) {
    each.push(`run gives both the same ${init.map((i) => i.key).join(' and ')} at init (as TF_CLI_ARGS_init does)${init.every((i) => i.orNone) ? ' or none' : ''}`);
  }
  return each.length === 0 ? '' : `when the ${each.join(' and the ')}, `;
}

function filesText(stack: TerraformStack, group: readonly Met[]): string {
  const { mine, theirs, other, partedBy } = group[0];
  const how = (file: string | undefined) => (file === undefined ? 'without a config file' : `with ${file}`);
  if (mine.file === theirs.file && partedBy.length > 0) {
    const parting = partedBy.filter((f): f is string => f !== undefined);
    return mine.file !== undefined ? ` (in a run with ${mine.file})` : ` (in a run without ${parting.join(' or ')})`;
  }
  if (mine.file === undefined && theirs.file === undefined) return '';
  return group.length === 1 && mine.file !== theirs.file
    ? ` (init of ${stackName(stack)} ${how(mine.file)}, of ${stackName(other.stack)} ${how(theirs.file)})`
    : ` (init ${how(mine.file)})`;
}

/** One stack reads the other's outputs (directly or through others): cdktf deploys them in one run. */
function runTogether(a: TerraformStack, b: TerraformStack): boolean {
  const reaches = (from: TerraformStack, to: TerraformStack, seen = new Set<TerraformStack>()): boolean =>
    from.dependencies.some((d) => d === to || (!seen.has(d) && (seen.add(d), reaches(d, to, seen))));
  return reaches(a, b) || reaches(b, a);
}

/** Stacks whose validations check the backends an Aspect may change that this library did not make (cdktf's own). */
const checkedForeign = new WeakSet<TerraformStack>();
const watchedMaps = new WeakSet<AppMap>();

/**
 * Has each stack holding a backend this library did not make, which an Aspect may still change,
 * check that backend when the stack is checked (its Aspects run by then): no backend of this
 * library compares itself with it before.
 */
function watchAspected(map: AppMap): void {
  if (watchedMaps.has(map)) return;
  watchedMaps.add(map);
  for (const holder of map.aspected) {
    const { stack } = holder;
    if (holder.ours || checkedForeign.has(stack)) continue;
    checkedForeign.add(stack);
    const token = {};
    stack.node.addValidation({
      validate: () => {
        const now = appMap(stack.node.root, token, stack);
        const found = (now.byStack.get(stack) ?? []).filter((h) => !h.ours && now.aspected.has(h))
          .map((h) => ({ h, found: sharedStateOf(h, STORES.find((s) => s.backend === h.backend)!.layout.separateWith, token) }));
        return found.flatMap(({ h, found: f }) => [...f.errors, ...showWarningsNow(h.construct, f.warnings)]);
      },
    });
  }
}

/** Remote states' checks waiting for their stack's backend, by stack. */
const waiting = new WeakMap<IConstruct, Map<IConstruct, OwnStateCheck[]>>();
const withBackend = new WeakMap<IConstruct, Set<string>>();

/** Notes that `stack` has a backend of this library's `backend` store: the remote states waiting for one there become validations. */
export function backendAdded(stack: TerraformStack, backend: string): void {
  const root = stack.node.root;
  let kinds = withBackend.get(stack);
  if (!kinds) withBackend.set(stack, (kinds = new Set()));
  kinds.add(backend);
  const queue = waiting.get(root)?.get(stack);
  if (!queue) return;
  for (const check of queue) if (check.backend === backend) check.construct.node.addValidation(check);
  waiting.get(root)!.set(stack, queue.filter((check) => check.backend !== backend));
}

/**
 * Registers a remote state's own-state check: a validation of the remote state once its stack has
 * a backend of its store (now or when one is added), none otherwise. Most remote states read
 * another store's or another stack's object, and an app may hold thousands of them.
 */
export function registerRemoteState(check: OwnStateCheck): void {
  const stack = TerraformStack.of(check.construct);
  if (withBackend.get(stack)?.has(check.backend)) {
    check.construct.node.addValidation(check);
    return;
  }
  const root = stack.node.root;
  let byStack = waiting.get(root);
  if (!byStack) waiting.set(root, (byStack = new Map()));
  byStack.set(stack, [...(byStack.get(stack) ?? []), check]);
}

/**
 * A remote state that reads the object its own stack's backend writes, in the workspace it names:
 * none or "default" (the default workspace's object) or `${terraform.workspace}` (the run's own).
 */
export function ownStateOf(remote: { construct: IConstruct; address: StateAddress }, workspace: string | undefined): Warning[] {
  // A workspace named in the remote state is the usual way to read another workspace of this
  // configuration (staging reading prod): only the default one and the run's own count.
  if (workspace !== undefined && workspace !== 'default' && workspace !== '${terraform.workspace}') return [];
  const stack = TerraformStack.of(remote.construct);
  const map = appMap(stack.node.root, undefined, stack);
  const own = (map.byStack.get(stack) ?? []).filter((b) => b.backend === remote.address.backend);
  const ws = workspace === '${terraform.workspace}' ? ANY_WORKSPACE : undefined;
  for (const backend of own) {
    for (const theirs of addressesIn(map, backend)) {
      const how = sharing(remote.address, theirs);
      if (!how || how.runs !== 'every' || (ws !== undefined && how.workspaces !== 'every')) continue;
      const where = ws === undefined ? 'in the default workspace: run in that workspace, it' : 'in the workspace of the run: it';
      return [{
        id: 'stack/reads-own-state' satisfies StackRuleId,
        message:
          `reads ${JSON.stringify(showObject(theirs, ws))}, the object its own stack's backend (${backend.construct.node.path}) writes ` +
          `${where} sees this stack's last applied state, not another stack's`,
      }];
    }
  }
  return [];
}
