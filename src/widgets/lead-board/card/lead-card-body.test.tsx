import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { createSandboxGateway, SANDBOX_LEADS } from '@leadkit/sandbox';
import { createGatewayClient } from '../../../gateway/core/client';
import { STATUS_SEND_DELAY_MS } from '../changes/card-atoms';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';

afterEach(cleanup);
beforeAll(preloadBoardParts);

/** The board with `leadId` featured: it is first and open. */
async function openLead(leadId: number) {
  const view = renderWidget(<LeadBoardRoot spId={1001} leadId={leadId} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === leadId)!;
  expect(card.dataset.expanded).toBe('true');
  return { ...view, card };
}

describe('expanded card: status', () => {
  const STATUS_ROUTE = 'POST /gateway/lead/office/v2/leads/:id/status';
  const lead = SANDBOX_LEADS.newest; // status 'Initial' ('New': no label in the header)
  const statusSelect = (card: HTMLElement) => within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Lead status' });
  const headerLabel = (card: HTMLElement) => card.querySelector('.lk-card__header .lk-status')?.textContent ?? null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The status bodies the sandbox received for the lead, oldest first. */
  const statusBodies = (received: ReturnType<typeof renderWidget>['received']) =>
    received('POST', `/gateway/lead/office/v2/leads/${lead}/status`).map((request) => request.body);

  /**
   * The status delay runs on a fake clock once the card is open: a slow machine must not decide
   * when a choice is sent. Only setTimeout/clearTimeout are faked, so React's scheduler and the
   * sandbox keep running. Choices are plain change events (user-event's async wrapper waits on a
   * setTimeout the fake clock would hold); leaving the select is a real blur.
   */
  function controlClock() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    return {
      choose: (select: HTMLSelectElement, status: string) => fireEvent.change(select, { target: { value: status } }),
      leave: (select: HTMLSelectElement) => act(() => select.blur()),
    };
  }
  /** Moves the fake clock and lets the requests it starts reach the sandbox. */
  const advance = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    for (let turn = 0; turn < 5; turn++) await act(() => vi.advanceTimersByTimeAsync(0));
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the chosen status in the header at once and sends it once, after the delay', async () => {
    const { card, received, host } = await openLead(lead);
    const events: unknown[] = [];
    host.addEventListener('lk-lead-status-change', (event) => events.push((event as CustomEvent).detail));
    const input = controlClock();
    input.choose(statusSelect(card), 'InProgressWon');
    expect(headerLabel(card)).toBe('Scheduled');
    await advance(STATUS_SEND_DELAY_MS - 10);
    expect(statusBodies(received)).toEqual([]); // not yet: a later change may replace it
    await advance(10);
    expect(statusBodies(received)).toEqual([{ serviceProviderId: 1001, status: 'InProgressWon' }]);
    expect(events).toEqual([{ leadId: lead, status: 'InProgressWon' }]);
    expect(card.dataset.read).toBe('true');
  });

  it('sends one request with the last value for three quick changes (arrow keys through the closed select)', async () => {
    const { card, received, host, sandbox } = await openLead(lead);
    const events: unknown[] = [];
    host.addEventListener('lk-lead-status-change', (event) => events.push((event as CustomEvent).detail));
    const select = statusSelect(card);
    const input = controlClock();
    input.choose(select, 'ContactAndQualify');
    expect(headerLabel(card)).toBe('Not Contacted');
    await advance(STATUS_SEND_DELAY_MS - 10);
    input.choose(select, 'Selling');
    expect(headerLabel(card)).toBe('Contacted');
    await advance(STATUS_SEND_DELAY_MS - 10);
    input.choose(select, 'InProgressWon');
    expect(headerLabel(card)).toBe('Scheduled');
    expect(statusBodies(received)).toEqual([]); // each choice restarted the delay
    await advance(STATUS_SEND_DELAY_MS * 3);
    expect(statusBodies(received)).toEqual([{ serviceProviderId: 1001, status: 'InProgressWon' }]);
    expect(events).toEqual([{ leadId: lead, status: 'InProgressWon' }]);
    expect(sandbox.store.leads.find((candidate) => candidate.leadId === lead)?.assignments.find((a) => a.spId === 1001)?.status).toBe('InProgressWon');
    expect(select.value).toBe('InProgressWon');
  });

  it('sends at once when the select is left', async () => {
    const { card, received } = await openLead(lead);
    const select = statusSelect(card);
    select.focus();
    const input = controlClock();
    input.choose(select, 'Selling');
    await input.leave(select);
    expect(document.activeElement).not.toBe(select);
    await advance(0); // no time passes: leaving the select sends
    expect(statusBodies(received)).toEqual([{ serviceProviderId: 1001, status: 'Selling' }]);
    await advance(STATUS_SEND_DELAY_MS * 2);
    expect(statusBodies(received)).toHaveLength(1); // the delay does not send it a second time
  });

  it('sends a waiting choice at once when the page goes out of sight or away (a closed tab, an app switch), once', async () => {
    const { card, received } = await openLead(lead);
    const input = controlClock();
    input.choose(statusSelect(card), 'Selling');
    await advance(0);
    expect(statusBodies(received)).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await advance(0); // no time passes: hiding the page sends
      expect(statusBodies(received)).toEqual([{ serviceProviderId: 1001, status: 'Selling' }]);
      window.dispatchEvent(new Event('pagehide'));
      await advance(STATUS_SEND_DELAY_MS * 2);
      expect(statusBodies(received)).toHaveLength(1); // neither the page going away nor the delay sends it again
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(document.visibilityState).toBe('visible');
  });

  it('sends nothing when the choice ends on the saved status, after the delay or on leaving', async () => {
    const { card, received, host } = await openLead(lead);
    const events: unknown[] = [];
    host.addEventListener('lk-lead-status-change', (event) => events.push((event as CustomEvent).detail));
    const select = statusSelect(card);
    select.focus();
    const input = controlClock();
    input.choose(select, 'ClosedWon');
    expect(headerLabel(card)).toBe('Closed won');
    input.choose(select, 'Initial');
    expect(headerLabel(card)).toBeNull();
    await advance(STATUS_SEND_DELAY_MS * 2);
    input.choose(select, 'Selling');
    input.choose(select, 'Initial');
    await input.leave(select);
    await advance(STATUS_SEND_DELAY_MS * 2);
    expect(statusBodies(received)).toEqual([]);
    expect(events).toEqual([]);
    expect(select.value).toBe('Initial');
    expect(headerLabel(card)).toBeNull();
  });

  it('never lets a late answer for a superseded choice overwrite the newer status', async () => {
    // The gateway takes the first status at once, but its answer arrives only after the newer
    // choice was saved (and ignores the abort, as a response already on its way would).
    const sandbox = createSandboxGateway();
    let releaseFirst: () => void = () => {};
    const firstAnswerHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let statusCalls = 0;
    let firstSignal: AbortSignal | null | undefined;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET') === 'POST' && url.endsWith(`/leads/${lead}/status`) && statusCalls++ === 0) {
        firstSignal = init?.signal;
        const response = await sandbox.fetch(input, { ...init, signal: null });
        await firstAnswerHeld;
        return response;
      }
      return sandbox.fetch(input, init);
    }) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
    renderWidget(<LeadBoardRoot spId={1001} leadId={lead} />, LEAD_BOARD_CATALOGUE, { inputs: { gateway: client } });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === lead)!;
    const select = statusSelect(card);
    const sent = () => sandbox.store.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/leads/${lead}/status`)).map((r) => r.body);

    select.focus();
    await userEvent.selectOptions(select, 'Selling');
    await userEvent.tab(); // sent at once; its answer is held
    await waitFor(() => expect(sent()).toEqual([{ serviceProviderId: 1001, status: 'Selling' }]));
    expect(firstSignal?.aborted).toBe(false);
    select.focus();
    await userEvent.selectOptions(select, 'ClosedDidntWin');
    expect(firstSignal?.aborted).toBe(true); // the newer choice aborted the one in flight
    await userEvent.tab();
    await waitFor(() => expect(sent()).toHaveLength(2));
    await waitFor(() => expect(sandbox.store.requests.filter((r) => r.path.endsWith(`/leads/${lead}/status`)).map((r) => r.status)).toEqual([200, 200]));
    expect(headerLabel(card)).toBe('Closed lost');

    releaseFirst();
    await sleep(100);
    expect(headerLabel(card)).toBe('Closed lost');
    expect(select.value).toBe('ClosedDidntWin');
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(sent()).toEqual([
      { serviceProviderId: 1001, status: 'Selling' },
      { serviceProviderId: 1001, status: 'ClosedDidntWin' },
    ]);
    expect(sandbox.store.leads.find((candidate) => candidate.leadId === lead)?.assignments.find((a) => a.spId === 1001)?.status).toBe('ClosedDidntWin');
  });

  it('says a failure beside the select, rolls the header back, and clears the message on the next success', async () => {
    const { card, sandbox, received } = await openLead(lead);
    const fault = sandbox.faults.status(500, undefined, { route: STATUS_ROUTE });
    const select = statusSelect(card);
    // A change event, not user-event: the header must be read before the status delay sends the
    // call (user-event's own steps outlasted it on a busy machine, and the failure had already
    // rolled the header back).
    fireEvent.change(select, { target: { value: 'ClosedWon' } });
    expect(headerLabel(card)).toBe('Closed won');
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('We could not change the status of this lead. Please try again.');
    // Beside the select, and describing it; no second message at the top of the board.
    expect(within(card).getByRole('combobox', { name: 'Lead status', description: 'We could not change the status of this lead. Please try again.' })).toBe(
      select,
    );
    expect(alert.parentElement).toBe(select.closest('.lk-select')?.parentElement);
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    expect(select.value).toBe('Initial');
    expect(headerLabel(card)).toBeNull();
    expect(statusBodies(received)).toEqual([{ serviceProviderId: 1001, status: 'ClosedWon' }]);

    // Failing again: the message is put in anew (a new alert node), so it is announced again.
    await userEvent.selectOptions(select, 'ClosedDidntWin');
    await waitFor(() => expect(statusBodies(received)).toHaveLength(2));
    await waitFor(() => expect(within(card).getByRole('alert')).not.toBe(alert));
    expect(within(card).getAllByRole('alert')).toHaveLength(1);
    expect(select.value).toBe('Initial');

    fault.remove();
    await userEvent.selectOptions(select, 'Selling');
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
    expect(select.getAttribute('aria-describedby')).toBeNull();
    expect(headerLabel(card)).toBe('Contacted');
    expect(statusBodies(received)).toHaveLength(3);
  });

  it('rolls back to the last saved status, not to the one the board loaded with', async () => {
    const { card, sandbox, received } = await openLead(lead);
    const select = statusSelect(card);
    await userEvent.selectOptions(select, 'Selling');
    await waitFor(() => expect(statusBodies(received)).toHaveLength(1));
    sandbox.faults.status(500, undefined, { route: STATUS_ROUTE });
    await userEvent.selectOptions(select, 'ClosedWon');
    await within(card).findByRole('alert');
    expect(select.value).toBe('Selling');
    expect(headerLabel(card)).toBe('Contacted');
  });
});

describe('expanded card: Your Notes', () => {
  it('edits, counts, saves and shows the saved notes; the server gets the note', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Call after 5pm 🙂');
    expect(within(card).getByText('16 / 2048')).toBeTruthy(); // the emoji counts once
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Call after 5pm 🙂')).toBeTruthy();
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/note`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      note: 'Call after 5pm 🙂',
    });
  });

  it('accepts 2048 characters and refuses 2049 with a clear message', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.clear(editor);
    await userEvent.click(editor);
    await userEvent.paste('x'.repeat(2048));
    expect(within(card).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    await userEvent.paste('y');
    expect(within(card).getByText('2049 / 2048')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toMatch(/at most 2048 characters/);
    expect(within(card).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(editor.value).toHaveLength(2049); // nothing typed is thrown away
  });

  it('keeps the typed text with the spec message when saving fails', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.newest);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/note' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.type(editor, ' keep me');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(editor.value).toContain('keep me');
  });

  it('after a failed save the focus stays on Save, where a second press tries again; the text is kept, the message said', async () => {
    const { card, sandbox, received } = await openLead(SANDBOX_LEADS.newest);
    const route = 'POST /gateway/lead/office/v2/leads/:id/note';
    const fault = sandbox.faults.status(500, undefined, { route });
    const slow = sandbox.faults.latency(300, { route });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Side door');
    await userEvent.tab();
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(save);
    await userEvent.keyboard('{Enter}');
    // While it is sent (300 ms), Save says it is unavailable but is not disabled (a browser takes the
    // focus off a disabled button, to the page), and the text cannot change under it.
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(save);
    expect(editor.readOnly).toBe(true);
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Save' }));
    expect(editor.value).toBe('Side door');
    expect(editor.readOnly).toBe(false);
    expect(within(card).getByRole('textbox', { name: 'Your Notes', description: /There was an error updating your notes/ })).toBe(editor);

    fault.remove();
    slow.remove();
    await userEvent.keyboard('{Enter}');
    expect(await within(card).findByText('Side door')).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Edit' }));
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/note`).map((request) => request.status)).toEqual([500, 200]);
  });

  it('cancel restores the saved text', async () => {
    const { card } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const savedText = within(card).getByRole('heading', { name: 'Your Notes' }).nextElementSibling?.textContent;
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'scratch');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('textbox', { name: 'Your Notes' })).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Your Notes' }).nextElementSibling?.textContent).toBe(savedText);
  });
});

describe('expanded card: contact and details', () => {
  it('hides contact details until Contact is pressed, then shows a tel link', async () => {
    const { card } = await openLead(SANDBOX_LEADS.maskedActive);
    expect(within(card).queryByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    // The details' code comes after the card's first frame (card-extras-part.ts): wait for them.
    const tel = await within(card).findByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(tel.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
  });

  it("shows 'Expired' instead of an expired masked number", async () => {
    const { card } = await openLead(SANDBOX_LEADS.maskedExpired);
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    expect(await within(card).findByText('Expired', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeNull();
  });

  it('says when the customer gave no phone number', async () => {
    const { card } = await openLead(SANDBOX_LEADS.noPhone);
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    expect(await within(card).findByText('This customer did not provide a phone number.', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
  });

  it('a card the pro opens shows its whole body in the commit that answers the tap: status, project details and the offer’s place (nothing under it moves later)', async () => {
    // What the DOM held at each commit where the card's body was there: a part rendered a frame
    // later (a deferred render) would be missing from the first one.
    const commits: { status: boolean; details: boolean; offer: boolean }[] = [];
    const watch: { card?: HTMLElement | undefined } = {};
    const onCommit = () => {
      const watched = watch.card;
      if (!watched?.querySelector('select')) return;
      commits.push({
        status: within(watched).queryByRole('combobox', { name: 'Lead status' }) !== null,
        details: within(watched).queryByRole('heading', { name: 'Project Details' }) !== null,
        offer: watched.querySelector('[part="insurance-banner"]') !== null,
      });
    };
    const view = renderWidget(
      <Profiler id="board" onRender={onCommit}>
        <LeadBoardRoot spId={1001} />
      </Profiler>,
      LEAD_BOARD_CATALOGUE,
    );
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const hasBoth = (leadId: number) =>
      view.sandbox.store.leads.some(
        (lead) =>
          lead.leadId === leadId && lead.questions.length > 0 && lead.assignments.some((a) => a.spId === 1001 && a.thimbleUrl && !a.archived && a.displayed),
      );
    const card = screen.getAllByRole('listitem').find((item) => item.dataset.expanded === 'false' && hasBoth(Number(item.dataset.leadId)));
    expect(card).toBeDefined();
    watch.card = card;
    await userEvent.click(within(within(card!).getByRole('heading', { level: 2 })).getByRole('button'));
    expect(commits[0]).toEqual({ status: true, details: true, offer: true });
    expect(await within(card!).findByText('starting at $30/month', { exact: false })).toBeTruthy();
  });

  it('shows four questions, then Read More / Read Less for the rest', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    const questions = () =>
      within(card)
        .getAllByRole('term')
        .filter((term) => term.closest('.lk-card__qa'));
    expect(questions()).toHaveLength(4);
    await userEvent.click(within(card).getByRole('button', { name: 'Read More' }));
    expect(questions().length).toBeGreaterThan(4);
    await userEvent.click(within(card).getByRole('button', { name: 'Read Less' }));
    expect(questions()).toHaveLength(4);
  });

  it("lays each question and answer out by its own words' direction (gateway text in any page direction)", async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    const rows = [...card.querySelectorAll('.lk-card__qa dt, .lk-card__qa dd')];
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((row) => row.getAttribute('dir') !== 'auto').map((row) => row.textContent)).toEqual([]);
  });

  it("has its own Message link after location and contact, to the header button's conversation thread, announced by lk-navigate", async () => {
    const { card, host } = await openLead(SANDBOX_LEADS.newest);
    const header = card.querySelector<HTMLElement>('.lk-card__header')!;
    const body = card.querySelector<HTMLElement>('.lk-card__body')!;
    const button = within(header).getByRole('link', { name: /^Message/ });
    const link = within(body).getByRole('link', { name: /^Message/ });
    // The header's button and the body's link: two, nothing more.
    expect(within(card).getAllByRole('link', { name: /^Message/ })).toEqual([button, link]);
    const thread = new RegExp(`^/app/conversation/1001/thread/\\d+\\?leadId=${SANDBOX_LEADS.newest}$`);
    expect(link.getAttribute('href')).toMatch(thread);
    expect(link.getAttribute('href')).toBe(button.getAttribute('href'));
    // Its text and the unread dot, like the button (the newest lead has unread messages).
    expect(link.textContent).toBe('Message');
    expect(within(link).getByRole('img', { name: 'Unread messages' })).toBeTruthy();
    // Where the spec's list puts it: after location and contact, before 'Lead status'.
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(within(body).getByRole('heading', { name: 'Location' }), link)).toBe(true);
    expect(follows(within(body).getByRole('button', { name: 'Contact' }), link)).toBe(true);
    expect(follows(link, within(body).getByRole('combobox', { name: 'Lead status' }))).toBe(true);
    const navigations: unknown[] = [];
    host.addEventListener('lk-navigate', (event) => {
      navigations.push((event as CustomEvent).detail);
      event.preventDefault(); // a host router takes over (and happy-dom does not navigate)
    });
    await userEvent.click(link);
    expect(navigations).toEqual([{ url: (link as HTMLAnchorElement).href, kind: 'conversation-thread', newTab: false }]);
  });

  describe("the office inbox: a host flag (office_inbox) and the host's route to it", () => {
    const officeInbox = ({ serviceProviderId, userId }: { serviceProviderId: number; userId: number }) =>
      `https://office.example/${serviceProviderId}/inbox?customer=${userId}`;
    async function messageLinks(inputs: Record<string, unknown>) {
      // Provider 1003: the sandbox still sends `inboxEnabled: true` for it, which leadkit no longer reads.
      const view = renderWidget(<LeadBoardRoot spId={1003} />, LEAD_BOARD_CATALOGUE, { auth: { kind: 'provider', spId: 1003 }, inputs });
      await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
      await screen.findByRole('heading', { level: 1, name: /^Leads for / }, { timeout: FIRST_PAGE_TIMEOUT_MS });
      const card = screen.getAllByRole('listitem').find((item) => item.dataset.expanded === 'true')!;
      const body = within(card.querySelector<HTMLElement>('.lk-card__body')!).getByRole('link', { name: /^Message/ });
      const header = within(card.querySelector<HTMLElement>('.lk-card__header')!).getByRole('link', { name: /^Message/ });
      return { view, body, header };
    }

    it("with the flag on and the route given, leads to the host's inbox with the customer's userId, like the header's button", async () => {
      const { view, body, header } = await messageLinks({ flags: { office_inbox: true }, routes: { officeInbox } });
      expect(body.getAttribute('href')).toMatch(/^https:\/\/office\.example\/1003\/inbox\?customer=\d+$/);
      expect(body.getAttribute('href')).toBe(header.getAttribute('href'));
      const navigations: unknown[] = [];
      view.host.addEventListener('lk-navigate', (event) => {
        navigations.push((event as CustomEvent).detail);
        event.preventDefault();
      });
      await userEvent.click(body);
      expect(navigations).toEqual([{ url: body.getAttribute('href'), kind: 'office-inbox', newTab: false }]);
    });

    it("without the flag, or without the route, leads to the conversation thread (the gateway's inboxEnabled field is not read)", async () => {
      const thread = /^\/app\/conversation\/1003\/thread\/\d+\?leadId=\d+$/;
      for (const inputs of [{}, { routes: { officeInbox } }, { flags: { office_inbox: true } }]) {
        const { body, header } = await messageLinks(inputs);
        expect(body.getAttribute('href'), JSON.stringify(Object.keys(inputs))).toMatch(thread);
        expect(header.getAttribute('href')).toBe(body.getAttribute('href'));
        cleanup();
      }
    });
  });

  it("shows the insurance offer after the lead's own details", async () => {
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    const first = await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = first.closest('.lk-board')!.querySelector<HTMLElement>('[part="lead-card"][data-expanded="true"]')!;
    const offer = await within(card).findByRole('link', { name: 'Get a quote (opens in a new tab)' });
    for (const name of ['Location', 'Customer Notes', 'Your Notes']) {
      const heading = within(card).getByRole('heading', { name });
      expect(heading.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING, name).toBeTruthy();
    }
  });
});

