import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, recordingFetch, type Responder } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from '../../gateway/core/client';
import type { GatewayAuth } from '../../gateway/core/auth';
import type { RouteBuilders } from '../../domain/core/routes';
import { WidgetShell } from '../../runtime/widget-shell';
import { LeadPageRoot, type LeadPageProps } from './lead-page';
import { LEAD_PAGE_CATALOGUE } from './lead-page-messages';

const info = {
  title: 'Water heater replacement',
  description: 'Old tank leaks.',
  urgency: 'Within a week',
  category: { id: 10002, name: 'Water Heater Installation' },
  attributes: [
    { questionText: 'Fuel type?', answerText: 'Gas' },
    { questionText: 'Tank size?', answerText: '40 gallons' },
  ],
};
const purchasedV2 = {
  leadId: 42,
  purchased: true,
  info,
  address: { lineOne: '12 Elm St', lineTwo: null, city: 'Denver', state: 'CO', postalCode: '80202' },
  customerInfo: { firstName: 'Ann', lastName: 'Lee' },
  user: { phone: '3035550100', email: 'ann@example.com' },
};
const unavailable = { leadId: 43, purchased: false, info: { ...info, description: '' }, address: { city: 'Denver', state: 'CO', postalCode: '80202' } };

function renderPage(
  responder: Responder,
  props: LeadPageProps = { leadId: 42, spId: 1001 },
  auth: GatewayAuth = { kind: 'provider', spId: 1001 },
  now?: () => Date,
  routes?: Partial<RouteBuilders>,
) {
  const recorder = recordingFetch(responder);
  const client = createGatewayClient({ baseURL: 'https://gw.test', auth, fetch: recorder.fetch, retry: { retries: 0 } });
  const host = new EventTarget();
  const owner = {};
  const analytics = { page: vi.fn(), track: vi.fn() };
  const view = render(
    <WidgetShell
      owner={owner}
      host={host}
      catalogue={LEAD_PAGE_CATALOGUE}
      inputs={{ gateway: client, analytics, ...(now ? { now } : {}), ...(routes ? { routes } : {}) }}
    >
      <LeadPageRoot {...props} />
    </WidgetShell>,
  );
  return { ...view, requests: recorder.requests, host, analytics };
}

afterEach(cleanup);

