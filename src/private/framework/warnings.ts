import { Annotations, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { aroundAppSynth } from './cdktf-internals';
import { Warning } from '../kit/field-value';
import { libraryContext } from '../target/flavour';

/*
 * Warnings are recorded when a construct checks its config and shown at synth (as cdktf
 * annotations, by the constructs' validations, which cdktf runs for each stack after invoking its
 * aspects), so that a warning acknowledged afterwards, on the construct or any scope above it, by
 * an aspect too, is left out. With the strict context key, an unacknowledged warning fails the
 * synth instead (but those marked `strict: false`, which describe the run about to happen).
 *
 * cdktf itself only writes annotations to manifest.json; the framework CLIs print them. So that an
 * app run on its own (`mvn exec:java`, `python main.py`, `go run`, `npx ts-node main.ts`) shows them
 * too, each warning is also printed to stderr as it is shown during `app.synth()`, as the CLIs print
 * it (`WARN [path]: message`), unless a framework CLI runs the app: cdktf-cli 0.21.0 and cdktn-cli
 * 0.24.0 set CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS to true in the app's environment
 * (@cdktf/cli-core synth-stack.ts SynthStack.synth; cdktn-cli's bundled handlers.js), and print
 * the annotations themselves after the synth (cli-core synth.ts printAnnotations).
 */

/** Context key: `true` turns unacknowledged warnings into synth errors. */
export const STRICT_CONTEXT_KEY = 'cdktf-state-backends:strict';

/** The check of the strict key's value, by id (for docs/FIELDS.md and the rule catalog). */
export const STRICT_CHECK = {
  id: 'warnings/strict',
  severity: 'error',
  description: 'the strict context key is true or false (or "true" / "false", as cdktf.json and the CLI give context); any other value is refused, not read as off',
} as const;

/** The check of `StateBackendWarnings.acknowledge`'s arguments, by id (for docs/FIELDS.md and the rule catalog). */
export const ACKNOWLEDGE_CHECK = {
  id: 'warnings/acknowledge',
  severity: 'error',
  description: 'StateBackendWarnings.acknowledge names a warning of this library by its id and gives the reason it does not apply',
} as const;

/** A strict key's value as it is read: a boolean, or undefined where it is neither true nor false. */
const readStrict = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : v);

/**
 * The strict key at `construct` (under this package's name or the other flavour's: target/flavour.ts):
 * on (naming the key), off, or the error for a value it cannot read.
 */
export function strictAt(construct: IConstruct): { readonly key: string } | false | string {
  const strict = libraryContext(construct, STRICT_CONTEXT_KEY, readStrict);
  if (strict === undefined) return false;
  const value = readStrict(strict.value);
  if (typeof value === 'boolean') return value ? { key: strict.key } : false;
  return `context key ${strict.key}: got ${JSON.stringify(strict.value)}, expected true or false (or "true" / "false") [${STRICT_CHECK.id}]`;
}

const ACK_METADATA = 'cdktf-state-backends:acknowledged-warning';

interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}

interface Recorded {
  readonly warnings: Warning[];
  /** Messages already added as annotations (validations run again on every synth). */
  readonly shown: Set<string>;
}

const recorded = new WeakMap<IConstruct, Recorded>();

/** Records warnings on `construct`, shown (or refused, when strict) when the app is synthesized. */
export function recordWarnings(construct: IConstruct, warnings: readonly Warning[]): void {
  if (warnings.length === 0) return;
  let entry = recorded.get(construct);
  if (!entry) {
    const own: Recorded = { warnings: [], shown: new Set() };
    recorded.set(construct, own);
    showsWarnings(construct);
    construct.node.addValidation({ validate: () => flush(construct, own) });
    entry = own;
  }
  entry.warnings.push(...warnings);
}

/** The refusal of a strict key's value it cannot read, checked by every backend whether or not it has warnings. */
export function strictKeyProblems(construct: IConstruct): string[] {
  const strict = strictAt(construct);
  return typeof strict === 'string' ? [strict] : [];
}

/** Marks warning `id` as acknowledged on `scope` and everything below it. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  scope.node.addMetadata(ACK_METADATA, { id, reason });
  // Shown in manifest.json beside the warnings, so a review sees what was waived and why.
  Annotations.of(scope).addInfo(`acknowledged warning ${id}: ${reason}`);
}

/** The scope that acknowledged warning `id` for `construct` (itself or one above it), and why. */
function acknowledgedBy(construct: IConstruct, id: string): { scope: IConstruct; reason: string } | undefined {
  for (const scope of construct.node.scopes) {
    const m = scope.node.metadata.find((e) => e.type === ACK_METADATA && (e.data as Acknowledgement).id === id);
    if (m) return { scope, reason: (m.data as Acknowledgement).reason };
  }
  return undefined;
}

/** What each construct has shown of the warnings found at synth (its validation runs on every synth). */
const shownAtSynth = new WeakMap<IConstruct, Set<string>>();

/**
 * Shows warnings found while the app is synthesized (a validation of its own): returns them as
 * errors under the strict context key, else adds the unacknowledged ones as annotations (once).
 */
