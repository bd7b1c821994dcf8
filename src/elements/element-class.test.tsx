import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import { createGatewayClient } from '../gateway/core/client';
import { STARTED_FIRST_CALLS, type StartedFirstCall } from '../gateway/started-first-calls';
import { defineFreshLeadPage, leadResponse } from '../../test/helpers/lead-page-fixture';
import { leadPageElement } from './lead-page.element';
import { defineElement } from './define-element';

const defineFresh = defineFreshLeadPage;
/** Tags these tests define themselves (their own prefixes). */
let counter = 0;

function providerClient(responder: (leadId: number) => Response | Promise<Response> = (leadId) => json(200, leadResponse(leadId))) {
  const recorder = recordingFetch((request) => responder(Number(/leads\/(\d+)/.exec(request.url)?.[1])));
  const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch });
  return { client, requests: recorder.requests };
}

const text = (element: Element) => element.shadowRoot?.textContent ?? '';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('custom-element runtime', () => {
  it('maps kebab-case attributes to props and renders in a shadow root', async () => {
    const tag = defineFresh();
    const { client, requests } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('lead-id', '42');
    element.setAttribute('sp-id', '1001');
    document.body.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 42'));
    expect(requests[0]?.url).toBe('https://gw.test/gateway/lead/office/v2/leads/42?spId=1001');
    expect(document.body.innerHTML).not.toContain('Lead 42'); // rendered in the shadow root only
  });

  it('re-applies a property set before the tag was defined', async () => {
    const prefix = `t${++counter}`;
    const tag = `${prefix}-lead-page`;
    const { client } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client; // still an HTMLElement: a plain own property
    element.setAttribute('lead-id', '7');
    element.setAttribute('sp-id', '1001');
    document.body.append(element);
    defineElement(leadPageElement, { prefix });
    await waitFor(() => expect(text(element)).toContain('Lead 7'));
    expect(Object.hasOwn(element, 'gateway')).toBe(false);
    expect(element.gateway).toBe(client);
  });

  it('re-renders on a later attribute change and aborts the superseded load', async () => {
    const tag = defineFresh();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, requests } = providerClient((leadId) => (leadId === 1 ? gate.then(() => json(200, leadResponse(1))) : json(200, leadResponse(leadId))));
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', '1');
    document.body.append(element);
    await waitFor(() => expect(requests).toHaveLength(1));
    element.setAttribute('lead-id', '2');
    await waitFor(() => expect(text(element)).toContain('Lead 2'));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(text(element)).toContain('Lead 2');
    expect(text(element)).not.toContain('Lead 1');
  });

  it('gives two elements on one page separate state', async () => {
    const tag = defineFresh();
    const { client } = providerClient();
    const [a, b] = [5, 6].map((leadId) => {
      const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
      element.gateway = client;
      element.setAttribute('sp-id', '1001');
      element.setAttribute('lead-id', String(leadId));
      document.body.append(element);
      return element;
    });
    await waitFor(() => expect(text(a!)).toContain('Lead 5'));
    await waitFor(() => expect(text(b!)).toContain('Lead 6'));
    expect(text(a!)).not.toContain('Lead 6');
  });

  it('keeps its state when moved in the DOM: no second request', async () => {
    const tag = defineFresh();
    const { client, requests } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', '9');
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    first.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 9'));
    second.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 9'));
    expect(requests).toHaveLength(1);
  });

  it('fires lk-load bubbling and composed out of the shadow root', async () => {
    const tag = defineFresh();
    const { client } = providerClient();
    const onLoad = vi.fn();
    document.body.addEventListener('lk-load', onLoad);
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', '3');
    document.body.append(element);
    await waitFor(() => expect(onLoad).toHaveBeenCalledTimes(1));
    const event = onLoad.mock.calls[0]?.[0] as CustomEvent;
    expect(event.detail).toEqual({ widget: 'lead-page' });
    expect(event.bubbles && event.composed).toBe(true);
    document.body.removeEventListener('lk-load', onLoad);
  });

  it('defines a tag once: a second registration does not throw and keeps the first class', () => {
    const first = defineElement(leadPageElement, { prefix: 'twice' });
    expect(defineElement(leadPageElement, { prefix: 'twice' })).toBe(first);
  });
});

