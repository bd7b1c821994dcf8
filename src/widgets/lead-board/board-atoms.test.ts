// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { boardInputsAtom, expandedLeadIdAtom } from './board-atoms';

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
