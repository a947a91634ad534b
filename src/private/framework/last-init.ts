import * as fs from 'fs';
import * as path from 'path';
import { App, Manifest, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { appMap } from './app-backends';
import { runningSynth } from './cdktf-internals';
import { CommandSight, cliCommand } from './cli-command';
import { stackScope } from './static-context';
import { sharing } from '../address/address-compare';
import { StateAddress, showContainer, showObject, stateAddress } from '../address/state-objects';
import { hasSymbol, symbolsIn } from '../kit/address-symbols';
import { StackScope } from '../kit/backend-text';
import { InitArgs, initArgsOf } from '../kit/init-args';
import { FieldSpec, envVarsOf, keyFor } from '../kit/schema';
import { StateLayout } from '../kit/state-layout';
import { ParsedTarget } from '../target/target';

/*
 * What stack/state-moved (moved-state.ts) reads: the backend the last `init` of a stack's directory
 * used (`.terraform/terraform.tfstate`, `.terraform/environment`), what this synth names, and what
 * the run about to happen gives (TF_CLI_ARGS_init, TF_CLI_ARGS, TF_WORKSPACE); the addresses it
 * compares, built and compared here only (address/state-objects.ts, address/address-compare.ts).
 */

/** The backend of the last init, as `.terraform/terraform.tfstate` records it. */
export interface LastInit {
  readonly type: string;
  /** The tool's keys and values (nulls left out). */
  readonly config: Readonly<Record<string, unknown>>;
  /** Every argument the record names (the backend's schema), and what it holds for each. */
  readonly recorded: Readonly<Record<string, unknown>>;
  /** The hash of the block alone, as the tool computed it. */
  readonly hash?: number;
  /** The workspace selected there (`.terraform/environment`), `default` when none. */
  readonly workspace: string;
}

/** The backend the last init in `stackDir` used, or undefined when there was none (or it cannot be read). */
export function lastInit(stackDir: string): LastInit | undefined {
  const file = path.join(stackDir, '.terraform', 'terraform.tfstate');
  // (most stacks have none: a check is cheaper than a failed read's exception)
  if (!fs.existsSync(file)) return undefined;
  let recorded: any;
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const backend = recorded?.backend;
  if (typeof backend?.type !== 'string' || backend.config === null || typeof backend.config !== 'object') return undefined;
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(backend.config as Record<string, unknown>)) if (v !== null && v !== undefined) config[k] = v;
  let workspace = 'default';
  try {
    workspace = fs.readFileSync(path.join(stackDir, '.terraform', 'environment'), 'utf8').trim() || 'default';
  } catch {
    // none selected: the default workspace
  }
  const hash = typeof backend.hash === 'number' ? backend.hash : undefined;
  return { type: backend.type, config, recorded: backend.config, hash, workspace };
}

/** Per `app.synth()` call: the entries of the app's stacks folder when first asked (cdktf-internals.ts runningSynth). */
const listings = new WeakMap<object, ReadonlySet<string>>();

/**
 * The entries of `<outdir>/stacks` of the app `scope` belongs to as they were when this synth first
 * asked (empty when there is no such folder), or undefined outside an `app.synth()`. A last init
 * is only in a directory that was there before the synth: one the synth makes has none.
 */
export function stackDirsBeforeSynth(scope: IConstruct): ReadonlySet<string> | undefined {
  const run = runningSynth(scope);
  if (!run) return undefined;
  let entries = listings.get(run);
  if (!entries) {
    try {
      entries = new Set(fs.readdirSync(path.join(App.of(scope).outdir, Manifest.stacksFolder)));
    } catch {
      entries = new Set();
    }
    listings.set(run, entries);
  }
  return entries;
}

/**
 * The backend the last init in `stack`'s directory used (`lastInit`). During `app.synth()` into an
 * output directory whose stacks folder was empty or missing when the synth began, none is read:
 * one listing instead of a file check per stack (a CI run's fresh checkout). Otherwise each
 * stack's file is checked, as the file system names it: on a case-insensitive one (macOS,
 * Windows) the directory of stack `Net` is stack `net`'s, which no listing tells by name.
 */
export function lastInitOf(stack: TerraformStack): LastInit | undefined {
  if (stackDirsBeforeSynth(stack)?.size === 0) return undefined;
  return lastInit(stackDirectory(stack, stack.node.id).path);
}

/** What this synth names for one stack's backend. */
export interface NamedBackend {
  readonly stack: string;
  /** The stack's directory as the user names it (`cdktf.out/stacks/network`), and as a path. */
  readonly directory: string;
  readonly path: string;
  /** The backend's type (`gcs`). */
  readonly backend: string;
  readonly layout: StateLayout;
  readonly fields: readonly FieldSpec[];
  readonly target: ParsedTarget;
  /** The block as emitted: the tool's keys and values, tokens resolved. */
  readonly emitted: Readonly<Record<string, unknown>>;
  /** The tool's keys the block leaves to init. */
  readonly fromInit: ReadonlySet<string>;
  /** The config files by name (`prod`), each with its values by the tool's keys. */
  readonly files: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** What an evaluated template may read in the stack. */
  readonly scope: StackScope;
  /** The other stack of the app whose backend names `address` in `workspace`, if one does (asked only where a note would copy there). */
  readonly otherStackAt: (address: StateAddress, workspace: string) => string | undefined;
  /** Set where the backend is the one a state store gave its own stack (framework/own-state.ts). */
  readonly ownState?: OwnStateMove;
}

