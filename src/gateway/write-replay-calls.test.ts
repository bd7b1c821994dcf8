import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { challengedGateway as challengedBy } from '../../test/helpers/challenged-gateway';
import { json, type RecordedRequest } from '../../test/helpers/recording-fetch';
import type { GatewayClient } from './core/client';
import { WRITE_REPLAY, type WriteReplay } from './core/write-replay';
import { addDisplayPreferences, requestLeadReview, sendOpportunityLeadNotification } from './lead/calls';
import { createContact } from './lead/contact-calls';
import { assignLeadV1, assignLeadV2, createLeadV1, createLeadV3, markHired, sendHandyLead, sendProSelection, updateUserPhone } from './lead/funnel/calls';
import { expireOneTimeToken, issueOneTimeToken, renewOneTimeToken } from './lead/funnel/one-time-token-calls';
import { markThreadRead, sendMessage } from './message-center/calls';
import { archiveLead, markLeadRead, updateLeadNote, updateLeadStatus } from './office/calls';
import { submitLeadFeedback } from './office/feedback';
import { registerPhoneNumber } from './office/registered-numbers';
import { getOrCreateDraftReview, requestReviewByEmail, updateDraftReview } from './review/calls';

/**
 * Every write met by a 511 challenge, as its row of the write-replay table says
 * (src/gateway/core/write-replay.ts, docs/gateway.md#511-challenge), against a gateway that
 * applied the write and still answered 511: what the server received once the host's check was
 * passed. `keyed`: sent again once, with the key of the first request; `idempotent`: sent again
 * once, as sent; `not-replayed`: not sent again, its caller told of the challenge.
 */
