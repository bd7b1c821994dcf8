import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import { QuickReplyComposer } from './quick-reply/quick-reply-loader';
import { ARRIVALS_HIDDEN_MAX_DELAY_MS } from './arrivals/arrivals.logic';
import { NOTIFY_STORAGE_KEY } from './arrivals/notices.logic';
import type * as ArrivalsPart from './arrivals/arrivals-part';

/**
 * Every way to open a card (docs/architecture.md#board-view) — a tap, the first card by itself,
 * the next card after an archive, the board's own new-lead notification, the host's service
 * worker's `open-lead` message, the `reply` link — each through the board's view, each leaving
 * exactly one card open, its lead marked read once (what the gateway received) and the focus
 * where the pro goes on from.
 */

/** The new-leads part (notifications, the service worker's messages), or nothing in its place: `reply` needs none of it. */
const parts = vi.hoisted(() => ({ arrivals: true }));
vi.mock('./arrivals/arrivals-part', async (importOriginal) => {
  const part = await importOriginal<typeof ArrivalsPart>();
  return { ...part, Arrivals: (props: ArrivalsPart.ArrivalsProps) => (parts.arrivals ? createElement(part.Arrivals, props) : null) };
});

const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const COUNTS_PATH = '/gateway/lead/office/v1/leads/serviceProvider/1001/counts';

beforeAll(async () => {
  await preloadBoardParts();
  await QuickReplyComposer.preload();
});
afterEach(() => {
  cleanup();
  parts.arrivals = true;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem(NOTIFY_STORAGE_KEY);
});

type View = ReturnType<typeof renderWidget>;

const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const idOf = (card: HTMLElement) => Number(card.dataset.leadId);
const cardOf = (leadId: number) => cards().find((card) => idOf(card) === leadId) as HTMLElement;
const toggleOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .find((button) => button.hasAttribute('aria-expanded')) as HTMLButtonElement;
const unread = (card: HTMLElement) => within(card).queryByRole('button', { name: 'Unread lead, mark as read' }) !== null;
const openCards = () =>
  cards()
    .filter((card) => card.dataset.expanded === 'true')
    .map(idOf);
const reads = (view: View) => view.received('POST', READ_PATH).map((call) => call.body as { leadId: number; read: boolean });

