import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { loadableOf } from '../../runtime/loadable';
import {
  changeFilters,
  changeSort,
  clearAllFilters,
  goToPage,
  type BoardQuery,
  type LeadFilters,
} from '../../domain/filters';
import type { SortOption } from '../../domain/sort';
import { GatewayError, isAbortError, isRetryableError } from '../../gateway/errors';
import { archiveLead, getLeads, getServiceProviderInfo, markLeadRead } from '../../gateway/office/calls';
import type { Lead } from '../../gateway/office/schemas';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { defaultQuery, openingQuery, requestKey, toLeadListRequest, withFeaturedFirst } from './board-request';
import { NO_SELECTION, type Selection } from './bulk/board-selection.logic';

// ---- Inputs (attributes) -------------------------------------------------------------------

export interface BoardInputs {
  spId: number | null;
  featuredLeadId: number | null;
  newMessages: boolean;
  pageSize: number | null;
}

export const boardInputsAtom = atom<BoardInputs>({ spId: null, featuredLeadId: null, newMessages: false, pageSize: null });

/** Whether 'Your Notes' keeps drafts on this device (the `drafts` attribute; apart from the inputs, so switching it refetches nothing). */
export const boardDraftsAtom = atom(true);

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

/** Sets the query when it asks for something else; an equal query never refetches. */
function setQuery(get: Getter, set: Setter, next: BoardQuery) {
  const current = get(boardQueryAtom);
  const spId = get(boardInputsAtom).spId;
  if (spId !== null) {
    const featured = get(boardInputsAtom).featuredLeadId;
    if (requestKey(spId, toLeadListRequest(current, featured, '')) === requestKey(spId, toLeadListRequest(next, featured, ''))) return;
  }
  set(queryStateAtom, { spId, query: next });
  set(quietReloadAtom, null);
  set(expandedLeadIdAtom, null);
  set(selectionAtom, NO_SELECTION);
}

export const changeFiltersAtom = atom(null, (get, set, patch: Partial<LeadFilters>) => setQuery(get, set, changeFilters(get(boardQueryAtom), patch)));
export const replaceFiltersAtom = atom(null, (get, set, filters: LeadFilters) =>
  setQuery(get, set, changeFilters(get(boardQueryAtom), filters)),
);
/** 'Clear All Filters': every filter, the sort and the page size back to the board's defaults, in one request (spec §4). */
export const clearFiltersAtom = atom(null, (get, set) => setQuery(get, set, clearAllFilters(get(boardQueryAtom), defaultQuery(get(boardInputsAtom)))));
export const changeSortAtom = atom(null, (get, set, sort: SortOption) => setQuery(get, set, changeSort(get(boardQueryAtom), sort)));
/** Moves to a page only when that page has a first item (spec §4); returns whether it moved. */
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

// ---- Provider info ---------------------------------------------------------------------------

/** Provider info (name for the header; businessName for the leads call), loaded beside the leads. */
/** Bumped by the error panel's retry: reloads the provider info and the leads. */
export const boardRetryAtom = atom(0);

export const providerInfoAtom = atom(async (get, { signal }) => {
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.providerInfo');
  const { serviceProviders } = await getServiceProviderInfo(client, spId, { signal });
  const provider = serviceProviders.find((candidate) => candidate.id === spId) ?? serviceProviders[0];
  if (!provider) throw new GatewayError({ kind: 'http', status: 404, operation: 'leadBoard.providerInfo' });
  get(businessNameRefAtom).current = provider.name;
  return provider;
});
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
 * A board hydrated from a server's first screen fetches its page again once, quietly: the page in
 * the server's HTML leaves out the customers' contact details (server-answer.ts). Quietly: the
 * list is not dimmed and the host is not told of a new page. `quietReloadAtom` holds the reload
 * it made (a later reload, or another query, is not quiet). Until a page fetched after it arrived
 * (`settlePageAtom`), 'Contact' shows a placeholder (`contactsWithheldAtom`).
 */
const quietReloadAtom = atom<number | null>(null);
/** The last fetch (see fetchSeq) whose page may be the server's; null once a later page arrived. */
const withheldUpToAtom = atom<number | null>(null);
export const contactsWithheldAtom = atom((get) => get(withheldUpToAtom) !== null);
/** Whether the page being fetched (or last fetched) is the quiet one. */
export const leadsQuietAtom = atom((get) => get(quietReloadAtom) === get(leadsReloadAtom));
export const reloadQuietlyAtom = atom(null, (get, set) => {
  const reload = get(leadsReloadAtom) + 1;
  set(quietReloadAtom, reload);
  set(withheldUpToAtom, fetchSeq);
  set(leadsReloadAtom, reload);
});
/** Monotonic fetch number: optimistic patches know which answers already include them. */
let fetchSeq = 0;

