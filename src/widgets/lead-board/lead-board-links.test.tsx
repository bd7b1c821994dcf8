import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { refusedLink } from '../../gateway/core/shown-link';
import { sentenceOf } from '../../gateway/core/setup-sentences';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

/**
 * The board's links a host or a gateway hands over, through the URL gate (domain/core/safe-url):
 * a refused host page's route renders no link (as without its builder), a refused spec route links
 * to its default, a refused security-check URL is not linked — and the developer is told once,
 * naming the input and the refused scheme or origin, never the URL.
 */

const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const said = (input: string, refused: string) => `leadkit: ${sentenceOf(refusedLink(input, refused))}`;

afterEach(cleanup);
beforeAll(preloadBoardParts);

/** The board's first page, shown. */
async function shownBoard(inputs: Record<string, unknown>) {
  const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs });
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  await screen.findByRole('heading', { level: 1, name: /^Leads for / }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

/** The open card's Message link (its body's). */
function messageLink(): HTMLElement {
  const card = screen.getAllByRole('listitem').find((item) => item.dataset.expanded === 'true')!;
  return within(card.querySelector<HTMLElement>('.lk-card__body')!).getByRole('link', { name: /^Message/ });
}

describe('<LeadBoardRoot> host-supplied links through the URL gate', () => {
  it("a refused call-log or inbox route: no 'View Call Log', the Message link goes to the thread; each said once", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await shownBoard({
      flags: { office_inbox: true },
      routes: {
        callLog: () => 'JaVaScRiPt:alert(1)',
        officeInbox: ({ userId }: { userId: number }) => `/\\evil.example/inbox?customer=${userId}`,
      },
    });
    expect(screen.queryByRole('link', { name: 'View Call Log' })).toBeNull();
    expect(messageLink().getAttribute('href')).toMatch(/^\/app\/conversation\/1001\/thread\/\d+\?leadId=\d+$/);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls.map(([line]) => line as string).sort()).toEqual(
      [said('`routes.callLog`', 'javascript:'), said('`routes.officeInbox`', 'http://evil.example')].sort(),
    );
    // Never the URL: no customer id, no path.
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/alert|inbox\?|customer=/);
  });

  it('a refused spec route links to its default URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await shownBoard({ routes: { conversationThread: () => 'data:text/html,<script>alert(1)</script>' } });
    expect(messageLink().getAttribute('href')).toMatch(/^\/app\/conversation\/1001\/thread\/\d+\?leadId=\d+$/);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(said('`routes.conversationThread`', 'data:')));
  });

  it("a 401 with a refused log-in route: the error, and no 'Log in' link", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { routes: { logIn: () => ' java\tscript:alert(1)' } } });
    view.sandbox.faults.status(401, { message: 'expired' }, { route: LEADS_ROUTE });
    const alert = await screen.findByRole('alert', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(within(alert).getByText('Sorry, something went wrong. Please try again later.')).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(said('`routes.logIn`', 'a control character')));
  });

  it.each([
    ['/\\evil.example/c', 'http://evil.example'],
    ['/%5Cevil2.example/c', 'a path that may read as //host'],
  ])("a 511 whose challengeUrl is %j: 'Security check needed' and 'Try again', no link to it", async (challengeUrl, refused) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, {
      before: (sandbox) => void sandbox.faults.status(511, { error: 'challenge_required', challengeId: 'c1', challengeUrl }, { route: LEADS_ROUTE }),
    });
    const alert = await screen.findByRole('alert', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(alert.textContent).toContain('Security check needed');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(alert).queryByRole('link', { name: 'Open the security check' })).toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(said("the gateway's `challengeUrl` (a 511's body)", refused)));
  });
});
