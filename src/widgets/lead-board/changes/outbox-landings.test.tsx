import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import { FLAG_NAMES } from '../../../contract/flags';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { deviceOutbox } from './outbox-engine';

/**
 * The offline outbox keeps the spec's behaviour of each change (docs/widgets/lead-board.md#offline-outbox):
 * a ClosedWon chosen offline asks for a review once it lands (with the experiment on); a note the
 * gateway refuses once sent says the spec's notes-failure text and keeps the text; the bulk bar's
 * 'Mark as read/unread' goes through the outbox as a card's does (the board's one read action).
 */

const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const STATUS_PATH = (leadId: number) => `/gateway/lead/office/v2/leads/${leadId}/status`;
const NOTE_PATH = (leadId: number) => `/gateway/lead/office/v2/leads/${leadId}/note`;
const PROMPT = 'Before you close this lead, would you like to Request a Review from this customer?';

let online = true;
beforeAll(async () => {
  await preloadBoardParts();
  await import('../bulk/bulk-part');
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

async function shownBoard(options: Parameters<typeof renderWidget>[2] = {}) {
  const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, options);
  await screen.findByText(SHOWING, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  await waitFor(() => expect(view.received('POST', READ_PATH).length).toBe(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
  await within(cardOf(SANDBOX_LEADS.newest)).findByRole('button', { name: 'Read lead, mark as unread' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

function chooseStatus(card: HTMLElement, label: string) {
  const select = within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Lead status' });
  const value = [...select.options].find((option) => option.text === label)!.value;
  fireEvent.change(select, { target: { value } });
  fireEvent.blur(select);
}

describe('the offline outbox keeps the spec’s behaviour', () => {
  const lead = SANDBOX_LEADS.newest; // New, first, open

  it('a ClosedWon chosen offline opens the review-request prompt when it lands (experiment on)', async () => {
    const view = await shownBoard({ inputs: { flags: { [FLAG_NAMES.newReviewRequest]: true } } });
    goOffline();
    chooseStatus(cardOf(lead), 'Closed won');
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    // Not yet: the gateway has not taken it.
    expect(screen.queryByText(PROMPT)).toBeNull();
    goOnline();
    await waitFor(() => expect(view.received('POST', STATUS_PATH(lead))).toHaveLength(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    const prompt = await screen.findByRole('dialog', { name: 'Request a Review' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(within(prompt).getByText(PROMPT)).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'No thanks' })).toBeTruthy();
    expect(view.sandbox.store.lead(lead)!.assignments.find((a) => a.spId === 1001)!.status).toBe('ClosedWon');
  });

  it('a ClosedWon that lands with the experiment off opens no prompt; the card still offers a review', async () => {
    const view = await shownBoard();
    goOffline();
    chooseStatus(cardOf(lead), 'Closed won');
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    goOnline();
    await waitFor(() => expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(view.received('POST', STATUS_PATH(lead))).toHaveLength(1);
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(within(cardOf(lead)).getByRole('button', { name: 'Request a Review' })).toBeTruthy();
  });

  it('a note refused when sent from the outbox shows the spec’s notes-failure text and keeps the text in the editor', async () => {
    const view = await shownBoard();
    goOffline();
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'Edit' }));
    const editor = within(cardOf(lead)).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Bring the long ladder');
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'Save' }));
    expect(await within(cardOf(lead)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    view.sandbox.faults.status(400, undefined, { route: `POST ${NOTE_PATH(lead)}`, times: 1 });
    goOnline();
    expect(
      await within(cardOf(lead)).findByText('There was an error updating your notes. Please try again later.', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS }),
    ).toBeTruthy();
    expect(within(cardOf(lead)).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your Notes' }).value).toBe('Bring the long ladder');
    expect(view.received('POST', NOTE_PATH(lead)).map((request) => request.body)).toEqual([{ serviceProviderId: 1001, note: 'Bring the long ladder' }]);
    expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull();
    // Saving again (online) sends the kept text.
    await userEvent.click(within(cardOf(lead)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.received('POST', NOTE_PATH(lead))).toHaveLength(2), { timeout: FIRST_PAGE_TIMEOUT_MS });
    await waitFor(() => expect(view.sandbox.store.lead(lead)!.assignments.find((a) => a.spId === 1001)!.notes).toBe('Bring the long ladder'));
  });

  it('an offline bulk ‘Mark as unread’ is queued like a card’s: Not sent yet, then sent once each with its key; one lk-lead-read per lead', async () => {
    const view = await shownBoard();
    const heard: { leadId: number; read: boolean }[] = [];
    view.host.addEventListener('lk-lead-read', (event) => heard.push((event as CustomEvent<{ leadId: number; read: boolean }>).detail));
    const picks = cards().slice(0, 3);
    const targets = picks.filter((card) => card.dataset.read === 'true').map((card) => Number(card.dataset.leadId));
    expect(targets.length).toBeGreaterThan(0);
    goOffline();
    for (const card of picks) await userEvent.click(within(card).getByRole('checkbox', { name: /^Select lead from / }));
    const bar = await screen.findByRole('group', { name: 'Selected leads' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const before = view.received('POST', READ_PATH).length;
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark as unread' }));
    for (const leadId of targets) expect(await within(cardOf(leadId)).findByText('Not sent yet', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect((await deviceOutbox().list(1001)).map((entry) => entry.change)).toEqual(targets.map(() => ({ kind: 'read', read: false })));
    expect(view.received('POST', READ_PATH)).toHaveLength(before);
    expect(heard).toEqual(targets.map((leadId) => ({ leadId, read: false })));

    goOnline();
    await waitFor(() => expect(view.received('POST', READ_PATH).length).toBe(before + targets.length), { timeout: FIRST_PAGE_TIMEOUT_MS });
    const sent = view.received('POST', READ_PATH).slice(before);
    expect(sent.map((request) => (request.body as { leadId: number }).leadId).sort()).toEqual([...targets].sort());
    for (const request of sent) expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    for (const leadId of targets) expect(view.sandbox.store.lead(leadId)!.assignments.find((a) => a.spId === 1001)!.read).toBe(false);
    await waitFor(() => expect(screen.queryByText('Not sent yet')).toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
  });
});
