import * as fs from 'fs';
import * as path from 'path';
import { TerraformBackend, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { aroundAppSynth } from './cdktf-internals';
import { stackHasBackend } from './for-each-stack';
import { lastInitOf, markOwnStateMove } from './last-init';
import { StoreResource } from './state-store';

/*
 * The state of the stack that makes a state store (the bootstrap stack). Nothing holds it before the
 * store exists, so the stack starts on cdktf's local state. Once that state records the store as
 * created, the next synth gives the stack a backend in its own store, under `state-store/<stack id>`
 * (OWN_STATE_PREFIX), and the backend's stack/state-moved check (moved-state.ts: the last init used a
 * local backend, this synth names the store's) notes the move with the command that copies the state.
 * Once the last init names the store, the backend stays. A stack given a backend by the app keeps it.
 */

/** The prefix (AzureRM: the blob's folder) of a store's own stack's state in the store. */
export const OWN_STATE_PREFIX = 'state-store';

/** What a store's construct tells about its own stack's state. */
export interface OwnState {
  /** The backend type of the store (`gcs`). */
  readonly backend: string;
  /** Whether the store adopts one that existed before (`adopt`): its own stack's object may hold state already. */
  readonly adopted: boolean;
  /** The resources that must be created before the store can hold state (the bucket; OSS: and the lock table). */
  readonly holds: readonly StoreResource[];
  /** Whether a recorded backend config names this store (its bucket, its account and container). */
  readonly names: (config: Readonly<Record<string, unknown>>) => boolean;
  /** Gives the stack its backend in the store, under OWN_STATE_PREFIX. */
  readonly make: (stack: TerraformStack) => TerraformBackend;
}

/**
 * Gives the stack of `store` its backend in the store when the app is synthesized, where the stack
 * has no backend then and its state is known to be in the store, or its local state records the
 * store created. Decided when the synth starts: after the app's code, so a backend the code gives
 * the stack wins, before cdktf gives a stack without one its local backend.
 */
export function watchOwnState(store: Construct, own: OwnState): void {
  aroundAppSynth(store, {
    start: () => {
      const stack = TerraformStack.of(store);
      if (stackHasBackend(stack) || !storeHoldsOwnState(stack, own)) return;
      markOwnStateMove(stack, { adopted: own.adopted });
      own.make(stack);
    },
  });
}

/**
 * Whether `stack`'s state belongs in its store now: its last init used the store already, or the
 * local state its last init (or cdktf's default local backend) names records every resource the
 * store needs as created.
 */
export function storeHoldsOwnState(stack: TerraformStack, own: OwnState): boolean {
  const last = lastInitOf(stack);
  if (last?.type === own.backend && own.names(last.config)) return true;
  // cdktf's LocalBackend: <cwd>/terraform.<stack id>.tfstate unless the last init names another path.
  const local = last?.type === 'local' && typeof last.config.path === 'string' ? last.config.path : path.join(process.cwd(), `terraform.${stack.node.id}.tfstate`);
  const created = createdIn(local);
  return own.holds.length > 0 && own.holds.every((r) => created.has(`${r.terraformResourceType}.${r.friendlyUniqueId}`));
}

/** The managed resources (`type.name`) a state file records with an instance; none when it cannot be read. */
function createdIn(file: string): Set<string> {
  if (!fs.existsSync(file)) return new Set();
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8'));
    const resources: any[] = Array.isArray(state?.resources) ? state.resources : [];
    return new Set(resources
      .filter((r) => r?.mode === 'managed' && (r.module === undefined || r.module === '') && Array.isArray(r.instances) && r.instances.length > 0)
      .map((r) => `${r.type}.${r.name}`));
  } catch {
    return new Set();
  }
}
