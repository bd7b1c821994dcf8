import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { archiveEvents, FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';

/**
 * Bulk actions on the board, against the in-process sandbox: selecting (checkbox,
 * shift-range, select all), the toolbar, archive / restore / mark read / mark unread for the
 * selected leads (what the sandbox received), a partial failure (one message, the failed lead
 * back and still selected), and the keyboard alone.
 */
const ARCHIVE_PATH = '/gateway/lead/office/v1/leads/serviceprovider/1001/archive';
const ARCHIVE_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive';
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;
/** The toolbar is a lazy part: preloaded here too, yet waited for as a state, never on the default 1 s. */
const TOOLBAR_TIMEOUT_MS = 15_000;

afterEach(cleanup);
beforeAll(async () => {
  await preloadBoardParts();
  await import('./bulk-part');
});

async function shownBoard(props = {}) {
  const view = renderWidget(<LeadBoardRoot spId={1001} {...props} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(SHOWING, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  await screen.findByRole('combobox', { name: 'Customer name' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The first card opens and is marked read: let that call go before counting the test's own.
  await waitFor(() => expect(view.received('POST', READ_PATH).length).toBeGreaterThan(0));
  return view;
}

const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const idOf = (card: HTMLElement) => Number(card.dataset.leadId);
const checkboxOf = (card: HTMLElement) => within(card).getByRole('checkbox', { name: /^Select lead from / });
const selectedIds = () =>
  cards()
    .filter((card) => checkboxOf(card).matches(':checked'))
    .map(idOf);
const toolbar = () => screen.findByRole('group', { name: 'Selected leads' }, { timeout: TOOLBAR_TIMEOUT_MS });
const archiveBodies = (view: ReturnType<typeof renderWidget>) => view.received('POST', ARCHIVE_PATH).map((request) => request.body);

describe('<LeadBoardRoot> selecting leads', () => {
  it('has a checkbox per card named after the customer, outside the expand button', async () => {
    await shownBoard();
    for (const card of cards()) {
      const box = checkboxOf(card);
      const name = card.querySelector('.lk-card__name')!.textContent;
      expect(box.getAttribute('aria-label')).toBe(`Select lead from ${name}`);
      expect(box.closest('button')).toBeNull();
    }
  });

  it('shows the toolbar once a lead is selected: N selected, the actions, and Clear selection (which empties it and gives the focus to the count)', async () => {
    await shownBoard();
    expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull();
    await userEvent.click(checkboxOf(cards()[1]!));
    const bar = await toolbar();
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    for (const name of ['Archive', 'Mark as read', 'Mark as unread', 'Clear selection']) expect(within(bar).getByRole('button', { name })).toBeTruthy();
    // Selecting does not open or close the card.
    expect(cards()[1]!.dataset.expanded).toBe('false');
    await userEvent.click(checkboxOf(cards()[3]!));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    expect(selectedIds()).toEqual([]);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(SHOWING));
  });

  it('shift-click selects the range from the last toggled checkbox; shift-click on a checked one unselects the range', async () => {
    await shownBoard();
    const ids = cards().map(idOf);
    await userEvent.click(checkboxOf(cards()[1]!));
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(checkboxOf(cards()[5]!));
    await user.keyboard('{/Shift}');
    expect(selectedIds()).toEqual(ids.slice(1, 6));
    expect(within(await toolbar()).getByText('5 selected')).toBeTruthy();
    // From the anchor (card 6) back to card 4, unchecked: 4–6 unselected, 2–3 stay.
    await user.keyboard('{Shift>}');
    await user.click(checkboxOf(cards()[3]!));
    await user.keyboard('{/Shift}');
    expect(selectedIds()).toEqual(ids.slice(1, 3));
  });

  it("'Select all on this page' is mixed while some are selected, selects all, and unselects all", async () => {
    await shownBoard();
    await userEvent.click(checkboxOf(cards()[0]!));
    const bar = await toolbar();
    const all = within(bar).getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);
    await userEvent.click(all);
    expect(selectedIds()).toEqual(cards().map(idOf));
    expect(within(bar).getByText('10 selected')).toBeTruthy();
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    await userEvent.click(all);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    expect(selectedIds()).toEqual([]);
  });

  it('clears the selection when the page, the sort or a filter changes', async () => {
    await shownBoard();
    await userEvent.click(checkboxOf(cards()[0]!));
    await toolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText(/^Showing 11 - 20 of/)).toBeTruthy());
    expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull();
    expect(selectedIds()).toEqual([]);
    await userEvent.click(checkboxOf(cards()[0]!));
    await toolbar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'OldestNewest');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    expect(selectedIds()).toEqual([]);
    await userEvent.click(checkboxOf(cards()[0]!));
    await toolbar();
    await userEvent.click(screen.getByRole('switch', { name: 'Show Unread Messages' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    expect(selectedIds()).toEqual([]);
  });
});

describe('<LeadBoardRoot> bulk actions', () => {
  it('archives the selected leads: one call and one lk-lead-archive each, all leave the list at once, one polite summary, the selection empties and the focus goes to the count', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    const count = screen.getByText(SHOWING).textContent!;
    const total = Number(/of (\d+)/.exec(count)![1]);
    const chosen = [cards()[1]!, cards()[2]!, cards()[4]!].map(idOf);
    for (const id of chosen) await userEvent.click(checkboxOf(cards().find((card) => idOf(card) === id)!));
    const bar = await toolbar();
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('3 leads archived', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    expect(screen.getByText('3 leads archived').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    for (const id of chosen) expect(cards().map(idOf)).not.toContain(id);
    expect(archiveBodies(view).sort((a, b) => (a as { leadId: number }).leadId - (b as { leadId: number }).leadId)).toEqual(
      [...chosen].sort((a, b) => a - b).map((leadId) => ({ serviceProviderId: 1001, leadId, archived: true })),
    );
    for (const id of chosen) expect(view.sandbox.store.lead(id)?.assignments.find((a) => a.spId === 1001)?.archived).toBe(true);
    expect([...events].sort((a, b) => a.leadId - b.leadId)).toEqual([...chosen].sort((a, b) => a - b).map((leadId) => ({ leadId, archived: true })));
    await waitFor(() => expect(screen.getByText(`Showing 1 - 10 of ${total - 3} results`)).toBeTruthy());
    expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(SHOWING));
  });

  it('on a partial failure: the failed lead comes back alone and stays selected, the others are archived, and ONE alert says so', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    const chosen = [cards()[0]!, cards()[1]!, cards()[2]!].map(idOf);
    for (const id of chosen) await userEvent.click(checkboxOf(cards().find((card) => idOf(card) === id)!));
    const bar = await toolbar();
    view.sandbox.faults.status(500, undefined, { route: ARCHIVE_ROUTE, times: 1 });
    const archive = within(bar).getByRole('button', { name: 'Archive' });
    await userEvent.click(archive);
    const alert = await screen.findByRole('alert', undefined, { timeout: TOOLBAR_TIMEOUT_MS });
    await waitFor(() => expect(alert.textContent).toContain("2 of 3 leads archived. 1 couldn't be archived. Try again."));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('We could not archive this lead. Please try again.')).toBeNull();
    const failedId = view.received('POST', ARCHIVE_PATH).find((request) => request.status === 500)?.body as { leadId: number };
    expect(chosen).toContain(failedId.leadId);
    const archived = chosen.filter((id) => id !== failedId.leadId);
    await waitFor(() => expect(cards().map(idOf)).toContain(failedId.leadId));
    for (const id of archived) {
      expect(cards().map(idOf)).not.toContain(id);
      expect(view.sandbox.store.lead(id)?.assignments.find((a) => a.spId === 1001)?.archived).toBe(true);
    }
    expect(view.sandbox.store.lead(failedId.leadId)?.assignments.find((a) => a.spId === 1001)?.archived).toBe(false);
    expect(selectedIds()).toEqual([failedId.leadId]);
    // The host heard each lead asked for once, the failed one too (the event says what was asked).
    expect(events.map((event) => event.leadId).sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b));
    // The toolbar stayed with the focus on Archive: pressing it again tries the failed lead again.
    expect(within(await toolbar()).getByText('1 selected')).toBeTruthy();
    expect(document.activeElement).toBe(archive);
    await userEvent.click(archive);
    expect(await screen.findByText('1 lead archived', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    await waitFor(() => expect(cards().map(idOf)).not.toContain(failedId.leadId));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(events.slice(chosen.length)).toEqual([{ leadId: failedId.leadId, archived: true }]);
  });

  it('marks the selected leads read and unread: calls for exactly the selected leads that change (one already so is skipped)', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    const before = view.received('POST', READ_PATH).length;
    // The first card was opened (so read: its answer on the card first — under load it lands
    // late, and the card counted as unread was picked twice), and two unread ones.
    await waitFor(() => expect(cards()[0]!.dataset.read).toBe('true'), { timeout: TOOLBAR_TIMEOUT_MS });
    const unread = cards()
      .filter((card) => card.dataset.read === 'false')
      .slice(0, 2);
    expect(unread).toHaveLength(2);
    const picks = [cards()[0]!, ...unread];
    // Each pick shown selected before the next (the first loads the toolbar's code).
    for (const [index, card] of picks.entries()) {
      await userEvent.click(checkboxOf(card));
      await waitFor(() => expect(selectedIds()).toEqual(picks.slice(0, index + 1).map(idOf)), { timeout: TOOLBAR_TIMEOUT_MS });
    }
    const readBefore = new Map(picks.map((card) => [idOf(card), card.dataset.read === 'true']));
    const bar = await toolbar();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByText('3 leads marked as unread', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    const unreadCalls = view
      .received('POST', READ_PATH)
      .slice(before)
      .map((request) => request.body as { leadId: number; read: boolean });
    const wasRead = [...readBefore].filter(([, read]) => read).map(([id]) => id);
    // Both kinds are among the picks: the read ones get a call, the unread ones are skipped.
    expect(wasRead.length).toBeGreaterThan(0);
    expect(wasRead.length).toBeLessThan(picks.length);
    expect(unreadCalls.map((body) => body.leadId).sort()).toEqual(wasRead.sort());
    expect(unreadCalls.every((body) => body.read === false)).toBe(true);
    for (const card of picks) expect(cards().find((c) => idOf(c) === idOf(card))!.dataset.read).toBe('false');
    // Still selected: mark them read again — a call for each of the three now.
    expect(selectedIds()).toEqual(picks.map(idOf));
    const middle = view.received('POST', READ_PATH).length;
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('3 leads marked as read', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    const readCalls = view
      .received('POST', READ_PATH)
      .slice(middle)
      .map((request) => request.body as { leadId: number; read: boolean });
    expect(readCalls.map((body) => body.leadId).sort()).toEqual(picks.map(idOf).sort());
    expect(readCalls.every((body) => body.read === true)).toBe(true);
    for (const id of picks.map(idOf)) expect(view.sandbox.store.lead(id)?.assignments.find((a) => a.spId === 1001)?.read).toBe(true);
    // Marks are not archives: the host heard no lk-lead-archive.
    expect(events).toEqual([]);
  });

  it('restores the selected leads in the archived view: one call and one lk-lead-archive each', async () => {
    const view = await shownBoard();
    const events = archiveEvents(view.host);
    await userEvent.click(screen.getByRole('switch', { name: 'Archived leads' }));
    await screen.findAllByRole('button', { name: 'Move to Active Leads' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const chosen = cards().slice(0, 2).map(idOf);
    for (const id of chosen) await userEvent.click(checkboxOf(cards().find((card) => idOf(card) === id)!));
    const bar = await toolbar();
    expect(within(bar).queryByRole('button', { name: 'Archive' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('2 leads moved to Active Leads', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    expect(
      archiveBodies(view)
        .map((body) => body as { leadId: number; archived: boolean })
        .sort((a, b) => a.leadId - b.leadId),
    ).toEqual([...chosen].sort((a, b) => a - b).map((leadId) => ({ serviceProviderId: 1001, leadId, archived: false })));
    expect([...events].sort((a, b) => a.leadId - b.leadId)).toEqual([...chosen].sort((a, b) => a - b).map((leadId) => ({ leadId, archived: false })));
    for (const id of chosen) expect(cards().map(idOf)).not.toContain(id);
  });

  it('works from the keyboard alone: Space, shift+Space for a range, shift+Tab back to the toolbar, Enter on Archive, Escape clears', async () => {
    const view = await shownBoard();
    const user = userEvent.setup();
    const ids = cards().map(idOf);
    /** Presses Tab (or shift+Tab) until `target` has the focus; fails after 40 presses. */
    const tabTo = async (target: Element, backwards = false) => {
      for (let presses = 0; document.activeElement !== target; presses++) {
        if (presses > 40) throw new Error(`Tab never reached ${target.outerHTML.slice(0, 80)}`);
        await user.tab({ shift: backwards });
      }
    };
    // The third card's checkbox, from the second one's, with Tab.
    checkboxOf(cards()[1]!).focus();
    await tabTo(checkboxOf(cards()[2]!));
    await user.keyboard(' ');
    expect(selectedIds()).toEqual([ids[2]]);
    // On to the fifth card's checkbox (read toggle, expand button, Message link between), shift+Space.
    await tabTo(checkboxOf(cards()[4]!));
    await user.keyboard('{Shift>} {/Shift}');
    expect(selectedIds()).toEqual(ids.slice(2, 5));
    // Back up with shift+Tab: past the cards, the toolbar is the list's header row.
    const bar = await toolbar();
    const archive = within(bar).getByRole('button', { name: 'Archive' });
    await tabTo(archive, true);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('3 leads archived', undefined, { timeout: TOOLBAR_TIMEOUT_MS })).toBeTruthy();
    expect(view.received('POST', ARCHIVE_PATH)).toHaveLength(3);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(SHOWING));
    // From the count, Tab reaches the first card's checkbox; Space selects; Escape in the toolbar empties the selection.
    await tabTo(checkboxOf(cards()[0]!));
    await user.keyboard(' ');
    await tabTo(within(await toolbar()).getByRole('button', { name: 'Mark as read' }), true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    expect(selectedIds()).toEqual([]);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(SHOWING));
  });
});
