import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import { createGatewayClient, type GatewayClient } from '../../../gateway/core/client';
import { WidgetShell } from '../../../runtime/widget-shell';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { deviceOutbox } from './outbox-engine';

/**
 * The offline outbox (docs/widgets/lead-board.md#offline-outbox): changes made offline stay on
 * their cards as 'Not sent yet', survive the board going away and coming back (a reload: the same
 * device's outbox), and are sent once, in order, with their idempotency keys, when the connection
 * is back; a lead changed on the gateway meanwhile is a conflict the pro decides.
 */

const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;
const STATUS_PATH = (leadId: number) => `/gateway/lead/office/v2/leads/${leadId}/status`;
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';

let online = true;
beforeAll(async () => {
  await preloadBoardParts();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
beforeEach(() => {
  online = true;
});
afterEach(async () => {
  cleanup();
  online = true;
  await deviceOutbox().clearAll();
});

function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const cardOf = (leadId: number) => cards().find((card) => Number(card.dataset.leadId) === leadId)!;

async function shownBoard() {
  const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(SHOWING, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The first card opens and is marked read (online): that call is not the test's; its answer
  // shown on the card before the test goes on (under load it lands well after the request).
  await waitFor(() => expect(view.received('POST', READ_PATH).length).toBe(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
  await within(cardOf(SANDBOX_LEADS.newest)).findByRole('button', { name: 'Read lead, mark as unread' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

/** The board shown again over the same gateway and device (a reload). */
async function reloaded(client: GatewayClient) {
  cleanup();
  const view = render(
    <WidgetShell owner={{}} host={new EventTarget()} catalogue={LEAD_BOARD_CATALOGUE} inputs={{ gateway: client }}>
      <LeadBoardRoot spId={1001} />
    </WidgetShell>,
  );
  await screen.findByText(SHOWING, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

/** Chooses a status in the open card's select and leaves it (sent at once). */
function chooseStatus(card: HTMLElement, label: string) {
  const select = within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Lead status' });
  const value = [...select.options].find((option) => option.text === label)!.value;
  fireEvent.change(select, { target: { value } });
  fireEvent.blur(select);
}

describe('the offline outbox', () => {
  const lead = SANDBOX_LEADS.newest; // New, first, open

  it("a status chosen offline stays as 'Not sent yet', survives a reload, and reaches the gateway once when back online", async () => {
    const view = await shownBoard();
    goOffline();
    chooseStatus(cardOf(lead), 'Contacted');
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(await screen.findByText('1 change waits for a connection', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(within(cardOf(lead)).getByRole('combobox', { name: 'Lead status' })).toHaveProperty('value', 'Selling');
    expect(view.received('POST', STATUS_PATH(lead))).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await deviceOutbox().list(1001)).map((entry) => entry.change)).toEqual([{ kind: 'status', status: 'Selling', base: 'Initial' }]);

    // The tab closes and opens again, still offline: the change is there, on its card.
    await reloaded(view.client);
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(cardOf(lead).querySelector('.lk-card__header .lk-status')?.textContent).toBe('Contacted');
    expect(view.received('POST', STATUS_PATH(lead))).toEqual([]);

    goOnline();
    await waitFor(() => expect(view.received('POST', STATUS_PATH(lead))).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    const [sent] = view.received('POST', STATUS_PATH(lead));
    expect(sent!.body).toEqual({ serviceProviderId: 1001, status: 'Selling' });
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.sandbox.store.lead(lead)!.assignments.find((a) => a.spId === 1001)!.status).toBe('Selling');
    expect(await deviceOutbox().list(1001)).toEqual([]);
    // Once: the connection coming back again sends nothing more.
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.received('POST', STATUS_PATH(lead))).toHaveLength(1);
  });

  it('sends the changes in the order they were made: a read toggle, then a status', async () => {
    const view = await shownBoard();
    const second = cards()[1]!;
    const secondId = Number(second.dataset.leadId);
    goOffline();
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'Read lead, mark as unread' }));
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    // Open the second card and choose its status.
    await userEvent.click(within(within(second).getByRole('heading', { level: 2 })).getByRole('button'));
    chooseStatus(cardOf(secondId), 'Scheduled');
    expect(await within(cardOf(secondId)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(await screen.findByText('2 changes wait for a connection', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    const before = view.sandbox.store.requests.length;

    goOnline();
    await waitFor(() => expect(view.received('POST', STATUS_PATH(secondId))).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    const writes = view.sandbox.store.requests
      .slice(before)
      .filter((request) => request.method === 'POST' && (request.path === READ_PATH || request.path.endsWith('/status')))
      .map((request) => [request.path, request.body]);
    expect(writes).toEqual([
      [READ_PATH, { leadId: lead, read: false }],
      [STATUS_PATH(secondId), { serviceProviderId: 1001, status: 'InProgressWon' }],
    ]);
    await waitFor(() => expect(screen.queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
  });

  it("'Your Notes' saved offline show as saved and 'Not sent yet'; back online the note reaches the gateway once", async () => {
    const view = await shownBoard();
    const card = cardOf(lead);
    goOffline();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Bring the long ladder');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(cardOf(lead)).findByText('Bring the long ladder', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(within(cardOf(lead)).getByText('Not sent yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const notePath = `/gateway/lead/office/v2/leads/${lead}/note`;
    expect(view.received('POST', notePath)).toEqual([]);
    goOnline();
    await waitFor(() => expect(view.received('POST', notePath)).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.received('POST', notePath)[0]!.body).toEqual({ serviceProviderId: 1001, note: 'Bring the long ladder' });
    await waitFor(() => expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
  });

  it('a lead archived offline leaves the list at once; the board says a change waits; back online it is archived once', async () => {
    const view = await shownBoard();
    const archivePath = '/gateway/lead/office/v1/leads/serviceprovider/1001/archive';
    goOffline();
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(cardOf(lead)).getByRole('menuitem', { name: 'Archive Lead' }));
    await waitFor(() => expect(cards().some((card) => Number(card.dataset.leadId) === lead)).toBe(false), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(await screen.findByText('1 change waits for a connection', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(view.received('POST', archivePath)).toEqual([]);
    goOnline();
    await waitFor(() => expect(view.received('POST', archivePath)).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.received('POST', archivePath)[0]!.body).toEqual({ serviceProviderId: 1001, leadId: lead, archived: true });
    await waitFor(() => expect(screen.queryByText(/waits? for a connection/)).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.sandbox.store.lead(lead)!.assignments.find((a) => a.spId === 1001)!.archived).toBe(true);
  });

  it('a change the gateway refuses once sent is dropped and said; the card shows the lead as the gateway has it', async () => {
    const view = await shownBoard();
    goOffline();
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'Read lead, mark as unread' }));
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    view.sandbox.faults.status(422, undefined, { route: 'POST /gateway/lead/office/v2/leads/serviceprovider/:id/read' });
    goOnline();
    expect((await screen.findByRole('alert', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).textContent).toContain(
      'A change you made offline could not be saved. Please make it again.',
    );
    await waitFor(() => expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(within(cardOf(lead)).getByRole('button', { name: 'Read lead, mark as unread' })).toBeTruthy();
    expect(await deviceOutbox().list(1001)).toEqual([]);
  });

  /** 'Contacted' chosen offline; meanwhile, on another device, the lead closed as won; back online: the conflict. */
  async function conflictShown() {
    const view = await shownBoard();
    goOffline();
    chooseStatus(cardOf(lead), 'Contacted');
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    view.sandbox.store.lead(lead)!.assignments.find((a) => a.spId === 1001)!.status = 'ClosedWon';
    goOnline();
    const conflict = await screen.findByRole('group', { name: 'Changed while you were offline' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    return { view, conflict };
  }

  it('a lead changed on the gateway meanwhile is a conflict: nothing is sent until the pro keeps their change', async () => {
    const { view, conflict } = await conflictShown();
    expect(conflict.textContent).toContain('This lead was changed while you were offline: its status is now Closed won.');
    expect(cardOf(lead).contains(conflict)).toBe(true);
    expect(view.received('POST', STATUS_PATH(lead))).toEqual([]);

    await userEvent.click(within(conflict).getByRole('button', { name: 'Keep my change' }));
    await waitFor(() => expect(view.received('POST', STATUS_PATH(lead))).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.received('POST', STATUS_PATH(lead))[0]!.body).toEqual({ serviceProviderId: 1001, status: 'Selling' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Changed while you were offline' })).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(await deviceOutbox().list(1001)).toEqual([]);
  });

  it("'Keep theirs' drops the change: nothing is sent and the card shows the gateway's status", async () => {
    const { view, conflict } = await conflictShown();
    await userEvent.click(within(conflict).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(within(cardOf(lead)).getByRole('combobox', { name: 'Lead status' })).toHaveProperty('value', 'ClosedWon'), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });
    expect(view.received('POST', STATUS_PATH(lead))).toEqual([]);
    expect(await deviceOutbox().list(1001)).toEqual([]);
  });

  it('signing out (the auth is no longer a provider’s) empties the outbox of this device', async () => {
    const view = await shownBoard();
    goOffline();
    chooseStatus(cardOf(lead), 'Contacted');
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(await deviceOutbox().list(1001)).toHaveLength(1);
    const signedOut = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: view.sandbox.fetch, auth: { kind: 'anonymous' } });
    view.rerender(
      <WidgetShell owner={{}} host={view.host} catalogue={LEAD_BOARD_CATALOGUE} inputs={{ gateway: signedOut }}>
        <LeadBoardRoot spId={1001} />
      </WidgetShell>,
    );
    await waitFor(async () => expect(await deviceOutbox().list(1001)).toEqual([]), { timeout: FIRST_PAGE_TIMEOUT_MS });
  });
});
