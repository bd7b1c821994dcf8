import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient, type ReadScope } from './client';
import { gatewayHeaders, HEADERS, LEADKIT_VERSION } from './headers';
import { withQuery } from './request-spec';
import { GatewayError } from './errors';
import { getServiceProviderInfo, getLeads, updateLeadStatus } from '../office/calls';
import { createLeadV1, fetchLead } from '../lead/funnel/calls';
import { sendMessage } from '../message-center/calls';

const provider = { kind: 'provider', spId: 1001 } as const;
const member = { kind: 'oneTime', token: 'tok-secret-123' } as const;
const spInfo = { serviceProviders: [{ id: 1001, name: 'Acme', primaryAddress: { postalCode: '80202' } }] };
const noDelay = { retries: 2, baseDelayMs: 0, maxDelayMs: 0 };
const leadBody = {
  source: 'RequestAQuote',
  title: 'Fix sink',
  categoryId: 12,
  contactInformation: { email: 'a@b.co', firstName: 'Ann', lastName: 'Lee', phoneNumber: '5555550100' },
  address: { postalAddressId: 7 },
};
const challenge = { error: 'challenge_required', challengeId: 'ch-1' };

describe('gateway client: headers and auth', () => {
  it("sends the gateway's headers with a fresh request id, and caller id = provider id", async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: provider, fetch, applicationVersion: '9.9.9' });
    await getServiceProviderInfo(client, 1001);
    await getServiceProviderInfo(client, 1001);
    const [first, second] = requests;
    expect(first?.headers[HEADERS.proxyVersion.toLowerCase()]).toBe('1');
    expect(first?.headers[HEADERS.sourceApplication.toLowerCase()]).toBe('leadkit');
    expect(first?.headers[HEADERS.applicationVersion.toLowerCase()]).toBe('9.9.9');
    expect(first?.headers[HEADERS.callerType.toLowerCase()]).toBe('ServiceProvider');
    expect(first?.headers[HEADERS.callerId.toLowerCase()]).toBe('1001');
    expect(first?.headers[HEADERS.requestId.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers[HEADERS.requestId.toLowerCase()]).not.toBe(first?.headers[HEADERS.requestId.toLowerCase()]);
    expect(first?.headers.authorization).toBeUndefined();
  });

  it("keeps a host's extra headers but never lets them replace ours, whatever their case", async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({
      baseURL: '',
      auth: provider,
      fetch,
      headers: { 'x-caller-type': 'Member', AUTHORIZATION: 'Bearer stolen', 'X-Tenant': 'acme' },
    });
    await getServiceProviderInfo(client, 1001);
    expect(requests[0]?.headers['x-caller-type']).toBe('ServiceProvider');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.headers['x-tenant']).toBe('acme');
  });

  it('puts a one-time token only in the Authorization header, never in the URL', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json(200, { leadId: 5, userId: 9, postalAddress: { postalCode: '80202', advertisingZone: 3 }, category: { id: 12 } }),
    );
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: member, fetch });
    await fetchLead(client, 5);
    expect(requests[0]?.headers.authorization).toBe('OneTime tok-secret-123');
    expect(requests[0]?.headers[HEADERS.callerType.toLowerCase()]).toBe('Member');
    expect(requests[0]?.url).toBe('https://gw.test/gateway/lead/v1/lead/5');
    expect(requests[0]?.url).not.toContain('tok-secret');
  });

  it('does not send a customer call that needs a token when the client has none', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, {}));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(fetchLead(client, 5)).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(requests).toHaveLength(0);
  });

  it('never puts the token or the URL into an error message', async () => {
    const { fetch } = recordingFetch(() => json(500, { message: 'boom' }));
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: member, fetch, retry: { retries: 0 } });
    const error = (await fetchLead(client, 5).catch((e: unknown) => e)) as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toBe('lead.fetchLead failed: http 500');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain('tok-secret');
  });

  it('reads a function auth on every request, so a host can swap tokens', async () => {
    let token = 'first';
    const { fetch, requests } = recordingFetch(() => json(200, { leadId: 5, userId: 9, postalAddress: { postalCode: '80202' }, category: { id: 12 } }));
    const client = createGatewayClient({ baseURL: '', auth: () => ({ kind: 'oneTime', token }), fetch });
    await fetchLead(client, 5);
    token = 'second';
    await fetchLead(client, 5);
    expect(requests.map((r) => r.headers.authorization)).toEqual(['OneTime first', 'OneTime second']);
  });

  it('serialises arrays as repeated query keys and leaves out empty values', () => {
    expect(withQuery('/p', { ids: [1, 2], a: null, b: undefined, c: true })).toBe('/p?ids=1&ids=2&c=true');
    expect(withQuery('/p', {})).toBe('/p');
  });
});

