import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { LEAD_STATUSES, type LeadStatus } from '../../../domain/lead-status';
import { getLeads } from '../../../gateway/office/calls';
import type { LeadFiltersWire } from '../../../gateway/office/schemas';
import { loadLocalePack } from '../../../i18n/locale';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';

/**
 * The board's counts: the status filter's options and 'Show Unread Messages' show
 * how many leads each holds, from the leadkit-designed counts call, fetched after the first card.
 */

const COUNTS_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts';
const countsPath = '/gateway/lead/office/v1/leads/serviceProvider/1001/counts';
const leadsPath = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const ALL_SOURCES = ['Redemption', 'RequestAQuote', 'SR_RAQ', 'HA_OL_RAQ', 'ProDirMsgCallOptIn', 'ProDirMsgCallOptOut'];
const STATUS_LABELS: Record<LeadStatus, string> = {
  Initial: 'New',
  ContactAndQualify: 'Not Contacted',
  Selling: 'Contacted',
  InProgressWon: 'Scheduled',
  ClosedWon: 'Closed won',
  ClosedDidntWin: 'Closed lost',
};

afterEach(cleanup);
beforeAll(async () => {
  await Promise.all([preloadBoardParts(), loadLocalePack('es-US')]);
});

type View = ReturnType<typeof renderWidget>;

async function firstCard() {
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
}
const countRequests = (view: View) => view.received('POST', countsPath);
const unreadSwitch = () => screen.getByRole('switch', { name: 'Show Unread Messages' });

/** What the list holds for these filters (its total), asked after the test's own assertions on the requests. */
async function listed(view: View, filters: LeadFiltersWire): Promise<number> {
  return (await getLeads(view.client, 1001, { filters: { archived: false, displayLead: true, sources: ALL_SOURCES, ...filters }, limit: 1 })).pagination
    .totalNumber;
}

/** The text of what describes an element (its aria-describedby). */
function description(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby');
  return (id && element.ownerDocument.getElementById(id)?.textContent) || '';
}
const leadingNumber = (text: string) => Number(/^\d+/.exec(text)?.[0] ?? Number.NaN);

async function openStatusFilter() {
  await userEvent.click(await screen.findByRole('button', { name: /^Lead status/ }, { timeout: FIRST_PAGE_TIMEOUT_MS }));
}