describe('expanded card: the runtime clock', () => {
  // The sandbox's own clock is pinned: the masked lead was received 2 days before it, texting
  // enabled, so its number lives 30 days: until 28 days after the sandbox's now.
  const SANDBOX_NOW = new Date('2025-06-11T15:30:00Z');
  const DAY = 24 * 3600_000;
  const TEL = /^\(\d{3}\) \d{3}-\d{4}$/;

  async function openMaskedLead(now: (() => Date) | undefined) {
    renderWidget(<LeadBoardRoot spId={1001} leadId={SANDBOX_LEADS.maskedActive} />, LEAD_BOARD_CATALOGUE, {
      sandbox: { now: () => SANDBOX_NOW },
      inputs: { now },
    });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === SANDBOX_LEADS.maskedActive)!;
    await userEvent.click(await within(card).findByRole('button', { name: 'Contact' }));
    return card;
  }

  it('shows the masked number as a link while the injected now is within its life', async () => {
    const card = await openMaskedLead(() => new Date(SANDBOX_NOW.getTime() + 27 * DAY));
    expect(within(card).getByRole('link', { name: TEL }).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(within(card).queryByText('Expired')).toBeNull();
  });

  it("shows 'Expired' once the injected now is past its life (the gateway still called it active)", async () => {
    const card = await openMaskedLead(() => new Date(SANDBOX_NOW.getTime() + 29 * DAY));
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: TEL })).toBeNull();
  });

  it('uses the real clock by default (years after the pinned sandbox day: expired)', async () => {
    const card = await openMaskedLead(undefined);
    expect(within(card).getByText('Expired')).toBeTruthy();
  });
});

