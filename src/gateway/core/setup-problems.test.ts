import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from './client';
import { GatewayError } from './errors';
import { SETUP_CAUSES, setupProblem, type SetupProblem } from './setup-causes';
import { warnSetupProblem } from './setup-problems';
import { sentenceOf, troubleshootingUrl } from './setup-sentences';

/** The sentence a problem is told with ('' for none). */
const said = (problem: SetupProblem | null | undefined): string => (problem ? sentenceOf(problem) : '');
import { getLeads, getServiceProviderInfo } from '../office/calls';
import { getLeadCounts } from '../office/lead-counts';
import { unlessNotOffered } from '../not-offered';
import { issueOneTimeToken } from '../lead/funnel/one-time-token-calls';

/**
 * What a failed call says of the host's settings (docs/troubleshooting.md): the cause a call's
 * error carries (`GatewayError.setup`), decided from what the client saw — never from a token,
 * a path or a query.
 */

const provider = { kind: 'provider', spId: 1001 } as const;
const spInfo = { serviceProviders: [{ id: 1001, name: 'Acme' }] };
const noRetry = { retries: 0 };

/** The error a call failed with (it must fail). */
async function failure(call: Promise<unknown>): Promise<GatewayError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a gateway that cannot be reached', () => {
  const refused = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;

  it('names its origin and the setting (never the path or query) while it never answered', async () => {
    const client = createGatewayClient({ baseURL: 'https://gw.example.com/api?tenant=ann-lee', auth: provider, fetch: refused, retry: noRetry });
    const error = await failure(getServiceProviderInfo(client, 1001));
    expect(error.kind).toBe('network');
    expect(error.setup?.cause).toBe('gateway-unreachable');
    expect(said(error.setup)).toContain('the gateway at https://gw.example.com could not be reached');
    expect(said(error.setup)).toContain('`gateway-url`');
    expect(said(error.setup)).not.toMatch(/\/api|ann-lee|tenant/);
  });

  it('says nothing for an answer cut mid-body: the gateway answered', async () => {
    const cut = (async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"serviceProv'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )) as typeof fetch;
    const client = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch: cut, retry: noRetry });
    const error = await failure(getServiceProviderInfo(client, 1001));
    expect(error.kind).toBe('network');
    expect(error.setup).toBeNull();
  });

  it('says nothing once the gateway has answered (a dropped connection), or while the browser is offline', async () => {
    let up = true;
    const flaky = (async () => {
      if (up) return json(200, spInfo);
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const client = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch: flaky, retry: noRetry });
    await getServiceProviderInfo(client, 1001);
    up = false;
    expect((await failure(getServiceProviderInfo(client, 1001))).setup).toBeNull();

    vi.stubGlobal('navigator', { onLine: false });
    const offline = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch: refused, retry: noRetry });
    expect((await failure(getServiceProviderInfo(offline, 1001))).setup).toBeNull();
  });
});

describe('a gateway URL that is not the gateway', () => {
  it('a 404 to a call the spec names before any call succeeded names the base URL setting', async () => {
    const { fetch } = recordingFetch(() => json(404, { message: 'No route' }));
    const client = createGatewayClient({ baseURL: 'https://gw.example.com/gatway', auth: provider, fetch });
    const error = await failure(getLeads(client, 1001, {}));
    expect(error.status).toBe(404);
    expect(error.setup?.cause).toBe('gateway-not-found');
    expect(said(error.setup)).toContain('answered 404 to office.getLeads');
    expect(said(error.setup)).not.toContain('gatway');
  });

  it('a 404 after a call succeeded is a missing record, not a wrong URL; an invented call’s 404 is not either', async () => {
    const { fetch } = recordingFetch((request) => (request.url.includes('office-home') ? json(200, spInfo) : json(404, { message: 'No lead' })));
    const client = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch });
    await getServiceProviderInfo(client, 1001);
    expect((await failure(getLeads(client, 1001, {}))).setup).toBeNull();

    const fresh = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch: recordingFetch(() => json(404, {})).fetch });
    expect((await failure(getLeadCounts(fresh, 1001, { filters: {} }))).setup).toBeNull();
  });
});

