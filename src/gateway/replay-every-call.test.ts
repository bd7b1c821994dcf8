import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_BODY as challenge, challengedGateway as challengedBy } from '../../test/helpers/challenged-gateway';
import { json, recordingFetch, type RecordedRequest } from '../../test/helpers/recording-fetch';
import { createGatewayClient, type ReadScope } from './core/client';
import { assignLeadV2, sendProSelection } from './lead/funnel/calls';
import { issueOneTimeToken } from './lead/funnel/one-time-token-calls';
import { markThreadRead } from './message-center/calls';
import { archiveLead, getLeads, getServiceProviderInfo, markLeadRead, updateLeadNote, updateLeadStatus } from './office/calls';
import { requestReviewByEmail } from './review/calls';

/**
 * The 511 replay (docs/gateway.md#511-challenge) of every call — the writes that carry an
 * idempotency key, the writes repeating changes nothing, and the reads (each write's row:
 * write-replay-calls.test.ts): a caller met by a challenge is held,
 * the call is sent again once the challenge is passed (once, in the order queued, with the key it
 * was sent with), and the caller gets the replay's answer.
 */
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
const leadList = { leads: [], pagination: { totalNumber: 0 } };
const spInfo = { serviceProviders: [{ id: SP, name: 'Acme', primaryAddress: { postalCode: '80202' } }] };
const issuedToken = { token: 'ott_issued_after_check', expiresAt: null, expiresIn: null, userId: 7001 };
const testRead = { operation: 'test.read', method: 'GET', path: '/x', response: v.object({ n: v.number() }) } as const;

/** What the gateway answers once the challenge is passed, by path. */
function answerOf(request: RecordedRequest) {
  const path = new URL(request.url, 'http://x').pathname;
  if (path.includes('request-by-email')) return json(200, { draftReviewId: 'd-1' });
  if (path.includes('one-time-token')) return json(200, issuedToken);
  if (path.includes('/v6/leads/')) return json(200, leadList);
  if (path.includes('service_provider')) return json(200, spInfo);
  return json(200, {});
}

/** A gateway that challenges every call until `pass()`, then answers by path. */
const challengedGateway = (auth: typeof provider | typeof member, reads?: ReadScope) => challengedBy(auth, answerOf, reads);

