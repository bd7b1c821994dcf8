import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { loadableOf } from '../../runtime/loadable';
import { changeFilters, changeSort, clearAllFilters, goToPage, type BoardQuery, type LeadFilters } from '../../domain/filters';
import type { SortOption } from '../../domain/sort';
import { GatewayError, isAbortError, isGatewayError, isRetryableError } from '../../gateway/core/errors';
import { getLeads, getServiceProviderInfo } from '../../gateway/office/calls';
import type { Lead, ServiceProviderInfo } from '../../gateway/office/schemas';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import type { WidgetRuntime } from '../../runtime/runtime';
import { defaultQuery, openingQuery, requestKey, toLeadListRequest, withFeaturedFirst } from './board-request';
import { NO_SELECTION, toggleSelection, type Selection } from './bulk/board-selection.logic';

// ---- Inputs (attributes) -------------------------------------------------------------------

export interface BoardInputs {
  spId: number | null;
  featuredLeadId: number | null;
  newMessages: boolean;
  pageSize: number | null;
}

export const boardInputsAtom = atom<BoardInputs>({ spId: null, featuredLeadId: null, newMessages: false, pageSize: null });

/**
 * A lead opened from outside the board — a new-lead notification's click — that was not on the
 * page on screen (arrivals/open-lead.ts): featured in the board's request in place of `lead-id`,
 * so it comes first on the first page. Per provider, as the query.
 */
export const openedLeadAtom = atom<{ spId: number | null; leadId: number } | null>(null);

/** The lead the board's request features: one a notification opened, else `lead-id`'s. */
export const featuredLeadIdAtom = atom((get) => {
  const opened = get(openedLeadAtom);
  const { spId, featuredLeadId } = get(boardInputsAtom);
  return opened && opened.spId === spId ? opened.leadId : featuredLeadId;
});

/**
 * A lead whose quick answer opens ready — its composer open, focus in it — (a notification's
 * click, `reply` with `lead-id`): the lead's card takes it when it is on screen (and clears it).
 */
export const replyRequestAtom = atom<{ leadId: number; seq: number } | null>(null);

/**
 * The element's `emit` (useRuntime), for the changes' engine: it tells the host of the changes
 * the pro makes (changes/change-engine.ts). Set by the board; null before (nothing told).
 */
export const boardHostAtom = atom<{ emit: WidgetRuntime['emit'] | null }>({ emit: null });

/** Whether 'Your Notes' keeps drafts on this device (the `drafts` attribute; apart from the inputs, so switching it refetches nothing). */
export const boardDraftsAtom = atom(true);

/** The `chat-service` attribute: the quick answer's chat adapter when no `chat` property is set (widgets/message-thread/chat-factory.ts). */
export const boardChatServiceAtom = atom<string | null>(null);

const validId = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value >= 0;

export function requireProvider(get: Getter, operation: string) {
  const client = requireClient(get(clientAtom));
  const { spId } = get(boardInputsAtom);
  if (client.auth.kind !== 'provider' || !validId(spId)) throw new GatewayError({ kind: 'http', status: 401, operation });
  return { client, spId };
}

// ---- Board query (filters, sort, page) -------------------------------------------------------

/**
 * The board's query. It starts from the inputs (new-messages, page size) and is reset when
 * the provider changes; `null` until the inputs arrive.
 */
const queryStateAtom = atom<{ spId: number | null; query: BoardQuery } | null>(null);

export const boardQueryAtom = atom((get): BoardQuery => {
  const inputs = get(boardInputsAtom);
  const state = get(queryStateAtom);
  if (state && state.spId === inputs.spId) return state.query;
  return openingQuery(inputs);
});

/** Sets the query when it asks for something else; an equal query never refetches. `keepCard`: the open card stays open (when it is on the new page). */
function setQuery(get: Getter, set: Setter, next: BoardQuery, keepCard = false) {
  const current = get(boardQueryAtom);
  const spId = get(boardInputsAtom).spId;
  if (spId !== null) {
    const featured = get(featuredLeadIdAtom);
    if (requestKey(spId, toLeadListRequest(current, featured, '')) === requestKey(spId, toLeadListRequest(next, featured, ''))) return;
  }
  set(queryStateAtom, { spId, query: next });
  set(quietReloadAtom, null);
  if (!keepCard) set(expandedLeadIdAtom, null);
  set(selectionAtom, NO_SELECTION);
}

export const changeFiltersAtom = atom(null, (get, set, patch: Partial<LeadFilters>) => setQuery(get, set, changeFilters(get(boardQueryAtom), patch)));
export const replaceFiltersAtom = atom(null, (get, set, filters: LeadFilters) => setQuery(get, set, changeFilters(get(boardQueryAtom), filters)));
/** 'Clear All Filters': every filter, the sort and the page size back to the board's defaults, in one request. */
export const clearFiltersAtom = atom(null, (get, set) => setQuery(get, set, clearAllFilters(get(boardQueryAtom), defaultQuery(get(boardInputsAtom)))));
export const changeSortAtom = atom(null, (get, set, sort: SortOption) => setQuery(get, set, changeSort(get(boardQueryAtom), sort)));
/** Moves to a page only when that page has a first item; returns whether it moved. */
export const goToPageAtom = atom(null, (get, set, pageIndex: number): boolean => {
  const data = get(leadsDataAtom);
  const next = goToPage(get(boardQueryAtom), pageIndex, data?.totalCount ?? 0);
  if (!next) return false;
  setQuery(get, set, next);
  return true;
});

