import { idbBackend } from './idb-backend';
import { createDraftStore, type DraftBackend } from './drafts';

/** The browser's draft backend: leadkit's `leadkit` database, object store `drafts` (idb-backend.ts). */
export function idbDraftBackend(): DraftBackend | null {
  return idbBackend('leadkit', 'drafts');
}

/**
 * Deletes every leadkit draft on this device — for a host's sign-out on a shared computer.
 * Resolves when done; never rejects (no storage is nothing to delete).
 */
export function clearDrafts(): Promise<void> {
  return createDraftStore({ backend: idbDraftBackend }).clearAll();
}
