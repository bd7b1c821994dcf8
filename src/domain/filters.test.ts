import { afterAll, describe, expect, it, vi } from 'vitest';
import { dayCountRange, toBoardDateRange } from './date-range';
import {
  DEFAULT_FILTERS,
  DEFAULT_PAGE_SIZE,
  GATEWAY_DEFAULT_PAGE_SIZE,
  type BoardQuery,
  type LeadFilters,
  changeFilters,
  changeSort,
  clearAllFilters,
  goToPage,
  hasActiveFilters,
  initialBoardQuery,
  newMessagesQueryFilters,
  notAnsweredOnly,
  resetPage,
  setNotAnsweredOnly,
} from './filters';
import { addCategory, isSubmittableNameQuery, locationPatch, memberPatch, nameSearchPatch } from './filter-patches';
import { filterTags, removeFilterTag, type FilterTag } from './filter-tags';

// Date-range tags compare local days; pin a zone so the expected ISO strings are fixed.
vi.stubEnv('TZ', 'America/New_York');
afterAll(() => {
  vi.unstubAllEnvs();
});

const categoryNames = new Map([
  [12, 'Plumbing'],
  [40, 'Roofing'],
]);
const labels = { categoryName: (id: number) => categoryNames.get(id) };

/** A query on page 3 with a custom sort, size and name, so resets are visible. */
function queryOnPage3(): BoardQuery {
  return {
    ...initialBoardQuery({ businessName: 'Acme Plumbing' }),
    offset: 20,
    pageIndex: 2,
    sort: 'OldestNewest',
    limit: 10,
  };
}

function everyFilterOn(): LeadFilters {
  return {
    serviceProviderLeadStatuses: ['Selling', 'ClosedWon'],
    archived: true,
    dateRange: { startDate: '2026-06-01T04:00:00.000Z', endDate: '2026-06-04T03:59:59.999Z' },
    categoryIds: [12, 99],
    name: 'Jane Doe',
    contactInformationIds: [501, 502],
    hasUnreadMessages: true,
    displayLead: true,
    cityState: { city: 'Denver', stateAbbr: 'CO' },
    postalCode: '80202',
  };
}

const tagOf = (tags: FilterTag[], type: FilterTag['tagType']) => tags.find((t) => t.tagType === type);

describe('defaults', () => {
  it('match the spec: nothing filtered, not archived, displayLead on', () => {
    expect(DEFAULT_FILTERS).toEqual({
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
    });
  });

  it('cannot be changed in place', () => {
    expect(() => DEFAULT_FILTERS.categoryIds.push(1)).toThrow(TypeError);
    expect(DEFAULT_FILTERS.categoryIds).toEqual([]);
  });

  it('page 10 leads at a time in board state and 5 at the gateway', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(GATEWAY_DEFAULT_PAGE_SIZE).toBe(5);
  });

  it('start the board on the first page, newest first', () => {
    expect(initialBoardQuery({ businessName: 'Acme' })).toEqual({
      filters: DEFAULT_FILTERS,
      offset: 0,
      pageIndex: 0,
      limit: 10,
      sort: 'NewestOldest',
      businessName: 'Acme',
    });
  });

  it('turn the unread filter on when the board opens with newMessages=true', () => {
    expect(newMessagesQueryFilters()).toEqual({ ...DEFAULT_FILTERS, hasUnreadMessages: true });
    expect(initialBoardQuery({ newMessages: true }).filters.hasUnreadMessages).toBe(true);
  });
});

describe('changeFilters', () => {
  it('applies the patch and goes back to the first page, keeping sort, size and name', () => {
    expect(changeFilters(queryOnPage3(), { categoryIds: [12] })).toEqual({
      ...queryOnPage3(),
      filters: { ...DEFAULT_FILTERS, categoryIds: [12] },
      offset: 0,
      pageIndex: 0,
    });
  });

  it('does not change the query it was given', () => {
    const query = queryOnPage3();
    changeFilters(query, { archived: true });
    expect(query).toEqual(queryOnPage3());
  });
});

describe('clearAllFilters', () => {
  it("returns to the board's defaults — every filter, the sort, the page and the page size — and keeps the business name", () => {
    const query = { ...queryOnPage3(), sort: 'ServiceProviderLeadStatusDesc' as const, filters: { ...everyFilterOn(), displayLead: false } };
    const defaults = initialBoardQuery({ limit: 5 });
    expect(clearAllFilters(query, defaults)).toEqual({ ...defaults, businessName: query.businessName });
    expect(clearAllFilters(query, defaults)).toMatchObject({ filters: DEFAULT_FILTERS, sort: 'NewestOldest', limit: 5, offset: 0, pageIndex: 0 });
  });
});

describe('resetPage and changeSort', () => {
  it('resetPage returns to page 0 and leaves the rest', () => {
    expect(resetPage(queryOnPage3())).toEqual({ ...queryOnPage3(), offset: 0, pageIndex: 0 });
  });

  it('changeSort sets the sort and returns to page 0', () => {
    expect(changeSort(queryOnPage3(), 'ServiceProviderLeadStatusDesc')).toEqual({
      ...queryOnPage3(),
      sort: 'ServiceProviderLeadStatusDesc',
      offset: 0,
      pageIndex: 0,
    });
  });
});

