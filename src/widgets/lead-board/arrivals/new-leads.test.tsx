import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { ARRIVALS_FIRST_DELAY_MS } from './arrivals.logic';

/**
 * New leads while the board is open, against the in-process sandbox: what it received, and what
 * the board shows. The page's timers are faked (they still run with real time), so a wait of
 * minutes is a step.
 */

const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const UI_TIMEOUT = { timeout: 15_000 };
const S = 1000;

beforeAll(preloadBoardParts);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function shownBoard() {
  const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  await screen.findByRole('combobox', { name: 'Customer name' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The first card opened and was marked read: the board is settled.
  await waitFor(() => expect(view.received('POST', READ_PATH)).toHaveLength(1), UI_TIMEOUT);
  // The new-leads watch is mounted (once the page is idle after the first card; its live region
  // is there from then) and its effects have run, so its first check's timer is set: moving the
  // clock on before that (a busy machine) moved nothing, and the check came 30 real seconds later.
  await waitFor(() => expect(view.container.querySelector('.lk-board__arrivals')).not.toBeNull(), UI_TIMEOUT);
  await act(async () => {});
  return view;
}

const leadCalls = (view: ReturnType<typeof renderWidget>) => view.received('POST', LEADS_PATH);
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
/** Moves the page's timers on by `ms` and lets the checks they start answer. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
/** Settled: no leads call of the sandbox's still unanswered. */
async function settled(view: ReturnType<typeof renderWidget>) {
  await waitFor(() => expect(leadCalls(view).every((call) => call.status !== null)).toBe(true), UI_TIMEOUT);
}

describe('<LeadBoardRoot> new leads', () => {
  it("finds a lead that arrived with the board's own call, shows '1 new lead' and, activated, shows it on top, the open card and its note kept", async () => {
    const view = await shownBoard();
    const loads: unknown[] = [];
    view.host.addEventListener('lk-load', (event) => loads.push(event));
    // The pro opened the second card.
    const second = cards()[1] as HTMLElement;
    await userEvent.click(within(within(second).getByRole('heading', { level: 2 })).getByRole('button'));
    const openId = second.getAttribute('data-lead-id');
    // …and is typing a note in it.
    await userEvent.click(await within(second).findByRole('button', { name: 'Edit' }, UI_TIMEOUT));
    await userEvent.type(within(second).getByRole('textbox', { name: 'Your Notes' }), 'Call after 5pm');
    const firstRequest = leadCalls(view)[0]?.body;
    const tracked = view.analytics.track.mock.calls.length;

    view.sandbox.createLead({ serviceProviderId: 1001, firstName: 'Nova', lastName: 'Arrival' });
    await wait(ARRIVALS_FIRST_DELAY_MS);
    await settled(view);
    const button = await screen.findByRole('button', { name: '1 new lead' }, UI_TIMEOUT);
    // The same call as the board's first page, and nothing else changed: not the list, no read mark, no lk-load, no analytics.
    expect(leadCalls(view)).toHaveLength(2);
    // (the board's very first call goes out beside the provider info, before its name is known)
    expect(leadCalls(view)[1]?.body).toEqual({ ...(firstRequest as object), businessName: 'Acme Plumbing & Heating' });
    expect(screen.queryByText('Nova Arrival')).toBeNull();
    expect(view.received('POST', READ_PATH)).toHaveLength(1);
    expect(loads).toHaveLength(0);
    expect(view.analytics.track.mock.calls.length).toBe(tracked);
    expect(document.querySelector('.lk-board__list')?.getAttribute('aria-busy')).toBe('false');
    // Announced: the button is in a polite live region.
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();

    await userEvent.click(button);
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('Nova Arrival')).toBeTruthy(), UI_TIMEOUT);
    expect(screen.queryByRole('button', { name: /new lead/ })).toBeNull();
    const stillOpen = cards().find((card) => card.getAttribute('data-lead-id') === openId) as HTMLElement;
    expect(stillOpen.getAttribute('data-expanded')).toBe('true');
    expect((within(stillOpen).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement).value).toBe('Call after 5pm');
    expect(document.activeElement?.textContent).toMatch(/^Showing 1 - 10 of \d+ results$/);
    // Shown: not new any more at the next check.
    await wait(ARRIVALS_FIRST_DELAY_MS);
    await settled(view);
    expect(leadCalls(view)).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /new lead/ })).toBeNull();
  }, 60_000);

  it("counts several ('2 new leads') and not a lead restored from the archive", async () => {
    const view = await shownBoard();
    // A lead archived before the board opened, restored now: on the first page (created just
    // before the newest shown), never shown, yet not new.
    const mine = view.sandbox.store.leads.filter((lead) => lead.assignments.some((a) => a.spId === 1001));
    const newest = Math.max(...mine.map((lead) => Date.parse(lead.createDate)));
    const archived = mine.find((lead) => lead.assignments.some((a) => a.spId === 1001 && a.archived));
    if (!archived) throw new Error('the seed has an archived lead');
    archived.createDate = new Date(newest - 60 * S).toISOString();
    for (const assignment of archived.assignments) assignment.archived = false;
    view.sandbox.createLead({ serviceProviderId: 1001 });
    view.sandbox.createLead({ serviceProviderId: 1001 });
    await wait(ARRIVALS_FIRST_DELAY_MS);
    await settled(view);
    await userEvent.click(await screen.findByRole('button', { name: '2 new leads' }, UI_TIMEOUT));
    // The restored lead is on the first page now, among the others.
    await waitFor(() => expect(cards().map((card) => Number(card.getAttribute('data-lead-id')))).toContain(archived.leadId), UI_TIMEOUT);
  }, 60_000);

  it('on another page: activating it goes to the first page, the new lead on top', async () => {
    const view = await shownBoard();
    await userEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await screen.findByText(/^Showing 11 - 20 of \d+ results$/, undefined, UI_TIMEOUT);
    await settled(view);
    view.sandbox.createLead({ serviceProviderId: 1001, firstName: 'Nova', lastName: 'Arrival' });
    await wait(ARRIVALS_FIRST_DELAY_MS);
    await settled(view);
    await userEvent.click(await screen.findByRole('button', { name: '1 new lead' }, UI_TIMEOUT));
    await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, UI_TIMEOUT);
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('Nova Arrival')).toBeTruthy(), UI_TIMEOUT);
  }, 60_000);

  it('backs off while nothing arrives, asks nothing while the page is hidden (once when shown again) or the board is detached', async () => {
    // A bare board: nothing watches for the pro in another tab (no title count, notifications off), so hidden the checks pause.
    const view = await shownBoard();
    const asked = () => leadCalls(view).length;
    expect(asked()).toBe(1);
    await wait(30 * S);
    await settled(view);
    expect(asked()).toBe(2);
    // Nothing new: the next comes after 60 s, then 120 s.
    await wait(59 * S);
    expect(asked()).toBe(2);
    await wait(1 * S);
    await settled(view);
    expect(asked()).toBe(3);
    await wait(119 * S);
    expect(asked()).toBe(3);
    await wait(1 * S);
    await settled(view);
    expect(asked()).toBe(4);

    // Hidden for 20 minutes: nothing; shown again: one check at once.
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await wait(20 * 60 * S);
    expect(asked()).toBe(4);
    vi.restoreAllMocks();
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settled(view);
    expect(asked()).toBe(5);

    // Out of the document (still mounted): nothing is asked.
    view.container.remove();
    await wait(20 * 60 * S);
    expect(asked()).toBe(5);
  }, 60_000);

  it('does not watch a board sorted oldest first', async () => {
    const view = await shownBoard();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Oldest to Newest');
    await waitFor(() => expect(leadCalls(view)).toHaveLength(2), UI_TIMEOUT);
    await settled(view);
    view.sandbox.createLead({ serviceProviderId: 1001 });
    await wait(10 * 60 * S);
    expect(leadCalls(view)).toHaveLength(2);
  }, 60_000);
});
