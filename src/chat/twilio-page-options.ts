import type { TwilioChatOptions } from './twilio-chat-client';

/**
 * The CDN build's Twilio options from its page (src/cdn/peer-defaults.ts): a page may point the
 * SDK's socket at the sandbox's stand-in for Twilio (packages/sandbox/README.md#the-twilio-stand-in;
 * `SANDBOX_CHAT=twilio npm start` adds it to the example pages) with
 *
 *     <meta name="leadkit-twilsock-uri" content="ws://127.0.0.1:4011/v3/wsconnect">
 *
 * A development switch only: honoured where the page itself is on a loopback origin and the
 * socket is a loopback address (127.0.0.1, ::1, localhost). On a production page the meta is
 * ignored, so markup injected into it cannot point the socket (and the chat token in its `init`)
 * at a port on the pro's own machine. Without it (or elsewhere) the SDK connects to Twilio.
 * @internal Exported for tests.
 */
export const TWILSOCK_URI_META = 'leadkit-twilsock-uri';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The page's own place: where it is served from decides whether the switch is honoured. */
type PageLike = Pick<Document, 'querySelector'> & { readonly location?: { readonly hostname: string } | null };

export function pageTwilioOptions(page: PageLike | undefined = globalThis.document): TwilioChatOptions {
  if (!page?.location || !LOOPBACK.has(page.location.hostname)) return {};
  const content = page.querySelector<HTMLMetaElement>(`meta[name="${TWILSOCK_URI_META}"]`)?.content;
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