const sentOf = (requests: readonly RecordedRequest[]) =>
  requests.map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname} ${r.headers['idempotency-key'] ?? '-'}`);

describe('511 replay: every call, its caller held', () => {
  it('holds status, notes, archive, read and review request; replays each once, in order, with the same key; each caller gets its answer', async () => {
    const gateway = challengedGateway(provider);
    const { client } = gateway;
    const held = [
      updateLeadStatus(client, 1, { serviceProviderId: SP, status: 'ClosedWon' }, { idempotencyKey: 'k-status' }),
      updateLeadNote(client, 1, { serviceProviderId: SP, note: 'Call back Tuesday' }, { idempotencyKey: 'k-notes' }),
      archiveLead(client, SP, { leadId: 2, archived: true }, { idempotencyKey: 'k-archive' }),
      markLeadRead(client, SP, { leadId: 3, read: false }, { idempotencyKey: 'k-read' }),
      requestReviewByEmail(client, reviewForm, { idempotencyKey: 'k-review' }),
    ];
    await expect.poll(() => client.replayQueue.size).toBe(5);
    expect(client.replayQueue.entries().map((entry) => entry.idempotencyKey)).toEqual(['k-status', 'k-notes', 'k-archive', 'k-read', 'k-review']);
    const firstSent = sentOf(gateway.requests);

    gateway.pass();
    // Their answers are not read (any 2xx is success), but for the review request's.
    await expect(Promise.all(held)).resolves.toEqual([undefined, undefined, undefined, undefined, { draftReviewId: 'd-1' }]);
    // Each sent once more, in the order queued, the same key and body as before.
    expect(sentOf(gateway.requests.slice(5))).toEqual(firstSent);
    expect(gateway.requests.slice(5).map((r) => r.body)).toEqual(gateway.requests.slice(0, 5).map((r) => r.body));
    expect(client.replayQueue.size).toBe(0);
    await client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(10);
    expect(gateway.asked()).toBe(1);
  });

  it('holds a read — a page of leads, a GET — and sends it again once: its caller gets the list, not an error', async () => {
    const gateway = challengedGateway(provider);
    const page = getLeads(gateway.client, SP, {});
    const info = getServiceProviderInfo(gateway.client, SP);
    await expect.poll(() => gateway.client.replayQueue.size).toBe(2);
    gateway.pass();
    await expect(page).resolves.toMatchObject(leadList);
    await expect(info).resolves.toMatchObject(spInfo);
    expect(sentOf(gateway.requests)).toEqual([
      `POST /gateway/lead/office/v6/leads/serviceProvider/${SP} -`,
      `GET /gateway/office-home/v4/service_provider -`,
      `POST /gateway/lead/office/v6/leads/serviceProvider/${SP} -`,
      `GET /gateway/office-home/v4/service_provider -`,
    ]);
  });

  it('holds a write the table calls idempotent (the thread read, a PUT) and sends it again once, as it was sent, without a key', async () => {
    const gateway = challengedGateway(provider);
    const read = markThreadRead(gateway.client, { serviceProviderId: SP, userId: 5001, read: true });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass();
    await expect(read).resolves.toBeUndefined();
    expect(sentOf(gateway.requests)).toEqual([
      'PUT /gateway/message-center/v1/messages/thread/read -',
      'PUT /gateway/message-center/v1/messages/thread/read -',
    ]);
    expect(gateway.requests[1]?.body).toEqual(gateway.requests[0]?.body);
  });

  it('holds the one-time token request too: the customer gets the token once the check is passed', async () => {
    const gateway = challengedGateway(provider);
    const token = issueOneTimeToken(gateway.client, { idempotencyKey: 'k-token' });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass();
    await expect(token).resolves.toEqual(issuedToken);
    expect(gateway.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-token', 'k-token']);
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
    await expect.poll(() => order).toEqual(['status sent']);
    answerFirst();
    await Promise.all([status, notes]);
    expect(order).toEqual(['status sent', 'status answered', 'notes sent', 'notes answered']);
  });

  it('holds assign v2 and the pro selection of a one-time customer; replays them once each, in order, same key', async () => {
    const gateway = challengedGateway(member);
    const { client } = gateway;
    const assign = assignLeadV2(
      client,
      300001,
      { serviceProviderIds: [1002], haServiceProviderIds: [2002], serviceRequestId: 9 },
      { idempotencyKey: 'k-assign' },
    );
    await expect.poll(() => client.replayQueue.size).toBe(1);
    const selection = sendProSelection(client, { serviceRequestId: 9, haServiceProviderIds: [2002] }, { idempotencyKey: 'k-selection' });
    await expect.poll(() => client.replayQueue.size).toBe(2);
    gateway.pass();
    await Promise.all([assign, selection]);
    expect(gateway.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-assign', 'k-selection', 'k-assign', 'k-selection']);
  });

  it('a board write made without a key gets one, kept for its replay', async () => {
    const gateway = challengedGateway(provider);
    const read = markLeadRead(gateway.client, SP, { leadId: 3, read: true });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass();
    await read;
    const [first, replay] = gateway.requests;
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replay?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('a challenge not passed: every held caller gets the challenge error, and nothing is sent again', async () => {
    const gateway = challengedGateway(provider);
    const page = getLeads(gateway.client, SP, {});
    const status = updateLeadStatus(gateway.client, 1, { serviceProviderId: SP, status: 'Selling' });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(2);
    gateway.pass(false);
    await expect(page).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    await expect(status).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    expect(gateway.requests).toHaveLength(2);
  });

  it('a read its caller gives up while held ends aborted at once and is not sent again', async () => {
    const gateway = challengedGateway(provider);
    const newer = new AbortController();
    const page = getLeads(gateway.client, SP, {}, { signal: newer.signal });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    newer.abort();
    await expect(page).rejects.toMatchObject({ kind: 'aborted' });
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(1);
  });

  it("a held read is cancelled with its element's other reads (the element left the page): not sent again", async () => {
    const live = new Set<AbortController>();
    const reads: ReadScope = {
      track: (controller) => (live.add(controller), () => live.delete(controller)),
    };
    const gateway = challengedGateway(provider, reads);
    const page = getLeads(gateway.client, SP, {});
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    expect(live.size).toBe(1);
    for (const controller of live) controller.abort();
    await expect(page).rejects.toMatchObject({ kind: 'aborted' });
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(1);
  });

  it('a replay met by the challenge again is reported to its caller, not queued again', async () => {
    let calls = 0;
    const { fetch, requests } = recordingFetch(() => (++calls <= 2 ? json(511, challenge) : json(200, { n: 1 })));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, onChallenge: async () => true });
    await expect(client.request(testRead)).rejects.toMatchObject({ kind: 'http', status: 511 });
    await client.whenChallengeSettled();
    expect(requests).toHaveLength(2);
  });

  it('a call that meets a new challenge while the queue is replayed starts one more round of the host’s check', async () => {
    let passes = 0;
    let answerReplay: () => void = () => undefined;
    const { fetch, requests } = recordingFetch(async (_request, index) => {
      if (index === 0 || index === 2) return json(511, challenge);
      // The first call's replay answers once the second call has met the gateway's new challenge.
      if (index === 1) await new Promise<void>((resolve) => (answerReplay = resolve));
      return json(200, { n: index });
    });
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, onChallenge: async () => (passes++, true) });
    const first = client.request(testRead);
    await expect.poll(() => requests.length).toBe(2);
    const second = client.request(testRead);
    await expect.poll(() => client.replayQueue.size).toBe(1);
    answerReplay();
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 3 });
    expect(passes).toBe(2);
  });

  it('a caller that hears the replay itself (onReplayed) is told of the challenge at once, as before', async () => {
    const gateway = challengedGateway(provider);
    const heard: unknown[] = [];
    await expect(
      updateLeadNote(gateway.client, 1, { serviceProviderId: SP, note: 'x' }, { idempotencyKey: 'k', onReplayed: (outcome) => heard.push(outcome) }),
    ).rejects.toMatchObject({ kind: 'challenge' });
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    expect(heard).toEqual([{ ok: true, value: undefined }]);
    expect(gateway.requests).toHaveLength(2);
  });

  it('without an onChallenge nothing holds a caller: a read raises at once and is not queued', async () => {
    const { fetch } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(getLeads(client, SP, {})).rejects.toMatchObject({ kind: 'challenge' });
    expect(client.replayQueue.size).toBe(0);
  });
});

describe('a caller held by a challenge hears its replay', () => {
  it('resolves with the replay’s answer once the challenge is passed', async () => {
    const gateway = challengedGateway(provider);
    const held = requestReviewByEmail(gateway.client, reviewForm);
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass();
    await expect(held).resolves.toEqual({ draftReviewId: 'd-1' });
    expect(gateway.requests).toHaveLength(2);
  });

  it('rejects with the challenge error when the challenge is not passed, and nothing is sent again', async () => {
    const gateway = challengedGateway(provider);
    const held = updateLeadStatus(gateway.client, 1, { serviceProviderId: SP, status: 'Selling' });
    await expect.poll(() => gateway.client.replayQueue.size).toBe(1);
    gateway.pass(false);
    await expect(held).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    expect(gateway.requests).toHaveLength(1);
  });

  it('rejects at once when the client has no onChallenge (nothing would replay it)', async () => {
    const { fetch } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(markLeadRead(client, SP, { leadId: 1, read: true })).rejects.toMatchObject({
      kind: 'challenge',
    });
  });

  it('rejects with the replay’s own failure (the gateway refused it once replayed)', async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() => (++calls === 1 ? json(511, challenge) : json(400, {})));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, onChallenge: async () => true });
    await expect(updateLeadNote(client, 1, { serviceProviderId: SP, note: 'x' })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    });
  });
});
