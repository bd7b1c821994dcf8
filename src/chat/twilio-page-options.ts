import type { TwilioChatOptions } from './twilio-chat-client';

/**
 * The CDN build's Twilio options from its page (src/cdn/peer-defaults.ts): a page may point the
 * SDK's socket at the sandbox's stand-in for Twilio (packages/sandbox/README.md#the-twilio-stand-in;
 * `SANDBOX_CHAT=twilio npm start` adds it to the example pages) with
 *
 *     <meta name="leadkit-twilsock-uri" content="ws://127.0.0.1:4011/v3/wsconnect">
 *
 * A loopback address only (127.0.0.1, ::1, localhost): a development switch, never a way to send
 * a production page's chat token elsewhere (markup injected into a page cannot redirect it).
 * Without it (or with another address) the SDK connects to Twilio, with its logs silent.
 * @internal Exported for tests.
 */
export const TWILSOCK_URI_META = 'leadkit-twilsock-uri';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function pageTwilioOptions(page: Pick<Document, 'querySelector'> | undefined = globalThis.document): TwilioChatOptions {
  const content = page?.querySelector<HTMLMetaElement>(`meta[name="${TWILSOCK_URI_META}"]`)?.content;
  if (!content) return {};
  let url: URL;
  try {
    url = new URL(content);
  } catch {
    return {};
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || !LOOPBACK.has(url.hostname)) return {};
  return { clientOptions: { logLevel: 'silent', Twilsock: { uri: url.href } } };
}
