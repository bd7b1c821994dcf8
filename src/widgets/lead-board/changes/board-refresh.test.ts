import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient } from '../../../gateway/core/client';
import { clientAtom } from '../../../runtime/client-atom';
import { goToPageAtom, leadsAtom, leadsDataAtom, leadsReloadAtom } from '../board-page';
import { boardInputsAtom } from '../view/view-atoms';
import { chooseLeadStatusAtom, sendLeadStatusNowAtom } from './card-atoms';
import { countsViewAtom } from '../filters/count-atoms';

const LIST = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const COUNTS = 'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts';
const STATUS = 'POST /gateway/lead/office/v2/leads/:id/status';

/** The board's atoms over a store (no React), on the sandbox gateway. */
function setup() {
  const sandbox = createSandboxGateway({ latencyMs: 0 });
  // The list calls that left the client (a dropped one never reaches the sandbox's request log).
  let listCalls = 0;
  const fetch: typeof sandbox.fetch = (input, init) => {
    if (/\/leads\/serviceProvider\/1001$/.test(new URL(input instanceof Request ? input.url : String(input)).pathname)) listCalls += 1;
    return sandbox.fetch(input, init);
  };
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
  // Mounted as the board mounts them: a reload fetches at once.
  store.sub(leadsDataAtom, () => undefined);
  store.sub(countsViewAtom, () => undefined);
  return { sandbox, store, listCalls: () => listCalls };
}

describe('the page on screen, fetched again and failing (offline after a change)', () => {
  it('stays on screen, marked refreshFailed, with its counts; the next fetch that answers replaces it', async () => {
    const { sandbox, store, listCalls } = setup();
    const first = await store.get(leadsAtom);
    await expect.poll(() => store.get(countsViewAtom).state).toBe('counts');
    const counts = store.get(countsViewAtom);
    const lead = first.leads.find((candidate) => candidate.status === 'Initial')!;
    // The status call gets no answer, and neither does the page fetched again after it.
    sandbox.faults.drop({ route: STATUS, times: 1 });
    sandbox.faults.drop({ route: LIST, times: 1 });
    sandbox.faults.drop({ route: COUNTS, times: 1 });
    const outcome = store.set(chooseLeadStatusAtom, { lead, status: 'ClosedWon' });
    void store.set(sendLeadStatusNowAtom, lead.leadId);
    expect(await outcome).toBe('failed');
    await expect.poll(listCalls).toBe(2);
    const kept = await store.get(leadsAtom);
    expect(kept.refreshFailed).toBe(true);
    expect(kept.leads.map((shown) => shown.leadId)).toEqual(first.leads.map((shown) => shown.leadId));
    expect(kept.totalCount).toBe(first.totalCount);
    await expect.poll(() => sandbox.faults.list().length).toBe(0);
    expect(store.get(countsViewAtom)).toEqual(counts);
    // Back online: asked again, it answers.
    store.set(leadsReloadAtom, (n) => n + 1);
    const again = await store.get(leadsAtom);
    expect(listCalls()).toBe(3);
    expect(again.refreshFailed).toBeUndefined();
    expect(again.seq).toBeGreaterThan(first.seq);
  });

  it('a server error (503) fetching it again keeps it too', async () => {
    const { sandbox, store } = setup();
    const first = await store.get(leadsAtom);
    sandbox.faults.status(503, undefined, { route: LIST, times: 1 });
    store.set(leadsReloadAtom, (n) => n + 1);
    const kept = await store.get(leadsAtom);
    expect(kept).toEqual({ ...first, refreshFailed: true });
  });

  it('another page that fails is the list failure (nothing of it was on screen)', async () => {
    const { sandbox, store } = setup();
    await store.get(leadsAtom);
    await expect.poll(() => store.get(leadsDataAtom)).not.toBeNull();
    sandbox.faults.drop({ route: LIST, times: 1 });
    expect(store.set(goToPageAtom, 1)).toBe(true);
    await expect(store.get(leadsAtom)).rejects.toMatchObject({ kind: 'network' });
  });

  it('a 401 fetching it again is the failure (signing in again is the way on), not the old page', async () => {
    const { sandbox, store } = setup();
    await store.get(leadsAtom);
    sandbox.faults.status(401, undefined, { route: LIST, times: 1 });
    store.set(leadsReloadAtom, (n) => n + 1);
    await expect(store.get(leadsAtom)).rejects.toMatchObject({ kind: 'http', status: 401 });
  });
});
