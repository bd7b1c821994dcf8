import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN } from '@leadkit/sandbox';
import { renderChallenged } from '../../../test/helpers/host-challenge';
import { preloadFunnelParts } from '../../../test/support/raq-funnel';
import { RaqFunnelRoot } from './raq-funnel';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';

/**
 * The funnel's read and write held by a 511 challenge (docs/gateway.md#511-challenge): replayed once
 * after the host's check, the answer shown. (A create met by a challenge: raq-funnel.test.tsx.)
 */
const LEAD = `/gateway/lead/v1/lead/${SANDBOX_LEADS.newest}`;
const HIRED = `${LEAD}/service-provider/mark-hired`;

beforeAll(preloadFunnelParts);
beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
});
afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  vi.restoreAllMocks();
});

/** The summary of the sandbox member's newest lead, its route met once by a challenge. */
function renderSummary(challengedRoute: string) {
  const view = renderChallenged(<RaqFunnelRoot location={{ step: 'summary', leadId: SANDBOX_LEADS.newest }} />, RAQ_FUNNEL_CATALOGUE, challengedRoute, {
    auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN },
  });
  return { ...view, user: userEvent.setup() };
}

describe('<RaqFunnelRoot> and a 511 challenge', () => {
  it('the lead held by a challenge: asked once more after the check, and the summary shows it', async () => {
    const { host, received } = renderSummary(`GET ${LEAD}`);
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(received('GET', new RegExp(`^${LEAD}$`)).map((request) => request.status)).toEqual([511]);
    host.pass();
    expect(await screen.findByText('Water Heater Installation')).toBeTruthy();
    expect(received('GET', new RegExp(`^${LEAD}$`)).map((request) => request.status)).toEqual([511, 200]);
  });

  it('a pro marked hired, held by a challenge: sent once more after the check, and the pro shows as hired', async () => {
    const { host, user, received } = renderSummary(`POST ${HIRED}`);
    const pros = await screen.findByRole('region', { name: 'Pros who received your request' });
    await user.click(await within(pros).findByRole('button', { name: 'I hired Acme Plumbing & Heating' }));
    await waitFor(() => expect(host.asked()).toBe(1));
    host.pass();
    await waitFor(() => expect(within(pros).getByText('Hired')).toBeTruthy());
    expect(received('POST', HIRED).map((request) => [request.status, request.body])).toEqual([
      [511, { serviceProviderType: 'AL', serviceProviderId: 1001 }],
      [200, { serviceProviderType: 'AL', serviceProviderId: 1001 }],
    ]);
  });
});
