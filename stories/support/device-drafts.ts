import { idbDraftBackend } from '../../src/domain/draft-backend-idb';
import { createDraftStore } from '../../src/domain/drafts';

/**
 * A device that already keeps `text` under `key` (docs/drafts.md#what-is-kept), as after a reload
 * or a crash: written into the browser's draft storage (IndexedDB, where the elements read
 * drafts) before the story's element renders. Not an input of the element: the state of the
 * device it opens on. Every story starts with none (`clearDrafts()` in .storybook/preview.tsx).
 */
export function keptDraft(key: string, text: string) {
  return async () => {
    const store = createDraftStore({ backend: idbDraftBackend });
    store.stage(key, text);
    await store.flush();
    return {};
  };
}

/** The `drafts` attribute, as a story arg. */
export const DRAFT_ARG_TYPES = { drafts: { control: 'inline-radio', options: ['on', 'off'] } } as const;
