import { TerraformStack } from 'cdktf';
import { IConstruct, IValidation } from 'constructs';
import { StateHolder, appMap, candidatesFor } from './app-backends';
import { EnvCondition, Sharing, sharing } from '../kit/address-compare';
import { Warning } from '../kit/field-value';
import { checkRuleRows } from '../kit/rule-row';
import { ANY_WORKSPACE, StateAddress, showContainer, showObject } from '../kit/state-objects';
import { STORES } from '../stores';

/*
 * One state object per stack. At synth each backend of this library compares its addresses (the
 * block alone, the block with each config file: kit/state-objects.ts) with those of every other
 * stack's backends that name the same bucket or account, this library's or not (app-backends.ts), by
 * the comparison rows of kit/address-model.ts; each remote state compares itself with its own
 * stack's backends.
 *
 * cdktf shipped a check of its own (terraform-cdk #2592) that compared whole backend blocks and
 * reverted it (#2941, #2944) before a release: equal blocks are not one object when the run
 * completes them (env vars, -backend-config, a workspace chosen per run). This one compares the
 * objects the tools name, part by part, and refuses only what names one object in every run.
 */

const NORMALISATIONS = STORES.flatMap((s) => (s.layout.normalise ?? []).map((n) => `${s.backend} ${n.key}: ${n.evidence}`)).join('; ');

/** The rows of the stack-wide checks, by id, with their evidence. */
export const STACK_RULES = [
  {
    id: 'stack/one-backend',
    severity: 'error',
    description: 'a stack holds one backend or cloud block, its overrides included',
    evidence:
      'both tools refuse a configuration with two backend blocks ("Duplicate backend configuration"; the terraform source read: "Duplicate \'backend\' configuration block") ' +
      'or a backend and a cloud block',
  },
  {
    id: 'stack/one-encryption',
    severity: 'error',
    description: 'a stack holds one state encryption block',
    evidence: 'opentofu refuses a module with two encryption blocks when it loads the configuration ("Duplicate encryption configuration", 1.7.0 and later)',
  },
  {
    id: 'stack/cross-stack-from-run',
    severity: 'error',
    description: 'a cross-stack reference reads a backend the code names in full (not completed by its run: variables, values given at init, config files)',
    evidence:
      'a terraform_remote_state config is evaluated in the consuming configuration (terraform and opentofu), which has none of the producer\'s ' +
      'variables or init arguments: the library would emit a remote state of another object, or none it can write',
  },
  {
    id: 'stack/cross-stack-override',
    severity: 'error',
    description: 'a cross-stack reference reads the object the producer\'s backend writes, its overrides included, or is refused naming the override it cannot carry',
    evidence:
      'the producer writes the block with its overrides merged (cdktf deepMerge of the element\'s and the stack\'s); a remote state without them reads ' +
      'another object: on fake-gcs-server a consumer of a producer with addOverride("prefix", ...) failed with "Unsupported attribute" and left an empty object at the old prefix',
  },
  {
    id: 'stack/shared-state',
    severity: 'error',
    description: 'two stacks that read each other\'s outputs (so run in one workspace, with one environment) do not write one state object (each apply replaces the other\'s state)',
    evidence:
      'the tools\' state layouts (gcs/backend_state.go stateFile, cos and oss stateFile, azure path) and how they ' +
      `name storage: ${NORMALISATIONS}; both tools read backend strings as Unicode NFC (hcl); ` +
      'on fake-gcs-server a second stack with the same bucket and prefix planned to destroy the first one\'s resources; test/runtime/address-oracle.test.ts asks the judges for each generated config\'s object',
  },
  {
    id: 'stack/shared-state-from-run',
    severity: 'warning',
    description: 'two stacks name the same state object unless their runs keep them apart (a workspace per stack, env vars, config files)',
    evidence:
      'as stack/shared-state; a run in another workspace (TF_WORKSPACE) writes another object in every layout but the default workspace\'s, ' +
      'and a part taken from env vars may differ per run (two stacks on fake-gcs-server with TF_WORKSPACE dev and prod kept apart)',
  },
  {
    id: 'stack/reads-own-state',
    severity: 'warning',
    description: 'a remote state reads the state object its own stack\'s backend writes',
    evidence: 'both tools allow it (terraform_remote_state only reads); it reads the stack\'s own last applied state',
  },
  {
    id: 'stack/one-directory',
    severity: 'error',
    description: 'forEachStack gives backends only to stacks of distinct ids: cdktf writes every stack to stacks/<id>, so two stacks of one id under different parents overwrite each other\'s output',
    evidence: 'cdktf Manifest.forStack: the working directory is stacks/<stack id> (0.21.0; cdktn 0.24.0)',
  },
] as const;
checkRuleRows('stack', STACK_RULES);

