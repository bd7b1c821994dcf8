/**
 * The thread's journeys on both chat adapters (issue 65 §2): the example server started with
 * `SANDBOX_CHAT=sandbox` (leadkit's sandbox adapter: HTTP and server-sent events) or
 * `SANDBOX_CHAT=twilio` (leadkit's Twilio adapter with the real @twilio/conversations SDK from the
 * CDN build, against the sandbox's stand-in for Twilio: scripts/sandbox-chat.ts,
 * packages/sandbox/README.md#the-twilio-stand-in). Both answer from the same chat store, so a
 * journey's texts, customer and faults are the same; what differs is how a request shows.
 */
import { expect } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';

export type ChatService = 'sandbox' | 'twilio';
export const CHAT_SERVICES: readonly ChatService[] = ['sandbox', 'twilio'];

/** The example server's environment for a chat service (test/e2e/pool-client.ts passes it on). */
export const chatServerEnv = (chat: ChatService): Record<string, string> => ({ SANDBOX_CHAT: chat });

/** An upstream request the Twilio stand-in answered (GET /sandbox/twilio/requests). */
export interface TwilioUpstreamRequest {
  identity: string;
  method: string;
  /** Host and path with the query, e.g. `cds.us1.twilio.com/v3/Lists/CH….messages/Items?…`. */
  url: string;
  body: unknown;
  status: number;
}

/** What the Twilio stand-in of the server at `origin` received since the last reset. */
export async function twilioRequests(origin: string): Promise<TwilioUpstreamRequest[]> {
  const answer = await fetch(`${origin}/sandbox/twilio/requests`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { requests: TwilioUpstreamRequest[] }).requests;
}

/** Ends every connection of the server's Twilio stand-in as a lost network does; how many there were. */
export async function dropTwilioConnections(origin: string): Promise<number> {
  const answer = await fetch(`${origin}/sandbox/twilio/drop`, { method: 'POST' });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { dropped: number }).dropped;
}

/**
 * A photo's upload as the page sends it: to the sandbox's chat (`POST …/conversations/<CH>/media`)
 * or to Twilio's media service (`POST …/Services/<IS>/Media?Category=media&Filename=…`, the
 * stand-in's origin).
 */
export function isMediaUpload(chat: ChatService, request: Request): boolean {
  if (request.method() !== 'POST') return false;
  const { pathname } = new URL(request.url());
  return chat === 'sandbox' ? /\/chat\/conversations\/[^/]+\/media$/.test(pathname) : /\/Services\/[^/]+\/Media$/.test(pathname);
}

/** The file name an upload names: a header for the sandbox, the query for Twilio's media service. */
export function uploadFilename(chat: ChatService, request: Request): string | null {
  return chat === 'sandbox' ? (request.headers()['x-media-filename'] ?? null) : new URL(request.url()).searchParams.get('Filename');
}

/** The thread (or the app holding it) is on this chat service: a Twilio run that quietly ran on the sandbox would prove nothing. */
export async function expectChatService(root: Locator, chat: ChatService): Promise<void> {
  expect(await root.getAttribute('chat-service')).toBe(chat);
}

/**
 * Resolves true once `text` is anywhere in the page (shadow roots too), watched from the page
 * from the call on at every frame — a state that lasts a moment (the customer typing, a
 * reconnection) is seen even when a read from here would come too late — or false after `timeoutMs`.
 */
export function textSeen(page: Page, text: string, timeoutMs = 30_000): Promise<boolean> {
  return page.evaluate(
    ([wanted, limit]) =>
      new Promise<boolean>((resolve) => {
        const deep = (node: Node | null): string => {
          if (!node) return '';
          const own = node instanceof Element && node.shadowRoot ? deep(node.shadowRoot) : '';
          return own + [...node.childNodes].map((child) => (child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '') : deep(child))).join('');
        };
        const started = performance.now();
        const tick = () => {
          if (deep(document.body).includes(wanted)) resolve(true);
          else if (performance.now() - started > limit) resolve(false);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [text, timeoutMs] as const,
  );
}

/** The texts the sandbox at `origin` stored in a provider's thread with a member (Jordan Rivera's by default), read back through the gateway. */
export async function storedTexts(origin: string, { spId = 1001, userId = 5001 } = {}): Promise<string[]> {
  const mc = '/gateway/message-center';
  const provider = { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(spId) };
  const session = (await (
    await fetch(`${origin}${mc}/v1/chat/session`, { method: 'POST', headers: provider, body: JSON.stringify({ serviceProviderId: spId, userId }) })
  ).json()) as { conversationSid: string; token: string };
  const page = (await (
    await fetch(`${origin}${mc}/v1/chat/conversations/${session.conversationSid}/messages?pageSize=100`, {
      headers: { ...provider, Authorization: `Bearer ${session.token}` },
    })
  ).json()) as { messages: { body: string | null }[] };
  return page.messages.map((m) => m.body ?? '');
}
