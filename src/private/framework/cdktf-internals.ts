import * as path from 'path';
import { App, TerraformBackend, TerraformStack, Token } from 'cdktf';
import { resolve } from 'cdktf/lib/_tokens';
import { addCustomSynthesis } from 'cdktf/lib/synthesize/synthesizer';
import { TokenString, containsMapToken, containsNumberListTokenElement, unresolved } from 'cdktf/lib/tokens/private/encoding';
import { deepMerge as frameworkDeepMerge } from 'cdktf/lib/util';
import { IConstruct } from 'constructs';

/*
 * The one place this library uses cdktf beyond its public API. cdktn, CDK Terrain's fork, has the
 * same modules (scripts/flavour.js rewrites `cdktf/lib/...` to `cdktn/lib/...`). Checked against
 * cdktf 0.21.0 and cdktn 0.24.0; test/unit/private/framework/cdktf-internals.test.ts runs each piece against the
 * installed framework and fails, naming the piece, when it changes underneath.
 */

/**
 * `value` with its tokens resolved in `scope`'s stack, as synth resolves them (cdktf/lib/_tokens
 * `resolve`): the public `Tokenization.resolve` needs a resolver and the stack's preparation
 * that synth sets up internally. Used to read an encryption config's references before synth.
 */
export function resolveIn<T>(scope: IConstruct, value: T): T {
  return isPlain(value, 0) ? value : resolve(scope, value);
}

/**
 * Whether `resolve` would give `value` back as it is: strings, numbers, booleans and null that are
 * no tokens (cdktf/lib/tokens/private/encoding `unresolved`, the list, map and concatenated number
 * forms too), in arrays and plain objects without `undefined` (which it drops). Most of what the
 * library reads at synth is literal, and resolve's walk costs far more than this one (the state
 * map and the checks resolve every element's block).
 */
function isPlain(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return isPlainString(value);
  if (typeof value === 'number') return value !== Token.NUMBER_MAP_TOKEN_VALUE && !unresolved(value) && !containsNumberListTokenElement([value]);
  if (typeof value !== 'object' || depth > 50) return false;
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isPlain(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || containsMapToken(value)) return false;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || !isPlainString(key) || !isPlain(v, depth + 1)) return false;
  }
  return true;
}

/** A string with no token in it (string, list and map tokens hold `{`; a number token's text an exponent). */
function isPlainString(s: string): boolean {
  if (s.includes('{') || s === Token.STRING_MAP_TOKEN_VALUE || s === Token.ANY_MAP_TOKEN_VALUE) return false;
  return !s.includes('e') || !TokenString.forNumbers(s).test();
}

/**
 * `target` with `sources` merged in as cdktf merges a TerraformElement's `addOverride` overrides
 * (cdktf/lib/util `deepMerge`: nested objects merge, an `undefined` value deletes the key), so
 * the overrides of this library's elements behave like every other element's.
 */
export function deepMerge(target: unknown, ...sources: unknown[]): any {
  return frameworkDeepMerge(target, ...sources);
}

/**
 * What `stack.addOverride(...)` has put into the stack's own block (TerraformStack's private
 * `rawOverrides`, merged into its JSON at synth): read to see a second backend added that way.
 */
export function stackOverrides(stack: TerraformStack): Record<string, any> {
  return (stack as any).rawOverrides ?? {};
}

/** What runs when each construct's stack is synthesized (cdktf keeps one custom synthesis per construct). */
const atSynthesis = new WeakMap<IConstruct, Array<(directory: string) => void>>();

/**
 * The backend type a backend element renders, `gcs` in `terraform.backend.gcs` (TerraformBackend's
 * protected `name`): read to list every backend of a stack, this library's and others'.
 */
export function backendName(backend: TerraformBackend): string {
  return (backend as unknown as { name: string }).name;
}

/**
 * Runs `write` when the app synthesizes the stack of `construct`, with the directory the stack's
 * files go to (cdktf/lib/synthesize/synthesizer `addCustomSynthesis`, which the stack's synthesizer
 * calls after it has checked the stack, so after the validations that show warnings, and only when
 * the stack is written: `app.synth()`, not `Testing.synth`; the manifest names the stack's working
 * directory). Used to write backend config files beside the stack's output and to print warnings.
 * Callbacks run in the order they were added.
 */
export function onStackSynthesis(construct: IConstruct, write: (directory: string) => void): void {
  let callbacks = atSynthesis.get(construct);
  if (!callbacks) {
    const all: Array<(directory: string) => void> = [];
    atSynthesis.set(construct, (callbacks = all));
    addCustomSynthesis(construct, {
      onSynthesize: (session: any) => {
        const directory = path.join(session.outdir, session.manifest.forStack(TerraformStack.of(construct)).workingDirectory);
        for (const callback of all) callback(directory);
      },
    });
  }
  callbacks.push(write);
}