async function shownBoard(props: Partial<Parameters<typeof LeadBoardRoot>[0]> = {}) {
  const view = renderWidget(<LeadBoardRoot spId={1001} {...props} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

/** The board went idle and fetched the other actions' code: the new-leads part came then (when it is there at all). */
async function idle() {
  await waitFor(() => expect(document.querySelector('[part~="lead-board"]')?.getAttribute('data-actions')).toBe('ready'), {
    timeout: FIRST_PAGE_TIMEOUT_MS,
  });
}

/** A frame and a task after it: what the board does after a card painted has been done. */
const afterPaint = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

/** `leadId`'s card alone is open, and its lead was marked read by one call, once. */
async function openedOnce(view: View, leadId: number) {
  await waitFor(() => expect(openCards()).toEqual([leadId]));
  await within(cardOf(leadId)).findByRole('button', { name: 'Read lead, mark as unread' });
  await afterPaint();
  expect(openCards()).toEqual([leadId]);
  expect(reads(view).filter((call) => call.leadId === leadId)).toEqual([{ leadId, read: true }]);
}

/** The quick answer open on `leadId`'s card, with the focus in it. */
async function focusInQuickAnswer(leadId: number) {
  const composer = await within(cardOf(leadId)).findByRole('region', { name: /^Quick reply to / });
  await waitFor(() => expect(composer.contains(document.activeElement)).toBe(true));
}

/** The browser's notifications, allowed, and the pro's 'Notify me of new leads' on: what was shown. */
function notificationsOn() {
  const shown: { notification: { onclick: ((event: Event) => void) | null }; data: { notices: { leadId: number }[] } }[] = [];
  class FakeNotification {
    static permission = 'granted';
    static requestPermission = async () => 'granted';
    onclick: ((event: Event) => void) | null = null;
    constructor(_title: string, options: { data: { notices: { leadId: number }[] } }) {
      shown.push({ notification: this, data: options.data });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  localStorage.setItem(NOTIFY_STORAGE_KEY, JSON.stringify({ 1001: true }));
  return shown;
}

describe('every way to open a card: one card open, marked read once, focus where it should be', () => {
  it('the first card, by itself: open in the first frame, marked read once it painted; the focus is left alone', async () => {
    const view = await shownBoard();
    const first = idOf(cards()[0] as HTMLElement);
    await openedOnce(view, first);
    expect(reads(view)).toEqual([{ leadId: first, read: true }]);
    expect(document.activeElement).toBe(document.body);
  });

  it('a tap: the tapped card opens in place of the open one, marked read once; the focus stays on its header', async () => {
    const view = await shownBoard();
    const first = idOf(cards()[0] as HTMLElement);
    await openedOnce(view, first);
    const tapped = cards().find((card, index) => index > 0 && unread(card)) as HTMLElement;
    await userEvent.click(toggleOf(tapped));
    await openedOnce(view, idOf(tapped));
    expect(reads(view)).toEqual([
      { leadId: first, read: true },
      { leadId: idOf(tapped), read: true },
    ]);
    expect(document.activeElement).toBe(toggleOf(tapped));
  });

  it('archive, then the next card: it opens in the archived one’s place, marked read once; the focus goes to its header', async () => {
    const view = await shownBoard();
    await openedOnce(view, idOf(cards()[0] as HTMLElement));
    // A card whose next one waits to be read: opened, then archived from its menu.
    const index = cards().findIndex((_, at) => at + 1 < cards().length && unread(cards()[at + 1] as HTMLElement));
    const archived = cards()[index] as HTMLElement;
    const next = idOf(cards()[index + 1] as HTMLElement);
    if (index > 0) await userEvent.click(toggleOf(archived));
    await waitFor(() => expect(openCards()).toEqual([idOf(archived)]));
    await userEvent.click(within(archived).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(archived).getByRole('menuitem', { name: 'Archive Lead' }));
    await waitFor(() => expect(cards().map(idOf)).not.toContain(idOf(archived)));
    await openedOnce(view, next);
    expect(document.activeElement).toBe(toggleOf(cardOf(next)));
  });

  it("the board's new-lead notification clicked: the new lead, asked for with it featured, opens with its quick answer focused, marked read once; the counts asked again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const shown = notificationsOn();
    const view = await shownBoard();
    await screen.findByRole('switch', { name: 'Notify me of new leads' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const { leadId } = view.sandbox.createLead({ serviceProviderId: 1001, firstName: 'Nell', lastName: 'New' });
    await act(() => vi.advanceTimersByTimeAsync(ARRIVALS_HIDDEN_MAX_DELAY_MS));
    await waitFor(() => expect(shown.map((notice) => notice.data.notices[0]?.leadId)).toEqual([leadId]));
    vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    await waitFor(() => expect(view.received('POST', COUNTS_PATH).length).toBeGreaterThan(0));
    const countsBefore = view.received('POST', COUNTS_PATH).length;
    const pagesBefore = view.received('POST', LEADS_PATH).length;
    await act(async () => {
      shown[0]?.notification.onclick?.(new Event('click', { cancelable: true }));
    });
    await focusInQuickAnswer(leadId);
    await openedOnce(view, leadId);
    expect(view.received('POST', LEADS_PATH).some((call) => (call.body as { featuredLeadId?: number }).featuredLeadId === leadId)).toBe(true);
    // The filters' counts follow the new lead ('Not answered yet' counts it); the page is asked once.
    await waitFor(() => expect(view.received('POST', COUNTS_PATH).length).toBeGreaterThan(countsBefore));
    expect(view.received('POST', LEADS_PATH).length).toBe(pagesBefore + 1);
  }, 60_000);

  it("the host's service worker's `open-lead`: the lead on screen opens with its quick answer focused, marked read once, nothing asked again", async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
    const view = await shownBoard();
    await idle();
    await waitFor(() => expect(document.querySelector('[part="notify-new-leads"]')).not.toBeNull());
    await openedOnce(view, idOf(cards()[0] as HTMLElement));
    const leadId = idOf(cards().find((card, index) => index > 0 && unread(card)) as HTMLElement);
    const asked = view.received('POST', LEADS_PATH).length;
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { leadkit: 'open-lead', leadId, reply: true } }));
    });
    await focusInQuickAnswer(leadId);
    await openedOnce(view, leadId);
    expect(view.received('POST', LEADS_PATH)).toHaveLength(asked);
  });

  it('the `reply` link (with `lead-id`), the new-leads part never loaded: that lead opens with its quick answer focused, marked read once', async () => {
    parts.arrivals = false;
    // 300001: the newest lead, unread; `lead-id` features it, so it is the first card too (which opens by itself).
    const view = await shownBoard({ leadId: 300001, reply: true });
    await focusInQuickAnswer(300001);
    await openedOnce(view, 300001);
    await idle();
    expect(document.querySelector('[part="notify-new-leads"]')).toBeNull();
    expect(reads(view)).toEqual([{ leadId: 300001, read: true }]);
  });
});
