import { changeFilters, changeSort, clearAllFilters, goToPage, type BoardQuery, type LeadFilters } from '../../../domain/filters';
import type { SortOption } from '../../../domain/sort';
import { defaultQuery, openingQuery, requestKey, toLeadListRequest } from '../board-request';
import { NO_SELECTION, toggleSelection, type Selection } from './selection.logic';

/*
 * What the board's screen shows, as one value, and the one function that moves it on
 * (docs/architecture.md#board-view): the query (filters, sort, page), the open card and the quick
 * answer asked of it, the lead featured first, the leads selected — for the provider the host
 * named. React-, DOM- and gateway-free: the store holds it in one atom (view-atoms.ts), the page
 * fetched is derived from it (board-page.ts), and what the view cannot know itself — the leads on
 * screen, a page's total — comes in with the action that needs it.
 */

/** The host's attributes the view follows. */
export interface BoardInputs {
  readonly spId: number | null;
  /** `lead-id`: featured (first on the first page), and the lead `reply` opens. */
  readonly featuredLeadId: number | null;
  readonly newMessages: boolean;
  readonly pageSize: number | null;
}

export interface BoardView {
  readonly inputs: BoardInputs;
  /** Filters, sort and page: the host's opening query until the pro chooses another (`queryChosen`). */
  readonly query: BoardQuery;
  readonly queryChosen: boolean;
  /**
   * The open card: `undefined` while none was chosen (the first page's first card is open then, and
   * opens for good with `open-first`), `null` when the pro closed them all (or the query changed).
   */
  readonly open: number | null | undefined;
  /** A lead opened from outside that was not on the page on screen: featured in the request in place of `lead-id`. */
  readonly opened: number | null;
  /** A quick answer asked for from outside the card: the lead's card opens its composer, focus in it, and takes it (`reply-taken`). */
  readonly reply: { readonly leadId: number; readonly seq: number } | null;
  readonly selection: Selection;
}

export type ViewAction =
  /** The host's attributes: another provider starts afresh; the same one keeps what the pro chose. */
  | { readonly type: 'inputs'; readonly inputs: BoardInputs }
  /** Filters changed (a patch, or every filter), back to the first page. */
  | { readonly type: 'filters'; readonly patch: Partial<LeadFilters> }
  | { readonly type: 'sort'; readonly sort: SortOption }
  /** 'Clear All Filters': filters, sort and page size back to the board's defaults. */
  | { readonly type: 'clear-filters' }
  /** To a page, when it has a first item (`totalCount`: the page on screen's). */
  | { readonly type: 'page'; readonly pageIndex: number; readonly totalCount: number }
  /** A page came back empty though `totalCount` leads remain (its last were archived): the last page that has leads. */
  | { readonly type: 'page-empty'; readonly totalCount: number }
  /** The first page again (new leads asked for): the open card stays open. */
  | { readonly type: 'first-page' }
  /** A card's header tapped (`opensFirst`: the first page's first card, open while none was chosen). */
  | { readonly type: 'toggle'; readonly leadId: number; readonly opensFirst: boolean }
  /** The first page's first card opening by itself: only while none was chosen. */
  | { readonly type: 'open-first'; readonly leadId: number }
  /** A lead opened from outside (a notification, the service worker's `open-lead`, `reply`), with its quick answer. */
  | { readonly type: 'open-from-outside'; readonly leadId: number; readonly onScreen: boolean }
  /** The lead's card took the quick answer asked of it. */
  | { readonly type: 'reply-taken' }
  /** Leads leave the list (archived, restored): the open one's place goes to the next that stays (`shown`: the leads on screen, in order). */
  | { readonly type: 'archive'; readonly leaving: ReadonlySet<number>; readonly shown: readonly number[] }
  /** The archive of `reopen` failed: it opens again, unless the pro opened another card than `instead` meanwhile. */
  | { readonly type: 'archive-failed'; readonly reopen: number; readonly instead: number | null }
  /** A card's checkbox (`range`: the leads on screen, for a shift-click from the last one toggled). */
  | { readonly type: 'select'; readonly leadId: number; readonly selected: boolean; readonly range: readonly number[] | null }
  /** The bulk toolbar's: all on the page or none, or without the leads an action moved off the list. */
  | { readonly type: 'selection'; readonly selection: Selection };

const NO_INPUTS: BoardInputs = { spId: null, featuredLeadId: null, newMessages: false, pageSize: null };

/** A provider's board as it opens: its opening query, no card chosen, nothing selected. */
function openingView(inputs: BoardInputs): BoardView {
  return { inputs, query: openingQuery(inputs), queryChosen: false, open: undefined, opened: null, reply: null, selection: NO_SELECTION };
}

