import { useMemo, type ReactNode } from 'react';
import { createDraftStore, memoryDraftBackend } from '../../src/domain/drafts';
import { DraftStoreProvider } from '../../src/ui/use-draft';

/** The `drafts` attribute, as a story arg. */
export interface DraftArgs {
  drafts: 'on' | 'off';
}

export const DRAFT_ARG_TYPES = { drafts: { control: 'inline-radio', options: ['on', 'off'] } } as const;

/**
 * A page whose device already keeps `text` under `draftKey` (docs/drafts.md#what-is-kept): a new draft store
 * over an in-memory backend standing in for IndexedDB, as the page has after a reload.
 */
export function KeptDraft({ draftKey, text, children }: { draftKey: string; text: string; children: ReactNode }) {
  const store = useMemo(() => createDraftStore({ backend: memoryDraftBackend([[draftKey, { text, savedAt: Date.now() }]]) }), [draftKey, text]);
  return <DraftStoreProvider store={store}>{children}</DraftStoreProvider>;
}
