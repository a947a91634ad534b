import { OwnStateMove } from './last-init';

/*
 * The words the stack/state-moved notes add for the stack that holds its own state store
 * (own-state.ts), whose state records the store: it must be copied, never started empty.
 */

/** What starting the store's own stack on its new object, empty, leads to. */
export function ownStateEmpty(own: OwnStateMove | undefined): string {
  return own ? '; for the stack that holds the store, whose state records the store, that plan creates the store anew and fails (it exists)' : '';
}

/**
 * The caution of a copy into an adopted store: init -force-copy replaces, without a question, a
 * state its own stack's object holds already (put there from another checkout).
 */
export function adoptedNote(own: OwnStateMove | undefined): string {
  if (!own?.adopted) return '';
  return '; the store is adopted (it existed before this state): if another checkout moved this stack\'s state into it, that object holds it and the copy ' +
    'replaces it without a question: then do not copy; give the stack that backend in the code and leave the local state unused';
}
