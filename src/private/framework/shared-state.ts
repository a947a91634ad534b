import { TerraformStack } from 'cdktf';
import { IConstruct, IValidation } from 'constructs';
import { Warning } from '../kit/field-value';
import { checkRuleRows } from '../kit/rule-row';
import { StateAddress, sharing, showAddress } from '../kit/state-objects';

/*
 * One state object per stack. Every backend of this library in an app is indexed by the object
 * its default workspace writes; at synth, each backend looks up the others with the same object
 * and each remote state compares itself with its own stack's backend. An address is computed
 * from what the block emits (overrides included), so it is only compared where the code names
 * every part (kit/state-objects.ts): two stacks whose run supplies a part from env vars get a
 * warning, and parts supplied at init or by variables are never compared.
 *
 * cdktf shipped a check of its own (terraform-cdk #2592) that compared whole backend blocks and
 * reverted it (#2941, #2944) before a release: equal blocks are not one object when the run
 * completes them (env vars, -backend-config, a workspace chosen per run). This one compares the
 * objects the tools' own layouts name, and refuses only what is named in full.
 */

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
    description: 'a cross-stack reference reads a backend the code names in full (not completed by its run: references opentofu evaluates, values given at init, config files)',
    evidence:
      'a terraform_remote_state config is evaluated in the consuming configuration (terraform and opentofu), which has none of the producer\'s ' +
      'variables or init arguments: the library would emit a remote state of another object, or none it can write',
  },
  {
    id: 'stack/shared-state',
    severity: 'error',
    description: 'two stacks that read each other\'s outputs (so run in one workspace) do not write one state object (each apply replaces the other\'s state)',
    evidence:
      'the tools\' state layouts (gcs/backend_state.go stateFile, cos and oss stateFile, azure path); ' +
      'on fake-gcs-server a second stack with the same bucket and prefix planned to destroy the first one\'s resources',
  },
  {
    id: 'stack/shared-state-from-run',
    severity: 'warning',
    description: 'two stacks name the same state object unless their runs keep them apart (a workspace per stack, env vars)',
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
] as const;
checkRuleRows('stack', STACK_RULES);

type StackRuleId = (typeof STACK_RULES)[number]['id'];

/** A backend or remote state of this library, as the checks see it. */
export interface StateHolder {
  readonly construct: IConstruct;
  /** The backend name (`gcs`). */
  readonly backend: string;
  /** Its state address now (overrides merged in). */
  address(): StateAddress;
}

/** What a store's layout tells a user to change so that two stacks part (`prefix`). */
export type SeparateWith = string;

/** A remote state's own-state check (a validation of the remote state). */
export interface OwnStateCheck extends IValidation {
  readonly construct: IConstruct;
  /** Its store's backend name. */
  readonly backend: string;
}

interface Index {
  readonly backends: Set<StateHolder>;
  /** Backends by their stack (a remote state compares itself with its own stack's only). */
  readonly byStack: Map<IConstruct, StateHolder[]>;
  /** Checks of remote states whose stack has no backend of their store yet, by stack. */
  readonly waiting: Map<IConstruct, OwnStateCheck[]>;
  /** Backends by the key of their default workspace's object; built on first use. */
  byObject?: Map<string, Set<StateHolder>>;
  readonly keyOf: Map<StateHolder, string>;
}

const indexes = new WeakMap<IConstruct, Index>();

function indexOf(root: IConstruct): Index {
  let index = indexes.get(root);
  if (!index) indexes.set(root, (index = { backends: new Set(), byStack: new Map(), waiting: new Map(), keyOf: new Map() }));
  return index;
}

function objectKey(holder: StateHolder, address: StateAddress): string | undefined {
  return address.unknown ? undefined : `${holder.backend}\n${address.container}\n${address.objectAt(undefined)}`;
}

function place(index: Index, holder: StateHolder, address: StateAddress): void {
  const old = index.keyOf.get(holder);
  const key = objectKey(holder, address);
  if (old === key) return;
  if (old !== undefined) index.byObject!.get(old)?.delete(holder);
  if (key === undefined) {
    index.keyOf.delete(holder);
    return;
  }
  index.keyOf.set(holder, key);
  let set = index.byObject!.get(key);
  if (!set) index.byObject!.set(key, (set = new Set()));
  set.add(holder);
}

/** Registers a backend that passed its checks. */
export function registerBackend(holder: StateHolder): void {
  const index = indexOf(holder.construct.node.root);
  index.backends.add(holder);
  const stack = TerraformStack.of(holder.construct);
  index.byStack.set(stack, [...(index.byStack.get(stack) ?? []), holder]);
  if (index.byObject) place(index, holder, holder.address());
  const waiting = index.waiting.get(stack);
  if (waiting) {
    for (const check of waiting) if (check.backend === holder.backend) check.construct.node.addValidation(check);
    index.waiting.set(stack, waiting.filter((check) => check.backend !== holder.backend));
  }
}

/**
 * Registers a remote state's own-state check: a validation of the remote state once its stack has
 * a backend of its store (now or when one is added), none otherwise. Most remote states read
 * another store's or another stack's object, and an app may hold thousands of them.
 */
export function registerRemoteState(check: OwnStateCheck): void {
  const index = indexOf(check.construct.node.root);
  const stack = TerraformStack.of(check.construct);
  if (index.byStack.get(stack)?.some((b) => b.backend === check.backend)) {
    check.construct.node.addValidation(check);
    return;
  }
  const waiting = index.waiting.get(stack);
  if (waiting) waiting.push(check);
  else index.waiting.set(stack, [check]);
}

