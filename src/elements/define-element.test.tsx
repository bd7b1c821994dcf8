import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import { createGatewayClient } from '../gateway/client';
import { leadPageElement } from './lead-page.element';
import { defineElement } from './registry';

const leadResponse = (leadId: number) => ({
  leadId,
  purchased: false,
  info: { title: `Lead ${leadId}`, description: '', urgency: 'Flexible', category: { id: 100, name: 'Plumbing' }, attributes: [] },
  address: { city: 'Denver', state: 'CO', postalCode: '80202' },
});

let counter = 0;
/** A fresh tag per test: custom elements cannot be redefined. */
function defineFresh() {
  const prefix = `t${++counter}`;
  defineElement(leadPageElement, { prefix });
  return `${prefix}-lead-page`;
}

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
    const { client, requests } = providerClient((leadId) =>
      leadId === 1 ? gate.then(() => json(200, leadResponse(1))) : json(200, leadResponse(leadId)),
    );
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
    const [{ leadBoardElement }, { createSandboxGateway, SANDBOX_LEADS }] = await Promise.all([import('./lead-board.element'), import('../demo/index')]);
    const prefix = `c${++counter}`;
    defineElement(leadBoardElement, { prefix });
    // The sandbox's day is pinned: the masked lead arrived 2 days before it, its number lives 30 days.
    const sandboxNow = new Date('2025-06-11T15:30:00Z');
    const day = 24 * 3600_000;
    const sandbox = createSandboxGateway({ now: () => sandboxNow });
    const element = document.createElement(`${prefix}-lead-board`) as HTMLElement & { gateway: unknown; now: unknown };
    element.gateway = createGatewayClient({ baseURL: 'http://sandbox.test', auth: { kind: 'provider', spId: 1001 }, fetch: sandbox.fetch, retry: { retries: 0 } });
    element.now = () => new Date(sandboxNow.getTime() + 29 * day);
    element.setAttribute('sp-id', '1001');
    element.setAttribute('lead-id', String(SANDBOX_LEADS.maskedActive));
    document.body.append(element);
    const root = element.shadowRoot as ShadowRoot;
    const contact = await waitFor(
      () => {
        const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Contact');
        if (!button) throw new Error('no Contact button yet');
        return button;
      },
      { timeout: 5000 },
    );
    contact.click();
    await waitFor(() => expect(root.querySelector('.lk-contact__expired')?.textContent).toBe('Expired'));
    expect(root.querySelector('.lk-contact a[href^="tel:"]')).toBeNull();

    element.now = () => new Date(sandboxNow.getTime() + 27 * day);
    await waitFor(() => expect(root.querySelector('.lk-contact a[href^="tel:"]')).not.toBeNull());
    expect(root.querySelector('.lk-contact__expired')).toBeNull();
  });
});
