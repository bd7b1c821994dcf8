import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient } from '../../../gateway/core/client';
import { clientAtom } from '../../../runtime/client-atom';
import type { WidgetRuntime } from '../../../runtime/runtime';
import { boardHostAtom } from '../board-host';
import { leadsAtom, leadsDataAtom } from '../board-page';
import { boardInputsAtom, boardViewAtom, openLeadIdAtom } from '../view/view-atoms';
import { runBulkActionAtom } from '../bulk/bulk-atoms';
import { mutationErrorAtom } from './change-outcomes';
import { archiveLeadsAtom } from './lead-changes';

const ARCHIVE_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive';
const ARCHIVE_PATH = '/gateway/lead/office/v1/leads/serviceprovider/1001/archive';

/**
 * The board's one archive action (archiveLeadsAtom in lead-changes.ts) over a store, on the sandbox gateway: what the card
 * sends through it (lead-board.tsx) and what the bulk toolbar sends (bulk-atoms.ts), each fired
 * `lk-lead-archive` once per lead and sent one call per lead.
 */
async function setup() {
  const sandbox = createSandboxGateway({ latencyMs: 0 });
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(boardInputsAtom, { spId: 1001, featuredLeadId: null, newMessages: false, pageSize: null });
  store.sub(leadsDataAtom, () => undefined);
  const page = await store.get(leadsAtom);
  // The first lead is open, as on the board after its first page.
  store.set(boardViewAtom, { type: 'open-first', leadId: page.leads[0]!.leadId });
  const events: { name: string; detail: unknown }[] = [];
  const emit: WidgetRuntime['emit'] = (name, detail) => {
    events.push({ name, detail });
    return true;
  };
  // The element's emit, as the board sets it: the changes' engine tells the host.
  store.set(boardHostAtom, { emit });
  const archiveBodies = () =>
    sandbox.store.requests.filter((request) => request.method === 'POST' && request.path === ARCHIVE_PATH).map((request) => request.body);
  return { sandbox, store, leads: page.leads, events, archiveBodies };
}

describe('the archive action, from a card (one lead)', () => {
  it('fires lk-lead-archive once, sends one call, and opens the next lead in the open one’s place', async () => {
    const { store, leads, events, archiveBodies } = await setup();
    const [first, second] = leads;
    expect(await store.set(archiveLeadsAtom, { leads: [first!], archived: true })).toEqual([true]);
    expect(events).toEqual([{ name: 'lk-lead-archive', detail: { leadId: first!.leadId, archived: true } }]);
    expect(archiveBodies()).toEqual([{ serviceProviderId: 1001, leadId: first!.leadId, archived: true }]);
    expect(store.get(openLeadIdAtom)).toBe(second!.leadId);
    expect(store.get(mutationErrorAtom)).toBeNull();
  });

  it('when the call fails: the board says so, and the lead opens again as the pro left it', async () => {
    const { sandbox, store, leads, events } = await setup();
    sandbox.faults.status(500, undefined, { route: ARCHIVE_ROUTE });
    const [first] = leads;
    expect(await store.set(archiveLeadsAtom, { leads: [first!], archived: true })).toEqual([false]);
    expect(events).toEqual([{ name: 'lk-lead-archive', detail: { leadId: first!.leadId, archived: true } }]);
    expect(store.get(mutationErrorAtom)).toEqual({ leadId: first!.leadId, action: 'archive' });
    expect(store.get(openLeadIdAtom)).toBe(first!.leadId);
  });
});

describe('the archive action, from the bulk toolbar (runBulkActionAtom)', () => {
  it('fires lk-lead-archive once per lead and sends one call per lead; restore likewise', async () => {
    const { store, leads, events, archiveBodies } = await setup();
    const chosen = leads.slice(0, 3);
    expect(await store.set(runBulkActionAtom, { action: 'archive', leads: chosen })).toEqual([]);
    expect(events).toEqual(chosen.map(({ leadId }) => ({ name: 'lk-lead-archive', detail: { leadId, archived: true } })));
    expect(archiveBodies()).toEqual(expect.arrayContaining(chosen.map(({ leadId }) => ({ serviceProviderId: 1001, leadId, archived: true }))));
    expect(archiveBodies()).toHaveLength(3);
    // The open lead left with them: the next one that stays opened.
    expect(store.get(openLeadIdAtom)).toBe(leads[3]!.leadId);

    events.length = 0;
    expect(await store.set(runBulkActionAtom, { action: 'restore', leads: chosen.slice(0, 2) })).toEqual([]);
    expect(events).toEqual(chosen.slice(0, 2).map(({ leadId }) => ({ name: 'lk-lead-archive', detail: { leadId, archived: false } })));
    expect(archiveBodies().slice(3)).toEqual(
      expect.arrayContaining(chosen.slice(0, 2).map(({ leadId }) => ({ serviceProviderId: 1001, leadId, archived: false }))),
    );
    expect(archiveBodies()).toHaveLength(5);
  });

  it('fires no lk-lead-archive for marking read or unread: the read action fires one lk-lead-read per lead it changes', async () => {
    const { store, leads, events } = await setup();
    const chosen = leads.slice(0, 2);
    const changing = chosen.filter((lead) => lead.read);
    await store.set(runBulkActionAtom, { action: 'unread', leads: chosen });
    expect(events.filter((event) => event.name === 'lk-lead-archive')).toEqual([]);
    expect(events).toEqual(changing.map(({ leadId }) => ({ name: 'lk-lead-read', detail: { leadId, read: false } })));
  });

  it('when the calls fail: no banner per lead (the toolbar sums up), and the open card stays where the action moved it', async () => {
    const { sandbox, store, leads, events } = await setup();
    sandbox.faults.status(500, undefined, { route: ARCHIVE_ROUTE });
    const chosen = leads.slice(0, 2);
    expect((await store.set(runBulkActionAtom, { action: 'archive', leads: chosen })).sort()).toEqual(chosen.map(({ leadId }) => leadId).sort());
    expect(events).toHaveLength(2);
    expect(store.get(mutationErrorAtom)).toBeNull();
    expect(store.get(openLeadIdAtom)).toBe(leads[2]!.leadId);
  });
});
