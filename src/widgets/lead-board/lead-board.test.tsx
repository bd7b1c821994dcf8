import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import { archiveEvents, FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { ANSWERED_LEADS_STORAGE_KEY } from '../../domain/answered-leads';

const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const leadsPath = '/gateway/lead/office/v6/leads/serviceProvider/1001';

afterEach(cleanup);
beforeAll(preloadBoardParts);

async function shownBoard(props = {}, options = {}) {
  const view = renderWidget(<LeadBoardRoot spId={1001} {...props} />, LEAD_BOARD_CATALOGUE, options);
  let told = false;
  view.host.addEventListener('lk-load', () => (told = true), { once: true });
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The filter controls load once the cards are on screen.
  await screen.findByRole('combobox', { name: 'Customer name' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // And the host was told of the page (once its cards were shown): a test's own listener hears only what follows.
  await waitFor(() => expect(told).toBe(true), { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

const leadRequests = (view: ReturnType<typeof renderWidget>) => view.received('POST', leadsPath);
const lastLeadRequest = (view: ReturnType<typeof renderWidget>) => leadRequests(view).at(-1)?.body as Record<string, unknown>;
async function archiveFromMenu(card: HTMLElement) {
  await userEvent.click(within(card).getByRole('button', { name: 'More actions' }));
  await userEvent.click(within(card).getByRole('menuitem', { name: 'Archive Lead' }));
}
const ALL_SOURCES = ['Redemption', 'RequestAQuote', 'SR_RAQ', 'HA_OL_RAQ', 'ProDirMsgCallOptIn', 'ProDirMsgCallOptOut'];
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));

describe('<LeadBoardRoot> loading', () => {
  it('asks for provider info and the first page in parallel, then shows header, count and cards', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { sandbox: { latencyMs: 400 } });
    const original = view.sandbox.store.requests;
    expect(original).toBeDefined();
    // Both calls were sent before either answered: the sandbox saw both while both were pending.
    await waitFor(() => {
      const pending = view.sandbox.store.requests.filter((r) => r.status === null);
      inFlight = pending.length;
      maxInFlight = Math.max(maxInFlight, inFlight);
      expect(maxInFlight).toBe(2);
    });
    expect(await screen.findByRole('heading', { name: 'Leads for Acme Plumbing & Heating' })).toBeTruthy();
    // The count comes with the page of leads (the heading only needs the provider: under load the page may answer later).
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
    expect(view.sandbox.store.requests.find((r) => r.path === leadsPath)?.status).toBe(200);
    expect(cards()).toHaveLength(10);
    // One request each, no duplicates.
    expect(view.received('POST', leadsPath)).toHaveLength(1);
    expect(view.received('GET', '/gateway/office-home/v4/service_provider')).toHaveLength(1);
  });

  it("shows 'View Call Log' only with the host's call-log route (its path is not in the spec), going where the host says", async () => {
    await shownBoard();
    expect(screen.getByRole('heading', { name: 'Leads for Acme Plumbing & Heating' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View Call Log' })).toBeNull();
    cleanup();
    const navigations: unknown[] = [];
    const view = await shownBoard(
      {},
      { inputs: { routes: { callLog: ({ serviceProviderId }: { serviceProviderId: number }) => `https://pro.example.com/${serviceProviderId}/calls` } } },
    );
    view.host.addEventListener('lk-navigate', (event) => {
      navigations.push((event as CustomEvent).detail);
      event.preventDefault();
    });
    const link = screen.getByRole('link', { name: 'View Call Log' });
    expect(link.getAttribute('href')).toBe('https://pro.example.com/1001/calls');
    await userEvent.click(link);
    expect(navigations).toEqual([expect.objectContaining({ url: 'https://pro.example.com/1001/calls', kind: 'call-log' })]);
  });

  it('sends page size 10, sort NewestOldest, offset 0 and the default filters, naming every lead source (filters.sources)', async () => {
    const view = await shownBoard();
    expect(lastLeadRequest(view)).toEqual({
      offset: 0,
      sort: 'NewestOldest',
      limit: 10,
      filters: { archived: false, displayLead: true, sources: ALL_SOURCES },
    });
  });

  it("does not list a lead the gateway hides (displayLead false): hiding is the gateway's, the board has no Hide action (docs/widgets/lead-board.md#decisions-where-the-spec-is-silent)", async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    // The newest lead: it would be the first card.
    const hidden = view.sandbox.store
      .providerLeads(1001)
      .filter(({ assignment }) => !assignment.archived && assignment.displayed)
      .sort((a, b) => b.lead.createDate.localeCompare(a.lead.createDate))[0]!;
    hidden.assignment.displayed = false;
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/, {}, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(cards().map((card) => Number(card.dataset.leadId))).not.toContain(hidden.lead.leadId);
    expect(screen.queryByRole('menuitem', { name: /^Hide/ })).toBeNull();
  });

  it("with set-title, the page's title is 'Business Center' while the board is shown, and comes back after; without it, untouched", async () => {
    document.title = 'Pro Center';
    const plain = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await screen.findByRole('heading', { level: 1, name: /^Leads for / });
    expect(document.title).toBe('Pro Center');
    plain.unmount();
    const titled = renderWidget(<LeadBoardRoot spId={1001} setTitle />, LEAD_BOARD_CATALOGUE);
    await screen.findByRole('heading', { level: 1, name: /^Leads for / });
    expect(document.title).toBe('Business Center');
    titled.unmount();
    expect(document.title).toBe('Pro Center');
  });

  it('loads the filter controls after the first page is answered, not before it (they are not needed for the first card)', async () => {
    // The first page waits until the checks below are done (on any machine).
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { hold: /\/leads\/serviceProvider\/1001$/ });
    // The provider's name is there, the first page is not: no filter controls yet, their space kept.
    await screen.findByRole('heading', { name: 'Leads for Acme Plumbing & Heating' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.sandbox.store.requests.find((r) => r.path === leadsPath)?.status ?? null).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
    expect(document.querySelector('.lk-filters__panel--loading')).not.toBeNull();
    view.release();
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeTruthy();
  });

  it('loads the filter controls at once when the user reaches for them before the first page', async () => {
    // The first page waits until the filters are there (on any machine).
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { hold: /\/leads\/serviceProvider\/1001$/ });
    await screen.findByRole('heading', { name: 'Leads for Acme Plumbing & Heating' });
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show All Filters' }));
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeTruthy();
    // The first page is still on its way.
    expect(view.sandbox.store.requests.find((r) => r.path === leadsPath)?.status ?? null).toBeNull();
    view.release();
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
  });

  it('shows a skeleton of the final size while loading', () => {
    const { container } = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { sandbox: { latencyMs: 1000 } });
    expect(container.querySelectorAll('[data-skeleton] li')).toHaveLength(10);
  });

  it('shows the error panel when the leads fail, and Try again loads them', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.status(500, undefined, { route: LEADS_ROUTE, times: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again later.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
  });

  it('after a failure that passes, loads the leads by itself when the connection comes back (what Try again does)', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.drop({ route: LEADS_ROUTE, times: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again later.');
    await act(async () => undefined); // the effects of the commit that showed the alert have run
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
    expect(screen.queryByText('Sorry, something went wrong. Please try again later.')).toBeNull();
  });

  it('offline after a change: the page stays (not the list failure) and is no new lk-load; back online it is fetched again', async () => {
    const view = await shownBoard();
    const loads: unknown[] = [];
    view.host.addEventListener('lk-load', (event) => loads.push((event as CustomEvent).detail));
    // The status call and the page fetched again after its failure both get no answer.
    view.sandbox.faults.drop({ route: 'POST /gateway/lead/office/v2/leads/:id/status', times: 1 });
    view.sandbox.faults.drop({ route: LEADS_ROUTE, times: 1 });
    const fetched = leadRequests(view).length;
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    expect(await screen.findByText('We could not change the status of this lead. Please try again.')).toBeTruthy();
    await waitFor(() => expect(view.sandbox.faults.list()).toEqual([]));
    await waitFor(() => expect(document.querySelector('.lk-board__list')?.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
    expect(screen.queryByText('Sorry, something went wrong. Please try again later.')).toBeNull();
    expect(loads).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(loads).toEqual([{ widget: 'lead-board' }]));
    // The one after the failed change (dropped), and the one back online.
    expect(leadRequests(view).length).toBe(fetched + 2);
  });

  it('an answer it cannot read (status 200, the wrong shape) offers Try again, which loads the leads', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.status(200, { unexpected: '<html>' }, { route: LEADS_ROUTE, times: 1 });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
  });

  it('a gateway that hangs ends in the error state with Try again at the time limit, not an endless skeleton', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { timeoutMs: 300 });
    const hang = view.sandbox.faults.latency(600_000, { route: LEADS_ROUTE, times: 1 });
    const alert = await screen.findByRole('alert');
    hang.remove();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
  });

  it("a 401 offers 'Log in' instead of Try again, through the host's log-in route", async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, {
      inputs: { routes: { logIn: ({ returnUrl }: { returnUrl: string }) => `https://id.example.com/?next=${encodeURIComponent(returnUrl)}` } },
    });
    view.sandbox.faults.status(401, { message: 'expired' }, { route: LEADS_ROUTE });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(/^https:\/\/id\.example\.com\/\?next=%2F/);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("a 401 without the host's log-in route shows the error with no 'Log in' link (the spec gives no log-in path)", async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.status(401, { message: 'expired' }, { route: LEADS_ROUTE });
    const alert = await screen.findByRole('alert', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(within(alert).getByText('Sorry, something went wrong. Please try again later.')).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('reports the page to analytics without customer data, with the lead board as its activity location', async () => {
    const view = await shownBoard();
    expect(view.analytics.page).toHaveBeenCalledExactlyOnceWith('SP : Lead Board', {
      userType: 'Authenticated',
      serviceProviderId: 1001,
      activityLocation: 'Lead Board',
    });
  });

  it('every analytics event of the board carries the lead board activity location: the page, and a rating from a card', async () => {
    const view = await shownBoard({ leadId: SANDBOX_LEADS.newest });
    const card = cards()[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(await within(card).findByRole('radio', { name: 'Great' }, { timeout: FIRST_PAGE_TIMEOUT_MS }));
    expect(await within(card).findByText('Thanks for rating this lead!')).toBeTruthy();
    expect(view.analytics.track).toHaveBeenCalledExactlyOnceWith('Lead Star Rating', {
      leadId: SANDBOX_LEADS.newest,
      serviceProviderId: 1001,
      rating: 5,
      activityLocation: 'Lead Board',
    });
    const events = [...view.analytics.page.mock.calls, ...view.analytics.track.mock.calls];
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const [, props] of events) expect(props).toMatchObject({ activityLocation: 'Lead Board' });
  });
});

describe('<LeadBoardRoot> cards', () => {
  it('opens the first lead on mount and marks it read', async () => {
    const view = await shownBoard();
    const [first] = cards();
    expect(within(first!).getAllByRole('button', { expanded: true })).toHaveLength(1); // in the first frame
    await waitFor(() => expect(view.received('POST', '/gateway/lead/office/v2/leads/serviceprovider/1001/read')).toHaveLength(1));
    expect(view.received('POST', '/gateway/lead/office/v2/leads/serviceprovider/1001/read')[0]?.body).toEqual({
      leadId: Number(first!.dataset.leadId),
      read: true,
    });
  });

  it('keeps only one card open at a time', async () => {
    await shownBoard();
    const [first, second] = cards();
    const toggle = (card: HTMLElement) =>
      within(card)
        .getAllByRole('button')
        .find((b) => b.hasAttribute('aria-expanded'))!;
    await userEvent.click(toggle(second!));
    expect(toggle(second!).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(first!).getAttribute('aria-expanded')).toBe('false');
  });

  it('opening an unread lead opens it and marks it read', async () => {
    const view = await shownBoard();
    const readPath = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(1)); // the first lead's
    const unread = cards().find((card, index) => index > 0 && within(card).queryByRole('button', { name: 'Unread lead, mark as read' }))!;
    const toggle = within(unread)
      .getAllByRole('button')
      .find((b) => b.hasAttribute('aria-expanded'))!;
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(within(unread).getByRole('button', { name: 'Read lead, mark as unread' })).toBeTruthy());
    expect(view.received('POST', readPath).map((call) => call.body)).toEqual([expect.anything(), { leadId: Number(unread.dataset.leadId), read: true }]);
  });

  it('moves the featured lead to the top (the gateway sends it on the first page, not first)', async () => {
    const view = await shownBoard({ leadId: SANDBOX_LEADS.featuredCandidate });
    expect(Number(cards()[0]!.dataset.leadId)).toBe(SANDBOX_LEADS.featuredCandidate);
    // What the widget got (the same request asked again): the lead on the first page, but not on
    // top — the widget moved it.
    const request = leadRequests(view).at(-1)!;
    const response = await view.sandbox.fetch(`http://sandbox.test${leadsPath}`, {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(request.body),
    });
    const answered = ((await response.json()) as { leads: { leadId: number }[] }).leads;
    expect(answered.findIndex((lead) => lead.leadId === SANDBOX_LEADS.featuredCandidate)).toBeGreaterThan(0);
    expect(within(cards()[0]!).getByText('Featured')).toBeTruthy();
  });

  it("shows 'Member' for a lead without a name", async () => {
    await shownBoard({ leadId: SANDBOX_LEADS.noName });
    const top = cards()[0]!;
    expect(Number(top.dataset.leadId)).toBe(SANDBOX_LEADS.noName);
    expect(within(top).getByText('Member')).toBeTruthy();
  });

  it('does not mark read again a lead that is already read (collapse and reopen)', async () => {
    const view = await shownBoard();
    const readPath = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(1));
    const toggle = within(cards()[0]!)
      .getAllByRole('button')
      .find((b) => b.hasAttribute('aria-expanded'))!;
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.received('POST', readPath)).toHaveLength(1);
  });

  it('a double click opens a card once and toggles read once (the second click of a double click is ignored)', async () => {
    const view = await shownBoard();
    const readPath = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(1));
    const second = cards()[1]!;
    const toggle = within(second)
      .getAllByRole('button')
      .find((b) => b.hasAttribute('aria-expanded'))!;
    await userEvent.dblClick(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const first = cards()[0]!;
    await userEvent.dblClick(within(first).getByRole('button', { name: 'Read lead, mark as unread' }));
    expect(within(first).getByRole('button', { name: 'Unread lead, mark as read' })).toBeTruthy();
    await waitFor(() =>
      expect(view.received('POST', readPath).map((call) => call.body)).toContainEqual(
        expect.objectContaining({ leadId: Number(first.dataset.leadId), read: false }),
      ),
    );
    expect(view.received('POST', readPath).filter((call) => (call.body as { leadId: number }).leadId === Number(first.dataset.leadId))).toHaveLength(2);
  });

  it('shows the unread-messages dot on the Message button', async () => {
    await shownBoard();
    const newest = cards().find((card) => Number(card.dataset.leadId) === SANDBOX_LEADS.newest)!;
    const button = within(newest.querySelector<HTMLElement>('.lk-card__header')!).getByRole('link', { name: /^Message/ });
    expect(within(button).getByRole('img', { name: 'Unread messages' })).toBeTruthy();
  });

  it('toggles read with the read indicator, skipping a call when the state already matches', async () => {
    const view = await shownBoard();
    const readPath = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(1));
    const first = cards()[0]!;
    // The sandbox has the request as soon as the change is placed; the card shows it a render later: wait for the read state itself.
    await userEvent.click(await within(first).findByRole('button', { name: 'Read lead, mark as unread' }));
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(2));
    expect(view.received('POST', readPath)[1]?.body).toMatchObject({ read: false });
    expect(await within(first).findByRole('button', { name: 'Unread lead, mark as read' })).toBeTruthy();
  });
});