/** A backend a state store gave its own stack, in the store. */
export interface OwnStateMove {
  /** The store adopts one that existed before: its own stack's object there may hold state already. */
  readonly adopted: boolean;
}

/** The stacks whose backend a state store gave them, in their own store (framework/own-state.ts). */
const OWN_STATE_MOVES = new WeakMap<TerraformStack, OwnStateMove>();

/** Records that `stack`'s backend is the one its store gave it. */
export function markOwnStateMove(stack: TerraformStack, move: OwnStateMove): void {
  OWN_STATE_MOVES.set(stack, move);
}

/** The stack's backend in its own store, if a store gave it one (for the notes of its move: moved-state.ts). */
export function ownStateMoveOf(stack: TerraformStack): OwnStateMove | undefined {
  return OWN_STATE_MOVES.get(stack);
}

/** What a backend gives of itself to describe what it names (the rest is its stack's). */
export type OwnNamed = Omit<NamedBackend, 'stack' | 'directory' | 'path' | 'scope' | 'otherStackAt'>;

/** What `stack`'s backend names, from what it gives of itself. */
export function namedBackend(stack: TerraformStack, own: OwnNamed): NamedBackend {
  const dir = stackDirectory(stack, stack.node.id);
  const otherStackAt = (address: StateAddress, workspace: string) => appMap(stack.node.root).holders
    .find((h) => h.stack !== stack && h.backend === own.backend && h.addresses().some((a) => sameObject(address, a, workspace)))?.stack.node.id;
  return { ...own, stack: stack.node.id, directory: dir.shown, path: dir.path, scope: stackScope(stack), otherStackAt };
}

/**
 * The value the tool takes for `key` where neither the block nor init gives it: the first of its
 * env vars set in this environment (the record keeps no value the env gave), else its default (the
 * field table's, the layout's), else the empty string, which both tools read as unset (a
 * `-backend-config=KEY=` gives the empty string: terraform 1.15.9 and OpenTofu 1.12.6 init.go
 * backendConfigOverrideBody; the CLI suite's recipes and the run-time tier's migrate-state
 * judge show the object is the same). `env`: the env var it came from.
 */
export function unsetValue(named: NamedBackend, key: string): { readonly value: string; readonly env?: string } {
  const spec = named.fields.find((f) => keyFor(f, named.target.tool) === key);
  for (const env of spec ? envVarsOf(spec, named.target.tool, named.target.version) : []) {
    const value = process.env[env];
    if (value) return { value, env };
  }
  return { value: spec?.default ?? named.layout.defaults?.[key] ?? '' };
}

/** What the run about to happen gives: init's arguments and the workspace, and what the app sees of the CLI's command. */
export interface NextRun {
  readonly args: InitArgs;
  /** TF_WORKSPACE, when set. */
  readonly workspace?: string;
  readonly command: CommandSight;
}

/** The run the environment describes. */
export function nextRunOf(env: Readonly<Record<string, string | undefined>> = process.env, command: CommandSight = cliCommand()): NextRun {
  return { args: initArgsOf(env), workspace: env.TF_WORKSPACE || undefined, command };
}

/** The directory of stack `id` under the output of the app `scope` is in (`<outdir>/stacks/<id>`, as the manifest names it), and as a user names it. */
export function stackDirectory(scope: IConstruct, id: string): { readonly path: string; readonly shown: string } {
  const dir = path.join(App.of(scope).outdir, Manifest.stacksFolder, id);
  // (shown only in messages: most stacks have no last init to speak of)
  return {
    path: dir,
    get shown() {
      const shown = path.relative(process.cwd(), dir);
      return shown.startsWith('..') || shown === '' ? dir : shown;
    },
  };
}

/** The identity of `terraform.workspace` in an address's text (kit/backend-text.ts). */
const WORKSPACE_SYMBOL = 'terraform.workspace';

/** One address as the warnings compare and show it. */
export interface Named {
  readonly address: StateAddress;
  /** `gcs bucket="a", object "p/default.tfstate"` in the run's workspace. */
  readonly shown: string;
}

