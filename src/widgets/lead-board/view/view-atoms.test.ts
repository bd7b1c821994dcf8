import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { DEFAULT_FILTERS } from '../../../domain/filters';
import { cardOpen } from './board-view.logic';
import { NO_SELECTION } from './selection.logic';
import { boardInputsAtom, boardQueryAtom, boardViewAtom, openLeadIdAtom, selectionAtom } from './view-atoms';

/** A card's header tapped, as the card does it (`opensFirst`: the first page's first card, 300001 here); whether it opened. */
const tap = (store: ReturnType<typeof createStore>, leadId: number) => {
  store.set(boardViewAtom, { type: 'toggle', leadId, opensFirst: leadId === 300001 });
  return store.get(openLeadIdAtom) === leadId;
};
/** The first page's first card opening by itself; whether it opened. */
const openFirst = (store: ReturnType<typeof createStore>, leadId: number) => {
  const before = store.get(openLeadIdAtom);
  store.set(boardViewAtom, { type: 'open-first', leadId });
  return store.get(openLeadIdAtom) !== before;
};

describe('the open card (the first lead opens on mount)', () => {
  it("belongs to the provider it was opened on: another provider's board starts with none (its first lead opens)", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };
    store.set(boardInputsAtom, inputs);
    expect(store.get(openLeadIdAtom)).toBeUndefined();
    tap(store, 300002);
    expect(store.get(openLeadIdAtom)).toBe(300002);
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(openLeadIdAtom)).toBeUndefined();
    // Its first card (open while none was chosen) tapped: all closed, for that provider.
    tap(store, 300001);
    expect(store.get(openLeadIdAtom)).toBeNull();
  });

  it("opens the first lead only while no card was opened or closed: a tap before the first page's own opening is not undone", () => {
    const store = createStore();
    store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    // A tap on the second card came first (between the list's first paint and the opening's effect).
    tap(store, 300002);
    expect(openFirst(store, 300001)).toBe(false);
    expect(store.get(openLeadIdAtom)).toBe(300002);
    // All closed by a tap: stays closed.
    tap(store, 300002);
    expect(openFirst(store, 300001)).toBe(false);
    expect(store.get(openLeadIdAtom)).toBeNull();
    // Nothing touched yet: the first lead opens.
    const fresh = createStore();
    fresh.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    expect(openFirst(fresh, 300001)).toBe(true);
    expect(fresh.get(openLeadIdAtom)).toBe(300001);
  });
});

describe("a card's header tapped (each card follows only whether it is the open one)", () => {
  const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };

  it('opens the tapped card and closes the open one; a tap on the open card closes it', () => {
    const store = createStore();
    store.set(boardInputsAtom, inputs);
    // None chosen yet: the first page's first card is the open one, so a tap on it closes it.
    expect(cardOpen(store.get(openLeadIdAtom), 300001)).toBeNull();
    expect(tap(store, 300001)).toBe(false);
    expect(store.get(openLeadIdAtom)).toBeNull();
    expect(cardOpen(store.get(openLeadIdAtom), 300001)).toBe(false);
    expect(tap(store, 300002)).toBe(true);
    expect([cardOpen(store.get(openLeadIdAtom), 300001), cardOpen(store.get(openLeadIdAtom), 300002)]).toEqual([false, true]);
    expect(tap(store, 300001)).toBe(true);
    expect([cardOpen(store.get(openLeadIdAtom), 300001), cardOpen(store.get(openLeadIdAtom), 300002)]).toEqual([true, false]);
    // A tap on another card while none was chosen opens it (the first closes).
    const fresh = createStore();
    fresh.set(boardInputsAtom, inputs);
    expect(tap(fresh, 300003)).toBe(true);
    expect(fresh.get(openLeadIdAtom)).toBe(300003);
  });

  it('changes the answer of the cards that open or close only', () => {
    const store = createStore();
    store.set(boardInputsAtom, inputs);
    openFirst(store, 300001);
    // What each card answers (board-lead-card.tsx re-renders a card when its answer changes).
    const answers = () => [300001, 300002, 300003].map((leadId) => cardOpen(store.get(openLeadIdAtom), leadId));
    expect(answers()).toEqual([true, false, false]);
    tap(store, 300002);
    expect(answers()).toEqual([false, true, false]);
    // Another provider's board: nothing chosen there yet (its first lead opens).
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(openLeadIdAtom)).toBeUndefined();
    expect(answers()).toEqual([null, null, null]);
  });
});

describe('the bulk selection', () => {
  it("belongs to the provider it was made on: another provider's board (lead-app) shows none, even for a lead id both have", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null };
    store.set(boardInputsAtom, inputs);
    for (const leadId of [300001, 300002]) store.set(boardViewAtom, { type: 'select', leadId, selected: true, range: null });
    expect(store.get(selectionAtom)).toEqual({ ids: new Set([300001, 300002]), anchor: 300002 });
    store.set(boardInputsAtom, { ...inputs, spId: 1003 });
    expect(store.get(selectionAtom)).toEqual(NO_SELECTION);
    store.set(boardViewAtom, { type: 'select', leadId: 300001, selected: true, range: null });
    expect([...store.get(selectionAtom).ids]).toEqual([300001]);
  });
});

describe("'Clear All Filters' (resets everything to defaults)", () => {
  it("returns every filter, the sort, the page and the page size to the board's defaults — the host's page size as it is now", () => {
    const store = createStore();
    const inputs = { spId: 1001, featuredLeadId: null, newMessages: true, pageSize: 5 };
    store.set(boardInputsAtom, inputs);
    store.set(boardViewAtom, { type: 'sort', sort: 'OldestNewest' });
    store.set(boardViewAtom, { type: 'filters', patch: { archived: true, categoryIds: [10002], postalCode: '80202' } });
    // The host changes page-size meanwhile: the query keeps the size it had (a page of 5 on screen)…
    store.set(boardInputsAtom, { ...inputs, pageSize: 20 });
    expect(store.get(boardQueryAtom)).toMatchObject({ limit: 5, sort: 'OldestNewest' });
    store.set(boardViewAtom, { type: 'clear-filters' });
    // …until the board goes back to its defaults: the board's own (new-messages only said how it opens).
    expect(store.get(boardQueryAtom)).toEqual({ filters: DEFAULT_FILTERS, offset: 0, pageIndex: 0, limit: 20, sort: 'NewestOldest', businessName: '' });
  });

  it('without a page-size from the host, the default page size (10)', () => {
    const store = createStore();
    store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
    store.set(boardViewAtom, { type: 'sort', sort: 'OldestNewest' });
    store.set(boardViewAtom, { type: 'filters', patch: { hasUnreadMessages: true } });
    store.set(boardViewAtom, { type: 'clear-filters' });
    expect(store.get(boardQueryAtom)).toMatchObject({ filters: DEFAULT_FILTERS, limit: 10, sort: 'NewestOldest', offset: 0, pageIndex: 0 });
  });
});
