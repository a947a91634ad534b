import * as fs from 'fs';
import * as path from 'path';
import { App } from 'cdktf';
import { IConstruct } from 'constructs';
import { aroundAppSynth } from './cdktf-internals';
import { printForHost, underFrameworkCli } from './warnings';
import { ANY_WORKSPACE, showContainer, showObject, stateAddress } from '../address/state-objects';
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
 * What it reads of each element is `MapInput` below, and of the address model only `objectsOf`
 * (address/state-objects.ts: `stateAddress`, `showAddress`, `ANY_WORKSPACE`): the one place to change
 * when the model changes.
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
  const root = element.node.root;
  let list = entries.get(root);
  if (!list) {
    entries.set(root, (list = []));
    // Once the synth has written the stacks (aspects invoked, cross-stack remote states made).
    aroundAppSynth(root, { written: () => writeStateMap(root) });
  }
  list.push({ kind, backend, element, input });
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

/** The app's state map: each stack's backend object, and who reads it. */
export function stateMap(root: IConstruct): MappedObject[] {
  // An element taken out of the tree again (forEachStack undoing its backends) is not on the map.
  const list = (entries.get(root) ?? []).filter((e) => inTree(e.element));
  const backends = list.filter((e) => e.kind === 'backend').map((e) => e.input()).map((input) => ({ input, ...objectsOf(input) }));
  // Each remote state by the object it reads (in the workspace it names, or in the run's own: any
  // workspace's pattern), so a backend finds its readers by its own object in those workspaces.
  const byObject = new Map<string, number[]>();
  const workspaces = new Set<string | undefined>();
  // (a remote state of a store no backend of the app uses reads none of them: its address is not built)
  const types = new Set(backends.map((b) => b.input.backend));
  const readers = list.filter((e) => e.kind === 'remote-state' && types.has(e.backend)).map((e) => e.input());
  readers.forEach((input, i) => {
    const at = input.workspace === '${terraform.workspace}' ? ANY_WORKSPACE : input.workspace;
    const reader = objectsOf(input);
    workspaces.add(at);
    const key = objectKey(input.backend, reader.container, at, reader.objectAt(at));
    byObject.set(key, [...(byObject.get(key) ?? []), i]);
  });
  return backends.map((b) => {
    const found = [...workspaces].flatMap((at) => byObject.get(objectKey(b.input.backend, b.container, at, b.objectAt(at))) ?? []);
    return {
      stack: b.input.stack,
      backend: b.input.backend,
      container: b.container,
      defaultWorkspace: b.objectAt(undefined),
      otherWorkspaces: b.objectAt(ANY_WORKSPACE),
      readBy: [...new Set(found.sort((x, y) => x - y).map((i) => readers[i].stack))],
    };
  });
}

const objectKey = (backend: string, container: string, workspace: string | undefined, object: string) =>
  [backend, container, workspace ?? '', object].join('\n');

/**
 * The container and objects of an element as the address model reads them (address/state-objects.ts),
 * with what the run decides shown as such: a value given at init, an env var, a reference.
 */
function objectsOf(input: MapInput): { container: string; objectAt: (workspace: string | undefined) => string } {
  const block = { attributes: input.attributes, fromInit: input.fromRun, scope: input.scope, templates: input.remoteState };
  const address = stateAddress(input.backend, input.layout, input.fields, block, input.target);
  return { container: showContainer(address), objectAt: (ws) => showObject(address, ws) };
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

/** Whether `construct` is still in its tree: each scope on its path holds the next. */
function inTree(construct: IConstruct): boolean {
  const scopes = construct.node.scopes;
  return scopes.every((s, i) => i === 0 || scopes[i - 1].node.tryFindChild(s.node.id) === s);
}
