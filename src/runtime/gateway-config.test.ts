import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createGatewayClient } from '../gateway/core/client';
import { createElementReads, elementClient, resolveAuth } from './gateway-config';

describe('elementClient: an element out of the document sends nothing', () => {
  it('no request reaches the network while `connected` says no — the call is aborted, not retried after a wait — and requests go again once it says yes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    let connected = false;
    const asked = vi.fn(() => connected);
    const client = elementClient(
      { gateway: { baseURL: 'https://gw.test', fetch, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } }, spId: 1001 },
      { connected: asked },
    );
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
    const client = elementClient({ gateway: { baseURL: 'https://gw.test', fetch }, spId: 1001 });
    await client.request({ operation: 'test.get', method: 'GET', path: '/thing', response: v.unknown() });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("elementClient: the host's gateway config beyond the spec", () => {
  const answer = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  const get = { operation: 'test.get', method: 'GET', path: '/gateway/thing', response: v.unknown() } as const;

  it('a config with header names, credentials and a token function: its own calls carry them, and the CDN loader’s first calls (default names) are not taken', async () => {
    const fetch = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => answer());
    const early = { method: 'GET', url: 'https://gw.test/gateway/thing', body: null, response: Promise.resolve(answer()), controller: new AbortController() };
    const getOneTimeToken = async () => ({ token: 'host-token', expiresAt: '2030-01-01T00:00:00Z' });
    const client = elementClient(
      { gateway: { baseURL: 'https://gw.test', fetch, headerNames: { callerType: 'Gw-Caller-Type' }, credentials: 'include', getOneTimeToken }, spId: 1001 },
      { startedFirstCalls: [early] },
    );
    await client.request(get);
    expect(fetch).toHaveBeenCalledTimes(1);
    const init = fetch.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('gw-caller-type')).toBe('ServiceProvider');
    expect(new Headers(init.headers).has('x-caller-type')).toBe(false);
    expect(init.credentials).toBe('include');
    expect(early.controller.signal.aborted).toBe(false);
    expect(client.getOneTimeToken).toBe(getOneTimeToken);
  });

  it('gateway-credentials: the client built from gateway-url fetches with it; a host config’s own credentials win', async () => {
    const fetch = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', fetch);
    try {
      await elementClient({ gatewayUrl: 'https://gw.test', gatewayCredentials: 'include', spId: 1001 }).request(get);
      await elementClient({ gatewayUrl: 'https://gw.test', spId: 1001 }).request(get);
      await elementClient({ gateway: { baseURL: 'https://gw.test', credentials: 'omit' }, gatewayCredentials: 'include', spId: 1001 }).request(get);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', undefined, 'omit']);
  });

  it('auth-mode provider-token: no provider call until the host gives the token as the auth property; then it is sent', async () => {
    const fetch = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => answer());
    const waiting = elementClient({ gateway: { baseURL: 'https://gw.test', fetch }, authMode: 'provider-token', spId: 1001 });
    // The provider of sp-id, without a token: its widget waits as signed in.
    expect(waiting.auth).toEqual({ kind: 'provider', spId: 1001 });
    // Its calls wait (nothing sent, nothing settled) until cancelled.
    const cancel = new AbortController();
    const settled = vi.fn();
    const call = waiting.request({ ...get, signal: cancel.signal }).then(settled, settled);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).not.toHaveBeenCalled();
    cancel.abort();
    await call;
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ kind: 'aborted' }));
    expect(fetch).not.toHaveBeenCalled();
    const token = async () => 'tok-given';
    const signedIn = elementClient({
      gateway: { baseURL: 'https://gw.test', fetch },
      authMode: 'provider-token',
      auth: { kind: 'provider', spId: 1001, token },
      spId: 1001,
    });
    await signedIn.request(get);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer tok-given');
  });

  it('a server’s render (no element to be given the token later) sends its calls at once, as before the token mode', async () => {
    const fetch = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => answer());
    const server = elementClient({ gateway: { baseURL: 'https://gw.test', fetch }, authMode: 'provider-token', spId: 1001 }, { server: true });
    await server.request(get);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a host's ready client keeps its token function through the element's view, and through a server render's answers", () => {
    const getOneTimeToken = async () => ({ token: 'host-token', expiresAt: '2030-01-01T00:00:00Z' });
    const ready = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'anonymous' }, getOneTimeToken, headerNames: { requestId: 'Gw-Request' } });
    const reads = createElementReads();
    const answer = { method: 'GET', path: '/gateway/thing', body: null, status: 200, contentType: 'application/json', text: '{}' };
    for (const view of [
      elementClient({ gateway: ready }, { connected: () => true, reads }),
      elementClient({ gateway: ready }, { connected: () => true, reads, answers: [answer] }),
    ]) {
      expect(view).not.toBe(ready);
      expect(view.getOneTimeToken).toBe(getOneTimeToken);
    }
  });
});

