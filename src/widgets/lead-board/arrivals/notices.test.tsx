import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { QuickReplyComposer } from '../quick-reply/quick-reply-loader';
import { ARRIVALS_FIRST_DELAY_MS, ARRIVALS_HIDDEN_MAX_DELAY_MS } from './arrivals.logic';
import { NOTIFY_STORAGE_KEY } from './notices.logic';

/**
 * New leads told outside the board (docs/widgets/lead-board.md#new-lead-notifications), against
 * the in-process sandbox: the page title's count, 'Notify me of new leads' in its four states, one
 * notification for several leads, and a lead opened with its quick answer ready — from a
 * notification's click, `reply`, or the host's service worker's `open-lead` message. The page is
 * hidden the way the browser says it (`document.hidden`, `visibilityState`, `visibilitychange`);
 * the browser's Notification API is a stand-in that records what was shown.
 */
const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const HOST_TITLE = 'Office · Acme';
const S = 1000;

beforeAll(async () => {
  await preloadBoardParts();
  await QuickReplyComposer.preload();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  document.title = HOST_TITLE;
  // The board in view (happy-dom's observer never answers).
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem(NOTIFY_STORAGE_KEY);
});

/** The page out of sight (another tab, another app) or back, as the browser tells it. */
async function pageHidden(hidden: boolean) {
  vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

interface Shown {
  title: string;
  options: { body: string; tag: string; data: { notices: { leadId: number }[] } };
  notification: { onclick: ((event: Event) => void) | null; closed: boolean };
}

/** The browser's Notification API: its permission, the prompt's answer, what was shown. */
function browserNotifications(permission: 'default' | 'granted' | 'denied', answer: 'granted' | 'denied' = 'granted') {
  const shown: Shown[] = [];
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: string = permission;
    static requestPermission = requestPermission;
    onclick: ((event: Event) => void) | null = null;
    closed = false;
    constructor(title: string, options: Shown['options']) {
      shown.push({ title, options, notification: this });
    }
    close() {
      this.closed = true;
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

async function shownBoard(props: Partial<Parameters<typeof LeadBoardRoot>[0]> = {}) {
  const view = renderWidget(<LeadBoardRoot spId={1001} {...props} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The new-leads part is mounted (once the page is idle after the first card) and its effects ran.
  await waitFor(() => expect(view.container.querySelector('[part="notify-new-leads"]')).not.toBeNull());
  await waitFor(() => expect(view.container.querySelector('.lk-board__arrivals')).not.toBeNull());
  await act(async () => {});
  return view;
}

const leadCalls = (view: ReturnType<typeof renderWidget>) => view.received('POST', LEADS_PATH);

/** Moves the page's timers on and lets the checks they start answer. */
async function wait(view: ReturnType<typeof renderWidget>, ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await waitFor(() => expect(leadCalls(view).every((call) => call.status !== null)).toBe(true));
}

/** The quick answer open on `leadId`'s card, with the focus in it. */
async function quickAnswerReady(leadId: number) {
  const card = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`li[data-lead-id="${leadId}"]`);
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  const composer = await within(card).findByRole('region', { name: /^Quick reply to / });
  await waitFor(() => expect(composer.contains(document.activeElement)).toBe(true));
  expect(card.getAttribute('data-expanded')).toBe('true');
  return composer;
}

describe('the page title while new leads wait', () => {
  it("with title-count: counts the leads that arrived while the page was hidden before the host's title, checking on while hidden, and clears once the pro looks", async () => {
    browserNotifications('default');
    const view = await shownBoard({ titleCount: true });
    await pageHidden(true);
    view.sandbox.createLead({ serviceProviderId: 1001 });
    await wait(view, ARRIVALS_FIRST_DELAY_MS);
    expect(document.title).toBe(`(1) ${HOST_TITLE}`);
    view.sandbox.createLead({ serviceProviderId: 1001 });
    const asked = leadCalls(view).length;
    // Hidden, the checks go on (at most a minute apart).
    await wait(view, ARRIVALS_HIDDEN_MAX_DELAY_MS);
    expect(leadCalls(view).length).toBeGreaterThan(asked);
    expect(document.title).toBe(`(2) ${HOST_TITLE}`);
    await pageHidden(false);
    expect(document.title).toBe(HOST_TITLE);
    // Looked at, not shown: '2 new leads' stays for the pro to open.
    expect(screen.getByRole('button', { name: '2 new leads' })).toBeTruthy();
  }, 60_000);

  it('a bare board (no title-count), notifications off: hidden for ten minutes it sends no list call, and the title stays the host’s', async () => {
    browserNotifications('default');
    const view = await shownBoard();
    await pageHidden(true);
    view.sandbox.createLead({ serviceProviderId: 1001 });
    const asked = leadCalls(view).length;
    for (let minute = 0; minute < 10; minute++) await wait(view, 60 * S);
    expect(leadCalls(view).length).toBe(asked);
    expect(document.title).toBe(HOST_TITLE);
    // Shown again: the check skipped meanwhile comes now, once, and finds the lead.
    await pageHidden(false);
    await screen.findByRole('button', { name: '1 new lead' });
    expect(leadCalls(view).length).toBe(asked + 1);
  }, 60_000);

  it('a bare board leaves the title alone though a lead arrived that the pro has not looked at (another window focused); with title-count it is counted', async () => {
    browserNotifications('default');
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const bare = await shownBoard();
    bare.sandbox.createLead({ serviceProviderId: 1001 });
    await wait(bare, ARRIVALS_FIRST_DELAY_MS);
    await screen.findByRole('button', { name: '1 new lead' });
    expect(document.title).toBe(HOST_TITLE);
    cleanup();

    const counted = await shownBoard({ titleCount: true });
    counted.sandbox.createLead({ serviceProviderId: 1001 });
    await wait(counted, ARRIVALS_FIRST_DELAY_MS);
    await screen.findByRole('button', { name: '1 new lead' });
    expect(document.title).toBe(`(1) ${HOST_TITLE}`);
  }, 60_000);
});

describe('checks while the page is hidden', () => {
  it('notifications on (no title-count): they go on at the hidden pace, a minute apart, never faster', async () => {
    browserNotifications('granted');
    localStorage.setItem(NOTIFY_STORAGE_KEY, JSON.stringify({ 1001: true }));
    const view = await shownBoard();
    expect(screen.getByRole('switch', { name: 'Notify me of new leads' }).getAttribute('aria-checked')).toBe('true');
    await pageHidden(true);
    const asked = leadCalls(view).length;
    const perMinute: number[] = [];
    for (let minute = 0; minute < 10; minute++) {
      const before = leadCalls(view).length;
      await wait(view, ARRIVALS_HIDDEN_MAX_DELAY_MS);
      perMinute.push(leadCalls(view).length - before);
    }
    // Ten minutes hidden: a check in each (the first 30 s in), never two.
    expect(perMinute).toEqual(Array(10).fill(1));
    expect(leadCalls(view).length - asked).toBe(10);
  }, 60_000);
});

describe("'Notify me of new leads'", () => {
  it('where the browser has no notifications: says so and offers nothing else', async () => {
    vi.stubGlobal('Notification', undefined);
    await shownBoard();
    expect(screen.getByText('This browser can’t show notifications.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notify me of new leads' })).toBeNull();
  }, 60_000);

  it('blocked for the site: says so and offers nothing else', async () => {
    const { requestPermission } = browserNotifications('denied');
    await shownBoard();
    expect(screen.getByText(/^Notifications are blocked for this site\./)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notify me of new leads' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  }, 60_000);

  it('not asked yet: off, nothing asked on load; turned on, the browser asks once and it is on (kept for this provider)', async () => {
    const { requestPermission } = browserNotifications('default');
    await shownBoard();
    const control = screen.getByRole('switch', { name: 'Notify me of new leads' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A notification when a lead arrives while this page is in the background.',
    );
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(NOTIFY_STORAGE_KEY) ?? '{}')).toEqual({ 1001: true });
    // Off again by keyboard.
    control.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('false'));
    expect(JSON.parse(localStorage.getItem(NOTIFY_STORAGE_KEY) ?? '{}')).toEqual({});
  }, 60_000);

  it('refused at the prompt: says notifications are blocked, nothing else, and the focus goes there', async () => {
    browserNotifications('default', 'denied');
    await shownBoard();
    screen.getByRole('switch', { name: 'Notify me of new leads' }).focus();
    await userEvent.keyboard('{Enter}');
    const said = await screen.findByText(/^Notifications are blocked for this site\./);
    expect(screen.queryByRole('switch', { name: 'Notify me of new leads' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(said)).toBe(true));
  }, 60_000);

  it('allowed already: still off until the pro turns it on, without a prompt', async () => {
    const { requestPermission } = browserNotifications('granted');
    await shownBoard();
    const control = screen.getByRole('switch', { name: 'Notify me of new leads' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
    expect(requestPermission).not.toHaveBeenCalled();
  }, 60_000);
});

describe('the new-lead notification', () => {
  it('groups the leads that arrive while hidden into one (five leads, one tag), tells nothing of the customer, and opens the newest with its quick answer ready on a click', async () => {
    const { shown } = browserNotifications('granted');
    localStorage.setItem(NOTIFY_STORAGE_KEY, JSON.stringify({ 1001: true }));
    const view = await shownBoard();
    expect(screen.getByRole('switch', { name: 'Notify me of new leads' }).getAttribute('aria-checked')).toBe('true');
    // Shown while the page is visible: no notification.
    view.sandbox.createLead({ serviceProviderId: 1001, firstName: 'Vera', lastName: 'Visible' });
    await wait(view, ARRIVALS_FIRST_DELAY_MS);
    await screen.findByRole('button', { name: '1 new lead' });
    expect(shown).toEqual([]);

    await pageHidden(true);
    for (const name of ['Ada', 'Ben']) view.sandbox.createLead({ serviceProviderId: 1001, firstName: name, lastName: 'Quiet' });
    await wait(view, ARRIVALS_HIDDEN_MAX_DELAY_MS);
    expect(shown.map((notice) => notice.title)).toEqual(['2 new leads']);
    const ids = [1, 2, 3].map((n) => view.sandbox.createLead({ serviceProviderId: 1001, firstName: `Cy${n}`, lastName: 'Quiet' }).leadId);
    await wait(view, ARRIVALS_HIDDEN_MAX_DELAY_MS);
    expect(shown.map((notice) => notice.title)).toEqual(['2 new leads', '5 new leads']);
    // One notification: the same tag, the newer replacing the older.
    expect(new Set(shown.map((notice) => notice.options.tag))).toEqual(new Set(['leadkit-new-leads:1001']));
    const last = shown[1] as Shown;
    expect(last.options.body.split('\n')).toHaveLength(4);
    expect(last.options.body).toMatch(/\nand 2 more leads$/);
    expect(JSON.stringify(last)).not.toMatch(/Quiet|Ada|Ben|Cy\d|@|555/);
    const newest = Math.max(...ids);
    expect(last.options.data.notices[0]?.leadId).toBe(newest);

    // Clicked (the page still hidden): the page is focused and the newest lead opens, its quick answer ready.
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    await act(async () => {
      last.notification.onclick?.(new Event('click', { cancelable: true }));
    });
    expect(focus).toHaveBeenCalled();
    expect(last.notification.closed).toBe(true);
    await quickAnswerReady(newest);
    // Asked for with the lead featured (first), and marked read as an opened card is.
    expect(leadCalls(view).some((call) => (call.body as { featuredLeadId?: number }).featuredLeadId === newest)).toBe(true);
    await waitFor(() => expect(view.received('POST', READ_PATH).some((call) => (call.body as { leadId?: number }).leadId === newest)).toBe(true));
  }, 60_000);
});

describe('a lead opened from outside the board', () => {
  it('`reply` with `lead-id` (the route a notification opens): that lead, its quick answer ready', async () => {
    browserNotifications('default');
    await shownBoard({ leadId: 300002, reply: true });
    await quickAnswerReady(300002);
  }, 60_000);

  it('`reply` for an unread lead of the pro: one read call, not one for the first card and one for the reply', async () => {
    browserNotifications('default');
    // 300001: the newest lead, unread; `lead-id` makes it the first card too (it opens by itself).
    const view = await shownBoard({ leadId: 300001, reply: true });
    await quickAnswerReady(300001);
    const reads = () => view.received('POST', READ_PATH).filter((call) => (call.body as { leadId?: number }).leadId === 300001);
    await waitFor(() => expect(reads().length).toBeGreaterThan(0));
    // Both openings ran (the first card's after its paint, the reply's once the new-leads part came)
    // and the lead shows read: the server received one read.
    const card = document.querySelector<HTMLElement>('li[data-lead-id="300001"]') as HTMLElement;
    await within(card).findByRole('button', { name: 'Read lead, mark as unread' });
    await act(async () => {});
    expect(reads().map((call) => call.body)).toEqual([{ leadId: 300001, read: true }]);
  }, 60_000);

  it("the host's service worker's `open-lead` message: the lead on screen opens, its quick answer ready", async () => {
    browserNotifications('granted');
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
    const view = await shownBoard();
    const second = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'))[1] as HTMLElement;
    const leadId = Number(second.getAttribute('data-lead-id'));
    const asked = leadCalls(view).length;
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { leadkit: 'open-lead', leadId, reply: true } }));
      // Not leadkit's: nothing.
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'host-update' } }));
    });
    await quickAnswerReady(leadId);
    // On screen already: nothing asked again.
    expect(leadCalls(view).length).toBe(asked);
  }, 60_000);
});
