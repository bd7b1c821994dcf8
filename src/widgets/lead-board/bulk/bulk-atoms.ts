import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { archiveLead, markLeadRead } from '../../../gateway/office/calls';
import type { Lead } from '../../../gateway/office/schemas';
import { boardQueryAtom, expandedLeadIdAtom, leadsDataAtom, requireProvider, selectionAtom } from '../board-atoms';
import { mutate, mutationErrorAtom, patchesAtom, setLeadReadAtom, visibleLeads } from '../changes/lead-changes';
import { BULK_CONCURRENCY, bulkSummary, createLimiter, type BulkAction, type BulkSummary } from './bulk.logic';

/** Leads a bulk action is still sending: the toolbar stays (and keeps its focus), with them counted, until they settle. */
export const bulkPendingAtom = atom<ReadonlySet<number>>(new Set<number>());

/** The message the last bulk action ended with (`seq`: a repeated text is a new message, said again). */
export const bulkSummaryAtom = atom<(BulkSummary & { seq: number }) | null>(null);
const summarySeqAtom = atom(() => ({ last: 0 }));

/** The leads an action changes: all of them for archive / restore; for read / unread those not already so (spec §4: skipped when it matches). */
export function bulkTargets(action: BulkAction, leads: readonly Lead[]): Lead[] {
  if (action === 'read' || action === 'unread') return leads.filter((lead) => lead.read !== (action === 'read'));
  return [...leads];
}

/** Archiving the open lead opens the next one that stays (spec §4), and opening it marks it read. */
function openNextStaying(get: Getter, set: Setter, leaving: ReadonlySet<number>) {
  const open = get(expandedLeadIdAtom);
  const page = get(leadsDataAtom);
  if (open == null || !leaving.has(open) || !page) return;
  const { leads } = visibleLeads(page, get(patchesAtom));
  const index = leads.findIndex((lead) => lead.leadId === open);
  const staying = (lead: Lead) => !leaving.has(lead.leadId);
  const next = leads.slice(index + 1).find(staying) ?? leads.slice(0, Math.max(0, index)).reverse().find(staying) ?? null;
  set(expandedLeadIdAtom, next?.leadId ?? null);
  if (next && !next.read) void set(setLeadReadAtom, { lead: next, read: true });
}

/**
 * One action on the selected leads (issue 18 §2) through the board's own machinery
 * (changes/lead-changes.ts' `mutate`): every lead changes on screen at once, each call goes in its lead's
 * turn (after that lead's earlier calls), at most BULK_CONCURRENCY calls at a time (the gateway
 * has no bulk call, spec §7), and a failed lead rolls back alone; the page is fetched again once
 * the last one settled (archive / restore, or any failure). Instead of one error per lead, the
 * action ends with one summary. Leads archived or restored leave the selection; failed ones
 * stay selected (the same button tries them again). Resolves to the ids that failed.
 */
export const runBulkActionAtom = atom(null, async (get, set, { action, leads }: { action: BulkAction; leads: readonly Lead[] }): Promise<number[]> => {
  if (!leads.length) return [];
  const { client, spId } = requireProvider(get, 'leadBoard.bulk');
  const scope = get(boardQueryAtom);
  set(mutationErrorAtom, null);
  set(bulkSummaryAtom, null);
  const moving = action === 'archive' || action === 'restore';
  const targets = bulkTargets(action, leads);
  const ids = new Set(targets.map((lead) => lead.leadId));
  if (moving) openNextStaying(get, set, ids);
  set(bulkPendingAtom, (pending) => new Set([...pending, ...ids]));
  const limit = createLimiter(BULK_CONCURRENCY);
  const archived = action === 'archive';
  const read = action === 'read';
  const outcomes = await Promise.all(
    targets.map(({ leadId }) =>
      moving
        ? mutate(get, set, leadId, { effects: { isArchived: archived }, removes: true }, action, () => limit(() => archiveLead(client, spId, { leadId, archived })), true, true)
        : mutate(get, set, leadId, { effects: { read }, removes: false }, 'read', () => limit(() => markLeadRead(client, spId, { leadId, read })), false, true),
    ),
  );
  const failed = targets.filter((_, index) => !outcomes[index]).map((lead) => lead.leadId);
  set(bulkPendingAtom, (pending) => new Set([...pending].filter((id) => !ids.has(id))));
  // Leads that left the list leave the selection (the selection is the query's: untouched once another page or filter is on).
  if (moving && get(boardQueryAtom) === scope) {
    const selection = get(selectionAtom);
    const stays = new Set([...selection.ids].filter((id) => !ids.has(id) || failed.includes(id)));
    set(selectionAtom, { ids: stays, anchor: selection.anchor !== null && stays.has(selection.anchor) ? selection.anchor : null });
  }
  set(bulkSummaryAtom, { ...bulkSummary(action, leads.length, failed.length), seq: ++get(summarySeqAtom).last });
  return failed;
});
