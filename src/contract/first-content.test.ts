import { describe, expect, it } from 'vitest';
import { elementFirstContent, type FirstContent } from './first-content';

const CONTENT: FirstContent = {
  tags: {
    'lead-board': ['chunks/board.js', 'chunks/runtime.js', 'chunks/list.js'],
    'message-thread': ['chunks/thread.js', 'chunks/runtime.js'],
    'lead-app': ['chunks/app.js', 'chunks/runtime.js'],
  },
  routes: {
    'lead-app': {
      base: '/app',
      patterns: [
        ['/lead/board/:serviceProviderId', ['chunks/board.js', 'chunks/list.js']],
        ['/conversation/:serviceProviderId/thread/:userId', ['chunks/thread.js']],
      ],
    },
  },
  runtime: 'chunks/runtime.js',
  attrs: {
    'message-thread': [
      ['chat-service', ['', 'twilio'], ['chunks/twilio.js'], null],
      ['chat-service', ['sandbox'], ['chunks/sandbox-chat.js'], null],
    ],
    'lead-app': [['chat-service', ['sandbox'], ['chunks/sandbox-chat.js'], '/conversation/:serviceProviderId/thread/:userId']],
  },
};

const element = (attributes: Record<string, string> = {}) => ({ getAttribute: (name: string) => attributes[name] ?? null });

describe('elementFirstContent (what the CDN loader and firstContentPreloads start for an element)', () => {
  it("gives a tag's files, its entry first, and no route for a tag without routes", () => {
    expect(elementFirstContent(CONTENT, 'lead-board', element(), '/anything')).toEqual({
      route: null,
      files: ['chunks/board.js', 'chunks/runtime.js', 'chunks/list.js'],
    });
  });

  it("adds the route the path shows under the app's default base, with its params", () => {
    const { route, files } = elementFirstContent(CONTENT, 'lead-app', element(), '/app/lead/board/1001');
    expect(route).toEqual({ pattern: '/lead/board/:serviceProviderId', params: { serviceProviderId: '1001' }, files: ['chunks/board.js', 'chunks/list.js'] });
    expect(files).toEqual(['chunks/app.js', 'chunks/runtime.js', 'chunks/board.js', 'chunks/list.js']);
  });

  it("matches under the element's own base (trailing slashes ignored) and a trailing slash on the path", () => {
    expect(elementFirstContent(CONTENT, 'lead-app', element({ base: '/office/' }), '/office/lead/board/7/').route?.params).toEqual({ serviceProviderId: '7' });
    // The default base no longer applies once the element names its own.
    expect(elementFirstContent(CONTENT, 'lead-app', element({ base: '/office' }), '/app/lead/board/7').route).toBeNull();
  });

  it('has no route outside the base, on a path that only starts like it, or on no pattern', () => {
    for (const path of ['/', '/application/lead/board/1', '/app/lead/board', '/app/lead/board/1/more']) {
      expect(elementFirstContent(CONTENT, 'lead-app', element(), path), path).toEqual({ route: null, files: ['chunks/app.js', 'chunks/runtime.js'] });
    }
  });

  it("adds the parts an attribute's value chooses ('' = absent), and on the route they belong to only", () => {
    expect(elementFirstContent(CONTENT, 'message-thread', element(), '/').files).toContain('chunks/twilio.js');
    expect(elementFirstContent(CONTENT, 'message-thread', element({ 'chat-service': 'twilio' }), '/').files).toContain('chunks/twilio.js');
    const sandbox = elementFirstContent(CONTENT, 'message-thread', element({ 'chat-service': 'sandbox' }), '/').files;
    expect(sandbox).toEqual(['chunks/thread.js', 'chunks/runtime.js', 'chunks/sandbox-chat.js']);
    expect(elementFirstContent(CONTENT, 'message-thread', element({ 'chat-service': 'other' }), '/').files).toEqual(['chunks/thread.js', 'chunks/runtime.js']);
    // The app's thread route takes the adapter; its board route does not.
    expect(elementFirstContent(CONTENT, 'lead-app', element({ 'chat-service': 'sandbox' }), '/app/conversation/1/thread/5').files).toContain(
      'chunks/sandbox-chat.js',
    );
    expect(elementFirstContent(CONTENT, 'lead-app', element({ 'chat-service': 'sandbox' }), '/app/lead/board/1').files).not.toContain('chunks/sandbox-chat.js');
  });

  it('gives nothing for a tag the build does not know', () => {
    expect(elementFirstContent(CONTENT, 'lead-nothing', element(), '/')).toEqual({ route: null, files: [] });
  });
});
