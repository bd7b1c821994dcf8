import { atom } from 'jotai/vanilla';
import { goToPage, type BoardQuery } from '../../domain/filters';
import { isAbortError, isRetryableError } from '../../gateway/core/errors';
import { getLeads } from '../../gateway/office/calls';
import type { Lead } from '../../gateway/office/schemas';
import { loadableOf } from '../../runtime/loadable';
import { requireProvider } from './board-host';
import { boardRetryAtom, businessNameRefAtom } from './board-provider';
import { requestKey, toLeadListRequest, withFeaturedFirst } from './board-request';
import { boardQueryAtom, boardViewAtom, featuredLeadIdAtom } from './view/view-atoms';

/*
 * The page of leads the board's view asks for (view/view-atoms.ts: its query and featured lead),
 * fetched whenever they change, and the contact details a server's page leaves out. What a page
 * says back to the view — empty past the end, the total a move to another page needs, whether a
 * lead opened from outside is on it — goes in as an action.
 */

/** Bumped to refetch the current page (retry; after an archive or restore settles). */
export const leadsReloadAtom = atom(0);
/**
 * A board hydrated from a server's first screen shows the server's page, which leaves out the
 * customers' contact details (lead-board.server.ts): `withholdContactsAtom` says so as it hydrates,
 * and hydration asks the gateway for nothing the server answered. Only when the pro reaches for
 * a card's 'Contact' (pointer, focus or tap: `fetchWithheldContactsAtom`) is the page fetched
 * again, once and quietly: the list is not dimmed and the host is not told of a new page.
 * `quietReloadAtom` holds the reload it made, for the page then asked (a later reload, or another
 * query or featured lead, is not quiet). Until a page fetched after the server's arrived
 * (`settlePageAtom`; any later page: another filter, a change settled), 'Contact' shows a
 * placeholder (`contactsWithheldAtom`).
 */
const quietReloadAtom = atom<{ reload: number; query: BoardQuery; featured: number | null } | null>(null);
/** The last fetch (see fetchSeq) whose page may be the server's; null once a later page arrived. */
const withheldUpToAtom = atom<number | null>(null);
export const contactsWithheldAtom = atom((get) => get(withheldUpToAtom) !== null);
/** Whether the page being fetched (or last fetched) is the quiet one. */
export const leadsQuietAtom = atom((get) => {
  const quiet = get(quietReloadAtom);
  return quiet !== null && quiet.reload === get(leadsReloadAtom) && quiet.query === get(boardQueryAtom) && quiet.featured === get(featuredLeadIdAtom);
});
/** The page on screen is the server's (the board hydrated it): its contact details are not in it. */
export const withholdContactsAtom = atom(null, (_get, set) => set(withheldUpToAtom, fetchSeq));
/** The pro reaches for 'Contact' while the details are withheld: the page is fetched again, quietly (once at a time). */
export const fetchWithheldContactsAtom = atom(null, (get, set) => {
  if (get(withheldUpToAtom) === null || get(leadsQuietAtom)) return;
  const reload = get(leadsReloadAtom) + 1;
  set(quietReloadAtom, { reload, query: get(boardQueryAtom), featured: get(featuredLeadIdAtom) });
  set(withheldUpToAtom, fetchSeq);
  set(leadsReloadAtom, reload);
});
/** Monotonic fetch number: optimistic patches know which answers already include them. */
let fetchSeq = 0;
/** The number of the last fetch started (see changes/lead-changes.ts: a change settled now applies to the pages fetched up to it). */
export const lastFetchSeq = (): number => fetchSeq;

export interface LeadsPage {
  leads: Lead[];
  totalCount: number;
  /** The fetch this page came from (see fetchSeq). */
  seq: number;
  /**
   * The request it answers (requestKey): a page for another filter, sort or page is a new list,
   * not the old one rearranged (list/board-list.tsx).
   */
  request: string;
  /**
   * Fetching this page again failed (no connection, a timeout, a server error): the page shown is
   * the one fetched before, for the same request. The board asks again when the connection or the
   * pro comes back (lead-board.tsx).
   */
  refreshFailed?: true;
}