describe('<LeadBoardRoot> sort and paging', () => {
  it('changes sort, resetting to the first page', async () => {
    const view = await shownBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText(/^Showing 11 - 20 of \d+ results$/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'OldestNewest');
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ sort: 'OldestNewest', offset: 0 }));
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/)).toBeTruthy();
  });

  it('fetches the next page with its offset and updates the count', async () => {
    const view = await shownBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(/^Showing 11 - 20 of \d+ results$/)).toBeTruthy();
    expect(lastLeadRequest(view)).toMatchObject({ offset: 10, limit: 10, sort: 'NewestOldest' });
  });

  it('has no pager when everything fits on one page', async () => {
    await shownBoard({ pageSize: 100 });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('<LeadBoardRoot> filters', () => {
  it('turns the unread filter on from the toggle, shows its tag, and removing the tag turns it off', async () => {
    const view = await shownBoard();
    await userEvent.click(screen.getByRole('switch', { name: 'Show Unread Messages' }));
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ offset: 0, filters: { hasUnreadMessages: true } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove filter Unread messages' }));
    await waitFor(() => expect((lastLeadRequest(view).filters as Record<string, unknown>).hasUnreadMessages).toBeUndefined());
  });

  it('starts with the unread filter on when opened with newMessages', async () => {
    const view = await shownBoard({ newMessages: true });
    expect(lastLeadRequest(view)).toMatchObject({ filters: { hasUnreadMessages: true } });
    expect(screen.getByRole('switch', { name: 'Show Unread Messages' }).getAttribute('aria-checked')).toBe('true');
  });

  it('searches the customer name on Enter only with more than one character', async () => {
    const view = await shownBoard();
    const before = leadRequests(view).length;
    const input = screen.getByRole('combobox', { name: 'Customer name' });
    await userEvent.type(input, 'a{Enter}');
    expect(leadRequests(view)).toHaveLength(before);
    await userEvent.clear(input);
    await userEvent.type(input, ' Ri {Enter}');
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ filters: { name: 'Ri' } }));
  });

  it('filters by a picked member suggestion (its contactInformationIds)', async () => {
    const view = await shownBoard();
    await userEvent.type(screen.getByRole('combobox', { name: 'Customer name' }), 'Jor');
    const option = await screen.findByRole('option', { name: /Jordan/ });
    await userEvent.click(option);
    await waitFor(() => {
      const filters = lastLeadRequest(view).filters as Record<string, unknown>;
      expect(filters.contactInformationIds).toEqual(expect.arrayContaining([expect.any(Number)]));
    });
    expect(view.received('GET', '/gateway/lead/office/v2/leads/serviceprovider/1001/autocomplete/memberName')[0]?.query).toMatchObject({
      query: 'Jor',
      limit: '5',
    });
  });

  it('shows the empty state with Clear All Filters, which resets filters, sort and page to the defaults in one request', async () => {
    const view = await shownBoard({ pageSize: 5 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'OldestNewest');
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ sort: 'OldestNewest' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Show Unread Messages' }));
    const input = screen.getByRole('combobox', { name: 'Customer name' });
    await userEvent.type(input, 'Nobody Atall{Enter}');
    expect(await screen.findByText('No Leads match the filters applied')).toBeTruthy();
    expect(screen.getByText('Adjust your filters above')).toBeTruthy();
    expect(lastLeadRequest(view)).toMatchObject({ sort: 'OldestNewest', limit: 5, filters: { name: 'Nobody Atall', hasUnreadMessages: true } });
    const before = leadRequests(view).length;
    const emptyState = screen.getByText('No Leads match the filters applied').parentElement!;
    await userEvent.click(within(emptyState).getByRole('button', { name: 'Clear All Filters' }));
    // The board's defaults — its own page size (the host's 5), the default sort, no filter — in one request.
    expect(await screen.findByText(/^Showing 1 - 5 of \d+ results$/)).toBeTruthy();
    expect(
      leadRequests(view)
        .slice(before)
        .map((request) => request.body),
    ).toEqual([
      {
        offset: 0,
        sort: 'NewestOldest',
        limit: 5,
        businessName: 'Acme Plumbing & Heating',
        filters: { archived: false, displayLead: true, sources: ALL_SOURCES },
      },
    ]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('NewestOldest');
    expect(screen.getByRole('switch', { name: 'Show Unread Messages' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it("the filter tags' Clear All Filters resets the sort too, in one request, and focus stays in the filters", async () => {
    const view = await shownBoard();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'ServiceProviderLeadStatusDesc');
    await userEvent.click(screen.getByRole('switch', { name: 'Archived leads' }));
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ sort: 'ServiceProviderLeadStatusDesc', filters: { archived: true } }));
    const tags = await screen.findByRole('list', { name: 'Active filters' });
    expect(within(tags).getByRole('button', { name: 'Remove filter Archived leads' })).toBeTruthy();
    const before = leadRequests(view).length;
    await userEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    await waitFor(() => expect(leadRequests(view).length).toBeGreaterThan(before));
    await screen.findByText(/^Showing 1 - 10 of \d+ results$/);
    expect(
      leadRequests(view)
        .slice(before)
        .map((request) => request.body),
    ).toEqual([
      {
        offset: 0,
        sort: 'NewestOldest',
        limit: 10,
        businessName: 'Acme Plumbing & Heating',
        filters: { archived: false, displayLead: true, sources: ALL_SOURCES },
      },
    ]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('NewestOldest');
    // The button went with the tags: focus is on the filters' first control, not the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Show Unread Messages' })));
  });

  it('never shows the answer of an older request: the newest filter wins', async () => {
    const view = await shownBoard();
    view.sandbox.faults.latency(300, { route: LEADS_ROUTE, times: 1 });
    await userEvent.click(screen.getByRole('switch', { name: 'Show Unread Messages' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Archived leads' }));
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ filters: { archived: true, hasUnreadMessages: true } }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const shownIds = cards().map((card) => Number(card.dataset.leadId));
    expect(shownIds.length).toBeGreaterThan(0);
    const archived = (id: number) => view.sandbox.store.lead(id)?.assignments.find((a) => a.spId === 1001)?.archived;
    for (const id of shownIds) expect(archived(id)).toBe(true);
  });
});

describe('<LeadBoardRoot> archive and restore', () => {
  it('archives a lead: it leaves the list, the count drops, the next lead opens; one call and one lk-lead-archive', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    const count = screen.getByText(/^Showing 1 - 10 of (\d+) results$/).textContent!;
    const total = Number(/of (\d+)/.exec(count)![1]);
    const [first, second] = cards();
    const firstId = Number(first!.dataset.leadId);
    await archiveFromMenu(first!);
    await waitFor(() => expect(cards().map((c) => Number(c.dataset.leadId))).not.toContain(firstId));
    expect(screen.getByText(`Showing 1 - ${cards().length} of ${total - 1} results`)).toBeTruthy();
    expect(view.received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/archive').map((request) => request.body)).toEqual([
      { serviceProviderId: 1001, leadId: firstId, archived: true },
    ]);
    expect(events).toEqual([{ leadId: firstId, archived: true }]);
    const secondToggle = within(cards().find((c) => c.dataset.leadId === second!.dataset.leadId)!)
      .getAllByRole('button')
      .find((b) => b.hasAttribute('aria-expanded'))!;
    expect(secondToggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getByText(`Showing 1 - 10 of ${total - 1} results`)).toBeTruthy());
  });

  it('puts the lead back with a message when archiving fails', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    view.sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive' });
    const firstId = cards()[0]!.dataset.leadId;
    await archiveFromMenu(cards()[0]!);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not archive this lead. Please try again.');
    // The host heard the pro ask, once (as for any archive: the event says what was asked, not how it went).
    expect(events).toEqual([{ leadId: Number(firstId), archived: true }]);
    expect(cards().map((c) => c.dataset.leadId)).toContain(firstId);
    // Open again as it was (the next card opened in its place is closed): trying again is one menu away.
    const toggleOf = (card: HTMLElement) =>
      within(card)
        .getAllByRole('button')
        .find((b) => b.hasAttribute('aria-expanded'))!;
    await waitFor(() => expect(toggleOf(cards().find((c) => c.dataset.leadId === firstId)!).getAttribute('aria-expanded')).toBe('true'));
    expect(
      cards()
        .filter((c) => toggleOf(c).getAttribute('aria-expanded') === 'true')
        .map((c) => c.dataset.leadId),
    ).toEqual([firstId]);
  });

  it("restores an archived lead with 'Move to Active Leads': one call and one lk-lead-archive", async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    await userEvent.click(screen.getByRole('switch', { name: 'Archived leads' }));
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ filters: { archived: true } }));
    const restore = (await screen.findAllByRole('button', { name: 'Move to Active Leads' }))[0]!;
    const card = restore.closest('li')!;
    const leadId = Number(card.dataset.leadId);
    await userEvent.click(restore);
    await waitFor(() => expect(cards().map((c) => Number(c.dataset.leadId))).not.toContain(leadId));
    expect(view.received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/archive').map((request) => request.body)).toEqual([
      { serviceProviderId: 1001, leadId, archived: false },
    ]);
    expect(events).toEqual([{ leadId, archived: false }]);
  });
});

