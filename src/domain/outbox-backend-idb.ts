import { idbBackend } from './idb-backend';
import { createOutbox, type OutboxBackend } from './outbox';

/** The browser's outbox backend: its own database (`leadkit-outbox`, object store `entries`), so the drafts' database needs no new version to hold it. */
export function idbOutboxBackend(): OutboxBackend | null {
  return idbBackend('leadkit-outbox', 'entries');
}

/**
 * Deletes every change the board keeps for sending on this device — for a host's sign-out on a
 * shared computer (the board also clears them itself when its `auth` changes). Never rejects.
 */
export function clearOutbox(): Promise<void> {
  return createOutbox({ backend: idbOutboxBackend }).clearAll();
}