const HCL_EXTENDED = Symbol.for('cdktf-state-backends.StateEncryption.hcl');

/**
 * Appends the blocks `extra` returns to `stack`'s HCL output, once per stack. cdktf renders the
 * `terraform` block of HCL output itself and prints keys it does not know as `0 = "..."`, so a
 * block inside `terraform` (state encryption) cannot come from the element: the stack's
 * `toHclTerraform` (public, returns `{ hcl, metadata }`) is wrapped to add it as its own block.
 */
export function extendStackHcl(stack: TerraformStack, extra: (stack: TerraformStack) => string[]): void {
  if ((stack as any)[HCL_EXTENDED]) return;
  Object.defineProperty(stack, HCL_EXTENDED, { value: true });
  const original = stack.toHclTerraform;
  Object.defineProperty(stack, 'toHclTerraform', {
    configurable: true,
    writable: true,
    value: function toHclTerraform(this: TerraformStack) {
      const result = original.call(this);
      const blocks = extra(this);
      if (blocks.length === 0) return result;
      return { ...result, hcl: [result.hcl, ...blocks].join('\n\n') };
    },
  });
}

const AROUND_SYNTH = Symbol.for('cdktf-state-backends.App.aroundSynth');
const PATCHED = Symbol.for('cdktf-state-backends.App.synthPatched');
/** The `app.synth()` call running on an app with hooks (one object per call). */
const RUNNING = new WeakMap<IConstruct, object>();

/**
 * The `app.synth()` call now running on the app `scope` belongs to, one object per call, or
 * undefined outside one (or for an app without hooks: `aroundAppSynth`). Keys what is read once
 * per synth (the stack directories there before it), so the next synth reads it again.
 */
export function runningSynth(scope: IConstruct): object | undefined {
  return RUNNING.get(scope.node.root);
}

/** What runs around an app's synth, in the order the app's hooks were added. */
export interface AroundSynth {
  /** Before cdktf's synth (nothing of the app is prepared, checked or written yet). */
  readonly start?: () => void;
  /** Once cdktf's synth has returned: every stack prepared, its aspects invoked, checked and written. */
  readonly written?: () => void;
  /** Last, whether cdktf's synth returned or threw (after every hook's `written`). */
  readonly last?: () => void;
}

/**
 * Runs `hooks` around `app.synth()` of the app `scope` belongs to (none when its root is no App).
 * `App.prototype.synth` is wrapped once (on the prototype: the jsii kernel invokes a host's call
 * through the class prototype, `_findInvokeTarget` in @jsii/kernel 1.x, so an instance property
 * would be skipped in Java, Python and Go); for an app with hooks it runs the `start` hooks, cdktf's
 * synth as it is, the `written` hooks if it returned, and the `last` hooks in a `finally`, so they
 * also run when the synth throws (a stack's validation failed). Other apps synthesize as before.
 * Only a real synth gets here: `Testing.synth` and `Testing.fullSynth` never call `app.synth()`. A
 * hook that throws is ignored: what it reports is the library's, never a reason to fail a synth.
 */
export function aroundAppSynth(scope: IConstruct, hooks: AroundSynth): void {
  const app = scope.node.root;
  if (!App.isApp(app)) return;
  patchSynth();
  let all: AroundSynth[] | undefined = (app as any)[AROUND_SYNTH];
  if (!all) Object.defineProperty(app, AROUND_SYNTH, { value: (all = []) });
  all.push(hooks);
}

function patchSynth(): void {
  const proto = App.prototype as any;
  if (proto[PATCHED]) return;
  const original: (this: App) => void = proto.synth;
  const run = (hooks: AroundSynth[], which: keyof AroundSynth) => {
    for (const h of hooks) {
      try {
        h[which]?.();
      } catch {
        // the library's own report: never a reason to fail the synth
      }
    }
  };
  Object.defineProperty(proto, PATCHED, { value: true });
  Object.defineProperty(proto, 'synth', {
    configurable: true,
    writable: true,
    value: function synth(this: App): void {
      const hooks: AroundSynth[] | undefined = (this as any)[AROUND_SYNTH];
      if (!hooks) return original.call(this);
      RUNNING.set(this, {});
      try {
        run(hooks, 'start');
        original.call(this);
        run(hooks, 'written');
      } finally {
        run(hooks, 'last');
        RUNNING.delete(this);
      }
    },
  });
}
