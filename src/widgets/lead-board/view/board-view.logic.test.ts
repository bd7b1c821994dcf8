import { describe, expect, it } from 'vitest';
import { featuredOf, INITIAL_VIEW, nextView, type BoardInputs, type BoardView, type ViewAction } from './board-view.logic';
import { NO_SELECTION } from './selection.logic';

/**
 * The board's view (board-view.logic.ts), action by action, against the states that matter: none
 * chosen (the board as it opens), one open (a card opened, a lead selected), another provider
 * (the same store after `<lead-app>` moved to another provider's board), and away from the page
 * (the second page, a card open there). Leads 300001–300010 are the first page, 300011–300020 the
 * second; 300001 is the first page's first card.
 */
const INPUTS: BoardInputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };
const FIRST_PAGE = [300001, 300002, 300003, 300004, 300005];

const run = (view: BoardView, ...actions: ViewAction[]) => actions.reduce(nextView, view);

const noneChosen = run(INITIAL_VIEW, { type: 'inputs', inputs: INPUTS });
const oneOpen = run(
  noneChosen,
  { type: 'open-first', leadId: 300001 },
  { type: 'toggle', leadId: 300002, opensFirst: false },
  { type: 'select', leadId: 300003, selected: true, range: null },
);
const anotherProvider = run(oneOpen, { type: 'inputs', inputs: { ...INPUTS, spId: 1003 } });
const awayFromPage = run(
  noneChosen,
  { type: 'page', pageIndex: 1, totalCount: 25 },
  { type: 'toggle', leadId: 300012, opensFirst: false },
  { type: 'select', leadId: 300011, selected: true, range: null },
);

const STATES = { noneChosen, oneOpen, anotherProvider, awayFromPage };
type State = keyof typeof STATES;

/** What the screen shows of a view. */
interface Shown {
  spId: number | null;
  open: number | null | undefined;
  page: number;
  limit: number;
  featured: number | null;
  reply: number | null;
  selected: number[];
}
const shown = (view: BoardView): Shown => ({
  spId: view.inputs.spId,
  open: view.open,
  page: view.query.pageIndex,
  limit: view.query.limit,
  featured: featuredOf(view),
  reply: view.reply?.leadId ?? null,
  selected: [...view.selection.ids].sort(),
});

/** 'same': the very view back (nothing refetches, nothing renders); else what changes of what the state showed. */
type Expected = 'same' | Partial<Shown>;

