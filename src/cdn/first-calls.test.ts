/**
 * Data with code, without a browser: the loader's calls, filled from the build-time recipes,
 * are exactly what each widget's gateway client sends for the same ids (so the client takes
 * them), the loader sends nothing when the element's calls will differ, and the client takes
 * each early answer once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS, startFirstCalls } from './first-calls-start';
import { HOST_ATTRIBUTES } from '../contract/tags';
import { createGatewayClient } from '../gateway/core/client';
import { HEADERS } from '../gateway/core/headers';
import {
  abortStartedFirstCalls,
  fetchTakingStartedFirstCalls,
  STARTED_FIRST_CALLS,
  startedFirstCallsOf,
  type StartedFirstCall,
} from '../gateway/started-first-calls';
import { firstCallRecipes, type FirstCallRecipes } from './first-call-recipes';
import type { FirstCalls } from '../runtime/widget-server';
import { SERVER_WIDGETS } from '../server/server-widgets';
import { NOT_OFFERED_FOR_MS, rememberNotOffered } from '../gateway/not-offered';

interface Sent {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
}

const ORIGIN = 'https://office.example';

function recorder() {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      if (name !== HEADERS.requestId.toLowerCase()) headers[name] = value;
    });
    sent.push({ method: init?.method ?? 'GET', url: new URL(String(input), ORIGIN).href, body: typeof init?.body === 'string' ? init.body : null, headers });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { sent, fetch };
}

/** What the widget's own client sends for these ids (caller `sp-id` 1001). */
async function sentByClient(send: FirstCalls | undefined, ids: number[], baseURL = '') {
  const { sent, fetch } = recorder();
  const client = createGatewayClient({
    baseURL,
    auth: { kind: 'provider', spId: 1001 },
    fetch: (input, init) => fetch(new URL(String(input), ORIGIN).href, init),
  });
  await Promise.allSettled(send?.send(client, ids) ?? []);
  return sent;
}

/** An element as the loader sees it. */
function element(localName: string, attributes: Record<string, string>, own: Record<string, unknown> = {}) {
  return Object.assign(
    {
      localName,
      isConnected: true,
      getAttribute: (name: string) => attributes[name] ?? null,
      hasAttribute: (name: string) => name in attributes,
    },
    own,
  ) as unknown as Element;
}

let recipes: FirstCallRecipes;
let network: ReturnType<typeof recorder>;

