import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DraftStore } from '../domain/drafts';
import { afterNextPaint } from './after-next-paint';
import { browserConnection } from '../domain/connection';

/**
 * The page's draft store: IndexedDB is one per origin, so every editor on the page shares one
 * store (its staged writes are the page's). Created on first use, and its code with it: the store
 * (domain/drafts.ts) and its IndexedDB backend are chunks of their own, fetched when the first
 * editor reads its draft or a text is typed — after the first content. Until the store's code is
 * here, each call waits for it, in order; like the store, it never rejects (no code, no drafts).
 */
let pageStore: DraftStore | null = null;
const idbDraftBackend = () => import('../domain/draft-backend-idb').then((module) => module.idbDraftBackend());
function browserDraftStore(): DraftStore {
  if (pageStore) return pageStore;
  // Fetched on the first call (a read, a keystroke, the page hiding), not when an editor mounts.
  let loading: Promise<DraftStore | null> | null = null;
  const load = () =>
    (loading ??= import('../domain/drafts').then(
      // Not destructured: Vite would rewrite the import() into a form the CDN build cannot keep plain.
      (drafts) => drafts.createDraftStore({ backend: idbDraftBackend }),
      () => null,
    ));
  const later = <T,>(use: (store: DraftStore) => Promise<T> | T, none: T): Promise<T> => load().then((store) => (store ? use(store) : none));
  pageStore = {
    read: (key) => later((store) => store.read(key), null),
    stage: (key, text) => void later((store) => store.stage(key, text), undefined),
    clear: (key) => later((store) => store.clear(key), undefined),
    flush: () => later((store) => store.flush(), undefined),
    clearAll: () => later((store) => store.clearAll(), undefined),
  };
  return pageStore;
}

const DraftStoreContext = createContext<DraftStore | null>(null);

/**
 * Gives the editors below another draft store (tests and stories: an in-memory backend).
 * @internal Only tests use it: no shipped code calls it.
 */
export function DraftStoreProvider({ store, children }: { store: DraftStore; children: ReactNode }) {
  return <DraftStoreContext.Provider value={store}>{children}</DraftStoreContext.Provider>;
}

/**
 * The draft store of the widget below (a provider's in tests and stories, else the page's): for a
 * widget that keeps something other than an editor's text (the funnel's request that could not be
 * sent). Its code is fetched on its first call, as for an editor.
 */
export function useDraftStore(): DraftStore {
  return useContext(DraftStoreContext) ?? browserDraftStore();
}

export interface DraftHandle {
  /** The text typed under the key (written after a pause; a blank text deletes the draft). Hides the hint. */
  save(text: string): void;
  /** Deletes the draft now (the pro saved or discarded). Hides the hint. */
  clear(): void;
  /**
   * Deletes the draft once `done` resolves (a send the gateway accepted), unless something was
   * typed since: until then the sent text stays stored, so a failed send survives a reload.
   */
  clearWhen(done: PromiseLike<unknown>): void;
  /** Whether a stored draft was restored and not edited since: the quiet 'Draft restored' hint. */
  restored: boolean;
}

/**
 * A text editor's draft under `key` (null: drafts off, nothing read or written).
 * The stored draft is read once per key after mount, once the editor has painted — and once
 * `readNow` (default: at once; the thread waits for its first page, so the store's code is not
 * fetched beside its first screen) —
 * and offered to `onRestore`, which returns whether it took it (e.g. not when the pro has already
 * typed). Text typed before then is kept all the same (staging fetches the store's code). Staged
 * text is written on `pagehide` / when the page is hidden (watched once text was staged) and on
 * unmount, so a closed tab keeps the last keystrokes.
 */
export function useDraft(key: string | null, onRestore: (text: string) => boolean, readNow = true): DraftHandle {
  const provided = useContext(DraftStoreContext);
  const store = provided ?? (key === null ? null : browserDraftStore());
  const [restored, setRestored] = useState(false);
  const restore = useRef(onRestore);
  const edits = useRef(0);
  useEffect(() => {
    restore.current = onRestore;
  });

  useEffect(() => {
    if (key === null || store === null || !readNow) return;
    let live = true;
    setRestored(false);
    // Read after the editor's first frame: the read (an IndexedDB transaction) is no part of the
    // interaction that showed the editor (a card opening: its effects run before that frame), and
    // its answer comes later all the same.
    afterNextPaint(() => {
      if (!live) return;
      void store.read(key).then((text) => {
        if (!live || text === null || !restore.current(text)) return;
        // The hint comes a paint after the text, so its live region (mounted with the text when
        // an editor opens with it) is there empty first and announces it; an edit before then wins.
        const at = edits.current;
        afterNextPaint(() => {
          if (live && edits.current === at) setRestored(true);
        });
      });
    });
    return () => {
      live = false;
    };
  }, [key, store, readNow]);

  // The page hiding writes what is staged: watched from the first staged text on, so an editor
  // that is only shown (a card opening) adds no page listeners in the interaction that shows it.
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (key === null || store === null) return;
    return () => {
      stopWatching.current?.();
      stopWatching.current = null;
      void store.flush();
    };
  }, [key, store]);

  const save = useCallback(
    (text: string) => {
      edits.current += 1;
      setRestored(false);
      if (key === null || store === null) return;
      store.stage(key, text);
      stopWatching.current ??= browserConnection.onHidden(() => void store.flush());
    },
    [key, store],
  );
  const clear = useCallback(() => {
    edits.current += 1;
    setRestored(false);
    if (key !== null) void store?.clear(key);
  }, [key, store]);
  const clearWhen = useCallback(
    (done: PromiseLike<unknown>) => {
      setRestored(false);
      if (key === null || store === null) return;
      // The sent text is written now: a crash before the gateway answers keeps it.
      void store.flush();
      const at = edits.current;
      done.then(
        () => {
          if (edits.current === at) void store.clear(key);
        },
        () => undefined,
      );
    },
    [key, store],
  );
  return useMemo(() => ({ save, clear, clearWhen, restored }), [save, clear, clearWhen, restored]);
}
