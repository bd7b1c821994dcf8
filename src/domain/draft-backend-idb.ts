import { createStore, get, keys, promisifyRequest, type UseStore } from 'idb-keyval';
import { createDraftStore, type DraftBackend } from './drafts';

/** leadkit's own IndexedDB database and object store: a host's idb-keyval data is never read or swept. */
const DB_NAME = 'leadkit';
const STORE_NAME = 'drafts';

/**
 * One write, committed at once: a write started as the page goes away (pagehide on a reload or
 * a closed tab) is lost in Chromium unless its transaction is committed explicitly — idb-keyval's
 * own `set` / `del` leave it to auto-commit, which a reload outruns (seen in the e2e journey).
 */
function write(store: UseStore, change: (objects: IDBObjectStore) => void): Promise<void> {
  return store('readwrite', (objects) => {
    change(objects);
    objects.transaction.commit?.();
    return promisifyRequest(objects.transaction);
  });
}

/**
 * The browser's draft backend: IndexedDB through idb-keyval, or null where there is none
 * (happy-dom, some embedded web views). Opening may still fail later (private mode, Firefox
 * strict): every call then rejects, and the draft store turns that into "no draft".
 */
export function idbDraftBackend(): DraftBackend | null {
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
 * Deletes every leadkit draft on this device — for a host's sign-out on a shared computer.
 * Resolves when done; never rejects (no storage is nothing to delete).
 */
export function clearDrafts(): Promise<void> {
  return createDraftStore({ backend: idbDraftBackend }).clearAll();
}
