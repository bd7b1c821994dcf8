import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

/** What the board says when its first screen fails: whose leads these are, and what a 511 needs. */
const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const LEADS = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const COUNT = /^Showing 1 - 10 of \d+ results$/;

afterEach(cleanup);
beforeAll(preloadBoardParts);

describe('<LeadBoardRoot> when its first screen fails', () => {
  it('every call answers 500: the heading still says whose leads these are, over the error and its Try again', async () => {
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { before: (sandbox) => void sandbox.faults.status(500) });
    const alert = await screen.findByRole('alert', {}, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Your leads' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a 511 the host has no check for: the panel says the security check is needed (not the generic error), links it, and Try again replays the page once it is passed', async () => {
    let challengeId = '';
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, {
      before: (sandbox) => void (challengeId = sandbox.faults.challenge({ route: LEADS_ROUTE }).challengeId),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(alert.textContent).toContain('Security check needed');
    expect(alert.textContent).toContain('Please complete the security check, then try again: your leads load as soon as it is passed.');
    expect(alert.textContent).not.toContain('Sorry, something went wrong');
    const link = within(alert).getByRole('link', { name: 'Open the security check' });
    expect(link.getAttribute('href')).toBe(`http://sandbox.test/sandbox/challenge/${challengeId}`);
    expect(link.getAttribute('target')).toBe('_blank');
    // Passed (in the gateway's page the link opens), then Try again: the page asked again, the leads shown.
    view.sandbox.faults.passChallenge(challengeId);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(COUNT, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(view.received('POST', LEADS).map((request) => request.status)).toEqual([511, 200]);
  });
});