export function showWarningsNow(construct: IConstruct, warnings: readonly Warning[]): string[] {
  let shown = shownAtSynth.get(construct);
  if (!shown) {
    // Nothing to show and nothing shown before: no record for this construct.
    if (warnings.length === 0) return [];
    shownAtSynth.set(construct, (shown = new Set()));
  }
  return flush(construct, { warnings: [...warnings], shown });
}

/**
 * The unacknowledged warnings: as errors under the strict context key (on every synth; those
 * marked `strict: false` are shown instead), else added as annotations (once).
 */
function flush(construct: IConstruct, entry: Recorded): string[] {
  const open: Warning[] = [];
  for (const w of entry.warnings) {
    const ack = acknowledgedBy(construct, w.id);
    if (!ack) {
      open.push(w);
    } else if (!ack.scope.node.scopes.some((s) => TerraformStack.isStack(s))) {
      // Acknowledged above every stack (on the app): manifest.json only holds what stacks hold, so
      // the record goes on the construct whose warning it waived.
      const record = `acknowledged warning ${w.id} on ${ack.scope.node.path || 'the app'}: ${ack.reason}`;
      if (!entry.shown.has(record)) {
        entry.shown.add(record);
        Annotations.of(construct).addInfo(record);
      }
    }
  }
  const strict = strictAt(construct);
  if (typeof strict === 'string') return [strict];
  const refused = strict ? open.filter((w) => w.strict !== false) : [];
  for (const w of open) {
    const message = `${w.message} [${w.id}]`;
    if (refused.includes(w) || entry.shown.has(message)) continue;
    entry.shown.add(message);
    Annotations.of(construct).addWarning(message);
    queue(construct, `WARN [${construct.node.path}]: ${message}`);
  }
  return strict ? refused.map((w) => `${w.message} [${w.id}] (${strict.key} is on: acknowledge the warning with a reason, or fix it)`) : [];
}

/** The variable both framework CLIs set for the app they synthesize (see above). */
const CLI_RUNS_THE_APP = 'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS';

/** Whether a framework CLI runs the app (and prints what manifest.json holds). */
export function underFrameworkCli(): boolean {
  return process.env[CLI_RUNS_THE_APP] === 'true';
}

/** Warning lines not printed yet, by app. */
const toPrint = new WeakMap<IConstruct, string[]>();
/** Apps whose hooks are in place, and those whose `app.synth()` is running. */
const hooked = new WeakSet<IConstruct>();
const synthesizing = new WeakSet<IConstruct>();

/**
 * Marks `construct` as one whose validations show this library's warnings: the first of an app
 * puts the hooks around its synth in place (framework/cdktf-internals.ts aroundAppSynth), before
 * the synth (a hook added during it would miss its start). Warnings shown during `app.synth()` are
 * printed at once; those shown outside it (`Testing.synth` with validations), at the end of the
 * next `app.synth()`.
 */
export function showsWarnings(construct: IConstruct): void {
  const root = construct.node.root;
  if (hooked.has(root)) return;
  hooked.add(root);
  aroundAppSynth(root, {
    start: () => synthesizing.add(root),
    last: () => {
      synthesizing.delete(root);
      printPending(root);
      letHostShow(root);
    },
  });
}

/** Queues a line for the app's synth to print (now, when it is running). */
function queue(construct: IConstruct, line: string): void {
  const root = construct.node.root;
  let lines = toPrint.get(root);
  if (!lines) toPrint.set(root, (lines = []));
  lines.push(line);
  if (synthesizing.has(root)) printPending(root);
}

/** Prints the app's queued lines to stderr, unless a framework CLI runs the app and prints manifest.json itself. */
function printPending(root: IConstruct): void {
  const lines = toPrint.get(root)?.splice(0) ?? [];
  if (underFrameworkCli()) return;
  for (const line of lines) printForHost(root, 'stderr', `${line}\n`);
}

/** Apps that printed during the current synth. */
const printed = new WeakSet<IConstruct>();

/** Writes `text` to the process's `stream` during the synth of the app `root`. */
export function printForHost(root: IConstruct, stream: 'stdout' | 'stderr', text: string): void {
  if (text === '') return;
  process[stream].write(text);
  printed.add(root);
}

/**
 * Under a jsii host (Java, Python, Go: the runtime sets JSII_AGENT for the node process), what the
 * library prints reaches the host's console through the host's runtime. The Java one (jsii-runtime
 * 1.x JsiiRuntime.ErrorStreamSink) reads the node process's stderr, which carries its stdout and
 * stderr as JSON lines, on a daemon thread that reads what is available, then sleeps 100 ms; an
 * interrupt during that sleep ends the thread without another read. `mvn exec:java` interrupts the
 * threads the program started once `main` returns or throws (exec-maven-plugin's
 * cleanupDaemonThreads, on by default), so a line written less than 100 ms before would be lost:
 * a synth that printed waits 300 ms (in a `finally`, so also when the synth throws) before it
 * returns. One that printed nothing returns at once.
 */
function letHostShow(root: IConstruct): void {
  if (!printed.has(root)) return;
  printed.delete(root);
  if (process.env.JSII_AGENT) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
}
