/**
 * `SANDBOX_CHAT`: which chat service `npm start`'s example pages use (scripts/start.ts).
 *
 * - `sandbox` (default): the sandbox gateway's chat service, as the pages are written
 *   (`chat-service="sandbox"`: leadkit's sandbox adapter, HTTP and SSE).
 * - `twilio`: leadkit's Twilio adapter with the real @twilio/conversations SDK (bundled in the
 *   CDN build), against the sandbox's stand-in for Twilio (packages/sandbox/README.md#the-twilio-stand-in),
 *   which answers from the same chat store: the same conversations, customer and faults. Each
 *   page is served with `chat-service="twilio"` and `<meta name="leadkit-twilsock-uri">`
 *   naming the stand-in's socket, which the CDN build's Twilio adapter reads
 *   (src/chat/twilio-page-options.ts: loopback addresses only).
 */
export type SandboxChat = 'sandbox' | 'twilio';

export function sandboxChatFrom(value: string | undefined): SandboxChat {
  if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
  if (value === 'twilio') return 'twilio';
  throw new Error(`SANDBOX_CHAT=${value}: use sandbox (the default) or twilio`);
}

/** An example page for the chosen chat service: as written for `sandbox`; moved to Twilio on the stand-in at `twilsockUri` for `twilio`. */
export function withSandboxChat(html: string, chat: SandboxChat, twilsockUri: string | null): string {
  if (chat === 'sandbox' || twilsockUri === null) return html;
  const meta = `<meta name="leadkit-twilsock-uri" content="${twilsockUri.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}" />`;
  return html.replace(/\bchat-service="sandbox"/g, 'chat-service="twilio"').replace('</head>', `  ${meta}\n  </head>`);
}
