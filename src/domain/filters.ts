import type { MessageKey } from '../i18n/en-US';
import { BOARD_QUICK_RANGES, type BoardDateRange, fromBoardDateRange, matchQuickRange } from './date-range';
import { type LeadStatus, leadStatusLabelKey } from './lead-status';
import { DEFAULT_SORT, type SortOption } from './sort';

export interface CityState {
  readonly city: string;
  readonly stateAbbr: string;
}

/** The board's filter state, field for field as the leads call takes it (spec §3). */
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

/** Frozen so an accidental in-place edit throws instead of changing every later default. */
export const DEFAULT_FILTERS: LeadFilters = deepFreeze(defaultFilters());

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object') deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

/** The board opened with newMessages=true starts with the unread filter on (spec §2). */
export function newMessagesQueryFilters(): LeadFilters {
  return { ...defaultFilters(), hasUnreadMessages: true };
}

/** Page size the board state uses (spec §9); the gateway's own default is 5. */
export const DEFAULT_PAGE_SIZE = 10;
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

export function initialBoardQuery(
  options: { readonly businessName?: string; readonly newMessages?: boolean; readonly limit?: number } = {},
): BoardQuery {
  return {
    filters: options.newMessages ? newMessagesQueryFilters() : defaultFilters(),
    offset: 0,
    pageIndex: 0,
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
    sort: DEFAULT_SORT,
    businessName: options.businessName ?? '',
  };
}

export function resetPage(query: BoardQuery): BoardQuery {
  return { ...query, offset: 0, pageIndex: 0 };
}

/** Any filter change starts again from the first page (spec §4). */
export function changeFilters(query: BoardQuery, patch: Partial<LeadFilters>): BoardQuery {
  return resetPage({ ...query, filters: { ...query.filters, ...patch } });
}

/** Back to default filters; page size, sort and business name are not filters and stay. */
export function clearAllFilters(query: BoardQuery): BoardQuery {
  return resetPage({ ...query, filters: defaultFilters() });
}

export function changeSort(query: BoardQuery, sort: SortOption): BoardQuery {
  return resetPage({ ...query, sort });
}

/** The unread toggle: off clears the filter rather than asking for read leads. */
export function setUnreadOnly(query: BoardQuery, on: boolean): BoardQuery {
  return changeFilters(query, { hasUnreadMessages: on ? true : null });
}

/**
 * A page move is acted on only when the page's first item exists (offset below totalCount,
 * spec §4); otherwise null, and nothing is fetched.
 */
export function goToPage(query: BoardQuery, pageIndex: number, totalCount: number): BoardQuery | null {
  if (!Number.isInteger(pageIndex) || pageIndex < 0) return null;
  const offset = pageIndex * query.limit;
  if (offset >= totalCount) return null;
  return { ...query, offset, pageIndex };
}

/** Customer-name search submits on Enter only for more than one non-blank character (spec §5). */
export function isSubmittableNameQuery(text: string): boolean {
  return text.trim().length > 1;
}

/** Filter change for a typed name; null when the text is too short to search. */
export function nameSearchPatch(text: string): Partial<LeadFilters> | null {
  if (!isSubmittableNameQuery(text)) return null;
  return { name: text.trim(), contactInformationIds: [] };
}

/** Filter change for a picked member suggestion: the name plus the member's contact ids. */
export function memberPatch(member: { readonly memberName: string; readonly contactInformationIds: readonly number[] }) {
  return { name: member.memberName, contactInformationIds: [...member.contactInformationIds] } satisfies Partial<LeadFilters>;
}

/**
 * Filter change for a picked location suggestion. The most specific part wins: a postal code
 * filters by postal code alone, otherwise city and state.
 */
export function locationPatch(location: {
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postalCode?: string | null;
}): Partial<LeadFilters> {
  const postalCode = location.postalCode?.trim();
  if (postalCode) return { postalCode, cityState: null };
  const city = location.city?.trim();
  const stateAbbr = location.state?.trim();
  if (city && stateAbbr) return { cityState: { city, stateAbbr }, postalCode: null };
  return { cityState: null, postalCode: null };
}

/** Adds a category once; picking it again changes nothing. */
export function addCategory(filters: LeadFilters, categoryId: number): Partial<LeadFilters> {
  return filters.categoryIds.includes(categoryId) ? {} : { categoryIds: [...filters.categoryIds, categoryId] };
}

export function toggleStatus(filters: LeadFilters, status: LeadStatus): Partial<LeadFilters> {
  const statuses = filters.serviceProviderLeadStatuses;
  return {
    serviceProviderLeadStatuses: statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status],
  };
}