/** Still in the tree it was created in (a construct can be removed again). */
function attached(c: IConstruct): boolean {
  for (let cur = c; cur.node.scope; cur = cur.node.scope) {
    if (cur.node.scope.node.tryFindChild(cur.node.id) !== cur) return false;
  }
  return true;
}

const stackName = (c: IConstruct) => JSON.stringify(TerraformStack.of(c).node.path);

/** What the stack-wide checks found for one construct: errors to throw, warnings to show. */
export interface Found {
  readonly errors: string[];
  readonly warnings: Warning[];
}

/**
 * The other stacks whose backends write `holder`'s state object. Looked up by the object of the
 * default workspace: two layouts that agree in every named workspace agree there too.
 */
export function sharedStateOf(holder: StateHolder, separateWith: SeparateWith): Found {
  const found: Found = { errors: [], warnings: [] };
  const index = indexOf(holder.construct.node.root);
  if (!index.byObject) {
    index.byObject = new Map();
    for (const b of index.backends) if (b !== holder) place(index, b, b.address());
  }
  const address = holder.address();
  place(index, holder, address);
  const key = index.keyOf.get(holder);
  if (key === undefined) return found;
  const stack = TerraformStack.of(holder.construct);
  const others: Array<{ other: StateHolder; how: ReturnType<typeof sharing> }> = [];
  for (const other of index.byObject.get(key) ?? []) {
    if (other === holder || TerraformStack.of(other.construct) === stack || !attached(other.construct)) continue;
    // Re-read: the index may predate an override made since.
    const how = sharing(address, other.address());
    if (how !== 'none') others.push({ other, how });
  }
  if (others.length === 0) return found;
  // Stacks one of which reads the other (a cdktf cross-stack reference) run in one workspace: there
  // one object is a clobber for sure. Otherwise the run decides: each may run in a workspace of its
  // own (TF_WORKSPACE), which keeps the objects apart in every layout but a default-workspace one.
  const sure = address.fromEnv.length === 0 ? others.filter((o) => o.how === 'every-workspace' && runTogether(stack, TerraformStack.of(o.other.construct))) : [];
  const maybe = others.filter((o) => !sure.includes(o));
  const where = (group: typeof others) =>
    `${holder.backend} ${showAddress(address.container)}, object ${JSON.stringify(showAddress(address.objectAt(undefined)))}` +
    (group.every((o) => o.how === 'every-workspace')
      ? ` (and ${JSON.stringify(showAddress(address.objectAt('\u0000workspace')))} in every other workspace)`
      : ' in the default workspace');
  const stacks = (group: typeof others) => {
    const names = [stackName(holder.construct), ...group.map((o) => stackName(o.other.construct))];
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  };
  if (sure.length > 0) {
    found.errors.push(
      `stacks ${stacks(sure)} keep their state in one object: ${where(sure)}; they read each other's outputs, so they run in one workspace, ` +
        `where each apply would replace the other's state and plan to destroy what it made: give each stack its own ${separateWith} ${suffix('stack/shared-state')}`,
    );
  }
  if (maybe.length > 0) {
    const unless = ['each runs in a workspace of its own (TF_WORKSPACE, workspace select)', ...(address.fromEnv.length > 0 ? [`their runs' ${address.fromEnv.join(', ')} differ`] : [])];
    found.warnings.push({
      id: 'stack/shared-state-from-run' satisfies StackRuleId,
      message:
        `stacks ${stacks(maybe)} keep their state in one object unless ${unless.join(' or ')}: ${where(maybe)}; ` +
        `run in one workspace, each apply replaces the other's state and plans to destroy what it made: give each stack its own ${separateWith}`,
    });
  }
  return found;
}

/** One stack reads the other's outputs (directly or through others): cdktf deploys them in one run. */
function runTogether(a: TerraformStack, b: TerraformStack): boolean {
  const reaches = (from: TerraformStack, to: TerraformStack, seen = new Set<TerraformStack>()): boolean =>
    from.dependencies.some((d) => d === to || (!seen.has(d) && (seen.add(d), reaches(d, to, seen))));
  return reaches(a, b) || reaches(b, a);
}

/**
 * A remote state that reads the object its own stack's backend writes (in the workspace the
 * remote state names; `${terraform.workspace}` is the run's own).
 */
export function ownStateOf(remote: StateHolder, workspace: string | undefined): Warning[] {
  const own = indexes.get(remote.construct.node.root)?.byStack.get(TerraformStack.of(remote.construct))?.filter((b) => b.backend === remote.backend);
  if (!own || own.length === 0) return [];
  // A workspace named in the remote state is the usual way to read another workspace of this
  // configuration (staging reading prod): only the default one (none named) and the run's own count.
  if (workspace !== undefined && workspace !== '${terraform.workspace}') return [];
  const address = remote.address();
  const ws = workspace === undefined ? undefined : '\u0000workspace';
  for (const backend of own) {
    if (!attached(backend.construct)) continue;
    const theirs = backend.address();
    if (theirs.unknown || address.unknown || theirs.container !== address.container || theirs.objectAt(ws) !== address.objectAt(ws)) continue;
    const where = ws === undefined ? 'in the default workspace: run in that workspace, it' : 'in the workspace of the run: it';
    return [{
      id: 'stack/reads-own-state' satisfies StackRuleId,
      message:
        `reads ${JSON.stringify(showAddress(address.objectAt(ws)))}, the object its own stack's backend (${backend.construct.node.path}) writes ` +
        `${where} sees this stack's last applied state, not another stack's`,
    }];
  }
  return [];
}

/** `[id]`, the end of an error raised as text (framework/rule-catalog.ts `withId`, which imports this module's rows). */
function suffix(id: StackRuleId): string {
  return `[${id}]`;
}
