import { describe, expect, it } from 'vitest';
import {
  INVENTED_CALLS,
  SANDBOX_LEADS as L,
  SANDBOX_MEMBER_ID,
  SANDBOX_MEMBER_TOKEN,
  SANDBOX_SERVICE_REQUEST_ID,
  UNKNOWN_FIELDS,
  sandboxProfileFrom,
  servesSpecOnly,
  type SandboxGateway,
} from './index';
import { providerHeaders, setup } from './test-helpers';

/**
 * The spec-variants profile (spec-variants.ts): the spec profile, answering as strictly as the
 * spec lets a real gateway answer. Each rule asserted on what the in-process fetch answers (no
 * client, no schema: leadkit's reading of it is tested in src/gateway), and that the write still happened.
 */

const memberHeaders = { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` };
const TRACE = UNKNOWN_FIELDS.each['x-gateway-trace'];

type Json = Record<string, unknown>;

/** Sends one request as it is: the status, the headers and the raw text. */
async function send(sandbox: SandboxGateway, route: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const [method, path] = route.split(' ') as [string, string];
  const response = await sandbox.fetch(path, {
    method,
    headers: init.headers ?? providerHeaders(),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function json(sandbox: SandboxGateway, route: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const { status, text } = await send(sandbox, route, init);
  return { status, body: JSON.parse(text) as Json };
}

/** A value without the unknown fields (to compare the spec's fields exactly). */
function known(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(known);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => !(field in UNKNOWN_FIELDS.each) && !(field in UNKNOWN_FIELDS.top))
      .map(([field, item]) => [field, known(item)]),
  );
}
const keys = (value: unknown) => Object.keys(known(value) as object).sort();

describe('the spec-variants profile: the name, and the spec profile underneath', () => {
  it('SANDBOX_PROFILE=spec-variants names it; it serves only the spec, as `spec` does', () => {
    expect(sandboxProfileFrom('spec-variants')).toBe('spec-variants');
    expect(setup({ profile: 'spec-variants' }).sandbox.profile).toBe('spec-variants');
    expect([servesSpecOnly('full'), servesSpecOnly('spec'), servesSpecOnly('spec-variants')]).toEqual([false, true, true]);
  });

  it.each(INVENTED_CALLS.map(({ route, row }) => [route, row]))('%s (%s): 404 without reaching its route', async (route) => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const members = sandbox.store.members.length;
    const path = route.split(' ')[1]!.replace(':id', '1001');
    const { status, body } = await json(sandbox, `POST ${path}`, { body: {} });
    expect(status).toBe(404);
    expect(body.message).toContain("the spec profile serves only the spec's calls");
    expect(sandbox.store.members).toHaveLength(members);
  });
});

describe('the spec-variants profile: the spec’s variant shapes, its fields only', () => {
  it('the lead page v1: the lineOne/lineTwo address and `user`; no leadId, createDate or purchaseWindow', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { status, body } = await json(sandbox, `GET /gateway/lead/office/v1/leads/${L.purchased}?serviceProviderId=1001`);
    expect(status).toBe(200);
    expect(keys(body)).toEqual(['address', 'info', 'purchased', 'user']);
    expect(known(body.address)).toEqual({
      lineOne: expect.any(String),
      lineTwo: null,
      city: 'Denver',
      state: 'CO',
      postalCode: expect.stringMatching(/^\d{5}$/),
    });
    expect(known(body.user)).toEqual({
      firstName: 'Jasmine',
      lastName: 'Anderson',
      phone: expect.stringMatching(/^\d{10}$/),
      email: expect.stringContaining('@'),
    });
    // The spec profile spells it firstLine/secondLine (leadkit's v1).
    const spec = await json(setup({ profile: 'spec' }).sandbox, `GET /gateway/lead/office/v1/leads/${L.purchased}?serviceProviderId=1001`);
    expect(keys(spec.body.address)).toContain('firstLine');
  });

  it('the lead page V2: customerInfo {firstName, lastName}, no `user`, the lineOne/lineTwo address', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { body } = await json(sandbox, `GET /gateway/lead/office/v2/leads/${L.purchased}?spId=1001`);
    expect(keys(body)).toEqual(['address', 'customerInfo', 'info', 'purchased']);
    expect(known(body.customerInfo)).toEqual({ firstName: 'Jasmine', lastName: 'Anderson' });
    expect(keys(body.address)).toEqual(['city', 'lineOne', 'lineTwo', 'postalCode', 'state']);
    // Not purchased (the example page's unavailable lead): the same shape, no street, no last name.
    const unavailable = await json(sandbox, 'GET /gateway/lead/office/v2/leads/300101?spId=1001');
    expect(unavailable.status).toBe(200);
    expect(unavailable.body.purchased).toBe(false);
    expect(known(unavailable.body.address)).toMatchObject({ lineOne: null, lineTwo: null });
    expect(unavailable.body).not.toHaveProperty('user');
  });

  it('provider details: `serviceProvideId` (sic) and `categories`, nothing the spec does not name (one provider and combined)', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const one = await json(sandbox, 'GET /gateway/lead/v1/serviceprovider/2001/details?withAlId=true', { headers: memberHeaders });
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(['categories', 'serviceProvideId']);
    // withAlId still resolves the HA listing to its AL business.
    expect(one.body.serviceProvideId).toBe(1001);
    expect(keys((one.body.categories as Json[])[0])).toEqual(['categoryId', 'categoryName', 'overallReviewCount', 'parentCategory']);

    const combined = await json(sandbox, 'POST /gateway/lead/v1/serviceProviders/details', {
      headers: memberHeaders,
      body: { categoryId: 10003, postalCode: '80202', alServiceProviderIds: [1001], haServiceProviderIds: [2003] },
    });
    expect(combined.status).toBe(200);
    const providers = combined.body.serviceProviders as Json[];
    expect(providers.map((provider) => provider.serviceProvideId)).toEqual([1001, 2003]);
    for (const provider of providers) expect(keys(provider)).toEqual(['categories', 'serviceProvideId']);
  });

  it("the review form's pre-fill: the spec's gateway variant of a review request (no leadId, isMaskedPhone or category object)", async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { status, body } = await json(sandbox, 'POST /gateway/lead/office/v1/review-request', { body: { serviceProviderId: 1001, leadId: L.closedWon } });
    expect(status).toBe(200);
    expect(known(body)).toEqual({
      serviceProviderId: 1001,
      postalCode: expect.stringMatching(/^\d{5}$/),
      emailAddress: 'priya.patel@example.com',
      phoneNumber: expect.stringMatching(/^\d{10}$/),
      firstName: 'Priya',
      lastName: 'Patel',
      descriptionOfWork: null,
      workCompleted: null,
      categories: [10102],
    });
  });
});

describe('the spec-variants profile: the connected numbers', () => {
  it('keep the spec fields only (no createDate)', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const route = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';
    await send(sandbox, `POST ${route}`, { body: { spId: 1001, brand: 'ADS', name: 'Front desk', phoneNumber: '7205550997' } });
    const { body } = await json(sandbox, `GET ${route}?spId=1001&brand=ADS`);
    const numbers = body.registeredNumbers as Json[];
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(keys(number)).toEqual(['brand', 'name', 'phoneNumber', 'spId']);
    expect(sandbox.store.registeredNumbers.at(-1)?.createDate).toEqual(expect.any(String));
  });
});

describe('the spec-variants profile: a write whose answer the spec does not name answers 204 with no body, and still happens', () => {
  const board = `/gateway/lead/office`;
  /** Each write: its request, and what the store holds after it. */
  const WRITES: { route: string; headers?: Record<string, string>; body: unknown; done: (sandbox: SandboxGateway) => unknown; expected: unknown }[] = [
    {
      route: `POST ${board}/v2/leads/serviceprovider/1001/read`,
      body: { leadId: L.newest, read: true },
      done: (s) => s.store.assignment(s.store.lead(L.newest)!, 1001)?.read,
      expected: true,
    },
    {
      route: `POST ${board}/v2/leads/${L.newest}/note`,
      body: { serviceProviderId: 1001, note: 'Call back on Tuesday.' },
      done: (s) => s.store.assignment(s.store.lead(L.newest)!, 1001)?.notes,
      expected: 'Call back on Tuesday.',
    },
    {
      route: `POST ${board}/v2/leads/${L.newest}/status`,
      body: { serviceProviderId: 1001, status: 'Selling' },
      done: (s) => s.store.assignment(s.store.lead(L.newest)!, 1001)?.status,
      expected: 'Selling',
    },
    {
      route: `POST ${board}/v1/leads/serviceprovider/1001/feedback`,
      body: { leadId: L.newest, rating: 2, reason: 'PotentialSpam', notes: '' },
      done: (s) => s.store.assignment(s.store.lead(L.newest)!, 1001)?.feedback?.rating,
      expected: 2,
    },
    {
      route: `POST ${board}/v1/leads/serviceprovider/1001/archive`,
      body: { serviceProviderId: 1001, leadId: L.newest, archived: true },
      done: (s) => s.store.assignment(s.store.lead(L.newest)!, 1001)?.archived,
      expected: true,
    },
    {
      route: 'POST /gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number',
      body: { spId: 1001, brand: 'ADS', name: 'Front desk', phoneNumber: '7205550999' },
      done: (s) => s.store.registeredNumbers.some((n) => n.phoneNumber === '7205550999'),
      expected: true,
    },
    {
      route: 'POST /gateway/lead/v1/serviceprovider/1001/add-display-preferences',
      body: { displayPreferences: ['HideThimbleForAllLeads'] },
      done: (s) => s.store.provider(1001)?.displayPreferences.includes('HideThimbleForAllLeads'),
      expected: true,
    },
    {
      route: 'PUT /gateway/message-center/v1/messages/thread/read',
      body: { serviceProviderId: 1001, userId: SANDBOX_MEMBER_ID, read: true },
      done: (s) => s.store.thread(1001, SANDBOX_MEMBER_ID)?.unreadForProvider,
      expected: false,
    },
    {
      route: `POST /gateway/lead/v1/lead/${L.newest}/assign`,
      headers: memberHeaders,
      body: { serviceProviderIds: [1001] },
      done: (s) => s.store.lead(L.newest)?.assignments.some((a) => a.spId === 1001),
      expected: true,
    },
    {
      route: `POST /gateway/lead/v2/lead/${L.newest}/assign`,
      headers: memberHeaders,
      body: { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: SANDBOX_SERVICE_REQUEST_ID },
      done: (s) => s.store.lead(L.newest)?.haProviderIds.includes(2002),
      expected: true,
    },
    {
      route: 'POST /gateway/lead/v1/service-request/send-ol-pro-selection',
      headers: memberHeaders,
      body: { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] },
      done: (s) => s.store.serviceRequests.find((r) => r.serviceRequestId === SANDBOX_SERVICE_REQUEST_ID)?.haSelectedIds.includes(2002),
      expected: true,
    },
    {
      route: `POST /gateway/lead/v1/lead/${L.newest}/service-provider/mark-hired`,
      headers: memberHeaders,
      body: { serviceProviderType: 'AL', serviceProviderId: 1001 },
      done: (s) => s.store.lead(L.newest)?.hiredProviderIds.includes(1001),
      expected: true,
    },
    {
      route: 'POST /gateway/lead/v1/user/updatePhone',
      headers: memberHeaders,
      body: { phoneNumber: '7205550123' },
      done: (s) => s.store.member(SANDBOX_MEMBER_ID)?.phoneNumber,
      expected: '7205550123',
    },
    {
      route: 'POST /gateway/lead/v1/handy/sendLead',
      headers: memberHeaders,
      body: { leadId: L.newest },
      done: (s) => s.store.sentNotifications.some((n) => n.kind === 'handy'),
      expected: true,
    },
    {
      route: 'POST /gateway/lead/v1/lead/send-ol-notification',
      headers: memberHeaders,
      body: { leadIds: [L.newest] },
      done: (s) => s.store.sentNotifications.some((n) => n.kind === 'ol-notification'),
      expected: true,
    },
  ];

  it.each(WRITES.map((write) => [write.route, write] as const))('%s', async (route, write) => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const answer = await send(sandbox, route, { body: write.body, ...(write.headers ? { headers: write.headers } : {}) });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBeNull();
    expect(write.done(sandbox)).toEqual(write.expected);
    // The full profile answers the same write with its JSON (the route is the same).
    const full = setup().sandbox;
    const fullAnswer = await send(full, route, { body: write.body, ...(write.headers ? { headers: write.headers } : {}) });
    expect(fullAnswer.status).toBe(200);
    expect(fullAnswer.text).not.toBe('');
  });

  it('the draft review PUT: 204, and the draft keeps the work', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { body } = await json(sandbox, 'POST /gateway/review/api/v1/draft-review/get-or-create', { body: { serviceProviderId: 1001, leadId: L.closedWon } });
    const id = String((body.draftReview as Json).draftReviewId);
    const answer = await send(sandbox, `PUT /gateway/review/api/v1/draft-review/${id}`, {
      body: { draftReview: { descriptionOfWork: 'New AC unit', workCompleted: true }, draftRatings: [], categories: [10102] },
    });
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect(sandbox.store.draftReviews.find((draft) => draft.draftReviewId === id)?.descriptionOfWork).toBe('New AC unit');
  });

  it('a failed write keeps its error answer (no 204): a number already connected is 409', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const route = 'POST /gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';
    const body = { spId: 1001, brand: 'ADS', name: 'Front desk', phoneNumber: '7205550998' };
    expect((await send(sandbox, route, { body })).status).toBe(204);
    const again = await json(sandbox, route, { body });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: expect.any(String), 'x-gateway-trace': TRACE });
  });

  it('an idempotent replay answers as the first did: 204 for a status write, the named field for a review request', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const status = { ...providerHeaders(), 'Idempotency-Key': 'status-1' };
    const body = { serviceProviderId: 1001, status: 'Selling' };
    const first = await send(sandbox, `POST ${board}/v2/leads/${L.newest}/status`, { headers: status, body });
    const replay = await send(sandbox, `POST ${board}/v2/leads/${L.newest}/status`, { headers: status, body });
    expect([first.status, first.text, replay.status, replay.text]).toEqual([204, '', 204, '']);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');

    const review = { ...providerHeaders(), 'Idempotency-Key': 'review-1' };
    const request = {
      serviceProviderId: 1001,
      postalCode: '80210',
      emailAddress: 'priya.patel@example.com',
      phoneNumber: '7205550178',
      firstName: 'Priya',
      lastName: 'Patel',
      descriptionOfWork: '',
      workCompleted: true,
      categories: [10102],
    };
    const sent = await json(sandbox, 'POST /gateway/review/api/v1/review/request-by-email', { headers: review, body: request });
    const again = await json(sandbox, 'POST /gateway/review/api/v1/review/request-by-email', { headers: review, body: request });
    expect(sent.status).toBe(200);
    expect(again).toEqual(sent);
    expect(sent.body).toMatchObject({ draftReviewId: expect.any(String), 'x-gateway-trace': TRACE });
  });
});

describe('the spec-variants profile: the writes whose answer the spec names keep it', () => {
  it('send message (messageId) and create lead (leadId) answer their field, among unknown ones', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const message = await json(sandbox, 'POST /gateway/message-center/v1/messages', {
      body: { text: 'Hello', senderEntityId: 1001, receiverEntityId: SANDBOX_MEMBER_ID },
    });
    expect(message.status).toBe(200);
    expect(known(message.body)).toEqual({ messageId: expect.any(String) });
    const lead = await json(sandbox, 'POST /gateway/lead/v1/lead', {
      headers: memberHeaders,
      body: {
        source: 'RequestAQuote',
        title: 'Drain Cleaning',
        categoryId: 10003,
        contactInformation: { email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee', phoneNumber: '7205550100' },
        address: { postalAddressId: (sandbox.store.postalAddresses[0] as { postalAddressId: number }).postalAddressId },
      },
    });
    expect(lead.status).toBe(200);
    expect(known(lead.body)).toEqual({ leadId: expect.any(Number) });
  });
});

describe('the spec-variants profile: fields no spec names, and null for optional ones', () => {
  it('every JSON answer has unknown fields at its top level and in each nested object and array item', async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { body } = await json(sandbox, 'POST /gateway/lead/office/v6/leads/serviceProvider/1001', { body: { offset: 0, limit: 5, filters: {} } });
    expect(body).toMatchObject(UNKNOWN_FIELDS.top);
    expect(body['x-gateway-trace']).toBe(TRACE);
    expect(body.pagination).toMatchObject({ totalNumber: expect.any(Number), 'x-gateway-trace': TRACE });
    const leads = body.leads as Json[];
    expect(leads).toHaveLength(5);
    for (const lead of leads) {
      expect(lead['x-gateway-trace']).toBe(TRACE);
      expect((lead.customerInfo as Json)['x-gateway-trace']).toBe(TRACE);
      expect((lead.category as Json)['x-gateway-trace']).toBe(TRACE);
    }
    // An error answer too; the chat service (Twilio's stand-in) does not.
    const missing = await json(sandbox, 'GET /gateway/lead/office/v2/leads/999999?spId=1001');
    expect(missing.status).toBe(404);
    expect(missing.body['x-gateway-trace']).toBe(TRACE);
    const { token } = (
      await json(sandbox, 'POST /host-stand-in/chat-token', {
        headers: { 'content-type': 'application/json' },
        body: { serviceProviderId: 1001, userId: 5001 },
      })
    ).body;
    const chat = await json(sandbox, `GET /gateway/message-center/v1/chat/conversations/${sandbox.chat.conversationSid(1001, 5001)}`, {
      headers: { ...providerHeaders(), Authorization: `Bearer ${String(token)}` },
    });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).not.toContain('x-gateway-trace');
  });

  it("the board's leads: redemption, deal, urgency, the card flag, the contact's link and second address line are null", async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    const { body } = await json(sandbox, 'POST /gateway/lead/office/v6/leads/serviceProvider/1001', { body: { offset: 0, limit: 20, filters: {} } });
    const leads = body.leads as Json[];
    expect(leads.some((lead) => lead.leadId === L.redemption)).toBe(true);
    for (const lead of leads) {
      expect(lead).toMatchObject({ redemptionId: null, dealInfo: null, urgency: null, isOptedInButNotConnected: null });
      expect(lead.customerInfo).toMatchObject({ addressLineTwo: null, phoneUrl: null });
    }
    // What a user changes stays: the notes and feedback of the lead that has them.
    expect(leads.find((lead) => lead.leadId === L.withNotesAndFeedback)).toMatchObject({ notes: expect.any(String), feedback: { rating: 3 } });
  });

  it("the lead page's project notes and second address line, the suggested providers' rating and review count are null", async () => {
    const { sandbox } = setup({ profile: 'spec-variants' });
    for (const path of [`v1/leads/${L.purchased}?serviceProviderId=1001`, `v2/leads/${L.purchased}?spId=1001`]) {
      const { body } = await json(sandbox, `GET /gateway/lead/office/${path}`);
      expect((body.info as Json).description).toBeNull();
      expect((body.address as Json).lineTwo).toBeNull();
    }
    const { body } = await json(sandbox, 'POST /gateway/lead/v4/serviceproviders/suggestion', {
      headers: memberHeaders,
      body: { categoryId: 10003, postalCode: '80202' },
    });
    const providers = body.serviceProviders as Json[];
    expect(providers.length).toBeGreaterThan(0);
    for (const provider of providers) expect(provider).toMatchObject({ id: expect.any(Number), name: expect.any(String), rating: null, reviewCount: null });
  });
});