export interface LeadsPage {
  leads: Lead[];
  totalCount: number;
  /** The fetch this page came from (see fetchSeq). */
  seq: number;
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
 */
export const leadsAtom = atom(async (get, { signal }): Promise<LeadsPage> => {
  get(leadsReloadAtom);
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.leads');
  const query = get(boardQueryAtom);
  const { featuredLeadId } = get(boardInputsAtom);
  const last = get(lastLeadsPageAtom);
  const request = toLeadListRequest(query, featuredLeadId, get(businessNameRefAtom).current);
  const key = requestKey(spId, request);
  const seq = ++fetchSeq;
  try {
    const response = await getLeads(client, spId, request, { signal });
    const page: LeadsPage = { leads: withFeaturedFirst(response.leads, featuredLeadId), totalCount: response.pagination.totalNumber, seq };
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

// ---- Optimistic changes ---------------------------------------------------------------------

/**
 * One change the user made to a lead (read flag, status, notes, archive…), shown over the
 * fetched page while its call is pending, and once the gateway took it over the pages fetched
 * before that (pages fetched after include it).
 *
 * A lead's changes are a list in the order their calls go to the gateway, and `callInTurn` sends
 * a lead's calls one after the other, so the gateway handles them in that order too and the last
 * change of a field on the list is the last one the gateway applied. A failed change leaves the
 * list and takes only its own effects with it. (Found by the board's fault run,
 * test/reliability/board.model.test.ts: one patch per lead, rolled back to a snapshot, lost a
 * feedback stored while a read call was pending; the status choice's rollback undid a read
 * toggle made meanwhile; and a status call and a read call sent together could reach the
 * gateway in one order and answer in the other, leaving the card 'read' on an unread lead.)
 */
export interface LeadChange {
  readonly id: number;
  readonly effects: Partial<Lead>;
  /** It takes the lead off the current list (archive, restore). */
  readonly removes: boolean;
  /** null while pending; once the gateway took it, the fetch number then (see fetchSeq). */
  readonly settledAtSeq: number | null;
}

export const patchesAtom = atom<ReadonlyMap<number, readonly LeadChange[]>>(new Map());
/** Per store: the next change id. */
const changeIdsAtom = atom(() => ({ last: 0 }));
/** Per store: each lead's last call to the gateway, the one its next call waits for. */
const leadCallsAtom = atom(() => new Map<number, Promise<unknown>>());
const pendingMutationsAtom = atom(0);
/**
 * The page is fetched again once the lead calls pending now have all settled: after an archive or
 * restore (counts and members change), and after any failed change — a call that got no answer
 * may have reached the gateway all the same, and the page then shows what the gateway holds, not
 * the rolled-back guess. Whichever call settles last does it. (Found by the board's fault run,
 * test/reliability/board.model.test.ts: a read settling after an archive left the page a lead
 * short until the next query; a job note whose answer was lost showed the old note after its
 * dialog was closed, though the gateway had taken it.)
 */
const refetchDueAtom = atom(false);
/** A settled call changed what the counts count (a status): they are fetched again once all have settled. */
const countsDueAtom = atom(false);
/**
 * Bumped once the pending lead calls have all settled when one of them may have changed the board's
 * counts (issue 18 §2: a status choice) and the page is not fetched again anyway (the counts follow
 * `leadsReloadAtom` too; see count-atoms.ts).
 */
export const leadCountsReloadAtom = atom(0);

/**
 * Runs a lead call counted among the pending ones (see refetchDueAtom); `refetchAfter`: the page is
 * fetched again once all have settled, also when this one succeeds. `call` settles its change
 * itself, before a refetch here can start (a change settled after it would apply to that page too).
 */
export async function trackLeadCall<T>(get: Getter, set: Setter, call: () => Promise<T>, refetchAfter: boolean, changesCounts = false): Promise<T> {
  set(pendingMutationsAtom, (n) => n + 1);
  let failed = true;
  try {
    const result = await call();
    failed = false;
    return result;
  } finally {
    set(pendingMutationsAtom, (n) => n - 1);
    if (refetchAfter || failed) set(refetchDueAtom, true);
    if (changesCounts) set(countsDueAtom, true);
    if (get(pendingMutationsAtom) === 0) {
      if (get(refetchDueAtom)) {
        set(refetchDueAtom, false);
        set(countsDueAtom, false);
        set(leadsReloadAtom, (n) => n + 1);
      } else if (get(countsDueAtom)) {
        set(countsDueAtom, false);
        set(leadCountsReloadAtom, (n) => n + 1);
      }
    }
  }
}
/** A status failure is no longer reported here but beside the card's select (`statusFailuresAtom`). */
export type MutationAction = 'read' | 'archive' | 'restore';
export const mutationErrorAtom = atom<{ leadId: number; action: MutationAction } | null>(null);

function setChanges(get: Getter, set: Setter, leadId: number, changes: readonly LeadChange[]) {
  const next = new Map(get(patchesAtom));
  if (changes.length) next.set(leadId, changes);
  else next.delete(leadId);
  set(patchesAtom, next);
}

/**
 * Puts a change at the end of a lead's list — a new one, or the change `id` moved there with new
 * effects (a status choice about to be sent). `settled`: its call already succeeded. Returns its id.
 */
export function placeLeadChange(
  get: Getter,
  set: Setter,
  leadId: number,
  effects: Partial<Lead>,
  options: { id?: number | null; removes?: boolean; settled?: boolean } = {},
): number {
  const current = get(patchesAtom).get(leadId) ?? [];
  const id = options.id != null && current.some((change) => change.id === options.id) ? options.id : ++get(changeIdsAtom).last;
  const change: LeadChange = { id, effects, removes: options.removes ?? false, settledAtSeq: options.settled ? fetchSeq : null };
  setChanges(get, set, leadId, [...current.filter((other) => other.id !== id), change]);
  return id;
}

/** Changes a pending change's effects where it stands (a newer status choice before it is sent). */
export function updateLeadChange(get: Getter, set: Setter, leadId: number, id: number, effects: Partial<Lead>): boolean {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (!current.some((change) => change.id === id)) return false;
  setChanges(get, set, leadId, current.map((change) => (change.id === id ? { ...change, effects } : change)));
  return true;
}

/** The gateway took the change: pages fetched from now on include it. */
export function settleLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (current.some((change) => change.id === id)) setChanges(get, set, leadId, current.map((change) => (change.id === id ? { ...change, settledAtSeq: fetchSeq } : change)));
}

/** Takes a change back (it failed, or a status choice ended where it started); later changes stay. */
export function dropLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (current.some((change) => change.id === id)) setChanges(get, set, leadId, current.filter((change) => change.id !== id));
}

/**
 * Sends a lead's calls one at a time, in the order asked (see LeadChange). A call whose `signal`
 * aborts gives up its own turn at once (a superseded status choice: the newer one does not wait for
 * the answer of the one it replaced) — but not the turns of the calls before it: the next call
 * still waits for them. (Found by the board's soak, test/reliability/board.model.test.ts: a
 * superseded choice's turn ended at its abort, so a note saved next went ahead of a job note
 * queued behind a hung read, and the older note reached the gateway last.)
 */
export function callInTurn<T>(get: Getter, leadId: number, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const calls = get(leadCallsAtom);
  const before = calls.get(leadId) ?? Promise.resolve();
  const result = before.then(call);
  const aborted = signal && new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const own: Promise<unknown> = aborted ? Promise.race([result, aborted]) : result;
  const turn: Promise<unknown> = before.then(() => own).catch(() => undefined);
  calls.set(leadId, turn);
  void turn.then(() => {
    if (calls.get(leadId) === turn) calls.delete(leadId);
  });
  return result;
}

function applies(change: LeadChange, page: LeadsPage): boolean {
  return change.settledAtSeq === null || page.seq <= change.settledAtSeq;
}

/** A patched lead keeps its identity while neither the lead nor its changes changed (memoised cards skip re-rendering). */
const patchedLeads = new WeakMap<readonly LeadChange[], WeakMap<Lead, Lead | null>>();
/** The lead with the changes that apply to its page, in order; null when one takes it off the list. */
function patchedLead(lead: Lead, changes: readonly LeadChange[], page: LeadsPage): Lead | null {
  let byLead = patchedLeads.get(changes);
  if (!byLead) patchedLeads.set(changes, (byLead = new WeakMap()));
  // A lead object belongs to one page, so the changes that apply to it are always the same.
  const known = byLead.get(lead);
  if (known !== undefined) return known;
  const applying = changes.filter((change) => applies(change, page));
  const patched = applying.some((change) => change.removes) ? null : applying.length ? (Object.assign({ ...lead }, ...applying.map((change) => change.effects)) as Lead) : lead;
  byLead.set(lead, patched);
  return patched;
}

/** The page as the user should see it: fetched leads with pending/settled changes on top. */
export function visibleLeads(page: LeadsPage, patches: ReadonlyMap<number, readonly LeadChange[]>): { leads: Lead[]; removedCount: number } {
  let removedCount = 0;
  const leads: Lead[] = [];
  for (const lead of page.leads) {
    const changes = patches.get(lead.leadId);
    const patched = changes ? patchedLead(lead, changes, page) : lead;
    if (patched) leads.push(patched);
    else removedCount++;
  }
  return { leads, removedCount };
}

/**
 * One optimistic change of a lead and its call: placed at once, sent in the lead's turn, taken
 * back alone when it fails. `quiet`: the failure is not reported here (a bulk action says once
 * how all of its leads went: bulk-atoms.ts). Resolves to whether the gateway took it.
 */
export async function mutate(
  get: Getter,
  set: Setter,
  leadId: number,
  change: { effects: Partial<Lead>; removes: boolean },
  action: MutationAction,
  call: () => Promise<unknown>,
  refetchAfter: boolean,
  quiet = false,
): Promise<boolean> {
  const id = placeLeadChange(get, set, leadId, change.effects, { removes: change.removes });
  if (!quiet) set(mutationErrorAtom, null);
  // Refetched once the last change settled: counts and the page's members are the server's again.
  return trackLeadCall(
    get,
    set,
    async () => {
      try {
        await callInTurn(get, leadId, call);
      } catch (error) {
        // Take this change back (only this one) and say so.
        dropLeadChange(get, set, leadId, id);
        if (!quiet) set(mutationErrorAtom, { leadId, action });
        throw error;
      }
      settleLeadChange(get, set, leadId, id);
    },
    refetchAfter,
  ).then(
    () => true,
    () => false,
  );
}

/** Marks a lead read or unread; skipped when it already is (spec §4). */
export const setLeadReadAtom = atom(null, async (get, set, { lead, read }: { lead: Lead; read: boolean }) => {
  if (lead.read === read) return;
  const { client, spId } = requireProvider(get, 'leadBoard.read');
  await mutate(get, set, lead.leadId, { effects: { read }, removes: false }, 'read', () => markLeadRead(client, spId, { leadId: lead.leadId, read }), false);
});

/**
 * Archives a lead, or restores an archived one ('Move to Active Leads'): it leaves the current
 * list at once, and the next lead opens when it was the open one (spec §4).
 */
export const setLeadArchivedAtom = atom(null, async (get, set, { lead, archived }: { lead: Lead; archived: boolean }) => {
  const { client, spId } = requireProvider(get, 'leadBoard.archive');
  const page = get(leadsDataAtom);
  /** The card opened in its place, if it was the open one. */
  let openedInstead: number | null | undefined;
  if (page && get(expandedLeadIdAtom) === lead.leadId) {
    const { leads } = visibleLeads(page, get(patchesAtom));
    const index = leads.findIndex((candidate) => candidate.leadId === lead.leadId);
    const next = leads[index + 1] ?? leads[index - 1] ?? null;
    openedInstead = next?.leadId ?? null;
    set(expandedLeadIdAtom, openedInstead);
    // Opening a lead marks it read (spec §4), however it came to open.
    if (next && !next.read) void set(setLeadReadAtom, { lead: next, read: true });
  }
  const taken = await mutate(
    get,
    set,
    lead.leadId,
    { effects: { isArchived: archived }, removes: true },
    archived ? 'archive' : 'restore',
    () => archiveLead(client, spId, { leadId: lead.leadId, archived }),
    true,
  );
  // It failed: the lead is back, open again as the pro left it (trying again is one menu away) —
  // unless they opened another card meanwhile.
  if (!taken && openedInstead !== undefined && get(expandedLeadIdAtom) === openedInstead) set(expandedLeadIdAtom, lead.leadId);
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

// ---- Bulk selection (issue 18 §2) ----------------------------------------------------------------

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
