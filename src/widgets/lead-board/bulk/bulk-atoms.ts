import { atom } from 'jotai/vanilla';
import type { Lead } from '../../../gateway/office/schemas';
import { requireProvider } from '../board-host';
import { boardQueryAtom, boardViewAtom, selectionAtom } from '../view/view-atoms';
import { mutationErrorAtom } from '../changes/change-outcomes';
import { archiveLeadsAtom, markLeadsReadAtom } from '../changes/lead-changes';
import { BULK_CONCURRENCY, bulkSummary, createLimiter, type BulkAction, type BulkSummary } from './bulk.logic';

/** Leads a bulk action is still sending: the toolbar stays (and keeps its focus), with them counted, until they settle. */
export const bulkPendingAtom = atom<ReadonlySet<number>>(new Set<number>());

/** The message the last bulk action ended with (`seq`: a repeated text is a new message, said again). */
export const bulkSummaryAtom = atom<(BulkSummary & { seq: number }) | null>(null);
const summarySeqAtom = atom(() => ({ last: 0 }));

/** The leads an action changes: all of them for archive / restore; for read / unread those not already so (skipped when it matches). */
function bulkTargets(action: BulkAction, leads: readonly Lead[]): Lead[] {
  if (action === 'read' || action === 'unread') return leads.filter((lead) => lead.read !== (action === 'read'));
  return [...leads];
}

export interface BulkRun {
  action: BulkAction;
  /** The selected leads on the page. */
  leads: readonly Lead[];
}

/**
 * One action on the selected leads through the board's own machinery
 * (changes/lead-changes.ts' `mutate`): every lead changes on screen at once, each call goes in its lead's
 * turn (after that lead's earlier calls), at most BULK_CONCURRENCY calls at a time (the gateway
 * has no bulk call), and a failed lead rolls back alone; the page is fetched again once
 * the last one settled (archive / restore, or any failure). Instead of one error per lead, the
 * action ends with one summary. Leads archived or restored leave the selection; failed ones
 * stay selected (the same button tries them again). Archive and restore are the board's one
 * archive action (changes/lead-changes.ts), as from a card. Resolves to the ids that failed.
 */
export const runBulkActionAtom = atom(null, async (get, set, { action, leads }: BulkRun): Promise<number[]> => {
  if (!leads.length) return [];
  // Signed out meanwhile: the action fails at once (each lead's call asks for the provider too).
  requireProvider(get, 'leadBoard.bulk');
  const scope = get(boardQueryAtom);
  set(mutationErrorAtom, null);
  set(bulkSummaryAtom, null);
  const moving = action === 'archive' || action === 'restore';
  const targets = bulkTargets(action, leads);
  const ids = new Set(targets.map((lead) => lead.leadId));
  set(bulkPendingAtom, (pending) => new Set([...pending, ...ids]));
  const limit = createLimiter(BULK_CONCURRENCY);
  const outcomes = moving
    ? // The board's one archive action (it fires lk-lead-archive for each lead), quietly: this action's summary reports.
      await set(archiveLeadsAtom, { leads: targets, archived: action === 'archive', bulk: { limit } })
    : // The board's one read action, as a card's (lk-lead-read for each lead, the outbox offline).
      await set(markLeadsReadAtom, { leads: targets, read: action === 'read', tell: true, bulk: { limit } });
  const failed = targets.filter((_, index) => !outcomes[index]).map((lead) => lead.leadId);
  set(bulkPendingAtom, (pending) => new Set([...pending].filter((id) => !ids.has(id))));
  // Leads that left the list leave the selection (the selection is the query's: untouched once another page or filter is on).
  if (moving && get(boardQueryAtom) === scope) {
    const selection = get(selectionAtom);
    const stays = new Set([...selection.ids].filter((id) => !ids.has(id) || failed.includes(id)));
    set(boardViewAtom, {
      type: 'selection',
      selection: { ids: stays, anchor: selection.anchor !== null && stays.has(selection.anchor) ? selection.anchor : null },
    });
  }
  set(bulkSummaryAtom, { ...bulkSummary(action, leads.length, failed.length), seq: ++get(summarySeqAtom).last });
  return failed;
});
