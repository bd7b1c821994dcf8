import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { challengeOnce, renderChallenged } from '../../../test/helpers/host-challenge';
import { preloadReviewRequestParts } from '../../../test/support/review-request';
import { ReviewRequestRoot } from './review-request';
import { REVIEW_REQUEST_CATALOGUE } from './review-request-messages';

/** The review request's read and write held by a 511 challenge (docs/gateway.md#511-challenge): replayed once after the host's check, the answer shown. */
const CATEGORIES = '/gateway/service-provider-profile/v1/service_provider/1001/categories';
const SEND = '/gateway/review/api/v1/review/request-by-email';

afterEach(cleanup);
beforeAll(preloadReviewRequestParts);

/** Lead 300013: ClosedWon lead of member Priya Patel for provider 1001 (see review-request.test.tsx). */
function setup(challengedRoute: string | null) {
  const view = renderChallenged(<ReviewRequestRoot spId={1001} leadId={300013} />, REVIEW_REQUEST_CATALOGUE, challengedRoute);
  return { ...view, user: userEvent.setup() };
}

describe('<ReviewRequestRoot> and a 511 challenge', () => {
  it("the provider's categories held by a challenge: asked once more after the check, and the summary names them", async () => {
    const { host, user, received } = setup('GET /gateway/service-provider-profile/v1/service_provider/:id/categories');
    await user.click(screen.getByRole('button', { name: 'Request a Review' }));
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(received('GET', CATEGORIES).map((request) => request.status)).toEqual([511]);
    host.pass();
    const summary = await screen.findByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('Heating & A/C, AC Installation')).toBeTruthy();
    expect(received('GET', CATEGORIES).map((request) => request.status)).toEqual([511, 200]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the request held by a challenge: sent once more with its key after the check, and the thanks are shown', async () => {
    const { host, user, received, sandbox } = setup(null);
    await user.click(screen.getByRole('button', { name: 'Request a Review' }));
    await screen.findByRole('region', { name: 'Customer contact' });
    challengeOnce(sandbox.faults, `POST ${SEND}`);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    host.pass();
    expect(await screen.findByText('Thank you! Your Review Request has been submitted.')).toBeTruthy();
    const [met, replay, ...more] = received('POST', SEND);
    expect([met?.status, replay?.status, more.length]).toEqual([511, 200, 0]);
    expect(replay?.headers['idempotency-key']).toBe(met?.headers['idempotency-key']);
  });
});
