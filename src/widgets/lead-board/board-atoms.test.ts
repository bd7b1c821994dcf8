import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { DEFAULT_FILTERS } from '../../domain/filters';
import {
  boardInputsAtom,
  boardQueryAtom,
  cardOpen,
  changeFiltersAtom,
  changeSortAtom,
  clearFiltersAtom,
  expandedLeadIdAtom,
  openFirstLeadAtom,
  selectionAtom,
  toggleLeadAtom,
} from './board-atoms';
import { NO_SELECTION } from './bulk/board-selection.logic';

describe('the open card (the first lead opens on mount)', () => {
  it("belongs to the provider it was opened on: another provider's board starts with none (its first lead opens)", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };
    store.set(boardInputsAtom, inputs);
    expect(store.get(expandedLeadIdAtom)).toBeUndefined();
    store.set(expandedLeadIdAtom, 300002);
    expect(store.get(expandedLeadIdAtom)).toBe(300002);
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(expandedLeadIdAtom)).toBeUndefined();
    store.set(expandedLeadIdAtom, null);
    expect(store.get(expandedLeadIdAtom)).toBeNull();
  });

  it("opens the first lead only while no card was opened or closed: a tap before the first page's own opening is not undone", () => {
    const store = createStore();
    store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    // A tap on the second card came first (between the list's first paint and the opening's effect).
    store.set(expandedLeadIdAtom, 300002);
    expect(store.set(openFirstLeadAtom, 300001)).toBe(false);
    expect(store.get(expandedLeadIdAtom)).toBe(300002);
    // All closed by a tap: stays closed.
    store.set(expandedLeadIdAtom, null);
    expect(store.set(openFirstLeadAtom, 300001)).toBe(false);
    expect(store.get(expandedLeadIdAtom)).toBeNull();
    // Nothing touched yet: the first lead opens.
    const fresh = createStore();
    fresh.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    expect(fresh.set(openFirstLeadAtom, 300001)).toBe(true);
    expect(fresh.get(expandedLeadIdAtom)).toBe(300001);
  });
});

describe("a card's header tapped (each card follows only whether it is the open one)", () => {
  const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };

  it('opens the tapped card and closes the open one; a tap on the open card closes it', () => {
    const store = createStore();
    store.set(boardInputsAtom, inputs);
    // None chosen yet: the first page's first card is the open one, so a tap on it closes it.
    expect(cardOpen(store.get(expandedLeadIdAtom), 300001)).toBeNull();
    expect(store.set(toggleLeadAtom, { leadId: 300001, firstLeadId: 300001 })).toBe(false);
    expect(store.get(expandedLeadIdAtom)).toBeNull();
    expect(cardOpen(store.get(expandedLeadIdAtom), 300001)).toBe(false);
    expect(store.set(toggleLeadAtom, { leadId: 300002, firstLeadId: 300001 })).toBe(true);
    expect([cardOpen(store.get(expandedLeadIdAtom), 300001), cardOpen(store.get(expandedLeadIdAtom), 300002)]).toEqual([false, true]);
    expect(store.set(toggleLeadAtom, { leadId: 300001, firstLeadId: 300001 })).toBe(true);
    expect([cardOpen(store.get(expandedLeadIdAtom), 300001), cardOpen(store.get(expandedLeadIdAtom), 300002)]).toEqual([true, false]);
    // A tap on another card while none was chosen opens it (the first closes).
    const fresh = createStore();
    fresh.set(boardInputsAtom, inputs);
    expect(fresh.set(toggleLeadAtom, { leadId: 300003, firstLeadId: 300001 })).toBe(true);
    expect(fresh.get(expandedLeadIdAtom)).toBe(300003);
  });

  it('changes the answer of the cards that open or close only', () => {
    const store = createStore();
    store.set(boardInputsAtom, inputs);
    store.set(expandedLeadIdAtom, 300001);
    // What each card answers (board-lead-card.tsx re-renders a card when its answer changes).
    const answers = () => [300001, 300002, 300003].map((leadId) => cardOpen(store.get(expandedLeadIdAtom), leadId));
    expect(answers()).toEqual([true, false, false]);
    store.set(toggleLeadAtom, { leadId: 300002, firstLeadId: 300001 });
    expect(answers()).toEqual([false, true, false]);
    // Another provider's board: nothing chosen there yet (its first lead opens).
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(expandedLeadIdAtom)).toBeUndefined();
    expect(answers()).toEqual([null, null, null]);
  });
});

describe('the bulk selection', () => {
  it("belongs to the provider it was made on: another provider's board (lead-app) shows none, even for a lead id both have", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };
    store.set(boardInputsAtom, inputs);
    store.set(selectionAtom, { ids: new Set([300001, 300002]), anchor: 300002 });
    expect([...store.get(selectionAtom).ids]).toEqual([300001, 300002]);
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(selectionAtom)).toEqual(NO_SELECTION);
    store.set(selectionAtom, { ids: new Set([300001]), anchor: 300001 });
    expect([...store.get(selectionAtom).ids]).toEqual([300001]);
  });
});

describe("'Clear All Filters' (resets everything to defaults)", () => {
  it("returns every filter, the sort, the page and the page size to the board's defaults — the host's page size as it is now", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: true, pageSize: 5 };
    store.set(boardInputsAtom, inputs);
    store.set(changeSortAtom, 'OldestNewest');
    store.set(changeFiltersAtom, { archived: true, categoryIds: [10002], postalCode: '80202' });
    // The host changes page-size meanwhile: the query keeps the size it had (a page of 5 on screen)…
    store.set(boardInputsAtom, { ...inputs, pageSize: 20 });
    expect(store.get(boardQueryAtom)).toMatchObject({ limit: 5, sort: 'OldestNewest' });
    store.set(clearFiltersAtom);
    // …until the board goes back to its defaults: the board's own (new-messages only said how it opens).
    expect(store.get(boardQueryAtom)).toEqual({ filters: DEFAULT_FILTERS, offset: 0, pageIndex: 0, limit: 20, sort: 'NewestOldest', businessName: '' });
  });

  it('without a page-size from the host, the default page size (10)', () => {
    const store = createStore();
    store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    store.set(changeSortAtom, 'OldestNewest');
    store.set(changeFiltersAtom, { hasUnreadMessages: true });
    store.set(clearFiltersAtom);
    expect(store.get(boardQueryAtom)).toMatchObject({ filters: DEFAULT_FILTERS, limit: 10, sort: 'NewestOldest', offset: 0, pageIndex: 0 });
  });
});
