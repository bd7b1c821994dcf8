import { describe, expect, it, vi } from 'vitest';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from '../../gateway/core/client';
import { ChatError, type ChatMessage } from '../../chat/chat-client';
import { readCookie } from '../../gateway/lead/message-contact';
import { chatFactoryFor, TWILIO_NOT_GIVEN_HINT } from '../../chat/chat-factory';
import { linkify } from './bubbles/message-text';
import { threadFirstCalls } from './thread-atoms';
import { mergeMessages } from './session/thread-snapshot';

const message = (index: number, body = `#${index}`): ChatMessage => ({
  index,
  sid: `m${index}`,
  author: 'member-1',
  body,
  dateCreated: null,
  media: [],
  attributes: {},
});

describe('linkify (customer text: links only for https, mailto, tel)', () => {
  it('links https, mailto and tel, without trailing punctuation', () => {
    expect(linkify('See https://a.example/x?y=1. Or mailto:jo@a.example, tel:+13035550142!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://a.example/x?y=1', href: 'https://a.example/x?y=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'mailto:jo@a.example', href: 'mailto:jo@a.example' },
      { kind: 'text', text: ', ' },
      { kind: 'link', text: 'tel:+13035550142', href: 'tel:+13035550142' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('links a typed mailto: only to its address: cc, bcc and body are dropped, the address encoded', () => {
    expect(linkify('mailto:jo@a.example?cc=victim@evil.example&body=hi')).toEqual([
      { kind: 'link', text: 'mailto:jo@a.example?cc=victim@evil.example&body=hi', href: 'mailto:jo@a.example' },
    ]);
    // No address before the '?': plain text.
    expect(linkify('mailto:?to=victim@evil.example')).toEqual([{ kind: 'text', text: 'mailto:?to=victim@evil.example' }]);
    expect(linkify('mailto:a%3Fcc%3Dv@evil.example')[0]).toMatchObject({ kind: 'link', href: 'mailto:a%3Fcc%3Dv@evil.example' });
  });

  it('leaves http, javascript, data and markup as text', () => {
    const text = 'http://a.example javascript:alert(1) data:text/html,<b>x</b> <img src=x>';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });
});

describe('mergeMessages (by index, oldest first, no duplicates)', () => {
  it('appends a new message, prepends an older page and drops a message seen twice', () => {
    const page = [message(10), message(11)];
    expect(mergeMessages(page, [message(12)]).map((m) => m.index)).toEqual([10, 11, 12]);
    expect(mergeMessages(page, [message(8), message(9)]).map((m) => m.index)).toEqual([8, 9, 10, 11]);
    expect(mergeMessages(page, [message(11, 'again'), message(12)]).map((m) => [m.index, m.body])).toEqual([
      [10, '#10'],
      [11, 'again'],
      [12, '#12'],
    ]);
  });
});

describe('chat factory and campaign cookie', () => {
  it('reads the campaign id cookie by name only', () => {
    expect(readCookie('a=1; campaignId=spring%202025; x=2', 'campaignId')).toBe('spring 2025');
    expect(readCookie('mycampaignId=1', 'campaignId')).toBeNull();
    expect(readCookie('', 'campaignId')).toBeNull();
  });

  it('uses the host’s factory when given', async () => {
    const given = async () => {
      throw new Error('not called here');
    };
    expect(await chatFactoryFor(given, 'sandbox')()).toBe(given);
  });

  it('from npm, a thread given no chat (chat-service unset or twilio) fails as sdk-missing and names leadkit/twilio: no module of leadkit imports the optional peer', async () => {
    for (const service of [undefined, null, '', 'twilio']) {
      const failure = await chatFactoryFor(null, service)().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChatError);
      expect(failure).toMatchObject({ kind: 'sdk-missing', hint: TWILIO_NOT_GIVEN_HINT });
    }
    expect(TWILIO_NOT_GIVEN_HINT).toContain("createTwilioChatClientFactory()` from 'leadkit/twilio'");
    expect(TWILIO_NOT_GIVEN_HINT).toContain('chat-service="sandbox"');
  });
});

describe("threadFirstCalls (the CDN loader's first calls)", () => {
  it("hold the session call only when the host gives no getChatToken; the host's is never asked early", async () => {
    const { fetch, requests } = recordingFetch(() => json(500, {}));
    const plain = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch, retry: { retries: 0 } });
    await Promise.allSettled(threadFirstCalls(plain, 1001, 5001, 300001));
    expect(requests.map((request) => new URL(request.url).pathname)).toContain('/gateway/message-center/v1/chat/session');
    requests.length = 0;
    const getChatToken = vi.fn();
    const hosted = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch, retry: { retries: 0 }, getChatToken });
    const calls = threadFirstCalls(hosted, 1001, 5001, 300001);
    await Promise.allSettled(calls);
    expect(calls).toHaveLength(3);
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain('/gateway/message-center/v1/chat/session');
    expect(getChatToken).not.toHaveBeenCalled();
  });
});
