import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderChallenged } from '../../../test/helpers/host-challenge';
import { LeadPageRoot } from './lead-page';
import { LEAD_PAGE_CATALOGUE } from './lead-page-messages';

/**
 * The lead page's read held by a 511 challenge (docs/gateway.md#511-challenge): replayed once after
 * the host's check, the lead shown. The page makes no write (its links leave for the board and the thread).
 */
afterEach(cleanup);

describe('<LeadPageRoot> and a 511 challenge', () => {
  it('the lead held by a challenge: sent once more after the check, and the page shows it, not an error', async () => {
    const leadId = SANDBOX_LEADS.purchased;
    const path = `/gateway/lead/office/v2/leads/${leadId}`;
    const view = renderChallenged(<LeadPageRoot leadId={leadId} spId={1001} />, LEAD_PAGE_CATALOGUE, 'GET /gateway/lead/office/v2/leads/:id');
    const { host } = view;
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(view.received('GET', path).map((request) => request.status)).toEqual([511]);
    expect(screen.queryByRole('alert')).toBeNull();
    host.pass();
    const title = view.sandbox.store.lead(leadId)?.title ?? '';
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(view.received('GET', path).map((request) => request.status)).toEqual([511, 200]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