describe("gateway client: the gateway's own header names, and credentials", () => {
  const headerNames = {
    proxyVersion: 'Gw-Proxy',
    requestId: 'Gw-Request',
    sourceApplication: 'Gw-App',
    applicationVersion: 'Gw-App-Version',
    callerType: 'Gw-Caller-Type',
    callerId: 'Gw-Caller',
    idempotencyKey: 'Gw-Once',
  } as const;
  const created = () => json(200, { leadId: 5 });

  it('sends every header under the configured name and none under the default one, the idempotency key too', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, headerNames, sourceApplication: 'partner-site' });
    await getServiceProviderInfo(client, 1001);
    const sent = requests[0]!.headers;
    expect(sent['gw-proxy']).toBe('1');
    expect(sent['gw-request']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent['gw-app']).toBe('partner-site');
    expect(sent['gw-app-version']).toBe(LEADKIT_VERSION);
    expect(sent['gw-caller-type']).toBe('ServiceProvider');
    expect(sent['gw-caller']).toBe('1001');
    for (const name of Object.values(HEADERS)) expect(sent[name.toLowerCase()]).toBeUndefined();

    const customer = recordingFetch(created);
    const key = 'key-0001';
    await createLeadV1(createGatewayClient({ baseURL: '', auth: member, fetch: customer.fetch, headerNames: { idempotencyKey: 'Gw-Once' } }), leadBody, {
      idempotencyKey: key,
    });
    expect(customer.requests[0]?.headers['gw-once']).toBe(key);
    expect(customer.requests[0]?.headers['idempotency-key']).toBeUndefined();
    // Not renamed: Authorization, and the names left out of headerNames.
    expect(customer.requests[0]?.headers.authorization).toBe('OneTime tok-secret-123');
    expect(customer.requests[0]?.headers['x-caller-type']).toBe('Member');
  });

  it("a host's headers may carry a default name once it is renamed; the configured names stay reserved, whatever their case", async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({
      baseURL: '',
      auth: provider,
      fetch,
      headerNames: { callerType: 'Gw-Caller-Type' },
      headers: { 'X-Caller-Type': 'ServiceProvider', 'gw-caller-type': 'Member', authorization: 'Bearer stolen' },
    });
    await getServiceProviderInfo(client, 1001);
    expect(requests[0]?.headers['x-caller-type']).toBe('ServiceProvider');
    expect(requests[0]?.headers['gw-caller-type']).toBe('ServiceProvider');
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('refuses names that are not header names or that two headers share, and leaves Authorization alone', () => {
    const make = (names: Record<string, string>) => () => createGatewayClient({ baseURL: '', auth: provider, headerNames: names });
    expect(make({ callerType: 'Caller Type' })).toThrow(/headerNames.callerType/);
    expect(make({ callerType: 'X-Caller-Id' })).toThrow(/share a name/);
    expect(make({ callerId: 'authorization' })).toThrow(/share a name/);
    expect(make({ authorization: 'X-Auth' })).toThrow(/authorization/);
  });

  it('passes the credentials mode to fetch (a gateway on another origin gets the page cookies); none by default', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    await getServiceProviderInfo(createGatewayClient({ baseURL: 'https://gw.other.test', auth: provider, fetch, credentials: 'include' }), 1001);
    await getServiceProviderInfo(createGatewayClient({ baseURL: 'https://gw.other.test', auth: provider, fetch }), 1001);
    expect(requests.map((request) => request.credentials)).toEqual(['include', undefined]);
  });

  it('gatewayHeaders, the one builder (for whatever else talks to the gateway), gives what the client sends', async () => {
    const config = { headerNames, headers: { 'X-Tenant': 'acme' }, applicationVersion: '2.0.0' };
    const { fetch, requests } = recordingFetch(() => json(200, spInfo));
    await getServiceProviderInfo(createGatewayClient({ baseURL: '', auth: provider, fetch, ...config }), 1001);
    const built = gatewayHeaders(config, { auth: provider, callerId: 1001 });
    const lower = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), name.toLowerCase() === 'gw-request' ? 'id' : value]));
    expect(lower(built)).toEqual(lower(requests[0]!.headers));
    expect(gatewayHeaders(config, { auth: provider, authorization: 'Bearer chat-token', idempotencyKey: 'k-1' })).toMatchObject({
      Authorization: 'Bearer chat-token',
      'Gw-Once': 'k-1',
    });
    // Without a config (a host's own client has none to give): the default names.
    expect(Object.keys(gatewayHeaders({}, { auth: { kind: 'anonymous' } }))).toEqual([
      HEADERS.proxyVersion,
      HEADERS.requestId,
      HEADERS.sourceApplication,
      HEADERS.applicationVersion,
      HEADERS.callerType,
      'accept',
    ]);
  });
});

