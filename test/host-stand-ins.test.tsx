import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { hostProviders } from '../examples/host-stand-ins.js';
import { createGatewayClient, type OneTimeTokenContext } from '../src/gateway/core/client';
import { getProjects } from '../src/gateway/lead/funnel/calls';
import { createOneTimeSession, OneTimeTokenHolder } from '../src/gateway/lead/funnel/one-time-token';

/**
 * The example pages' host providers (examples/host-stand-ins.js, given to every element in the
 * spec profile) against the sandbox's host stand-in, as leadkit uses them. The thread's (chat
 * token, its renewal, the contact) are in src/widgets/message-thread/message-thread.test.tsx; the
 * pages' journeys in test/e2e/spec-profile.test.ts. (A components test: the module configures the
 * page's elements as it loads, so it needs a document.)
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('examples/host-stand-ins.js against the spec profile', () => {
  it("the guest's one-time token: issued by the stand-in, and renewed there near its expiry (reason renew: the same token, sent as the guest's Authorization); no invented gateway call", async () => {
    const sandbox = createSandboxGateway({ profile: 'spec' });
    // The stand-in is the host's own server, on the page's origin: the providers fetch it themselves.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(input, init));
    const getOneTimeToken = vi.fn((context: OneTimeTokenContext) => hostProviders.getOneTimeToken(context));
    let now = Date.now();
    const holder = new OneTimeTokenHolder({ now: () => now });
    const client = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'anonymous' },
      retry: { retries: 0 },
      ...hostProviders,
      getOneTimeToken,
    });
    const session = createOneTimeSession(client, holder);
    const standIn = () => sandbox.store.requests.filter((request) => request.path === '/host-stand-in/one-time-token');
    const projects = () => sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/lead/v1/projects'));

    await getProjects(session.client);
    expect(standIn().map((request) => [request.status, request.body])).toEqual([[200, { reason: 'issue' }]]);
    const token = /^OneTime (ott_\w+)$/.exec(projects()[0]!.headers['authorization'] ?? '')?.[1];
    expect(token).toBeDefined();

    // 26 minutes on: less than 5 are left of its 30, so leadkit renews it before the next call.
    now += 26 * 60_000;
    await getProjects(session.client);
    expect(getOneTimeToken.mock.calls.map(([context]) => context.reason)).toEqual(['issue', 'renew']);
    expect(standIn().map((request) => [request.status, request.body, request.headers['authorization']])).toEqual([
      [200, { reason: 'issue' }, undefined],
      [200, { reason: 'renew' }, `OneTime ${token}`],
    ]);
    expect(projects().map((request) => [request.status, request.headers['authorization']])).toEqual([
      [200, `OneTime ${token}`],
      [200, `OneTime ${token}`],
    ]);
    expect(holder.needsRenewal()).toBe(false);
    expect(sandbox.store.requests.filter((request) => request.status === 404)).toEqual([]);
  });
});
