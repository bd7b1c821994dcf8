import type { ChatClientFactory } from '../chat/chat-client';
import type { HeicConverter } from '../chat/peer-defaults';
import { pageTwilioOptions } from '../chat/twilio-page-options';

/**
 * The CDN build's stand-in for src/chat/peer-defaults.ts (vite.cdn.config.ts swaps them): both
 * optional peers are bundled, each in a chunk of its own fetched only when needed — Twilio when a
 * thread opens on it (the CDN loader starts it beside the thread's code: a first-content mark),
 * the HEIC converter when an iPhone photo is picked. A page may point Twilio's socket at the
 * sandbox's stand-in (chat/twilio-page-options.ts: a development switch, loopback only).
 */
export const defaultTwilioChat: (() => Promise<ChatClientFactory>) | null = () =>
  import(/* lk:first-content attr:chat-service=,twilio */ '../twilio').then((twilio) => twilio.createTwilioChatClientFactory(pageTwilioOptions()));

export const defaultHeicConverter: HeicConverter | null = () => import('heic-to/csp');