describe('boolean attributes', () => {
  it('reads a bare or self-named boolean attribute as true, "false" as false', async () => {
    const { leadBoardElement } = await import('./lead-board.element');
    const prefix = `b${++counter}`;
    defineElement(leadBoardElement, { prefix });
    const requests: unknown[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/v6/leads/')) requests.push(JSON.parse(String(init?.body)));
      return url.includes('office-home')
        ? json(200, { serviceProviders: [{ id: 1001, name: 'Acme', primaryAddress: { postalCode: '80202' } }] })
        : json(200, { leads: [], pagination: { totalNumber: 0 } });
    }) as typeof globalThis.fetch;
    for (const value of ['', 'new-messages', 'false']) {
      const element = document.createElement(`${prefix}-lead-board`) as HTMLElement & { gateway: unknown };
      element.gateway = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 }, fetch });
      element.setAttribute('sp-id', '1001');
      element.setAttribute('new-messages', value);
      document.body.append(element);
      await waitFor(() => expect(requests.length).toBeGreaterThan(0));
      const filters = (requests.pop() as { filters: Record<string, unknown> }).filters;
      expect(filters.hasUnreadMessages === true).toBe(value !== 'false');
      element.remove();
      requests.length = 0;
    }
  });
});

describe('the clock property', () => {
  it("sets the widget's now: a masked number shows as a link or 'Expired' by it, and follows a later change", async () => {
    const [{ leadBoardElement }, { createSandboxGateway, SANDBOX_LEADS }] = await Promise.all([import('./lead-board.element'), import('@leadkit/sandbox')]);
    const prefix = `c${++counter}`;
    defineElement(leadBoardElement, { prefix });
    // The sandbox's day is pinned: the masked lead arrived 2 days before it, its number lives 30 days.
    const sandboxNow = new Date('2025-06-11T15:30:00Z');
    const day = 24 * 3600_000;
    const sandbox = createSandboxGateway({ now: () => sandboxNow });
    const element = document.createElement(`${prefix}-lead-board`) as HTMLElement & { gateway: unknown; now: unknown };
    element.gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      auth: { kind: 'provider', spId: 1001 },
      fetch: sandbox.fetch,
      retry: { retries: 0 },
    });
    element.now = () => new Date(sandboxNow.getTime() + 29 * day);
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', String(SANDBOX_LEADS.maskedActive));
    document.body.append(element);
    const root = element.shadowRoot as ShadowRoot;
    const contact = await waitFor(() => {
      const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Contact');
      if (!button) throw new Error('no Contact button yet');
      return button;
    });
    contact.click();
    await waitFor(() => expect(root.querySelector('.lk-contact__expired')?.textContent).toBe('Expired'));
    expect(root.querySelector('.lk-contact a[href^="tel:"]')).toBeNull();

    element.now = () => new Date(sandboxNow.getTime() + 27 * day);
    await waitFor(() => expect(root.querySelector('.lk-contact a[href^="tel:"]')).not.toBeNull());
    expect(root.querySelector('.lk-contact__expired')).toBeNull();
  });
});

const settle = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));
const nextTask = () => settle(0);

