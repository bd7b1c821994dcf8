import { describe, expect, it } from 'vitest';
import { getProviderLeadV1, getProviderLeadV2 } from '../../../src/gateway/lead/provider-lead-calls';
import { fetchLead } from '../../../src/gateway/lead/funnel/calls';
import { getInteractionActivities } from '../../../src/gateway/message-center/calls';
import { getServiceProviderInfo } from '../../../src/gateway/office/calls';
import { getOrCreateDraftReview, updateDraftReview } from '../../../src/gateway/review/calls';
import { INVENTED_CALLS, SANDBOX_LEADS as L, SANDBOX_MEMBER_TOKEN, type SandboxGateway } from './index';
import { UNCHECKED_PROVIDER_TOKEN } from './routes/host-stand-in';
import { NOW, providerHeaders, setup } from './test-helpers';

/**
 * The spec profile (spec-profile.ts): leadkit's invented calls answer 404 and its
 * invented fields are absent from every answer, while leadkit's own calls still parse what is
 * left. The host stand-ins answer in both profiles.
 */

const memberHeaders = { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` };

/** Sends one request as it is (no client, no schema): the status and the JSON answer. */
async function answer(sandbox: SandboxGateway, route: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const [method, path] = route.split(' ') as [string, string];
  const response = await sandbox.fetch(path, {
    method,
    headers: init.headers ?? providerHeaders(),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const keys = (value: unknown) => Object.keys(value as object).sort();

describe("the spec profile: leadkit's invented calls answer 404", () => {
  /** A request each invented call's route would take in the full profile. */
  const REQUESTS: Record<string, { path: string; headers?: Record<string, string>; body?: unknown }> = {
    'POST /gateway/lead/v1/one-time-token': {
      path: '/gateway/lead/v1/one-time-token',
      headers: { 'content-type': 'application/json', 'X-Caller-Type': 'Member' },
      body: {},
    },
    'POST /gateway/lead/v1/one-time-token/renew': { path: '/gateway/lead/v1/one-time-token/renew', headers: memberHeaders, body: {} },
    'POST /gateway/lead/v1/one-time-token/expire': { path: '/gateway/lead/v1/one-time-token/expire', headers: memberHeaders, body: {} },
    'POST /gateway/message-center/v1/chat/session': { path: '/gateway/message-center/v1/chat/session', body: { serviceProviderId: 1001, userId: 5001 } },
    'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts': {
      path: '/gateway/lead/office/v1/leads/serviceProvider/1001/counts',
      body: { filters: {} },
    },
    'POST /gateway/lead/v1/contact': {
      path: '/gateway/lead/v1/contact',
      body: {
        postalCode: '80202',
        payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001] }],
        categoryId: 10002,
        contactType: 10,
        entityId: 'm-1',
        entityType: 'message',
      },
    },
  };

  it.each(INVENTED_CALLS.map(({ route, row }) => [route, row]))('%s (%s): 404 without reaching its route; the full profile serves it', async (route) => {
    const request = REQUESTS[route];
    if (!request) throw new Error(`no request for ${route}`);
    const method = route.split(' ')[0]!;
    const spec = setup({ profile: 'spec' }).sandbox;
    const members = spec.store.members.length;
    const sent = await answer(spec, `${method} ${request.path}`, request);
    expect(sent.status).toBe(404);
    expect(sent.body.message).toContain("the spec profile serves only the spec's calls");
    // The route did nothing: no guest member, no chat thread, nothing recorded but the 404.
    expect(spec.store.members).toHaveLength(members);
    expect(spec.store.requests.at(-1)).toMatchObject({ method, path: request.path, status: 404 });

    const full = setup().sandbox;
    expect((await answer(full, `${method} ${request.path}`, request)).status).toBeLessThan(300);
  });

  it('keeps the spec calls and the chat service: the board, the message center and the chat stand-in for Twilio answer', async () => {
    const { sandbox } = setup({ profile: 'spec' });
    expect(
      (await answer(sandbox, 'POST /gateway/lead/office/v6/leads/serviceProvider/1001', { body: { offset: 0, limit: 5, sort: 'NewestOldest', filters: {} } }))
        .status,
    ).toBe(200);
    const { token } = (
      await answer(sandbox, 'POST /host-stand-in/chat-token', {
        headers: { 'content-type': 'application/json' },
        body: { serviceProviderId: 1001, userId: 5001 },
      })
    ).body;
    const conversation = await answer(sandbox, `GET /gateway/message-center/v1/chat/conversations/${sandbox.chat.conversationSid(1001, 5001)}`, {
      headers: { ...providerHeaders(), Authorization: `Bearer ${String(token)}` },
    });
    expect(conversation.status).toBe(200);
  });
});

describe('the spec profile: answers keep only the spec’s fields, and leadkit reads them', () => {
  it('the lead page (v1, V2): no leadId, createDate or purchaseWindow; V2 has no user and customerInfo only the names', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    const v2 = await answer(sandbox, `GET /gateway/lead/office/v2/leads/${L.purchased}?spId=1001`);
    expect(keys(v2.body)).toEqual(['address', 'customerInfo', 'info', 'purchased']);
    expect(keys(v2.body.customerInfo)).toEqual(['firstName', 'lastName']);
    expect(keys(v2.body.info)).toEqual(['attributes', 'category', 'description', 'title', 'urgency']);
    const v1 = await answer(sandbox, `GET /gateway/lead/office/v1/leads/${L.purchased}?serviceProviderId=1001`);
    expect(keys(v1.body)).toEqual(['address', 'info', 'purchased', 'user']);
    // The full profile has them (the LeadFeed lead's window, its id).
    const full = await answer(setup().sandbox, `GET /gateway/lead/office/v2/leads/${L.purchased}?spId=1001`);
    expect(full.body).toMatchObject({ leadId: L.purchased, purchaseWindow: { buyerCount: expect.any(Number) }, user: expect.any(Object) });
    // leadkit's calls read the spec's answer.
    expect(await getProviderLeadV2(provider, { leadId: L.purchased, spId: 1001 })).toMatchObject({
      purchased: true,
      customerInfo: { firstName: expect.any(String), isSmsEnabled: false },
    });
    expect((await getProviderLeadV1(provider, { leadId: L.purchased, serviceProviderId: 1001 })).user).toMatchObject({ email: expect.stringContaining('@') });
  });

  it('the provider: no id, no inboxEnabled', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    const { body } = await answer(sandbox, 'GET /gateway/office-home/v4/service_provider?serviceProviderIds=1001');
    expect(body).toEqual({ serviceProviders: [{ name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: expect.stringMatching(/^\d{5}$/) } }] });
    expect((await getServiceProviderInfo(provider, 1001)).serviceProviders[0]?.name).toBe('Acme Plumbing & Heating');
  });

  it('the fetched lead: postalAddress, category { id } and userId only', async () => {
    const { sandbox, member } = setup({ profile: 'spec' });
    const { body } = await answer(sandbox, `GET /gateway/lead/v1/lead/${L.newest}`, { headers: memberHeaders });
    expect(keys(body)).toEqual(['category', 'postalAddress', 'userId']);
    expect(keys(body.category)).toEqual(['id']);
    expect(await fetchLead(member, L.newest)).toMatchObject({ userId: expect.any(Number), category: { id: expect.any(Number) } });
  });

  it('interaction activities: no actorId, text or counterpartId', async () => {
    const { provider } = setup({ profile: 'spec' });
    const { activities } = await getInteractionActivities(provider, { interactorId: 5001, interactorType: 'Member', activityTypes: ['GenericMessage.v1'] });
    expect(activities.length).toBeGreaterThan(0);
    for (const activity of activities) expect(keys(activity)).toEqual(['activityId', 'activityType', 'createDate']);
  });

  it('the draft review: only draftReviewId and the spec fields, on get-or-create and on update', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    const { body } = await answer(sandbox, 'POST /gateway/review/api/v1/draft-review/get-or-create', {
      body: { serviceProviderId: 1001, leadId: L.closedWon },
    });
    expect(keys(body)).toEqual(['categories', 'draftRatings', 'draftReview']);
    expect(keys(body.draftReview)).toEqual(['draftReviewId', 'reviewSource', 'reviewSourceVersion', 'serviceProviderId']);
    const draft = await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: L.closedWon });
    expect(draft.draftReview).toMatchObject({ descriptionOfWork: '', workCompleted: null, requestedAt: null });
    await updateDraftReview(provider, draft.draftReview.draftReviewId, {
      draftReview: { descriptionOfWork: 'New AC unit', workCompleted: true },
      draftRatings: [],
      categories: [10102],
    });
    // The sandbox kept the work (leadkit does not read the PUT's answer).
    expect(sandbox.store.draftReviews.find((d) => d.draftReviewId === draft.draftReview.draftReviewId)?.descriptionOfWork).toBe('New AC unit');
  });
});

describe('host stand-ins (/host-stand-in: a host’s own server), in both profiles', () => {
  it.each(['full', 'spec'] as const)('%s: the chat token is the chat session of the pair, with the member', async (profile) => {
    const { sandbox } = setup({ profile });
    const { status, body } = await answer(sandbox, 'POST /host-stand-in/chat-token', {
      headers: { 'content-type': 'application/json' },
      body: { serviceProviderId: 1001, userId: 5001, leadId: L.newest },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      conversationSid: sandbox.chat.conversationSid(1001, 5001),
      identity: 'provider-1001',
      token: expect.any(String),
      expiresAt: expect.any(String),
      member: { firstName: 'Jordan', lastName: 'Rivera' },
    });
    // The session call's rules: a pair without a conversation or lead is refused, an unknown provider is 404.
    expect(
      (
        await answer(sandbox, 'POST /host-stand-in/chat-token', {
          headers: { 'content-type': 'application/json' },
          body: { serviceProviderId: 1001, userId: 5001, leadId: 300002 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await answer(sandbox, 'POST /host-stand-in/chat-token', {
          headers: { 'content-type': 'application/json' },
          body: { serviceProviderId: 999999, userId: 5001 },
        })
      ).status,
    ).toBe(404);
  });

  it.each(['full', 'spec'] as const)('%s: the one-time token issues a guest token that the gateway takes, and renews the same token', async (profile) => {
    const { sandbox } = setup({ profile });
    const issued = await answer(sandbox, 'POST /host-stand-in/one-time-token', { headers: { 'content-type': 'application/json' }, body: { reason: 'issue' } });
    expect(issued).toEqual({
      status: 200,
      body: {
        token: expect.stringMatching(/^ott_/),
        expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
        expiresIn: 1800,
        userId: expect.any(Number),
      },
    });
    const token = String(issued.body.token);
    // The gateway takes it: the guest's own lead list (a one-time-token call) answers.
    expect((await sandbox.fetch('/gateway/lead/v1/projects', { headers: { 'X-Caller-Type': 'Member', Authorization: `OneTime ${token}` } })).status).toBe(200);
    const renewed = await answer(sandbox, 'POST /host-stand-in/one-time-token', {
      headers: { 'content-type': 'application/json', Authorization: `OneTime ${token}` },
      body: { reason: 'renew' },
    });
    expect(renewed).toEqual({ status: 200, body: { token, expiresAt: expect.any(String), expiresIn: 1800 } });
    expect(
      (await answer(sandbox, 'POST /host-stand-in/one-time-token', { headers: { 'content-type': 'application/json' }, body: { reason: 'renew' } })).status,
    ).toBe(401);
  });

  it.each(['full', 'spec-variants'] as const)(
    "%s: the provider token is the one the sandbox requires, the gateway's provider calls take it, and a refresh gives it again",
    async (profile) => {
      const { sandbox } = setup({ profile, providerSignIn: { token: 'tok-provider-1' } });
      const json = { 'content-type': 'application/json' };
      expect(await answer(sandbox, 'POST /host-stand-in/provider-token', { headers: json, body: { reason: 'initial' } })).toEqual({
        status: 200,
        body: { token: 'tok-provider-1' },
      });
      expect(await answer(sandbox, 'POST /host-stand-in/provider-token', { headers: json, body: { reason: 'refresh' } })).toEqual({
        status: 200,
        body: { token: 'tok-provider-1' },
      });
      const categories = '/gateway/service-provider-profile/v1/service_provider/1001/categories';
      expect((await sandbox.fetch(categories, { headers: providerHeaders() })).status).toBe(401);
      expect((await sandbox.fetch(categories, { headers: { ...providerHeaders(), Authorization: 'Bearer tok-provider-1' } })).status).toBe(200);
      expect((await answer(sandbox, 'POST /host-stand-in/provider-token', { headers: json, body: { reason: 'later' } })).status).toBe(400);
    },
  );

  it('the provider token: an unchecked one when the sandbox requires none; none (404) when a function of its own checks them', async () => {
    const json = { 'content-type': 'application/json' };
    const open = setup({ profile: 'spec' }).sandbox;
    expect(await answer(open, 'POST /host-stand-in/provider-token', { headers: json, body: {} })).toEqual({
      status: 200,
      body: { token: UNCHECKED_PROVIDER_TOKEN },
    });
    const byFunction = setup({ profile: 'spec', providerSignIn: { token: (token) => token.startsWith('tok-') } }).sandbox;
    expect((await answer(byFunction, 'POST /host-stand-in/provider-token', { headers: json, body: {} })).status).toBe(404);
  });

  it.each(['full', 'spec'] as const)(
    "%s: the contact stores the spec's payload as the gateway's contact call does (one record per provider), and refuses a payload it could not store",
    async (profile) => {
      const { sandbox } = setup({ profile });
      const payload = {
        postalCode: '80202',
        payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001] }],
        campaignId: 'spring-25',
        sessionStartTimestamp: 1,
        categoryId: 10002,
        contactType: 10,
        entityId: 'msg-1',
        entityType: 'message',
      };
      const contacts = sandbox.store.contacts.length;
      const { status, body } = await answer(sandbox, 'POST /host-stand-in/contact', { headers: { 'content-type': 'application/json' }, body: payload });
      expect(status).toBe(200);
      expect(body).toEqual({ contactIds: [expect.any(Number)] });
      expect(sandbox.store.contacts.slice(contacts)).toEqual([
        expect.objectContaining({
          contactId: (body.contactIds as number[])[0],
          contactType: 10,
          contactPlacementType: 44,
          serviceProviderId: 1001,
          entityId: 'msg-1',
          entityType: 'message',
          postalCode: '80202',
          categoryId: 10002,
          campaignId: 'spring-25',
        }),
      ]);
      expect(
        (await answer(sandbox, 'POST /host-stand-in/contact', { headers: { 'content-type': 'application/json' }, body: { ...payload, contactType: 99 } }))
          .status,
      ).toBe(400);
      expect(
        (
          await answer(sandbox, 'POST /host-stand-in/contact', {
            headers: { 'content-type': 'application/json' },
            body: { ...payload, payloads: [{ contactPlacementType: 44, serviceProviderIds: [999999] }] },
          })
        ).status,
      ).toBe(400);
      expect(sandbox.store.contacts).toHaveLength(contacts + 1);
    },
  );
});