describe('gateway client: responses and validation', () => {
  it('turns a response that does not fit its schema into invalid-response, naming fields not values', async () => {
    const { fetch } = recordingFetch(() => json(200, { leads: [{ leadId: 'Jane Doe' }], pagination: { totalNumber: 1 } }));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    const error = (await getLeads(client, 1001, {}).catch((e: unknown) => e)) as GatewayError;
    expect(error.kind).toBe('invalid-response');
    expect(error.issues).toContain('leads.0.leadId');
    expect(error.message).not.toContain('Jane Doe');
  });

  it('refuses input that does not fit the request schema before sending anything', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, {}));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    const error = (await getLeads(client, 1001, { limit: -3 }).catch((e: unknown) => e)) as GatewayError;
    expect(error.kind).toBe('invalid-request');
    expect(error.issues).toEqual(['limit']);
    expect(requests).toHaveLength(0);
  });

  it('keeps the parsed error body and status of an HTTP failure', async () => {
    const { fetch } = recordingFetch(() => json(403, { message: 'nope' }));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'http', status: 403, body: { message: 'nope' } });
  });
});

describe('gateway client: retries', () => {
  it('retries an idempotent GET on 503 and network failure, then succeeds', async () => {
    const { fetch, requests } = recordingFetch((_, index) => {
      if (index === 0) return json(503, {});
      if (index === 1) throw new TypeError('fetch failed');
      return json(200, spInfo);
    });
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: noDelay });
    await expect(getServiceProviderInfo(client, 1001)).resolves.toMatchObject({ serviceProviders: [{ name: 'Acme' }] });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a GET whose fetch cancelled it (AbortError): the call is aborted, not a network failure', async () => {
    const { fetch, requests } = recordingFetch(() => {
      throw new DOMException('The element is no longer in the document.', 'AbortError');
    });
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: noDelay });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });

  it('gives up after the bounded number of GET retries', async () => {
    const { fetch, requests } = recordingFetch(() => json(502, {}));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: noDelay });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ status: 502 });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a GET on a status that will not change (404)', async () => {
    const { fetch, requests } = recordingFetch(() => json(404, {}));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: noDelay });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(1);
  });

  it('never retries a POST, even one with an idempotency key', async () => {
    const { fetch, requests } = recordingFetch(() => json(503, {}));
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, retry: noDelay });
    await expect(createLeadV1(client, leadBody)).rejects.toMatchObject({ status: 503 });
    await expect(getLeads(client, 1001, {})).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(2);
  });

  it('honours Retry-After on 429 before retrying a GET', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = recordingFetch((_, index) => (index === 0 ? json(429, {}, { 'retry-after': '2' }) : json(200, spInfo)));
      const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
      const pending = getServiceProviderInfo(client, 1001);
      await vi.advanceTimersByTimeAsync(1900);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      await expect(pending).resolves.toBeTruthy();
      expect(requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait for a Retry-After longer than its limit: the error goes to the user', async () => {
    const { fetch, requests } = recordingFetch(() => json(429, {}, { 'retry-after': '3600' }));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: noDelay });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ status: 429 });
    expect(requests).toHaveLength(1);
  });
});

