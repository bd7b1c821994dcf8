import { describe, expect, it, vi } from 'vitest';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import type { ProviderToken } from './core/auth';
import { createGatewayClient } from './core/client';
import { getServiceProviderInfo } from './office/calls';

/** What the client passes a token function (auth.ts's ProviderTokenContext, which no other module names). */
type ProviderTokenContext = Parameters<Exclude<ProviderToken, string>>[0];

const spInfo = { serviceProviders: [{ id: 1001, name: 'Acme', primaryAddress: { postalCode: '80202' } }] };
const TOKEN = 'tok-provider-secret-1';

describe("gateway client: a provider's token (auth.token)", () => {
  it('sends a string token as Authorization: Bearer on provider calls; no token sends no Authorization (cookies stay the default)', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    await getServiceProviderInfo(createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001, token: TOKEN }, fetch }), 1001);
    await getServiceProviderInfo(createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch }), 1001);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(requests[0]?.url).not.toContain(TOKEN);
    expect(requests[1]?.headers.authorization).toBeUndefined();
  });

  it("asks a token function once ('initial') for many calls, concurrent ones included", async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const token = vi.fn(async (_: ProviderTokenContext) => TOKEN);
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch });
    await Promise.all([getServiceProviderInfo(client, 1001), getServiceProviderInfo(client, 1001)]);
    await getServiceProviderInfo(client, 1001);
    expect(token).toHaveBeenCalledTimes(1);
    expect(token.mock.calls[0]?.[0].reason).toBe('initial');
    expect(requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('three clients given one token function (three widgets sharing a gateway config) ask it once, and refresh it once', async () => {
    let valid = 't1';
    const { fetch, requests } = recordingFetch((request) => (request.headers.authorization === `Bearer ${valid}` ? json(200, spInfo) : json(401, {})));
    let n = 0;
    const token = vi.fn(async (_: ProviderTokenContext) => `t${++n}`);
    const clients = [1, 2, 3].map(() => createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch }));
    await Promise.all(clients.map((client) => getServiceProviderInfo(client, 1001)));
    expect(token).toHaveBeenCalledTimes(1);
    // The gateway stops taking it: one refresh for the three.
    valid = 't2';
    await Promise.all(clients.map((client) => getServiceProviderInfo(client, 1001)));
    expect(token.mock.calls.map(([context]) => context.reason)).toEqual(['initial', 'refresh']);
    expect(requests.slice(3).map((request) => request.headers.authorization)).toEqual([
      'Bearer t1',
      'Bearer t1',
      'Bearer t1',
      'Bearer t2',
      'Bearer t2',
      'Bearer t2',
    ]);
  });

  it("on a 401 asks the function again ('refresh') and sends the call once more with the new token", async () => {
    const { fetch, requests } = recordingFetch((request) =>
      request.headers.authorization === 'Bearer new' ? json(200, spInfo) : json(401, { message: 'expired' }),
    );
    const tokens = ['old', 'new'];
    const token = vi.fn(async (_: ProviderTokenContext) => tokens.shift() as string);
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch });
    await expect(getServiceProviderInfo(client, 1001)).resolves.toBeDefined();
    expect(token.mock.calls.map(([context]) => context.reason)).toEqual(['initial', 'refresh']);
    expect(requests.map((request) => request.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('concurrent 401s share one refresh; each call is retried once', async () => {
    const { fetch, requests } = recordingFetch((request) => (request.headers.authorization === 'Bearer t2' ? json(200, spInfo) : json(401, {})));
    let n = 0;
    const token = vi.fn(async () => `t${++n}`);
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch });
    await Promise.all([getServiceProviderInfo(client, 1001), getServiceProviderInfo(client, 1001), getServiceProviderInfo(client, 1001)]);
    expect(token).toHaveBeenCalledTimes(2);
    expect(requests).toHaveLength(6);
  });

  it('a 401 to the refreshed token is the call’s 401 (the widget shows Log in): asked and retried once only', async () => {
    const { fetch, requests } = recordingFetch(() => json(401, {}));
    const token = vi.fn(async () => TOKEN);
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(token).toHaveBeenCalledTimes(2);
    expect(requests).toHaveLength(2);
  });

  it('a string token is not retried on 401; a function that throws is a 401 with nothing sent, asked again on the next call', async () => {
    const { fetch, requests } = recordingFetch(() => json(401, {}));
    await expect(
      getServiceProviderInfo(createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token: TOKEN }, fetch }), 1001),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(requests).toHaveLength(1);
    const token = vi.fn(async () => {
      throw new Error(`no session ${TOKEN}`);
    });
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token }, fetch });
    const error = await getServiceProviderInfo(client, 1001).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(String((error as Error).message)).not.toContain(TOKEN);
    await getServiceProviderInfo(client, 1001).catch(() => undefined);
    expect(requests).toHaveLength(1);
    expect(token).toHaveBeenCalledTimes(2);
  });

  it('header name and scheme come from the config (headerNames.providerToken, providerTokenScheme); a one-time token keeps Authorization', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({
      baseURL: '',
      auth: { kind: 'provider', spId: 1001, token: TOKEN },
      fetch,
      headerNames: { providerToken: 'X-Session-Token' },
      providerTokenScheme: '',
      headers: { 'x-session-token': 'host-extra-is-dropped' },
    });
    await getServiceProviderInfo(client, 1001);
    expect(requests[0]?.headers['x-session-token']).toBe(TOKEN);
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(() => createGatewayClient({ baseURL: '', auth: { kind: 'anonymous' }, headerNames: { providerToken: 'X-Caller-Id' } })).toThrow(TypeError);
    expect(() => createGatewayClient({ baseURL: '', auth: { kind: 'anonymous' }, providerTokenScheme: 'Bad scheme' })).toThrow(TypeError);
  });

  it("the transport's headers (the sandbox chat adapter's calls) carry the same token", async () => {
    const token = vi.fn(async () => TOKEN);
    const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001, token } });
    await expect(client.transport?.headers({ provider: 1001 })).resolves.toMatchObject({ Authorization: `Bearer ${TOKEN}`, 'X-Caller-Id': '1001' });
  });
});