describe("elementClient: the host's chat session and the chat adapter's transport", () => {
  const getChatToken = async () => ({ conversationSid: 'CH1', identity: 'provider-1001', token: 't', expiresAt: '2030-01-01T00:00:00Z' });

  it("an element's client built from the config keeps its getChatToken, and hands the chat adapter the host's fetch (or none: the platform's), not the element's wrappers", async () => {
    const hostFetch = vi.fn(globalThis.fetch);
    const withFetch = elementClient(
      { gateway: { baseURL: 'https://gw.test', fetch: hostFetch, getChatToken, timeoutMs: 1234 }, spId: 1001 },
      { connected: () => true, reads: createElementReads() },
    );
    expect(withFetch.getChatToken).toBe(getChatToken);
    expect(withFetch.transport?.fetch).toBe(hostFetch);
    expect(withFetch.transport?.timeoutMs).toBe(1234);
    const withoutFetch = elementClient({ gateway: { baseURL: 'https://gw.test' }, spId: 1001 }, { connected: () => true, reads: createElementReads() });
    expect(withoutFetch.getChatToken).toBeUndefined();
    expect(withoutFetch.transport?.fetch).toBeUndefined();
    // Its headers are the client's own, for the provider a call acts for.
    await expect(withoutFetch.transport?.headers({ provider: 9 })).resolves.toMatchObject({
      'X-Caller-Type': 'ServiceProvider',
      'X-Caller-Id': '9',
      'X-Source-Application': 'leadkit',
    });
  });

  it("a host's ready client keeps its getChatToken and transport through the element's view and a server render's answers", () => {
    const host = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, getChatToken });
    const viewed = elementClient(
      { gateway: host, spId: 1001 },
      {
        connected: () => true,
        reads: createElementReads(),
        answers: [{ method: 'GET', path: '/thing', body: null, status: 200, contentType: 'application/json', text: '{}' }],
      },
    );
    expect(viewed).not.toBe(host);
    expect(viewed.getChatToken).toBe(getChatToken);
    expect(viewed.transport).toBe(host.transport);
  });
});

describe("elementClient: the host's replacements of the counts and the contact call (O3, M7)", () => {
  const leadCounts = async () => ({
    statusCounts: { Initial: 1, ContactAndQualify: 0, Selling: 0, InProgressWon: 0, ClosedWon: 0, ClosedDidntWin: 0 },
    unreadCount: 0,
  });
  const recordContact = async () => {};
  const answer = { method: 'GET', path: '/thing', body: null, status: 200, contentType: 'application/json', text: '{}' };

  it.each([
    ['functions', { leadCounts, recordContact }],
    ['false (no call at all)', { leadCounts: false, recordContact: false }],
  ] as const)("are kept as given (%s) by an element's client built from the config, a host's ready client's view and a server render's answers", (_, given) => {
    const fromConfig = elementClient(
      { gateway: { baseURL: 'https://gw.test', fetch: vi.fn(globalThis.fetch), ...given }, spId: 1001 },
      { connected: () => true, reads: createElementReads(), answers: [answer] },
    );
    const host = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, ...given });
    const viewed = elementClient({ gateway: host, spId: 1001 }, { connected: () => true, reads: createElementReads(), answers: [answer] });
    for (const client of [fromConfig, host, viewed]) {
      expect(client.leadCounts).toBe(given.leadCounts);
      expect(client.recordContact).toBe(given.recordContact);
    }
    // Absent: absent (leadkit's own calls).
    const plain = elementClient({ gateway: { baseURL: 'https://gw.test' }, spId: 1001 }, { connected: () => true, reads: createElementReads() });
    expect([plain.leadCounts, plain.recordContact]).toEqual([undefined, undefined]);
  });

  it('anything but a function or false is refused as the client is made', () => {
    expect(() => elementClient({ gateway: { baseURL: 'https://gw.test', leadCounts: true as never }, spId: 1001 })).toThrow(
      new TypeError('gateway leadCounts must be a function or false'),
    );
  });
});