const TABLE: { action: ViewAction; name: string; expected: Record<State, Expected> }[] = [
  {
    name: 'the host changes page-size: followed until the pro chose a query',
    action: { type: 'inputs', inputs: { ...INPUTS, pageSize: 20 } },
    expected: { noneChosen: { limit: 20 }, oneOpen: { limit: 20 }, anotherProvider: { spId: 1001, limit: 20 }, awayFromPage: {} },
  },
  {
    name: 'another provider: its board starts afresh',
    action: { type: 'inputs', inputs: { ...INPUTS, spId: 1004 } },
    expected: {
      noneChosen: { spId: 1004 },
      oneOpen: { spId: 1004, open: undefined, selected: [] },
      anotherProvider: { spId: 1004 },
      awayFromPage: { spId: 1004, open: undefined, page: 0, selected: [] },
    },
  },
  {
    name: 'the same inputs again',
    action: { type: 'inputs', inputs: { ...INPUTS } },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: { spId: 1001 }, awayFromPage: 'same' },
  },
  {
    name: 'a filter: the first page, the cards closed, nothing selected',
    action: { type: 'filters', patch: { archived: true } },
    expected: {
      noneChosen: { open: null },
      oneOpen: { open: null, selected: [] },
      anotherProvider: { open: null },
      awayFromPage: { open: null, page: 0, selected: [] },
    },
  },
  {
    name: 'a filter as it is already: on the first page the same query (nothing refetched); away from it, the first page',
    action: { type: 'filters', patch: { archived: false } },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: 'same', awayFromPage: { open: null, page: 0, selected: [] } },
  },
  {
    name: 'another sort',
    action: { type: 'sort', sort: 'OldestNewest' },
    expected: {
      noneChosen: { open: null },
      oneOpen: { open: null, selected: [] },
      anotherProvider: { open: null },
      awayFromPage: { open: null, page: 0, selected: [] },
    },
  },
  {
    name: "'Clear All Filters' where nothing is to clear but the page",
    action: { type: 'clear-filters' },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: 'same', awayFromPage: { open: null, page: 0, selected: [] } },
  },
  {
    name: 'to the second page',
    action: { type: 'page', pageIndex: 1, totalCount: 25 },
    expected: {
      noneChosen: { open: null, page: 1 },
      oneOpen: { open: null, page: 1, selected: [] },
      anotherProvider: { open: null, page: 1 },
      awayFromPage: 'same',
    },
  },
  {
    name: 'to a page without a first item',
    action: { type: 'page', pageIndex: 3, totalCount: 25 },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: 'same', awayFromPage: 'same' },
  },
  {
    name: 'a page came back empty with 8 leads left: the last page that has leads',
    action: { type: 'page-empty', totalCount: 8 },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: 'same', awayFromPage: { open: null, page: 0, selected: [] } },
  },
  {
    name: 'the first page again (new leads): the open card stays',
    action: { type: 'first-page' },
    expected: { noneChosen: 'same', oneOpen: 'same', anotherProvider: 'same', awayFromPage: { page: 0, selected: [] } },
  },
  {
    name: "a tap on the first page's first card",
    action: { type: 'toggle', leadId: 300001, opensFirst: true },
    expected: { noneChosen: { open: null }, oneOpen: { open: 300001 }, anotherProvider: { open: null }, awayFromPage: { open: 300001 } },
  },
  {
    name: 'a tap on the second card',
    action: { type: 'toggle', leadId: 300002, opensFirst: false },
    expected: { noneChosen: { open: 300002 }, oneOpen: { open: null }, anotherProvider: { open: 300002 }, awayFromPage: { open: 300002 } },
  },
  {
    name: 'the first card opening by itself: only while none was chosen',
    action: { type: 'open-first', leadId: 300001 },
    expected: { noneChosen: { open: 300001 }, oneOpen: 'same', anotherProvider: { open: 300001 }, awayFromPage: 'same' },
  },
  {
    name: 'opened from outside, on the page on screen: opens there, its quick answer asked for',
    action: { type: 'open-from-outside', leadId: 300002, onScreen: true },
    expected: {
      noneChosen: { open: 300002, reply: 300002 },
      oneOpen: { reply: 300002 },
      anotherProvider: { open: 300002, reply: 300002 },
      awayFromPage: { open: 300002, reply: 300002 },
    },
  },
  {
    name: 'opened from outside, not on the page: the first page with it featured',
    action: { type: 'open-from-outside', leadId: 300099, onScreen: false },
    expected: {
      noneChosen: { open: 300099, featured: 300099, reply: 300099 },
      oneOpen: { open: 300099, featured: 300099, reply: 300099 },
      anotherProvider: { open: 300099, featured: 300099, reply: 300099 },
      awayFromPage: { open: 300099, featured: 300099, reply: 300099, page: 0, selected: [] },
    },
  },
  {
    name: 'the open lead archived: the next one that stays opens',
    action: { type: 'archive', leaving: new Set([300002]), shown: FIRST_PAGE },
    expected: { noneChosen: 'same', oneOpen: { open: 300003 }, anotherProvider: 'same', awayFromPage: 'same' },
  },
  {
    name: 'a checkbox with shift: the range from the last one toggled (a plain toggle without one on screen)',
    action: { type: 'select', leadId: 300005, selected: true, range: FIRST_PAGE },
    expected: {
      noneChosen: { selected: [300005] },
      oneOpen: { selected: [300003, 300004, 300005] },
      anotherProvider: { selected: [300005] },
      awayFromPage: { selected: [300005, 300011] },
    },
  },
  {
    name: "the bulk toolbar's selection ('Select all on this page')",
    action: { type: 'selection', selection: { ids: new Set(FIRST_PAGE), anchor: null } },
    expected: {
      noneChosen: { selected: FIRST_PAGE },
      oneOpen: { selected: FIRST_PAGE },
      anotherProvider: { selected: FIRST_PAGE },
      awayFromPage: { selected: FIRST_PAGE },
    },
  },
  {
    name: "the bulk toolbar's selection emptied ('Clear selection')",
    action: { type: 'selection', selection: NO_SELECTION },
    expected: { noneChosen: {}, oneOpen: { selected: [] }, anotherProvider: {}, awayFromPage: { selected: [] } },
  },
];