describe('the element acts only while in a document', () => {
  it('makes no request and renders nothing while created but never connected', async () => {
    const tag = defineFresh();
    const { client, requests } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.setAttribute('lead-id', '42');
    element.setAttribute('sp-id', '1001');
    element.gateway = client;
    await settle();
    expect(requests).toHaveLength(0);
    expect(element.shadowRoot?.childNodes.length ?? 0).toBe(0);
    // Once connected it loads, once.
    document.body.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 42'));
    expect(requests).toHaveLength(1);
  });

  it('uses a gateway set in the same task as the insertion for its first request', async () => {
    const tag = defineFresh();
    const first = providerClient();
    const second = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.setAttribute('lead-id', '8');
    element.setAttribute('sp-id', '1001');
    element.gateway = first.client;
    document.body.append(element);
    element.gateway = second.client; // after appendChild, same task (a Preact or Vue host does this)
    await waitFor(() => expect(text(element)).toContain('Lead 8'));
    expect(first.requests).toHaveLength(0);
    expect(second.requests.map((request) => request.url)).toEqual(['https://gw.test/gateway/lead/office/v2/leads/8?spId=1001']);
  });

  it('removed, it unmounts and makes no further request; inserted and removed in one task, it never renders', async () => {
    const tag = defineFresh();
    const { client, requests } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', '5');
    document.body.append(element);
    element.remove();
    await settle();
    expect(requests).toHaveLength(0);
    document.body.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 5'));
    element.remove();
    await settle();
    expect(text(element)).toBe('');
    element.setAttribute('lead-id', '6');
    await settle();
    expect(requests.map((request) => request.url)).toEqual(['https://gw.test/gateway/lead/office/v2/leads/5?spId=1001']);
  });
});