describe('gateway client: abort and timeout', () => {
  it('aborts a superseded request: the caller sees kind aborted and the fetch got the signal', async () => {
    let seen: AbortSignal | undefined;
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) => {
      seen = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    const controller = new AbortController();
    const pending = getServiceProviderInfo(client, 1001, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(seen?.aborted).toBe(true);
  });

  it('sends a keepalive call as keepalive (a write made as the page goes away outlives it); others not', async () => {
    const seen: (boolean | undefined)[] = [];
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init?.keepalive);
      return Promise.resolve(
        new Response(JSON.stringify({ leadId: 5, status: 'Selling', read: true }), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await updateLeadStatus(client, 5, { serviceProviderId: 1001, status: 'Selling' }, { keepalive: true });
    await updateLeadStatus(client, 5, { serviceProviderId: 1001, status: 'Selling' });
    expect(seen).toEqual([true, undefined]);
  });

  it('times out an attempt that never answers', async () => {
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, timeoutMs: 20, retry: { retries: 0 } });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'timeout', status: null });
  });
});

describe('gateway client: reads cancelled together (an element that leaves the document)', () => {
  /** A fetch that answers only when told, by URL path; an aborted signal rejects at once. */
  function heldFetch() {
    const held = new Map<string, (response: Response) => void>();
    const signals = new Map<string, AbortSignal>();
    const sent: string[] = [];
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'https://gw.test').pathname;
      sent.push(path);
      if (init?.signal) signals.set(path, init.signal);
      return new Promise<Response>((resolve, reject) => {
        held.set(path, resolve);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }) as typeof globalThis.fetch;
    return { fetch, answer: (path: string, body: unknown) => held.get(path)?.(json(200, body)), signals, sent };
  }
  /** The scope an element gives its client: here, the controllers it tracks now. */
  function scope() {
    const live = new Set<AbortController>();
    const reads: ReadScope = {
      track(controller) {
        live.add(controller);
        return () => live.delete(controller);
      },
    };
    return { reads, live, abortAll: () => live.forEach((controller) => controller.abort(new DOMException('gone', 'AbortError'))) };
  }
  const listBody = { offset: 0, limit: 10, sort: 'NewestOldest', filters: {} } as never;

  it('tracks GETs and POSTs marked read while they run; aborting them ends each as kind aborted', async () => {
    const { fetch, signals } = heldFetch();
    const { reads, live, abortAll } = scope();
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, reads, retry: noDelay });
    const info = getServiceProviderInfo(client, 1001);
    const list = getLeads(client, 1001, listBody);
    await vi.waitFor(() => expect(live.size).toBe(2));
    abortAll();
    await expect(info).rejects.toMatchObject({ kind: 'aborted' });
    await expect(list).rejects.toMatchObject({ kind: 'aborted' });
    expect(signals.get('/gateway/office-home/v4/service_provider')?.aborted).toBe(true);
    expect(signals.get('/gateway/lead/office/v6/leads/serviceProvider/1001')?.aborted).toBe(true);
  });

  it('leaves what changes something out: a status change runs to its answer', async () => {
    const { fetch, answer, sent } = heldFetch();
    const { reads, live, abortAll } = scope();
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, reads });
    const change = updateLeadStatus(client, 300001, { serviceProviderId: 1001, status: 'Selling' });
    await vi.waitFor(() => expect(sent).toEqual(['/gateway/lead/office/v2/leads/300001/status']));
    expect(live.size).toBe(0);
    abortAll();
    answer('/gateway/lead/office/v2/leads/300001/status', { leadId: 300001, status: 'Selling', read: true });
    // Answered (its answer is not read: it resolves with nothing), not aborted.
    await expect(change).resolves.toBeUndefined();
  });

  it('stops tracking a read once it is answered', async () => {
    const { fetch, answer } = heldFetch();
    const { reads, live } = scope();
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, reads });
    const info = getServiceProviderInfo(client, 1001);
    await vi.waitFor(() => expect(live.size).toBe(1));
    answer('/gateway/office-home/v4/service_provider', spInfo);
    await expect(info).resolves.toMatchObject({ serviceProviders: [{ id: 1001 }] });
    expect(live.size).toBe(0);
  });
});