describe('<LeadPageRoot>', () => {
  it('shows the beta banner and FAQ at once and a skeleton while the lead loads', async () => {
    let release: (r: Response) => void = () => {};
    const { container } = renderPage(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(screen.getByText('Better leads when you want them.')).toBeTruthy();
    expect(screen.getByText('BETA')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeTruthy();
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release(json(200, purchasedV2));
    expect(await screen.findByRole('heading', { name: 'Water heater replacement' })).toBeTruthy();
    expect(container.querySelector('[data-skeleton]')).toBeNull();
  });

  it('shows a purchased lead: Lead Unlocked, Be the first!, and the customer as safe links', async () => {
    const { requests } = renderPage(() => json(200, purchasedV2));
    expect(await screen.findByRole('heading', { name: 'Lead Unlocked' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Be the first!' })).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(303) 555-0100' }).getAttribute('href')).toBe('tel:+13035550100');
    // (The address wraps at '@' and '.' through <wbr>s, which happy-dom's name computation
    // spaces out; a browser names the link 'ann@example.com'.)
    const mail = screen.getAllByRole('link').find((link) => link.textContent === 'ann@example.com');
    expect(mail?.getAttribute('href')).toBe('mailto:ann@example.com');
    const maps = screen.getByRole('link', { name: /12 Elm St/ });
    expect(maps.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Elm%20St/);
    expect(requests[0]?.url).toBe('https://gw.test/gateway/lead/office/v2/leads/42?spId=1001');
    expect(requests[0]?.headers['x-caller-id']).toBe('1001');
  });

  it("links a customer e-mail with a '?' in it to that one address, never with a Cc header", async () => {
    renderPage(() => json(200, { ...purchasedV2, user: { ...purchasedV2.user, email: 'a?cc=victim@evil.com' } }));
    await screen.findByRole('heading', { name: 'Lead Unlocked' });
    const mail = screen.getAllByRole('link').find((link) => link.getAttribute('href')?.startsWith('mailto:'));
    expect(mail?.getAttribute('href')).toBe('mailto:a%3Fcc%3Dvictim@evil.com');
    expect(mail?.textContent).toBe('a?cc=victim@evil.com');
  });

  it("chooses the card's icon by category id, and gives an id it does not know the generic icon (id -1 Generic, the fallback)", async () => {
    const iconGroup = (card: HTMLElement) => card.querySelector('.lk-lead-card__icon')?.getAttribute('data-icon-group');
    renderPage(() => json(200, purchasedV2));
    expect(iconGroup(await screen.findByRole('article'))).toBe('home');
    cleanup();
    renderPage(() => json(200, { ...purchasedV2, info: { ...info, category: { id: 987_654, name: 'Yacht Varnishing' } } }));
    const card = await screen.findByRole('article');
    expect(iconGroup(card)).toBe('generic');
    // Everything else shows as for a known category.
    expect(within(card).getByText('Yacht Varnishing')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Water heater replacement' })).toBeTruthy();
  });

  it('shows the lead card fields: place, Q&A, Project Notes, Category, Project Timing', async () => {
    renderPage(() => json(200, purchasedV2));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Denver, CO 80202')).toBeTruthy();
    expect(within(card).getByText('Fuel type?')).toBeTruthy();
    expect(within(card).getByText('40 gallons')).toBeTruthy();
    // Gateway text keeps its own direction in a right-to-left page ('Fuel type?', not '?Fuel type').
    expect(within(card).getByText('Fuel type?').getAttribute('dir')).toBe('auto');
    expect(within(card).getByText('40 gallons').getAttribute('dir')).toBe('auto');
    expect(within(card).getByText('Project Notes')).toBeTruthy();
    expect(within(card).getByText('Old tank leaks.')).toBeTruthy();
    expect(within(card).getByText('Water Heater Installation')).toBeTruthy();
    expect(within(card).getByText('Within a week')).toBeTruthy();
  });

  it('shows an unavailable lead without customer details and hides empty Project Notes', async () => {
    renderPage(() => json(200, unavailable), { leadId: 43, spId: 1001 });
    expect(await screen.findByText('This lead is no longer available for purchase.')).toBeTruthy();
    expect(screen.queryByText('Lead Unlocked')).toBeNull();
    expect(screen.queryByText('Project Notes')).toBeNull();
    expect(screen.queryByRole('link', { name: /\(303\)/ })).toBeNull();
  });

  it('renders the v1 response (user + firstLine) the same way through the v1 call', async () => {
    const v1 = {
      ...purchasedV2,
      customerInfo: undefined,
      address: { firstLine: '12 Elm St', city: 'Denver', state: 'CO', postalCode: '80202' },
      user: { firstName: 'Ann', lastName: 'Lee', phone: '3035550100', email: 'ann@example.com' },
    };
    const { requests } = renderPage(() => json(200, v1), { leadId: 42, spId: 1001, apiVersion: 'v1' });
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('link', { name: /12 Elm St/ })).toBeTruthy();
    expect(requests[0]?.url).toBe('https://gw.test/gateway/lead/office/v1/leads/42?serviceProviderId=1001');
  });

  it.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [500, 'Internal Server Error'],
  ])('shows the error banner for %i', async (status, title) => {
    renderPage(() => json(status, { message: 'x' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(title)).toBeTruthy();
  });

  it('shows the not-found apology for any other status', async () => {
    renderPage(() => json(404, {}));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops! We apologize for the inconvenience, it appears the content you requested was not found.');
  });

  it("lets a host's custom message win over the status text", async () => {
    renderPage(() => json(403, {}), { leadId: 42, spId: 1001, errorMessage: 'Ask your account owner for access.' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ask your account owner for access.');
    expect(alert.textContent).not.toContain('You do not have access');
  });

  it('offers Try again on a server error and loads the lead on retry', async () => {
    let calls = 0;
    renderPage(() => (++calls === 1 ? json(500, {}) : json(200, purchasedV2)));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Water heater replacement' })).toBeTruthy();
  });

  /** The lead call fails once with `status` (then answers); once its error shows, the connection comes back. Returns the calls so far. */
  async function failedThenOnline(status: number): Promise<() => number> {
    let calls = 0;
    renderPage(() => (++calls === 1 ? json(status, {}) : json(200, purchasedV2)));
    await screen.findByRole('alert');
    await act(async () => undefined); // the effects of the commit that showed the alert have run
    window.dispatchEvent(new Event('online'));
    return () => calls;
  }

  it('after a server error, loads the lead by itself when the connection comes back (what Try again does)', async () => {
    const calls = await failedThenOnline(503);
    expect(await screen.findByRole('heading', { name: 'Water heater replacement' })).toBeTruthy();
    expect(calls()).toBe(2);
  });

  it('a 403 is not asked again when the connection comes back (nothing a retry helps)', async () => {
    const calls = await failedThenOnline(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(1);
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it.each([
    ['malformed JSON', () => new Response('{"leadId": 4', { status: 200, headers: { 'content-type': 'application/json' } })],
    ['an HTML page', () => new Response('<!doctype html><title>Gateway</title>', { status: 200, headers: { 'content-type': 'application/json' } })],
    ['the wrong shape', () => json(200, { unexpected: true })],
  ])('offers Try again after an answer it cannot read (%s), and loads the lead on retry', async (_, bad) => {
    let calls = 0;
    renderPage(() => (++calls === 1 ? bad() : json(200, purchasedV2)));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Water heater replacement' })).toBeTruthy();
  });

  it('requires provider auth: without it nothing is sent and the 401 banner shows', async () => {
    const { requests } = renderPage(() => json(200, purchasedV2), { leadId: 42, spId: 1001 }, { kind: 'anonymous' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unauthorized')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("on a 401 offers 'Log in' through the host's log-in route (back to this page after), announced as lk-navigate kind log-in; other errors do not", async () => {
    window.history.replaceState(null, '', '/office/lead?leadId=42');
    const logIn = ({ returnUrl }: { returnUrl: string }) => `/login?returnUrl=${encodeURIComponent(returnUrl)}`;
    const { host } = renderPage(() => json(401, { message: 'expired' }), undefined, undefined, undefined, { logIn });
    const navigations: { url: string; kind: string }[] = [];
    host.addEventListener('lk-navigate', (event) => {
      navigations.push((event as CustomEvent<{ url: string; kind: string }>).detail);
      event.preventDefault(); // a host router takes it
    });
    const link = within(await screen.findByRole('alert')).getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?returnUrl=%2Foffice%2Flead%3FleadId%3D42');
    await userEvent.click(link);
    expect(navigations).toEqual([
      expect.objectContaining({ url: expect.stringMatching(/\/login\?returnUrl=%2Foffice%2Flead%3FleadId%3D42$/), kind: 'log-in' }),
    ]);
    cleanup();

    renderPage(() => json(403, { message: 'x' }), undefined, undefined, undefined, { logIn });
    expect(within(await screen.findByRole('alert')).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it("on a 401 without the host's log-in route shows the error with no 'Log in' link (the spec gives no log-in path)", async () => {
    renderPage(() => json(401, { message: 'expired' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unauthorized')).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('renders customer text as text and never links an unsafe e-mail', async () => {
    const hostile = { ...purchasedV2, info: { ...info, description: '<img src=x onerror=alert(1)>' }, user: { phone: null, email: 'javascript:alert(1)' } };
    const { container } = renderPage(() => json(200, hostile));
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('reports the page to analytics as Authenticated, with ids only', async () => {
    const { analytics } = renderPage(() => json(200, purchasedV2));
    await screen.findByText('Ann Lee');
    expect(analytics.page).toHaveBeenCalledWith('SP : Lead Page', { userType: 'Authenticated', leadId: 42 });
    expect(JSON.stringify(analytics.page.mock.calls)).not.toContain('Ann');
  });
});

describe('<LeadPageRoot> purchase window', () => {
  const SENT = Date.parse('2026-06-01T12:00:00.000Z');
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const windowOf = (buyerCount: number) => ({ buyerCount, sentAt: new Date(SENT).toISOString() });
  /**
   * A clock the test moves (the runtime's `now`), and timers that follow it. It also runs on with
   * real time (findBy… polls on real timers), so a test a whole unit before a change starts 5 s
   * earlier: its rounded-down figure stays put while it runs.
   */
  function clockAt(elapsedMs: number) {
    vi.useFakeTimers({ now: SENT + elapsedMs, shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    return () => new Date();
  }
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Moves the clock a minute at a time, letting React render and re-arm its timer after each. */
  async function advanceMinutes(minutes: number) {
    for (let minute = 0; minute < minutes; minute++) await act(() => vi.advanceTimersByTimeAsync(MIN));
  }

  it('a bought lead still open to others: the spots and hours left in the Be the first! notice', async () => {
    const now = clockAt(18 * HOUR + 30 * MIN);
    renderPage(() => json(200, { ...purchasedV2, purchaseWindow: windowOf(2) }), undefined, undefined, now);
    const notice = await screen.findByRole('region', { name: 'Be the first!' });
    expect(within(notice).getByText('1 of 3 spots left')).toBeTruthy();
    expect(within(notice).getByText('5 h left')).toBeTruthy();
  });

  it("an open lead not bought: the spec's no-longer-available text, the window line beside it; at 23 h 59 min, 1 min left; a minute later it says why", async () => {
    const now = clockAt(23 * HOUR + 59 * MIN);
    renderPage(() => json(200, { ...unavailable, purchaseWindow: windowOf(1) }), { leadId: 43, spId: 1001 }, undefined, now);
    // Spec §2: not purchased is 'no longer available', even while others may still buy it.
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('This lead is no longer available for purchase.2 of 3 spots left·1 min left');
    // No way to buy here.
    expect(screen.queryByRole('button')).toBeNull();
    await advanceMinutes(1);
    expect(await screen.findByText('Sent more than 24 hours ago')).toBeTruthy();
    expect(screen.queryByText('1 min left')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('This lead is no longer available for purchase.Sent more than 24 hours ago');
  });

  it('the hours count down on their own: 2 h left becomes 1 h left, then minutes', async () => {
    const now = clockAt(21 * HOUR + 30 * MIN - 5_000);
    renderPage(() => json(200, { ...purchasedV2, purchaseWindow: windowOf(1) }), undefined, undefined, now);
    expect(await screen.findByText('2 h left')).toBeTruthy();
    // Rounded down: 2 h 0 min 5 s left still says 2 h; a minute later 1 h.
    await advanceMinutes(30);
    expect(screen.getByText('2 h left')).toBeTruthy();
    await advanceMinutes(1);
    expect(screen.getByText('1 h left')).toBeTruthy();
    // An hour later, in minutes.
    await advanceMinutes(60);
    expect(screen.getByText('59 min left')).toBeTruthy();
  });

  it('at exactly 24 hours it is gone: the spec text and the reason', async () => {
    const now = clockAt(24 * HOUR);
    renderPage(() => json(200, { ...unavailable, purchaseWindow: windowOf(1) }), { leadId: 43, spId: 1001 }, undefined, now);
    expect(await screen.findByText('This lead is no longer available for purchase.')).toBeTruthy();
    expect(screen.getByText('Sent more than 24 hours ago')).toBeTruthy();
  });

  it('3 buyers: the spec text and "3 pros bought this lead", with hours still left', async () => {
    const now = clockAt(2 * HOUR);
    renderPage(() => json(200, { ...unavailable, purchaseWindow: windowOf(3) }), { leadId: 43, spId: 1001 }, undefined, now);
    expect(await screen.findByText('This lead is no longer available for purchase.')).toBeTruthy();
    expect(screen.getByText('3 pros bought this lead')).toBeTruthy();
    expect(screen.queryByText(/spots left/)).toBeNull();
  });

  it('2 buyers within the window: 1 of 3 spots left', async () => {
    const now = clockAt(2 * HOUR - 5_000);
    renderPage(() => json(200, { ...unavailable, purchaseWindow: windowOf(2) }), { leadId: 43, spId: 1001 }, undefined, now);
    expect(await screen.findByText('1 of 3 spots left')).toBeTruthy();
    expect(screen.getByText('22 h left')).toBeTruthy();
    expect(screen.getByText('This lead is no longer available for purchase.')).toBeTruthy();
  });

  it('no window in the answer (not a LeadFeed lead): only the spec text', async () => {
    renderPage(() => json(200, unavailable), { leadId: 43, spId: 1001 });
    expect(await screen.findByText('This lead is no longer available for purchase.')).toBeTruthy();
    expect(screen.queryByText(/spots left$|h left$|^\d pros bought this lead$|^Sent more than 24 hours ago$/)).toBeNull();
  });
});

describe('<LeadPageRoot> against a gateway with only the spec fields', () => {
  /** The spec's V2 lead-page answer and nothing else: no leadId, user, createDate, isSmsEnabled or purchaseWindow. */
  const specOnly = {
    purchased: true,
    info,
    address: { lineOne: '12 Elm St', lineTwo: null, city: 'Denver', state: 'CO', postalCode: '80202' },
    customerInfo: { firstName: 'Ann', lastName: 'Lee' },
  };

  /** §3's v1 answer: `user {firstName, lastName, phone, email}`, with the spec's nulls for what it lacks. */
  const specV1 = {
    purchased: true,
    info: { ...info, urgency: null, description: null },
    address: { firstLine: '12 Elm St', secondLine: null, city: 'Denver', state: 'CO', postalCode: '80202' },
    user: { firstName: 'Ann', lastName: 'Lee', phone: '3035550100', email: 'ann@example.com' },
  };
  const contactLinks = () => screen.queryAllByRole('link').filter((link) => /^(tel|mailto):/.test(link.getAttribute('href') ?? ''));
  const byVersion = (v1: () => Response) => (request: { url: string }) => (request.url.includes('/office/v1/leads/') ? v1() : json(200, specOnly));

  it('a purchased lead whose V2 has no contact: the v1 call second, and its tel (+1) and mailto links on the card as it first shows', async () => {
    const { requests } = renderPage(byVersion(() => json(200, specV1)));
    expect(await screen.findByRole('heading', { name: 'Lead Unlocked' })).toBeTruthy();
    // The card appeared once, with the contact already in it (the page waited for the second call).
    expect(screen.getByRole('link', { name: '(303) 555-0100' }).getAttribute('href')).toBe('tel:+13035550100');
    expect(contactLinks().map((link) => link.getAttribute('href'))).toEqual(['tel:+13035550100', 'mailto:ann@example.com']);
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('link', { name: /12 Elm St/ })).toBeTruthy();
    expect(screen.queryByText(/spots left$|h left$/)).toBeNull();
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/gateway/lead/office/v2/leads/42', '/gateway/lead/office/v1/leads/42']);
    expect(new URL(requests[1]!.url).searchParams.get('serviceProviderId')).toBe('1001');
  });

  it('when the v1 call fails: the name and the street, no links, no error banner', async () => {
    renderPage(byVersion(() => json(500, { message: 'down' })));
    expect(await screen.findByRole('heading', { name: 'Lead Unlocked' })).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('link', { name: /12 Elm St/ })).toBeTruthy();
    expect(contactLinks()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });

  it('a V2 answer that carries the contact is not asked again', async () => {
    const { requests } = renderPage(() => json(200, purchasedV2));
    expect(await screen.findByRole('link', { name: '(303) 555-0100' })).toBeTruthy();
    expect(requests).toHaveLength(1);
  });

  it('a lead not purchased: the spec text, no error', async () => {
    const { purchased, info: lead, address } = unavailable;
    renderPage(() => json(200, { purchased, info: lead, address }), { leadId: 43, spId: 1001 });
    expect(await screen.findByText('This lead is no longer available for purchase.')).toBeTruthy();
    expect(screen.queryByText('We received a response we could not read. Please try again later.')).toBeNull();
  });
});
