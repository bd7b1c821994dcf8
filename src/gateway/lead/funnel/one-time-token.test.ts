import { describe, expect, it, vi } from 'vitest';
import { createSandboxGateway, SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN, SANDBOX_MEMBER_TOKEN_2 } from '@leadkit/sandbox';
import { failure, NOW } from '../../../../packages/sandbox/src/test-helpers';
import type { GatewayAuth } from '../../core/auth';
import { createGatewayClient, DEFAULT_TIMEOUT_MS, withRequest, type GetOneTimeToken, type OneTimeTokenContext } from '../../core/client';
import { createLeadV3, fetchLead, getProjects, getProviderComparison, getTopCategories } from './calls';
import type { SetupProblem } from '../../core/setup-causes';
import { createOneTimeSession, ONE_TIME_TOKEN_RENEW_MARGIN_MS, OneTimeTokenHolder } from './one-time-token';

const MINUTE = 60_000;
const address = { lineOne: '9 Pearl St', city: 'Denver', state: 'CO', postalCode: '80203' };
const contact = { email: 'sam.lee@example.com', firstName: 'Sam', lastName: 'Lee', phoneNumber: '3035550111' };

/** A sandbox and a session over a client with the given auth (and the host's token function); one clock for both. */
function setup(auth: GatewayAuth = { kind: 'anonymous' }, getOneTimeToken?: GetOneTimeToken) {
  let at = NOW.getTime();
  const sandbox = createSandboxGateway({ now: () => new Date(at) });
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth, retry: { retries: 0 }, getOneTimeToken });
  const holder = new OneTimeTokenHolder({ now: () => at });
  const session = createOneTimeSession(client, holder);
  const requests = () => sandbox.store.requests.map((r) => ({ call: `${r.method} ${r.path}`, authorization: r.headers.authorization ?? null }));
  return { sandbox, client, holder, session, requests, advance: (ms: number) => (at += ms) };
}

describe('one-time session: obtaining the token', () => {
  it('obtains a token once, on the first call that needs one, and sends it only in the Authorization header', async () => {
    const { session, holder, requests, sandbox } = setup();
    await getTopCategories(session.client);
    expect(session.status()).toBe('none');
    // Two customer calls at once: one token for both.
    await Promise.all([getProjects(session.client), getProjects(session.client)]);
    expect(session.status()).toBe('active');
    const issued = sandbox.store.requests.find((r) => r.path === '/gateway/lead/v1/one-time-token');
    const token = Object.entries(sandbox.store.tokens).find(([, memberId]) => memberId === sandbox.store.members.at(-1)?.id)?.[0];
    expect(token).toMatch(/^ott_/);
    expect(requests()).toEqual([
      { call: 'GET /gateway/lead/v1/topCategories', authorization: null },
      { call: 'POST /gateway/lead/v1/one-time-token', authorization: null },
      { call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${token}` },
      { call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${token}` },
    ]);
    expect(issued?.headers['x-caller-type']).toBe('Member');
    // Never in a path, query or body; the holder serialises without it.
    for (const request of sandbox.store.requests) {
      expect(JSON.stringify([request.path, request.query, request.body])).not.toContain(token);
    }
    expect(JSON.stringify({ holder })).toBe('{"holder":{"status":"active"}}');
    expect(JSON.stringify(session)).toBe('{"hostToken":false,"status":"active"}');
    expect(JSON.stringify(session.client)).toBe('{"baseURL":"http://sandbox.test","auth":"oneTime"}');
    expect(String(holder)).toBe('OneTimeTokenHolder(active)');
  });

  it('does not obtain a token for a call that only may use one', async () => {
    const { session, requests } = setup();
    await getProviderComparison(session.client, SANDBOX_LEADS.newest);
    expect(requests()).toEqual([{ call: `GET /gateway/lead/v1/lead/${SANDBOX_LEADS.newest}/serviceprovider/comparison`, authorization: null }]);
    expect(session.status()).toBe('none');
  });

  it('never obtains one silently once the session holds a lead: the call fails as unauthorized, unsent', async () => {
    const { session, holder, requests } = setup();
    holder.lockIssuing();
    const error = await failure(getProjects(session.client));
    expect(error.status).toBe(401);
    expect(requests()).toEqual([]);
  });

  it('speaks for the customer, never as a provider: a provider auth on the client is not sent', async () => {
    const { session, sandbox } = setup({ kind: 'provider', spId: 1001 });
    await getTopCategories(session.client);
    await getProjects(session.client);
    const sent = sandbox.store.requests.map((r) => ({
      call: `${r.method} ${r.path}`,
      callerType: r.headers['x-caller-type'],
      callerId: r.headers['x-caller-id'] ?? null,
    }));
    expect(sent).toEqual([
      { call: 'GET /gateway/lead/v1/topCategories', callerType: 'Member', callerId: null },
      { call: 'POST /gateway/lead/v1/one-time-token', callerType: 'Member', callerId: null },
      { call: 'GET /gateway/lead/v1/projects', callerType: 'Member', callerId: null },
    ]);
    expect(session.hostToken).toBe(false);
    expect(session.status()).toBe('active');
  });

  it('a failed issue fails the call and leaves no token', async () => {
    const { session, sandbox } = setup();
    sandbox.faults.status(503, { message: 'down' }, { route: 'POST /gateway/lead/v1/one-time-token', times: 1 });
    expect((await failure(getProjects(session.client))).status).toBe(503);
    expect(session.status()).toBe('none');
    await getProjects(session.client);
    expect(session.status()).toBe('active');
  });
});

