import { TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { aroundAppSynth, resolveIn } from './cdktf-internals';
import { FollowedConfig, followBackend, forgetRendered, renderedConfig } from './remote-state';
import { withId } from './rule-id';
import { recordWarnings } from './warnings';
import { StateBackendError } from '../errors/errors';
import { CrossStackConfig, crossStackConfig } from '../kit/cross-stack';
import { RUN_VALUES_LEFT_OUT, SECRETS_LEFT_OUT } from '../kit/field-checks';
import { FieldValues, Warning } from '../kit/field-value';
import { isFromInit } from '../kit/from-init';
import { FieldSpec, envVarsOf, evaluatesBackend } from '../kit/schema';
import { Store } from '../kit/store';
import { targetOf } from '../kit/targets';
import { ParsedTarget } from '../target/target';

/*
 * The remote states other stacks read a backend of this library with (cdktf's cross-stack
 * references call `getRemoteStateDataSource` while it prepares the stacks, before any stack's
 * aspects run). Each follows the backend: its config is what the backend writes when the remote
 * state is checked or rendered (kit/cross-stack.ts), so an override set later, by the code or by
 * an Aspect of the producer's stack, reaches it. cdktf invokes a stack's aspects when it
 * synthesizes that stack, in the order the app holds them: a consumer written before its producer's
 * aspects changed the block read the old object, and the producer's validation refuses the synth,
 * naming it (stack/cross-stack-override).
 */

/** The config a remote state is given: a backend's props without secrets, plus the workspace (checked by the data source). */
export type RemoteStateFactory = (scope: Construct, id: string, config: any) => TerraformRemoteState;

/** What a backend of this library shows of itself to the remote states that read it. */
export interface Producer {
  readonly backend: Construct;
  readonly store: Store;
  readonly props: Record<string, unknown>;
  /** Its checked field values, and the fields its config files set. */
  readonly values: FieldValues;
  readonly fileFields: ReadonlySet<string>;
  readonly target: ParsedTarget;
  /** Its attributes without overrides, and with the element's and the stack's (as it emits them now). */
  readonly base: () => Record<string, unknown>;
  readonly emitted: () => Record<string, unknown>;
  readonly makeRemoteState: RemoteStateFactory;
}

/** A remote state that reads a producer, in its consumer's stack. */
interface Read {
  readonly consumer: TerraformStack;
  readonly remoteState: TerraformRemoteState;
}

const reads = new WeakMap<IConstruct, Read[]>();
/** Per producer, the consuming stacks already told which values they must take from the environment. */
const warned = new WeakMap<IConstruct, Set<string>>();
/** Per app, the remote states that follow a backend: a synth forgets what they were rendered with. */
const byApp = new WeakMap<IConstruct, TerraformRemoteState[]>();

/** A remote state in `scope` that reads what `producer` writes, now and when the synth renders it. */
export function remoteStateFor(producer: Producer, scope: Construct, name: string): TerraformRemoteState {
  const consumer = TerraformStack.of(scope);
  const first = configFor(producer, consumer);
  const remoteState = producer.makeRemoteState(scope, name, first.config);
  const config: FollowedConfig = () => configFor(producer, consumer).config;
  followBackend(remoteState, config);
  reads.set(producer.backend, [...(reads.get(producer.backend) ?? []), { consumer, remoteState }]);
  const root = producer.backend.node.root;
  let followers = byApp.get(root);
  if (!followers) {
    const all: TerraformRemoteState[] = [];
    byApp.set(root, (followers = all));
    aroundAppSynth(root, { start: () => forgetRendered(all) });
  }
  followers.push(remoteState);
  warnLeftOut(producer, remoteState, consumer, first);
  return remoteState;
}

/**
 * At the producer's validation (its stack's aspects invoked, its block final): a consumer already
 * rendered with another config read another object; a config the producer's block now gives that a
 * remote state cannot carry is refused.
 */
export function crossStackReadProblems(producer: Producer): string[] {
  const problems = new Set<string>();
  for (const { consumer, remoteState } of reads.get(producer.backend) ?? []) {
    let now: Record<string, unknown>;
    try {
      now = configFor(producer, consumer).config;
    } catch (e) {
      if (!(e instanceof StateBackendError)) throw e;
      problems.add(e.message);
      continue;
    }
    const rendered = renderedConfig(remoteState);
    if (rendered === undefined || JSON.stringify(rendered) === JSON.stringify(now)) continue;
    const keys = new Set([...Object.keys(rendered), ...Object.keys(now)]);
    const changed = [...keys].filter((k) => JSON.stringify(rendered[k]) !== JSON.stringify(now[k]));
    const [reader, writer] = [consumer.node.id, TerraformStack.of(producer.backend).node.id].map((id) => JSON.stringify(id));
    problems.add(withId(
      `stack ${reader} reads the outputs of stack ${writer}, and was written before that stack's backend (${producer.backend.node.path}) changed ` +
        `${changed.join(', ')} (an Aspect's override: cdktf invokes a stack's aspects when it synthesizes that stack, in the order the app holds the ` +
        `stacks), so its remote state reads another object than the backend writes; add stack ${writer} to the app before ${reader}, or set the ` +
        'value in the backend\'s config or in an override made with it',
      'stack/cross-stack-override',
    ));
  }
  return [...problems];
}

/** The remote state's config for `consumer`, from what the producer writes now; throws what it cannot carry. */
function configFor(producer: Producer, consumer: TerraformStack): CrossStackConfig {
  const stack = TerraformStack.of(producer.backend);
  // What the producer's tool reads: its tokens resolved in its own stack (a value given at init stays a marker).
  const props = Object.fromEntries(Object.entries(producer.props).map(([k, v]) => [k, isFromInit(v) ? v : resolveIn(stack, v)]));
  const { store, target, backend } = producer;
  const overridden = { base: resolveIn(stack, producer.base()), emitted: resolveIn(stack, producer.emitted()), templates: evaluatesBackend(target) };
  const cross = crossStackConfig(store, props, producer.values, producer.fileFields, target.tool, overridden);
  if (cross.refusedOverrides.length > 0) refuseOverrides(backend, consumer.node.id, cross.refusedOverrides);
  if (cross.addressFromRun.length > 0) refuseAcrossStacks(backend, store, consumer.node.id, cross.addressFromRun.map((f) => f.name));
  return cross;
}

/** Once per consuming stack: the secrets and run values its remote state leaves out, which its run must give. */
function warnLeftOut(producer: Producer, remoteState: TerraformRemoteState, consumer: TerraformStack, cross: CrossStackConfig): void {
  let told = warned.get(producer.backend);
  if (!told) warned.set(producer.backend, (told = new Set()));
  if (cross.secrets.length + cross.fromRun.length === 0 || told.has(consumer.node.path)) return;
  told.add(consumer.node.path);
  const target = targetOf(remoteState);
  const needs = (fields: FieldSpec[]) =>
    fields.map((f) => `${f.name} (${envVarsOf(f, target.tool, target.version).join(' or ') || 'no env var; pass it with -backend-config'})`).join(', ');
  const warnings: Warning[] = [];
  if (cross.secrets.length > 0) {
    warnings.push({
      id: SECRETS_LEFT_OUT,
      message:
        `the remote state of ${producer.backend.node.path} leaves out its secret fields; ` +
        `the ${target.tool} run of stack ${consumer.node.id} must provide them from the environment: ${needs(cross.secrets)}`,
    });
  }
  if (cross.fromRun.length > 0) {
    warnings.push({
      id: RUN_VALUES_LEFT_OUT,
      message:
        `the remote state of ${producer.backend.node.path} leaves out fields its own run gives (at init, in a config file, or from a variable); ` +
        `the ${target.tool} run of stack ${consumer.node.id} must provide them from the environment: ${needs(cross.fromRun)}`,
    });
  }
  recordWarnings(remoteState, warnings);
}

/**
 * A backend whose object its run names (a reference OpenTofu evaluates, a value given at init, a
 * config file) cannot be read from another stack: that stack's run knows none of it.
 */
function refuseAcrossStacks(backend: Construct, store: Store, consumer: string, fields: readonly string[]): never {
  throw new StateBackendError(withId(
    `stack ${JSON.stringify(consumer)} reads the outputs of stack ${JSON.stringify(TerraformStack.of(backend).node.id)}, whose ${store.backend} backend ` +
      `(${backend.node.path}) takes ${fields.join(', ')} from its own run or configuration (a value given at init, a config file, a variable or local ` +
      `of that stack), which the run of ${JSON.stringify(consumer)} cannot know, so its remote state would read another object; read that state in ` +
      `${JSON.stringify(consumer)} with ${store.names.remoteState}, ` +
      'giving those fields there (for example from a TerraformVariable of that stack)',
    'stack/cross-stack-from-run',
  ));
}

/** An override of the producer's block that its consumer's remote state cannot carry (a nested block, a key of no field). */
function refuseOverrides(backend: Construct, consumer: string, keys: readonly string[]): never {
  throw new StateBackendError(withId(
    `stack ${JSON.stringify(consumer)} reads the outputs of stack ${JSON.stringify(TerraformStack.of(backend).node.id)}, whose backend (${backend.node.path}) ` +
      `has overrides of ${keys.join(', ')} that its remote state cannot carry, so it would read another object than the backend writes; ` +
      'set those values in the backend\'s config instead of an override',
    'stack/cross-stack-override',
  ));
}
