/**
 * Filter tags (tagType, displayText, tagValue): one removable tag per active filter.
 * Apart from filters.ts so the board's first load (which needs the query rules) does not carry
 * the tag texts and date-range matching the filter panel (loaded lazily) needs.
 */
import type { MessageKey } from '../i18n/en-US';
import { BOARD_QUICK_RANGES, fromBoardDateRange, matchQuickRange } from './date-range';
import type { CityState, LeadFilters } from './filters';
import { leadStatusLabelKey } from './lead-status';

type FilterTagType = 'status' | 'category' | 'dateRange' | 'location' | 'name' | 'archived' | 'unread';

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