describe('one-time session: renewal and expiry', () => {
  it('renews the token before a call once it is within the margin of its expiry', async () => {
    const { session, holder, requests, advance } = setup();
    await getProjects(session.client);
    const firstExpiry = holder.expiresAt!;
    advance(30 * MINUTE - ONE_TIME_TOKEN_RENEW_MARGIN_MS - 1);
    await getProjects(session.client);
    expect(requests().map((r) => r.call)).toEqual(['POST /gateway/lead/v1/one-time-token', 'GET /gateway/lead/v1/projects', 'GET /gateway/lead/v1/projects']);
    advance(2);
    await getProjects(session.client);
    const calls = requests();
    expect(calls.slice(3).map((r) => r.call)).toEqual(['POST /gateway/lead/v1/one-time-token/renew', 'GET /gateway/lead/v1/projects']);
    // Same token, later expiry.
    expect(calls[3]?.authorization).toBe(calls[1]?.authorization);
    expect(holder.expiresAt).toBe(firstExpiry + 25 * MINUTE + 1);
    expect(session.status()).toBe('active');
  });

  it('times renewal by the gateway’s expiresIn, so a browser clock that is off does not matter', async () => {
    const { client, sandbox } = setup();
    let browserClock = Date.parse('2031-01-01T00:00:00Z'); // years ahead of the sandbox's clock
    const holder = new OneTimeTokenHolder({ now: () => browserClock });
    const session = createOneTimeSession(client, holder);
    await getProjects(session.client);
    expect(holder.expiresAt).toBe(browserClock + 30 * MINUTE);
    expect(holder.needsRenewal()).toBe(false);
    browserClock += 26 * MINUTE;
    expect(holder.needsRenewal()).toBe(true);
    expect(sandbox.store.requests.map((r) => r.path)).not.toContain('/gateway/lead/v1/one-time-token/renew');
  });

  it('once a lead binds the session, reports a token past its expiry as expired and sends nothing with it', async () => {
    const { session, holder, requests, advance } = setup();
    await getProjects(session.client);
    holder.lockIssuing();
    const statuses: string[] = [];
    session.subscribe(() => statuses.push(session.status()));
    advance(31 * MINUTE);
    expect((await failure(getProjects(session.client))).status).toBe(401);
    expect(statuses).toEqual(['expired']);
    expect(requests()).toHaveLength(2);
  });

  it('before a lead, a token past its expiry is let go and the call obtains another (nothing is bound to it)', async () => {
    const { session, requests, advance, sandbox } = setup();
    await getProjects(session.client);
    const statuses: string[] = [];
    session.subscribe(() => statuses.push(session.status()));
    advance(31 * MINUTE);
    await getProjects(session.client);
    expect(statuses).toEqual(['none', 'active']);
    expect(requests().map((r) => r.call)).toEqual([
      'POST /gateway/lead/v1/one-time-token',
      'GET /gateway/lead/v1/projects',
      'POST /gateway/lead/v1/one-time-token',
      'GET /gateway/lead/v1/projects',
    ]);
    expect(requests()[3]?.authorization).not.toBe(requests()[1]?.authorization);
    expect(sandbox.store.requests.at(-1)?.status).toBe(200);
  });

  it('reports a token the gateway refuses as expired, and does not replace it', async () => {
    const { session, sandbox, requests } = setup();
    const { leadId } = await createLeadV3(session.client, {
      source: 'SR_RAQ',
      title: 'Deep cleaning',
      categoryId: 10501,
      contactInformation: contact,
      address,
    });
    sandbox.store.tokenLifetimes.forEach((lifetime) => (lifetime.expired = true));
    expect((await failure(fetchLead(session.client, leadId))).status).toBe(401);
    expect(session.status()).toBe('expired');
    expect((await failure(fetchLead(session.client, leadId))).status).toBe(401);
    expect(requests().filter((r) => r.call === 'POST /gateway/lead/v1/one-time-token')).toHaveLength(1);
  });

  it('a refused renewal reports expiry; a failed one goes on with the token', async () => {
    const { session, sandbox, advance } = setup();
    await getProjects(session.client);
    advance(26 * MINUTE);
    sandbox.faults.status(500, { message: 'oops' }, { route: 'POST /gateway/lead/v1/one-time-token/renew', times: 1 });
    await getProjects(session.client);
    expect(session.status()).toBe('active');
    sandbox.faults.status(401, { message: 'no' }, { route: 'POST /gateway/lead/v1/one-time-token/renew', times: 1 });
    await failure(getProjects(session.client));
    expect(session.status()).toBe('expired');
  });

  it('end() expires the token at the gateway and lets a new session obtain another', async () => {
    const { session, sandbox, requests } = setup();
    await getProjects(session.client);
    const first = requests()[1]?.authorization;
    await session.end();
    expect(requests().at(-1)).toEqual({ call: 'POST /gateway/lead/v1/one-time-token/expire', authorization: first });
    expect(sandbox.store.memberIdForToken(first!.replace('OneTime ', ''))).toBeUndefined();
    expect(session.status()).toBe('none');
    await getProjects(session.client);
    expect(requests().at(-1)?.authorization).toMatch(/^OneTime ott_/);
    expect(requests().at(-1)?.authorization).not.toBe(first);
  });
});