/** What the warnings are worded from (moved-state-text.ts). */
export interface MoveFacts {
  readonly named: NamedBackend;
  readonly run: NextRun;
  readonly workspace: string;
  /** The last init's object, and what the last init was given (by key). */
  readonly last: Named;
  /** The last init's values (nulls left out), and those it was given at init (by key). */
  readonly lastConfig: Readonly<Record<string, unknown>>;
  readonly lastGiven: Readonly<Record<string, unknown>>;
  /** The block the last init read, where its hash tells it. */
  readonly oldBlock?: Readonly<Record<string, unknown>>;
  /** The object of the last init's environment with this synth's block. */
  readonly now: Named;
  /** The object the run's init names (undefined: the run gives no -backend-config, or one the library cannot read). */
  readonly next?: Named;
  /** The run's config files (`prod`), and the file whose values the last init used. */
  readonly runFiles: readonly string[];
  readonly lastFile?: string;
  /** Where no file names the last init's object: the file whose values changed since it used it, if one tells. */
  readonly changedFile?: string;
  /** How the run's init copies the state to the object it names (`-force-copy in TF_CLI_ARGS_init`, `the CLI's --migrate-state`), if it does. */
  readonly copying?: string;
}

/**
 * The address `attributes` name: the keys of `literal` read as the tools read -backend-config values
 * and the record (literally), the others as the block's; the keys the block leaves to init that
 * nothing gives are unknown. `recorded`: the record alone (every value literal).
 */
export function addressOf(
  named: NamedBackend, attributes: Readonly<Record<string, unknown>>, literal: Iterable<string>, recorded = false,
): StateAddress {
  const fromFile = new Set(literal);
  const fromInit = recorded ? new Set<string>() : new Set([...named.fromInit].filter((k) => !fromFile.has(k)));
  const block = { attributes, fromInit, fromFile, scope: named.scope, templates: recorded ? false : undefined };
  return stateAddress(named.backend, named.layout, named.fields, block, named.target);
}

/** `address` with how a user reads it in `workspace` (`terraform.workspace` read as that workspace). */
export function show(address: StateAddress, workspace: string): Named {
  const at = inThisRun(inWorkspace(address, workspace));
  return { address, shown: `${at.backend} ${showContainer(at)}, object ${JSON.stringify(showObject(at, workspace === 'default' ? undefined : workspace))}` };
}

/**
 * `address` as an init in `workspace` reads it: OpenTofu evaluates `terraform.workspace` in a
 * backend block to the workspace selected at init (the record holds the value it found), so the
 * symbol is that workspace's name there; every other symbol stays a symbol.
 */
export function inWorkspace(address: StateAddress, workspace: string): StateAddress {
  const holds = (text: string) => symbolsIn(text).some((s) => s.identity === WORKSPACE_SYMBOL);
  if (![...address.parts.values()].some((p) => holds(p.text))) return address;
  const parts = new Map([...address.parts].map(([k, p]) => {
    if (!holds(p.text)) return [k, p];
    const text = symbolsIn(p.text).filter((s) => s.identity === WORKSPACE_SYMBOL).reduce((t, s) => t.split(s.whole).join(workspace), p.text);
    return [k, { ...p, text }];
  }));
  return { ...address, parts };
}

/**
 * `address` in this run: each part an env var gives as this environment gives it (the first of its
 * env vars set, else the tool's value when none is), a literal part then. A record of an init keeps
 * no value an env var gave it (null where the block left the key unset), so the last init's address
 * is read in this environment too: the notes compare the two as one environment's runs.
 */
export function inThisRun(address: StateAddress, env: Readonly<Record<string, string | undefined>> = process.env): StateAddress {
  const values = new Map<string, { value: string; set: boolean }>();
  for (const [id, run] of address.runValues) {
    if (run.init !== undefined || run.names.length === 0 || run.names.some((n) => n.startsWith('var.'))) continue;
    const set = run.names.map((n) => env[n]).find((v) => v);
    const value = set ?? run.unset;
    if (value !== undefined && !hasSymbol(value)) values.set(id, { value, set: set !== undefined });
  }
  if (values.size === 0) return address;
  const parts = new Map([...address.parts].map(([k, p]) => {
    const found = symbolsIn(p.text).filter((s) => values.has(s.identity));
    if (found.length === 0) return [k, p];
    const text = found.reduce((t, s) => t.split(s.whole).join(values.get(s.identity)!.value), p.text);
    // (shown as set where an env var set it, as a default, not shown, where none did)
    const source = hasSymbol(text) ? p.source : found.some((s) => values.get(s.identity)!.set) ? 'literal' as const : 'default' as const;
    return [k, { ...p, text, source }];
  }));
  return { ...address, parts, runValues: new Map([...address.runValues].filter(([id]) => !values.has(id))) };
}

/**
 * Whether two addresses name one object in `workspace`, the run's values (env vars, OpenTofu
 * variables) taken alike for both: both sides come from one environment's runs (address/address-compare.ts).
 */
export function sameObject(a: StateAddress, b: StateAddress, workspace: string): boolean {
  const how = sharing(inThisRun(inWorkspace(a, workspace)), inThisRun(inWorkspace(b, workspace)));
  return how !== undefined && (workspace === 'default' || how.workspaces === 'every');
}
