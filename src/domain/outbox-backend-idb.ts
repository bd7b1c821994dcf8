import { createStore, get, keys, promisifyRequest, type UseStore } from 'idb-keyval';
import { createOutbox, type OutboxBackend } from './outbox';

/** leadkit's outbox database: its own, so the drafts' database needs no new version to hold it. */
const DB_NAME = 'leadkit-outbox';
const STORE_NAME = 'entries';

/** One write, committed at once (a change queued as the tab closes must not be lost; see draft-backend-idb.ts). */
function write(store: UseStore, change: (objects: IDBObjectStore) => void): Promise<void> {
  return store('readwrite', (objects) => {
    change(objects);
    objects.transaction.commit?.();
    return promisifyRequest(objects.transaction);
  });
}

/** The browser's outbox backend: IndexedDB through idb-keyval, or null where there is none. */
export function idbOutboxBackend(): OutboxBackend | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = createStore(DB_NAME, STORE_NAME);
  return {
    get: (key) => get(key, store),
    set: (key, value) => write(store, (objects) => objects.put(value, key)),
    del: (key) => write(store, (objects) => objects.delete(key)),
    keys: () => keys(store),
  };
}

/**
 * Deletes every change the board keeps for sending on this device — for a host's sign-out on a
 * shared computer (the board also clears them itself when its `auth` changes). Never rejects.
 */
export function clearOutbox(): Promise<void> {
  return createOutbox({ backend: idbOutboxBackend }).clearAll();
}
