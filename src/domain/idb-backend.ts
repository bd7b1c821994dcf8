import { createStore, get, keys, promisifyRequest, type UseStore } from 'idb-keyval';
import type { KeyValueBackend } from './key-value-backend';

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
 * A key-value backend on one of leadkit's own IndexedDB databases (a host's idb-keyval data is
 * never read or swept), or null where there is no IndexedDB (happy-dom, some embedded web views).
 * Opening may still fail later (private mode, Firefox strict): every call then rejects, and the
 * store over it turns that into "nothing kept".
 */
export function idbBackend<V>(database: string, objectStore: string): KeyValueBackend<V> | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = createStore(database, objectStore);
  return {
    get: (key) => get(key, store),
    set: (key, value) => write(store, (objects) => objects.put(value, key)),
    del: (key) => write(store, (objects) => objects.delete(key)),
    keys: () => keys(store),
  };
}
