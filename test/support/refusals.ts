/**
 * Helpers for rule tests: the error a config gets, or the warnings it records.
 */
import { TerraformStack } from 'cdktf';
import { warningsOf } from './annotations';
import { StoreUnderTest, appFor } from './stores';
import { DEFAULT_TARGET, formatTarget, parseTarget } from '../../src/private/target/target';

export interface Options {
  /** `backend` (default) or `remote-state`. */
  readonly as?: 'backend' | 'remote-state';
  /** `tool@version`; the default target when unset. */
  readonly target?: string;
}

function build(sut: StoreUnderTest, props: unknown, options: Options): TerraformStack {
  const parsed = options.target ? parseTarget(options.target) : undefined;
  if (typeof parsed === 'string') throw new Error(parsed);
  const stack = new TerraformStack(appFor(parsed), 'producer');
  if (options.as === 'remote-state') sut.remoteState(stack, 'rs', props);
  else sut.backend(stack, props);
  return stack;
}

/** The message of the error `props` gets; fails the test when nothing is thrown. */
export function refusal(sut: StoreUnderTest, props: unknown, options: Options = {}): string {
  try {
    build(sut, props, options);
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(props)} to be refused`);
}

/** The warnings `props` records (construction must succeed). */
export function warningsFor(sut: StoreUnderTest, props: unknown, options: Options = {}): string[] {
  return warningsOf(build(sut, props, options));
}

/** The header of an error for the default fixture paths. */
export function header(store: string, target = formatTarget(DEFAULT_TARGET), as: 'backend' | 'remote-state' = 'backend'): string {
  return as === 'backend'
    ? `invalid ${store} backend (target ${target}) at producer/backend:`
    : `invalid ${store} remote state (target ${target}) at producer/rs:`;
}