describe('elementClient: the markup opt-outs no-lead-counts and no-contact-record', () => {
  const leadCounts = async () => ({
    statusCounts: { Initial: 0, ContactAndQualify: 0, Selling: 0, InProgressWon: 0, ClosedWon: 0, ClosedDidntWin: 0 },
    unreadCount: 0,
  });
  const recordContact = async () => undefined;
  it('turn the invented calls off whatever the gateway input: attributes, a config with providers, a ready client', () => {
    const optOuts = { noLeadCounts: true, noContactRecord: true };
    const fromAttributes = elementClient({ gatewayUrl: 'https://gw.test', spId: 1001, ...optOuts });
    const fromConfig = elementClient({ gateway: { baseURL: 'https://gw.test', leadCounts, recordContact }, spId: 1001, ...optOuts });
    const host = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, leadCounts, recordContact });
    const viewed = elementClient({ gateway: host, spId: 1001, ...optOuts });
    for (const client of [fromAttributes, fromConfig, viewed]) {
      expect(client.leadCounts).toBe(false);
      expect(client.recordContact).toBe(false);
      expect(client.auth).toEqual({ kind: 'provider', spId: 1001 });
    }
    // The host's client itself is left alone.
    expect(host.leadCounts).toBe(leadCounts);
  });
  it('a client that says them already is used as it is, not through one more view (a server render’s client met again by the widget shell)', () => {
    const optOuts = { noLeadCounts: true, noContactRecord: true };
    const rendered = elementClient({ gatewayUrl: 'https://gw.test', spId: 1001, ...optOuts }, { server: true });
    expect(elementClient({ gateway: rendered, spId: 1001, ...optOuts })).toBe(rendered);
  });

  it('each alone turns off its own call only; without them nothing changes', () => {
    const counts = elementClient({ gatewayUrl: 'https://gw.test', spId: 1001, noLeadCounts: true });
    expect(counts.leadCounts).toBe(false);
    expect(counts.recordContact).toBeUndefined();
    const contact = elementClient({ gatewayUrl: 'https://gw.test', spId: 1001, noContactRecord: true });
    expect(contact.leadCounts).toBeUndefined();
    expect(contact.recordContact).toBe(false);
    const none = elementClient({ gatewayUrl: 'https://gw.test', spId: 1001, noLeadCounts: false });
    expect(none.leadCounts).toBeUndefined();
  });
});

describe('resolveAuth: once per role, from the tag table', () => {
  it("a provider's widget acts as its sp-id; a customer's never does: its sp-id is the pro asked", () => {
    expect(resolveAuth({ role: 'provider', spId: 1001 })).toEqual({ kind: 'provider', spId: 1001 });
    expect(resolveAuth({ role: 'customer', spId: 1001 })).toEqual({ kind: 'anonymous' });
    expect(resolveAuth({ role: 'customer', spId: 1001, auth: { kind: 'provider', spId: 1001 } })).toEqual({ kind: 'anonymous' });
    expect(resolveAuth({ role: 'customer', spId: 1001, auth: { kind: 'oneTime', token: 'ott_1' } })).toEqual({ kind: 'oneTime', token: 'ott_1' });
  });

  it("a customer's client built from attributes sends no caller id and no provider (sp-id is not who calls)", async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const client = elementClient({ gateway: { baseURL: 'https://gw.test', fetch }, spId: 1001, role: 'customer' });
    expect(client.auth).toEqual({ kind: 'anonymous' });
    await client.request({ operation: 'test.get', method: 'GET', path: '/thing', response: v.unknown() });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('x-caller-id')).toBeNull();
    expect(headers.get('x-caller-type')).not.toBe('ServiceProvider');
  });
});