/**
 * A page arrived. When it came back empty although leads remain (its last leads were archived),
 * move to the last page that has leads. A page fetched after a server's first screen brings the
 * customers' contact details (see reloadQuietlyAtom).
 */
export const settlePageAtom = atom(null, (get, set) => {
  const page = get(leadsDataAtom);
  const withheldUpTo = get(withheldUpToAtom);
  if (page && withheldUpTo !== null && !page.refreshFailed && page.seq > withheldUpTo) set(withheldUpToAtom, null);
  const query = get(boardQueryAtom);
  if (!page || page.leads.length > 0 || page.totalCount === 0 || query.offset < page.totalCount) return;
  const lastPage = Math.max(0, Math.ceil(page.totalCount / query.limit) - 1);
  setQuery(get, set, { ...query, pageIndex: lastPage, offset: lastPage * query.limit });
});

/**
 * The first page again, fetched afresh, with the same filters and sort (the pro asked for the new
 * leads): the open card stays open when it is still on that page.
 */
export const firstPageAgainAtom = atom(null, (get, set) => {
  const query = get(boardQueryAtom);
  if (query.offset !== 0) setQuery(get, set, { ...query, pageIndex: 0, offset: 0 }, true);
  set(leadsReloadAtom, (n) => n + 1);
});

/** The board's leads call for the first page of its current filters and sort (the same body it sends for that page). */
export function firstPageRequest(get: Getter) {
  const { client, spId } = requireProvider(get, 'leadBoard.arrivals');
  const query = get(boardQueryAtom);
  const request = toLeadListRequest({ ...query, pageIndex: 0, offset: 0 }, get(featuredLeadIdAtom), get(businessNameRefAtom).current);
  return { client, spId, request };
}

// ---- Provider info ---------------------------------------------------------------------------

/** Provider info (name for the header; businessName for the leads call), loaded beside the leads. */
/** Bumped by the error panel's retry: reloads the provider info and the leads. */
export const boardRetryAtom = atom(0);

/**
 * The provider info, or — when its answer cannot be read (another shape, no provider in it, 404) —
 * a provider without a name: the board still lists the leads, under a header without the
 * business name ('Your leads'; docs/gateway-assumptions.md row O1). Other failures (network,
 * 401, 5xx) are the board's, as the leads call's.
 */
const providerInfoAtom = atom(async (get, { signal }): Promise<BoardProvider> => {
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.providerInfo');
  let provider: BoardProvider | undefined;
  try {
    const { serviceProviders } = await getServiceProviderInfo(client, spId, { signal });
    provider = serviceProviders.find((candidate) => (candidate.id ?? candidate.serviceProviderId) === spId) ?? serviceProviders[0];
  } catch (error) {
    if (!isGatewayError(error) || !(error.kind === 'invalid-response' || error.status === 404)) throw error;
  }
  const found: BoardProvider = provider ?? { id: spId, serviceProviderId: null, name: null, primaryAddress: null };
  get(businessNameRefAtom).current = found.name ?? '';
  return found;
});
/** The board's provider: its name is null when the answer had none or could not be read. */
type BoardProvider = ServiceProviderInfo;
export const providerInfoLoadableAtom = loadableOf(providerInfoAtom);

/**
 * The business name rides along on later lead requests without being a dependency: the first
 * page is requested in parallel with the provider info (one round trip to first data), and
 * learning the name must not refetch it.
 */
const businessNameRefAtom = atom(() => ({ current: '' }));

// ---- Leads -------------------------------------------------------------------------------------

/** Bumped to refetch the current page (retry; after an archive or restore settles). */
export const leadsReloadAtom = atom(0);
/**
 * A board hydrated from a server's first screen shows the server's page, which leaves out the
 * customers' contact details (lead-board.server.ts): `withholdContactsAtom` says so as it hydrates,
 * and hydration asks the gateway for nothing the server answered. Only when the pro reaches for
 * a card's 'Contact' (pointer, focus or tap: `fetchWithheldContactsAtom`) is the page fetched
 * again, once and quietly: the list is not dimmed and the host is not told of a new page.
 * `quietReloadAtom` holds the reload it made (a later reload, or another query, is not quiet).
 * Until a page fetched after the server's arrived (`settlePageAtom`; any later page: another
 * filter, a change settled), 'Contact' shows a placeholder (`contactsWithheldAtom`).
 */
