import { atom, type Getter } from 'jotai/vanilla';
import { isAbortError } from '../../../gateway/core/errors';
import { getLeads } from '../../../gateway/office/calls';
import type { Lead } from '../../../gateway/office/schemas';
import { requireProvider } from '../board-host';
import { leadsReloadAtom } from '../board-page';
import { businessNameRefAtom } from '../board-provider';
import { boardInputsAtom, boardQueryAtom, boardViewAtom, featuredLeadIdAtom } from '../view/view-atoms';
import { requestKey, toLeadListRequest } from '../board-request';
import { leadNotice, type LeadNotice } from '../../../domain/new-lead-notice';
import { arrivedIds, seeLeads, watchesForArrivals, type CheckOutcome, type Seen } from './arrivals.logic';

/**
 * New leads while the board is open (arrivals.logic.ts decides; docs/widgets/lead-board.md#new-leads).
 * Kept per filters and sort (`arrivalsKeyAtom`): other filters start with nothing seen.
 */

/** What the watch is for: the first page's request (less businessName), or null when the board does not watch (no provider, another sort). */
export const arrivalsKeyAtom = atom((get): string | null => {
  const { spId } = get(boardInputsAtom);
  const featuredLeadId = get(featuredLeadIdAtom);
  const query = get(boardQueryAtom);
  if (spId === null || !watchesForArrivals(query.sort)) return null;
  return requestKey(spId, toLeadListRequest({ ...query, pageIndex: 0, offset: 0 }, featuredLeadId, ''));
});

interface ArrivalsState {
  readonly key: string | null;
  /** The first-page leads seen (shown, or the first check's answer); null: nothing yet, the next check only looks. */
  readonly seen: Seen | null;
  /** New leads found by the checks, not shown yet. */
  readonly arrived: readonly number[];
  /** Of those, the ones the pro has looked at (the board in view on a visible page): the page's title no longer counts them. */
  readonly looked?: readonly number[];
}

const arrivalsStateAtom = atom<ArrivalsState | null>(null);

function stateOf(get: Getter): ArrivalsState {
  const key = get(arrivalsKeyAtom);
  const state = get(arrivalsStateAtom);
  return state && state.key === key ? state : { key, seen: null, arrived: [] };
}

/** How many new leads wait to be shown. */
export const arrivalsCountAtom = atom((get) => {
  const { seen, arrived } = stateOf(get);
  return arrived.filter((id) => !seen?.ids.has(id)).length;
});

/** How many new leads the pro has not looked at yet: the page title's count (notices.tsx). */
export const unlookedCountAtom = atom((get) => {
  const { seen, arrived, looked = [] } = stateOf(get);
  return arrived.filter((id) => !seen?.ids.has(id) && !looked.includes(id)).length;
});

/** The pro looked at the board (in view on a visible page, or used): the leads found so far are no longer counted in the title. */
export const lookAtArrivalsAtom = atom(null, (get, set) => {
  const state = stateOf(get);
  if (state.arrived.every((id) => state.looked?.includes(id))) return;
  set(arrivalsStateAtom, { ...state, looked: state.arrived });
});

/**
 * The leads the last check found new, as a notification may show them (category, city, age:
 * nothing of the customer), with whether the page was hidden then: the new-lead notification
 * (notices/) shows them. `seq` tells one finding from the next.
 */
export const arrivalsFoundAtom = atom<{ readonly seq: number; readonly notices: readonly LeadNotice[]; readonly hidden: boolean } | null>(null);

/**
 * The checks go on while the page is hidden (another tab, a phone in another app): set while the
 * title count (asked for by the host) or the new-lead notifications (turned on by the pro) watch for
 * the pro (notices/). Unset, a hidden board asks nothing.
 */
export const watchHiddenAtom = atom(false);

/** The board shows a page: on the first page, its leads are seen (a new lead among them is no longer new). */
export const seeShownLeadsAtom = atom(null, (get, set, leads: readonly Lead[]) => {
  const state = stateOf(get);
  if (state.key === null || get(boardQueryAtom).offset !== 0) return;
  set(arrivalsStateAtom, { ...state, seen: seeLeads(state.seen, leads) });
});

/**
 * One check: the first page with the board's filters and sort, compared by lead ids. It changes
 * nothing the board shows (not the list, not its loading state, no read mark, no `lk-load`).
 */
export const checkArrivalsAtom = atom(null, async (get, set, signal: AbortSignal): Promise<CheckOutcome> => {
  const key = get(arrivalsKeyAtom);
  if (key === null) return 'nothing';
  // The board's leads call for the first page of its current filters and sort (the same body it sends for that page).
  const { client, spId } = requireProvider(get, 'leadBoard.arrivals');
  const request = toLeadListRequest({ ...get(boardQueryAtom), pageIndex: 0, offset: 0 }, get(featuredLeadIdAtom), get(businessNameRefAtom).current);
  let leads: readonly Lead[];
  try {
    leads = (await getLeads(client, spId, request, { signal })).leads;
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw error;
    return 'failed';
  }
  const state = stateOf(get);
  if (signal.aborted || state.key !== key) return 'nothing';
  if (!state.seen) {
    set(arrivalsStateAtom, { ...state, seen: seeLeads(null, leads) });
    return 'nothing';
  }
  const fresh = arrivedIds(state.seen, leads).filter((id) => !state.arrived.includes(id));
  if (!fresh.length) return 'nothing';
  set(arrivalsStateAtom, { ...state, arrived: [...state.arrived, ...fresh] });
  const notices = leads.filter((lead) => fresh.includes(lead.leadId)).map(leadNotice);
  set(arrivalsFoundAtom, { seq: (get(arrivalsFoundAtom)?.seq ?? 0) + 1, notices, hidden: typeof document !== 'undefined' && document.hidden });
  return 'arrived';
});

/** 'N new leads' activated: the first page afresh (the open card stays open); the leads found count as seen. */
export const showArrivalsAtom = atom(null, (get, set) => {
  const state = stateOf(get);
  const seen: Seen = { ids: new Set([...(state.seen?.ids ?? []), ...state.arrived]), newest: state.seen?.newest ?? Number.NEGATIVE_INFINITY };
  set(arrivalsStateAtom, { ...state, seen, arrived: [] });
  // The first page again, fetched afresh, with the same filters and sort: the open card stays open when it is still on that page.
  set(boardViewAtom, { type: 'first-page' });
  set(leadsReloadAtom, (n) => n + 1);
});