// ---- Filter tags: one removable tag per active filter (spec §3: tagType, displayText, tagValue)

export type FilterTagType = 'status' | 'category' | 'dateRange' | 'location' | 'name' | 'archived' | 'unread';

/**
 * How a tag reads, without English in the domain: a catalogue key, the user's own data
 * (category, customer or place names), or a date range the UI formats (MM/DD/YYYY, with
 * 'Early' / 'Continuous' for open ends).
 */
export type FilterTagText =
  | { readonly kind: 'message'; readonly key: MessageKey }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'dateRange'; readonly startDate: string | null; readonly endDate: string | null };

export interface FilterTag {
  readonly tagType: FilterTagType;
  readonly displayText: FilterTagText;
  /** Identifies the tag within its type, e.g. the status or the category id. */
  readonly tagValue: string;
}

export interface FilterTagLabels {
  /** Category names come from the provider's categories; unknown ids read 'Category'. */
  readonly categoryName: (categoryId: number) => string | undefined;
  /** When given, a date range equal to a quick range reads as its name ('Last 7 Days'). */
  readonly today?: Date;
}

const message = (key: MessageKey): FilterTagText => ({ kind: 'message', key });
const text = (value: string): FilterTagText => ({ kind: 'text', text: value });

function locationText(cityState: CityState | null, postalCode: string | null): string {
  const place = cityState ? `${cityState.city}, ${cityState.stateAbbr}` : '';
  return [place, postalCode?.trim() ?? ''].filter(Boolean).join(' ');
}

export function filterTags(filters: LeadFilters, labels: FilterTagLabels): FilterTag[] {
  const tags: FilterTag[] = [];
  for (const status of filters.serviceProviderLeadStatuses) {
    tags.push({ tagType: 'status', displayText: message(leadStatusLabelKey(status)), tagValue: status });
  }
  for (const id of filters.categoryIds) {
    const name = labels.categoryName(id)?.trim();
    tags.push({ tagType: 'category', displayText: name ? text(name) : message('filters.category'), tagValue: String(id) });
  }
  const { startDate, endDate } = filters.dateRange;
  if (startDate || endDate) {
    const quick = labels.today ? matchQuickRange(fromBoardDateRange(filters.dateRange), BOARD_QUICK_RANGES, labels.today) : null;
    tags.push({
      tagType: 'dateRange',
      displayText: quick ? message(quick.labelKey) : { kind: 'dateRange', startDate, endDate },
      tagValue: `${startDate ?? ''}/${endDate ?? ''}`,
    });
  }
  const location = locationText(filters.cityState, filters.postalCode);
  if (location) tags.push({ tagType: 'location', displayText: text(location), tagValue: location });
  const name = filters.name?.trim();
  if (name || filters.contactInformationIds.length > 0) {
    // Ids without a name would be an invisible filter; show them under the generic 'Member'.
    tags.push({ tagType: 'name', displayText: name ? text(name) : message('lead.memberFallback'), tagValue: name ?? '' });
  }
  if (filters.archived) tags.push({ tagType: 'archived', displayText: message('filters.archived'), tagValue: 'true' });
  if (filters.hasUnreadMessages) {
    tags.push({ tagType: 'unread', displayText: message('filters.unreadTag'), tagValue: 'true' });
  }
  return tags;
}

/** The filters without the tag's filter; pass the result to `changeFilters`. */
export function removeFilterTag(filters: LeadFilters, tag: Pick<FilterTag, 'tagType' | 'tagValue'>): LeadFilters {
  switch (tag.tagType) {
    case 'status':
      return {
        ...filters,
        serviceProviderLeadStatuses: filters.serviceProviderLeadStatuses.filter((s) => s !== tag.tagValue),
      };
    case 'category':
      return { ...filters, categoryIds: filters.categoryIds.filter((id) => String(id) !== tag.tagValue) };
    case 'dateRange':
      return { ...filters, dateRange: { startDate: null, endDate: null } };
    case 'location':
      return { ...filters, cityState: null, postalCode: null };
    case 'name':
      return { ...filters, name: null, contactInformationIds: [] };
    case 'archived':
      return { ...filters, archived: false };
    case 'unread':
      return { ...filters, hasUnreadMessages: null };
  }
}

/** Whether the empty state should offer 'Clear All Filters' (some removable filter is on). */
export function hasActiveFilters(filters: LeadFilters): boolean {
  return filterTags(filters, { categoryName: () => undefined }).length > 0;
}