describe('<LeadBoardRoot> more filters', () => {
  it('filters by a picked category and names it in its tag', async () => {
    const view = await shownBoard();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Category' }), 'Water');
    const option = await screen.findByRole('option', { name: /Water Heater Installation/ });
    await userEvent.click(option);
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ filters: { categoryIds: [10002] } }));
    expect(screen.getByRole('button', { name: 'Remove filter Water Heater Installation' })).toBeTruthy();
  });

  it('filters by a picked location: a postal code alone, or city and state', async () => {
    const view = await shownBoard();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Location' }), '802');
    await userEvent.click(await screen.findByRole('option', { name: /80202/ }));
    await waitFor(() => expect(lastLeadRequest(view)).toMatchObject({ filters: { postalCode: '80202' } }));
    expect((lastLeadRequest(view).filters as Record<string, unknown>).cityState).toBeUndefined();
  });

  it('filters by statuses from the multi-select', async () => {
    const view = await shownBoard();
    await userEvent.click(await screen.findByRole('button', { name: /Lead status/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Closed won' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Scheduled' }));
    await waitFor(() => expect((lastLeadRequest(view).filters as Record<string, unknown>).serviceProviderLeadStatuses).toEqual(['InProgressWon', 'ClosedWon']));
    expect(screen.getByRole('button', { name: 'Remove filter Closed won' })).toBeTruthy();
  });

  it('filters by a quick date range: start of the first day to end of today', async () => {
    const view = await shownBoard();
    await userEvent.click(await screen.findByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 Days' }));
    await waitFor(() => expect((lastLeadRequest(view).filters as Record<string, unknown>).dateRange).toBeDefined());
    const { startDate, endDate } = (lastLeadRequest(view).filters as { dateRange: { startDate: string; endDate: string } }).dateRange;
    const start = new Date(startDate);
    const end = new Date(endDate);
    expect([start.getHours(), start.getMinutes()]).toEqual([0, 0]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 59]);
    expect(Math.round((end.getTime() - start.getTime()) / 86_400_000)).toBe(7);
    expect(screen.getByRole('button', { name: 'Remove filter Last 7 Days' })).toBeTruthy();
  });

  it("counts quick date ranges and their tag from the runtime's now, not the machine's clock", async () => {
    const pinned = new Date(2025, 5, 11, 12, 0); // 11 June 2025, noon local time
    const view = await shownBoard({}, { inputs: { now: () => pinned } });
    await userEvent.click(await screen.findByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 Days' }));
    await waitFor(() => expect((lastLeadRequest(view).filters as Record<string, unknown>).dateRange).toBeDefined());
    const { startDate, endDate } = (lastLeadRequest(view).filters as { dateRange: { startDate: string; endDate: string } }).dateRange;
    expect(new Date(startDate).getTime()).toBe(new Date(2025, 5, 5).getTime());
    expect(new Date(endDate).getTime()).toBe(new Date(2025, 5, 11, 23, 59, 59, 999).getTime());
    // The tag names the quick range only when it matches the same "today".
    expect(screen.getByRole('button', { name: 'Remove filter Last 7 Days' })).toBeTruthy();
  });

  describe('the date filter applies a complete range, not each click', () => {
    // 11 June 2025, noon: the calendar opens on June 2025.
    const pinned = new Date(2025, 5, 11, 12, 0);
    const openPicker = async () => {
      const view = await shownBoard({}, { inputs: { now: () => pinned } });
      await userEvent.click(await screen.findByRole('button', { name: 'Date range Any' }));
      await screen.findByRole('grid', { name: 'June 2025' });
      return view;
    };
    const dateRequests = (view: ReturnType<typeof renderWidget>) =>
      leadRequests(view).filter((request) => (request.body as { filters: Record<string, unknown> }).filters.dateRange !== undefined);

    it('a first day is a draft (no reload); the second applies the range as one tag, closes the picker and focuses its button', async () => {
      const view = await openPicker();
      await userEvent.click(screen.getByRole('button', { name: 'Monday, June 2, 2025' }));
      expect(await screen.findByText('From 06/02/2025')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement).value).toBe('06/02/2025');
      expect(dateRequests(view)).toEqual([]);
      expect(screen.getByRole('button', { name: 'Date range Any' })).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Monday, June 9, 2025' }));
      const button = await screen.findByRole('button', { name: 'Date range 06/02/2025 – 06/09/2025' });
      await waitFor(() => expect(document.activeElement).toBe(button));
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('grid')).toBeNull();
      expect(screen.getByRole('button', { name: 'Remove filter 06/02/2025 – 06/09/2025' })).toBeTruthy();
      await waitFor(() => expect(dateRequests(view)).toHaveLength(1));
      const { startDate, endDate } = (lastLeadRequest(view).filters as { dateRange: { startDate: string; endDate: string } }).dateRange;
      expect(new Date(startDate).getTime()).toBe(new Date(2025, 5, 2).getTime());
      expect(new Date(endDate).getTime()).toBe(new Date(2025, 5, 9, 23, 59, 59, 999).getTime());
    });

    it("'Apply' applies a range open at its end as 'From …'; 'Clear' removes it", async () => {
      const view = await openPicker();
      const apply = screen.getByRole('button', { name: 'Apply' });
      expect((apply as HTMLButtonElement).disabled).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Thursday, June 5, 2025' }));
      await userEvent.click(apply);
      const button = await screen.findByRole('button', { name: 'Date range From 06/05/2025' });
      await waitFor(() => expect(document.activeElement).toBe(button));
      await waitFor(() => expect(dateRequests(view)).toHaveLength(1));
      expect((lastLeadRequest(view).filters as { dateRange: Record<string, unknown> }).dateRange).toEqual({
        startDate: new Date(2025, 5, 5).toISOString(),
        endDate: null,
      });

      await userEvent.click(button);
      await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
      expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Date range Any' }));
      await waitFor(() => expect((lastLeadRequest(view).filters as Record<string, unknown>).dateRange).toBeUndefined());
    });

    it("a typed end alone reads 'Until …' and waits for 'Apply'", async () => {
      const view = await openPicker();
      await userEvent.type(screen.getByRole('textbox', { name: 'End date' }), '06/20/2025{Enter}');
      expect(await screen.findByText('Until 06/20/2025')).toBeTruthy();
      expect(dateRequests(view)).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByRole('button', { name: 'Date range Until 06/20/2025' })).toBeTruthy();
      await waitFor(() => expect(dateRequests(view)).toHaveLength(1));
    });

    it('Escape drops a draft: nothing loads and the filter stays as it was', async () => {
      const view = await openPicker();
      await userEvent.click(screen.getByRole('button', { name: 'Monday, June 2, 2025' }));
      await screen.findByText('From 06/02/2025');
      await userEvent.keyboard('{Escape}');
      expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Date range Any' }));
      await userEvent.click(screen.getByRole('button', { name: 'Date range Any' }));
      expect(((await screen.findByRole('textbox', { name: 'Start date' })) as HTMLInputElement).value).toBe('');
      expect(dateRequests(view)).toEqual([]);
    });
  });

  it('rolls a read toggle back with a message when the call fails', async () => {
    const view = await shownBoard();
    await waitFor(() => expect(view.received('POST', '/gateway/lead/office/v2/leads/serviceprovider/1001/read')).toHaveLength(1));
    view.sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/serviceprovider/:id/read' });
    const first = cards()[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Read lead, mark as unread' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not update this lead. Please try again.');
    expect(within(first).getByRole('button', { name: 'Read lead, mark as unread' })).toBeTruthy();
  });
});