describe('goToPage', () => {
  const query = initialBoardQuery({ businessName: 'Acme' });

  it('moves to a page whose first item exists, with the matching offset', () => {
    expect(goToPage(query, 6, 64)).toEqual({ ...query, offset: 60, pageIndex: 6 });
    expect(goToPage(query, 0, 1)).toEqual({ ...query, offset: 0, pageIndex: 0 });
  });

  it('refuses a page starting at or past the total', () => {
    expect(goToPage(query, 7, 64)).toBeNull();
    expect(goToPage(query, 1, 10)).toBeNull();
    expect(goToPage(query, 0, 0)).toBeNull();
  });

  it('refuses negative or fractional pages', () => {
    expect(goToPage(query, -1, 64)).toBeNull();
    expect(goToPage(query, 1.5, 64)).toBeNull();
  });

  it('uses the query’s own page size', () => {
    const small = { ...query, limit: 5 };
    expect(goToPage(small, 2, 11)).toMatchObject({ offset: 10, pageIndex: 2 });
    expect(goToPage(small, 3, 15)).toBeNull();
  });
});

describe('customer name search', () => {
  it('submits only more than one non-blank character', () => {
    expect(isSubmittableNameQuery('')).toBe(false);
    expect(isSubmittableNameQuery('J')).toBe(false);
    expect(isSubmittableNameQuery('  J  ')).toBe(false);
    expect(isSubmittableNameQuery('Jo')).toBe(true);
    expect(isSubmittableNameQuery(' Jo ')).toBe(true);
  });

  it('filters by the trimmed name and drops ids of a previously picked member', () => {
    expect(nameSearchPatch('  Jane ')).toEqual({ name: 'Jane', contactInformationIds: [] });
    expect(nameSearchPatch(' J ')).toBeNull();
  });

  it('filters by a picked member’s name and contact ids', () => {
    const ids = [7, 8];
    const patch = memberPatch({ memberName: 'Jane Doe', contactInformationIds: ids });
    expect(patch).toEqual({ name: 'Jane Doe', contactInformationIds: [7, 8] });
    expect(patch.contactInformationIds).not.toBe(ids);
  });
});

describe('locationPatch', () => {
  it('prefers the postal code when the suggestion has one', () => {
    expect(locationPatch({ city: 'Denver', state: 'CO', postalCode: '80202' })).toEqual({
      postalCode: '80202',
      cityState: null,
    });
  });

  it('uses city and state otherwise', () => {
    expect(locationPatch({ city: 'Denver', state: 'CO', postalCode: '' })).toEqual({
      cityState: { city: 'Denver', stateAbbr: 'CO' },
      postalCode: null,
    });
  });

  it('clears the location for an incomplete suggestion', () => {
    expect(locationPatch({ city: 'Denver', state: null })).toEqual({ cityState: null, postalCode: null });
  });
});

describe('list toggles', () => {
  it('adds a category once', () => {
    const filters = { ...DEFAULT_FILTERS, categoryIds: [12] };
    expect(addCategory(filters, 40)).toEqual({ categoryIds: [12, 40] });
    expect(addCategory(filters, 12)).toEqual({});
  });
});

