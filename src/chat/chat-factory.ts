import { ChatError, type ChatClientFactory } from './chat-client';
import { defaultTwilioChat } from './peer-defaults';

/**
 * The chat client factory of a thread (and of the board's quick answer, which sends the thread's way): the host's `chat` property when given, else the adapter
 * named by the `chat-service` attribute — `sandbox` (the sandbox gateway's chat service, at the
 * gateway's base URL) or `twilio` (the default: Twilio Conversations — bundled in the CDN build;
 * from npm the host gives it, `createTwilioChatClientFactory()` of `leadkit/twilio`, so that no
 * bundler has to resolve the optional peer for a host that does not use it). Either adapter is
 * imported only when a thread opens: neither is in a widget's first load.
 */
function adapterFor(given: ChatClientFactory | null, service: string | null | undefined): (() => Promise<ChatClientFactory>) | null {
  if (given) return () => Promise.resolve(given);
  // The CDN loader fetches the adapter the attribute names beside the thread's own code.
  if (service === 'sandbox')
    return () => import(/* lk:first-content attr:chat-service=sandbox */ './sandbox-chat-client').then((adapter) => adapter.createSandboxChatClientFactory());
  return defaultTwilioChat;
}

export function chatFactoryFor(given: ChatClientFactory | null, service: string | null | undefined): () => Promise<ChatClientFactory> {
  return adapterFor(given, service) ?? (() => Promise.reject(new ChatError({ kind: 'sdk-missing', operation: 'chat.loadSdk', hint: TWILIO_NOT_GIVEN_HINT })));
}

/** Whether there is an adapter for these inputs (false: `chatFactoryFor` gives the `sdk-missing` failure — npm's leadkit with no `chat` given). */
export function hasChatFactory(given: ChatClientFactory | null, service: string | null | undefined): boolean {
  return adapterFor(given, service) !== null;
}

/**
 * What a developer reads when a thread on npm's leadkit was given no chat (`lk-error` kind `chat-sdk-missing`).
 * @internal Exported for tests.
 */
export const TWILIO_NOT_GIVEN_HINT =
  "No chat client for <message-thread>: give it a `chat` property — `createTwilioChatClientFactory()` from 'leadkit/twilio' (after `npm install @twilio/conversations`), `createSandboxChatClientFactory()` or your own ChatClientFactory — or set chat-service=\"sandbox\" to use the sandbox gateway's chat.";
