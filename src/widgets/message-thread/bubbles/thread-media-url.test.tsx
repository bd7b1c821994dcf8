import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ChatMessage } from '../../../chat/chat-client';
import { createGatewayClient } from '../../../gateway/core/client';
import { WidgetShell } from '../../../runtime/widget-shell';
import { MESSAGE_THREAD_CATALOGUE } from '../message-thread-messages';
import { MessageBubble, type BubbleFocus } from './thread-bubbles';
import { sentenceOf } from '../../../gateway/core/setup-sentences';
import { refusedMedia, shownMediaUrl } from './thread-media-url';

const refusedMediaHint = (source: string) => `leadkit: ${sentenceOf(refusedMedia(source))}`;

/**
 * A media URL the thread refuses (not https:, blob: or this page's origin): the photo stays a
 * placeholder, and the console says why — once per origin per page, naming the origin only.
 */

const focus: BubbleFocus = { tabIndex: -1, revealed: false, onFocus() {}, onKeyDown() {}, onClick() {} };

function photoMessage(index: number, urls: readonly string[]): ChatMessage {
  return {
    index,
    sid: `IM${index}`,
    author: 'member-5001',
    body: null,
    dateCreated: new Date(2026, 10, 2, 9, index),
    attributes: {},
    media: urls.map((url, i) => ({
      sid: `ME${index}-${i}`,
      contentType: 'image/jpeg',
      filename: `photo-${index}-${i}.jpg`,
      size: 1000,
      getUrl: async () => url,
    })),
  };
}

/** A thread's bubbles (the widget's own bubble component in its shell), one per message. */
function renderBubbles(messages: readonly ChatMessage[], host: EventTarget = new EventTarget()) {
  const gateway = createGatewayClient({
    baseURL: '',
    auth: { kind: 'provider', spId: 1001 },
    fetch: (async () => new Response(null, { status: 204 })) as typeof fetch,
  });
  return render(
    <WidgetShell owner={host} host={host} catalogue={MESSAGE_THREAD_CATALOGUE} inputs={{ gateway }}>
      {messages.map((message) => (
        <MessageBubble
          key={message.sid}
          message={message}
          own={false}
          stamp={false}
          state={null}
          receipt={null}
          memberName="Jordan Rivera"
          onLinkClick={() => {}}
          focus={focus}
        />
      ))}
    </WidgetShell>,
  );
}

const photo = (name: string) => screen.getByRole('img', { name });

afterEach(() => {
  cleanup();
});

describe('a media URL the thread refuses', () => {
  it('shows the placeholder and warns once per origin, naming the rule, the fix and the origin only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = location.origin;
    const host = new EventTarget();
    const errors: unknown[] = [];
    host.addEventListener('lk-error', (event) => errors.push((event as CustomEvent).detail));
    renderBubbles(
      [
        photoMessage(1, ['http://photos.example.com/customers/ann-lee/kitchen.jpg?token=s3cret', 'http://photos.example.com/customers/ann-lee/sink.jpg']),
        photoMessage(2, ['http://media.example.org:8080/m/2.jpg', 'https://media.example.net/m/3.jpg', `${page}/media/4.jpg`]),
      ],
      host,
    );
    // The allowed ones load (https:, and http: on this page's origin, as its path: the URL gate's form).
    await waitFor(() => expect(photo('photo-2-1.jpg').getAttribute('src')).toBe('https://media.example.net/m/3.jpg'));
    await waitFor(() => expect(photo('photo-2-2.jpg').getAttribute('src')).toBe('/media/4.jpg'));
    // Two photos from one origin: one warning; another origin: another.
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls).toEqual([[refusedMediaHint('http://photos.example.com')], [refusedMediaHint('http://media.example.org:8080')]]);
    expect(warn.mock.calls[0]![0]).toBe(
      "leadkit: <message-thread> shows a placeholder instead of media from http://photos.example.com: a message's photos and files load only from https: URLs, blob: URLs or this page's own origin. Serve the media over https: (or from this page's origin), or have the chat hand out object URLs (`createSandboxChatClientFactory({ mediaUrls: 'object-url' })`). https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs#media-refused",
    );
    // Never the path or query (a customer's file, a token).
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/ann-lee|kitchen|s3cret|\/m\/2\.jpg/);
    // The host hears it once on the element, with the cause's code and the first origin's sentence.
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toEqual({
      widget: 'leadkit',
      status: null,
      kind: 'setup',
      cause: 'media-refused',
      message: sentenceOf(refusedMedia('http://photos.example.com')),
    });
    // The refused ones stay placeholders: nothing is loaded from them.
    for (const name of ['photo-1-0.jpg', 'photo-1-1.jpg', 'photo-2-0.jpg']) {
      expect(photo(name).tagName).toBe('SPAN');
      expect(photo(name).getAttribute('src')).toBeNull();
    }

    // Another thread on the same page, with a photo from an origin already named: no new warning.
    cleanup();
    renderBubbles([photoMessage(3, ['http://photos.example.com/customers/bo/3.jpg', 'https://media.example.net/m/5.jpg'])]);
    await waitFor(() => expect(photo('photo-3-1.jpg').getAttribute('src')).toBe('https://media.example.net/m/5.jpg'));
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('is remembered per page: another document warns again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const other = document.implementation.createHTMLDocument('another page');
    expect(shownMediaUrl('data:image/png;base64,iVBORw0KGgo=', other)).toBeNull();
    expect(shownMediaUrl('data:image/png;base64,AAAA', other)).toBeNull();
    expect(shownMediaUrl('https://media.example.net/m/6.jpg', other)).toBe('https://media.example.net/m/6.jpg');
    await vi.waitFor(() => expect(warn.mock.calls).toEqual([[refusedMediaHint('data:')]]));
    expect(shownMediaUrl('data:image/png;base64,iVBORw0KGgo=', document)).toBeNull();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
  });
});
