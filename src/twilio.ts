/**
 * `leadkit/twilio`: the message thread's chat over Twilio Conversations. The one module of leadkit
 * that imports the optional peer `@twilio/conversations` (`npm install @twilio/conversations`):
 * import it only where you want Twilio, and give its factory to the thread:
 *
 *     import { createTwilioChatClientFactory } from 'leadkit/twilio';
 *     thread.chat = createTwilioChatClientFactory(); // React: <MessageThread chat={…} />
 *
 * The SDK is a dynamic import: a chunk of its own, never in another widget's first load. A
 * thread on Twilio needs it for its first messages, so it is part of that thread's first content
 * when its `chat-service` chooses Twilio (the mark below): the CDN loader fetches it beside the
 * thread's code, whose first-screen chunk holds this adapter (scripts/first-screen-chunks.ts).
 */
import type { ChatClientFactory } from './chat/chat-client';
import { createTwilioChatAdapter, type TwilioChatOptions } from './chat/twilio-chat-client';
import { loadTwilioSdk } from './chat/twilio-sdk';

// The CDN loader fetches the SDK with the thread's code when the thread is on Twilio (a first-content mark): its first messages need it.
const importSdk = () => import(/* lk:first-content attr:chat-service=,twilio */ '@twilio/conversations');

/** A chat client factory for Twilio Conversations; its token comes from the gateway's chat-session call. */
export function createTwilioChatClientFactory(options: TwilioChatOptions = {}): ChatClientFactory {
  return createTwilioChatAdapter({ ...options, loadSdk: options.loadSdk ?? (() => loadTwilioSdk(importSdk)) });
}

export type { TwilioChatOptions } from './chat/twilio-chat-client';
export { TWILIO_SDK_MISSING_HINT, type TwilioClientOptions, type TwilioSdk } from './chat/twilio-sdk';