/** The check of a forEachStack call, by id (for docs/FIELDS.md and the rule catalog). */
export const FOR_EACH_STACK_CHECK = {
  id: 'stack/for-each-stack',
  severity: 'error',
  description: 'forEachStack is called after the stacks are added, on a scope that holds a stack without a backend (with none, it would do nothing in silence)',
} as const;

type StackRuleId = (typeof STACK_RULES)[number]['id'];

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

interface Meeting {
  readonly other: StateHolder;
  readonly mine: StateAddress;
  readonly theirs: StateAddress;
  readonly how: Sharing;
  readonly sure: boolean;
}

const stackName = (s: TerraformStack) => JSON.stringify(s.node.path);

/** The other stacks' backends that write an object of `holder`'s (this library's backend, checking at synth). */
export function sharedStateOf(holder: StateHolder, separateWith: string): Found {
  const found: Found = { errors: [], warnings: [] };
  const map = appMap(holder.construct.node.root, holder);
  const meetings: Meeting[] = [];
  for (const mine of holder.addresses()) {
    for (const other of candidatesFor(map, mine)) {
      if (other === holder || other.stack === holder.stack) continue;
      for (const theirs of other.addresses()) {
        const how = sharing(mine, theirs);
        if (!how) continue;
        // One run: linked stacks, the same config file chosen for both (or none), every workspace, every environment.
        const sure = how.runs === 'every' && how.workspaces === 'every' && mine.file === theirs.file && runTogether(holder.stack, other.stack);
        meetings.push({ other, mine, theirs, how, sure });
      }
    }
  }
  // Per other stack, the surest meeting; then one message per kind and address of this stack.
  const best = new Map<TerraformStack, Meeting>();
  for (const m of meetings) {
    const seen = best.get(m.other.stack);
    if (!seen || (m.sure && !seen.sure)) best.set(m.other.stack, m);
  }
  const groups = new Map<string, Meeting[]>();
  for (const m of best.values()) {
    const key = `${m.sure}\n${m.mine.file ?? ''}\n${JSON.stringify(m.how)}\n${m.theirs.file ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    const stacks = [holder.stack, ...group.map((m) => m.other.stack)].map(stackName);
    const names = `${stacks.slice(0, -1).join(', ')} and ${stacks[stacks.length - 1]}`;
    const where = whereText(first.mine, first.how) + filesText(holder.stack, group);
    if (first.sure) {
      const shown = new Set([...first.mine.layout.container, ...(first.mine.layout.namespace ?? []), ...first.mine.layout.object]);
      const env = [...first.mine.parts.values()].filter((p) => p.source === 'env' && shown.has(p.key)).map((p) => p.env!.join(' or '));
      found.errors.push(
        `stacks ${names} keep their state in one object: ${where}; they read each other's outputs, so they run in one workspace` +
          (env.length > 0 ? ` with one ${env.join(', ')}` : '') +
          `, where each apply would replace the other's state and plan to destroy what it made: give each stack its own ${separateWith} [stack/shared-state]`,
      );
    } else {
      found.warnings.push({
        id: 'stack/shared-state-from-run' satisfies StackRuleId,
        message:
          `stacks ${names} keep their state in one object ${conditionText(first.how.when)}unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): ${where}; ` +
          `run in one workspace, each apply replaces the other's state and plans to destroy what it made: give each stack its own ${separateWith}`,
      });
    }
  }
  return found;
}

function whereText(address: StateAddress, how: Sharing): string {
  return `${address.backend} ${showContainer(address)}, object ${JSON.stringify(showObject(address, undefined))}` +
    (how.workspaces === 'every' ? ` (and ${JSON.stringify(showObject(address, ANY_WORKSPACE))} in every other workspace)` : ' in the default workspace');
}

function conditionText(when: readonly EnvCondition[]): string {
  if (when.length === 0) return '';
  const each = when.map((c) => `${c.vars.join(' or ')} ${(c.values ?? [c.value]).map((v) => (v === undefined ? 'is unset' : `is ${JSON.stringify(v)}`)).join(' or ')}`);
  return `when the run's ${each.join(' and ')}, `;
}

function filesText(stack: TerraformStack, group: readonly Meeting[]): string {
  const { mine, theirs, other } = group[0];
  if (mine.file === undefined && theirs.file === undefined) return '';
  const how = (file: string | undefined) => (file === undefined ? 'without a config file' : `with ${file}`);
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
  const own = (appMap(stack.node.root).byStack.get(stack) ?? []).filter((b) => b.backend === remote.address.backend);
  const ws = workspace === '${terraform.workspace}' ? ANY_WORKSPACE : undefined;
  for (const backend of own) {
    for (const theirs of backend.addresses()) {
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
