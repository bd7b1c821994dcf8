import type { ChatClientFactory } from '../../chat/chat-client';

/**
 * The chat client factory of a thread: the host's `chat` property when given, else the adapter
 * named by the `chat-service` attribute — `sandbox` (the sandbox gateway's chat service, at the
 * gateway's base URL) or `twilio` (the default: Twilio Conversations). Either adapter is
 * imported only when a thread opens: neither is in a widget's first load.
 */
export type ChatServiceName = 'twilio' | 'sandbox';

export function chatFactoryFor(given: ChatClientFactory | null, service: string | null | undefined): () => Promise<ChatClientFactory> {
  if (given) return () => Promise.resolve(given);
  // The CDN loader fetches the adapter the attribute names beside the thread's own code.
  if (service === 'sandbox') return () => import(/* lk:first-content attr:chat-service=sandbox */ '../../chat/sandbox-chat-client').then((adapter) => adapter.createSandboxChatClientFactory());
  return () => import(/* lk:first-content attr:chat-service=,twilio */ '../../chat/twilio-chat-client').then((adapter) => adapter.createTwilioChatClientFactory());
}

/** The host page's campaign id cookie (`campaignId`; §7 "campaignId (from a cookie)"), or null. */
export const CAMPAIGN_COOKIE = 'campaignId';

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

export function campaignIdFromCookie(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, CAMPAIGN_COOKIE);
}
