import { useMemo } from 'react';
import { atom } from 'jotai';
import { useAtom } from 'jotai/react';
import {
  addSavedReply,
  normalizeSavedReplies,
  removeSavedReply,
  defaultSavedReplies,
  sameSavedReplies,
  saveReplyProblem,
  type SavedReply,
  type SaveReplyProblem,
} from '../../../domain/saved-replies';
import type { MessageCatalogue } from '../../../i18n/en-US';
import { useRuntime } from '../../../runtime/runtime';

/**
 * The pro's last change to the saved replies, over the list it was made from (`base`: the host's
 * `savedReplies` then, null when unset). Shown at once (optimistic) until the host sets the
 * property to another list — usually the one the change event carried. In the widget's store:
 * it survives the composer's remounts, and two widgets never share it.
 */
const savedRepliesEditAtom = atom<{ base: readonly SavedReply[] | null; list: readonly SavedReply[] } | null>(null);

const newReplyId = () => `reply-${globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)}`;

export interface SavedRepliesApi {
  readonly list: readonly SavedReply[];
  /** Why the text cannot be saved, or null. */
  problem(text: string): SaveReplyProblem | null;
  /** Saves `text` as a reply (fires `lk-saved-replies-change`); false when it cannot be saved. */
  add(text: string): boolean;
  remove(id: string): void;
}

/**
 * The saved replies the composer offers: the host's `savedReplies` (the source), else the
 * catalogue's defaults, with the pro's latest change shown at once. Each change fires
 * `lk-saved-replies-change` with the whole new list for the host to store. The defaults' texts
 * come with the on-demand part (`partTexts`, null until it loaded: no defaults yet — nothing
 * shows a reply before it).
 */
export function useSavedReplies(partTexts: MessageCatalogue | null): SavedRepliesApi {
  const runtime = useRuntime();
  const { emit, savedReplies: given } = runtime;
  // The same host value gives the same list (a runtime made anew for another input keeps it).
  const host = useMemo(() => normalizeSavedReplies(given), [given]);
  const [edit, setEdit] = useAtom(savedRepliesEditAtom);
  const defaults = useMemo(() => {
    if (!partTexts) return [];
    const { t } = runtime.withMessages(partTexts);
    return defaultSavedReplies(t);
  }, [runtime, partTexts]);
  const list = edit && sameSavedReplies(edit.base, host) ? edit.list : (host ?? defaults);

  const change = (next: readonly SavedReply[], kind: 'add' | 'remove', id: string) => {
    setEdit({ base: host, list: next });
    emit('lk-saved-replies-change', { savedReplies: next.map((reply) => ({ id: reply.id, text: reply.text })), change: kind, id });
  };

  return {
    list,
    problem: (text) => saveReplyProblem(list, text),
    add(text) {
      const next = addSavedReply(list, text, newReplyId);
      if (next === list) return false;
      change(next, 'add', next[next.length - 1]!.id);
      return true;
    },
    remove(id) {
      const next = removeSavedReply(list, id);
      if (next.length !== list.length) change(next, 'remove', id);
    },
  };
}
