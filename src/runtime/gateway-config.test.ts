import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { resolveGatewayClient } from './gateway-config';

describe('resolveGatewayClient: an element out of the document sends nothing', () => {
  it('no request reaches the network while `connected` says no — the call is aborted, not retried after a wait — and requests go again once it says yes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    let connected = false;
    const asked = vi.fn(() => connected);
    const client = resolveGatewayClient({ gateway: { baseURL: 'https://gw.test', fetch, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } }, spId: 1001 }, undefined, asked);
    await expect(client.request({ operation: 'test.get', method: 'GET', path: '/thing', response: v.unknown() })).rejects.toMatchObject({ kind: 'aborted' });
    expect(fetch).not.toHaveBeenCalled();
    // One attempt: a retry (and its wait, which kept a detached widget alive) would ask again.
    expect(asked).toHaveBeenCalledTimes(1);
    connected = true;
    await expect(client.request({ operation: 'test.get', method: 'GET', path: '/thing', response: v.unknown() })).resolves.toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('without `connected` (a React host) requests go as before', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const client = resolveGatewayClient({ gateway: { baseURL: 'https://gw.test', fetch }, spId: 1001 });
    await client.request({ operation: 'test.get', method: 'GET', path: '/thing', response: v.unknown() });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
