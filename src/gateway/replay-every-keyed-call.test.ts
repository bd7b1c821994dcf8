import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type RecordedRequest } from '../../test/helpers/recording-fetch';
import { createGatewayClient } from './core/client';
import { assignLeadV2, sendProSelection } from './lead/funnel/calls';
import { issueOneTimeToken } from './lead/funnel/one-time-token-calls';
import { archiveLead, getLeads, markLeadRead, updateLeadNote, updateLeadStatus } from './office/calls';
import { requestReviewByEmail } from './review/calls';
import { untilReplayed } from './until-replayed';

/**
 * The 511 replay (docs/gateway.md#511-challenge) of every call that carries an idempotency key —
 * status, notes, archive, read, review request, assign v2, pro selection — not only create lead
 * and send message: queued when a challenge meets it, sent again once the challenge is passed,
 * once each, in the order queued, with the key it was sent with.
 */
const challenge = { error: 'challenge_required', challengeId: 'ch-1' };
const SP = 1001;
const provider = { kind: 'provider', spId: SP } as const;
const member = { kind: 'oneTime', token: 'tok-secret-123' } as const;
const reviewForm = {
  firstName: 'A',
  lastName: 'B',
  email: 'a@example.com',
  phoneNumber: '3035550100',
  reviewRequest: { serviceProviderId: SP, postalCode: '80202', workCompleted: 'yes' as const, categoryIds: [1] },
};

/** A gateway that challenges every call until `pass()`; the challenge resolves when the test says. */
function challengedGateway(auth: typeof provider | typeof member) {
  let challenged = true;
  const { fetch, requests } = recordingFetch((request) =>
    challenged ? json(511, challenge) : request.url.includes('request-by-email') ? json(200, { draftReviewId: 'd-1' }) : json(200, {}),
  );
  let release: (passed: boolean) => void = () => undefined;
  const client = createGatewayClient({
    baseURL: '',
    auth,
    fetch,
    onChallenge: () => new Promise<boolean>((resolve) => (release = resolve)),
  });
  return {
    client,
    requests,
    pass(passed = true) {
      challenged = false;
      release(passed);
    },
  };
}

const sentOf = (requests: readonly RecordedRequest[]) => requests.map((r) => `${new URL(r.url, 'http://x').pathname} ${r.headers['idempotency-key'] ?? '-'}`);