/** The view before the host's inputs arrive. */
export const INITIAL_VIEW: BoardView = openingView(NO_INPUTS);

/** The lead the board's request features: one opened from outside, else `lead-id`'s. */
export const featuredOf = (view: BoardView): number | null => view.opened ?? view.inputs.featuredLeadId;

/**
 * One card's share of the open card (`open`: BoardView.open): whether it is the open one, or null
 * while none was chosen (the first page's first card is then). A card reads its own
 * (list/board-lead-card.tsx), so opening a card renders that card and the one that closes.
 */
export const cardOpen = (open: number | null | undefined, leadId: number): boolean | null => (open === undefined ? null : open === leadId);

/** Two queries ask for the same page (the same leads call, apart from who asks): an equal query never refetches. */
const sameQuery = (a: BoardQuery, b: BoardQuery) => a === b || requestKey(0, toLeadListRequest(a, null, '')) === requestKey(0, toLeadListRequest(b, null, ''));

const sameInputs = (a: BoardInputs, b: BoardInputs) =>
  a.spId === b.spId && a.featuredLeadId === b.featuredLeadId && a.newMessages === b.newMessages && a.pageSize === b.pageSize;

/** Another query: the cards close (unless `keepCard`: the open one stays, when it is on the new page) and the selection empties. */
function withQuery(view: BoardView, query: BoardQuery | null, keepCard = false): BoardView {
  if (!query || sameQuery(view.query, query)) return view;
  return { ...view, query, queryChosen: true, open: keepCard ? view.open : null, selection: NO_SELECTION };
}

/** The board's view after `action`; the same view (identical) when it changes nothing. */
export function nextView(view: BoardView, action: ViewAction): BoardView {
  const { query } = view;
  switch (action.type) {
    case 'inputs': {
      const { inputs } = action;
      if (sameInputs(view.inputs, inputs)) return view;
      if (inputs.spId !== view.inputs.spId) return openingView(inputs);
      if (view.queryChosen) return { ...view, inputs };
      const opening = openingQuery(inputs);
      return { ...view, inputs, query: sameQuery(query, opening) ? query : opening };
    }
    case 'filters':
      return withQuery(view, changeFilters(query, action.patch));
    case 'sort':
      return withQuery(view, changeSort(query, action.sort));
    case 'clear-filters':
      return withQuery(view, clearAllFilters(query, defaultQuery(view.inputs)));
    case 'page':
      return withQuery(view, goToPage(query, action.pageIndex, action.totalCount));
    case 'page-empty': {
      const { totalCount } = action;
      if (totalCount === 0 || query.offset < totalCount) return view;
      const lastPage = Math.max(0, Math.ceil(totalCount / query.limit) - 1);
      return withQuery(view, { ...query, pageIndex: lastPage, offset: lastPage * query.limit });
    }
    case 'first-page':
      return query.offset === 0 ? view : withQuery(view, { ...query, pageIndex: 0, offset: 0 }, true);
    case 'toggle': {
      const isOpen = cardOpen(view.open, action.leadId) ?? action.opensFirst;
      return { ...view, open: isOpen ? null : action.leadId };
    }
    case 'open-first':
      return view.open === undefined ? { ...view, open: action.leadId } : view;
    case 'open-from-outside': {
      const { leadId } = action;
      // Not on the page on screen: the first page, afresh, with the lead featured (first, as `lead-id` makes it).
      const asked = action.onScreen ? view : nextView({ ...view, opened: leadId }, { type: 'first-page' });
      return { ...asked, open: leadId, reply: { leadId, seq: (view.reply?.seq ?? 0) + 1 } };
    }
    case 'reply-taken':
      return view.reply ? { ...view, reply: null } : view;
    case 'archive': {
      const { open } = view;
      const { leaving, shown } = action;
      if (open == null || !leaving.has(open)) return view;
      // The next lead that stays opens in the open one's place, or the one before it at the end of the page.
      const index = shown.indexOf(open);
      const staying = (leadId: number) => !leaving.has(leadId);
      const next = shown.slice(index + 1).find(staying) ?? shown.slice(0, Math.max(0, index)).reverse().find(staying) ?? null;
      return { ...view, open: next };
    }
    case 'archive-failed':
      return view.open === action.instead ? { ...view, open: action.reopen } : view;
    case 'select':
      return { ...view, selection: toggleSelection(view.selection, action.leadId, action.selected, action.range) };
    case 'selection':
      return { ...view, selection: action.selection };
  }
}
