import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { aroundAppSynth, backendName, stackOverrides } from './cdktf-internals';
import { Block, Located, NOT_MODELLED, defaultLocal, foreignRemoteState, inTree, locate, stackBlocks } from './state-map-blocks';
import { printForHost, underFrameworkCli } from './warnings';
import { ANY_WORKSPACE, StateAddress, showContainer, showObject, stateAddress } from '../address/state-objects';
import { StackScope } from '../kit/backend-text';
import { FieldSpec } from '../kit/schema';
import { StateLayout } from '../kit/state-layout';
import { ParsedTarget } from '../target/target';

/*
 * The state map: every stack's state object (in the default workspace and in any other), the
 * parts of it the run decides shown as such, and the stacks whose remote states read it. Made once
 * `app.synth()` has written the stacks, from the blocks as the synth wrote them (aspects' overrides
 * and the cross-stack remote states it made included): written to `<outdir>/state-map.json` beside
 * the stacks, and, when a framework CLI runs the app, printed as a short table to stdout, which the
 * CLIs show with their own output (an app run on its own, or in a test, prints only its warnings;
 * one created with `skipValidation: true` prints nothing). It is where a reviewer looks before
 * approving a change that moves state.
 *
 * Every stack is on it, whichever backend it has: this library's (read through `MapInput` below,
 * which knows what the run gives), and any other (state-map-blocks.ts: cdktf's and cdktn's own, the
 * local backend cdktf gives a stack without one, a block the stack's overrides add). An app writes
 * it once the library is used in it (a backend, a remote state, a target, state encryption,
 * warnings made strict or acknowledged): an app that never loads the library cannot.
 */

/** What the map reads of one backend or remote state of this library. */
export interface MapInput {
  /** The stack's id (`network`). */
  readonly stack: string;
  /** The store's backend name (`gcs`). */
  readonly backend: string;
  readonly layout: StateLayout;
  readonly fields: readonly FieldSpec[];
  readonly target: ParsedTarget;
  /** The block (a remote state: its `config`) as emitted, by the tool's keys, overrides merged in. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The tool's keys the run gives (a backend's values at init and config files); none for a remote state. */
  readonly fromRun: ReadonlySet<string>;
  /** A remote state's workspace: undefined for the default one, `${terraform.workspace}` for the run's. */
  readonly workspace?: string;
  /** A remote state's config: the tools read its strings as templates. */
  readonly remoteState?: boolean;
  /** What an evaluated template may read in the stack. */
  readonly scope: StackScope;
  /** The address from the fields above where the checks of this synth read it already (read from them otherwise). */
  readonly address?: StateAddress;
}

/** One stack's object, as the map shows it. */
export interface MappedObject {
  readonly stack: string;
  readonly backend: string;
  /** The container (`bucket="acme"`), the run's parts as `<...>`. */
  readonly container: string;
  /** The object in the default workspace, and in any other (`<workspace>` in its name). */
  readonly defaultWorkspace: string;
  readonly otherWorkspaces: string;
  /** The stacks whose remote states read it (in any workspace). */
  readonly readBy: string[];
}

interface Entry {
  readonly kind: 'backend' | 'remote-state';
  /** The store's backend name (`gcs`), known before `input` is read. */
  readonly backend: string;
  readonly element: IConstruct;
  readonly input: () => MapInput;
}

const entries = new WeakMap<IConstruct, Entry[]>();

/** Puts a backend or remote state of this library on its app's state map. */
export function onStateMap(element: IConstruct, kind: Entry['kind'], backend: string, input: () => MapInput): void {
  mappedApp(element.node.root).push({ kind, backend, element, input });
}

/** Has the app `scope` belongs to write its state map at synth (the library is used there: a target, state encryption, warnings). */
export function watchStateMap(scope: IConstruct): void {
  mappedApp(scope.node.root);
}

function mappedApp(root: IConstruct): Entry[] {
  let list = entries.get(root);
  if (!list) {
    entries.set(root, (list = []));
    // Once the synth has written the stacks (aspects invoked, cross-stack remote states made).
    aroundAppSynth(root, { written: () => writeStateMap(root) });
  }
  return list;
}

/** Writes the map beside the stacks, and prints its table with a framework CLI's output. */
function writeStateMap(root: IConstruct): void {
  const map = stateMap(root);
  const app = App.of(root);
  const file = path.join(app.outdir, 'state-map.json');
  fs.writeFileSync(file, JSON.stringify({ stacks: map }, null, 2) + '\n');
  if (!underFrameworkCli() || app.skipValidation) return;
  const shown = path.relative(process.cwd(), file);
  printForHost(root, 'stdout', stateMapTable(map, shown.startsWith('..') || shown === '' ? file : shown));
}

