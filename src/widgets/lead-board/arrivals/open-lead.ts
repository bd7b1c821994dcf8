import { useCallback, useEffect, useRef } from 'react';
import { atom } from 'jotai/vanilla';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { boardInputsAtom, expandedLeadIdAtom, firstPageAgainAtom, leadsDataAtom, openedLeadAtom, replyRequestAtom, type LeadsPage } from '../board-atoms';
import { markLeadsReadAtom } from '../changes/lead-changes';

/**
 * Opening a lead from outside the board (docs/widgets/lead-board.md#new-lead-notifications): a
 * click on a new-lead notification — the board's own, or the host's service worker's `open-lead`
 * message — or `reply` with `lead-id`. The lead's card opens with its quick answer ready (the
 * composer open, focus in it: list/board-lead-card.tsx takes `replyRequestAtom`). A lead on the
 * page on screen opens there; another is asked for: the first page of the board's filters and
 * sort, afresh, with the lead featured (first, as `lead-id` makes it).
 */
const openLeadAtom = atom(null, (get, set, leadId: number) => {
  const onScreen = get(leadsDataAtom)?.leads.some((lead) => lead.leadId === leadId) === true;
  if (!onScreen) {
    set(openedLeadAtom, { spId: get(boardInputsAtom).spId, leadId });
    set(firstPageAgainAtom);
  }
  set(expandedLeadIdAtom, leadId);
  set(replyRequestAtom, { leadId, seq: (get(replyRequestAtom)?.seq ?? 0) + 1 });
});

/** `open(leadId)`, and the lead marked read once it is on screen (as a card opened by a tap is). */
export function useOpenLeadFromOutside(): (leadId: number) => void {
  const open = useSetAtom(openLeadAtom);
  const markRead = useSetAtom(markLeadsReadAtom);
  const page = useAtomValue(leadsDataAtom);
  const pending = useRef<number | null>(null);
  const markIfHere = useCallback(
    (shown: LeadsPage | null) => {
      const lead = shown?.leads.find((candidate) => candidate.leadId === pending.current);
      if (!lead) return;
      pending.current = null;
      if (!lead.read) void markRead({ leads: [lead], read: true });
    },
    [markRead],
  );
  useEffect(() => markIfHere(page), [page, markIfHere]);
  const pageRef = useRef(page);
  pageRef.current = page;
  return useCallback(
    (leadId: number) => {
      pending.current = leadId;
      open(leadId);
      markIfHere(pageRef.current);
    },
    [open, markIfHere],
  );
}