describe('expanded card: connect your numbers', () => {
  const optedIn = SANDBOX_LEADS.optedInNotConnected;

  it('offers Connect your numbers only with the call-tracking flag on, and opens the dialog', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} leadId={optedIn} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { pro_ads_leadcalltracking_v2_frontend_lead_board: true } },
    });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === optedIn)!;
    await userEvent.click(within(card).getByRole('button', { name: 'Connect your numbers' }));
    expect(await screen.findByRole('dialog', { name: 'Connect your numbers' })).toBeTruthy();
    view.unmount();
  });

  it('does not offer it without the flag', async () => {
    const { card } = await openLead(optedIn);
    expect(within(card).queryByRole('button', { name: 'Connect your numbers' })).toBeNull();
  });
});

describe('expanded card: feedback and insurance', () => {
  it('rates the open lead with 5 stars from its card: sent at once with reason Other, shown on the trigger', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(await within(card).findByRole('radio', { name: 'Great' }));
    await waitFor(() => expect(received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback')[0]?.body).toEqual({
      leadId: SANDBOX_LEADS.newest,
      rating: 5,
      reason: 'Other',
      notes: '',
    });
    expect(await within(card).findByRole('button', { name: 'Your rating: Great' })).toBeTruthy();
  });

  it('shows the insurance offer on a lead with an insurer link, and "Not at all" hides it on every lead', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const withOffer = view.sandbox.store.leads.find((lead) => lead.assignments.some((a) => a.spId === 1001 && a.thimbleUrl && !a.archived && a.displayed));
    expect(withOffer).toBeDefined();
    cleanup();
    const { card, received } = await openLead(withOffer!.leadId);
    // The offer at the card's end follows its first frame (its code with the card's extras).
    expect(await within(card).findByRole('link', { name: 'Get a quote (opens in a new tab)' })).toBeTruthy();
    expect(within(card).getByText('starting at $30/month')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss insurance offer' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Not at all' }));
    await waitFor(() => expect(received('POST', '/gateway/lead/v1/serviceprovider/1001/add-display-preferences')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/v1/serviceprovider/1001/add-display-preferences')[0]?.body).toEqual({
      displayPreferences: ['HideThimbleForAllLeads'],
    });
  });
});

