import { describe, expect, it } from 'vitest';
import type { FirstContent } from '../contract/first-content';
import { firstContentPreloads } from './first-content-preloads';

const CONTENT: FirstContent = {
  tags: {
    'lead-board': ['chunks/board.js', 'chunks/runtime.js', 'chunks/list.js'],
    'message-thread': ['chunks/thread.js', 'chunks/runtime.js', 'chunks/list.js'],
    'lead-app': ['chunks/app.js', 'chunks/runtime.js'],
  },
  routes: { 'lead-app': { base: '/app', patterns: [['/lead/board/:serviceProviderId', ['chunks/board.js', 'chunks/list.js']]] } },
  runtime: 'chunks/runtime.js',
  attrs: {
    'message-thread': [
      ['chat-service', ['', 'twilio'], ['chunks/twilio.js'], null],
      ['chat-service', ['sandbox'], ['chunks/sandbox-chat.js'], null],
    ],
  },
};
/** As a host reads it: the JSON text parsed (untyped). */
const json: unknown = JSON.parse(JSON.stringify(CONTENT));

describe('firstContentPreloads (leadkit/server)', () => {
  it("names each tag's first-content files under the CDN folder, each once, in the loader's order", () => {
    expect(
      firstContentPreloads(json, { tags: ['lead-board', { tag: 'message-thread', attributes: { 'chat-service': 'sandbox' } }], base: '/assets/leadkit/0.3.0' }),
    ).toEqual([
      '/assets/leadkit/0.3.0/chunks/board.js',
      '/assets/leadkit/0.3.0/chunks/runtime.js',
      '/assets/leadkit/0.3.0/chunks/list.js',
      '/assets/leadkit/0.3.0/chunks/thread.js',
      '/assets/leadkit/0.3.0/chunks/sandbox-chat.js',
    ]);
  });

  it('takes a thread without chat-service as the loader does: the default adapter (Twilio)', () => {
    expect(firstContentPreloads(json, { tags: ['message-thread'], base: 'https://cdn.example.com/leadkit/' })).toEqual([
      'https://cdn.example.com/leadkit/chunks/thread.js',
      'https://cdn.example.com/leadkit/chunks/runtime.js',
      'https://cdn.example.com/leadkit/chunks/list.js',
      'https://cdn.example.com/leadkit/chunks/twilio.js',
    ]);
  });

  it("adds <lead-app>'s route at the page's URL (a path or a whole URL, query ignored), none elsewhere", () => {
    const board = ['/cdn/chunks/app.js', '/cdn/chunks/runtime.js', '/cdn/chunks/board.js', '/cdn/chunks/list.js'];
    expect(firstContentPreloads(json, { tags: ['lead-app'], base: '/cdn/', url: '/app/lead/board/1001?x=1' })).toEqual(board);
    expect(firstContentPreloads(json, { tags: ['lead-app'], base: '/cdn/', url: new URL('https://office.example.com/app/lead/board/1001') })).toEqual(board);
    expect(firstContentPreloads(json, { tags: ['lead-app'], base: '/cdn/', url: '/app/settings' })).toEqual(['/cdn/chunks/app.js', '/cdn/chunks/runtime.js']);
    expect(firstContentPreloads(json, { tags: ['lead-app'], base: '/cdn/' })).toEqual(['/cdn/chunks/app.js', '/cdn/chunks/runtime.js']);
    // The element's own base, as it is written in the page.
    expect(firstContentPreloads(json, { tags: [{ tag: 'lead-app', attributes: { base: '/office' } }], base: '/cdn/', url: '/office/lead/board/7' })).toEqual(
      board,
    );
  });

  it('gives nothing for a page without leadkit tags', () => {
    expect(firstContentPreloads(json, { tags: [], base: '/cdn/' })).toEqual([]);
  });

  it('says what is wrong with another file or another version', () => {
    expect(() => firstContentPreloads({ 'leadkit.js': 'leadkit.js' }, { tags: ['lead-board'], base: '/cdn/' })).toThrow(
      /expected the CDN build's first-content.json/,
    );
    expect(() => firstContentPreloads(json, { tags: ['review-request'], base: '/cdn/' })).toThrow(/first-content.json has no <review-request>/);
  });
});
