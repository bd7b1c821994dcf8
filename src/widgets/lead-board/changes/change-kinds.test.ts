import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { createSandboxGateway, SANDBOX_LEADS } from '@leadkit/sandbox';
import { createGatewayClient } from '../../../gateway/core/client';
import { archiveLead, markLeadRead, updateLeadNote, updateLeadStatus } from '../../../gateway/office/calls';
import type { Lead } from '../../../gateway/office/schemas';
import { clientAtom } from '../../../runtime/client-atom';
import type { WidgetRuntime } from '../../../runtime/runtime';
import { boardHostAtom } from '../board-host';
import { leadsAtom, leadsDataAtom } from '../board-page';
import { boardInputsAtom } from '../view/view-atoms';
import { clearOutboxAtom, replayOutboxAtom, runLeadChange } from './change-engine';
import { CHANGE_KINDS, type LeadChangeValue } from './change-kinds';
import { mutationErrorAtom, refusedNotesAtom, reviewPromptDueAtom, statusFailuresAtom } from './change-outcomes';
import { patchesAtom, visibleLeads } from './lead-patches';
import { outboxEntriesAtom, queuedLeadsAtom } from './outbox-atoms';

/*
 * Every kind of lead change (change-kinds.ts) through the one engine (change-engine.ts), on the
 * sandbox gateway, the same six ways: saved online, refused and taken back, kept offline and sent
 * once with its key when the connection is back, met by a change made on the gateway meanwhile,
 * held by a 511 challenge and replayed once, and the host told once. A kind added to the table
 * without a row here does not type-check (CASES is a record of every kind).
 */

const SP = 1001;
const LEAD = SANDBOX_LEADS.newest;
type Kind = LeadChangeValue['kind'];

interface Case {
  /** The change to make on the lead as the gateway's page has it. */
  change(lead: Lead): LeadChangeValue;
  /** The gateway's route (for faults) and the path the call goes to. */
  route: string;
  path: string;
  /** What the gateway must receive. */
  body(lead: Lead): unknown;
  /** Whether the board shows the change on the lead (undefined: the lead left the list). */
  shows(shown: Lead | undefined, lead: Lead): boolean;
  /** The host's event, once. */
  event: { name: string; detail(lead: Lead): unknown } | null;
  /** Whether the board says the change failed (read after a refused online change). */
  failureSaid(store: ReturnType<typeof createStore>, outcome: string): boolean;
  /**
   * Another device changes the same field on the gateway meanwhile: a conflict (the gateway's
   * value), or nothing to send (it holds the change already: `conflict` null). `sentAgain`: the lead
   * is no longer on the board's page, so nothing tells it is done: sent (its call is idempotent).
   */
  meanwhile: { change(lead: Lead, client: ReturnType<typeof createGatewayClient>): Promise<unknown>; conflict: string | null; sentAgain?: true };
}

const OFFICE = '/gateway/lead/office';
const CASES: Record<Kind, Case> = {
  read: {
    change: (lead) => ({ kind: 'read', read: !lead.read }),
    route: `POST ${OFFICE}/v2/leads/serviceprovider/:id/read`,
    path: `${OFFICE}/v2/leads/serviceprovider/${SP}/read`,
    body: (lead) => ({ leadId: LEAD, read: !lead.read }),
    shows: (shown, lead) => shown?.read === !lead.read,
    event: { name: 'lk-lead-read', detail: (lead) => ({ leadId: LEAD, read: !lead.read }) },
    failureSaid: (store) => store.get(mutationErrorAtom)?.action === 'read',
    // Read flags have no conflict: the gateway already holding the flag is the change done.
    meanwhile: { change: (lead, client) => markLeadRead(client, SP, { leadId: LEAD, read: !lead.read }), conflict: null },
  },
  archive: {
    change: () => ({ kind: 'archive', archived: true }),
    route: `POST ${OFFICE}/v1/leads/serviceprovider/:id/archive`,
    path: `${OFFICE}/v1/leads/serviceprovider/${SP}/archive`,
    body: () => ({ serviceProviderId: SP, leadId: LEAD, archived: true }),
    shows: (shown) => shown === undefined,
    event: { name: 'lk-lead-archive', detail: () => ({ leadId: LEAD, archived: true }) },
    failureSaid: (store) => store.get(mutationErrorAtom)?.action === 'archive',
    meanwhile: { change: (_lead, client) => archiveLead(client, SP, { leadId: LEAD, archived: true }), conflict: null, sentAgain: true },
  },
  status: {
    change: (lead) => ({ kind: 'status', status: 'Selling', base: lead.status }),
    route: `POST ${OFFICE}/v2/leads/:id/status`,
    path: `${OFFICE}/v2/leads/${LEAD}/status`,
    body: () => ({ serviceProviderId: SP, status: 'Selling' }),
    shows: (shown) => shown?.status === 'Selling' && shown.read,
    event: { name: 'lk-lead-status-change', detail: () => ({ leadId: LEAD, status: 'Selling' }) },
    failureSaid: (store) => store.get(statusFailuresAtom).get(LEAD) === 1,
    meanwhile: { change: (_lead, client) => updateLeadStatus(client, LEAD, { serviceProviderId: SP, status: 'ClosedDidntWin' }), conflict: 'ClosedDidntWin' },
  },
  notes: {
    change: (lead) => ({ kind: 'notes', notes: 'Bring the ladder', base: lead.notes ?? null }),
    route: `POST ${OFFICE}/v2/leads/:id/note`,
    path: `${OFFICE}/v2/leads/${LEAD}/note`,
    body: () => ({ serviceProviderId: SP, note: 'Bring the ladder' }),
    shows: (shown) => shown?.notes === 'Bring the ladder',
    event: null,
    // The notes editor says it (the engine's outcome), with the text kept.
    failureSaid: (_store, outcome) => outcome === 'failed',
    meanwhile: { change: (_lead, client) => updateLeadNote(client, LEAD, { serviceProviderId: SP, note: 'Call after 5' }), conflict: 'Call after 5' },
  },
};