describe('filterTags', () => {
  it('shows no tags for the default filters, and none for displayLead', () => {
    expect(filterTags(DEFAULT_FILTERS, labels)).toEqual([]);
    expect(filterTags({ ...DEFAULT_FILTERS, displayLead: false }, labels)).toEqual([]);
  });

  it('makes one tag per active filter, one per status and per category', () => {
    expect(filterTags(everyFilterOn(), labels)).toEqual([
      { tagType: 'status', displayText: { kind: 'message', key: 'leadStatus.Selling' }, tagValue: 'Selling' },
      { tagType: 'status', displayText: { kind: 'message', key: 'leadStatus.ClosedWon' }, tagValue: 'ClosedWon' },
      { tagType: 'category', displayText: { kind: 'text', text: 'Plumbing' }, tagValue: '12' },
      { tagType: 'category', displayText: { kind: 'message', key: 'filters.category' }, tagValue: '99' },
      {
        tagType: 'dateRange',
        displayText: { kind: 'dateRange', startDate: '2026-06-01T04:00:00.000Z', endDate: '2026-06-04T03:59:59.999Z' },
        tagValue: '2026-06-01T04:00:00.000Z/2026-06-04T03:59:59.999Z',
      },
      { tagType: 'location', displayText: { kind: 'text', text: 'Denver, CO 80202' }, tagValue: 'Denver, CO 80202' },
      { tagType: 'name', displayText: { kind: 'text', text: 'Jane Doe' }, tagValue: 'Jane Doe' },
      { tagType: 'archived', displayText: { kind: 'message', key: 'filters.archived' }, tagValue: 'true' },
      { tagType: 'unread', displayText: { kind: 'message', key: 'filters.unreadTag' }, tagValue: 'true' },
    ]);
  });

  it('tags a range open at one end', () => {
    const filters = { ...DEFAULT_FILTERS, dateRange: { startDate: null, endDate: '2026-06-04T03:59:59.999Z' } };
    expect(tagOf(filterTags(filters, labels), 'dateRange')?.displayText).toEqual({
      kind: 'dateRange',
      startDate: null,
      endDate: '2026-06-04T03:59:59.999Z',
    });
  });

  it('names a date range equal to a quick range when today is known', () => {
    const today = new Date(2026, 5, 15, 9);
    const filters = { ...DEFAULT_FILTERS, dateRange: toBoardDateRange(dayCountRange('upToToday', 7, today)) };
    expect(tagOf(filterTags(filters, { ...labels, today }), 'dateRange')?.displayText).toEqual({
      kind: 'message',
      key: 'filters.last7Days',
    });
    const tomorrow = new Date(2026, 5, 16, 9);
    expect(tagOf(filterTags(filters, { ...labels, today: tomorrow }), 'dateRange')?.displayText.kind).toBe('dateRange');
  });

  it('tags a location by city and state alone, or postal code alone', () => {
    const cityOnly = { ...DEFAULT_FILTERS, cityState: { city: 'Austin', stateAbbr: 'TX' } };
    expect(tagOf(filterTags(cityOnly, labels), 'location')?.displayText).toEqual({ kind: 'text', text: 'Austin, TX' });
    const zipOnly = { ...DEFAULT_FILTERS, postalCode: '78701' };
    expect(tagOf(filterTags(zipOnly, labels), 'location')?.displayText).toEqual({ kind: 'text', text: '78701' });
  });

  it('ignores a blank name or postal code', () => {
    expect(filterTags({ ...DEFAULT_FILTERS, name: '  ', postalCode: '' }, labels)).toEqual([]);
  });

  it('keeps a member filter without a name visible as Member', () => {
    const filters = { ...DEFAULT_FILTERS, contactInformationIds: [5] };
    expect(tagOf(filterTags(filters, labels), 'name')?.displayText).toEqual({
      kind: 'message',
      key: 'lead.memberFallback',
    });
  });
});

describe('removeFilterTag', () => {
  const tags = filterTags(everyFilterOn(), labels);
  const remove = (type: FilterTag['tagType'], value?: string) => {
    const tag = tags.find((t) => t.tagType === type && (value === undefined || t.tagValue === value));
    if (!tag) throw new Error(`no ${type} tag`);
    return removeFilterTag(everyFilterOn(), tag);
  };

  it('removes just that status or category', () => {
    expect(remove('status', 'Selling')).toEqual({ ...everyFilterOn(), serviceProviderLeadStatuses: ['ClosedWon'] });
    expect(remove('category', '99')).toEqual({ ...everyFilterOn(), categoryIds: [12] });
  });

  it('clears the date range, the location (city, state and postal code), the name with its ids', () => {
    expect(remove('dateRange').dateRange).toEqual({ startDate: null, endDate: null });
    expect(remove('location')).toMatchObject({ cityState: null, postalCode: null });
    expect(remove('name')).toMatchObject({ name: null, contactInformationIds: [] });
  });

  it('turns off archived and unread', () => {
    expect(remove('archived').archived).toBe(false);
    expect(remove('unread').hasUnreadMessages).toBeNull();
  });

  it('leaves every other filter as it was', () => {
    expect(remove('dateRange')).toEqual({ ...everyFilterOn(), dateRange: { startDate: null, endDate: null } });
    expect(remove('archived')).toEqual({ ...everyFilterOn(), archived: false });
  });

  it('removing every tag gives the defaults back', () => {
    const cleared = tags.reduce((filters, tag) => removeFilterTag(filters, tag), everyFilterOn());
    expect(cleared).toEqual(DEFAULT_FILTERS);
  });
});

describe('hasActiveFilters', () => {
  it('is false for defaults and true once any filter is set', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, archived: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, categoryIds: [1] })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, dateRange: { startDate: '2026-01-01T05:00:00.000Z', endDate: null } })).toBe(true);
  });
});

describe("'Not answered yet' (the New leads alone)", () => {
  it('is on only while the status filter holds New alone', () => {
    expect(notAnsweredOnly(DEFAULT_FILTERS)).toBe(false);
    expect(notAnsweredOnly({ ...DEFAULT_FILTERS, serviceProviderLeadStatuses: ['Initial'] })).toBe(true);
    expect(notAnsweredOnly({ ...DEFAULT_FILTERS, serviceProviderLeadStatuses: ['Initial', 'Selling'] })).toBe(false);
    expect(notAnsweredOnly({ ...DEFAULT_FILTERS, serviceProviderLeadStatuses: ['Selling'] })).toBe(false);
  });

  it('on sets the status filter to New; off clears it', () => {
    expect(setNotAnsweredOnly(true)).toEqual({ serviceProviderLeadStatuses: ['Initial'] });
    expect(setNotAnsweredOnly(false)).toEqual({ serviceProviderLeadStatuses: [] });
  });
});
