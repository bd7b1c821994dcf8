import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChatClient, ChatClientFactory, ChatConnectionState } from '../../chat/chat-client';
import { createSandboxChatClientFactory } from '../../chat/sandbox-chat-client';
import { createTwilioChatAdapter } from '../../chat/twilio-chat-client';
import { loadTwilioSdk, TWILIO_SDK_MISSING_HINT } from '../../chat/twilio-sdk';
import { TwilioDouble } from '../../../test/helpers/twilio-double';
import { createSandboxGateway, SANDBOX_HISTORY_THREAD, SANDBOX_LEADS, SANDBOX_LONG_THREAD, type SandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient, DEFAULT_TIMEOUT_MS, type GatewayClientConfig } from '../../gateway/core/client';
import type { ChatTokenContext } from '../../gateway/message-center/chat-session-schema';
import { hostChatTokens } from '../../../test/helpers/host-chat-token';
import { hostProviders } from '../../../examples/host-stand-ins.js';
import { formatMessageTimestamp } from '../../i18n/format';
import { loadLocalePack } from '../../i18n/locale';
import type { Clock } from '../../contract/host-properties';
import { WidgetShell } from '../../runtime/widget-shell';
import { MessageThreadRoot, type MessageThreadProps } from './message-thread';
import { MESSAGE_THREAD_CATALOGUE } from './message-thread-messages';
import { holdingFetch } from '../../../test/helpers/holding-fetch';
import { ANSWERED_LEADS_STORAGE_KEY } from '../../domain/answered-leads';

/**
 * <MessageThreadRoot> against the in-process sandbox gateway and its chat service (the sandbox chat
 * adapter over the same in-process fetch): what a provider sees, by role and visible text, and
 * what the server received.
 */

const MC = '/gateway/message-center';
const CHAT = `${MC}/v1/chat`;
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (ch) => ch.charCodeAt(0));
const UNAVAILABLE = 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.';

/** The sandbox adapter with its connection state under the test's control (as a dropped network would move it). */
function withConnectionControl(factory: ChatClientFactory) {
  const listeners = new Set<(state: ChatConnectionState) => void>();
  let latest: ChatClient | null = null;
  const controlled: ChatClientFactory = async (init) => {
    const client = await factory(init);
    latest = client;
    return new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'onConnectionStateChange') {
          return (listener: (state: ChatConnectionState) => void) => {
            listeners.add(listener);
            const off = target.onConnectionStateChange(listener);
            return () => {
              listeners.delete(listener);
              off();
            };
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return {
    factory: controlled,
    set: (state: ChatConnectionState) => listeners.forEach((listener) => listener(state)),
    /** The client's own state (its live stream's). */
    state: () => latest?.connectionState ?? null,
  };
}

function renderThread(
  props: MessageThreadProps,
  options: {
    sandbox?: SandboxGateway;
    onChallenge?: GatewayClientConfig['onChallenge'];
    now?: Clock;
    chat?: (factory: ChatClientFactory) => ChatClientFactory;
    /** Requests whose URL matches wait until `release()` (a state that lasts as long as the test needs). */
    hold?: RegExp;
    /** More of the host's gateway config (its `getChatToken`…). */
    gateway?: Partial<GatewayClientConfig>;
    /** The widget's locale (its pack loaded beforehand: `loadLocalePack`). */
    locale?: string;
    /** The host's log-in page (routes.logIn). */
    logIn?: (params: { returnUrl: string }) => string;
  } = {},
) {
  const sandbox = options.sandbox ?? createSandboxGateway();
  const { fetch: holding, release } = holdingFetch(sandbox.fetch, options.hold);
  /** Every URL asked for, held or not, and when (on the test's clock). */
  const urls: { url: string; at: number }[] = [];
  const fetch: typeof holding = (input, init) => {
    urls.push({ url: String(input), at: Date.now() });
    return holding(input, init);
  };
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch,
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    onChallenge: options.onChallenge,
    ...options.gateway,
  });
  // Its requests go through the gateway config's fetch (the host's), as on a host page.
  const sandboxChat = createSandboxChatClientFactory({ reconnectDelaysMs: [5] });
  const chat = options.chat ? options.chat(sandboxChat) : sandboxChat;
  const host = new EventTarget();
  const events: CustomEvent[] = [];
  host.addEventListener('lk-message-send', (event) => events.push(event as CustomEvent));
  const view = render(
    <WidgetShell
      owner={{}}
      host={host}
      catalogue={MESSAGE_THREAD_CATALOGUE}
      inputs={{ gateway: client, chat, now: options.now, locale: options.locale, ...(options.logIn ? { routes: { logIn: options.logIn } } : {}) }}
    >
      <MessageThreadRoot {...props} />
    </WidgetShell>,
  );
  const received = (method: string, path: RegExp) => sandbox.store.requests.filter((r) => r.method === method && path.test(r.path));
  /** When the first request to a matching URL was sent (on the test's clock), or undefined. */
  const askedAt = (url: RegExp) => urls.find((asked) => url.test(asked.url))?.at;
  return { ...view, sandbox, client, host, events, received, release, askedAt };
}

/** The list is ready: the composer's text box is enabled. */
async function ready() {
  const box = await screen.findByRole('textbox', { name: 'Write a message...' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveProperty('disabled', false));
  return box;
}

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const list = () => screen.getByRole('region', { name: 'Messages' });
/** An own bubble's state as a screen reader hears it (the words beside its icon). */
const stateOf = (bubble: HTMLElement) => bubble.querySelector('[part="message-state-icon"]')?.textContent ?? null;
/** The state in words on the line under a bubble, or null. */
const receiptAfter = (bubble: HTMLElement) => {
  const line = bubble.nextElementSibling;
  return line?.matches('[part="message-time"]') ? (line.querySelector('[part="message-state"]')?.textContent ?? null) : null;
};

beforeEach(() => {
  document.cookie = 'campaignId=spring-2025';
});

afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
  document.cookie = 'campaignId=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  vi.useRealTimers();
});