const SP = 1001;
const LEAD = 300001;
const provider = { kind: 'provider', spId: SP } as const;
const member = { kind: 'oneTime', token: 'tok-secret-123' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const contact = { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' };

interface Write {
  readonly as: typeof provider | typeof member;
  readonly call: (client: GatewayClient) => Promise<unknown>;
  /** What the gateway answers once the check is passed (default `{}`: a call whose answer is not read). */
  readonly answer?: unknown;
}

/** One invocation of every write of the table (both ways: the type names every row and no other). */
const WRITES: Record<keyof typeof WRITE_REPLAY, Write> = {
  'lead.requestLeadReview': { as: provider, call: (client) => requestLeadReview(client, { serviceProviderId: SP, leadId: LEAD }) },
  'lead.sendOpportunityLeadNotification': { as: provider, call: (client) => sendOpportunityLeadNotification(client, [LEAD]) },
  'lead.addDisplayPreferences': { as: provider, call: (client) => addDisplayPreferences(client, SP, ['HideThimbleForAllLeads']) },
  'lead.createLeadV1': {
    as: member,
    call: (client) =>
      createLeadV1(client, { source: 'RequestAQuote', title: 'Leaky faucet', categoryId: 10006, contactInformation: contact, address: { postalAddressId: 1 } }),
    answer: { leadId: 400001 },
  },
  'lead.createLeadV3': {
    as: member,
    call: (client) =>
      createLeadV3(client, {
        source: 'SR_RAQ',
        title: 'Furnace',
        categoryId: 10101,
        contactInformation: contact,
        address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80203' },
      }),
    answer: { leadId: 400002 },
  },
  'lead.assignLeadV1': { as: member, call: (client) => assignLeadV1(client, LEAD, { serviceProviderIds: [1005] }) },
  'lead.assignLeadV2': {
    as: member,
    call: (client) => assignLeadV2(client, LEAD, { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: 9 }),
  },
  'lead.sendHandyLead': { as: member, call: (client) => sendHandyLead(client, LEAD) },
  'lead.sendProSelection': { as: member, call: (client) => sendProSelection(client, { serviceRequestId: 9, haServiceProviderIds: [2002] }) },
  'lead.markHired': { as: member, call: (client) => markHired(client, LEAD, { serviceProviderType: 'AL', serviceProviderId: SP }) },
  'lead.updateUserPhone': { as: member, call: (client) => updateUserPhone(client, '3035550199') },
  'lead.issueOneTimeToken': {
    as: member,
    call: (client) => issueOneTimeToken(client),
    answer: { token: 'ott_issued_after_check', expiresAt: null, expiresIn: null, userId: 7001 },
  },
  'lead.renewOneTimeToken': { as: member, call: (client) => renewOneTimeToken(client), answer: { expiresAt: null, expiresIn: null } },
  'lead.expireOneTimeToken': { as: member, call: (client) => expireOneTimeToken(client), answer: { expired: true } },
  'lead.createContact': {
    as: member,
    call: (client) =>
      createContact(client, {
        postalCode: '80202',
        payloads: [{ contactPlacementType: 44, serviceProviderIds: [SP] }],
        categoryId: 10002,
        contactType: 10,
        entityId: 'msg-00001',
        entityType: 'message',
      }),
    answer: { contactIds: [1] },
  },
  'review.getOrCreateDraftReview': {
    as: member,
    call: (client) => getOrCreateDraftReview(client, { serviceProviderId: SP, leadId: LEAD }),
    answer: { draftReview: { draftReviewId: 'd-1' } },
  },
  'review.updateDraftReview': {
    as: member,
    call: (client) => updateDraftReview(client, 'd-1', { draftReview: { text: 'Great job' }, draftRatings: [], categories: [10002] }),
  },
  'review.requestReviewByEmail': {
    as: provider,
    call: (client) =>
      requestReviewByEmail(client, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        phoneNumber: '3035550100',
        reviewRequest: { serviceProviderId: SP, postalCode: '80202', workCompleted: 'yes', categoryIds: [1] },
      }),
    answer: { draftReviewId: 'd-1' },
  },
  'messageCenter.sendMessage': {
    as: provider,
    call: (client) => sendMessage(client, { text: 'On our way', senderEntityId: SP, receiverEntityId: 5001 }),
    answer: { messageId: 'msg-1' },
  },
  'messageCenter.markThreadRead': { as: provider, call: (client) => markThreadRead(client, { serviceProviderId: SP, userId: 5001, read: true }) },
  'office.markLeadRead': { as: provider, call: (client) => markLeadRead(client, SP, { leadId: LEAD, read: true }) },
  'office.updateLeadNote': { as: provider, call: (client) => updateLeadNote(client, LEAD, { serviceProviderId: SP, note: 'Call back Tuesday' }) },
  'office.updateLeadStatus': { as: provider, call: (client) => updateLeadStatus(client, LEAD, { serviceProviderId: SP, status: 'Selling' }) },
  'office.archiveLead': { as: provider, call: (client) => archiveLead(client, SP, { leadId: LEAD, archived: true }) },
  'office.registerPhoneNumber': {
    as: provider,
    call: (client) => registerPhoneNumber(client, { spId: SP, brand: 'ADS', name: 'Shop', phoneNumber: '3035550999' }),
  },
  'office.submitLeadFeedback': {
    as: provider,
    call: (client) => submitLeadFeedback(client, SP, { leadId: LEAD, rating: 2, reason: 'LowValueJob', notes: 'Too small' }),
  },
};

/** A gateway that applies what it is sent and answers 511 until the check is passed, then `answer`. */
const challengedGateway = (auth: Write['as'], answer: unknown = {}) => challengedBy(auth, () => json(200, answer));

const keyOf = (request: RecordedRequest | undefined) => request?.headers['idempotency-key'];

describe('a write met by a 511 challenge, as its row of the write-replay table says', () => {
  it('has one invocation here for every row of the table, and none for another', () => {
    expect(Object.keys(WRITES).sort()).toEqual(Object.keys(WRITE_REPLAY).sort());
  });

  it.each(Object.entries(WRITES))('%s', async (operation, write) => {
    const replay = WRITE_REPLAY[operation as keyof typeof WRITE_REPLAY] as WriteReplay;
    const gateway = challengedGateway(write.as, write.answer);
    const outcome = write.call(gateway.client).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    await expect.poll(() => gateway.asked()).toBe(1);
    gateway.pass();
    const settled = await outcome;
    await gateway.client.whenChallengeSettled();
    const [first, again, ...more] = gateway.requests;
    expect(more).toEqual([]);
    if (replay === 'not-replayed') {
      // Not sent again: its caller was told of the challenge, for the user to repeat the action.
      expect(again).toBeUndefined();
      expect(settled).toMatchObject({ ok: false, error: { kind: 'challenge', status: 511 } });
      return;
    }
    // Sent again once, the same request; its caller got the replay's answer.
    expect(settled).toMatchObject({ ok: true });
    expect(again?.url).toBe(first?.url);
    expect(again?.body).toEqual(first?.body);
    if (replay === 'keyed') {
      // With the key of the first request: a gateway that applied it answers the first answer again.
      expect(keyOf(first)).toMatch(UUID);
      expect(keyOf(again)).toBe(keyOf(first));
    } else {
      // As sent: repeating it is harmless.
      expect([keyOf(first), keyOf(again)]).toEqual([undefined, undefined]);
    }
  });
});

describe('a write the table does not name (a host’s own call through the client)', () => {
  const hostWrite = (idempotencyKey?: string) =>
    ({ operation: 'host.saveThing', method: 'POST', path: '/gateway/host/thing', body: { n: 1 }, response: v.unknown(), idempotencyKey }) as const;

  it('without a key: not sent again; its caller gets the challenge at once, the host’s check still runs', async () => {
    const gateway = challengedGateway(provider);
    await expect(gateway.client.request(hostWrite())).rejects.toMatchObject({ kind: 'challenge', status: 511 });
    expect(gateway.asked()).toBe(1);
    expect(gateway.client.replayQueue.size).toBe(0);
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(1);
  });

  it('with a key of its own: held and sent again once with it', async () => {
    const gateway = challengedGateway(provider);
    const saved = gateway.client.request(hostWrite('k-host'));
    await expect.poll(() => gateway.asked()).toBe(1);
    gateway.pass();
    await saved;
    expect(gateway.requests.map(keyOf)).toEqual(['k-host', 'k-host']);
  });

  it('marked `replayable: false`: not sent again, even with a key', async () => {
    const gateway = challengedGateway(provider);
    await expect(gateway.client.request({ ...hostWrite('k-host'), replayable: false })).rejects.toMatchObject({ kind: 'challenge' });
    gateway.pass();
    await gateway.client.whenChallengeSettled();
    expect(gateway.requests).toHaveLength(1);
  });
});