describe('gateway client: one time limit per call, retries included (a hang kept a skeleton up)', () => {
  const hanging = (count: { n: number }) =>
    ((_: RequestInfo | URL, init?: RequestInit) => {
      count.n++;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }) as typeof globalThis.fetch;

  it('a GET that hangs is not tried again once its time is up: one attempt, then timeout', async () => {
    const count = { n: 0 };
    const client = createGatewayClient({
      baseURL: '',
      auth: provider,
      fetch: hanging(count),
      timeoutMs: 60,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 10 },
    });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'timeout', status: null });
    expect(count.n).toBe(1);
  });

  it('retries while time is left, and gives the last answer when a wait would pass the limit', async () => {
    const { fetch, requests } = recordingFetch(() => json(503, { message: 'down' }));
    // Time for all three attempts.
    const roomy = createGatewayClient({ baseURL: '', auth: provider, fetch, timeoutMs: 5_000, retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 10 } });
    await expect(getServiceProviderInfo(roomy, 1001)).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(requests).toHaveLength(3);
    // A backoff (at least 150 ms) longer than the 100 ms limit: the first 503 is the answer.
    const tight = createGatewayClient({ baseURL: '', auth: provider, fetch, timeoutMs: 100, retry: { retries: 2, baseDelayMs: 300, maxDelayMs: 300 } });
    await expect(getServiceProviderInfo(tight, 1001)).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(requests).toHaveLength(4);
  });
});

describe('gateway client: an answer too large to read (a 50 MB body is refused without reading it all)', () => {
  const MB = 1024 * 1024;
  /** A 50 MB JSON-ish body as a stream, counting the chunks pulled from it. */
  function hugeBody() {
    const stats = { pulled: 0 };
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        stats.pulled++;
        if (stats.pulled > 800) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return { body, stats };
  }

  it('refuses one whose Content-Length is over the limit without reading it, as invalid-response, not retried', async () => {
    const { body, stats } = hugeBody();
    const { fetch, requests } = recordingFetch(
      () => new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(50 * MB) } }),
    );
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'invalid-response', issues: ['(size)'] });
    expect(stats.pulled).toBeLessThanOrEqual(1);
    expect(requests).toHaveLength(1);
  });

  it('stops reading one without a length as it passes the limit', async () => {
    const { body, stats } = hugeBody();
    const fetch = (async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, maxResponseBytes: MB });
    await expect(getServiceProviderInfo(client, 1001)).rejects.toMatchObject({ kind: 'invalid-response' });
    // 1 MB is 16 chunks of 64 kB: the stream is not read much past it (the reader may ask ahead).
    expect(stats.pulled).toBeLessThan(24);
  });

  it('reads an answer under the limit as before', async () => {
    const { fetch } = recordingFetch(() => json(200, spInfo));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch, maxResponseBytes: 1024 });
    await expect(getServiceProviderInfo(client, 1001)).resolves.toMatchObject({ serviceProviders: [{ id: 1001 }] });
  });
});

