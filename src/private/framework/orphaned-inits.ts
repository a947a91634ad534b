import * as path from 'path';
import { App, Manifest, TerraformBackend, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { appMap } from './app-backends';
import { aroundAppSynth, backendName, runningSynth } from './cdktf-internals';
import { LastInit, NamedBackend, OwnNamed, addressOf, lastInit, lastInitOf, namedBackend, nextRunOf, sameObject, show, stackDirectory, stackDirsBeforeSynth } from './last-init';
import { movedStateWarning } from './moved-state';
import { givenWord, keysOfAddress, printedArgs, recipeCommands, unsetNote } from './moved-state-text';
import { underFrameworkCli } from './warnings';
import { Warning } from '../kit/field-value';

/*
 * A stack's directory that no stack of the app claims any more (stack/state-moved): renaming a stack
 * (its id, and under forEachStack its prefix or key) moves its state object, and cdktf-cli 0.21.0
 * and cdktn-cli 0.24.0 delete `<outdir>/stacks/<id>` of a stack the app no longer has once the app
 * has run (@cdktf/cli-core synth-stack.ts SynthStack.synth, orphanedDirectories), its `.terraform`
 * with it: the record of where that state is. During the app's synth the directory is still there:
 * the warning names its object, on the backends of the stacks that have no last init yet (one of
 * them may be the renamed stack, which would start empty), else on the first backend that asks.
 * Nothing is said of a directory whose object a backend of the app names (a stack renamed whose
 * block names its object itself: its first init finds the state where it is).
 */

interface Orphan {
  readonly id: string;
  readonly directory: string;
  readonly last: LastInit;
  /** The stacks with a backend of the orphan's type and no last init of their own. */
  readonly newStacks: ReadonlySet<string>;
  reported: boolean;
  /** A backend of the app names the orphan's object (undefined: not known yet). */
  claimed?: boolean;
}

/** Per `app.synth()` call (cdktf-internals.ts runningSynth). */
const found = new WeakMap<object, Orphan[]>();
const watched = new WeakSet<IConstruct>();

/** Looks for orphaned directories in every `app.synth()` of the app `construct` belongs to (once per synth). */
export function watchOrphanedInits(construct: IConstruct): void {
  const root = construct.node.root;
  if (watched.has(root)) return;
  watched.add(root);
  // (hooks of none: what is found is kept per synth call)
  aroundAppSynth(root, {});
}

/** The directories under the app's output that hold a last init and that no stack of the app claims. */
function orphansOf(root: IConstruct): Orphan[] {
  const run = runningSynth(root);
  if (!run) return [];
  let list = found.get(run);
  if (list) return list;
  list = [];
  found.set(run, list);
  const entries = stackDirsBeforeSynth(root)!;
  if (entries.size === 0) return list;
  const stacksDir = path.join(App.of(root).outdir, Manifest.stacksFolder);
  const all = root.node.findAll();
  const ids = new Set(all.filter((c) => TerraformStack.isStack(c)).map((s) => s.node.id));
  const unclaimed = [...entries].filter((e) => !ids.has(e)).flatMap((id) => {
    const last = lastInit(path.join(stacksDir, id));
    return last ? [{ id, last }] : [];
  });
  if (unclaimed.length === 0) return list;
  const fresh = new Map<string, Set<string>>();
  for (const b of all.filter((c): c is TerraformBackend => TerraformBackend.isBackend(c))) {
    const stack = TerraformStack.of(b);
    if (lastInitOf(stack)) continue;
    const type = backendName(b);
    fresh.set(type, new Set([...(fresh.get(type) ?? []), stack.node.id]));
  }
  for (const u of unclaimed) {
    list.push({ ...u, directory: stackDirectory(root, u.id).shown, newStacks: fresh.get(u.last.type) ?? new Set(), reported: false });
  }
  return list;
}

/** The warnings a backend of this library shows of orphaned directories: `named` describes it (asked only when there are some). */
export function orphanedInitWarnings(backend: IConstruct, own: () => OwnNamed): Warning[] {
  const orphans = orphansOf(backend.node.root);
  if (orphans.length === 0) return [];
  const stack = TerraformStack.of(backend).node.id;
  const asks = (o: Orphan) => o.newStacks.has(stack) || (o.newStacks.size === 0 && !o.reported);
  if (!orphans.some((o) => asks(o) && o.claimed !== true)) return [];
  const n = namedBackend(TerraformStack.of(backend), own());
  for (const o of orphans) if (o.claimed === undefined && o.last.type === n.backend) o.claimed = claimed(backend.node.root, o, n);
  const mine = orphans.filter((o) => asks(o) && o.claimed !== true);
  return mine.map((o) => {
    o.reported = true;
    return movedStateWarning(orphanMessage(o, n));
  });
}

/**
 * Whether a backend of the app (in its block or with a config file) names the object the orphan's
 * last init used, in that init's workspace: a stack renamed whose block names its object itself
 * keeps its state there, and its first init finds it (nothing moves).
 */
function claimed(root: IConstruct, orphan: Orphan, named: NamedBackend): boolean {
  const address = addressOf(named, orphan.last.config, Object.keys(orphan.last.config), true);
  return appMap(root).holders.some((h) => h.backend === orphan.last.type && h.addresses().some((a) => sameObject(address, a, orphan.last.workspace)));
}

function orphanMessage(orphan: Orphan, named: NamedBackend): string {
  const deletes = underFrameworkCli()
    ? 'the CLI deletes that directory, its .terraform with it, after this synth'
    : 'cdktf-cli and cdktn-cli delete that directory, its .terraform with it, when they next synthesize the app';
  const where = orphan.last.type === named.backend
    ? show(addressOf(named, orphan.last.config, Object.keys(orphan.last.config), true), orphan.last.workspace).shown
    : `a ${orphan.last.type} backend`;
  const head = `${orphan.directory} holds the last init of stack ${orphan.id}, which this app no longer has (${where}); ${deletes}`;
  if (!orphan.newStacks.has(named.stack)) {
    return `${head}. Its state is still at that object and, unless the stack was destroyed, its resources are still deployed: if the stack was renamed, move that state to the new stack's object ` +
      '(README "Moving state": renaming a stack moves its object); if it was removed, its resources are no longer managed by this app';
  }
  const run = nextRunOf();
  const { words, withheld } = printedArgs(named, run.args.configs);
  const recorded = orphan.last.config;
  // Each key of the object the block sets (not left to init) whose value the old directory's init did
  // not use: a key the record holds as null was unset then, and is given back as what the tool took.
  const moving = [...keysOfAddress(named)].filter((k) => !named.fromInit.has(k) && JSON.stringify(recorded[k]) !== JSON.stringify(named.emitted[k]));
  const old = moving.map((k) => givenWord(named, k, recorded[k]));
  // The copy gives the new values again: the first step's init recorded this synth's block (its
  // hash) with the old values given, and an init whose block hashes the same and that is given no
  // -backend-config keeps what it recorded, copying nothing (terraform 1.15.9 meta_backend.go
  // backendFromConfig: "using already-initialized, unchanged backend configuration").
  const back = moving.map((k) => givenWord(named, k, named.emitted[k]));
  const now = show(addressOf(named, named.emitted, []), run.workspace ?? 'default').shown;
  const c = recipeCommands(named, run.command);
  const unset = unsetNote(named, moving.filter((k) => recorded[k] === undefined || named.emitted[k] === undefined));
  return `${head}. If stack ${named.stack} is ${orphan.id} renamed (renaming a stack moves its state object), its state is still there, and ${named.stack}'s ` +
    `first init would start an empty one at ${now}: to move it, point ${named.stack}'s directory at the old object, then copy: ` +
    `${c.point([...words, ...old])}, then ${c.copy([...words, ...back])}${unset} ${c.copyNote}${withheld}`;
}
