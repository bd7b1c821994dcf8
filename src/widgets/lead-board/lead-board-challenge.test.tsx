import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { challengeOnce, renderChallenged } from '../../../test/helpers/host-challenge';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

/** The board's reads and writes held by a 511 challenge (docs/gateway.md#511-challenge): replayed once after the host's check, the answer shown. */
const LEADS = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const ARCHIVE = '/gateway/lead/office/v1/leads/serviceprovider/1001/archive';
const COUNT = /^Showing 1 - 10 of (\d+) results$/;
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));

afterEach(cleanup);
beforeAll(preloadBoardParts);

describe('<LeadBoardRoot> and a 511 challenge', () => {
  it('a page of leads held by a challenge: sent once more after the check, and the board shows the leads, not an error', async () => {
    const view = renderChallenged(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, 'POST /gateway/lead/office/v6/leads/serviceProvider/:id');
    const { host } = view;
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(view.received('POST', LEADS).map((request) => request.status)).toEqual([511]);
    expect(screen.queryByText(COUNT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    host.pass();
    expect(await screen.findByText(COUNT, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(cards()).toHaveLength(10);
    expect(view.received('POST', LEADS).map((request) => request.status)).toEqual([511, 200]);
  });

  it('an archive held by a challenge: sent once more with its key after the check, and the lead stays out of the list', async () => {
    const view = renderChallenged(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, null);
    const { host } = view;
    await screen.findByText(COUNT, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    challengeOnce(view.sandbox.faults, 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive');
    const first = cards()[0]!;
    const leadId = Number(first.dataset.leadId);
    await userEvent.click(within(first).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(first).getByRole('menuitem', { name: 'Archive Lead' }));
    await waitFor(() => expect(host.asked()).toBe(1));
    // Held, not failed: the lead is out of the list and no error is said.
    expect(cards().map((card) => Number(card.dataset.leadId))).not.toContain(leadId);
    host.pass();
    await waitFor(() => expect(view.received('POST', ARCHIVE).map((request) => request.status)).toEqual([511, 200]));
    const [met, replay] = view.received('POST', ARCHIVE);
    expect(replay?.headers['idempotency-key']).toBe(met?.headers['idempotency-key']);
    expect(view.sandbox.store.lead(leadId)?.assignments.find((a) => a.spId === 1001)?.archived).toBe(true);
    await view.client.whenChallengeSettled();
    expect(cards().map((card) => Number(card.dataset.leadId))).not.toContain(leadId);
    expect(view.received('POST', ARCHIVE)).toHaveLength(2);
  });
});