describe('gateway client: 511 challenge and replay', () => {
  it('queues a call whose caller hears its replay, still raises, and replays it exactly once with the same key after the challenge', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch(() => (challenged ? json(511, challenge) : json(200, { leadId: 77 })));
    const onChallenge = vi.fn(async () => {
      challenged = false;
      return true;
    });
    const onReplayed = vi.fn();
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge });
    await expect(createLeadV1(client, leadBody, { idempotencyKey: 'key-1', onReplayed })).rejects.toMatchObject({
      kind: 'challenge',
      status: 511,
    });
    await client.whenChallengeSettled();
    expect(onChallenge).toHaveBeenCalledWith(challenge);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(onReplayed).toHaveBeenCalledWith({ ok: true, value: { leadId: 77 } });
    expect(client.replayQueue.size).toBe(0);
  });

  it('holds create-lead and send-message when both met the challenge, replays them once each, and their callers get the answers', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch((request) => {
      if (challenged) return json(511, challenge);
      return request.url.includes('messages') ? json(200, { messageId: 'm1' }) : json(200, { leadId: 1 });
    });
    let release: (passed: boolean) => void = () => {};
    const client = createGatewayClient({
      baseURL: '',
      auth: member,
      fetch,
      onChallenge: () => new Promise<boolean>((resolve) => (release = resolve)),
    });
    const lead = createLeadV1(client, leadBody, { idempotencyKey: 'lead-key' });
    const message = sendMessage(client, { text: 'hi', senderEntityId: 1, receiverEntityId: 2 }, { idempotencyKey: 'msg-key' });
    await expect.poll(() => client.replayQueue.size).toBe(2);
    challenged = false;
    release(true);
    await expect(lead).resolves.toEqual({ leadId: 1 });
    await expect(message).resolves.toEqual({ messageId: 'm1' });
    expect(requests.map((r) => r.headers['idempotency-key']).sort()).toEqual(['lead-key', 'lead-key', 'msg-key', 'msg-key']);
  });

  it('never replays after a failed challenge, and empties the queue', async () => {
    const { fetch, requests } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge: async () => false });
    await expect(createLeadV1(client, leadBody)).rejects.toMatchObject({ kind: 'challenge' });
    await client.whenChallengeSettled();
    expect(requests).toHaveLength(1);
    expect(client.replayQueue.size).toBe(0);
  });

  it('treats a 511 with an HTML body (captive portal) as a plain error: no challenge, no queue', async () => {
    const { fetch, requests } = recordingFetch(
      () => new Response('<html>Log in to the Wi-Fi</html>', { status: 511, headers: { 'content-type': 'text/html' } }),
    );
    const onChallenge = vi.fn(async () => true);
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge });
    await expect(createLeadV1(client, leadBody)).rejects.toMatchObject({ kind: 'http', status: 511 });
    await client.whenChallengeSettled();
    expect(onChallenge).not.toHaveBeenCalled();
    expect(client.replayQueue.size).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('raises a 511 on a read at once, without queueing it, when no onChallenge can pass it', async () => {
    const { fetch } = recordingFetch(() => json(511, challenge));
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(getLeads(client, 1001, {})).rejects.toMatchObject({ kind: 'challenge' });
    expect(client.replayQueue.size).toBe(0);
  });

  it('keeps queued calls for the host when there is no onChallenge, and replayAll sends them once', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch(() => (challenged ? json(511, challenge) : json(200, { leadId: 3 })));
    const client = createGatewayClient({ baseURL: '', auth: member, fetch });
    await expect(createLeadV1(client, leadBody, { idempotencyKey: 'k' })).rejects.toThrow();
    expect(client.replayQueue.size).toBe(1);
    challenged = false;
    await client.replayQueue.replayAll();
    await client.replayQueue.replayAll();
    expect(requests).toHaveLength(2);
  });

  it('a call of a group replaces the queued one of its group; replayLatest decides, when the replay goes out, what is sent (or that nothing is)', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch(() => (challenged ? json(511, challenge) : json(200, { leadId: 9 })));
    let release: (passed: boolean) => void = () => {};
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge: () => new Promise<boolean>((resolve) => (release = resolve)) });
    const newer = { ...leadBody, title: 'Fix sink and tap' };
    let latest: { body: typeof leadBody; idempotencyKey: string; onReplayed: (outcome: unknown) => void } | null = null;
    const heard: unknown[] = [];
    const options = (idempotencyKey: string) => ({
      idempotencyKey,
      replayGroup: 'g',
      replayLatest: () => latest,
      onReplayed: () => heard.push('the request itself'),
    });
    await expect(createLeadV1(client, leadBody, options('old-key'))).rejects.toMatchObject({ kind: 'challenge' });
    await expect(createLeadV1(client, newer, options('new-key'))).rejects.toMatchObject({ kind: 'challenge' });
    expect(client.replayQueue.entries().map((entry) => entry.idempotencyKey)).toEqual(['new-key']);
    // The owner names what the customer confirmed last: sent once, under its key, and its callback hears.
    latest = { body: newer, idempotencyKey: 'new-key', onReplayed: (outcome) => heard.push(outcome) };
    challenged = false;
    release(true);
    await client.whenChallengeSettled();
    expect(requests.map((r) => [r.headers['idempotency-key'], (r.body as { title: string }).title])).toEqual([
      ['old-key', 'Fix sink'],
      ['new-key', 'Fix sink and tap'],
      ['new-key', 'Fix sink and tap'],
    ]);
    expect(heard).toEqual([{ ok: true, value: { leadId: 9 } }]);

    // Null: the request is outdated and nothing waits — nothing is sent.
    challenged = true;
    await expect(createLeadV1(client, leadBody, options('third-key'))).rejects.toMatchObject({ kind: 'challenge' });
    latest = null;
    challenged = false;
    release(true);
    await client.whenChallengeSettled();
    expect(requests).toHaveLength(4);
    expect(client.replayQueue.size).toBe(0);
  });

  it('a call its caller aborted while the challenge was open is not replayed (it would land after what replaced it)', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch(() => (challenged ? json(511, challenge) : json(200, {})));
    let release: (passed: boolean) => void = () => {};
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge: () => new Promise<boolean>((resolve) => (release = resolve)) });
    const older = new AbortController();
    const heard: unknown[] = [];
    await expect(
      updateLeadStatus(
        client,
        5,
        { serviceProviderId: 1001, status: 'ContactAndQualify' },
        { signal: older.signal, idempotencyKey: 'k1', onReplayed: (o) => heard.push(o) },
      ),
    ).rejects.toMatchObject({ kind: 'challenge' });
    // A newer choice replaces it: the older is aborted, the newer goes out (and lands).
    older.abort();
    challenged = false;
    await updateLeadStatus(client, 5, { serviceProviderId: 1001, status: 'Initial' }, { idempotencyKey: 'k2' });
    release(true);
    await client.whenChallengeSettled();
    expect(requests.map((r) => (r.body as { status: string }).status)).toEqual(['ContactAndQualify', 'Initial']);
    expect(heard).toEqual([]);
    expect(client.replayQueue.size).toBe(0);
  });

  it('what replayLatest names is checked like the call itself: an invalid body is not sent, the owner hears why', async () => {
    let challenged = true;
    const { fetch, requests } = recordingFetch(() => (challenged ? json(511, challenge) : json(200, { leadId: 9 })));
    const client = createGatewayClient({ baseURL: '', auth: member, fetch, onChallenge: () => ((challenged = false), true) });
    const heard: unknown[] = [];
    const invalid = { ...leadBody, categoryId: 'twelve' } as unknown as typeof leadBody;
    await expect(
      createLeadV1(client, leadBody, {
        idempotencyKey: 'k',
        replayLatest: () => ({ body: invalid, idempotencyKey: 'k2' }),
        onReplayed: (outcome) => heard.push(outcome),
      }),
    ).rejects.toMatchObject({ kind: 'challenge' });
    await client.whenChallengeSettled();
    expect(requests).toHaveLength(1);
    expect(heard).toEqual([{ ok: false, error: expect.objectContaining({ kind: 'invalid-request', issues: ['categoryId'] }) }]);
  });

  it('makes one idempotency key per call when the caller gives none', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, { leadId: 1 }));
    const client = createGatewayClient({ baseURL: '', auth: member, fetch });
    await createLeadV1(client, leadBody);
    await createLeadV1(client, leadBody);
    const [a, b] = requests.map((r) => r.headers['idempotency-key']);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});

describe('schemas', () => {
  it('valibot strips nothing we rely on: unknown response fields are dropped, known kept', () => {
    const schema = v.object({ a: v.number() });
    expect(v.parse(schema, { a: 1, extra: 'x' })).toEqual({ a: 1 });
  });
});
