import type { BoardDateRange } from './date-range';
import type { LeadStatus } from './lead-status';
import { DEFAULT_SORT, type SortOption } from './sort';

export interface CityState {
  readonly city: string;
  readonly stateAbbr: string;
}

/** The board's filter state, field for field as the leads call takes it. */
export interface LeadFilters {
  readonly serviceProviderLeadStatuses: LeadStatus[];
  readonly archived: boolean;
  /** ISO instants: start of the first day, end of the last (see date-range.ts). */
  readonly dateRange: BoardDateRange;
  readonly categoryIds: number[];
  readonly name: string | null;
  /** Set together with `name` when a member suggestion is picked. */
  readonly contactInformationIds: number[];
  /** Only `true` or `null`: "off" means "no filter", never "read leads only". */
  readonly hasUnreadMessages: true | null;
  readonly displayLead: boolean;
  readonly cityState: CityState | null;
  readonly postalCode: string | null;
}

function defaultFilters(): LeadFilters {
  return {
    serviceProviderLeadStatuses: [],
    archived: false,
    dateRange: { startDate: null, endDate: null },
    categoryIds: [],
    name: null,
    contactInformationIds: [],
    hasUnreadMessages: null,
    displayLead: true,
    cityState: null,
    postalCode: null,
  };
}

/**
 * Frozen so an accidental in-place edit throws instead of changing every later default.
 * @internal Only tests use it: no shipped code calls it.
 */
export const DEFAULT_FILTERS: LeadFilters = deepFreeze(defaultFilters());

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object') deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

/**
 * The board opened with newMessages=true starts with the unread filter on.
 * @internal Exported for tests.
 */
export function newMessagesQueryFilters(): LeadFilters {
  return { ...defaultFilters(), hasUnreadMessages: true };
}

/**
 * Page size the board state uses; the gateway's own default is 5 (docs/architecture.md#board-constants).
 * @internal Exported for tests.
 */
export const DEFAULT_PAGE_SIZE = 10;
/** @internal Only tests use it: no shipped code calls it. */
export const GATEWAY_DEFAULT_PAGE_SIZE = 5;

/** Everything the leads call needs besides the provider id. */
export interface BoardQuery {
  readonly filters: LeadFilters;
  readonly offset: number;
  readonly pageIndex: number;
  readonly limit: number;
  readonly sort: SortOption;
  readonly businessName: string;
}

export function initialBoardQuery(options: { readonly businessName?: string; readonly newMessages?: boolean; readonly limit?: number } = {}): BoardQuery {
  return {
    filters: options.newMessages ? newMessagesQueryFilters() : defaultFilters(),
    offset: 0,
    pageIndex: 0,
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
    sort: DEFAULT_SORT,
    businessName: options.businessName ?? '',
  };
}

/** @internal Exported for tests. */
export function resetPage(query: BoardQuery): BoardQuery {
  return { ...query, offset: 0, pageIndex: 0 };
}

/** Any filter change starts again from the first page. */
export function changeFilters(query: BoardQuery, patch: Partial<LeadFilters>): BoardQuery {
  return resetPage({ ...query, filters: { ...query.filters, ...patch } });
}

/**
 * 'Clear All Filters' ("resets everything to defaults"): the board's defaults — every
 * filter, the sort and the page size as the board starts, on the first page (`defaults`: the
 * board's own, see board-request.ts `defaultQuery`). Only the business name, not a choice of the
 * user, stays.
 */
export function clearAllFilters(query: BoardQuery, defaults: BoardQuery): BoardQuery {
  return { ...defaults, businessName: query.businessName };
}

export function changeSort(query: BoardQuery, sort: SortOption): BoardQuery {
  return resetPage({ ...query, sort });
}

/**
 * 'Not answered yet' (docs/widgets/lead-board.md#answer-first): the leads still New — the pro has
 * not moved them on — which the switch beside 'Show Unread Messages' lists. It is the status filter
 * holding New alone, so the filter panel's status field shows the same choice.
 */
export const NOT_ANSWERED_STATUS: LeadStatus = 'Initial';

/** Whether the filters list the not-answered leads only (the switch is on). */
export function notAnsweredOnly(filters: LeadFilters): boolean {
  return filters.serviceProviderLeadStatuses.length === 1 && filters.serviceProviderLeadStatuses[0] === NOT_ANSWERED_STATUS;
}

/** The switch: on lists New leads only; off clears the status filter (whatever statuses were chosen before it was turned on). */
export function setNotAnsweredOnly(on: boolean): Partial<LeadFilters> {
  return { serviceProviderLeadStatuses: on ? [NOT_ANSWERED_STATUS] : [] };
}

/**
 * A page move is acted on only when the page's first item exists (offset below totalCount,
 * the spec's rule); otherwise null, and nothing is fetched.
 */
export function goToPage(query: BoardQuery, pageIndex: number, totalCount: number): BoardQuery | null {
  if (!Number.isInteger(pageIndex) || pageIndex < 0) return null;
  const offset = pageIndex * query.limit;
  if (offset >= totalCount) return null;
  return { ...query, offset, pageIndex };
}

/** Whether the empty state should offer 'Clear All Filters' (some removable filter is on). */
export function hasActiveFilters(filters: LeadFilters): boolean {
  return (
    filters.serviceProviderLeadStatuses.length > 0 ||
    filters.categoryIds.length > 0 ||
    Boolean(filters.dateRange.startDate || filters.dateRange.endDate) ||
    Boolean(filters.cityState || filters.postalCode?.trim()) ||
    Boolean(filters.name?.trim()) ||
    filters.contactInformationIds.length > 0 ||
    filters.archived ||
    filters.hasUnreadMessages === true
  );
}
