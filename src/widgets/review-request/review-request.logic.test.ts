import { describe, expect, it } from 'vitest';
import { createSandboxGateway, MAIN_PROVIDER_ID } from '@leadkit/sandbox';
import { createGatewayClient } from '../../gateway/core/client';
import type { ReviewRequestBoardForm } from '../../gateway/review/schemas';
import { ReviewRequestSender } from './review-request.logic';

const SEND_ROUTE = 'POST /gateway/review/api/v1/review/request-by-email';

/** Priya Patel (lead 300013's customer), asked by provider 1001. */
const board = (descriptionOfWork: string): ReviewRequestBoardForm => ({
  firstName: 'Priya',
  lastName: 'Patel',
  email: 'priya.patel@example.com',
  phoneNumber: '7205550178',
  reviewRequest: { serviceProviderId: MAIN_PROVIDER_ID, postalCode: '80210', descriptionOfWork, workCompleted: 'yes', categoryIds: [10102] },
});

function setup() {
  const sandbox = createSandboxGateway({ now: () => new Date('2025-06-02T15:00:00Z') });
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
  const keys = () => sandbox.store.requests.filter((r) => `${r.method} ${r.path}` === SEND_ROUTE).map((r) => r.headers['idempotency-key']);
  return { sandbox, client, keys };
}

describe('ReviewRequestSender', () => {
  it('sends a payload again with its own key — also after another payload was tried meanwhile — so a lost answer never asks twice', async () => {
    const { sandbox, client, keys } = setup();
    const sender = new ReviewRequestSender();
    // The first request reaches the gateway; its answer is lost.
    sandbox.faults.drop({ route: SEND_ROUTE, times: 1, afterHandling: true });
    expect((await sender.send(client, board('New AC'))).kind).toBe('failed');
    sandbox.faults.status(500, undefined, { route: SEND_ROUTE, times: 1 });
    expect((await sender.send(client, board('New AC and thermostat'))).kind).toBe('failed');
    expect(await sender.send(client, board('New AC'))).toEqual({ kind: 'sent', draftReviewId: expect.any(String) });
    const [first, second, third] = keys();
    expect(third).toBe(first);
    expect(second).not.toBe(first);
    expect(sandbox.store.reviewRequests).toHaveLength(1);
  });

  it('ignores a second send while one is on its way; an abort drops the outcome', async () => {
    const { sandbox, client, keys } = setup();
    const sender = new ReviewRequestSender();
    sandbox.faults.latency(50, { route: SEND_ROUTE });
    const first = sender.send(client, board(''));
    expect(sender.sending).toBe(true);
    expect(await sender.send(client, board(''))).toEqual({ kind: 'busy' });
    sender.abort();
    expect(await first).toEqual({ kind: 'aborted' });
    expect(sender.sending).toBe(false);
    expect(keys().length).toBeLessThanOrEqual(1);
  });
});