describe('one-time session: the token ahead of the first call (the funnel’s first step)', () => {
  it('obtains the gateway’s token once, ahead; the first call that needs one goes with it', async () => {
    const { session, requests } = setup();
    expect(await Promise.all([session.obtainAhead(), session.obtainAhead()])).toEqual(['ready', 'ready']);
    expect(await session.obtainAhead()).toBe('ready');
    expect(session.status()).toBe('active');
    await getProjects(session.client);
    expect(requests().map((r) => r.call)).toEqual(['POST /gateway/lead/v1/one-time-token', 'GET /gateway/lead/v1/projects']);
    expect(requests()[1]?.authorization).toMatch(/^OneTime ott_/);
  });

  it('a gateway without the token call (the spec profile): missing, the setup problem told through the client, and no token', async () => {
    const sandbox = createSandboxGateway({ profile: 'spec' });
    const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'anonymous' }, retry: { retries: 0 } });
    const told: SetupProblem[] = [];
    const session = createOneTimeSession(
      { ...withRequest(client, (spec) => client.request(spec)), reportSetup: (problem) => told.push(problem) },
      new OneTimeTokenHolder(),
    );
    expect(await session.obtainAhead()).toBe('missing');
    expect(told.map((problem) => problem.cause)).toEqual(['one-time-token-missing']);
    expect(session.status()).toBe('none');
    expect(sandbox.store.requests.map((r) => [r.path, r.status])).toEqual([['/gateway/lead/v1/one-time-token', 404]]);
    // The request fails as before, with the cause on its error, told again (once per page is the element's).
    const error = await failure(getProjects(session.client));
    expect(error.setup?.cause).toBe('one-time-token-missing');
    expect(told).toHaveLength(2);
  });

  it('a token call that fails otherwise (a 500): unknown, and the first call that needs a token asks again', async () => {
    const { session, sandbox, requests } = setup();
    sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v1/one-time-token', times: 1 });
    expect(await session.obtainAhead()).toBe('unknown');
    expect(await session.obtainAhead()).toBe('unknown');
    await getProjects(session.client);
    expect(requests().map((r) => r.call)).toEqual([
      'POST /gateway/lead/v1/one-time-token',
      'POST /gateway/lead/v1/one-time-token',
      'GET /gateway/lead/v1/projects',
    ]);
    expect(session.status()).toBe('active');
  });

  it('the host’s token (`auth`) or its getOneTimeToken: ready, nothing asked ahead — the function is asked by the first call that needs it', async () => {
    const signedIn = setup({ kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN });
    expect(await signedIn.session.obtainAhead()).toBe('ready');
    expect(signedIn.requests()).toEqual([]);

    const asked: string[] = [];
    const { session, requests } = setup({ kind: 'anonymous' }, async ({ reason }) => {
      asked.push(reason);
      return { token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() };
    });
    expect(await session.obtainAhead()).toBe('ready');
    expect(asked).toEqual([]);
    await getProjects(session.client);
    expect(asked).toEqual(['issue']);
    expect(requests()).toEqual([{ call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` }]);
  });

  it('a lead bound to the session: nothing is obtained ahead', async () => {
    const { session, holder, requests } = setup();
    holder.lockIssuing();
    expect(await session.obtainAhead()).toBe('unknown');
    expect(requests()).toEqual([]);
  });

  it('a getOneTimeToken the host gives after a gateway token was obtained ahead: the request goes with the host’s (once a lead is bound, the held one stays)', async () => {
    const { session, holder, sandbox, requests } = setup();
    await session.obtainAhead();
    const gatewayToken = holder.auth();
    const hostFunction = async () => ({ token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() });
    const withHost = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'anonymous' }, getOneTimeToken: hostFunction });
    const next = createOneTimeSession(withHost, holder);
    expect(next.status()).toBe('none');
    await getProjects(next.client);
    expect(requests().at(-1)?.authorization).toBe(`OneTime ${SANDBOX_MEMBER_TOKEN}`);

    // Bound to a lead: a later client keeps the token it holds.
    holder.lockIssuing();
    const back = createOneTimeSession(createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'anonymous' } }), holder);
    expect(back.status()).toBe('active');
    expect(gatewayToken).not.toEqual(holder.auth());
  });
});

describe('one-time session: a token the host gave', () => {
  it('uses the host’s token, never obtains one, reports a refusal, and leaves the token alone on end()', async () => {
    const { session, sandbox, requests, holder } = setup({ kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN });
    expect(session.hostToken).toBe(true);
    expect(session.status()).toBe('active');
    await getProjects(session.client);
    expect(requests()).toEqual([{ call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` }]);
    await session.end();
    expect(requests()).toHaveLength(1);
    sandbox.faults.status(401, { message: 'expired' }, { route: 'GET /gateway/lead/v1/projects', times: 1 });
    await failure(getProjects(session.client));
    expect(session.status()).toBe('expired');
    // The host gives another token (a new client): it is not known to be refused.
    const next = createOneTimeSession(
      createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'oneTime', token: 'sandbox-member-token-5002' } }),
      holder,
    );
    expect(next.status()).toBe('active');
  });
});