/** A fetch that answers a lead only when told; each request's signal is kept. */
function heldFetch() {
  const calls: { url: string; signal: AbortSignal | undefined; answer(): void; ended: boolean }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = String(input);
      const leadId = Number(/leads\/(\d+)/.exec(url)?.[1]);
      const call = {
        url,
        signal: init?.signal ?? undefined,
        ended: false,
        answer: () => {
          call.ended = true;
          resolve(json(200, leadResponse(leadId)));
        },
      };
      calls.push(call);
      init?.signal?.addEventListener('abort', () => {
        call.ended = true;
        reject(init.signal?.reason);
      });
    })) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe.each([
  // A call limit longer than the 200 cycles take on a busy machine (the element that stays keeps its call open throughout).
  { given: 'a gateway config', gateway: (fetch: typeof globalThis.fetch) => ({ baseURL: 'https://gw.test', fetch, timeoutMs: 300_000 }) },
  // A host's ready client (shared by its elements) is cancelled per element too.
  {
    given: "a host's ready client",
    gateway: (fetch: typeof globalThis.fetch) =>
      createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch, timeoutMs: 300_000 }),
  },
])('a removed element cancels its reads still on the way, with $given (nothing fetched for a detached element)', ({ gateway: gatewayOf }) => {
  /** A lead page in the document, asking for lead `leadId` through a held fetch. */
  async function insertedLeadPage(leadId: number, held = heldFetch(), tag = defineFresh()) {
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = gatewayOf(held.fetch);
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', String(leadId));
    const before = held.calls.length;
    document.body.append(element);
    await waitFor(() => expect(held.calls).toHaveLength(before + 1), { interval: 5, timeout: 15_000 });
    return { element, calls: held.calls };
  }

  it('removed while its lead is on the way, the request is aborted; back in the document, it asks again and shows the lead', async () => {
    const { element, calls } = await insertedLeadPage(8);
    element.remove();
    await waitFor(() => expect(calls[0]?.signal?.aborted).toBe(true));
    document.body.append(element);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('https://gw.test/gateway/lead/office/v2/leads/8?spId=1001');
    calls[1]?.answer();
    await waitFor(() => expect(text(element)).toContain('Lead 8'));
  });

  it('removed after its lead came, it keeps it: back in the document, no second request', async () => {
    const { element, calls } = await insertedLeadPage(9);
    calls[0]?.answer();
    await waitFor(() => expect(text(element)).toContain('Lead 9'));
    element.remove();
    await settle();
    document.body.append(element);
    await waitFor(() => expect(text(element)).toContain('Lead 9'));
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('200 elements attached, moved and removed while their calls are on the way: each call ends with the removal, none starts after it; an element still in the document keeps its own', {
    timeout: 120_000,
  }, async () => {
    const held = heldFetch();
    const tag = defineFresh();
    const stays = await insertedLeadPage(7, held, tag);
    const other = document.createElement('div');
    document.body.append(other);
    for (let i = 0; i < 200; i++) {
      const { element } = await insertedLeadPage(100 + i, held, tag);
      other.append(element); // a move: its call goes on
      await nextTask();
      expect(held.calls.at(-1)?.ended).toBe(false);
      const count = held.calls.length;
      element.remove();
      // The removal is final a microtask later: its reads end then.
      await nextTask();
      expect(held.calls.at(-1)?.ended).toBe(true);
      expect(held.calls).toHaveLength(count);
    }
    await settle();
    expect(held.calls).toHaveLength(201);
    expect(held.calls.filter((call) => !call.ended).map((call) => call.url)).toEqual(['https://gw.test/gateway/lead/office/v2/leads/7?spId=1001']);
    held.calls[0]?.answer();
    await waitFor(() => expect(text(stays.element)).toContain('Lead 7'));
  });
});

describe("the element starts its first screen's parts as it connects", () => {
  let preloadCounter = 0;
  /** A lead page element whose definition records its preload calls. */
  function defineRecording(): { tag: string; preloaded: HTMLElement[] } {
    const preloaded: HTMLElement[] = [];
    const prefix = `pl${++preloadCounter}`;
    defineElement({ ...leadPageElement, preload: async (element) => void preloaded.push(element) }, { prefix });
    return { tag: `${prefix}-lead-page`, preloaded };
  }

  it('once connected, before its first render; inserted and removed in one task, never', async () => {
    const { tag, preloaded } = defineRecording();
    const { client } = providerClient();
    const gone = document.createElement(tag) as HTMLElement & { gateway: unknown };
    gone.gateway = client;
    document.body.append(gone);
    gone.remove();
    await settle();
    expect(preloaded).toEqual([]);

    const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
    element.gateway = client;
    element.setAttribute('lead-id', '7');
    document.body.append(element);
    expect(preloaded).toEqual([]); // a microtask later, as the render is
    await Promise.resolve();
    expect(preloaded).toEqual([element]);
    expect(element.shadowRoot?.textContent ?? '').not.toContain('Lead 7'); // the render comes after
    element.remove();
  });
});

describe('attributes as properties', () => {
  it('removes the attribute for undefined or null, never writing "undefined"', () => {
    const tag = defineFresh();
    const element = document.createElement(tag) as HTMLElement & { leadId: unknown; errorMessage: unknown };
    element.leadId = 12;
    expect(element.getAttribute('lead-id')).toBe('12');
    expect(element.leadId).toBe(12);
    element.leadId = undefined;
    expect(element.hasAttribute('lead-id')).toBe(false);
    expect(element.leadId).toBeUndefined();
    element.errorMessage = 'Try later';
    element.errorMessage = null;
    expect(element.hasAttribute('error-message')).toBe(false);
  });

  it('reflects a boolean property: true sets the bare attribute, false removes it', async () => {
    const { leadBoardElement } = await import('./lead-board.element');
    const prefix = `p${++counter}`;
    defineElement(leadBoardElement, { prefix });
    const element = document.createElement(`${prefix}-lead-board`) as HTMLElement & { newMessages: unknown };
    element.newMessages = true;
    expect(element.getAttribute('new-messages')).toBe('');
    expect(element.newMessages).toBe(true);
    element.newMessages = false;
    expect(element.hasAttribute('new-messages')).toBe(false);
    expect(element.newMessages).toBeUndefined();
  });

  it('treats a numeric attribute that is not a number as absent, fires lk-error naming it, and sends no NaN', async () => {
    const tag = defineFresh();
    const { client, requests } = providerClient();
    const errors: CustomEvent[] = [];
    document.addEventListener('lk-error', (event) => errors.push(event), { once: true });
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown; spId: unknown };
    element.gateway = client;
    element.setAttribute('lead-id', '4');
    element.setAttribute('sp-id', 'abc');
    expect(element.spId).toBeUndefined();
    document.body.append(element);
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]?.detail).toEqual({ widget: 'lead-page', status: null, kind: 'invalid-attribute', attribute: 'sp-id' });
    await settle();
    expect(requests.map((request) => request.url).filter((url) => url.includes('NaN'))).toEqual([]);
    // A later valid value is taken.
    element.setAttribute('sp-id', '1001');
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/leads/4?spId=1001'))).toBe(true));
  });

  it('reports an enumerated attribute outside its values once connected', async () => {
    const tag = defineFresh();
    const errors: unknown[] = [];
    const element = document.createElement(tag) as HTMLElement & { apiVersion: unknown; gateway: unknown };
    element.gateway = providerClient().client;
    element.addEventListener('lk-error', (event) => {
      if (event.detail.kind === 'invalid-attribute') errors.push(event.detail);
    });
    element.setAttribute('api-version', 'v9');
    expect(element.apiVersion).toBeUndefined();
    element.setAttribute('api-version', 'v1');
    expect(element.apiVersion).toBe('v1');
    element.setAttribute('api-version', 'v3');
    expect(errors).toEqual([]); // not in a document yet
    document.body.append(element);
    await waitFor(() => expect(errors).toEqual([{ widget: 'lead-page', status: null, kind: 'invalid-attribute', attribute: 'api-version' }]));
  });
});