let online = true;
beforeEach(() => {
  online = true;
  vi.stubGlobal('navigator', Object.defineProperty({}, 'onLine', { get: () => online }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function setup() {
  const sandbox = createSandboxGateway({ latencyMs: 0 });
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: SP },
    retry: { retries: 0 },
    // The host's challenge: passed through the sandbox (docs/gateway.md#511-challenge).
    onChallenge: async ({ challengeId }) => (await sandbox.fetch(`/sandbox/challenge/${challengeId}/pass`, { method: 'POST' })).ok,
  });
  const other = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: SP }, retry: { retries: 0 } });
  const store = createStore();
  const events: { name: string; detail: unknown }[] = [];
  const emit: WidgetRuntime['emit'] = (name, detail) => {
    events.push({ name, detail });
    return true;
  };
  store.set(clientAtom, client);
  store.set(boardInputsAtom, { spId: SP, featuredLeadId: null, newMessages: false, pageSize: null });
  store.set(boardHostAtom, { emit });
  store.sub(leadsDataAtom, () => undefined);
  const page = await store.get(leadsAtom);
  const lead = page.leads.find((each) => each.leadId === LEAD)!;
  // The lead as the board shows it: the page (the latest, once a change's refetch is in) with the changes on it.
  const shown = async () => visibleLeads(await store.get(leadsAtom), store.get(patchesAtom)).leads.find((each) => each.leadId === LEAD);
  const sent = (path: string) => sandbox.store.requests.filter((request) => request.method === 'POST' && request.path === path && request.fault === null);
  return { sandbox, client, other, store, events, lead, shown, sent };
}

