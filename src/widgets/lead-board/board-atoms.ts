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
import { GatewayError } from '../../gateway/errors';
import { archiveLead, getLeads, getServiceProviderInfo, markLeadRead } from '../../gateway/office/calls';
import type { Lead } from '../../gateway/office/schemas';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { openingQuery, requestKey, toLeadListRequest, withFeaturedFirst } from './board-request';

// ---- Inputs (attributes) -------------------------------------------------------------------

export interface BoardInputs {
  spId: number | null;
  featuredLeadId: number | null;
  newMessages: boolean;
  pageSize: number | null;
}

export const boardInputsAtom = atom<BoardInputs>({ spId: null, featuredLeadId: null, newMessages: false, pageSize: null });

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
  set(expandedLeadIdAtom, null);
}

export const changeFiltersAtom = atom(null, (get, set, patch: Partial<LeadFilters>) => setQuery(get, set, changeFilters(get(boardQueryAtom), patch)));
export const replaceFiltersAtom = atom(null, (get, set, filters: LeadFilters) =>
  setQuery(get, set, changeFilters(get(boardQueryAtom), filters)),
);
export const clearFiltersAtom = atom(null, (get, set) => setQuery(get, set, clearAllFilters(get(boardQueryAtom))));
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
 * When a page comes back empty although leads remain (its last leads were archived), move to
 * the last page that has leads.
 */
export const settlePageAtom = atom(null, (get, set) => {
  const page = get(leadsDataAtom);
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
/** Monotonic fetch number: optimistic patches know which answers already include them. */
let fetchSeq = 0;
/** The latest fetch's number: a change settled now is part of every page fetched after it. */
export const currentFetchSeq = () => fetchSeq;

export interface LeadsPage {
  leads: Lead[];
  totalCount: number;
  /** The fetch this page came from (see fetchSeq). */
  seq: number;
}

export const leadsAtom = atom(async (get, { signal }): Promise<LeadsPage> => {
  get(leadsReloadAtom);
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.leads');
  const query = get(boardQueryAtom);
  const { featuredLeadId } = get(boardInputsAtom);
  const seq = ++fetchSeq;
  const response = await getLeads(client, spId, toLeadListRequest(query, featuredLeadId, get(businessNameRefAtom).current), { signal });
  return { leads: withFeaturedFirst(response.leads, featuredLeadId), totalCount: response.pagination.totalNumber, seq };
});
export const leadsLoadableAtom = loadableOf(leadsAtom);

/** The last page that arrived: shown (dimmed) while the next one loads, so nothing jumps. */
export const leadsDataAtom = atom<LeadsPage | null>((get) => {
  const state = get(leadsLoadableAtom);
  return state.state === 'hasData' ? state.data : null;
});

// ---- Optimistic changes ---------------------------------------------------------------------

interface Patch {
  readonly changes: Partial<Lead>;
  /** Set when the call succeeded: pages fetched after this number already include it. */
  readonly settledAtSeq: number | null;
  readonly removes: boolean;
}

export const patchesAtom = atom<ReadonlyMap<number, Patch>>(new Map());
const pendingMutationsAtom = atom(0);
/** A status failure is no longer reported here but beside the card's select (`statusFailuresAtom`). */
export type MutationAction = 'read' | 'archive' | 'restore';
export const mutationErrorAtom = atom<{ leadId: number; action: MutationAction } | null>(null);

function applies(patch: Patch, page: LeadsPage): boolean {
  return patch.settledAtSeq === null || page.seq <= patch.settledAtSeq;
}

/** A patched lead keeps its identity while neither the lead nor its patch changed (memoised cards skip re-rendering). */
const patchedLeads = new WeakMap<Patch, WeakMap<Lead, Lead>>();
function patchedLead(lead: Lead, patch: Patch): Lead {
  let byLead = patchedLeads.get(patch);
  if (!byLead) patchedLeads.set(patch, (byLead = new WeakMap()));
  let patched = byLead.get(lead);
  if (!patched) byLead.set(lead, (patched = { ...lead, ...patch.changes }));
  return patched;
}

/** The page as the user should see it: fetched leads with pending/settled changes on top. */
export function visibleLeads(page: LeadsPage, patches: ReadonlyMap<number, Patch>): { leads: Lead[]; removedCount: number } {
  let removedCount = 0;
  const leads: Lead[] = [];
  for (const lead of page.leads) {
    const patch = patches.get(lead.leadId);
    if (patch && applies(patch, page)) {
      if (patch.removes) {
        removedCount++;
        continue;
      }
      leads.push(patchedLead(lead, patch));
    } else leads.push(lead);
  }
  return { leads, removedCount };
}

async function mutate(
  get: Getter,
  set: Setter,
  leadId: number,
  patch: Omit<Patch, 'settledAtSeq'>,
  action: MutationAction,
  call: () => Promise<unknown>,
  refetchAfter: boolean,
): Promise<boolean> {
  const before = get(patchesAtom).get(leadId);
  set(patchesAtom, new Map(get(patchesAtom)).set(leadId, { ...patch, changes: { ...before?.changes, ...patch.changes }, settledAtSeq: null }));
  set(pendingMutationsAtom, (n) => n + 1);
  set(mutationErrorAtom, null);
  try {
    await call();
    const current = get(patchesAtom).get(leadId);
    if (current) set(patchesAtom, new Map(get(patchesAtom)).set(leadId, { ...current, settledAtSeq: fetchSeq }));
    return true;
  } catch {
    // Roll back to what was there before this change and say so.
    const next = new Map(get(patchesAtom));
    if (before) next.set(leadId, before);
    else next.delete(leadId);
    set(patchesAtom, next);
    set(mutationErrorAtom, { leadId, action });
    return false;
  } finally {
    set(pendingMutationsAtom, (n) => n - 1);
    // Refetch once the last change settled: counts and the page's members are the server's again.
    if (refetchAfter && get(pendingMutationsAtom) === 0) set(leadsReloadAtom, (n) => n + 1);
  }
}

/** Marks a lead read or unread; skipped when it already is (spec §4). */
export const setLeadReadAtom = atom(null, async (get, set, { lead, read }: { lead: Lead; read: boolean }) => {
  if (lead.read === read) return;
  const { client, spId } = requireProvider(get, 'leadBoard.read');
  await mutate(get, set, lead.leadId, { changes: { read }, removes: false }, 'read', () => markLeadRead(client, spId, { leadId: lead.leadId, read }), false);
});

/**
 * Archives a lead, or restores an archived one ('Move to Active Leads'): it leaves the current
 * list at once, and the next lead opens when it was the open one (spec §4).
 */
export const setLeadArchivedAtom = atom(null, async (get, set, { lead, archived }: { lead: Lead; archived: boolean }) => {
  const { client, spId } = requireProvider(get, 'leadBoard.archive');
  const page = get(leadsDataAtom);
  if (page && get(expandedLeadIdAtom) === lead.leadId) {
    const { leads } = visibleLeads(page, get(patchesAtom));
    const index = leads.findIndex((candidate) => candidate.leadId === lead.leadId);
    const next = leads[index + 1] ?? leads[index - 1] ?? null;
    set(expandedLeadIdAtom, next?.leadId ?? null);
    // Opening a lead marks it read (spec §4), however it came to open.
    if (next && !next.read) void set(setLeadReadAtom, { lead: next, read: true });
  }
  await mutate(
    get,
    set,
    lead.leadId,
    { changes: { isArchived: archived }, removes: true },
    archived ? 'archive' : 'restore',
    () => archiveLead(client, spId, { leadId: lead.leadId, archived }),
    true,
  );
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
