/**
 * Drafts that survive a reload, a crash or a closed tab (docs/drafts.md): what a pro typed in the
 * message composer or in 'Your Notes' and has not sent or saved yet, kept on this device.
 *
 * React-free. The store sits over a small backend (IndexedDB through idb-keyval in the browser,
 * a Map in tests) and never fails its caller: a backend that is missing or throws (private
 * mode, Firefox strict, a full disk) makes drafts a no-op, never an error to the user.
 *
 * What is stored: the pro's own text and when it was saved, under a key made of ids only
 * (`leadkit:draft:v1:sp:<spId>:thread:<userId>` / `…:lead:<leadId>`) — never a customer's name,
 * phone or e-mail, never a token. Drafts are per provider: another provider signed in on the
 * same browser reads none of them. One exception, the customer's own: a `<raq-funnel>` whose
 * 'Send request' failed keeps that request (its text is the request as JSON, the customer's
 * contact details in it) under `…:raq-funnel:<element id>` until the gateway takes it, 7 days at
 * most (docs/drafts.md#the-funnels-request).
 */

import { DRAFT_KEY_PREFIX, draftMaxAge } from './draft-keys';
import { memoryBackend, type KeyValueBackend } from './key-value-backend';

/** What one draft holds. */
interface StoredDraft {
  /** The pro's own text. */
  readonly text: string;
  /** When it was last written (ms since the epoch): drafts older than `DRAFT_MAX_AGE_MS` are dropped. */
  readonly savedAt: number;
}

/** Where drafts are kept (key-value-backend.ts): get, set and delete, plus listing keys for the expiry sweep. */
export type DraftBackend = KeyValueBackend<StoredDraft>;

/**
 * Writes wait for a pause in typing this long (a closed tab still keeps the last keystrokes: `flush` on pagehide).
 * @internal Exported for tests.
 */
export const DRAFT_WRITE_DELAY_MS = 400;

/**
 * A draft untouched for 30 days is dropped (when read, and by the sweep once per page); a funnel's
 * kept request after 7 (draft-keys.ts `FUNNEL_REQUEST_MAX_AGE_MS`).
 * @internal Exported for tests.
 */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A stored value as a draft, or null when it is not one (another shape, a foreign write). */
function asDraft(value: unknown): StoredDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { text, savedAt } = value as Partial<StoredDraft>;
  return typeof text === 'string' && typeof savedAt === 'number' && Number.isFinite(savedAt) ? { text, savedAt } : null;
}

export interface DraftStore {
  /** The draft under `key` (its text), or null: none, expired, unreadable or no storage. Never rejects. */
  read(key: string): Promise<string | null>;
  /**
   * The text typed under `key`: written after a pause of `DRAFT_WRITE_DELAY_MS` (the latest text
   * wins); an empty (blank) text deletes the draft.
   */
  stage(key: string, text: string): void;
  /** Deletes the draft under `key` now (and drops a staged write). Never rejects. */
  clear(key: string): Promise<void>;
  /** Writes every staged text now (the page is being hidden or closed). Never rejects. */
  flush(): Promise<void>;
  /** Deletes every leadkit draft on this device (a host's sign-out). Never rejects. */
  clearAll(): Promise<void>;
}

export interface DraftStoreOptions {
  /**
   * The backend, or a function giving it on first use (so a lazily loaded one costs nothing
   * before the first draft is read); null or a rejection means no storage (no-op).
   */
  backend: DraftBackend | null | (() => DraftBackend | null | Promise<DraftBackend | null>);
  /** The clock (default Date.now). */
  now?: () => number;
  /** Defaults: `DRAFT_WRITE_DELAY_MS`, `DRAFT_MAX_AGE_MS`. */
  writeDelayMs?: number;
  maxAgeMs?: number;
}