describe('the board view: every action against the states that matter', () => {
  it('the states are what they say', () => {
    expect(shown(noneChosen)).toEqual({ spId: 1001, open: undefined, page: 0, limit: 10, featured: null, reply: null, selected: [] });
    expect(shown(oneOpen)).toEqual({ spId: 1001, open: 300002, page: 0, limit: 10, featured: null, reply: null, selected: [300003] });
    expect(shown(anotherProvider)).toEqual({ spId: 1003, open: undefined, page: 0, limit: 10, featured: null, reply: null, selected: [] });
    expect(shown(awayFromPage)).toEqual({ spId: 1001, open: 300012, page: 1, limit: 10, featured: null, reply: null, selected: [300011] });
  });

  describe.each(TABLE)('$name', ({ action, expected }) => {
    it.each(Object.keys(STATES) as State[])('from %s', (state) => {
      const view = STATES[state];
      const next = nextView(view, action);
      const want = expected[state];
      if (want === 'same') expect(next).toBe(view);
      else expect(shown(next)).toEqual({ ...shown(view), ...want });
    });
  });

  it('what asks for no other page keeps the query as it was (the page fetched follows the query, not a tap)', () => {
    const actions: ViewAction[] = [
      { type: 'toggle', leadId: 300002, opensFirst: false },
      { type: 'open-first', leadId: 300001 },
      { type: 'open-from-outside', leadId: 300002, onScreen: true },
      { type: 'reply-taken' },
      { type: 'archive', leaving: new Set([300002]), shown: FIRST_PAGE },
      { type: 'select', leadId: 300004, selected: true, range: FIRST_PAGE },
      { type: 'selection', selection: NO_SELECTION },
    ];
    for (const view of Object.values(STATES)) for (const action of actions) expect(nextView(view, action).query).toBe(view.query);
  });
});

describe('the board view: sequences', () => {
  it('archive, then the next card; the archive failed: the lead opens again — unless the pro opened another meanwhile', () => {
    const archived = nextView(oneOpen, { type: 'archive', leaving: new Set([300002]), shown: FIRST_PAGE });
    expect(archived.open).toBe(300003);
    expect(nextView(archived, { type: 'archive-failed', reopen: 300002, instead: 300003 }).open).toBe(300002);
    const movedOn = nextView(archived, { type: 'toggle', leadId: 300004, opensFirst: false });
    expect(nextView(movedOn, { type: 'archive-failed', reopen: 300002, instead: 300003 })).toBe(movedOn);
  });

  it('the last lead of the page archived opens the one before it; every lead of the page archived closes the card', () => {
    const last = run(noneChosen, { type: 'toggle', leadId: 300005, opensFirst: false });
    expect(nextView(last, { type: 'archive', leaving: new Set([300004, 300005]), shown: FIRST_PAGE }).open).toBe(300003);
    expect(nextView(last, { type: 'archive', leaving: new Set(FIRST_PAGE), shown: FIRST_PAGE }).open).toBeNull();
  });

  it('`reply` with `lead-id` before the first page: its card opens with the quick answer, the page asked stays the same (nothing fetched twice); the card takes the answer once', () => {
    const linked = run(INITIAL_VIEW, { type: 'inputs', inputs: { ...INPUTS, featuredLeadId: 300007 } });
    const replied = nextView(linked, { type: 'open-from-outside', leadId: 300007, onScreen: false });
    expect(replied.query).toBe(linked.query);
    expect(featuredOf(replied)).toBe(featuredOf(linked));
    expect(replied.open).toBe(300007);
    expect(replied.reply).toEqual({ leadId: 300007, seq: 1 });
    // The first page's own opening then changes nothing.
    expect(nextView(replied, { type: 'open-first', leadId: 300007 })).toBe(replied);
    const taken = nextView(replied, { type: 'reply-taken' });
    expect(taken.reply).toBeNull();
    expect(nextView(taken, { type: 'reply-taken' })).toBe(taken);
  });

  it('a lead opened from outside stays featured for its provider, over `lead-id`; another provider features its own', () => {
    const opened = run(noneChosen, { type: 'open-from-outside', leadId: 300099, onScreen: false });
    const linked = nextView(opened, { type: 'inputs', inputs: { ...INPUTS, featuredLeadId: 300007 } });
    expect(featuredOf(linked)).toBe(300099);
    expect(featuredOf(nextView(linked, { type: 'inputs', inputs: { ...INPUTS, spId: 1003, featuredLeadId: 300007 } }))).toBe(300007);
  });

  it("a query chosen by the pro is kept when the host's inputs change, and 'Clear All Filters' goes to the host's defaults as they are now", () => {
    const chosen = run(noneChosen, { type: 'sort', sort: 'OldestNewest' }, { type: 'inputs', inputs: { ...INPUTS, pageSize: 20, newMessages: true } });
    expect([chosen.query.sort, chosen.query.limit]).toEqual(['OldestNewest', 10]);
    const cleared = nextView(chosen, { type: 'clear-filters' });
    expect([cleared.query.sort, cleared.query.limit, cleared.query.filters.hasUnreadMessages]).toEqual(['NewestOldest', 20, null]);
  });
});