describe("<LeadBoardRoot> against a gateway with only the spec's calls and fields (the sandbox's spec profile)", () => {
  it('the provider answer has no id: the header still names the business; no counts call answers (404) and the board works without them', async () => {
    const view = await shownBoard({}, { sandbox: { profile: 'spec' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Leads for Acme Plumbing & Heating' })).toBeTruthy();
    expect(cards()).toHaveLength(10);
    expect(view.received('GET', '/gateway/office-home/v4/service_provider')[0]?.status).toBe(200);
    await waitFor(() => expect(view.received('POST', /\/counts$/).map((request) => request.status)).toEqual([404]));
    expect(screen.queryByText('Sorry, something went wrong. Please try again later.')).toBeNull();
  });
});

describe('answer first: a fresh New lead shows its age and asks to be answered first', () => {
  // The sandbox's leads and the widget's clock at noon: the newest lead (New, unread) came at 11:24.
  const noon = new Date(2026, 10, 26, 12, 0);
  const atNoon = { inputs: { now: () => noon }, sandbox: { now: () => noon } };
  const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
  afterEach(() => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY));

  it("keeps its created date and time (spec §2; the full date in its tooltip) and says '36 min ago' beside them, and 'Respond first'; a lead with a status shows its date alone", async () => {
    await shownBoard({}, atNoon);
    const [newest, contacted] = cards();
    const created = newest!.querySelector('time')!;
    expect(created.textContent).toBe('11/26/2026 11:24 AM');
    expect(created.getAttribute('title')).toBe('Thursday, November 26, 2026 11:24 AM');
    // The age beside them, in the header's toggle.
    const header = within(newest!).getByRole('button', { expanded: true, name: /Respond first/ });
    expect(within(header).getByText('36 min ago')).toBeTruthy();
    expect(header.textContent).toContain('11/26/2026 11:24 AM36 min ago');
    // Its short form for a phone's line ('36 min', shown by board-list.css at ≤ 600 px) is hidden
    // from screen readers: the toggle's name says the age once, in full.
    expect(within(header).getByText('36 min').getAttribute('aria-hidden')).toBe('true');
    expect(within(newest!).getByRole('button', { expanded: true, name: /11:24 AM 36 min ago Water Heater Installation/ })).toBe(header);
    expect(within(newest!).queryByRole('button', { expanded: true, name: /36 min ago\s*36 min/ })).toBeNull();
    expect(within(newest!).getByText('Respond first')).toBeTruthy();
    // Inside the card's toggle, so its name says it too.
    expect(within(newest!).getByRole('button', { expanded: true, name: /Respond first/ })).toBeTruthy();
    expect(contacted!.querySelector('time')?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(within(contacted!).queryByText('Respond first')).toBeNull();
    expect(within(contacted!).queryByText(/ago$|^Just now$/)).toBeNull();
  });

  it('ends once the pro shows the contact (to call) — on this device, after a reload too — and with a status', async () => {
    await shownBoard({}, atNoon);
    const newest = cards()[0]!;
    await userEvent.click(await within(newest).findByRole('button', { name: 'Contact' }, { timeout: FIRST_PAGE_TIMEOUT_MS }));
    await waitFor(() => expect(within(newest).queryByText('Respond first')).toBeNull());
    // Its date and age stay (the gateway's data and the clock's): only the cue ends.
    expect(newest.querySelector('time')?.textContent).toBe('11/26/2026 11:24 AM');
    expect(within(newest).getByText('36 min ago')).toBeTruthy();
    // Kept as ids and a time only.
    expect(Object.keys(JSON.parse(localStorage.getItem(ANSWERED_LEADS_STORAGE_KEY) ?? '{}')['1001'])).toEqual([String(SANDBOX_LEADS.newest)]);
    cleanup();
    await shownBoard({}, atNoon);
    expect(within(cards()[0]!).queryByText('Respond first')).toBeNull();

    cleanup();
    localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY);
    await shownBoard({}, atNoon);
    expect(within(cards()[0]!).getByText('Respond first')).toBeTruthy();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Lead status' }), 'Selling');
    await waitFor(() => expect(within(cards()[0]!).queryByText('Respond first')).toBeNull());
  });

  it('moves on with the clock: 36 min ago becomes 37 min ago at the next minute', async () => {
    const started = Date.now();
    // Half a second before 11:24 + 37 min on the widget's clock, running from there.
    const from = noon.getTime() + 59_500;
    await shownBoard({}, { inputs: { now: () => new Date(from + (Date.now() - started)) }, sandbox: { now: () => noon } });
    await within(cards()[0]!).findByText('37 min ago', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  });
});