const quietReloadAtom = atom<number | null>(null);
/** The last fetch (see fetchSeq) whose page may be the server's; null once a later page arrived. */
const withheldUpToAtom = atom<number | null>(null);
export const contactsWithheldAtom = atom((get) => get(withheldUpToAtom) !== null);
/** Whether the page being fetched (or last fetched) is the quiet one. */
export const leadsQuietAtom = atom((get) => get(quietReloadAtom) === get(leadsReloadAtom));
/** The page on screen is the server's (the board hydrated it): its contact details are not in it. */
export const withholdContactsAtom = atom(null, (_get, set) => set(withheldUpToAtom, fetchSeq));
/** The pro reaches for 'Contact' while the details are withheld: the page is fetched again, quietly (once at a time). */
export const fetchWithheldContactsAtom = atom(null, (get, set) => {
  if (get(withheldUpToAtom) === null || get(leadsQuietAtom)) return;
  const reload = get(leadsReloadAtom) + 1;
  set(quietReloadAtom, reload);
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

/** The last page that arrived: shown (dimmed) while the next one loads, so nothing jumps. */
export const leadsDataAtom = atom<LeadsPage | null>((get) => {
  const state = get(leadsLoadableAtom);
  return state.state === 'hasData' ? state.data : null;
});

// ---- Expanded card ---------------------------------------------------------------------------

/** The open card, for the provider it was opened on (like the query: another provider starts afresh). */
const expandedStateAtom = atom<{ spId: number | null; leadId: number | null } | undefined>(undefined);

/**
 * Only one card is open at a time; `undefined` until the first page arrived (then the first
 * opens) — and again when the provider changes (`<lead-app>` going from one provider's board to
 * another's keeps the element's store, not the other board's open card).
 */
export const expandedLeadIdAtom = atom(
  (get): number | null | undefined => {
    const state = get(expandedStateAtom);
    return state && state.spId === get(boardInputsAtom).spId ? state.leadId : undefined;
  },
  (get, set, leadId: number | null | undefined) => {
    set(expandedStateAtom, leadId === undefined ? undefined : { spId: get(boardInputsAtom).spId, leadId });
  },
);

/**
 * One card's share of the open card (`expanded`: expandedLeadIdAtom's value): whether it is the
 * open one, or null while none was chosen (the first page's first card is then). A card reads its
 * own (list/board-lead-card.tsx), so opening a card renders that card and the one that closes, not
 * the board, its list and every card.
 */
export const cardOpen = (expanded: number | null | undefined, leadId: number): boolean | null => (expanded === undefined ? null : expanded === leadId);

/**
 * A card's header tapped: it opens (another open one closes), or closes when it was open —
 * `firstLeadId`, the first page's first lead, is the open one while none was chosen. Read from
 * the store when tapped, not from a render's copy. Whether it opened.
 */
export const toggleLeadAtom = atom(null, (get, set, { leadId, firstLeadId }: { leadId: number; firstLeadId: number | null }): boolean => {
  const state = get(expandedLeadIdAtom);
  const open = state === undefined ? firstLeadId : state;
  set(expandedLeadIdAtom, open === leadId ? null : leadId);
  return open !== leadId;
});

/**
 * The first page's card opening by itself: only while no card was opened or closed since the
 * page came (read from the store, not from a render's copy: a tap between the list's first paint
 * and the effect that opens the first card is not undone). Whether it opened it.
 */
export const openFirstLeadAtom = atom(null, (get, set, leadId: number): boolean => {
  if (get(expandedLeadIdAtom) !== undefined) return false;
  set(expandedLeadIdAtom, leadId);
  return true;
});

// ---- Bulk selection ----------------------------------------------------------------

/**
 * The leads the pro selected for a bulk action, with the last toggled one (the anchor of a
 * shift-click range; board-selection.logic.ts). Only this and a card's checkbox are in the
 * board's first load; the toolbar and the bulk calls are a lazy part (bulk-part.tsx,
 * bulk-atoms.ts). Another page, filter or sort starts with none (setQuery). Leads that leave the
 * list leave what the toolbar counts but stay here while they are away: a lead whose archive
 * failed comes back selected, so the pro can try again.
 */
const selectionStateAtom = atom<{ spId: number | null; selection: Selection } | null>(null);
/** Kept for the provider it was made on, like the open card: `<lead-app>` going to another provider's board shows none (lead ids may repeat across providers). */
export const selectionAtom = atom(
  (get): Selection => {
    const state = get(selectionStateAtom);
    return state && state.spId === get(boardInputsAtom).spId ? state.selection : NO_SELECTION;
  },
  (get, set, selection: Selection) => set(selectionStateAtom, { spId: get(boardInputsAtom).spId, selection }),
);

/**
 * A card's checkbox: checks or unchecks its lead (with `range`, the leads on screen, shift: every
 * lead from the last one checked), from the selection as it is now — two quick clicks before the
 * board renders again both count.
 */
export const toggleSelectedAtom = atom(null, (get, set, change: { leadId: number; selected: boolean; range: readonly number[] | null }) =>
  set(selectionAtom, toggleSelection(get(selectionAtom), change.leadId, change.selected, change.range)),
);
