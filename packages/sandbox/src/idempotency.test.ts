import { describe, expect, it } from 'vitest';
import { createLeadV3 } from '../../../src/gateway/lead/funnel/calls';
import { sendMessage } from '../../../src/gateway/message-center/calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { requestReviewByEmail } from '../../../src/gateway/review/calls';
import { SANDBOX_MEMBER_TOKEN } from './index';
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