beforeEach(async () => {
  recipes ??= await firstCallRecipes();
  network = recorder();
  vi.stubGlobal('fetch', network.fetch);
  vi.stubGlobal('document', { baseURI: `${ORIGIN}/` });
  vi.stubGlobal('customElements', { get: () => undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const startedFor = (target: Element, path = '/', route: { pattern: string; params: Record<string, string> } | null = null) => {
  vi.stubGlobal('location', new URL(path, ORIGIN));
  startFirstCalls(target, recipes, route);
  return network.sent;
};

describe('the loader sends what the widget would', () => {
  it('<lead-board sp-id>: provider info and the first page, headers and body as the client sends them', async () => {
    const sent = startedFor(element('lead-board', { 'sp-id': ' 1001 ' }));
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${ORIGIN}/gateway/office-home/v4/service_provider?serviceProviderIds=1001`,
      `POST ${ORIGIN}/gateway/lead/office/v6/leads/serviceProvider/1001`,
    ]);
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['lead-board']?.firstCalls, [1001]));
  });

  it('<lead-page lead-id sp-id gateway-url>: the lead, against the gateway URL', async () => {
    const sent = startedFor(element('lead-page', { 'lead-id': '300002', 'sp-id': '1001', 'gateway-url': 'https://gw.example/api/' }));
    expect(sent.map((call) => call.url)).toEqual(['https://gw.example/api/gateway/lead/office/v2/leads/300002?spId=1001']);
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['lead-page']?.firstCalls, [300002, 1001], 'https://gw.example/api/'));
  });

  it("<lead-app>'s board route: the ids from the URL, and the caller the provider it names, whatever the app's sp-id", async () => {
    const sent = startedFor(element('lead-app', { 'sp-id': '1001' }), '/app/lead/board/1002', {
      pattern: '/lead/board/:serviceProviderId',
      params: { serviceProviderId: '1002' },
    });
    expect(sent.map((call) => call.url)).toEqual([
      `${ORIGIN}/gateway/office-home/v4/service_provider?serviceProviderIds=1002`,
      `${ORIGIN}/gateway/lead/office/v6/leads/serviceProvider/1002`,
    ]);
    expect(sent.map((call) => call.headers['x-caller-id'])).toEqual(['1002', '1002']);
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['lead-board']?.firstCalls, [1002]));
  });

  it('<message-thread sp-id user-id lead-id>: the phone numbers, the lead, the message activities and the chat session', async () => {
    const sent = startedFor(element('message-thread', { 'sp-id': '1001', 'user-id': '5001', 'lead-id': '300001', 'chat-service': 'sandbox' }));
    expect(sent.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'GET /gateway/message-center/v2/lead/phone_number',
      'GET /gateway/lead/office/v2/leads/300001',
      'GET /gateway/message-center/v2/interactions/activities',
      'POST /gateway/message-center/v1/chat/session',
    ]);
    expect(JSON.parse(sent[3]?.body ?? '')).toEqual({ serviceProviderId: 1001, userId: 5001, leadId: 300001 });
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['message-thread']?.firstCalls, [1001, 5001, 300001]));
  });

  it("<lead-app>'s thread route: provider and member from the path, the lead from the query", async () => {
    const sent = startedFor(element('lead-app', { 'sp-id': '1001' }), '/app/conversation/1001/thread/5003?leadId=300002', {
      pattern: '/conversation/:serviceProviderId/thread/:userId',
      params: { serviceProviderId: '1001', userId: '5003' },
    });
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['message-thread']?.firstCalls, [1001, 5003, 300002]));
  });

  it("<lead-app>'s lead page route: both ids from the query", async () => {
    const sent = startedFor(element('lead-app', { 'sp-id': '1001' }), '/app/lead?leadId=300002&serviceProviderId=1001', { pattern: '/lead', params: {} });
    expect(sent.map((call) => call.url)).toEqual([`${ORIGIN}/gateway/lead/office/v2/leads/300002?spId=1001`]);
  });
});

/** A page's localStorage: items read by key (as the loader reads them) and through getItem/setItem (as gateway/not-offered.ts writes them). */
function pageStorage(): Storage {
  const items: Record<string, string> = {};
  const methods = {
    getItem: (key: string) => (Object.hasOwn(items, key) ? (items[key] ?? null) : null),
    setItem: (key: string, value: string) => {
      items[key] = String(value);
    },
  };
  return new Proxy(items, { get: (target, key) => (key in methods ? methods[key as keyof typeof methods] : target[key as string]) }) as unknown as Storage;
}

describe('the loader leaves out a call the gateway does not offer (gateway/not-offered.ts)', () => {
  const thread = (attributes: Record<string, string> = {}) =>
    element('message-thread', { 'sp-id': '1001', 'user-id': '5001', 'lead-id': '300001', 'chat-service': 'sandbox', ...attributes });
  const paths = (sent: Sent[]) => sent.map((call) => new URL(call.url).pathname);

  it('a chat session the gateway answered 404 to within the day is not asked again on the next load, as the client would not ask it', async () => {
    vi.stubGlobal('localStorage', pageStorage());
    rememberNotOffered('https://gw.example', 'C1');
    const sent = startedFor(thread({ 'gateway-url': 'https://gw.example' }));
    expect(paths(sent)).toEqual([
      '/gateway/message-center/v2/lead/phone_number',
      '/gateway/lead/office/v2/leads/300001',
      '/gateway/message-center/v2/interactions/activities',
    ]);
    expect(sent).toEqual(await sentByClient(SERVER_WIDGETS['message-thread']?.firstCalls, [1001, 5001, 300001], 'https://gw.example'));
  });

  it('another gateway, an answer older than a day, or no storage: the session is asked', () => {
    vi.stubGlobal('localStorage', pageStorage());
    rememberNotOffered('https://other.example', 'C1');
    rememberNotOffered('https://gw.example', 'C1', Date.now() - NOT_OFFERED_FOR_MS - 1);
    expect(paths(startedFor(thread({ 'gateway-url': 'https://gw.example' })))).toContain('/gateway/message-center/v1/chat/session');
    network = recorder();
    vi.stubGlobal('fetch', network.fetch);
    vi.stubGlobal('localStorage', undefined);
    expect(paths(startedFor(thread({ 'gateway-url': 'https://gw.example' })))).toContain('/gateway/message-center/v1/chat/session');
  });
});

describe("the loader's calls send the cookies as the element's client will (gateway-credentials)", () => {
  it('include on another origin: every early call with credentials include; without the attribute, fetch’s default', () => {
    startedFor(element('lead-board', { 'sp-id': '1001', 'gateway-url': 'https://gw.example', 'gateway-credentials': 'include' }));
    startedFor(element('lead-page', { 'lead-id': '1', 'sp-id': '1001', 'gateway-url': 'https://gw.example' }));
    expect(network.fetch.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include', undefined]);
  });

  it('knows the contract’s values (the loader carries them as a value of its own)', () => {
    expect(CREDENTIALS).toEqual(HOST_ATTRIBUTES.gatewayCredentials);
  });
});

describe('the loader sends nothing when the calls will differ', () => {
  it.each([
    ['a featured lead', element('lead-board', { 'sp-id': '1001', 'lead-id': '5' })],
    ['no sp-id', element('lead-board', {})],
    ['an sp-id that is not a number', element('lead-board', { 'sp-id': '10x' })],
    ['one-time auth', element('lead-page', { 'lead-id': '1', 'sp-id': '1001', 'auth-mode': 'one-time' })],
    ["a provider's token to come as the auth property", element('lead-board', { 'sp-id': '1001', 'auth-mode': 'provider-token' })],
    [
      'a gateway property set before the tag was defined (another gateway)',
      element('lead-board', { 'sp-id': '1001' }, { gateway: { baseURL: 'https://elsewhere.example' } }),
    ],
    ['a gateway property with its own fetch', element('lead-board', { 'sp-id': '1001' }, { gateway: { fetch: () => undefined } })],
    ['an auth property', element('lead-board', { 'sp-id': '1001' }, { auth: { kind: 'anonymous' } })],
    ['a tag without first calls', element('raq-funnel', { 'sp-id': '1001' })],
    ['a thread without a lead (it opens with other calls)', element('message-thread', { 'sp-id': '1001', 'user-id': '5001' })],
    ['an element out of the document', Object.assign(element('lead-board', { 'sp-id': '1001' }), { isConnected: false })],
  ])('%s', (_name, target) => {
    expect(startedFor(target)).toEqual([]);
    expect(startedFirstCallsOf(target)).toBeUndefined();
  });

  it('a tag defined meanwhile (its element calls by itself)', () => {
    vi.stubGlobal('customElements', { get: (tag: string) => (tag === 'lead-board' ? class {} : undefined) });
    const target = element('lead-board', { 'sp-id': '1001' });
    expect(startedFor(target)).toEqual([]);
    expect(startedFirstCallsOf(target)).toBeUndefined();
  });

  it('a board route with a featured lead or new messages in the URL', () => {
    const route = { pattern: '/lead/board/:serviceProviderId', params: { serviceProviderId: '1001' } };
    expect(startedFor(element('lead-app', { 'sp-id': '1001' }), '/app/lead/board/1001?leadId=3', route)).toEqual([]);
    expect(startedFor(element('lead-app', { 'sp-id': '1001' }), '/app/lead/board/1001?newMessages=true', route)).toEqual([]);
  });
});

describe('the client takes each early answer once', () => {
  const early = (url: string, body: string | null, response: Response): StartedFirstCall => ({
    method: body === null ? 'GET' : 'POST',
    url,
    body,
    response: Promise.resolve(response),
    controller: new AbortController(),
  });

  it('the same method, URL and body: the early answer, once; then the network', async () => {
    const calls = [early(`${ORIGIN}/gateway/a`, null, new Response('"early"')), early(`${ORIGIN}/gateway/b`, '{"x":1}', new Response('"b"'))];
    const network = vi.fn(async () => new Response('"network"'));
    const fetch = fetchTakingStartedFirstCalls(calls, network);
    expect(await (await fetch('/gateway/a')).json()).toBe('early');
    expect(await (await fetch('/gateway/a')).json()).toBe('network');
    // Another body is another call.
    expect(await (await fetch('/gateway/b', { method: 'POST', body: '{"x":2}' })).json()).toBe('network');
    expect(calls.map((call) => call.url)).toEqual([`${ORIGIN}/gateway/b`]);
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('aborting the taking call aborts the request the loader sent; abortStartedFirstCalls aborts what is left', async () => {
    const taken = early(`${ORIGIN}/gateway/a`, null, new Response('1'));
    const left = early(`${ORIGIN}/gateway/b`, null, new Response('2'));
    const calls = [taken, left];
    const controller = new AbortController();
    await fetchTakingStartedFirstCalls(calls, vi.fn())('/gateway/a', { signal: controller.signal });
    controller.abort();
    expect(taken.controller.signal.aborted).toBe(true);
    expect(left.controller.signal.aborted).toBe(false);
    abortStartedFirstCalls(calls);
    expect(left.controller.signal.aborted).toBe(true);
    expect(calls).toEqual([]);
  });

  it('the loader and the client use the same registered symbol', () => {
    const target = element('lead-board', { 'sp-id': '1001' });
    startedFor(target);
    expect((target as unknown as Record<symbol, unknown>)[STARTED_FIRST_CALLS]).toHaveLength(2);
  });
});

describe("the loader's copy (cdn/first-calls-start.ts sameCallsGateway)", () => {
  it('agrees with keepsStartedFirstCalls on every case above', async () => {
    const { sameCallsGateway } = await import('./first-calls-start');
    const { keepsStartedFirstCalls } = await import('../gateway/started-first-calls');
    const onChallenge = () => true;
    const cases: [unknown, string | null][] = [
      [{ baseURL: '', onChallenge }, null],
      [{ onChallenge }, null],
      [{ baseURL: 'https://gw.example.com/', onChallenge }, 'https://gw.example.com/'],
      [{ baseURL: 'https://other.example.com', onChallenge }, null],
      [{ baseURL: '', onChallenge }, 'https://gw.example.com/'],
      [{ baseURL: '', fetch: globalThis.fetch }, null],
      [{ baseURL: '', headers: { 'x-site': '1' } }, null],
      [{ baseURL: '', onChallenge: 'yes' }, null],
      [new (class Client {})(), null],
    ];
    for (const [gateway, url] of cases) expect(sameCallsGateway(gateway, url), JSON.stringify(gateway)).toBe(keepsStartedFirstCalls(gateway, url));
  });
});