describe('expanded card: job notes modal', () => {
  async function openJobNotes(card: HTMLElement) {
    await userEvent.click(within(card).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Edit job notes' }));
    return screen.findByRole('dialog', { name: 'Job notes' });
  }

  it('opens with the lead notes; Save and Close sends the update, shows it on the card and closes', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const dialog = await openJobNotes(card);
    const editor = within(dialog).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    expect(editor.value.length).toBeGreaterThan(0); // the lead's saved notes
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Bring the ladder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job notes' })).toBeNull());
    expect(within(card).getByText('Bring the ladder')).toBeTruthy();
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.withNotesAndFeedback}/note`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      note: 'Bring the ladder',
    });
  });

  it('Discard just closes: nothing is sent', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const dialog = await openJobNotes(card);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your Notes' }), ' draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job notes' })).toBeNull());
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.withNotesAndFeedback}/note`)).toHaveLength(0);
  });

  it('keeps the modal open with the text and the message when saving fails', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/note' });
    const dialog = await openJobNotes(card);
    const editor = within(dialog).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.type(editor, ' keep');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(editor.value.endsWith(' keep')).toBe(true);
  });
});

describe('expanded card: review requests', () => {
  it("'Request a Review' opens the review-request modal for this lead", async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Request a Review' }));
    expect(await screen.findByRole('dialog', { name: 'Request a Review' })).toBeTruthy();
    await waitFor(() => expect(received('POST', '/gateway/lead/office/v1/review-request')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/office/v1/review-request')[0]?.body).toEqual({ serviceProviderId: 1001, leadId: SANDBOX_LEADS.newest });
  });

  it('with the new-review-request experiment, choosing Closed won asks first; No thanks closes', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} leadId={SANDBOX_LEADS.newest} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { new_review_request: true } },
    });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === SANDBOX_LEADS.newest)!;
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    // Once the gateway took the status (it is sent a moment after the choice).
    const prompt = await screen.findByRole('dialog', { name: 'Request a Review' });
    expect(within(prompt).getByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeTruthy();
    await userEvent.click(within(prompt).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull());
    view.unmount();
  });

  it('does not ask when the status change failed (it was rolled back)', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} leadId={SANDBOX_LEADS.newest} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { new_review_request: true } },
    });
    view.sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/status' });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === SANDBOX_LEADS.newest)!;
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    expect((await within(card).findByRole('alert')).textContent).toContain('We could not change the status of this lead.');
    expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull();
    view.unmount();
  });

  it('without the experiment, Closed won asks nothing', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    // Saved (the moment the prompt would open), then a little more time for it to show.
    await waitFor(() => expect(sandbox.store.requests.filter((r) => r.path.endsWith('/status')).map((r) => r.status)).toEqual([200]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull();
  });
});