describe('<LeadBoardRoot> counts', () => {
  it('shows each status count on its option and the unread count beside the toggle, after the first card', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await firstCard();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: /^\d+ unread$/ })).toBeTruthy(), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });
    // The toggle's name stays the spec's text exactly; the count is its description and a badge beside it.
    // The slot holds the badge (hidden from assistive technology: the words say it) and the words.
    const slot = document.getElementById(unreadSwitch().getAttribute('aria-describedby')!)!;
    const unread = leadingNumber(slot.querySelector(':not([aria-hidden])')!.textContent!);
    expect(slot.querySelector('[aria-hidden="true"]')?.textContent).toBe(String(unread));
    await openStatusFilter();
    const shown: Partial<Record<LeadStatus, number>> = {};
    for (const status of LEAD_STATUSES) {
      const checkbox = await screen.findByRole('checkbox', { name: STATUS_LABELS[status], description: /^\d+ leads?$/ }, { timeout: FIRST_PAGE_TIMEOUT_MS });
      const count = leadingNumber(description(checkbox));
      shown[status] = count;
      // The badge shows the number (hidden from assistive technology: the description says it).
      const option = checkbox.closest('label')!;
      expect(option.querySelector('[aria-hidden="true"]')?.textContent).toBe(String(count));
    }
    // One counts call, sent with the list's filters (marking the opened lead read changes no count: no second call).
    await waitFor(() => expect(view.received('POST', /\/read$/)[0]?.status).toBe(200));
    expect(countRequests(view)).toHaveLength(1);
    expect(countRequests(view)[0]!.body).toEqual({ filters: { archived: false, displayLead: true, sources: ALL_SOURCES } });
    // The numbers are the gateway's: each status alone, and the unread leads under the current filters.
    for (const status of LEAD_STATUSES) expect(shown[status], status).toBe(await listed(view, { serviceProviderLeadStatuses: [status] }));
    expect(unread).toBe(await listed(view, { hasUnreadMessages: true }));
    expect(unread).toBeGreaterThan(0);
  });

  it('shows the first card while the counts call hangs: the badges keep their places, the counts call waits for the first page', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.latency(30_000, { route: COUNTS_ROUTE, times: 1 });
    await firstCard();
    await waitFor(() => expect(countRequests(view)).toHaveLength(1));
    expect(countRequests(view)[0]!.status).toBeNull();
    // The list request was answered before the counts were asked for.
    const leads = view.received('POST', leadsPath)[0]!;
    expect(leads.seq).toBeLessThan(countRequests(view)[0]!.seq);
    expect(leads.status).toBe(200);
    // Loading: an empty badge holds the place beside the toggle and on each option; nothing is said yet.
    await waitFor(() => expect(document.querySelector('.lk-count[data-pending]')).toBeTruthy());
    expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: '' })).toBeTruthy();
    await openStatusFilter();
    const checkbox = screen.getByRole('checkbox', { name: 'Not Contacted' });
    expect(checkbox.getAttribute('aria-describedby')).toBeNull();
    expect(checkbox.closest('label')!.querySelector('[data-pending]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask for counts before the first page is on screen, even with the filter panel loaded early', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.latency(30_000, { route: LEADS_ROUTE, times: 1 });
    // The user reaches for the filters while the first page is on its way: the panel loads.
    await userEvent.click(screen.getByRole('button', { name: 'Show All Filters' }));
    await screen.findByRole('combobox', { name: 'Customer name' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    await openStatusFilter();
    // The options keep their badges' places; no counts call went out.
    expect(screen.getByRole('checkbox', { name: 'New' }).closest('label')!.querySelector('[data-pending]')).toBeTruthy();
    expect(view.received('POST', leadsPath)[0]!.status).toBeNull();
    expect(countRequests(view)).toHaveLength(0);
  });

  it('shows no counts and no error when the counts call fails; the filters keep working', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    view.sandbox.faults.status(500, undefined, { route: COUNTS_ROUTE, times: 1 });
    await firstCard();
    await waitFor(() => expect(countRequests(view)[0]?.status).toBe(500));
    await waitFor(() => expect(document.querySelector('.lk-count')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: '' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Sorry, something went wrong. Please try again later.')).toBeNull();
    await openStatusFilter();
    const contacted = screen.getByRole('checkbox', { name: 'Contacted' });
    expect(contacted.getAttribute('aria-describedby')).toBeNull();
    expect(contacted.closest('label')!.querySelector('.lk-multi-select__badge')).toBeNull();
    // The filters work: the status filter reloads the list (and asks for counts again, this time answered).
    await userEvent.click(contacted);
    await waitFor(() =>
      expect((view.received('POST', leadsPath).at(-1)!.body as { filters: LeadFiltersWire }).filters.serviceProviderLeadStatuses).toEqual(['Selling']),
    );
    expect(await screen.findByRole('checkbox', { name: 'Contacted', description: /^\d+ leads?$/ }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
  });

  it('asks again with the new filters when they change (not when the page or sort does)', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await firstCard();
    await waitFor(() => expect(countRequests(view)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: /^\d+ unread$/ })).toBeTruthy(), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });

    await userEvent.click(unreadSwitch());
    await waitFor(() => expect(countRequests(view)).toHaveLength(2));
    expect(countRequests(view)[1]!.body).toEqual({ filters: { archived: false, displayLead: true, hasUnreadMessages: true, sources: ALL_SOURCES } });

    await openStatusFilter();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Closed won' }));
    await waitFor(() => expect(countRequests(view)).toHaveLength(3));
    expect(countRequests(view)[2]!.body).toEqual({
      filters: { archived: false, displayLead: true, hasUnreadMessages: true, serviceProviderLeadStatuses: ['ClosedWon'], sources: ALL_SOURCES },
    });
    // The counts shown are those of the new filters: the unread leads among the closed-won ones.
    const expectedUnread = await listed(view, { hasUnreadMessages: true, serviceProviderLeadStatuses: ['ClosedWon'] });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: `${expectedUnread} unread` })).toBeTruthy());

    // Sorting reloads the list, not the counts.
    const listCalls = view.received('POST', leadsPath).length;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'OldestNewest');
    await waitFor(() => expect(view.received('POST', leadsPath).length).toBeGreaterThan(listCalls));
    expect(countRequests(view)).toHaveLength(3);
  });

  it('asks again once a status change has settled, and the options show the new counts', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await firstCard();
    await openStatusFilter();
    const closedWon = await screen.findByRole('checkbox', { name: 'Closed won', description: /^\d+ leads?$/ }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const before = leadingNumber(description(closedWon));
    await userEvent.keyboard('{Escape}');
    const card = screen.getAllByRole('listitem').find((item) => item.getAttribute('data-expanded') === 'true' || item.querySelector('[aria-expanded="true"]'))!;
    const select = await within(card).findByRole<HTMLSelectElement>('combobox', { name: 'Lead status' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    if (select.value === 'ClosedWon') throw new Error('the first lead is already closed won');
    const calls = countRequests(view).length;
    await userEvent.selectOptions(select, 'ClosedWon');
    await userEvent.tab();
    await waitFor(() => expect(view.received('POST', /\/status$/)[0]?.status).toBe(200), { timeout: FIRST_PAGE_TIMEOUT_MS });
    await waitFor(() => expect(countRequests(view).length).toBe(calls + 1));
    await openStatusFilter();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Closed won', description: `${before + 1} leads` })).toBeTruthy());
  });

  it('says the counts in Spanish (es-US): a status option and the unread toggle', async () => {
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-US' } });
    await screen.findByText(/^Mostrando 1 - 10 de \d+ resultados$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Mostrar mensajes no leídos', description: /^\d+ sin leer$/ })).toBeTruthy(), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Estado del cliente potencial/ }, { timeout: FIRST_PAGE_TIMEOUT_MS }));
    const options = await screen.findAllByRole('checkbox', { description: /^\d+ clientes? potencial(es)?$/ }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(options).toHaveLength(LEAD_STATUSES.length);
  });

  it("shows the counts of the host's leadCounts beside the status options and the toggle; the gateway gets no counts call", async () => {
    const statusCounts = { Initial: 12, ContactAndQualify: 1, Selling: 3, InProgressWon: 0, ClosedWon: 1000, ClosedDidntWin: 2 };
    const asked: unknown[] = [];
    const leadCounts = async ({ serviceProviderId, filters }: { serviceProviderId: number; filters: unknown }) => (
      asked.push({ serviceProviderId, filters }), { statusCounts, unreadCount: 9 }
    );
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { gateway: { leadCounts } });
    await firstCard();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: '9 unread' })).toBeTruthy(), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });
    await openStatusFilter();
    for (const [status, description, badge] of [
      ['Initial', '12 leads', '12'],
      ['ContactAndQualify', '1 lead', '1'],
      ['ClosedWon', '1000 leads', '999+'],
    ] as const) {
      const checkbox = await screen.findByRole('checkbox', { name: STATUS_LABELS[status], description }, { timeout: FIRST_PAGE_TIMEOUT_MS });
      expect(checkbox.closest('label')!.querySelector('[aria-hidden="true"]')?.textContent).toBe(badge);
    }
    expect(asked).toEqual([{ serviceProviderId: 1001, filters: { archived: false, displayLead: true, sources: ALL_SOURCES } }]);
    expect(countRequests(view)).toEqual([]);
  });

  it('with `leadCounts: false` asks nothing and, once the first card is on screen, shows no counts and no badge', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { gateway: { leadCounts: false }, hold: /\/v6\/leads\// });
    // Before the first page the options keep the badges' places as with counts (see idleCountsViewAtom).
    await userEvent.click(screen.getByRole('button', { name: 'Show All Filters' }));
    await openStatusFilter();
    view.release();
    await firstCard();
    await waitFor(() => expect(view.received('POST', /\/read$/)[0]?.status).toBe(200), { timeout: FIRST_PAGE_TIMEOUT_MS });
    for (const status of LEAD_STATUSES) {
      const checkbox = screen.getByRole('checkbox', { name: STATUS_LABELS[status] });
      expect(checkbox.getAttribute('aria-describedby')).toBeNull();
      expect(checkbox.closest('label')!.querySelector('.lk-multi-select__badge')).toBeNull();
    }
    expect(document.querySelector('.lk-count')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Show Unread Messages', description: '' })).toBeTruthy();
    expect(countRequests(view)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<LeadBoardRoot> with the markup opt-out `no-lead-counts`', () => {
  it('asks nothing, as `leadCounts: false`: no counts call, no badge, no error', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { noLeadCounts: true } });
    await firstCard();
    await waitFor(() => expect(view.received('POST', /\/read$/)[0]?.status).toBe(200), { timeout: FIRST_PAGE_TIMEOUT_MS });
    await userEvent.click(screen.getByRole('button', { name: 'Show All Filters' }));
    await openStatusFilter();
    expect(document.querySelector('.lk-count')).toBeNull();
    expect(countRequests(view)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<LeadBoardRoot> against a gateway without the counts call', () => {
  it('a 404 means not offered: no badges and no error, and the next load does not ask again', async () => {
    const first = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { sandbox: { profile: 'spec' } });
    await firstCard();
    await waitFor(() => expect(countRequests(first).map((request) => request.status)).toEqual([404]), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    // The next page load: a new element, a new client of the same gateway.
    const next = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { sandbox: { profile: 'spec' } });
    await firstCard();
    await waitFor(() => expect(next.received('POST', /\/read$/)[0]?.status).toBe(200), { timeout: FIRST_PAGE_TIMEOUT_MS });
    await userEvent.click(screen.getByRole('button', { name: 'Show All Filters' }));
    await openStatusFilter();
    expect(document.querySelector('.lk-count')).toBeNull();
    expect(countRequests(next)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("<LeadBoardRoot> 'Not answered yet'", () => {
  const notAnsweredSwitch = () => screen.getByRole('switch', { name: 'Not answered yet' });
  const lastListFilters = (view: View) => (view.received('POST', leadsPath).at(-1)!.body as { filters: LeadFiltersWire }).filters;

  it('counts the New leads under the other filters beside its switch; on, the list holds them alone; off, every status again', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await firstCard();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Not answered yet', description: /^\d+ not answered yet$/ })).toBeTruthy(), {
      timeout: FIRST_PAGE_TIMEOUT_MS,
    });
    // The badge shows the number; the words are for assistive technology.
    const slot = document.getElementById(notAnsweredSwitch().getAttribute('aria-describedby')!)!;
    const said = () => slot.querySelector(':not([aria-hidden])')?.textContent;
    const count = leadingNumber(said()!);
    expect(slot.querySelector('[aria-hidden="true"]')?.textContent).toBe(String(count));
    expect(count).toBe(await listed(view, { serviceProviderLeadStatuses: ['Initial'] }));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(await listed(view, {}));
    expect(notAnsweredSwitch().getAttribute('aria-checked')).toBe('false');

    const listCalls = view.received('POST', leadsPath).length;
    await userEvent.click(notAnsweredSwitch());
    await waitFor(() => expect(view.received('POST', leadsPath).length).toBeGreaterThan(listCalls));
    expect(lastListFilters(view).serviceProviderLeadStatuses).toEqual(['Initial']);
    expect(notAnsweredSwitch().getAttribute('aria-checked')).toBe('true');
    const shownTo = Math.min(count, 10);
    expect(await screen.findByText(`Showing 1 - ${shownTo} of ${count} results`, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    // The status filter shows the same choice, and the count stays what it said (a facet count).
    await userEvent.click(await screen.findByRole('button', { name: 'Lead status 1 selected' }, { timeout: FIRST_PAGE_TIMEOUT_MS }));
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'New' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).checked).toBe(true);
    await waitFor(() => expect(said()).toBe(`${count} not answered yet`));

    // Another status chosen beside New: the list is no longer the not-answered leads alone.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Contacted' }));
    await waitFor(() => expect(lastListFilters(view).serviceProviderLeadStatuses).toEqual(['Initial', 'Selling']));
    expect(notAnsweredSwitch().getAttribute('aria-checked')).toBe('false');
    // On again: New alone; off: no status filter at all.
    await userEvent.click(notAnsweredSwitch());
    await waitFor(() => expect(lastListFilters(view).serviceProviderLeadStatuses).toEqual(['Initial']));
    await userEvent.click(notAnsweredSwitch());
    await waitFor(() => expect(lastListFilters(view).serviceProviderLeadStatuses).toBeUndefined());
    expect(notAnsweredSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('button', { name: 'Lead status Any' })).toBeTruthy();
  });

  it('says it in Spanish (es-US)', async () => {
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-US' } });
    await screen.findByText(/^Mostrando \d+ - \d+ de \d+ resultados$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(await screen.findByRole('switch', { name: 'Sin responder', description: /^\d+ sin responder$/ }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
  });
});
