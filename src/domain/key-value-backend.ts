/**
 * What leadkit keeps on the device (drafts.ts, outbox.ts) sits on: idb-keyval's three calls plus
 * listing keys (an expiry sweep, a provider's entries). IndexedDB in the browser
 * (idb-backend.ts), a Map in tests and where there is none. React-free; no import.
 */
export interface KeyValueBackend<V> {
  get(key: string): Promise<unknown>;
  set(key: string, value: V): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<readonly IDBValidKey[]>;
}

/** A backend in memory (tests, stories, happy-dom; a page whose storage fails); `entries` shows what it holds. */
export function memoryBackend<V>(initial: Iterable<[string, V]> = []): KeyValueBackend<V> & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>(initial);
  return {
    entries,
    get: (key) => Promise.resolve(entries.get(key)),
    set: (key, value) => {
      entries.set(key, value);
      return Promise.resolve();
    },
    del: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...entries.keys()]),
  };
}