describe("a provider's sign-in", () => {
  it('a token refused after it was asked again is named, never the token', async () => {
    const token = vi.fn(async ({ reason }: { reason: string }) => `tok-${reason}-s3cret`);
    const { fetch, requests } = recordingFetch(() => json(401, { message: 'Unauthorized' }));
    const client = createGatewayClient({ baseURL: 'https://gw.example.com', auth: { ...provider, token }, fetch });
    const error = await failure(getLeads(client, 1001, {}));
    expect(requests).toHaveLength(2);
    expect(token.mock.calls.map(([context]) => context.reason)).toEqual(['initial', 'refresh']);
    expect(error.setup?.cause).toBe('provider-token-refused');
    expect(said(error.setup)).toContain('`auth.token`');
    expect(said(error.setup)).not.toContain('s3cret');
  });

  it('a token function that throws sends nothing and is named', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({
      baseURL: 'https://gw.example.com',
      auth: { ...provider, token: () => Promise.reject(new Error('token route down')) },
      fetch,
    });
    const error = await failure(getServiceProviderInfo(client, 1001));
    expect(requests).toHaveLength(0);
    expect(error.status).toBe(401);
    expect(error.setup?.cause).toBe('provider-token-failed');
  });

  it("a 401 from a gateway on another origin that was sent no cookie names `gateway-credentials`; with credentials it is the pro's own sign-out", async () => {
    vi.stubGlobal('location', new URL('https://office.example.com/leads'));
    const { fetch } = recordingFetch(() => json(401, { message: 'Unauthorized' }));
    const noCookie = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch });
    const error = await failure(getLeads(noCookie, 1001, {}));
    expect(error.setup?.cause).toBe('provider-cookie-not-sent');
    expect(said(error.setup)).toContain('gateway-credentials="include"');

    const withCookie = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch, credentials: 'include' });
    expect((await failure(getLeads(withCookie, 1001, {}))).setup).toBeNull();
    const sameOrigin = createGatewayClient({ baseURL: '', auth: provider, fetch });
    expect((await failure(getLeads(sameOrigin, 1001, {}))).setup).toBeNull();
  });
});

describe('a security check with no one to pass it', () => {
  it('a 511 challenge without `onChallenge` is named; with one it is the person’s to pass', async () => {
    const challenge = { error: 'challenge_required', challengeId: 'ch-1' };
    const { fetch } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: 'https://gw.example.com', auth: provider, fetch });
    const error = await failure(getLeads(client, 1001, {}));
    expect(error.kind).toBe('challenge');
    expect(error.setup?.cause).toBe('challenge-unhandled');
    expect(said(error.setup)).toContain('`onChallenge`');
  });
});

describe('an invented call the gateway does not offer', () => {
  it.each([404, 405, 501])('answered %i: fails as a 404 naming the host setting, told through the client', async (status) => {
    const told: SetupProblem[] = [];
    const { fetch } = recordingFetch(() => json(status, {}));
    const base = createGatewayClient({ baseURL: `https://gw-${status}.example.com`, auth: { kind: 'anonymous' }, fetch });
    const client = { ...base, reportSetup: (problem: SetupProblem) => told.push(problem) };
    const error = await failure(unlessNotOffered(client, 'L1', 'lead.issueOneTimeToken', () => issueOneTimeToken(client, { idempotencyKey: 'k-1' })));
    expect(error.status).toBe(404);
    expect(error.setup?.cause).toBe('one-time-token-missing');
    expect(told.map((problem) => problem.cause)).toEqual(['one-time-token-missing']);
    expect(said(told[0])).toContain('`gateway.getOneTimeToken`');
  });
});

describe('the console line', () => {
  it('is written once per cause per page, prefixed `leadkit:`, with the cause’s docs section', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = {};
    const problem = setupProblem('gateway-unreachable', { origin: 'https://gw.example.com' });
    expect(warnSetupProblem(problem, page)).toBe(true);
    expect(warnSetupProblem(problem, page)).toBe(false);
    expect(warnSetupProblem(setupProblem('gateway-unreachable', { origin: 'https://other.example.com' }), page)).toBe(true);
    expect(warnSetupProblem(problem, {})).toBe(true);
    // Written once the sentences' chunk is here.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(3));
    expect(warn.mock.calls[0]).toEqual([`leadkit: ${sentenceOf(problem)}`]);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^leadkit: the gateway at https:\/\/gw\.example\.com could not be reached/);
  });

  it.each(SETUP_CAUSES)('%s ends with its section of the troubleshooting page', (cause) => {
    const message = sentenceOf(setupProblem(cause, { origin: 'https://x.example.com', operation: 'office.getLeads', version: '0.2.0' }));
    expect(message.endsWith(` ${troubleshootingUrl(cause)}`)).toBe(true);
    expect(troubleshootingUrl(cause)).toBe(`https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs#${cause}`);
    expect(message).not.toMatch(/undefined/);
  });
});