describe('511 replay: every call with an idempotency key', () => {
  it('queues status, notes, archive, read and review request; replays each once, in order, with the same key', async () => {
    const gateway = challengedGateway(provider);
    const { client } = gateway;
    const calls = [
      () => updateLeadStatus(client, 1, { serviceProviderId: SP, status: 'ClosedWon' }, { idempotencyKey: 'k-status' }),
      () => updateLeadNote(client, 1, { serviceProviderId: SP, note: 'Call back Tuesday' }, { idempotencyKey: 'k-notes' }),
      () => archiveLead(client, SP, { leadId: 2, archived: true }, { idempotencyKey: 'k-archive' }),
      () => markLeadRead(client, SP, { leadId: 3, read: false }, { idempotencyKey: 'k-read' }),
      () => requestReviewByEmail(client, reviewForm, { idempotencyKey: 'k-review' }),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    expect(client.replayQueue.entries().map((entry) => entry.idempotencyKey)).toEqual(['k-status', 'k-notes', 'k-archive', 'k-read', 'k-review']);
    const firstSent = sentOf(gateway.requests);

    gateway.pass();
    await client.whenChallengeSettled();
    // Each sent once more, in the order queued, the same key and body as before.
    expect(sentOf(gateway.requests.slice(5))).toEqual(firstSent);
    expect(gateway.requests.slice(5).map((r) => r.body)).toEqual(gateway.requests.slice(0, 5).map((r) => r.body));
    expect(client.replayQueue.size).toBe(0);
    // Nothing more after that.
    await client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(10);
  });

  it('a replay goes when the one before it has answered (in order, not all at once)', async () => {
    let challenged = true;
    const order: string[] = [];
    let answerFirst: () => void = () => undefined;
    const { fetch } = recordingFetch(async (request) => {
      if (challenged) return json(511, challenge);
      const name = new URL(request.url, 'http://x').pathname.endsWith('/status') ? 'status' : 'notes';
      order.push(`${name} sent`);
      if (name === 'status') await new Promise<void>((resolve) => (answerFirst = resolve));
      order.push(`${name} answered`);
      return json(200, {});
    });
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, onChallenge: async () => ((challenged = false), true) });
    const status = updateLeadStatus(client, 1, { serviceProviderId: SP, status: 'Selling' });
    const notes = updateLeadNote(client, 1, { serviceProviderId: SP, note: 'n' });
    await Promise.allSettled([status, notes]);
    await expect.poll(() => order).toEqual(['status sent']);
    answerFirst();
    await client.whenChallengeSettled();
    expect(order).toEqual(['status sent', 'status answered', 'notes sent', 'notes answered']);
  });

  it('queues assign v2 and the pro selection of a one-time customer; replays them once each, in order, same key', async () => {
    const gateway = challengedGateway(member);
    const { client } = gateway;
    await expect(
      assignLeadV2(client, 300001, { serviceProviderIds: [1002], haServiceProviderIds: [2002], serviceRequestId: 9 }, { idempotencyKey: 'k-assign' }),
    ).rejects.toMatchObject({ kind: 'challenge' });
    await expect(sendProSelection(client, { serviceRequestId: 9, haServiceProviderIds: [2002] }, { idempotencyKey: 'k-selection' })).rejects.toMatchObject({
      kind: 'challenge',
    });
    gateway.pass();
    await client.whenChallengeSettled();
    expect(gateway.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-assign', 'k-selection', 'k-assign', 'k-selection']);
  });

  it('a board write made without a key gets one, kept for its replay', async () => {
    const gateway = challengedGateway(provider);
    await expect(markLeadRead(gateway.client, SP, { leadId: 3, read: true })).rejects.toMatchObject({ kind: 'challenge' });
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    const [first, replay] = gateway.requests;
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replay?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('queues no read and no one-time token issue (its caller asks again when it needs one)', async () => {
    const gateway = challengedGateway(provider);
    await expect(getLeads(gateway.client, SP, {})).rejects.toMatchObject({ kind: 'challenge' });
    await expect(issueOneTimeToken(gateway.client)).rejects.toMatchObject({ kind: 'challenge' });
    expect(gateway.client.replayQueue.size).toBe(0);
  });
});

describe('untilReplayed: a caller held by a challenge hears its replay', () => {
  it('resolves with the replay’s answer once the challenge is passed', async () => {
    const gateway = challengedGateway(provider);
    const held = untilReplayed(gateway.client, (onReplayed) => requestReviewByEmail(gateway.client, reviewForm, { onReplayed }));
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass();
    await expect(held).resolves.toEqual({ draftReviewId: 'd-1' });
    expect(gateway.requests).toHaveLength(2);
  });

  it('rejects with the challenge error when the challenge is not passed, and nothing is sent again', async () => {
    const gateway = challengedGateway(provider);
    const held = untilReplayed(gateway.client, (onReplayed) =>
      updateLeadStatus(gateway.client, 1, { serviceProviderId: SP, status: 'Selling' }, { onReplayed }),
    );
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass(false);
    await expect(held).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    expect(gateway.requests).toHaveLength(1);
  });

  it('rejects at once when the client has no onChallenge (nothing would replay it)', async () => {
    const { fetch } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(untilReplayed(client, (onReplayed) => markLeadRead(client, SP, { leadId: 1, read: true }, { onReplayed }))).rejects.toMatchObject({
      kind: 'challenge',
    });
  });

  it('rejects with the replay’s own failure (the gateway refused it once replayed)', async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() => (++calls === 1 ? json(511, challenge) : json(400, {})));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, onChallenge: async () => true });
    await expect(untilReplayed(client, (onReplayed) => updateLeadNote(client, 1, { serviceProviderId: SP, note: 'x' }, { onReplayed }))).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    });
  });
});
