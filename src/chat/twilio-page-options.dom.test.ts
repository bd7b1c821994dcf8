import { afterEach, describe, expect, it } from 'vitest';
import { pageTwilioOptions, TWILSOCK_URI_META } from './twilio-page-options';

function withMeta(content: string): void {
  const meta = document.createElement('meta');
  meta.name = TWILSOCK_URI_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});

describe("the CDN build's Twilio options from its page", () => {
  it('points the SDK’s socket at a loopback stand-in named by the page, its logs silent', () => {
    withMeta('ws://127.0.0.1:4011/v3/wsconnect');
    expect(pageTwilioOptions()).toEqual({ clientOptions: { logLevel: 'silent', Twilsock: { uri: 'ws://127.0.0.1:4011/v3/wsconnect' } } });
  });

  it('leaves Twilio’s own without the meta, or for an address that is not loopback or not a socket', () => {
    expect(pageTwilioOptions()).toEqual({});
    for (const content of ['wss://tsock.example.com/v3/wsconnect', 'http://127.0.0.1:4011/', 'not a url', 'ws://127.0.0.1.example.com/']) {
      withMeta(content);
      expect(pageTwilioOptions(), content).toEqual({});
      for (const meta of document.head.querySelectorAll('meta')) meta.remove();
    }
    expect(pageTwilioOptions(undefined)).toEqual({});
  });

  it('ignores the meta on a page that is not itself on a loopback origin (injected markup redirects nothing)', () => {
    withMeta('ws://127.0.0.1:4011/v3/wsconnect');
    expect(location.hostname).toBe('localhost');
    expect(pageTwilioOptions()).not.toEqual({});
    for (const hostname of ['office.example.com', '127.0.0.1.example.com', 'localhost.example.com']) {
      const page = { querySelector: document.querySelector.bind(document), location: { hostname } };
      expect(pageTwilioOptions(page), hostname).toEqual({});
    }
  });
});