export function createDraftStore({ backend, now = Date.now, writeDelayMs = DRAFT_WRITE_DELAY_MS, maxAgeMs = DRAFT_MAX_AGE_MS }: DraftStoreOptions): DraftStore {
  let resolved: Promise<DraftBackend | null> | null = null;
  /** The backend once known (undefined before): the page-hide flush writes through it at once. */
  let ready: DraftBackend | null | undefined;
  const getBackend = (): Promise<DraftBackend | null> => {
    resolved ??= (async () => {
      try {
        ready = typeof backend === 'function' ? await backend() : backend;
      } catch {
        ready = null;
      }
      return ready;
    })();
    return resolved;
  };
  /** Runs one backend call; any failure is "no draft", never an error to the user. */
  const attempt = async <T>(call: (store: DraftBackend) => Promise<T>, fallback: T): Promise<T> => {
    try {
      const store = await getBackend();
      return store ? await call(store) : fallback;
    } catch {
      return fallback;
    }
  };

  /** Staged texts by key, and the one timer that writes them. */
  const staged = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Writes run one after another, so a later write (or delete) of a key always lands last. */
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (call: (store: DraftBackend) => Promise<void>): Promise<void> => {
    queue = queue.then(() => attempt(call, undefined));
    return queue;
  };
  const writeNow = (key: string, text: string) => enqueue((store) => (text.trim() === '' ? store.del(key) : store.set(key, { text, savedAt: now() })));

  let swept = false;
  /** Once per page, after the first read: old drafts of threads and leads never opened again go. */
  const sweep = () => {
    if (swept) return;
    swept = true;
    void enqueue(async (store) => {
      const at = now();
      for (const key of await store.keys()) {
        if (typeof key !== 'string' || !key.startsWith(DRAFT_KEY_PREFIX)) continue;
        const draft = asDraft(await store.get(key));
        if (!draft || draft.savedAt < at - draftMaxAge(key, maxAgeMs)) await store.del(key);
      }
    });
  };

  const flush = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const pending = [...staged];
    staged.clear();
    if (pending.length === 0) return queue;
    if (ready) {
      // The page may be going away: the writes start now, not behind calls still under way (a
      // task after this one may never run). The backend orders them after those it has begun.
      const store = ready;
      const writes = pending.map(([key, text]) => {
        try {
          return (text.trim() === '' ? store.del(key) : store.set(key, { text, savedAt: now() })).catch(() => undefined);
        } catch {
          return undefined;
        }
      });
      queue = Promise.all([queue, ...writes]).then(() => undefined);
      return queue;
    }
    for (const [key, text] of pending) void writeNow(key, text);
    return queue;
  };

  return {
    async read(key) {
      // A text staged but not yet written is the newest draft (a part remounted within the delay).
      const pending = staged.get(key);
      if (pending !== undefined) return pending.trim() === '' ? null : pending;
      await queue;
      const value = await attempt((store) => store.get(key), undefined);
      const draft = asDraft(value);
      let result: string | null = draft && draft.text.trim() !== '' ? draft.text : null;
      if (draft && now() - draft.savedAt > draftMaxAge(key, maxAgeMs)) {
        result = null;
        void enqueue((store) => store.del(key));
      }
      sweep();
      return result;
    },
    stage(key, text) {
      staged.set(key, text);
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void flush(), writeDelayMs);
    },
    clear(key) {
      staged.delete(key);
      return enqueue((store) => store.del(key));
    },
    flush,
    clearAll() {
      staged.clear();
      return enqueue(async (store) => {
        for (const key of await store.keys()) if (typeof key === 'string' && key.startsWith(DRAFT_KEY_PREFIX)) await store.del(key);
      });
    },
  };
}

/**
 * A backend in memory: for tests and stories (happy-dom has no IndexedDB).
 * @internal Only tests use it: no shipped code calls it.
 */
export function memoryDraftBackend(initial: Iterable<[string, StoredDraft]> = []): DraftBackend & { readonly entries: Map<string, unknown> } {
  return memoryBackend(initial);
}