describe('the element base', () => {
  it('adopts a shadow root the element already has (a declarative one from the page): attaches none, renders the widget in that root', async () => {
    const prefix = `t${++counter}`;
    const { client } = providerClient();
    // As the HTML parser leaves `<tag><template shadowrootmode="open">…</template></tag>` before the tag is defined.
    const element = document.createElement(`${prefix}-lead-page`) as HTMLElement & { gateway: unknown };
    const existing = element.attachShadow({ mode: 'open' });
    existing.innerHTML = '<p>from the page</p>';
    element.gateway = client;
    element.setAttribute('lead-id', '5');
    element.setAttribute('sp-id', '1001');
    document.body.append(element);
    const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    defineElement(leadPageElement, { prefix }); // upgrades it: a second attachShadow would throw
    expect(attach).not.toHaveBeenCalled();
    attach.mockRestore();
    expect(element.shadowRoot).toBe(existing);
    await waitFor(() => expect(text(element)).toContain('Lead 5'));
    expect(text(element)).not.toContain('from the page');
  });

  it('applies attribute properties (lead-id, sp-id) and host properties set before the tag was defined, and reflects them', async () => {
    const prefix = `t${++counter}`;
    const tag = `${prefix}-lead-page`;
    const { client, requests } = providerClient();
    const element = document.createElement(tag) as HTMLElement & { gateway: unknown; leadId: unknown; spId: unknown };
    element.gateway = client;
    element.leadId = 300002;
    element.spId = 1001;
    document.body.append(element);
    defineElement(leadPageElement, { prefix });
    expect(element.leadId).toBe(300002);
    expect(element.spId).toBe(1001);
    expect(element.getAttribute('lead-id')).toBe('300002');
    expect(Object.hasOwn(element, 'leadId')).toBe(false);
    await waitFor(() => expect(text(element)).toContain('Lead 300002'));
    expect(requests.map((request) => request.url)).toEqual(['https://gw.test/gateway/lead/office/v2/leads/300002?spId=1001']);
  });
});

describe('the setters of the gateway inputs (contract/gateway-inputs.ts)', () => {
  /** An element with one call the CDN loader started for it. */
  function withStartedCall() {
    const tag = defineFresh();
    const element = document.createElement(tag) as HTMLElement & Record<string, unknown>;
    const controller = new AbortController();
    const call: StartedFirstCall = { method: 'GET', url: 'https://gw.test/x', body: null, response: new Promise(() => undefined), controller };
    (element as unknown as Record<symbol, unknown>)[STARTED_FIRST_CALLS] = [call];
    return { element, controller };
  }

  it('the host setting `auth` or another gateway drops the calls the loader started; a runtime property (messages) keeps them', () => {
    const kept = withStartedCall();
    kept.element.messages = { 'action.tryAgain': 'Retry' };
    kept.element.gateway = { baseURL: '', onChallenge: async () => true };
    expect(kept.controller.signal.aborted).toBe(false);
    const byAuth = withStartedCall();
    byAuth.element.auth = { kind: 'provider', spId: 1001 };
    expect(byAuth.controller.signal.aborted).toBe(true);
    const byGateway = withStartedCall();
    byGateway.element.gateway = { baseURL: 'https://other.test' };
    expect(byGateway.controller.signal.aborted).toBe(true);
  });
});