describe.each(Object.keys(CHANGE_KINDS) as Kind[])('a %s change, through the one engine', (kind) => {
  const test = CASES[kind];
  afterEach(async () => {
    await (await setup()).store.set(clearOutboxAtom);
  });

  it('online: shown at once, sent once, saved; the host told once', async () => {
    const { store, lead, shown, sent, events } = await setup();
    const outcome = runLeadChange(store.get, store.set, { leadId: LEAD, change: test.change(lead) });
    if (CHANGE_KINDS[kind].optimistic) expect(test.shows(await shown(), lead)).toBe(true);
    expect(await outcome).toBe('saved');
    expect(test.shows(await shown(), lead)).toBe(true);
    expect(sent(test.path).map((request) => request.body)).toEqual([test.body(lead)]);
    expect(events).toEqual(test.event ? [{ name: test.event.name, detail: test.event.detail(lead) }] : []);
  });

  it('refused: taken back alone, and the board says so', async () => {
    const { sandbox, store, lead, shown } = await setup();
    sandbox.faults.status(500, undefined, { route: test.route });
    const outcome = await runLeadChange(store.get, store.set, { leadId: LEAD, change: test.change(lead) });
    expect(outcome).toBe('failed');
    expect(await shown()).toEqual(lead);
    expect(test.failureSaid(store, outcome)).toBe(true);
  });

  it('offline: kept with its effects, then sent once with the same key when the connection is back', async () => {
    const { store, lead, shown, sent } = await setup();
    online = false;
    expect(await runLeadChange(store.get, store.set, { leadId: LEAD, change: test.change(lead) })).toBe('queued');
    expect(test.shows(await shown(), lead)).toBe(true);
    const [entry] = store.get(outboxEntriesAtom);
    expect(entry).toMatchObject({ leadId: LEAD, change: test.change(lead) });
    expect(sent(test.path)).toEqual([]);
    online = true;
    await store.set(replayOutboxAtom);
    await store.set(replayOutboxAtom);
    expect(sent(test.path).map((request) => [request.body, request.headers['idempotency-key']])).toEqual([[test.body(lead), entry!.idempotencyKey]]);
    expect(store.get(outboxEntriesAtom)).toEqual([]);
  });

  it('kept offline while the lead changed on the gateway: a conflict with the gateway’s value, or done when it holds the change', async () => {
    const { store, other, lead, sent } = await setup();
    online = false;
    await runLeadChange(store.get, store.set, { leadId: LEAD, change: test.change(lead) });
    await test.meanwhile.change(lead, other);
    const before = sent(test.path).length;
    online = true;
    await store.set(replayOutboxAtom);
    // Nothing of the pro's change is sent over the gateway's.
    expect(sent(test.path).length).toBe(before + (test.meanwhile.sentAgain ? 1 : 0));
    if (test.meanwhile.conflict === null) expect(store.get(outboxEntriesAtom)).toEqual([]);
    else expect(store.get(queuedLeadsAtom).get(LEAD)?.conflict).toEqual({ server: test.meanwhile.conflict });
  });

  it('held by a 511 challenge: shown meanwhile, replayed once after it with the same key, saved', async () => {
    const { sandbox, store, lead, shown, sent } = await setup();
    sandbox.faults.challenge({ route: test.route, times: 1 });
    expect(await runLeadChange(store.get, store.set, { leadId: LEAD, change: test.change(lead) })).toBe('saved');
    expect(test.shows(await shown(), lead)).toBe(true);
    const challenged = sandbox.store.requests.filter((request) => request.path === test.path && request.status === 511);
    const replayed = sent(test.path).filter((request) => request.status === 200);
    expect(challenged).toHaveLength(1);
    expect(replayed.map((request) => request.body)).toEqual([test.body(lead)]);
    expect(replayed[0]!.headers['idempotency-key']).toBe(challenged[0]!.headers['idempotency-key']);
  });
});

describe('what a kind does once saved or refused, from the outbox as live', () => {
  it('a ClosedWon saved asks for a review on its card; a refused status is said beside its select until one is saved', async () => {
    const { sandbox, store, lead } = await setup();
    sandbox.faults.status(500, undefined, { route: CASES.status.route, times: 1 });
    await runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'status', status: 'ClosedWon', base: lead.status } });
    expect(store.get(statusFailuresAtom).get(LEAD)).toBe(1);
    expect(store.get(reviewPromptDueAtom).has(LEAD)).toBe(false);
    await runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'status', status: 'ClosedWon', base: lead.status } });
    expect(store.get(statusFailuresAtom).has(LEAD)).toBe(false);
    expect(store.get(reviewPromptDueAtom).has(LEAD)).toBe(true);
  });

  it('notes kept offline that the gateway refuses once sent come back to the editor, and the banner says a kept change failed', async () => {
    const { sandbox, store, lead } = await setup();
    online = false;
    await runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'notes', notes: 'Gate code 4411', base: lead.notes ?? null } });
    sandbox.faults.status(422, undefined, { route: CASES.notes.route });
    online = true;
    await store.set(replayOutboxAtom);
    expect(store.get(refusedNotesAtom).get(LEAD)).toBe('Gate code 4411');
    expect(store.get(mutationErrorAtom)).toEqual({ leadId: LEAD, action: 'queued' });
  });

  it('a call that reached the gateway but lost its answer as the device went offline is kept with its first attempt’s key: applied once', async () => {
    const { sandbox, store, sent } = await setup();
    sandbox.faults.drop({ route: CASES.archive.route, afterHandling: true, times: 1 });
    const outcome = runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'archive', archived: true } });
    // The connection drops while the call is on its way.
    online = false;
    expect(await outcome).toBe('queued');
    online = true;
    await store.set(replayOutboxAtom);
    const keys = sandbox.store.requests.filter((request) => request.path === CASES.archive.path).map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(sent(CASES.archive.path)).toHaveLength(1);
  });

  it('a change the board makes itself (a card opened, read) tells the host nothing; a bulk one says no failure per lead', async () => {
    const { sandbox, store, lead, events } = await setup();
    await runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'read', read: !lead.read }, tell: false });
    expect(events).toEqual([]);
    sandbox.faults.status(500, undefined, { route: CASES.archive.route });
    expect(await runLeadChange(store.get, store.set, { leadId: LEAD, change: { kind: 'archive', archived: true }, quiet: true })).toBe('failed');
    expect(store.get(mutationErrorAtom)).toBeNull();
  });
});
