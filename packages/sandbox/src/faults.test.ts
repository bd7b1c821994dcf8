import { describe, expect, it } from 'vitest';
import { createLeadV3, getTaxonomyCategory, getTopCategories } from '../../../src/gateway/lead/funnel/calls';
import { sendMessage } from '../../../src/gateway/message-center/calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { compileRoute } from './faults';
import { SANDBOX_LEADS } from './index';
import { failure, providerHeaders, setup } from './test-helpers';

const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:spId';
const newLead = {
  source: 'RequestAQuote',
  title: 'Burst pipe',
  categoryId: 10004,
  contactInformation: { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' },
  assignedServiceProviderIds: [1001],
  address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202' },
};

describe('route patterns', () => {
  it('matches method + path with :params, * prefixes, paths under /gateway/ and RegExps', () => {
    const leads = compileRoute(LEADS_ROUTE);
    expect(leads('POST', '/gateway/lead/office/v6/leads/serviceProvider/1001')).toBe(true);
    expect(leads('GET', '/gateway/lead/office/v6/leads/serviceProvider/1001')).toBe(false);
    expect(leads('POST', '/gateway/lead/office/v6/leads/serviceProvider/1001/extra')).toBe(false);
    const prefix = compileRoute('message-center/*');
    expect(prefix('PUT', '/gateway/message-center/v1/messages/thread/read')).toBe(true);
    expect(prefix('GET', '/gateway/lead/v1/topCategories')).toBe(false);
    expect(compileRoute(/topCategories$/)('GET', '/gateway/lead/v1/topCategories')).toBe(true);
    expect(compileRoute(undefined)('DELETE', '/anything')).toBe(true);
  });
});

describe('fault injection', () => {
  it('latency delays the answer, and an abort during it rejects the call', async () => {
    const { sandbox, provider } = setup();
    const handle = sandbox.faults.latency(80, { route: 'GET /gateway/lead/v1/topCategories' });
    const started = performance.now();
    await getTopCategories(provider);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    expect((await failure(getTopCategories(provider, { signal: controller.signal }))).kind).toBe('aborted');
    // Other routes are not delayed.
    await getTaxonomyCategory(provider, 100);
    expect(handle.hits).toBe(2);
  });

  it('the latencyMs option delays every gateway call', async () => {
    const { provider } = setup({ latencyMs: 60 });
    const started = performance.now();
    await getTaxonomyCategory(provider, 100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('status answers instead of the route, `times` times, and records which fault answered', async () => {
    const { sandbox, provider } = setup();
    const handle = sandbox.faults.status(500, undefined, { route: LEADS_ROUTE, times: 1 });
    const error = await failure(getLeads(provider, 1001, {}));
    expect(error).toMatchObject({ kind: 'http', status: 500, body: { message: 'Internal Server Error' } });
    expect(handle.hits).toBe(1);
    expect(sandbox.faults.list()).toEqual([]);
    expect((await getLeads(provider, 1001, {})).leads).toHaveLength(5);
    expect(sandbox.store.requests.map((r) => [r.status, r.fault])).toEqual([
      [500, `status (${handle.id})`],
      [200, null],
    ]);
  });

  it('429 carries Retry-After and a custom body; the client does not wait 30 s for it', async () => {
    const { sandbox, provider } = setup({}, { retry: { retries: 2 } });
    sandbox.faults.status(429, { message: 'Slow down' }, { route: 'GET /gateway/lead/v1/topCategories', retryAfter: 30 });
    const raw = await sandbox.fetch('/gateway/lead/v1/topCategories', { headers: { 'X-Caller-Type': 'Member' } });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('30');
    expect(await raw.json()).toEqual({ message: 'Slow down' });
    expect(await failure(getTopCategories(provider))).toMatchObject({ status: 429, body: { message: 'Slow down' } });
  });

  it('a 503 once is retried by the client for a GET and then succeeds', async () => {
    const { sandbox, provider } = setup({}, { retry: { retries: 1 } });
    sandbox.faults.status(503, undefined, { route: 'GET /gateway/lead/v1/topCategories', times: 1, retryAfter: 0 });
    expect((await getTopCategories(provider)).categories.length).toBeGreaterThan(0);
    expect(sandbox.store.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('drop: the request never gets an answer (in-process fetch rejects with a TypeError)', async () => {
    const { sandbox, provider } = setup();
    sandbox.faults.drop({ route: 'lead/v1/topCategories', times: 2 });
    await expect(sandbox.fetch('/gateway/lead/v1/topCategories', { headers: { 'X-Caller-Type': 'Member' } })).rejects.toBeInstanceOf(TypeError);
    expect((await failure(getTopCategories(provider))).kind).toBe('network');
    // The server did receive both; neither got an answer.
    expect(sandbox.store.requests.map((r) => [r.path, r.status, r.fault?.startsWith('drop')])).toEqual([
      ['/gateway/lead/v1/topCategories', null, true],
      ['/gateway/lead/v1/topCategories', null, true],
    ]);
    expect((await getTopCategories(provider)).categories.length).toBeGreaterThan(0);
  });

  it('challenge: 511 with the challenge body until passed (faults.passChallenge)', async () => {
    const { sandbox, provider } = setup();
    const challenge = sandbox.faults.challenge({ route: LEADS_ROUTE });
    for (let i = 0; i < 2; i++) {
      const error = await failure(getLeads(provider, 1001, {}));
      expect(error).toMatchObject({ kind: 'challenge', status: 511, body: { error: 'challenge_required', challengeId: challenge.challengeId } });
    }
    expect(sandbox.faults.pendingChallenges()).toEqual([challenge.challengeId]);
    expect(sandbox.faults.passChallenge('challenge-unknown')).toBe(false);
    expect(sandbox.faults.passChallenge(challenge.challengeId)).toBe(true);
    expect(challenge.passed).toBe(true);
    expect((await getLeads(provider, 1001, {})).leads).toHaveLength(5);
  });

  it('challenge with `times`: once its answers are used up it can still be passed (it was a 404, and the client dropped what it held)', async () => {
    const { sandbox, member } = setup(
      {},
      {
        onChallenge: async ({ challengeId }) => (await sandbox.fetch(`/sandbox/challenge/${challengeId}/pass`, { method: 'POST' })).ok,
      },
    );
    const challenge = sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead', times: 1 });
    const before = sandbox.store.leads.length;
    const outcomes: unknown[] = [];
    expect((await failure(createLeadV3(member, newLead, { idempotencyKey: 'raq-times', onReplayed: (outcome) => outcomes.push(outcome) }))).kind).toBe(
      'challenge',
    );
    expect(sandbox.faults.pendingChallenges()).toEqual([]);
    await member.whenChallengeSettled();
    expect(challenge.passed).toBe(true);
    expect(outcomes).toEqual([{ ok: true, value: { leadId: expect.any(Number) } }]);
    expect(sandbox.store.leads.length).toBe(before + 1);
    // Passing it again is fine; an id never issued is not.
    expect(sandbox.faults.passChallenge(challenge.challengeId)).toBe(true);
    expect(sandbox.faults.passChallenge('challenge-999')).toBe(false);
    sandbox.faults.clear();
    expect(sandbox.faults.passChallenge(challenge.challengeId)).toBe(false);
  });

  it('challenge: passing through POST /sandbox/challenge/{id}/pass, even while other faults apply', async () => {
    const { sandbox, provider } = setup();
    const challenge = sandbox.faults.challenge();
    const page = await sandbox.fetch(`/sandbox/challenge/${challenge.challengeId}`);
    expect(await page.text()).toContain(`/sandbox/challenge/${challenge.challengeId}/pass`);
    expect((await sandbox.fetch('/sandbox/challenge/nope/pass', { method: 'POST' })).status).toBe(404);
    const passed = await sandbox.fetch(`/sandbox/challenge/${challenge.challengeId}/pass`, { method: 'POST' });
    expect(await passed.json()).toEqual({ challengeId: challenge.challengeId, passed: true });
    expect((await getTopCategories(provider)).categories.length).toBeGreaterThan(0);
  });

  it('a passed challenge replays the queued create once, with its idempotency key: one lead', async () => {
    const { sandbox, member } = setup(
      {},
      {
        onChallenge: async ({ challengeId }) => (await sandbox.fetch(`/sandbox/challenge/${challengeId}/pass`, { method: 'POST' })).ok,
      },
    );
    sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead' });
    const before = sandbox.store.leads.length;
    const outcomes: unknown[] = [];
    const error = await failure(createLeadV3(member, newLead, { idempotencyKey: 'raq-1', onReplayed: (outcome) => outcomes.push(outcome) }));
    expect(error.kind).toBe('challenge');
    await member.whenChallengeSettled();
    expect(sandbox.store.leads.length).toBe(before + 1);
    const created = sandbox.store.leads.at(-1)!;
    expect(outcomes).toEqual([{ ok: true, value: { leadId: created.leadId } }]);
    const posts = sandbox.store.requests.filter((r) => r.path === '/gateway/lead/v3/lead');
    expect(posts.map((r) => [r.status, r.headers['idempotency-key']])).toEqual([
      [511, 'raq-1'],
      [200, 'raq-1'],
    ]);
  });

  it('captivePortal511 answers 511 with HTML: the client does not take it for a challenge', async () => {
    const { sandbox, provider } = setup();
    sandbox.faults.captivePortal511({ times: 1 });
    const raw = await sandbox.fetch('/gateway/lead/v1/topCategories', { headers: { 'X-Caller-Type': 'Member' } });
    expect(raw.status).toBe(511);
    expect(raw.headers.get('content-type')).toContain('text/html');
    sandbox.faults.captivePortal511({ times: 1 });
    const error = await failure(sendMessage(provider, { text: 'Hi', senderEntityId: 1001, receiverEntityId: 5001 }));
    expect(error).toMatchObject({ kind: 'http', status: 511 });
    expect(provider.replayQueue.size).toBe(0);
    expect(sandbox.store.messages.some((m) => m.text === 'Hi')).toBe(false);
  });

  it('clear() and handle.remove() end faults; faults can also be set over HTTP', async () => {
    const { sandbox, provider } = setup();
    const handle = sandbox.faults.status(500);
    sandbox.faults.drop({ route: 'GET /gateway/lead/v1/topCategories' });
    handle.remove();
    expect(sandbox.faults.list().map((f) => f.kind)).toEqual(['drop']);
    sandbox.faults.clear();
    expect((await getTopCategories(provider)).categories.length).toBeGreaterThan(0);

    const set = await sandbox.fetch('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'status', status: 503, route: LEADS_ROUTE, times: 1 }),
    });
    expect(set.status).toBe(200);
    expect((await failure(getLeads(provider, 1001, {}))).status).toBe(503);
    expect((await getLeads(provider, 1001, {})).leads.length).toBe(5);
  });

  it('reset() restores the seed and clears faults, log and idempotency keys', async () => {
    const { sandbox, provider } = setup();
    sandbox.faults.status(500, undefined, { route: 'GET /gateway/lead/v1/topCategories' });
    const response = await sandbox.fetch(`/gateway/lead/office/v2/leads/serviceprovider/1001/read`, {
      method: 'POST',
      headers: providerHeaders(),
      body: JSON.stringify({ leadId: SANDBOX_LEADS.newest, read: true }),
    });
    expect(response.status).toBe(200);
    expect(sandbox.store.lead(SANDBOX_LEADS.newest)?.assignments[0]?.read).toBe(true);
    sandbox.reset();
    expect(sandbox.store.lead(SANDBOX_LEADS.newest)?.assignments[0]?.read).toBe(false);
    expect(sandbox.store.requests).toEqual([]);
    expect(sandbox.faults.list()).toEqual([]);
    expect((await getTopCategories(provider)).categories.length).toBeGreaterThan(0);
  });
});
