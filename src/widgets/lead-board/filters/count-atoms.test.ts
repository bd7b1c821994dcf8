import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient, type GatewayClientConfig } from '../../../gateway/core/client';
import type { LeadCountsContext } from '../../../gateway/office/lead-counts-schema';
import { clientAtom } from '../../../runtime/client-atom';
import { goToPageAtom, leadsAtom } from '../board-page';
import { boardInputsAtom, boardViewAtom } from '../view/view-atoms';
import { chooseLeadStatusAtom, sendLeadStatusNowAtom } from '../changes/card-atoms';
import { countsViewAtom, idleCountsViewAtom, type CountsView } from './count-atoms';

/** The counts' atoms over a store, as the board wires them (no React): what they show, what the sandbox received. */
function setup(gateway: Partial<GatewayClientConfig> = {}) {
  const sandbox = createSandboxGateway({ latencyMs: 0 });
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    ...gateway,
  });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
  const seen: CountsView[] = [];
  const unsubscribe = store.sub(countsViewAtom, () => seen.push(store.get(countsViewAtom)));
  seen.push(store.get(countsViewAtom));
  const counted = () => sandbox.store.requests.filter((request) => request.path.endsWith('/counts'));
  const shown = async () => {
    await expect.poll(() => store.get(countsViewAtom).state).not.toBe('loading');
    return store.get(countsViewAtom);
  };
  return { sandbox, store, seen, counted, shown, unsubscribe };
}

describe('the board counts (count-atoms)', () => {
  it('load once, then show; a filter change shows none of the old numbers while the new ones load', async () => {
    const { store, counted, shown } = setup();
    expect(store.get(countsViewAtom)).toEqual({ state: 'loading' });
    const first = await shown();
    expect(first.state).toBe('counts');
    expect(counted()).toHaveLength(1);
    store.set(boardViewAtom, { type: 'filters', patch: { archived: true } });
    expect(store.get(countsViewAtom)).toEqual({ state: 'loading' });
    const archived = await shown();
    expect(counted()).toHaveLength(2);
    expect((counted()[1]!.body as { filters: { archived: boolean } }).filters.archived).toBe(true);
    expect(archived).not.toEqual(first);
  });

  it('do not ask again for a page or a sort: the counts are the same', async () => {
    const { store, counted, shown } = setup();
    await shown();
    await store.get(leadsAtom);
    store.set(boardViewAtom, { type: 'sort', sort: 'OldestNewest' });
    store.set(goToPageAtom, 1);
    await store.get(leadsAtom);
    expect(store.get(countsViewAtom).state).toBe('counts');
    expect(counted()).toHaveLength(1);
  });

  it('ask again once a status change settled, keeping the old numbers meanwhile (no flicker)', async () => {
    const { store, counted, shown, seen } = setup();
    const before = await shown();
    const { leads } = await store.get(leadsAtom);
    const lead = leads.find((candidate) => candidate.status === 'Initial')!;
    const statesBefore = seen.length;
    const outcome = store.set(chooseLeadStatusAtom, { lead, status: 'ClosedWon' });
    void store.set(sendLeadStatusNowAtom, lead.leadId);
    expect(await outcome).toBe('saved');
    await expect.poll(() => counted().length).toBe(2);
    await expect.poll(() => store.get(countsViewAtom)).not.toEqual(before);
    const after = store.get(countsViewAtom);
    if (before.state !== 'counts' || after.state !== 'counts') throw new Error('expected counts');
    expect(after.counts.statusCounts.ClosedWon).toBe(before.counts.statusCounts.ClosedWon + 1);
    expect(after.counts.statusCounts.Initial).toBe(before.counts.statusCounts.Initial - 1);
    expect(seen.slice(statesBefore).some((view) => view.state === 'loading')).toBe(false);
  });

  it('show none after a failure, and counts again when the next call answers', async () => {
    const { sandbox, store, shown } = setup();
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts', times: 1 });
    expect((await shown()).state).toBe('none');
    store.set(boardViewAtom, { type: 'filters', patch: { hasUnreadMessages: true } });
    expect((await shown()).state).toBe('counts');
  });

  it("never show another provider's counts", async () => {
    const { store, shown } = setup();
    await shown();
    store.set(boardInputsAtom, { spId: 1003, featuredLeadId: null, newMessages: false, pageSize: null });
    expect(store.get(countsViewAtom)).toEqual({ state: 'loading' });
  });
});

describe("the board counts from the host's leadCounts (the spec has no counts call)", () => {
  const HOST_COUNTS = { statusCounts: { Initial: 7, ContactAndQualify: 1, Selling: 2, InProgressWon: 0, ClosedWon: 4, ClosedDidntWin: 3 }, unreadCount: 5 };

  it("a function: asked with the provider and the list call's filters, its counts shown; the sandbox gets no counts call", async () => {
    const asked: LeadCountsContext[] = [];
    const { store, counted, shown } = setup({ leadCounts: async (context) => (asked.push(context), HOST_COUNTS) });
    expect(await shown()).toEqual({ state: 'counts', counts: expect.objectContaining(HOST_COUNTS) });
    store.set(boardViewAtom, { type: 'filters', patch: { archived: true } });
    await expect.poll(() => asked.length).toBe(2);
    expect(asked.map(({ serviceProviderId, filters }) => ({ serviceProviderId, filters }))).toEqual([
      { serviceProviderId: 1001, filters: expect.objectContaining({ archived: false, displayLead: true }) },
      { serviceProviderId: 1001, filters: expect.objectContaining({ archived: true, displayLead: true }) },
    ]);
    expect(asked[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(counted()).toEqual([]);
  });

  it('a function whose answer does not fit the counts (or that fails): no counts, as when the call fails', async () => {
    for (const leadCounts of [async () => ({ statusCounts: { Initial: -1 }, unreadCount: 'many' }), () => Promise.reject(new Error('down'))]) {
      const { shown, counted } = setup({ leadCounts: leadCounts as never });
      expect(await shown()).toEqual({ state: 'none' });
      expect(counted()).toEqual([]);
    }
  });

  it('`false`: none once the first page is shown (before it, the places kept as with counts: the idle view never reads the client), and nothing asked', async () => {
    const { store, seen, counted } = setup({ leadCounts: false });
    expect(store.get(idleCountsViewAtom)).toEqual({ state: 'loading' });
    await store.get(leadsAtom);
    store.set(boardViewAtom, { type: 'filters', patch: { archived: true } });
    await store.get(leadsAtom);
    expect(seen.every((view) => view.state === 'none')).toBe(true);
    expect(counted()).toEqual([]);
  });
});
