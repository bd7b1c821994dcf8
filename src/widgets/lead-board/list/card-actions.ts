import { useLayoutEffect, type RefObject } from 'react';
import { atom } from 'jotai/vanilla';
import { useSetAtom, useStore } from 'jotai/react';
import type { Lead } from '../../../gateway/office/schemas';
import { archiveLeadsAtom, markLeadsReadAtom } from '../changes/lead-changes';
import { boardViewAtom } from '../view/view-atoms';

/*
 * What a card does, taken from the store by the card itself (and its open body): open or close
 * it, its read dot, archive or restore, its checkbox. Opening marks nothing here: the board marks
 * the opened lead read, whichever way it opened (board-hooks.ts useReadOnOpen).
 */

/** The lead a card archived while the focus was in the list: once it has left, the focus goes on (useFocusAfterRemoval). */
const leavingWithFocusAtom = atom<number | null>(null);

const archiveFromCardAtom = atom(null, (get, set, { lead, archived, hadFocus }: { lead: Lead; archived: boolean; hadFocus: boolean }) => {
  if (hadFocus) set(leavingWithFocusAtom, lead.leadId);
  // A failed archive brings the lead back: focus is not moved later, out of the blue.
  void set(archiveLeadsAtom, { leads: [lead], archived }).finally(() => {
    if (get(leavingWithFocusAtom) === lead.leadId) set(leavingWithFocusAtom, null);
  });
});

export interface CardActions {
  /** The header tapped (`opensFirst`: the first page's first card). */
  toggle(lead: Lead, opensFirst: boolean): void;
  /** The board's one read action (as the bulk toolbar's): it fires lk-lead-read itself. */
  toggleRead(lead: Lead): void;
  archive(lead: Lead, archived: boolean): void;
  /** Its checkbox; with `range` (shift), every lead on screen from the last one toggled, as the selection is now. */
  select(lead: Lead, selected: boolean, range: boolean): void;
}

/** A card's actions; `within`: an element of the card (the list around it: the leads on screen, whether the focus is in it). */
export function useCardActions(within: RefObject<Element | null>): CardActions {
  const view = useSetAtom(boardViewAtom);
  const markRead = useSetAtom(markLeadsReadAtom);
  const archiveFromCard = useSetAtom(archiveFromCardAtom);
  const list = () => within.current?.closest('[data-lead-id]')?.parentElement;
  return {
    toggle: (lead, opensFirst) => view({ type: 'toggle', leadId: lead.leadId, opensFirst }),
    toggleRead: (lead) => void markRead({ leads: [lead], read: !lead.read, tell: true }),
    archive: (lead, archived) => {
      const shown = list();
      archiveFromCard({ lead, archived, hadFocus: shown?.contains((shown.getRootNode() as Document | ShadowRoot).activeElement) ?? false });
    },
    select: (lead, selected, range) =>
      view({
        type: 'select',
        leadId: lead.leadId,
        selected,
        range: range ? [...(list()?.children ?? [])].map((card) => Number((card as HTMLElement).dataset.leadId)) : null,
      }),
  };
}

/**
 * A lead that left the list while focus was in it (archived by keyboard): focus goes on in the
 * commit that removes it — to the card that opened in its place, or the count — never a frame on
 * the page's body (which Preact showed: its removal and a later frame are apart).
 */
export function useFocusAfterRemoval(listRef: RefObject<HTMLUListElement | null>, countRef: RefObject<HTMLElement | null>): void {
  const store = useStore();
  useLayoutEffect(() => {
    const leadId = store.get(leavingWithFocusAtom);
    const list = listRef.current;
    if (leadId === null || list?.querySelector(`[data-lead-id="${leadId}"]`)) return;
    store.set(leavingWithFocusAtom, null);
    (list?.querySelector<HTMLButtonElement>('[data-expanded="true"] [aria-expanded]') ?? countRef.current)?.focus();
  });
}
