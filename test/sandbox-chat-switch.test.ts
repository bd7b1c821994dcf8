import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandboxChatFrom, withSandboxChat } from '../scripts/sandbox-chat';

const page = (name: string) => readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8');
const URI = 'ws://127.0.0.1:4011/v3/wsconnect';

describe('SANDBOX_CHAT: the example pages on the sandbox’s chat or on Twilio’s stand-in (scripts/sandbox-chat.ts)', () => {
  it('reads the switch: sandbox by default, twilio, nothing else', () => {
    expect([sandboxChatFrom(undefined), sandboxChatFrom(''), sandboxChatFrom('sandbox'), sandboxChatFrom('twilio')]).toEqual([
      'sandbox',
      'sandbox',
      'sandbox',
      'twilio',
    ]);
    expect(() => sandboxChatFrom('Twilio')).toThrow(/use sandbox \(the default\) or twilio/);
  });

  it('serves the pages as written on the sandbox’s chat, or without the stand-in', () => {
    const html = page('office-thread.html');
    expect(withSandboxChat(html, 'sandbox', URI)).toBe(html);
    expect(withSandboxChat(html, 'twilio', null)).toBe(html);
  });

  it('moves the thread and the office app to Twilio, naming the stand-in’s socket in the page', () => {
    for (const name of ['office-thread.html', 'app.html', 'message-thread.html']) {
      const html = withSandboxChat(page(name), 'twilio', URI);
      expect(html, name).not.toContain('chat-service="sandbox"');
      expect(html, name).toMatch(/<meta name="leadkit-twilsock-uri" content="ws:\/\/127\.0\.0\.1:4011\/v3\/wsconnect" \/>\s*<\/head>/);
    }
    expect(withSandboxChat(page('office-thread.html'), 'twilio', URI)).toContain(
      '<message-thread id="thread" sp-id="1001" user-id="5003" lead-id="300002" auth-mode="provider" chat-service="twilio">',
    );
    expect(withSandboxChat(page('app.html'), 'twilio', URI)).toContain('chat-service="twilio"');
    // The thread page's host script picks the service by the meta.
    expect(page('message-thread.js')).toContain("document.querySelector('meta[name=\"leadkit-twilsock-uri\"]') ? 'twilio' : 'sandbox'");
  });
});