describe('<MessageThreadRoot> opening', () => {
  it('shows the heading, breadcrumb, View All Leads, Contact and Message History for a thread opened from a lead', async () => {
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe(`/app/lead/board/1001?leadId=${SANDBOX_LEADS.newest}`);
    expect(within(crumbs).getByText('Messaging').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'View All Leads' }).getAttribute('href')).toBe('/app/lead/board/1001');
    expect(screen.getByRole('button', { name: 'Contact' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Message History' })).getAttribute('href')).toBe(
      `/app/conversation/1001/thread/5001?leadId=${SANDBOX_LEADS.newest}&archived=true`,
    );
  });

  it('asks for phone numbers, the provider lead and the activities, then opens the chat, loads recent messages and marks the thread read', async () => {
    const { received, sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    await waitFor(() => expect(received('POST', /\/v1\/chat\/conversations\/[^/]+\/read$/)).toHaveLength(1));
    const paths = sandbox.store.requests.map((r) => `${r.method} ${r.path}`);
    const order = [
      `GET ${MC}/v2/lead/phone_number`,
      `GET /gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}`,
      `GET ${MC}/v2/interactions/activities`,
      `POST ${CHAT}/session`,
      `GET ${CHAT}/conversations/${sandbox.chat.conversationSid(1001, 5001)}/messages`,
    ].map((step) => paths.indexOf(step));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(received('GET', /\/v2\/lead\/phone_number$/)[0]?.query).toMatchObject({ serviceProviderId: '1001', leadIds: String(SANDBOX_LEADS.newest) });
    expect(received('GET', /\/v2\/interactions\/activities$/)[0]?.query).toMatchObject({
      interactorId: '5001',
      interactorType: 'Member',
      activityTypes: 'GenericMessage.v1',
      limit: '4',
      offset: '0',
      sortDirection: 'Newest',
      includeRequestorActivities: 'true',
    });
    expect(received('POST', /\/v1\/chat\/session$/)[0]?.body).toEqual({ serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    expect(received('GET', /\/messages$/)[0]?.query).toMatchObject({ pageSize: '30' });
    await waitFor(() => expect(received('PUT', /\/v1\/messages\/thread\/read$/)[0]?.body).toEqual({ serviceProviderId: 1001, userId: 5001, read: true }));
    expect(sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(false);
  });

  it('without a lead: no Contact, no lead calls, the name from the chat session, and no Message History without activities', async () => {
    const { received } = renderThread({ spId: 1001, userId: SANDBOX_LONG_THREAD.memberId });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Harper Whitfield' })).toBeTruthy();
    await ready();
    expect(screen.queryByRole('button', { name: 'Contact' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe('/app/lead/board/1001');
    expect(received('GET', /phone_number$/)).toHaveLength(0);
    expect(received('GET', /\/office\/v2\/leads\//)).toHaveLength(0);
    await waitFor(() => expect(received('GET', /\/v2\/interactions\/activities$/)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Message History' })).toBeNull();
  });

  it("without the chat session's member (not a spec field) and without a lead: 'Your messages with Member'", async () => {
    const sandbox = createSandboxGateway();
    const withoutMember: SandboxGateway['fetch'] = async (input, init) => {
      const response = await sandbox.fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith('/v1/chat/session')) return response;
      const { member: _member, ...session } = (await response.json()) as Record<string, unknown>;
      return Response.json(session, { status: response.status });
    };
    renderThread({ spId: 1001, userId: SANDBOX_LONG_THREAD.memberId }, { sandbox: { ...sandbox, fetch: withoutMember } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Member' })).toBeTruthy();
    await ready();
  });

  it('shows a spinner while loading, then the messages: own ones marked as the provider’s, with media, body and timestamp', async () => {
    const { sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    // The skeleton while the list loads, then the list's own spinner while the chat opens.
    expect(screen.getByLabelText('Loading messages').querySelector('.lk-thread__spinner')).toBeTruthy();
    await ready();
    const stored = sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === 5001);
    const ownText = stored.find((m) => m.authorType === 'ServiceProvider')!.text;
    const memberText = stored.find((m) => m.authorType === 'Member' && m.text)!.text;
    const own = (await within(list()).findByText(ownText)).closest('[data-own]')!;
    const member = within(list()).getByText(memberText).closest('[data-own]')!;
    expect(own.getAttribute('data-own')).toBe('true');
    expect(member.getAttribute('data-own')).toBe('false');
    expect(within(own as HTMLElement).getByText('You')).toBeTruthy();
    expect(within(member as HTMLElement).getByText('Jordan Rivera')).toBeTruthy();
    const photo = await within(list()).findByRole('img', { name: 'water-heater.jpg' });
    expect(photo.closest('[data-own]')?.getAttribute('data-own')).toBe('false');
    const last = stored.at(-1)!;
    expect(within(photo.closest('[data-own]') as HTMLElement).getByText(formatMessageTimestamp(last.createDate))).toBeTruthy();
    expect(formatMessageTimestamp(new Date(2020, 5, 1, 15, 0))).toBe('Monday, June 1, 2020 3:00 PM');
  });

  it('shows the welcome-to-messaging panel with images for a thread without messages', async () => {
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive });
    expect(await screen.findByRole('heading', { name: 'Welcome to messaging' })).toBeTruthy();
    expect(screen.getByText('Send Zoe Vargas a message to get the conversation started. You can also share JPEG or PNG photos.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome to messaging' }).parentElement?.querySelectorAll('svg')).toHaveLength(2);
  });

  it('says messaging is unavailable and disables the composer when the chat cannot be set up', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(500, undefined, { route: `POST ${CHAT}/session` });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    expect((await screen.findByRole('alert')).textContent).toContain(UNAVAILABLE);
    expect(screen.getByRole('textbox', { name: 'Write a message...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveProperty('disabled', true);
    expect(sendButton().disabled).toBe(true);
    // The header still works: the name comes from the lead.
    expect(screen.getByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeTruthy();
  });

  it("offers 'Try again' when the chat did not come up, and opens it anew", async () => {
    const sandbox = createSandboxGateway();
    // Every try of the opening (a session call that fails for now is asked again twice).
    sandbox.faults.status(500, undefined, { route: `POST ${CHAT}/session`, times: 3 });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNAVAILABLE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const box = await ready();
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
    expect(sandbox.store.requests.filter((r) => r.path === `${CHAT}/session`)).toHaveLength(4);
  });

  it.each([
    ['the chat session answers the wrong shape', 'POST', `${CHAT}/session`, 200, { unexpected: true }, 1],
    ['the conversation answers the wrong shape', 'GET', `${CHAT}/conversations/:sid`, 200, { unexpected: true }, 1],
    // (Three times: a GET that fails for now is asked again twice.)
    ['the conversation answers 503', 'GET', `${CHAT}/conversations/:sid`, 503, undefined, 3],
  ] as const)("offers 'Try again' when %s, and opens the chat on retry", async (_, method, route, status, body, times) => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(status, body, { route: `${method} ${route}`, times });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNAVAILABLE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await ready();
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });

  it('runs on the Twilio adapter (over the SDK double): provider bubbles right, member left, a pending send cleared by its echo', async () => {
    const sandbox = createSandboxGateway();
    const twilio = new TwilioDouble('provider-1001');
    const conversation = twilio.conversation(sandbox.chat.conversationSid(1001, 5001));
    conversation.seed(4, (i) => (i % 2 === 0 ? 'member-5001' : 'provider-1001'));
    const factory = createTwilioChatAdapter({ loadSdk: async () => twilio });
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, chat: () => factory });
    const box = await ready();
    const partOf = (text: string) => within(list()).getByText(text).closest('[part~="message"]')?.getAttribute('part') ?? '';
    expect(partOf('Message 0')).toContain('message-member');
    expect(partOf('Message 1')).toContain('message-own');
    fireEvent.change(box, { target: { value: 'Sent through the gateway' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
    expect(partOf('Sent through the gateway')).toContain('message-pending');
    // The gateway posts it to the conversation: Twilio echoes it, and the pending bubble goes.
    act(() => {
      conversation.add('provider-1001', 'Sent through the gateway');
    });
    await waitFor(() => expect(partOf('Sent through the gateway')).not.toContain('message-pending'));
    expect(within(list()).getAllByText('Sent through the gateway')).toHaveLength(1);
    expect(partOf('Sent through the gateway')).toContain('message-own');
  });

  it("reports a token whose identity is not the session's as lk-error chat-identity-mismatch, without 'Try again'", async () => {
    const sandbox = createSandboxGateway();
    const twilio = new TwilioDouble('provider-9999');
    twilio.conversation(sandbox.chat.conversationSid(1001, 5001));
    const factory = createTwilioChatAdapter({ loadSdk: async () => twilio });
    const { host } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, chat: () => factory });
    const errors: CustomEvent[] = [];
    host.addEventListener('lk-error', (event) => errors.push(event as CustomEvent));
    expect((await screen.findByRole('alert')).textContent).toContain(UNAVAILABLE);
    await waitFor(() => expect(errors.map((e) => (e.detail as { kind: string }).kind)).toEqual(['chat-identity-mismatch']));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('without @twilio/conversations installed (optional peer): the same unavailable state, and lk-error chat-sdk-missing telling the developer what to do', async () => {
    // The Twilio adapter with its import() failing as Node's does for a package that is not installed.
    const notInstalled = Object.assign(new Error("Cannot find package '@twilio/conversations' imported from /app/node_modules/leadkit/dist/chunks/x.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const twilio = createTwilioChatAdapter({ loadSdk: () => loadTwilioSdk(() => Promise.reject(notInstalled)) });
    const { host } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { chat: () => twilio });
    const errors: CustomEvent[] = [];
    host.addEventListener('lk-error', (event) => errors.push(event as CustomEvent));
    expect((await screen.findByRole('alert')).textContent).toContain(UNAVAILABLE);
    // Trying again would not install the SDK: no 'Try again'.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Write a message...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]?.detail).toEqual({ widget: 'message-thread', status: null, kind: 'chat-sdk-missing', message: TWILIO_SDK_MISSING_HINT });
    expect(errors[0]?.detail.message).toContain('npm install @twilio/conversations');
    expect(errors[0]?.detail.message).toContain('chat-service="sandbox"');
    // What the customer-facing page shows stays the spec's text: no developer instructions in it.
    expect(document.body.textContent).not.toContain('npm install');
  });

  it("a chat session refused as signed out (401): 'Log in', no 'Try again' (opening again would not help)", async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(401, undefined, { route: `POST ${CHAT}/session` });
    renderThread(
      { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
      { sandbox, logIn: ({ returnUrl }) => `/login?returnUrl=${encodeURIComponent(returnUrl)}` },
    );
    const alert = await screen.findByText('Messaging is currently unavailable for this Lead. Please contact them via phone or email.');
    const banner = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('reports a chat session that failed as lk-error chat-unavailable with its status', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: `POST ${CHAT}/session` });
    const { host } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const errors: CustomEvent[] = [];
    host.addEventListener('lk-error', (event) => errors.push(event as CustomEvent));
    await screen.findByRole('alert');
    await waitFor(() => expect(errors.map((event) => event.detail)).toEqual([{ widget: 'message-thread', status: 503, kind: 'chat-unavailable' }]));
  });
});

describe('<MessageThreadRoot> connection', () => {
  it('says it is reconnecting while the chat connection is down, and stops saying so once it is back', async () => {
    let set: ((state: ChatConnectionState) => void) | null = null;
    let state: () => ChatConnectionState | null = () => null;
    renderThread(
      { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
      {
        chat: (factory) => {
          const controlled = withConnectionControl(factory);
          set = controlled.set;
          state = controlled.state;
          return controlled.factory;
        },
      },
    );
    await ready();
    // Up once (its stream opens after the first page): a 'connecting' now is a reconnection.
    await waitFor(() => expect(state()).toBe('connected'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => set?.('connecting'));
    // Announced politely (a status), without moving focus.
    expect((await screen.findByText('Reconnecting…')).getAttribute('role')).toBe('status');
    act(() => set?.('connected'));
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
  });
});

describe('<MessageThreadRoot> connection: the first one', () => {
  /** The newest stored text of the 1001–5001 thread (on screen once its first page is). */
  const newestText = (sandbox: SandboxGateway) => sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === 5001 && m.text).at(-1)!.text;

  it('shows the first page while the live connection still opens, without saying it reconnects; the composer sends', async () => {
    const { sandbox, release, received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { hold: /\/chat\/events/ });
    const box = await ready();
    expect(await screen.findByText(newestText(sandbox))).toBeTruthy();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(sandbox.chat.openStreams).toBe(0);
    fireEvent.change(box, { target: { value: 'Before the stream' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
    release();
    await waitFor(() => expect(sandbox.chat.openStreams).toBe(1));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });

  it('says it reconnects when the first live connection failed, beside the messages', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/events` });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    await ready();
    expect(await screen.findByText(newestText(sandbox))).toBeTruthy();
    expect((await screen.findByText('Reconnecting…')).getAttribute('role')).toBe('status');
  });
});

describe('<MessageThreadRoot> sending', () => {
  it('enables Send only with text (not blank) and sends it through the message center with an idempotency key', async () => {
    const { received, events, sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'I can come by Tuesday at 9.' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect((box as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
    const [send] = received('POST', /\/v1\/messages$/);
    expect(send?.body).toEqual({
      text: 'I can come by Tuesday at 9.',
      senderEntityId: 1001,
      receiverEntityId: 5001,
      leadId: SANDBOX_LEADS.newest,
      pageName: 'SP : Message Thread',
      contactPlacementType: 44,
    });
    expect(send?.headers).toMatchObject({ 'x-caller-id': '1001', 'x-caller-type': 'ServiceProvider' });
    expect(send?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Shown once, from the conversation (the pending copy leaves when it arrives).
    await waitFor(() => expect(within(list()).getAllByText('I can come by Tuesday at 9.')).toHaveLength(1));
    await waitFor(() => expect(within(list()).queryByText('Sending…')).toBeNull());
    const stored = sandbox.store.messages.filter((m) => m.text === 'I can come by Tuesday at 9.');
    expect(stored).toHaveLength(1);
    expect(events.map((event) => event.detail)).toEqual([{ messageId: stored[0]!.messageId, leadId: SANDBOX_LEADS.newest }]);
    // The pro answered the lead: the board's respond-first cue ends for it on this device (ids only).
    expect(Object.keys(JSON.parse(localStorage.getItem(ANSWERED_LEADS_STORAGE_KEY) ?? '{}')['1001'] ?? {})).toEqual([String(SANDBOX_LEADS.newest)]);
    localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY);
  });

  it('makes the contact-creation call after a successful send, with the lead’s postal code and category and the campaign cookie', async () => {
    const { received, sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Hello!' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(received('POST', /\/gateway\/lead\/v1\/contact$/)).toHaveLength(1));
    const messageId = sandbox.store.messages.find((m) => m.text === 'Hello!')!.messageId;
    const lead = sandbox.store.lead(SANDBOX_LEADS.newest)!;
    const body = received('POST', /\/gateway\/lead\/v1\/contact$/)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      postalCode: lead.address.postalCode,
      payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001] }],
      campaignId: 'spring-2025',
      categoryId: lead.categoryId,
      contactType: 10,
      entityId: messageId,
      entityType: 'message',
    });
    expect(typeof body.sessionStartTimestamp).toBe('number');
  });

  it('swallows contact-creation errors: the message is sent and nothing is reported', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/v1/contact' });
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Still on for tomorrow?' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(received('POST', /\/gateway\/lead\/v1\/contact$/)).toHaveLength(1));
    await waitFor(() => expect(within(list()).getAllByText('Still on for tomorrow?')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Not sent.')).toBeNull();
  });

  it("two messages sent in a row: each has the spec's full timestamp on its line, the first's marked within the group (a narrow thread shows only the second's)", async () => {
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    for (const text of ['On my way', 'Be there in 10']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await within(list()).findByText(text, { selector: '[part~="message-own"]:not([part~="message-pending"]) *' });
    }
    const bubble = (text: string) => within(list()).getByText(text).closest('[part~="message"]') as HTMLElement;
    const line = (element: HTMLElement) => (element.nextElementSibling?.matches('[part="message-time"]') ? (element.nextElementSibling as HTMLElement) : null);
    // The timestamp itself (the line may also say 'Read' before it).
    const stampAfter = (element: HTMLElement) => line(element)?.querySelector('.lk-msg__stamp-time')?.textContent ?? null;
    const FULL = /^\w+day, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/;
    expect(stampAfter(bubble('On my way'))).toMatch(FULL);
    expect(stampAfter(bubble('Be there in 10'))).toMatch(FULL);
    expect(line(bubble('On my way'))?.dataset.groupEnd).toBe('false');
    expect(line(bubble('Be there in 10'))?.dataset.groupEnd).toBe('true');
    for (const text of ['On my way', 'Be there in 10']) expect(bubble(text).querySelector('time')?.textContent).toMatch(FULL);
    // Everywhere in the list: a line under every bubble, marked as a group's end exactly when the bubble ends its group.
    for (const element of list().querySelectorAll<HTMLElement>('[part~="message"]:not([part~="message-pending"])')) {
      expect(stampAfter(element)).toMatch(FULL);
      expect(line(element)?.dataset.groupEnd).toBe(element.dataset.groupEnd);
    }
  });

  it("shows 'Sending…' while the gateway has the text, then 'Delivered' beside the newest message's time, then 'Read'; the words go when the customer answers, the bubble's state stays", async () => {
    const sandbox = createSandboxGateway();
    // The text waits at the gateway until the pending state is checked (on any machine).
    const { release } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, hold: new RegExp(`${MC}/v1/messages$`) });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Running 10 minutes late' } });
    fireEvent.click(sendButton());
    const pending = (await within(list()).findByText('Running 10 minutes late')).closest('[part~="message"]') as HTMLElement;
    expect(pending.getAttribute('part')).toContain('message-pending');
    // In the bubble for screen readers (with its icon), and in words under it.
    expect(stateOf(pending)).toBe('Sending…');
    expect(receiptAfter(pending)).toBe('Sending…');
    release();
    const stored = await within(list()).findByText('Running 10 minutes late', { selector: '[part~="message-own"]:not([part~="message-pending"]) *' });
    const bubble = stored.closest('[part~="message"]') as HTMLElement;
    expect(stateOf(bubble)).toBe('Delivered');
    const line = bubble.nextElementSibling as HTMLElement;
    expect(line.getAttribute('part')).toBe('message-time');
    expect(receiptAfter(bubble)).toBe('Delivered');
    // Only the newest says it in words: one in the whole list.
    expect(within(list()).getAllByText('Delivered', { selector: '[part="message-state"]' })).toHaveLength(1);
    // The customer reads it: 'Read', in the bubble and in words.
    act(() => {
      sandbox.chat.markAllRead(sandbox.chat.conversation(sandbox.chat.conversationSid(1001, 5001))!, 'member-5001');
    });
    await waitFor(() => expect(stateOf(bubble)).toBe('Read'));
    expect(receiptAfter(bubble)).toBe('Read');
    expect(bubble.querySelector('[part="message-state-icon"]')?.getAttribute('data-state')).toBe('read');
    act(() => {
      sandbox.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: false, text: 'No problem' });
    });
    await within(list()).findByText('No problem');
    expect(within(list()).queryByText('Read', { selector: '[part="message-state"]' })).toBeNull();
    expect(stateOf(bubble)).toBe('Read');
  });

  it("on the host's clock (`now`, a day long past): a send shown while the gateway has it is today's and stamped on that clock, under 'Today' as the stored message is", async () => {
    const now = new Date('2025-06-11T15:30:00Z');
    const sandbox = createSandboxGateway({ now: () => now });
    const { release } = renderThread(
      { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
      { sandbox, now: () => now, hold: new RegExp(`${MC}/v1/messages$`) },
    );
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Running 10 minutes late' } });
    fireEvent.click(sendButton());
    const pending = (await within(list()).findByText('Running 10 minutes late')).closest('[part~="message"]') as HTMLElement;
    expect(pending.getAttribute('part')).toContain('message-pending');
    // Its time is the clock's, not the machine's (a day separator 'Saturday, November 28, 2026'
    // under 'Today' would say the thread reads two clocks).
    expect(pending.querySelector('time')?.textContent).toBe(formatMessageTimestamp(now));
    const lastDay = () => within(list()).getAllByRole('heading', { level: 2 }).at(-1)?.textContent;
    expect(lastDay()).toBe('Today');
    release();
    await within(list()).findByText('Running 10 minutes late', { selector: '[part~="message-own"]:not([part~="message-pending"]) *' });
    expect(lastDay()).toBe('Today');
  });

  it('sends with Enter, keeps Shift+Enter for a new line', async () => {
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(received('POST', /\/v1\/messages$/)).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
  });

  it('keeps a failed send with Retry; Retry reuses the key and the sandbox stores the message once (dropped answer)', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.drop({ route: `POST ${MC}/v1/messages`, afterHandling: true, times: 1 });
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Did you get my quote?' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    const failed = screen.getByText('Not sent.').closest('[data-state]') as HTMLElement;
    expect(within(failed).getByText('Did you get my quote?')).toBeTruthy();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(2));
    const [first, second] = received('POST', /\/v1\/messages$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    expect(sandbox.store.messages.filter((m) => m.text === 'Did you get my quote?')).toHaveLength(1);
    await waitFor(() => expect(within(list()).getAllByText('Did you get my quote?')).toHaveLength(1));
  });

  it("a failed send goes again once when the device is back online ('online'): same key, stored once, shown once; another 'online' sends nothing", async () => {
    const sandbox = createSandboxGateway();
    // The connection drops: the request never reaches the message center.
    const outage = sandbox.faults.drop({ route: `POST ${MC}/v1/messages` });
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Sent once back online' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    outage.remove();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    await waitFor(() => expect(within(list()).getAllByText('Sent once back online')).toHaveLength(1));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('Sending…')).toBeNull();
    const posts = received('POST', /\/v1\/messages$/);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['idempotency-key']).toBe(posts[0]?.headers['idempotency-key']);
    expect(sandbox.store.messages.filter((m) => m.text === 'Sent once back online')).toHaveLength(1);
  });

  it('holds a send that met a 511 challenge and replays it once, with its key, after the challenge is passed', async () => {
    const sandbox = createSandboxGateway();
    const challenge = sandbox.faults.challenge({ route: `POST ${MC}/v1/messages` });
    let pass: () => void = () => {};
    const passed = new Promise<void>((resolve) => (pass = resolve));
    const { received, client } = renderThread(
      { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
      {
        sandbox,
        onChallenge: async ({ challengeId }) => {
          await passed;
          return sandbox.faults.passChallenge(challengeId);
        },
      },
    );
    const box = await ready();
    fireEvent.change(box, { target: { value: 'After the check' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Waiting for a security check. Your message is sent once it is passed.')).toBeTruthy();
    expect(client.replayQueue.size).toBe(1);
    expect(challenge.passed).toBe(false);
    pass();
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(2));
    const [first, replay] = received('POST', /\/v1\/messages$/);
    expect(replay?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    await waitFor(() => expect(within(list()).getAllByText('After the check')).toHaveLength(1));
    expect(screen.queryByText(/Waiting for a security check/)).toBeNull();
    expect(sandbox.store.messages.filter((m) => m.text === 'After the check')).toHaveLength(1);
  });
});

describe('<MessageThreadRoot> on a faulty network', () => {
  const box = () => screen.getByRole('textbox', { name: 'Write a message...' }) as HTMLTextAreaElement;
  const type = (text: string) => {
    fireEvent.change(box(), { target: { value: text } });
    fireEvent.keyDown(box(), { key: 'Enter' });
  };

  it('Enter while the chat is still opening sends the text: it shows at once with its state, the box is empty and takes the next; once open, each shows once', async () => {
    // The conversation and its page are held: the chat stays opening until the test releases them.
    const { received, release } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { hold: /\/chat\/conversations\// });
    await screen.findByRole('textbox', { name: 'Write a message...' });
    await waitFor(() => expect(received('POST', /\/chat\/session$/)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveProperty('disabled', true); // (a file waits for the chat)
    type('Written while it opens');
    expect(box().value).toBe('');
    type('And a second one');
    expect(box().value).toBe('');
    expect(box().disabled).toBe(false);
    await waitFor(() =>
      expect(received('POST', /\/v1\/messages$/).map((r) => (r.body as { text: string }).text)).toEqual(['Written while it opens', 'And a second one']),
    );
    expect(within(list()).getByText('Written while it opens')).toBeTruthy();
    expect(within(list()).getByText('And a second one')).toBeTruthy();
    release();
    await ready();
    // The conversation holds both (its first page, or live): each shows once, as a stored message.
    const partOf = (text: string) => within(list()).getByText(text).closest('[part~="message"]')?.getAttribute('part') ?? '';
    await waitFor(() => expect([partOf('Written while it opens'), partOf('And a second one')].some((part) => part.includes('message-pending'))).toBe(false));
    expect(within(list()).getAllByText('Written while it opens')).toHaveLength(1);
    expect(within(list()).getAllByText('And a second one')).toHaveLength(1);
  });

  it("a first page of history that fails leaves the thread open: 'Messages could not be loaded.' with 'Try again', no unavailable text, the composer sends; Try again loads it", async () => {
    const sandbox = createSandboxGateway();
    // The page and the adapter's two retries of it.
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/conversations/:sid/messages`, times: 3 });
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    await ready();
    const alert = await within(list()).findByRole('alert');
    expect(alert.textContent).toContain('Messages could not be loaded.');
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Welcome to messaging' })).toBeNull();
    type('Sent without the history');
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
    await within(list()).findByText('Sent without the history');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list()).findByRole('img', { name: 'water-heater.jpg' })).toBeTruthy();
    expect(within(list()).queryByRole('alert')).toBeNull();
    expect(within(list()).getAllByText('Sent without the history')).toHaveLength(1);
  });

  it("a chat that cannot open keeps what was written while it opened — its text and Retry under the unavailable text; 'Try again' opens the chat in place and Retry stores it once", async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(500, undefined, { route: `POST ${MC}/v1/messages`, times: 1 });
    const { received, release } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, hold: /\/chat\/conversations\// });
    await screen.findByRole('textbox', { name: 'Write a message...' });
    type('Can you come Monday?');
    const failed = (await screen.findByText('Not sent.')).closest('[data-state]') as HTMLElement;
    expect(within(failed).getByText('Can you come Monday?')).toBeTruthy();
    // The conversation never answers (every try of it): the chat did not start.
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/conversations/:sid` });
    release();
    await screen.findByText(UNAVAILABLE);
    expect(box().disabled).toBe(true);
    const stillFailed = screen.getByText('Not sent.').closest('[data-state]') as HTMLElement;
    expect(within(stillFailed).getByText('Can you come Monday?')).toBeTruthy();
    sandbox.faults.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await ready();
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
    fireEvent.click(within(screen.getByText('Not sent.').closest('[data-state]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    const [first, second] = received('POST', /\/v1\/messages$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    await waitFor(() => expect(within(list()).getAllByText('Can you come Monday?')).toHaveLength(1));
    expect(sandbox.store.messages.filter((m) => m.text === 'Can you come Monday?')).toHaveLength(1);
  });
});

describe("<MessageThreadRoot> the host's chat session", () => {
  it("opens with the host's getChatToken and renews the token through it: the sandbox never receives its session call", async () => {
    const sandbox = createSandboxGateway();
    const host = hostChatTokens(sandbox);
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, gateway: { getChatToken: host.getChatToken } });
    const box = await ready();
    expect(await within(list()).findByRole('img', { name: 'water-heater.jpg' })).toBeTruthy();
    expect(host.asked.map(({ reason, serviceProviderId, userId, leadId }) => ({ reason, serviceProviderId, userId, leadId }))).toEqual([
      { reason: 'open', serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
    ]);
    // The token expires: the next chat call (the typing signal) is refused, renewed through the host, and sent again.
    sandbox.chat.expireTokens();
    fireEvent.change(box, { target: { value: 'Let me check' } });
    await waitFor(() => expect(received('POST', /\/typing$/).map((r) => r.status)).toEqual([401, 200]));
    expect(host.asked.map((context) => context.reason)).toEqual(['open', 'renew']);
    expect(received('POST', /\/v1\/chat\/session$/)).toEqual([]);
  });

  it.each([
    ['fails', () => Promise.reject(new Error('The host’s chat service is down'))],
    ['answers a session of the wrong shape', () => Promise.resolve({ conversationSid: 'CH1', identity: 'provider-1001' })],
    ['never answers (15 s, the gateway’s time limit)', () => new Promise(() => {})],
  ] as const)("says messaging is unavailable, with 'Try again' and lk-error chat-unavailable, when the host's getChatToken %s", async (_, failing) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const sandbox = createSandboxGateway();
    const host = hostChatTokens(sandbox);
    let broken = true;
    const getChatToken = vi.fn((context: ChatTokenContext) => (broken ? (failing() as never) : host.getChatToken(context)));
    const { host: element, received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, gateway: { getChatToken } });
    const errors: CustomEvent[] = [];
    element.addEventListener('lk-error', (event) => errors.push(event as CustomEvent));
    await waitFor(() => expect(getChatToken).toHaveBeenCalledTimes(1));
    act(() => void vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNAVAILABLE);
    expect(screen.getByRole('textbox', { name: 'Write a message...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(errors.map((event) => event.detail)).toEqual([{ widget: 'message-thread', status: null, kind: 'chat-unavailable' }]));
    // Asked once (leadkit does not ask the host again by itself), never the sandbox's session call.
    expect(getChatToken).toHaveBeenCalledTimes(1);
    broken = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await ready();
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
    expect(getChatToken.mock.calls.map(([context]) => context.reason)).toEqual(['open', 'open']);
    expect(received('POST', /\/v1\/chat\/session$/)).toEqual([]);
  });
});

describe("<MessageThreadRoot> with the example pages' host providers against the spec profile (examples/host-stand-ins.js)", () => {
  it('opens with a chat token from the host stand-in, renews it there (reason renew), and records the contact of a send there; no invented gateway call', async () => {
    const sandbox = createSandboxGateway({ profile: 'spec' });
    // The stand-ins are the host's own server, on the page's origin: the providers fetch it themselves.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(input, init));
    try {
      const getChatToken = vi.fn((context: ChatTokenContext) => hostProviders.getChatToken(context));
      const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, gateway: { ...hostProviders, getChatToken } });
      const box = await ready();
      const chatTokens = () => received('POST', /^\/host-stand-in\/chat-token$/);
      expect(chatTokens().map((request) => [request.status, request.body])).toEqual([
        [200, { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }],
      ]);
      // The token expires: the next chat call (the typing signal) is refused, renewed through the stand-in, and sent again.
      sandbox.chat.expireTokens();
      fireEvent.change(box, { target: { value: 'Hello!' } });
      await waitFor(() => expect(received('POST', /\/typing$/).map((r) => r.status)).toEqual([401, 200]));
      expect(chatTokens().map((request) => request.status)).toEqual([200, 200]);
      expect(getChatToken.mock.calls.map(([context]) => context.reason)).toEqual(['open', 'renew']);
      // A send: the message center's, then the contact record through the host's recordContact.
      fireEvent.click(sendButton());
      await waitFor(() => expect(received('POST', /^\/host-stand-in\/contact$/).map((r) => r.status)).toEqual([200]));
      const messageId = sandbox.store.messages.find((m) => m.text === 'Hello!')!.messageId;
      expect(sandbox.store.contacts.filter((contact) => contact.entityId === messageId)).toEqual([
        expect.objectContaining({ contactType: 10, serviceProviderId: 1001, entityType: 'message' }),
      ]);
      await waitFor(() => expect(within(list()).getAllByText('Hello!')).toHaveLength(1));
      expect(screen.queryByText(UNAVAILABLE)).toBeNull();
      // Nothing went to leadkit's invented calls (the spec profile would answer them 404).
      expect(sandbox.store.requests.filter((request) => request.status === 404)).toEqual([]);
      expect(received('POST', /\/v1\/chat\/session$|\/v1\/contact$/)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('<MessageThreadRoot> a chat call that never answers', () => {
  /**
   * The test's clock (fake timers and Date) runs with real time too, so the widget's own work goes
   * on; it is moved on to the time limit of the held call. A busy machine's real time may add to it
   * while the error renders: SLACK_MS bounds that (a 20 s limit, the sandbox adapter's before, fails).
   */
  const MARGIN_MS = 3000;
  const SLACK_MS = 2000;
  const box = () => screen.getByRole('textbox', { name: 'Write a message...' }) as HTMLTextAreaElement;

  /** When (on the test's clock) `text` first showed in the document: watched from now on. */
  function firstShown(text: string): () => number | null {
    let at: number | null = null;
    const observer = new MutationObserver(() => {
      if (at !== null || !document.body.textContent?.includes(text)) return;
      at = Date.now();
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => at;
  }

  /** Moves the clock to `calledAt` + the time limit: `text` is not shown a little before it, and is shown by then. */
  async function expectShownAtTimeLimit(calledAt: number, text: string) {
    const shown = firstShown(text);
    act(() => void vi.advanceTimersByTime(Math.max(0, calledAt + DEFAULT_TIMEOUT_MS - MARGIN_MS - Date.now())));
    expect(shown()).toBeNull();
    act(() => void vi.advanceTimersByTime(Math.max(0, calledAt + DEFAULT_TIMEOUT_MS - Date.now())));
    const element = await screen.findByText(text, { exact: false });
    expect(shown()! - calledAt).toBeGreaterThanOrEqual(DEFAULT_TIMEOUT_MS - MARGIN_MS);
    expect(shown()! - calledAt).toBeLessThanOrEqual(DEFAULT_TIMEOUT_MS + SLACK_MS);
    return element.closest('[role="alert"]') as HTMLElement;
  }

  it.each([
    ['the chat session', /\/v1\/chat\/session$/, UNAVAILABLE],
    ['the conversation', /\/v1\/chat\/conversations\/\w+$/, UNAVAILABLE],
    ['the recent messages', /\/messages\?/, 'Messages could not be loaded.'],
  ])(
    "%s held: its error with 'Try again' 15 s after the call, not before; what the pro typed stays; 'Try again' recovers once the network answers",
    async (_, held, error) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
      const { askedAt, release } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { hold: held });
      await screen.findByRole('textbox', { name: 'Write a message...' });
      // Typed while the thread opens, not sent.
      fireEvent.change(box(), { target: { value: 'Can you come Monday?' } });
      await waitFor(() => expect(askedAt(held)).toBeDefined());
      const alert = await expectShownAtTimeLimit(askedAt(held)!, error);
      expect(box().value).toBe('Can you come Monday?');
      // The network answers again.
      release();
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await within(list()).findByRole('img', { name: 'water-heater.jpg' })).toBeTruthy();
      await ready();
      expect(screen.queryByText(error, { exact: false })).toBeNull();
      expect(box().value).toBe('Can you come Monday?');
    },
  );

  it("the live stream's start held: the messages at once, 'Reconnecting…' 15 s after the call, not before; gone once the network answers", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const events = /\/v1\/chat\/events$/;
    const { askedAt, release } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { hold: events });
    // The stream opens after the first page: the thread does not wait for it.
    expect(await within(list()).findByRole('img', { name: 'water-heater.jpg' })).toBeTruthy();
    await ready();
    await waitFor(() => expect(askedAt(events)).toBeDefined());
    await expectShownAtTimeLimit(askedAt(events)!, 'Reconnecting…');
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
    // The network answers again: the next try connects.
    release();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
  });

  it("a later page of history held: 'Older messages could not be loaded.' with 'Try again' 15 s after the call, the list kept; 'Try again' loads it once the network answers", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const older = /\/messages\?.*before=/;
    const { askedAt, release, sandbox } = renderThread(
      { spId: 1001, userId: SANDBOX_HISTORY_THREAD.memberId, leadId: SANDBOX_HISTORY_THREAD.leadId },
      { hold: older },
    );
    await ready();
    const history = sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === SANDBOX_HISTORY_THREAD.memberId);
    await within(list()).findByText(history.at(-1)!.text);
    fireEvent.change(box(), { target: { value: 'Half a reply' } });
    list().scrollTop = 0;
    fireEvent.scroll(list());
    await waitFor(() => expect(askedAt(older)).toBeDefined());
    const alert = await expectShownAtTimeLimit(askedAt(older)!, 'Older messages could not be loaded.');
    expect(list().contains(alert)).toBe(true);
    // What was on screen stays, and so does the composer's text.
    expect(within(list()).getByText(history.at(-1)!.text)).toBeTruthy();
    expect(box().value).toBe('Half a reply');
    expect(box().disabled).toBe(false);
    release();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list()).findByText(history[0]!.text)).toBeTruthy();
    expect(within(list()).queryByRole('alert')).toBeNull();
  });
});

describe('<MessageThreadRoot> attachments', () => {
  const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

  it('refuses a file over 150 MB and a non-image (by content), each message hiding after 10 s; the input is cleared after each pick', async () => {
    const { container } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = fileInput(container);
    const huge = new File([PNG], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 157_286_401 });
    pick(input, huge);
    expect(await screen.findByText('File size cannot exceed 150MB. Please try again.')).toBeTruthy();
    expect(input.value).toBe('');
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    pick(input, new File(['not an image'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText('You can only send JPEG, JPG, or PNG images. Please try again.')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(6100));
    expect(screen.queryByText('File size cannot exceed 150MB. Please try again.')).toBeNull();
    expect(screen.getByText('You can only send JPEG, JPG, or PNG images. Please try again.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(screen.queryByText('You can only send JPEG, JPG, or PNG images. Please try again.')).toBeNull();
    // A file that cannot be read: 'Error with loading file'.
    const unreadable = new File([PNG], 'broken.png', { type: 'image/png' });
    Object.defineProperty(unreadable, 'slice', { value: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) });
    pick(input, unreadable);
    expect(await screen.findByText('Error with loading file')).toBeTruthy();
    expect(screen.queryByText('broken.png')).toBeNull();
  });

  it('shows a picked image’s name with a trash button and disables the text box until it is removed', async () => {
    const { container } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    // A PNG named .jpg (declared JPEG) is accepted: the content decides.
    pick(fileInput(container), new File([PNG], 'leak.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('leak.jpg')).toBeTruthy();
    expect(box).toHaveProperty('disabled', true);
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove file leak.jpg' }));
    expect(screen.queryByText('leak.jpg')).toBeNull();
    expect(box).toHaveProperty('disabled', false);
    expect(sendButton().disabled).toBe(true);
  });

  it('sends the text before the file, clears both, and shows the photo once the chat has it', async () => {
    const { container, received, sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Here is the leak:' } });
    pick(fileInput(container), new File([PNG], 'leak.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Remove file leak.png' });
    fireEvent.click(sendButton());
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove file leak.png' })).toBeNull();
    await waitFor(() => expect(received('POST', /\/media$/)).toHaveLength(1));
    const paths = sandbox.store.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths.findIndex((p) => p.endsWith('/v1/messages'))).toBeLessThan(paths.findIndex((p) => p.endsWith('/media')));
    const upload = received('POST', /\/media$/)[0]!;
    expect(upload.headers['content-type']).toBe('image/png');
    expect(upload.headers['x-media-filename']).toBe('leak.png');
    expect(await within(list()).findByRole('img', { name: 'leak.png' })).toBeTruthy();
    const stored = sandbox.store.messages.filter((m) => m.media?.some((media) => media.filename === 'leak.png'));
    expect(stored).toHaveLength(1);
    expect([...sandbox.chat.mediaContent(stored[0]!.media![0]!.mediaSid)!]).toEqual([...PNG]);
  });

  it('creates the contact for a photo sent alone too, once, naming its chat message', async () => {
    const { container, received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    pick(fileInput(container), new File([PNG], 'leak.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Remove file leak.png' });
    fireEvent.click(sendButton());
    expect(await within(list()).findByRole('img', { name: 'leak.png' })).toBeTruthy();
    await waitFor(() => expect(received('POST', /\/gateway\/lead\/v1\/contact$/)).toHaveLength(1));
    expect(received('POST', /\/v1\/messages$/)).toHaveLength(0);
    expect(received('POST', /\/gateway\/lead\/v1\/contact$/)[0]?.body).toMatchObject({
      contactType: 10,
      entityType: 'message',
      entityId: expect.stringMatching(/^\S+:\d+$/),
    });
  });
});

describe('<MessageThreadRoot> history and live messages', () => {
  it('loads the older page on scroll-up near the top, once per earliest index, until index 0', async () => {
    const { received, sandbox } = renderThread({ spId: 1001, userId: SANDBOX_HISTORY_THREAD.memberId, leadId: SANDBOX_HISTORY_THREAD.leadId });
    await ready();
    const history = sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === SANDBOX_HISTORY_THREAD.memberId);
    await within(list()).findByText(history.at(-1)!.text);
    expect(within(list()).queryByText(history[0]!.text)).toBeNull();
    const scroller = list();
    // A short first page may ask at once (nothing to scroll): wait until one older page came.
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    fireEvent.scroll(scroller);
    expect(await within(list()).findByText(history[0]!.text)).toBeTruthy();
    const pages = received('GET', /\/messages$/);
    expect(pages.map((p) => p.query.before)).toEqual([undefined, String(history.length - 30)]);
    fireEvent.scroll(scroller);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received('GET', /\/messages$/)).toHaveLength(2);
  });

  it('after an older page failed, scrolling at the top does not ask again; Try again does', async () => {
    const { received, sandbox } = renderThread({ spId: 1001, userId: SANDBOX_HISTORY_THREAD.memberId, leadId: SANDBOX_HISTORY_THREAD.leadId });
    await ready();
    const history = sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === SANDBOX_HISTORY_THREAD.memberId);
    await within(list()).findByText(history.at(-1)!.text);
    sandbox.faults.status(500, undefined, { route: `GET ${CHAT}/conversations/:sid/messages` });
    const older = () => received('GET', /\/messages$/).filter((page) => page.query.before !== undefined);
    const scroller = list();
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    const alert = await within(list()).findByRole('alert');
    expect(alert.textContent).toContain('Older messages could not be loaded.');
    // The page and the adapter's two retries of it.
    expect(older()).toHaveLength(3);
    // Scroll events at the top (a user's, or layout's) ask nothing more.
    for (let i = 0; i < 5; i++) fireEvent.scroll(scroller);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(older()).toHaveLength(3);
    sandbox.faults.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list()).findByText(history[0]!.text)).toBeTruthy();
    expect(older()).toHaveLength(4);
  });

  it('shows the member’s new message live, as text: links only for https, mailto and tel', async () => {
    const { sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    const text =
      '<b>hi</b> see https://example.com/leak.png, mail me at mailto:jo@example.com or tel:+13035550142 — not javascript:alert(1) nor http://plain.example';
    act(() => {
      sandbox.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: false, text });
    });
    const body = await within(list()).findByText((_, element) => element?.tagName === 'P' && element.textContent === text);
    expect(body.querySelector('b')).toBeNull();
    const links = within(body).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/leak.png', 'mailto:jo@example.com', 'tel:+13035550142']);
    expect(screen.getByText(`New message from Jordan Rivera: ${text}`)).toBeTruthy();
  });
});

describe('<MessageThreadRoot> delivery and read state, typing, days, unread', () => {
  it("shows each own message's state to screen readers: the seed's own message, within the customer's read horizon, is Read", async () => {
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    const own = (await within(list()).findByText('Yes, we have openings on Thursday. What time works for you?')).closest('[part~="message"]') as HTMLElement;
    expect(stateOf(own)).toBe('Read');
    // The member's bubbles have no state.
    const member = within(list()).getByText('Thursday afternoon would be great.').closest('[part~="message"]') as HTMLElement;
    expect(stateOf(member)).toBeNull();
  });

  it("shows 'Sent' between the gateway's answer and the conversation's copy, in the same corner (the bubble keeps its place)", async () => {
    const held: (() => void)[] = [];
    // The conversation's copy of each message is held back (a slow chat service).
    const slowEcho =
      (factory: ChatClientFactory): ChatClientFactory =>
      async (init) => {
        const client = await factory(init);
        const openConversation = client.openConversation.bind(client);
        return Object.assign(Object.create(client) as typeof client, {
          openConversation: async (sid: string, options?: { signal?: AbortSignal }) => {
            const c = await openConversation(sid, options);
            return Object.assign(Object.create(c) as typeof c, {
              onMessageAdded: (listener: Parameters<typeof c.onMessageAdded>[0]) => c.onMessageAdded((message) => held.push(() => listener(message))),
            });
          },
        });
      };
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { chat: slowEcho });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Leaving now' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(received('POST', /\/v1\/messages$/)).toHaveLength(1));
    const bubble = () => within(list()).getByText('Leaving now').closest('[part~="message"]') as HTMLElement;
    await waitFor(() => expect(stateOf(bubble())).toBe('Sent'));
    expect(receiptAfter(bubble())).toBe('Sent');
    expect(bubble().getAttribute('part')).toContain('message-pending');
    // Pending or stored, an own bubble keeps the corner for its state (data-receipt: its padding).
    expect(bubble().hasAttribute('data-receipt')).toBe(true);
    act(() => held.splice(0).forEach((release) => release()));
    await waitFor(() => expect(bubble().getAttribute('part')).not.toContain('message-pending'));
    expect(bubble().hasAttribute('data-receipt')).toBe(true);
    expect(stateOf(bubble())).toBe('Delivered');
  });

  it('a failed send keeps its text and Retry, with no state icon (the words say it)', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(500, undefined, { route: `POST ${MC}/v1/messages`, times: 1 });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Are we still on?' } });
    fireEvent.click(sendButton());
    const failed = (await screen.findByText('Not sent.')).closest('[part~="message"]') as HTMLElement;
    expect(within(failed).getByText('Are we still on?')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(stateOf(failed)).toBeNull();
    expect(receiptAfter(failed)).toBeNull();
  });

  it('shows the customer typing between the list and the composer, says it once politely, and drops it with their message', async () => {
    const { sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    await ready();
    // The event stream opens after the first page; typing (never replayed) is heard from then on.
    await waitFor(() => expect(sandbox.chat.openStreams).toBe(1));
    const conversation = sandbox.chat.conversation(sandbox.chat.conversationSid(1001, 5001))!;
    const live = () => screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite')!;
    expect(screen.queryByText('Jordan Rivera is typing…')).toBeNull();
    act(() => sandbox.chat.setTyping(conversation, 'member-5001', true));
    const line = await screen.findByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' });
    expect(line).toBeTruthy();
    expect(live().textContent).toBe('Jordan Rivera is typing…');
    // Stop and start again: the live region keeps its words (not said again).
    act(() => sandbox.chat.setTyping(conversation, 'member-5001', false));
    await waitFor(() => expect(screen.queryByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' })).toBeNull());
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(live(), { childList: true, characterData: true, subtree: true });
    act(() => sandbox.chat.setTyping(conversation, 'member-5001', true));
    await screen.findByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mutations).toEqual([]);
    observer.disconnect();
    // Their message: the typing line goes, the message is said.
    act(() => {
      sandbox.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: false, text: 'Just sent the photos' });
    });
    await waitFor(() => expect(live().textContent).toBe('New message from Jordan Rivera: Just sent the photos'));
    expect(screen.queryByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' })).toBeNull();
  });

  it('tells the customer the provider is typing: one POST …/typing per 5 s while typing (fake clock), none for blank text', async () => {
    const { received } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const box = await ready();
    const typing = () => received('POST', /\/typing$/);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-09T10:00:00Z');
    vi.setSystemTime(start);
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.change(box, { target: { value: 'I' } });
    await waitFor(() => expect(typing()).toHaveLength(1));
    for (const [ms, text] of [
      [800, 'I c'],
      [2400, 'I can'],
      [4900, 'I can come'],
    ] as const) {
      vi.setSystemTime(start + ms);
      fireEvent.change(box, { target: { value: text } });
    }
    expect(typing()).toHaveLength(1);
    vi.setSystemTime(start + 5000);
    fireEvent.change(box, { target: { value: 'I can come by' } });
    await waitFor(() => expect(typing()).toHaveLength(2));
    expect(typing()[1]!.headers.authorization).toMatch(/^Bearer /);
  });

  it("puts 'Today', 'Yesterday' and the date between messages of different days (the widget's clock); bubbles keep the spec's time", async () => {
    let clock = new Date(2026, 2, 6, 9, 15); // Friday, March 6, 2026
    const sandbox = createSandboxGateway({ now: () => clock });
    const post = (at: Date, text: string, fromProvider = false) => {
      clock = at;
      sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider, text });
    };
    post(new Date(2026, 2, 6, 9, 15), 'Is the quote still good?');
    post(new Date(2026, 2, 6, 9, 40), 'Yes, until the end of the month.', true);
    post(new Date(2026, 2, 8, 22, 5), 'Great, let us book it.');
    post(new Date(2026, 2, 9, 8, 30), 'Booked for Thursday.', true);
    clock = new Date(2026, 2, 9, 11, 0); // Monday morning
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now: () => clock });
    await ready();
    await within(list()).findByText('Booked for Thursday.');
    const days = within(list()).getAllByRole('heading', { level: 2 });
    expect(days.map((day) => day.textContent)).toEqual(['Friday, March 6, 2026', 'Yesterday', 'Today']);
    expect(days.map((day) => day.getAttribute('part'))).toEqual(['day-separator', 'day-separator', 'day-separator']);
    // Each separator opens the row of the first message of its day.
    const rowText = (heading: HTMLElement) => heading.closest('li')?.textContent ?? '';
    expect(rowText(days[0]!)).toContain('Is the quote still good?');
    expect(rowText(days[1]!)).toContain('Great, let us book it.');
    expect(rowText(days[2]!)).toContain('Booked for Thursday.');
    // The bubble's time (for screen readers) and its group's line: the spec's format (docs/architecture.md#dates), time included.
    expect(within(list()).getAllByText(formatMessageTimestamp(new Date(2026, 2, 9, 8, 30)))).toHaveLength(2);
    expect(formatMessageTimestamp(new Date(2026, 2, 9, 8, 30))).toBe('Monday, March 9, 2026 8:30 AM');
  });

  it("names the days again at midnight: 'Today' becomes 'Yesterday' in a thread left open", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let clock = new Date(2026, 2, 9, 23, 50);
    const sandbox = createSandboxGateway({ now: () => clock });
    sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text: 'Still up?' });
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now: () => clock });
    await ready();
    expect(await within(list()).findByRole('heading', { level: 2, name: 'Today' })).toBeTruthy();
    clock = new Date(2026, 2, 10, 0, 1);
    await act(async () => vi.advanceTimersByTimeAsync(11 * 60_000));
    expect(within(list()).getByRole('heading', { level: 2, name: 'Yesterday' })).toBeTruthy();
  });

  it("opens with 'New messages' above the first customer message that was unread, and none once the thread was read", async () => {
    const sandbox = createSandboxGateway();
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    await ready();
    // The seed: the provider read up to its own message; 'Thursday afternoon…' and the photo are new.
    const marker = await within(list()).findByText('New messages');
    expect(marker.closest('[part="unread-marker"]')).toBeTruthy();
    const rows = [...list().querySelectorAll('li')];
    const at = rows.findIndex((row) => row.contains(marker));
    // It opens the row of the first unread message.
    expect(rows[at]?.textContent).toContain('Thursday afternoon would be great.');
    expect(rows.slice(0, at).some((row) => row.textContent?.includes('Yes, we have openings on Thursday.'))).toBe(true);
    // The thread marked everything read: opened again, no line.
    await waitFor(() => expect(sandbox.chat.lastRead(sandbox.chat.conversation(sandbox.chat.conversationSid(1001, 5001))!, 'provider-1001')).toBe(3));
    cleanup();
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox });
    await ready();
    await within(list()).findByText('Thursday afternoon would be great.');
    expect(within(list()).queryByText('New messages')).toBeNull();
  });

  it("Twilio: 'New messages' from conversation.lastReadMessageIndex, ticks from the customer's participantUpdated, typing from typingStarted", async () => {
    const sandbox = createSandboxGateway();
    const twilio = new TwilioDouble('provider-1001');
    const conversation = twilio.conversation(sandbox.chat.conversationSid(1001, 5001));
    conversation.seed(4, (i) => (i % 2 === 0 ? 'member-5001' : 'provider-1001'));
    conversation.lastReadMessageIndex = 1;
    conversation.joinParticipant('member-5001', 0);
    const factory = createTwilioChatAdapter({ loadSdk: async () => twilio });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }, { sandbox, chat: () => factory });
    await ready();
    const marker = await within(list()).findByText('New messages');
    expect(marker.closest('li')?.textContent).toContain('Message 2');
    const own = within(list()).getByText('Message 1').closest('[part~="message"]') as HTMLElement;
    expect(stateOf(own)).toBe('Delivered');
    act(() => conversation.readUpTo('member-5001', 3));
    await waitFor(() => expect(stateOf(own)).toBe('Read'));
    act(() => conversation.startTyping('member-5001'));
    expect(await screen.findByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Write a message...' });
    fireEvent.change(box, { target: { value: 'Hi' } });
    expect(conversation.calls.filter((call) => call.method === 'typing')).toHaveLength(1);
  });
});

describe('<MessageThreadRoot> each message’s own time', () => {
  /** Three messages on Monday, March 9, 2026: two of the customer's a minute apart (one group), then the provider's. */
  function threeMessages() {
    let clock = new Date(2026, 2, 9, 8, 30);
    const sandbox = createSandboxGateway({ now: () => clock });
    const post = (at: Date, text: string, fromProvider = false) => {
      clock = at;
      sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider, text });
    };
    post(new Date(2026, 2, 9, 8, 30), 'Is 10 still good?');
    post(new Date(2026, 2, 9, 8, 31), 'Or later?');
    post(new Date(2026, 2, 9, 8, 40), 'Yes, 10 works.', true);
    clock = new Date(2026, 2, 9, 11, 0);
    return { sandbox, now: () => clock };
  }
  const bubbles = () => within(list()).getAllByRole('group');
  const bubbleOf = (text: string) => within(list()).getByText(text).closest('[part~="message"]') as HTMLElement;
  /** The time shown beside a bubble (hidden from screen readers: they have the full timestamp). */
  const besideOf = (bubble: HTMLElement) => bubble.querySelector('[part="message-time-beside"]');

  it("every bubble, grouped or not, shows the spec's full timestamp under it, has its time of day beside it, and its full timestamp as its description for screen readers", async () => {
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, threeMessages());
    await ready();
    await within(list()).findByText('Yes, 10 works.');
    // A group per bubble, named by who wrote it and what it says, described by its timestamp.
    expect(within(list()).getByRole('group', { name: 'Zoe Vargas Is 10 still good?', description: 'Monday, March 9, 2026 8:30 AM' })).toBe(
      bubbleOf('Is 10 still good?'),
    );
    expect(within(list()).getByRole('group', { name: 'Zoe Vargas Or later?', description: 'Monday, March 9, 2026 8:31 AM' })).toBe(bubbleOf('Or later?'));
    // The own bubble's description says its state after its time.
    expect(within(list()).getByRole('group', { name: 'You Yes, 10 works.', description: /^Monday, March 9, 2026 8:40 AM (Delivered|Read)$/ })).toBe(
      bubbleOf('Yes, 10 works.'),
    );
    expect(bubbles()).toHaveLength(3);
    // On screen (spec §2): each its full timestamp on the line under it, also the first of the customer's group.
    const lineOf = (bubble: HTMLElement) => bubble.nextElementSibling as HTMLElement;
    expect(bubbles().map((bubble) => lineOf(bubble).textContent)).toEqual([
      'Monday, March 9, 2026 8:30 AM',
      'Monday, March 9, 2026 8:31 AM',
      expect.stringMatching(/^(Delivered|Read)?Monday, March 9, 2026 8:40 AM$/),
    ]);
    expect(bubbles().map((bubble) => lineOf(bubble).getAttribute('part'))).toEqual(['message-time', 'message-time', 'message-time']);
    // Within a group (the narrow thread keeps only the group's last line): the first of the customer's two.
    expect(bubbles().map((bubble) => lineOf(bubble).dataset.groupEnd)).toEqual(['false', 'true', 'true']);
    // The time of day beside each, for a tap on a narrow thread (its tooltip the full timestamp).
    expect(bubbles().map((bubble) => besideOf(bubble)?.textContent)).toEqual(['8:30 AM', '8:31 AM', '8:40 AM']);
    expect(bubbles().map((bubble) => besideOf(bubble)?.getAttribute('aria-hidden'))).toEqual(['true', 'true', 'true']);
    expect(besideOf(bubbleOf('Is 10 still good?'))?.getAttribute('title')).toBe('Monday, March 9, 2026 8:30 AM');
  });

  it('in es-US: the time beside and the description from the Spanish formats', async () => {
    await loadLocalePack('es-US');
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { ...threeMessages(), locale: 'es-US' });
    await screen.findByRole('textbox', { name: 'Escriba un mensaje...' });
    const messages = screen.getByRole('region', { name: 'Mensajes' });
    await within(messages).findByText('Yes, 10 works.');
    const bubble = within(messages).getByRole('group', { name: 'Zoe Vargas Or later?', description: 'lunes, 9 de marzo de 2026, 8:31 a.m.' });
    expect(besideOf(bubble)?.textContent).toBe('8:31 a.m.');
    expect(bubble.nextElementSibling?.textContent).toBe('lunes, 9 de marzo de 2026, 8:31 a.m.');
    expect(
      within(messages)
        .getAllByRole('group')
        .map((each) => besideOf(each)?.textContent),
    ).toEqual(['8:30 a.m.', '8:31 a.m.', '8:40 a.m.']);
  });

  it('the bubbles are one Tab stop (the newest first): arrows move between them, Home and End to the first and last', async () => {
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, threeMessages());
    await ready();
    await within(list()).findByText('Yes, 10 works.');
    const stops = () => bubbles().filter((bubble) => bubble.tabIndex === 0);
    expect(stops()).toEqual([bubbleOf('Yes, 10 works.')]);
    // Besides the list itself (arrow keys, Page Up/Down scroll it), nothing else in it is a Tab stop.
    expect(list().tabIndex).toBe(0);
    expect(list().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    act(() => bubbleOf('Yes, 10 works.').focus());
    const press = async (key: string, expected: string) => {
      fireEvent.keyDown(document.activeElement!, { key });
      await waitFor(() => expect(document.activeElement).toBe(bubbleOf(expected)));
      expect(stops()).toEqual([bubbleOf(expected)]);
    };
    await press('ArrowUp', 'Or later?');
    await press('ArrowUp', 'Is 10 still good?');
    await press('ArrowUp', 'Is 10 still good?');
    await press('End', 'Yes, 10 works.');
    await press('Home', 'Is 10 still good?');
    await press('ArrowDown', 'Or later?');
    // Another key is left to the page (Page Down scrolls the list).
    expect(fireEvent.keyDown(document.activeElement!, { key: 'PageDown' })).toBe(true);
    // Focused by a click or Tab, a bubble becomes the stop.
    act(() => bubbleOf('Yes, 10 works.').focus());
    expect(stops()).toEqual([bubbleOf('Yes, 10 works.')]);
  });

  it('a tap on a bubble shows its time (on a narrow thread; thread-body.css), a second tap hides it; one at a time; a tap on a link in it does not', async () => {
    const setup = threeMessages();
    setup.sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text: 'Photos: https://example.com/sink' });
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, setup);
    await ready();
    await within(list()).findByText('Yes, 10 works.');
    const revealed = () => bubbles().filter((bubble) => bubble.hasAttribute('data-revealed'));
    expect(revealed()).toEqual([]);
    fireEvent.click(within(list()).getByText('Or later?'));
    expect(revealed()).toEqual([bubbleOf('Or later?')]);
    fireEvent.click(bubbleOf('Is 10 still good?'));
    expect(revealed()).toEqual([bubbleOf('Is 10 still good?')]);
    fireEvent.click(bubbleOf('Is 10 still good?'));
    expect(revealed()).toEqual([]);
    const link = within(list()).getByRole('link', { name: 'https://example.com/sink' });
    // (The test's page does not follow it.)
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(revealed()).toEqual([]);
  });

  it('a send not yet stored has its time beside it and as its description too', async () => {
    const { release } = renderThread(
      { spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
      { ...threeMessages(), hold: new RegExp(`${MC}/v1/messages$`) },
    );
    const box = await ready();
    fireEvent.change(box, { target: { value: 'See you at 10' } });
    fireEvent.click(sendButton());
    const pending = (await within(list()).findByText('See you at 10')).closest('[part~="message"]') as HTMLElement;
    expect(pending.getAttribute('part')).toContain('message-pending');
    // (Written now, on the page's clock.)
    expect(within(list()).getByRole('group', { name: 'You See you at 10', description: /^\w+day, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M Sending…$/ })).toBe(
      pending,
    );
    expect(besideOf(pending)?.textContent).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    release();
  });
});

describe("<MessageThreadRoot archived> 'Message History'", () => {
  /** The sandbox's earlier messages of 1001 and 5001, newest first (its seed: three by each side, one a photo alone). */
  const EARLIER = [
    'Glad to hear it! Reach out any time.',
    'Thanks again. The new unit runs great.',
    null,
    'Thursday works. The side gate code is on the project notes.',
    'Happy to help. I can come by Thursday morning between 8 and 10.',
    'Hi, our water heater is leaking from the bottom. Could you take a look this week?',
  ];
  const history = () => screen.getByRole('region', { name: 'Earlier messages' });
  const items = () => within(history()).getAllByRole('listitem');

  it('lists the earlier messages read only, newest first, four at a time; the next four on Show older messages, with focus on the first of them', async () => {
    const { received, sandbox } = renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest, archived: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Message history with Jordan Rivera' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Messaging' }).getAttribute('href')).toBe(
      `/app/conversation/1001/thread/5001?leadId=${SANDBOX_LEADS.newest}`,
    );
    expect(within(crumbs).getByText('Message History').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe(
      `/app/conversation/1001/thread/5001?leadId=${SANDBOX_LEADS.newest}`,
    );

    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items().map((item) => item.querySelector('.lk-msg')?.textContent)).toEqual([
      ...EARLIER.slice(0, 2),
      'A photo or file (not kept in the history)',
      EARLIER[3],
    ]);
    // Who wrote each: the provider's as 'You' (on its side), the member's by name; each with its time.
    expect(items().map((item) => within(item).getByText(/^(You|Jordan Rivera)$/).textContent)).toEqual(['You', 'Jordan Rivera', 'You', 'Jordan Rivera']);
    expect(items()[0]!.querySelector('.lk-msg')?.getAttribute('data-own')).toBe('true');
    const newest = sandbox.store.activities
      .filter((a) => a.interactorId === 5001 && a.activityType === 'GenericMessage.v1')
      .sort((a, b) => b.createDate.localeCompare(a.createDate))[0]!;
    expect(within(items()[0]!).getByText(formatMessageTimestamp(newest.createDate)).getAttribute('datetime')).toBe(newest.createDate);

    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(items()).toHaveLength(6));
    expect(
      items()
        .slice(4)
        .map((item) => item.querySelector('.lk-msg')?.textContent),
    ).toEqual(EARLIER.slice(4));
    await waitFor(() => expect(document.activeElement).toBe(items()[4]));
    // Two pages of four, then nothing more to show.
    expect(received('GET', /\/v2\/interactions\/activities$/).map((r) => r.query?.offset)).toEqual(['0', '4']);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
    // Read only: no composer, no chat opened, nothing marked read.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(received('POST', /\/v1\/chat\/session$/)).toHaveLength(0);
    expect(received('PUT', /\/v1\/messages\/thread\/read$/)).toHaveLength(0);
  });

  it('says so when there are no earlier messages with the member', async () => {
    renderThread({ spId: 1001, userId: SANDBOX_LONG_THREAD.memberId, archived: true });
    expect(await screen.findByText('There are no earlier messages with Member.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it("against the spec's activity fields only (no actorId, text or counterpartId; the sandbox's spec profile): the link shows (spec §2), the history lists none of the member's messages, and says why", async () => {
    const sandbox = createSandboxGateway({ profile: 'spec' });
    renderThread({ spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest, archived: true }, { sandbox });
    // The name still comes from the lead (V2 customerInfo).
    expect(await screen.findByRole('heading', { level: 1, name: 'Message history with Jordan Rivera' })).toBeTruthy();
    // The gateway does not say with whom they were: they may be with other pros.
    expect(await screen.findByText('The messages kept for Jordan Rivera do not say which were with you, so none are shown here.')).toBeTruthy();
    expect(within(history()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it("without counterpartId, a member with messages with this pro and with another: only this pro's own are listed, the member's never", async () => {
    const sandbox = createSandboxGateway();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const message = (activityId: string, actorId: number, text: string, minutes: number) => ({
      activityId,
      activityType: 'GenericMessage.v1',
      createDate: at(minutes),
      interactorId: 5001,
      interactorType: 'Member' as const,
      counterpartId: actorId === 5001 ? 0 : actorId,
      actorId,
      text,
    });
    // A gateway that sends no counterpart: the newest four, the member's to another pro among them.
    sandbox.store.activities.push(
      message('to-other-pro', 5001, 'Can you quote a roof?', 4),
      message('pro-wrote', 1001, 'Thursday at 10 works.', 3),
      message('from-other-pro', 1002, 'Roofs from $9,000.', 2),
      message('member-wrote', 5001, 'Thanks!', 1),
    );
    // (The member's counterparts above are placeholders: every counterpart goes.)
    for (const each of sandbox.store.activities) delete (each as { counterpartId?: number }).counterpartId;
    renderThread({ spId: 1001, userId: 5001, archived: true }, { sandbox });
    expect(await within(history()).findByText('Thursday at 10 works.')).toBeTruthy();
    expect(items()).toHaveLength(1);
    for (const text of ['Can you quote a roof?', 'Roofs from $9,000.', 'Thanks!']) expect(screen.queryByText(text)).toBeNull();
  });

  it('keeps customer text as text', async () => {
    const sandbox = createSandboxGateway();
    const at = new Date().toISOString();
    sandbox.store.activities.push({
      activityId: 'act-x',
      activityType: 'GenericMessage.v1',
      createDate: at,
      interactorId: 5001,
      interactorType: 'Member',
      counterpartId: 1001,
      actorId: 5001,
      text: '<img src=x onerror=alert(1)> see https://example.com/a',
    });
    renderThread({ spId: 1001, userId: 5001, archived: true }, { sandbox });
    const body = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === '<img src=x onerror=alert(1)> see https://example.com/a',
    );
    expect(body.querySelector('img')).toBeNull();
    expect(within(body).getByRole('link').getAttribute('href')).toBe('https://example.com/a');
  });

  it('shows what failed with Try again, which loads the list', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: `GET ${MC}/v2/interactions/activities`, times: 1 });
    renderThread({ spId: 1001, userId: 5001, archived: true }, { sandbox });
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<MessageThreadRoot> contact modal', () => {
  it('opens Contact {member name} with the preferred contact information and a tel link; Esc closes it', async () => {
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive });
    await screen.findByRole('heading', { level: 1, name: 'Your messages with Zoe Vargas' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Zoe Vargas' });
    expect(within(dialog).getByRole('heading', { name: 'Preferred Contact Information' })).toBeTruthy();
    const tel = await within(dialog).findByRole('link');
    expect(tel.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(within(dialog).queryByText('Expired')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows Expired for a masked number past its life', async () => {
    renderThread({ spId: 1001, userId: 5006, leadId: SANDBOX_LEADS.maskedExpired });
    await screen.findByRole('heading', { level: 1, name: 'Your messages with Carmen Rossi' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Carmen Rossi' });
    expect(await within(dialog).findByText('Expired')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('shows Expired once the runtime clock passes the masked number’s life, though the gateway said active at load', async () => {
    const sandbox = createSandboxGateway();
    const later = () => new Date(Date.now() + 31 * 24 * 3_600_000);
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now: later });
    await screen.findByRole('heading', { level: 1, name: 'Your messages with Zoe Vargas' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Zoe Vargas' });
    expect(await within(dialog).findByText('Expired')).toBeTruthy();
  });

  it("without the lead's createDate and isSmsEnabled (not spec fields; the sandbox's spec profile): the gateway's maskedNumberActive alone decides, whatever the runtime clock", async () => {
    const sandbox = createSandboxGateway({ profile: 'spec' });
    const later = () => new Date(Date.now() + 31 * 24 * 3_600_000);
    renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now: later });
    await screen.findByRole('heading', { level: 1, name: 'Your messages with Zoe Vargas' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Zoe Vargas' });
    expect((await within(dialog).findByRole('link')).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(within(dialog).queryByText('Expired')).toBeNull();
  });

  it("keeps a masked number 30 days with the lead's texting on and 28 without: on day 29 one is active, the other expired", async () => {
    const day29 = () => new Date(Date.now() + 27 * 24 * 3_600_000); // the lead is two days old
    for (const sms of [true, false]) {
      const sandbox = createSandboxGateway();
      const lead = sandbox.store.leads.find((l) => l.leadId === SANDBOX_LEADS.maskedActive)!;
      for (const assignment of lead.assignments) assignment.isSmsEnabled = sms;
      renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now: day29 });
      await screen.findByRole('heading', { level: 1, name: 'Your messages with Zoe Vargas' });
      fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
      const dialog = await screen.findByRole('dialog', { name: 'Contact Zoe Vargas' });
      if (sms) expect((await within(dialog).findByRole('link')).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
      else expect(await within(dialog).findByText('Expired')).toBeTruthy();
      cleanup();
    }
  });
});

describe('<MessageThreadRoot> a long day: the pinned day and Jump to newest', () => {
  /**
   * happy-dom has no layout: each row measures 100 px (the virtualiser reads `offsetHeight`), the
   * list's viewport is the list's fallback 480 px, and the test scrolls by setting `scrollTop`.
   */
  const ROW_PX = 100;
  let restore: () => void = () => {};
  beforeEach(() => {
    const own = Object.getOwnPropertyDescriptor(HTMLLIElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLLIElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLLIElement) {
        return this.classList.contains('lk-thread__row') ? ROW_PX : 0;
      },
    });
    restore = () => {
      if (own) Object.defineProperty(HTMLLIElement.prototype, 'offsetHeight', own);
      else delete (HTMLLIElement.prototype as { offsetHeight?: number }).offsetHeight;
    };
  });
  afterEach(() => restore());

  /** 30 customer messages (a first page) over three days: 10 on Friday March 6, 10 on Saturday, 10 on Sunday March 8 (today). */
  function longDay() {
    let clock = new Date(2026, 2, 6, 9, 0);
    const sandbox = createSandboxGateway({ now: () => clock });
    for (let i = 0; i < 30; i++) {
      clock = new Date(2026, 2, 6 + Math.floor(i / 10), 9, i);
      sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text: `Message ${i}` });
    }
    clock = new Date(2026, 2, 8, 18, 0);
    const arrive = (text: string) =>
      act(() => {
        sandbox.chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text });
      });
    return { sandbox, now: () => clock, arrive };
  }

  /** The list's end: 30 rows and 24 px of padding under a 480 px view. */
  const END = 30 * ROW_PX + 24 - 480;
  /** Scrolls the list to `top` px, as a reader would (the virtualiser's own scrolls do not move happy-dom's). */
  /** The reader scrolls the list (a wheel turned, then the scroll it makes). */
  const scrollTo = (top: number) =>
    act(() => {
      fireEvent.wheel(list());
      list().scrollTop = top;
      fireEvent.scroll(list());
    });
  const jumpButton = () => screen.queryByRole('button', { name: /jump to newest/i });
  const pinnedDay = () => list().parentElement!.querySelector('[part="pinned-day"]');
  /** What the thread's polite live regions say now. */
  const politely = () => [...document.querySelectorAll('[role="status"][aria-live="polite"]')].map((region) => region.textContent);

  async function openLongDay() {
    const { sandbox, now, arrive } = longDay();
    const view = renderThread({ spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive }, { sandbox, now });
    await ready();
    await within(list()).findByText('Message 29', {}, { timeout: 15_000 });
    return { ...view, arrive };
  }

  it('shows no Jump to newest at the bottom; a message arriving there brings none, and is said without a count', async () => {
    const { arrive } = await openLongDay();
    scrollTo(END);
    expect(jumpButton()).toBeNull();
    arrive('Are you still there?');
    await within(list()).findByText('Are you still there?');
    expect(jumpButton()).toBeNull();
    await waitFor(() => expect(politely()).toEqual(['New message from Zoe Vargas: Are you still there?']));
  });

  it('shows Jump to newest once scrolled up; messages arriving below raise its count, said politely', async () => {
    const { arrive } = await openLongDay();
    scrollTo(END);
    expect(jumpButton()).toBeNull();
    scrollTo(1000);
    const button = await screen.findByRole('button', { name: 'Jump to newest' });
    expect(button.textContent).toBe('Jump to newest');
    arrive('First news');
    // (That the list stays where the reader is: test/e2e/message-thread.test.ts; happy-dom clamps scrollTop.)
    expect(await screen.findByRole('button', { name: '1 new message, jump to newest' })).toBeTruthy();
    arrive('Second news');
    const counted = await screen.findByRole('button', { name: '2 new messages, jump to newest' });
    expect(counted.textContent).toBe('2 new messages');
    // The thread's one live region says the count with the message (a line of its own).
    await waitFor(() => expect(politely()).toEqual(['New message from Zoe Vargas: Second news2 new messages']));
  });

  it('shows no Jump to newest while the list opening at its end stops short of it on the way (no reader input), and shows it once the reader scrolls up', async () => {
    await openLongDay();
    // The opening's own scroll, its rows measured taller than estimated: short of the end.
    act(() => {
      list().scrollTop = 1000;
      fireEvent.scroll(list());
    });
    expect(jumpButton()).toBeNull();
    scrollTo(900);
    expect(await screen.findByRole('button', { name: 'Jump to newest' })).toBeTruthy();
  });

  it('counts the newest message the list opened at as seen, though the reader scrolls up before the list says where it is', async () => {
    // The list opens at its end (the newest message on screen); a fast flick up comes before any
    // scroll event at the end (here none comes at all: the virtualiser's scroll does not move
    // happy-dom's list). Nothing came below what the reader saw: no count.
    await openLongDay();
    scrollTo(1000);
    const button = await screen.findByRole('button', { name: 'Jump to newest' });
    expect(button.textContent).toBe('Jump to newest');
    expect(politely()).toEqual(['']);
  });

  it('Jump to newest scrolls to the end, focuses the newest message and goes', async () => {
    const { arrive } = await openLongDay();
    scrollTo(END);
    expect(jumpButton()).toBeNull();
    scrollTo(500);
    arrive('Look at this');
    fireEvent.click(await screen.findByRole('button', { name: '1 new message, jump to newest' }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Look at this'));
    expect(document.activeElement?.getAttribute('role')).toBe('group');
    expect(jumpButton()).toBeNull();
    // (The scroll itself: test/e2e/message-thread.test.ts.)
  });

  it("pins the day of the messages at the list's top, a copy hidden from screen readers (one heading per day)", async () => {
    await openLongDay();
    // Rows 10–19 are Saturday's (yesterday), 20–29 Sunday's (today); rows start 12 px down.
    scrollTo(12 + 14 * ROW_PX);
    await waitFor(() => expect(pinnedDay()?.textContent).toBe('Yesterday'));
    expect(pinnedDay()?.getAttribute('aria-hidden')).toBe('true');
    scrollTo(12 + 24 * ROW_PX);
    await waitFor(() => expect(pinnedDay()?.textContent).toBe('Today'));
    scrollTo(12 + 3 * ROW_PX);
    await waitFor(() => expect(pinnedDay()?.textContent).toBe('Friday, March 6, 2026'));
    // The next day's separator coming up under it takes its place.
    scrollTo(12 + 10 * ROW_PX - 10);
    await waitFor(() => expect(pinnedDay()).toBeNull());
    expect(within(list()).getAllByRole('heading', { level: 2, name: 'Yesterday' })).toHaveLength(1);
  });
});