describe("one-time session: the host's getOneTimeToken", () => {
  /** A host function answering the sandbox's seeded tokens in turn, each for `minutes` from now (by the wall clock: the host's). */
  function hostTokens(tokens: string[], minutes = 30) {
    const asked: OneTimeTokenContext['reason'][] = [];
    const getOneTimeToken = async ({ reason, signal }: OneTimeTokenContext) => {
      expect(signal).toBeInstanceOf(AbortSignal);
      asked.push(reason);
      return { token: tokens[Math.min(asked.length, tokens.length) - 1]!, expiresAt: new Date(Date.now() + minutes * MINUTE).toISOString() };
    };
    return { getOneTimeToken, asked };
  }
  const tokenCalls = (sandbox: ReturnType<typeof setup>['sandbox']) => sandbox.store.requests.filter((r) => r.path.includes('one-time-token'));

  it('asks the host once for the first call that needs a token and never calls the gateway’s token calls, end() included', async () => {
    const host = hostTokens([SANDBOX_MEMBER_TOKEN]);
    const { session, sandbox, requests, holder } = setup({ kind: 'anonymous' }, host.getOneTimeToken);
    await getTopCategories(session.client);
    expect(host.asked).toEqual([]);
    await Promise.all([getProjects(session.client), getProjects(session.client)]);
    expect(host.asked).toEqual(['issue']);
    expect(requests().slice(1)).toEqual([
      { call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` },
      { call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` },
    ]);
    expect(session.hostToken).toBe(false);
    expect(session.status()).toBe('active');
    expect(holder.expiresAt).toBeGreaterThan(holder.now() + 29 * MINUTE);
    await session.end();
    expect(session.status()).toBe('none');
    expect(tokenCalls(sandbox)).toEqual([]);
    // The client's views pass the function on.
    expect(session.client.getOneTimeToken).toBe(host.getOneTimeToken);
    expect(withRequest(session.client, session.client.request).getOneTimeToken).toBe(host.getOneTimeToken);
  });

  it('renews by asking again with reason "renew" within the margin; the token it answers is the one sent from then on', async () => {
    const host = hostTokens([SANDBOX_MEMBER_TOKEN, SANDBOX_MEMBER_TOKEN_2]);
    const { session, sandbox, requests, advance } = setup({ kind: 'anonymous' }, host.getOneTimeToken);
    await getProjects(session.client);
    advance(30 * MINUTE - ONE_TIME_TOKEN_RENEW_MARGIN_MS - MINUTE);
    await getProjects(session.client);
    expect(host.asked).toEqual(['issue']);
    advance(2 * MINUTE);
    await getProjects(session.client);
    expect(host.asked).toEqual(['issue', 'renew']);
    expect(requests().map((r) => r.authorization)).toEqual([
      `OneTime ${SANDBOX_MEMBER_TOKEN}`,
      `OneTime ${SANDBOX_MEMBER_TOKEN}`,
      `OneTime ${SANDBOX_MEMBER_TOKEN_2}`,
    ]);
    expect(tokenCalls(sandbox)).toEqual([]);
  });

  it('gives the renewal the token it renews (the one the host answered last); an issue gets none', async () => {
    const contexts: Omit<OneTimeTokenContext, 'signal'>[] = [];
    const answers = [SANDBOX_MEMBER_TOKEN, SANDBOX_MEMBER_TOKEN_2, SANDBOX_MEMBER_TOKEN_2];
    const { session, advance } = setup({ kind: 'anonymous' }, async ({ signal: _signal, ...context }) => {
      contexts.push(context);
      return { token: answers[contexts.length - 1]!, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() };
    });
    await getProjects(session.client);
    advance(26 * MINUTE);
    await getProjects(session.client);
    advance(26 * MINUTE);
    await getProjects(session.client);
    expect(contexts).toEqual([{ reason: 'issue' }, { reason: 'renew', token: SANDBOX_MEMBER_TOKEN }, { reason: 'renew', token: SANDBOX_MEMBER_TOKEN_2 }]);
  });

  it('a host that fails to renew: the call goes on with the token it holds, until its time is up (a lead bound to it)', async () => {
    let renewals = 0;
    const { session, holder, requests, advance } = setup({ kind: 'anonymous' }, async ({ reason }) => {
      if (reason === 'renew') {
        renewals++;
        throw new Error('the host is offline');
      }
      return { token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() };
    });
    await getProjects(session.client);
    holder.lockIssuing();
    advance(26 * MINUTE);
    await getProjects(session.client);
    expect(renewals).toBe(1);
    expect(requests().at(-1)?.authorization).toBe(`OneTime ${SANDBOX_MEMBER_TOKEN}`);
    advance(5 * MINUTE);
    expect((await failure(getProjects(session.client))).status).toBe(401);
    expect(session.status()).toBe('expired');
  });

  it.each([
    ['throws', () => Promise.reject(new Error('no')), { kind: 'network' }],
    ['answers no token', () => Promise.resolve({ token: '', expiresAt: '2030-01-01T00:00:00Z' }), { kind: 'invalid-response', issues: ['token'] }],
    [
      'answers a token that is no header value',
      () => Promise.resolve({ token: 'a b', expiresAt: '2030-01-01T00:00:00Z' }),
      { kind: 'invalid-response', issues: ['token'] },
    ],
    ['answers no expiry', () => Promise.resolve({ token: 'tok' } as never), { kind: 'invalid-response', issues: ['expiresAt'] }],
  ] as const)('a host function that %s: the call fails as a gateway error, unsent, and the next call asks again', async (_name, answer, error) => {
    let calls = 0;
    const { session, sandbox } = setup({ kind: 'anonymous' }, () =>
      ++calls === 1 ? answer() : Promise.resolve({ token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() }),
    );
    expect(await failure(getProjects(session.client))).toMatchObject({ operation: 'host.getOneTimeToken', ...error });
    expect(sandbox.store.requests).toEqual([]);
    expect(session.status()).toBe('none');
    await getProjects(session.client);
    expect(session.status()).toBe('active');
  });

  it('a host function that never answers: the call times out with the client’s limit, and the function’s signal aborts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let signal: AbortSignal | undefined;
      const { session, sandbox } = setup({ kind: 'anonymous' }, (context) => {
        signal = context.signal;
        return new Promise(() => {});
      });
      const call = failure(getProjects(session.client));
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
      expect(await call).toMatchObject({ kind: 'timeout', operation: 'host.getOneTimeToken' });
      expect(signal?.aborted).toBe(true);
      expect(sandbox.store.requests).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token in `auth` comes first: the host function is not asked', async () => {
    const host = hostTokens([SANDBOX_MEMBER_TOKEN_2]);
    const { session, requests } = setup({ kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN }, host.getOneTimeToken);
    await getProjects(session.client);
    expect(host.asked).toEqual([]);
    expect(requests()).toEqual([{ call: 'GET /gateway/lead/v1/projects', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` }]);
  });
});
