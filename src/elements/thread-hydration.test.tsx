import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createSandboxChatClientFactory } from '../chat/sandbox-chat-client';
import { ThreadBody } from '../widgets/message-thread/thread-loaders';
import { messageThreadElement } from './message-thread.element';
import { holdingFetch } from '../../test/helpers/holding-fetch';
import { defineElement } from './define-element';
import { renderToString } from '../server';

/**
 * A thread whose first screen (header, list loading, composer) came from leadkit/server,
 * hydrated by its element: the same nodes stay, the lead is taken from the page, and the browser
 * asks for what the server left to it — the chat, the phone numbers, the activities.
 */
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('<message-thread> hydrating a server’s first screen', () => {
  it('keeps the server’s heading and composer, does not ask for the lead again, then opens the chat and shows the messages', async () => {
    await ThreadBody.preload();
    const sandbox = createSandboxGateway();
    const attributes = { 'sp-id': 1001, 'user-id': 5003, 'lead-id': 300002 };
    const html = await renderToString('message-thread', { attributes, gateway: { baseURL: 'https://gw.test', fetch: sandbox.fetch } });
    sandbox.store.requests.length = 0;
    const element = document.createElement('ssr-thread-message-thread') as HTMLElement & { gateway: unknown; chat: unknown };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    element.attachShadow({ mode: 'open' }).innerHTML = /<template shadowrootmode="open">(.*)<\/template>/s.exec(html)?.[1] ?? '';
    element.gateway = { baseURL: 'https://gw.test', fetch: sandbox.fetch };
    element.chat = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
    const errors = vi.spyOn(console, 'error');
    document.body.append(element);
    const heading = element.shadowRoot?.querySelector('h1');
    const composer = element.shadowRoot?.querySelector('textarea');
    expect(heading?.textContent).toBe('Your messages with Jasmine Anderson');
    defineElement(messageThreadElement, { prefix: 'ssr-thread' });
    // The chat opens in the browser, and the latest messages arrive in the server's list.
    await waitFor(() => expect(element.shadowRoot?.querySelectorAll('[part~="message"]').length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(element.shadowRoot?.querySelector('h1')).toBe(heading);
    expect(element.shadowRoot?.querySelector('textarea')).toBe(composer);
    const calls = sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => `${request.method} ${request.path}`);
    expect(calls).not.toContain('GET /gateway/lead/office/v2/leads/300002');
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /gateway/message-center/v2/lead/phone_number',
        'GET /gateway/message-center/v2/interactions/activities',
        'POST /gateway/message-center/v1/chat/session',
      ]),
    );
    expect(errors.mock.calls.map(String).filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual([]);
  });

  it('with the host’s getChatToken: the server’s newest messages hydrate in place (the same bubbles, no second render), then the chat opens on them and the composer sends', async () => {
    await ThreadBody.preload();
    const sandbox = createSandboxGateway();
    const getChatToken = async (thread: { serviceProviderId: number; userId: number; leadId?: number }) =>
      (
        await sandbox.fetch('https://gw.test/host-stand-in/chat-token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ serviceProviderId: thread.serviceProviderId, userId: thread.userId, leadId: thread.leadId }),
        })
      ).json();
    const gateway = { baseURL: 'https://gw.test', fetch: sandbox.fetch, getChatToken };
    const attributes = { 'sp-id': 1001, 'user-id': 5003, 'lead-id': 300002, 'chat-service': 'sandbox' };
    const html = await renderToString('message-thread', { attributes, gateway });
    sandbox.store.requests.length = 0;
    const element = document.createElement('ssr-thread-page-message-thread') as HTMLElement & { gateway: unknown; chat: unknown };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    element.attachShadow({ mode: 'open' }).innerHTML = /<template shadowrootmode="open">(.*)<\/template>/s.exec(html)?.[1] ?? '';
    element.gateway = gateway;
    // The chat's calls held until the server's bubbles are checked: the window does not depend on the machine's speed.
    const chatAsked: string[] = [];
    const chatHeld = holdingFetch(sandbox.fetch, /\/chat\//);
    const chatFetch: typeof sandbox.fetch = (input, init) => {
      chatAsked.push(String(input));
      return chatHeld.fetch(input, init);
    };
    element.chat = createSandboxChatClientFactory({ fetch: chatFetch, reconnectDelaysMs: [5] });
    const errors = vi.spyOn(console, 'error');
    document.body.append(element);
    const serverBubbles = [...(element.shadowRoot?.querySelectorAll('[part~="message"]') ?? [])];
    expect(serverBubbles.length).toBeGreaterThan(0);
    const newest = serverBubbles.at(-1);
    defineElement(messageThreadElement, { prefix: 'ssr-thread-page' });
    // Hydrated: the server's bubbles are the ones on the page while the chat opens…
    await waitFor(() => expect(chatAsked.length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(element.shadowRoot?.querySelectorAll('[part~="message"]')[serverBubbles.length - 1]).toBe(newest);
    chatHeld.release();
    // …and once it is open, the list shows the chat's own page (the same messages) and the composer sends.
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="message-list"]')?.hasAttribute('data-first-page')).toBe(false), { timeout: 15_000 });
    const bodies = (list: Iterable<Element>) => [...list].map((bubble) => bubble.querySelector('.lk-msg__body, p')?.textContent ?? '');
    expect(bodies(element.shadowRoot?.querySelectorAll('[part~="message"]') ?? []).at(-1)).toBe(bodies(serverBubbles).at(-1));
    const composer = element.shadowRoot?.querySelector('textarea') as HTMLTextAreaElement;
    composer.focus();
    const { fireEvent } = await import('@testing-library/dom');
    fireEvent.input(composer, { target: { value: 'On my way' } });
    fireEvent.keyDown(composer, { key: 'Enter' });
    await waitFor(
      () => expect(sandbox.store.requests.some((request) => request.method === 'POST' && request.path === '/gateway/message-center/v1/messages')).toBe(true),
      { timeout: 15_000 },
    );
    expect(sandbox.store.requests.map((request) => request.path)).not.toContain('/gateway/message-center/v1/chat/session');
    expect(errors.mock.calls.map(String).filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual([]);
  });
});
