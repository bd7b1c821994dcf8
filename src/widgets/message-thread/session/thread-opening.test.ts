/**
 * The thread's chat opened as its element connects (thread-opening.ts), without React and
 * without a DOM: what the gateway and the chat service received, and what the session that
 * takes the opening asks (nothing again).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import type { ChatClient, ChatClientFactory } from '../../../chat/chat-client';
import { createSandboxChatClientFactory } from '../../../chat/sandbox-chat-client';
import { createGatewayClient, type GatewayClient } from '../../../gateway/core/client';
import type { ElementStart } from '../../../runtime/widget';
import { holdingFetch } from '../../../../test/helpers/holding-fetch';
import { startThreadOpening, takeThreadOpening, type ThreadOpeningInputs } from './thread-opening';
import { ThreadSession } from './thread-session';

const SESSION = /\/message-center\/v1\/chat\/session$/;
const CONVERSATION = /\/chat\/conversations\/[^/]+$/;
const PAGE = /\/chat\/conversations\/[^/]+\/messages$/;

const pathOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input)).pathname;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
});

/** A thread element's start (its props and client) over the in-process sandbox; every request's path recorded. */
function threadStart(props: Record<string, unknown> = {}, { holdSession = false } = {}) {
  const sandbox = createSandboxGateway();
  const paths: string[] = [];
  /** Gateway requests that ended without an answer (their signal aborted). */
  const stopped: string[] = [];
  const record = (input: RequestInfo | URL) => paths.push(pathOf(input));
  const recording = (input: RequestInfo | URL, init?: RequestInit) => (record(input), sandbox.fetch(input, init));
  // Recorded as asked for, then held (when asked to) before the sandbox answers.
  const held = holdingFetch(sandbox.fetch, holdSession ? SESSION : undefined);
  const client: GatewayClient = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: (input, init) => {
      record(input);
      const answer = held.fetch(input, init);
      answer.catch(() => stopped.push(pathOf(input)));
      return answer;
    },
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
  });
  const adapter = createSandboxChatClientFactory({ fetch: recording, reconnectDelaysMs: [5] });
  const clients: ChatClient[] = [];
  const closed: ChatClient[] = [];
  const chat: ChatClientFactory = async (init) => {
    const made = await adapter(init);
    clients.push(made);
    const close = made.close.bind(made);
    made.close = () => {
      closed.push(made);
      return close();
    };
    return made;
  };
  const presence = new AbortController();
  const all = { spId: 1001, userId: 5001, leadId: 300001, chat, ...props };
  const start: ElementStart = { props: () => all, client: () => client, signal: presence.signal };
  const inputs: ThreadOpeningInputs = { client, chat, chatService: null, spId: 1001, userId: 5001, leadId: 300001 };
  const host = {};
  cleanups.push(() => {
    presence.abort();
    for (const made of clients) void made.close();
  });
  return {
    host,
    start,
    inputs,
    paths,
    stopped,
    clients,
    closed,
    presence,
    release: held.release,
    count: (path: RegExp) => paths.filter((p) => path.test(p)).length,
  };
}

function sessionOver(thread: ReturnType<typeof threadStart>, inputs: ThreadOpeningInputs = thread.inputs) {
  const session = new ThreadSession({
    gateway: inputs.client,
    factory: () => Promise.resolve(inputs.chat!),
    spId: inputs.spId,
    userId: inputs.userId,
    leadId: inputs.leadId,
    contactContext: () => null,
    campaignId: () => null,
    sessionStartTimestamp: 0,
    started: takeThreadOpening(thread.host, inputs),
  });
  cleanups.push(() => session.close());
  return session;
}

describe('the chat opened as the thread element connects', () => {
  it('asks for the session, then the conversation and its first page, with nothing rendered', async () => {
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    await vi.waitFor(() => expect(thread.count(PAGE)).toBe(1));
    expect(thread.count(SESSION)).toBe(1);
    expect(thread.count(CONVERSATION)).toBe(1);
    expect(thread.paths.findIndex((p) => SESSION.test(p))).toBeLessThan(thread.paths.findIndex((p) => CONVERSATION.test(p)));
  });

  it('the session that takes it shows the messages and asks the gateway and the chat nothing again', async () => {
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    const session = sessionOver(thread);
    await session.open();
    expect(session.getSnapshot().status).toBe('ready');
    expect(session.getSnapshot().messages.length).toBeGreaterThan(0);
    expect([thread.count(SESSION), thread.count(CONVERSATION), thread.count(PAGE)]).toEqual([1, 1, 1]);
    expect(thread.clients).toHaveLength(1);
    // Taken once: a later session (a remount) opens its own.
    expect(takeThreadOpening(thread.host, thread.inputs)).toBeNull();
  });

  it('a session with other inputs (a prop changed meanwhile) gives it up, closed, and opens its own', async () => {
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    await vi.waitFor(() => expect(thread.clients).toHaveLength(1));
    const session = sessionOver(thread, { ...thread.inputs, leadId: null });
    await session.open();
    expect(session.getSnapshot().status).toBe('ready');
    await vi.waitFor(() => expect(thread.closed).toEqual([thread.clients[0]]));
    expect(thread.clients).toHaveLength(2);
    expect(thread.count(SESSION)).toBe(2);
  });

  it('a session closed before it opened gives up the opening it was given', async () => {
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    const session = sessionOver(thread);
    await vi.waitFor(() => expect(thread.clients).toHaveLength(1));
    session.close();
    await vi.waitFor(() => expect(thread.closed).toEqual(thread.clients));
  });

  it('nobody took it: given up when the element leaves — stopped before the conversation while under way', async () => {
    const thread = threadStart({}, { holdSession: true });
    startThreadOpening(thread.host, thread.start);
    await vi.waitFor(() => expect(thread.count(SESSION)).toBe(1)); // asked for, not answered
    thread.presence.abort();
    thread.release();
    // The session call was stopped (no answer to go on with): no client was made, no conversation asked for.
    await vi.waitFor(() => expect(thread.stopped.filter((path) => SESSION.test(path))).toHaveLength(1));
    expect(takeThreadOpening(thread.host, thread.inputs)).toBeNull();
    expect(thread.clients).toHaveLength(0);
    expect(thread.count(CONVERSATION)).toBe(0);
  });

  it('nobody took it: given up when the element leaves — closed once open', async () => {
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    await vi.waitFor(() => expect(thread.count(PAGE)).toBe(1));
    thread.presence.abort();
    await vi.waitFor(() => expect(thread.closed).toEqual(thread.clients));
    expect(takeThreadOpening(thread.host, thread.inputs)).toBeNull();
  });

  it('nobody took it in 30 s (the body never rendered): closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const thread = threadStart();
    startThreadOpening(thread.host, thread.start);
    await vi.waitFor(() => expect(thread.count(PAGE)).toBe(1));
    expect(thread.closed).toHaveLength(0);
    vi.advanceTimersByTime(30_000);
    await vi.waitFor(() => expect(thread.closed).toEqual(thread.clients));
  });

  it('an archived thread, one without its sp-id or user-id, or one with no chat adapter (npm, no `chat` given), starts nothing', async () => {
    for (const props of [{ archived: true }, { userId: undefined }, { spId: undefined }, { chat: undefined }]) {
      const thread = threadStart(props);
      startThreadOpening(thread.host, thread.start);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(thread.paths).toEqual([]);
      expect(takeThreadOpening(thread.host, thread.inputs)).toBeNull();
    }
  });
});
