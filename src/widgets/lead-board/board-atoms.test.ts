// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { boardInputsAtom, expandedLeadIdAtom, selectionAtom } from './board-atoms';
import { NO_SELECTION } from './board-selection.logic';

describe('the open card (§2: the first lead opens on mount)', () => {
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
});

describe('the bulk selection (issue 18 §2)', () => {
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
