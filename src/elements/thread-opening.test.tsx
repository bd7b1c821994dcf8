import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createSandboxGateway } from '@leadkit/sandbox';
import type { ChatClientFactory } from '../chat/chat-client';
import { createSandboxChatClientFactory } from '../chat/sandbox-chat-client';
import { messageThreadElement } from './message-thread.element';
import { defineElement } from './define-element';
import { holdingFetch } from '../../test/helpers/holding-fetch';

/**
 * `<message-thread>` opens its chat as it connects (src/widgets/message-thread/session/thread-opening.ts)
 * with the client its tree then renders with: the thread takes that opening, so the session, the
 * chat client and the conversation are each made once — and an element removed while its chat
 * opens asks for nothing more.
 */
afterEach(() => {
  document.body.innerHTML = '';
});

const SESSION = /\/v1\/chat\/session$/;
let counter = 0;

function threadElement({ holdSession = false } = {}) {
  const sandbox = createSandboxGateway();
  const held = holdingFetch(sandbox.fetch, holdSession ? SESSION : undefined);
  const adapter = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
  const clients: unknown[] = [];
  const chat: ChatClientFactory = async (init) => {
    const client = await adapter(init);
    clients.push(client);
    return client;
  };
  const prefix = `opening${++counter}`;
  defineElement(messageThreadElement, { prefix });
  const element = document.createElement(`${prefix}-message-thread`) as HTMLElement & { gateway: unknown; chat: unknown };
  for (const [name, value] of Object.entries({ 'sp-id': 1001, 'user-id': 5001, 'lead-id': 300001 })) element.setAttribute(name, String(value));
  element.gateway = { baseURL: 'https://gw.test', fetch: held.fetch };
  element.chat = chat;
  const calls = (path: RegExp) => sandbox.store.requests.filter((request) => path.test(request.path)).length;
  return { element, clients, calls, release: held.release };
}

describe('<message-thread> opening its chat as it connects', () => {
  it('the thread takes the opening its element started: one session, one chat client, one conversation and page', async () => {
    const { element, clients, calls } = threadElement();
    document.body.append(element);
    await waitFor(() => expect(element.shadowRoot?.querySelectorAll('[part~="message"]').length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(clients).toHaveLength(1);
    expect([calls(SESSION), calls(/\/chat\/conversations\/[^/]+$/), calls(/\/chat\/conversations\/[^/]+\/messages$/)]).toEqual([1, 1, 1]);
  });

  it('removed while its chat opens: the session call ends there — no chat client, no conversation', async () => {
    const { element, clients, calls, release } = threadElement({ holdSession: true });
    const asked: string[] = [];
    const stopped: string[] = [];
    const fetchHeld = (element.gateway as { fetch: typeof fetch }).fetch;
    (element.gateway as { fetch: typeof fetch }).fetch = (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      const answer = fetchHeld(input, init);
      answer.catch(() => stopped.push(path));
      return answer;
    };
    document.body.append(element);
    await waitFor(() => expect(asked.some((path) => SESSION.test(path))).toBe(true), { timeout: 15_000 });
    element.remove();
    release();
    // The held session call ends unanswered (its signal aborted): nothing can follow it.
    await waitFor(() => expect(stopped.some((path) => SESSION.test(path))).toBe(true), { timeout: 15_000 });
    expect(clients).toHaveLength(0);
    expect(calls(/\/chat\/conversations\//)).toBe(0);
    expect(calls(SESSION)).toBe(0); // held, then given up: it never reached the gateway
  });
});