/** Per store: the last page that arrived, with its request (see leadsAtom). */
const lastLeadsPageAtom = atom(() => ({ current: null as { key: string; page: LeadsPage } | null }));

/**
 * The current page of leads. Fetching the page already on screen again — after a lead change
 * settled or failed, or on the way back online — and failing for a reason that passes (no
 * connection, a timeout, a 5xx) keeps that page, marked `refreshFailed`, instead of replacing the
 * list with the error: the pro keeps what they were looking at (and the failed change says so
 * itself, beside its control). A page not on screen yet (another page, filter or sort) that fails,
 * or a 401/403, still shows the list failure.
 * @internal Exported for tests.
 */
export const leadsAtom = atom(async (get, { signal }): Promise<LeadsPage> => {
  get(leadsReloadAtom);
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.leads');
  const query = get(boardQueryAtom);
  const featuredLeadId = get(featuredLeadIdAtom);
  const last = get(lastLeadsPageAtom);
  const request = toLeadListRequest(query, featuredLeadId, get(businessNameRefAtom).current);
  const key = requestKey(spId, request);
  const seq = ++fetchSeq;
  try {
    const response = await getLeads(client, spId, request, { signal });
    const page: LeadsPage = { leads: withFeaturedFirst(response.leads, featuredLeadId), totalCount: response.pagination.totalNumber, seq, request: key };
    last.current = { key, page };
    return page;
  } catch (error) {
    const shown = last.current;
    if (shown && shown.key === key && !signal.aborted && !isAbortError(error) && isRetryableError(error)) return { ...shown.page, refreshFailed: true };
    throw error;
  }
});
export const leadsLoadableAtom = loadableOf(leadsAtom);

/** The page that arrived for the request asked now; null while it loads (or failed). */
export const leadsDataAtom = atom<LeadsPage | null>((get) => {
  const state = get(leadsLoadableAtom);
  return state.state === 'hasData' ? state.data : null;
});

/**
 * A page arrived. When it came back empty although leads remain (its last leads were archived),
 * the view moves to the last page that has leads. A page fetched after a server's first screen
 * brings the customers' contact details (see withholdContactsAtom).
 */
export const settlePageAtom = atom(null, (get, set) => {
  const page = get(leadsDataAtom);
  const withheldUpTo = get(withheldUpToAtom);
  if (page && withheldUpTo !== null && !page.refreshFailed && page.seq > withheldUpTo) set(withheldUpToAtom, null);
  if (page && page.leads.length === 0) set(boardViewAtom, { type: 'page-empty', totalCount: page.totalCount });
});

/** Moves to a page only when that page has a first item; returns whether it moved. */
export const goToPageAtom = atom(null, (get, set, pageIndex: number): boolean => {
  const totalCount = get(leadsDataAtom)?.totalCount ?? 0;
  if (!goToPage(get(boardQueryAtom), pageIndex, totalCount)) return false;
  set(boardViewAtom, { type: 'page', pageIndex, totalCount });
  return true;
});

/**
 * A lead opened from outside the board (docs/widgets/lead-board.md#new-lead-notifications): a
 * click on a new-lead notification — the board's own, or the host's service worker's `open-lead`
 * message — or `reply` with `lead-id`. The lead's card opens with its quick answer ready (the view's
 * `open-from-outside`). A lead on the page on screen opens there; another is asked for: the first
 * page of the board's filters and sort with the lead featured (first, as `lead-id` makes it).
 */
export const openFromOutsideAtom = atom(null, (get, set, leadId: number) => {
  const page = get(leadsDataAtom);
  const onScreen = page?.leads.some((lead) => lead.leadId === leadId) === true;
  set(boardViewAtom, { type: 'open-from-outside', leadId, onScreen });
  // A lead not on the page on screen (a new one, most often): the page and the filters' counts are
  // asked afresh, in the same write (one fetch); before the first page arrived its fetch brings it.
  if (page && !onScreen) set(leadsReloadAtom, (n) => n + 1);
});