/** The app's state map: each stack's backend object, in the order the app holds the stacks, and who reads it. */
export function stateMap(root: IConstruct): MappedObject[] {
  // An element taken out of the tree again (forEachStack undoing its backends) is not on the map.
  const ours = new Map((entries.get(root) ?? []).filter((e) => inTree(e.element)).map((e) => [e.element, e]));
  const outdir = App.isApp(root) ? root.outdir : '.';
  const stacks: TerraformStack[] = [];
  const backends = new Map<TerraformStack, TerraformBackend[]>();
  const remoteStates: TerraformRemoteState[] = [];
  for (const c of root.node.findAll()) {
    if (TerraformStack.isStack(c)) stacks.push(c);
    else if (TerraformBackend.isBackend(c)) backends.set(TerraformStack.of(c), [...(backends.get(TerraformStack.of(c)) ?? []), c]);
    else if (c instanceof TerraformRemoteState) remoteStates.push(c);
  }
  const rows = stacks.flatMap((stack) => {
    const found = backends.get(stack) ?? [];
    // (a stack whose blocks are all this library's, none from its overrides: their entries give the rest, nothing is rendered)
    const mine = found.length > 0 && stackOverrides(stack).terraform === undefined && found.every((b) => ours.has(b));
    const blocks = mine ? ownBlocks(found) : stackBlocks(stack, found);
    if (blocks.length === 0) return [{ stack, at: defaultLocal(stack, outdir) }];
    return blocks.map((b) => {
      const entry = b.construct && ours.get(b.construct);
      return { stack, at: entry ? objectsOf(entry.input()) : locate(stack, b.name, b.attributes, outdir) };
    });
  });
  // Each remote state by the object it reads (in the workspace it names, or in the run's own: any
  // workspace's pattern), so a backend finds its readers by its own object in those workspaces.
  const byObject = new Map<string, string[]>();
  const workspaces = new Set<string | undefined>();
  const types = new Set(rows.map((r) => r.at.backend));
  for (const element of remoteStates) {
    const entry = ours.get(element);
    // (a remote state of a backend type no stack uses reads none of them: its address is not built)
    if (entry && !types.has(entry.backend)) continue;
    const stack = TerraformStack.of(element);
    const input = entry?.input();
    const other = entry ? undefined : foreignRemoteState(element);
    if (!input && (!other || !types.has(other.backend))) continue;
    const reader = input ? objectsOf(input) : locate(stack, other!.backend, other!.config, outdir, true);
    const workspace = input ? input.workspace : other!.workspace;
    const at = workspace === '${terraform.workspace}' ? ANY_WORKSPACE : workspace === 'default' ? undefined : workspace;
    workspaces.add(at);
    const key = objectKey(reader.backend, reader.container, at, reader.objectAt(at));
    byObject.set(key, [...(byObject.get(key) ?? []), stack.node.id]);
  }
  return rows.map(({ stack, at }) => {
    const defaultWorkspace = at.objectAt(undefined);
    const modelled = defaultWorkspace !== NOT_MODELLED;
    const objectIn = (ws: string | undefined) => (ws === undefined ? defaultWorkspace : at.objectAt(ws));
    const found = modelled ? [...workspaces].flatMap((ws) => byObject.get(objectKey(at.backend, at.container, ws, objectIn(ws))) ?? []) : [];
    return {
      stack: stack.node.id,
      backend: at.backend,
      container: at.container,
      defaultWorkspace,
      otherWorkspaces: at.objectAt(ANY_WORKSPACE),
      readBy: [...new Set(found)],
    };
  });
}

/** The blocks of a stack's backends by name, the first backend of a name making it (as stackBlocks merges them), attributes left to the entries. */
function ownBlocks(backends: readonly TerraformBackend[]): Block[] {
  const byName = new Map<string, TerraformBackend>();
  for (const b of backends) if (!byName.has(backendName(b))) byName.set(backendName(b), b);
  return [...byName].map(([name, construct]) => ({ name, construct, attributes: {} }));
}

const objectKey = (backend: string, container: string, workspace: string | undefined, object: string) =>
  [backend, container, workspace ?? '', object].join('\n');

/**
 * The container and objects of an element as the address model reads them (address/state-objects.ts),
 * with what the run decides shown as such: a value given at init, an env var, a reference.
 */
function objectsOf(input: MapInput): Located {
  const address = input.address ?? stateAddress(input.backend, input.layout, input.fields, {
    attributes: input.attributes, fromInit: input.fromRun, scope: input.scope, templates: input.remoteState,
  }, input.target);
  return { backend: input.backend, container: showContainer(address), objectAt: (ws) => showObject(address, ws) };
}

/** The short table printed with the CLI's output. */
export function stateMapTable(map: readonly MappedObject[], file: string): string {
  if (map.length === 0) return '';
  const rows = [['stack', 'backend', 'where', 'default workspace', 'other workspaces', 'read by'],
    ...map.map((m) => [m.stack, m.backend, m.container, m.defaultWorkspace, m.otherWorkspaces, m.readBy.join(', ') || '-'])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
  return [`state objects (${file}):`, ...lines, ''].join('\n');
}
