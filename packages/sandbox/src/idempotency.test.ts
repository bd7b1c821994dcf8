import { describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../src/gateway/core/client';
import { WRITE_REPLAY } from '../../../src/gateway/core/write-replay';
import { addDisplayPreferences, sendOpportunityLeadNotification } from '../../../src/gateway/lead/calls';
import { createContact } from '../../../src/gateway/lead/contact-calls';
import { assignLeadV1, assignLeadV2, createLeadV3, markHired, sendHandyLead, sendProSelection, updateUserPhone } from '../../../src/gateway/lead/funnel/calls';
import { sendMessage } from '../../../src/gateway/message-center/calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { submitLeadFeedback } from '../../../src/gateway/office/feedback';
import { registerPhoneNumber } from '../../../src/gateway/office/registered-numbers';
import { requestReviewByEmail } from '../../../src/gateway/review/calls';
import { MAIN_PROVIDER_ID, SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN, SANDBOX_SERVICE_REQUEST_ID, type SandboxGateway } from './index';
import { setup } from './test-helpers';

const newLead = {
  source: 'RequestAQuote',
  title: 'Burst pipe',
  categoryId: 10004,
  contactInformation: { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' },
  assignedServiceProviderIds: [1001],
  address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202' },
};

const memberHeaders = (key: string) => ({
  'content-type': 'application/json',
  'X-Caller-Type': 'Member',
  Authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}`,
  'Idempotency-Key': key,
});

describe('Idempotency-Key', () => {
  it('the same key returns the first answer and creates the lead once', async () => {
    const { sandbox, member, provider } = setup();
    const before = sandbox.store.leads.length;
    const first = await createLeadV3(member, newLead, { idempotencyKey: 'key-1' });
    const second = await createLeadV3(member, newLead, { idempotencyKey: 'key-1' });
    expect(second).toEqual(first);
    expect(sandbox.store.leads.length).toBe(before + 1);
    // A new user action (new key) creates another.
    const third = await createLeadV3(member, newLead, { idempotencyKey: 'key-2' });
    expect(third.leadId).not.toBe(first.leadId);
    expect(sandbox.store.leads.length).toBe(before + 2);
    // The created lead is on the assigned provider's board, once.
    const board = await getLeads(provider, 1001, { limit: 100 });
    expect(board.leads.filter((l) => l.leadId === first.leadId)).toHaveLength(1);
    expect(board.leads.map((l) => l.leadId)).toContain(third.leadId);
  });

  it('a replayed answer says so, and concurrent requests with one key create once', async () => {
    const { sandbox } = setup();
    const before = sandbox.store.leads.length;
    const post = () => sandbox.fetch('/gateway/lead/v3/lead', { method: 'POST', headers: memberHeaders('key-c'), body: JSON.stringify(newLead) });
    const answers = await Promise.all([post(), post(), post()]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(sandbox.store.leads.length).toBe(before + 1);
  });

  it('a key reused for a different request is a 422; a failed first attempt is not stored', async () => {
    const { sandbox } = setup();
    await sandbox.fetch('/gateway/lead/v3/lead', { method: 'POST', headers: memberHeaders('key-d'), body: JSON.stringify(newLead) });
    const other = await sandbox.fetch('/gateway/lead/v3/lead', {
      method: 'POST',
      headers: memberHeaders('key-d'),
      body: JSON.stringify({ ...newLead, title: 'Something else' }),
    });
    expect(other.status).toBe(422);

    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/v3/lead', times: 1 });
    const failed = await sandbox.fetch('/gateway/lead/v3/lead', { method: 'POST', headers: memberHeaders('key-e'), body: JSON.stringify(newLead) });
    expect(failed.status).toBe(500);
    const retried = await sandbox.fetch('/gateway/lead/v3/lead', { method: 'POST', headers: memberHeaders('key-e'), body: JSON.stringify(newLead) });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a message sent twice with one key is stored once and keeps its id', async () => {
    const { sandbox, provider } = setup();
    const body = { text: 'See you at 3', senderEntityId: 1001, receiverEntityId: 5001 };
    const first = await sendMessage(provider, body, { idempotencyKey: 'msg-key' });
    const second = await sendMessage(provider, body, { idempotencyKey: 'msg-key' });
    expect(second.messageId).toBe(first.messageId);
    expect(sandbox.store.messages.filter((m) => m.text === 'See you at 3')).toHaveLength(1);
  });

  it('a review request sent twice with one key creates one draft review', async () => {
    const { sandbox, provider } = setup();
    const form = {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '3035550123',
      reviewRequest: { serviceProviderId: 1001, postalCode: '80202', workCompleted: 'no' as const, categoryIds: [100] },
    };
    const first = await requestReviewByEmail(provider, form, { idempotencyKey: 'rr-1' });
    const second = await requestReviewByEmail(provider, form, { idempotencyKey: 'rr-1' });
    expect(second).toEqual(first);
    expect(sandbox.store.reviewRequests).toHaveLength(1);
    expect(sandbox.store.reviewRequests[0]).toMatchObject({ workCompleted: false, categories: [100] });
    // One draft for the new member (a second request would fill in the same one anyway).
    expect(sandbox.store.draftReviews.filter((d) => d.reviewSource === 'review-request')).toHaveLength(1);
  });
});

/**
 * The writes that carry a key since the write-replay table (src/gateway/core/write-replay.ts) gave
 * them one, each against the sandbox as a gateway that applied it and still answered 511 (the
 * first answer lost to a challenge): once the check is passed the client sends it again with the
 * same key, and the sandbox answers its first answer again instead of applying it twice.
 */
describe('a keyed write applied, answered 511, replayed: applied once', () => {
  const L = SANDBOX_LEADS;
  const provider = { kind: 'provider', spId: MAIN_PROVIDER_ID } as const;
  const member = { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } as const;
  type Store = SandboxGateway['store'];
  const CASES: Record<string, { as: typeof provider | typeof member; call: (client: GatewayClient) => Promise<unknown>; once: (store: Store) => unknown }> = {
    'lead.sendOpportunityLeadNotification': {
      as: provider,
      call: (client) => sendOpportunityLeadNotification(client, [L.newest]),
      once: (store) => store.sentNotifications.filter((n) => n.kind === 'ol-notification').length,
    },
    'lead.addDisplayPreferences': {
      as: provider,
      call: (client) => addDisplayPreferences(client, MAIN_PROVIDER_ID, ['HideThimbleForAllLeads']),
      once: (store) => store.provider(MAIN_PROVIDER_ID)?.displayPreferences.filter((p) => p === 'HideThimbleForAllLeads').length,
    },
    'lead.assignLeadV1': {
      as: member,
      call: (client) => assignLeadV1(client, L.newest, { serviceProviderIds: [1005] }),
      once: (store) => store.lead(L.newest)?.assignments.filter((a) => a.spId === 1005).length,
    },
    'lead.assignLeadV2': {
      as: member,
      call: (client) => assignLeadV2(client, L.newest, { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: SANDBOX_SERVICE_REQUEST_ID }),
      once: (store) => store.lead(L.newest)?.haProviderIds.filter((id) => id === 2002).length,
    },
    'lead.sendHandyLead': {
      as: member,
      call: (client) => sendHandyLead(client, L.newest),
      once: (store) => store.sentNotifications.filter((n) => n.kind === 'handy').length,
    },
    'lead.sendProSelection': {
      as: member,
      call: (client) => sendProSelection(client, { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] }),
      once: (store) => store.sentNotifications.filter((n) => n.kind === 'pro-selection').length,
    },
    'lead.markHired': {
      as: member,
      call: (client) => markHired(client, L.newest, { serviceProviderType: 'AL', serviceProviderId: MAIN_PROVIDER_ID }),
      once: (store) => store.lead(L.newest)?.hiredProviderIds.filter((id) => id === MAIN_PROVIDER_ID).length,
    },
    'lead.updateUserPhone': {
      as: member,
      call: (client) => updateUserPhone(client, '3035550199'),
      once: (store) => store.phoneUpdates.length,
    },
    'lead.createContact': {
      as: member,
      call: (client) =>
        createContact(client, {
          postalCode: '80202',
          payloads: [{ contactPlacementType: 44, serviceProviderIds: [MAIN_PROVIDER_ID] }],
          categoryId: 10002,
          contactType: 10,
          entityId: 'msg-replayed',
          entityType: 'message',
        }),
      once: (store) => store.contacts.filter((c) => c.entityId === 'msg-replayed').length,
    },
    'office.registerPhoneNumber': {
      as: provider,
      // A second registration would be a 409 ('already connected'): the replay answers the first 2xx.
      call: (client) => registerPhoneNumber(client, { spId: MAIN_PROVIDER_ID, brand: 'ADS', name: 'Shop', phoneNumber: '3035550999' }),
      once: (store) => store.registeredNumbers.filter((n) => n.phoneNumber === '3035550999').length,
    },
    'office.submitLeadFeedback': {
      as: provider,
      call: (client) => submitLeadFeedback(client, MAIN_PROVIDER_ID, { leadId: L.newest, rating: 2, reason: 'LowValueJob', notes: 'Too small' }),
      // Stored on the lead's assignment (a second run would store it again: the key says it ran once).
      once: (store) => (store.lead(L.newest)?.assignments.find((a) => a.spId === MAIN_PROVIDER_ID)?.feedback?.rating === 2 ? 1 : 0),
    },
  };

  it('covers every write the table keys, but those keyed before it (tested above and in contract.test.ts)', () => {
    const keyedBefore = ['lead.createLeadV1', 'lead.createLeadV3', 'lead.issueOneTimeToken', 'messageCenter.sendMessage', 'review.requestReviewByEmail'];
    const boardWrites = ['office.markLeadRead', 'office.updateLeadNote', 'office.updateLeadStatus', 'office.archiveLead'];
    const keyed = Object.entries(WRITE_REPLAY).flatMap(([operation, replay]) => (replay === 'keyed' ? [operation] : []));
    expect(Object.keys(CASES).sort()).toEqual(keyed.filter((operation) => ![...keyedBefore, ...boardWrites].includes(operation)).sort());
  });

  it.each(Object.entries(CASES))('%s', async (_operation, c) => {
    const { sandbox } = setup();
    const replayed: (string | null)[] = [];
    let lost = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const answer = await sandbox.fetch(input as string, init);
      if (!lost) {
        replayed.push(answer.headers.get('idempotent-replayed'));
        return answer;
      }
      // Applied; its answer lost to a challenge.
      lost = false;
      return new Response(JSON.stringify({ error: 'challenge_required', challengeId: 'ch-1' }), {
        status: 511,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch, auth: c.as, retry: { retries: 0 }, onChallenge: async () => true });
    await c.call(client);
    const [first, again, ...more] = sandbox.store.requests;
    expect(more).toEqual([]);
    expect(again?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(replayed).toEqual(['true']);
    expect(c.once(sandbox.store)).toBe(1);
  });
});
