/**
 * The first-screen byte budget's arithmetic (scripts/first-screen-bytes.ts) on a made-up build:
 * which files a first screen has, which modules count as leadkit's own, and what a failure says.
 * The real build is checked by test/first-screen-budget.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFirstScreenFiles,
  checkFirstScreens,
  firstScreenVariants,
  measureFirstScreen,
  moduleKind,
  type ChunkModules,
} from '../scripts/first-screen-bytes';
import type { FirstContent } from '../src/contract/first-content';

const content: FirstContent = {
  tags: {
    'lead-board': ['chunks/board-entry.js', 'chunks/runtime.js', 'chunks/board.js'],
    'message-thread': ['chunks/thread-entry.js', 'chunks/runtime.js'],
    'lead-app': ['chunks/app-entry.js', 'chunks/runtime.js'],
  },
  routes: {
    'lead-app': {
      base: '/app',
      patterns: [
        ['/lead/board/:serviceProviderId', ['chunks/board-entry.js', 'chunks/board.js']],
        ['/lead', ['chunks/page.js']],
      ],
    },
  },
  attrs: {
    'message-thread': [
      ['chat-service', ['', 'twilio'], ['chunks/twilio-adapter.js', 'chunks/twilio-sdk.js'], null],
      ['chat-service', ['sandbox'], ['chunks/sandbox-adapter.js'], null],
    ],
  },
  runtime: 'chunks/runtime.js',
};

const modules: ChunkModules = {
  'chunks/board-entry.js': { 'src/cdn/lead-board.ts': 100 },
  'chunks/runtime.js': {
    'node_modules/react-dom/cjs/react-dom-client.production.js': 7000,
    'src/elements/element-class.tsx': 1000,
    'src/cdn/lite/ufo.ts': 100,
    'rolldown/runtime.js': 100,
  },
  'chunks/board.js': { 'src/widgets/lead-board/lead-board.tsx': 3000, 'src/widgets/lead-board/changes/outbox-atoms.ts': 1000 },
  'chunks/thread-entry.js': { 'src/widgets/message-thread/message-thread.tsx': 2000 },
  'chunks/twilio-adapter.js': { 'src/chat/twilio-chat-client.ts': 500 },
  'chunks/twilio-sdk.js': { 'node_modules/@twilio/conversations/builds/browser.js': 9000, 'node_modules/twilsock/builds/browser.js': 1000 },
  'chunks/sandbox-adapter.js': { 'src/chat/sandbox-chat-client.ts': 800 },
  'chunks/app-entry.js': { 'src/widgets/lead-app/lead-app.tsx': 600, 'node_modules/wouter/src/index.js': 400 },
  'chunks/page.js': { 'src/widgets/lead-page/lead-page.tsx': 900 },
};

/** Made-up gzip sizes: a tenth of the rendered lengths. */
const gzipOf = (file: string) => Object.values(modules[file] ?? {}).reduce((sum, length) => sum + length, 0) / 10;
const PEERS = ['@twilio/conversations', 'heic-to'];

describe('the first-screen byte budget', () => {
  it("counts leadkit's own modules, not the shared runtime chunk's nor an optional peer's packages", () => {
    const runtime = 'chunks/runtime.js';
    expect(moduleKind('node_modules/react-dom/cjs/react-dom-client.production.js', runtime, [], runtime, PEERS)).toBe('runtime');
    expect(moduleKind('src/elements/element-class.tsx', runtime, [], runtime, PEERS)).toBe('runtime');
    expect(moduleKind('src/widgets/lead-board/lead-board.tsx', 'chunks/board.js', [], runtime, PEERS)).toBe('own');
    // A library a widget adds beyond the runtime is its own choice: it counts.
    expect(moduleKind('node_modules/wouter/src/index.js', 'chunks/app-entry.js', ['node_modules/wouter/src/index.js'], runtime, PEERS)).toBe('own');
    const sdk = Object.keys(modules['chunks/twilio-sdk.js'] ?? {});
    expect(moduleKind('node_modules/twilsock/builds/browser.js', 'chunks/twilio-sdk.js', sdk, runtime, PEERS)).toBe('peer');
    // leadkit's code in a peer's chunk still counts.
    expect(moduleKind('src/chat/twilio-chat-client.ts', 'chunks/twilio-sdk.js', sdk, runtime, PEERS)).toBe('own');
  });

  it("takes a tag's files, a route's for the app, and one variant per attribute value that adds files", () => {
    expect(firstScreenVariants(content, 'lead-board')).toEqual([{ label: '<lead-board>', files: content.tags['lead-board'], chosen: [] }]);
    expect(firstScreenVariants(content, 'lead-app', '/lead/board/:serviceProviderId')[0]?.files).toEqual([
      'chunks/app-entry.js',
      'chunks/runtime.js',
      'chunks/board-entry.js',
      'chunks/board.js',
    ]);
    expect(firstScreenVariants(content, 'message-thread').map((variant) => [variant.label, variant.files.length])).toEqual([
      ['<message-thread chat-service="|twilio">', 4],
      ['<message-thread chat-service="sandbox">', 3],
    ]);
    expect(() => firstScreenVariants(content, 'lead-app', '/nowhere')).toThrow(/no route/);
  });

  it('gives each module its share of its chunk’s gzip and sums them by kind', () => {
    const board = measureFirstScreen(firstScreenVariants(content, 'lead-board')[0] as never, modules, gzipOf, 'chunks/runtime.js', PEERS);
    expect(board.totalGzip).toBe(10 + 820 + 400);
    expect(board.runtimeGzip).toBe(820);
    expect(board.ownGzip).toBe(10 + 400);
    expect(board.modules[0]).toEqual({
      module: 'node_modules/react-dom/cjs/react-dom-client.production.js',
      chunk: 'chunks/runtime.js',
      kind: 'runtime',
      gzip: 700,
    });
    expect(() => measureFirstScreen({ label: 'x', files: ['chunks/missing.js'], chosen: [] }, modules, () => 1, null, PEERS)).toThrow(
      /modules.json has no chunks\/missing.js/,
    );
  });

  it('holds each widget to its budget by its largest variant, and leadkit’s modules in the runtime chunk to theirs', () => {
    const fits = checkFirstScreens(content, modules, gzipOf, { 'lead-board': 410, 'message-thread': 300, runtime: 120 }, { optionalPeers: PEERS });
    expect(fits.failures).toEqual([]);
    // The thread's largest variant is the sandbox adapter's (80 own bytes beside 50 for Twilio's, whose SDK is not counted).
    expect(fits.measured['message-thread']?.label).toBe('<message-thread chat-service="sandbox">');
    expect(fits.measured['message-thread']?.ownGzip).toBe(200 + 80);
    // The runtime chunk: its leadkit modules (element-class, the ufo stand-in), not react-dom nor rolldown's helper.
    expect(fits.measured.runtime?.ownGzip).toBe(110);

    const over = checkFirstScreens(
      content,
      modules,
      gzipOf,
      { 'lead-board': 400, runtime: 100 },
      { reasons: { 'lead-board': 'the list and the open card' }, optionalPeers: PEERS },
    );
    expect(over.failures).toHaveLength(2);
    const message = over.failures[0] ?? '';
    expect(message).toContain("<lead-board>: leadkit's own JS on its first screen is 0.4 kB gzip, over its budget of 0.4 kB (+0.0 kB");
    expect(message).toContain('the list and the open card');
    // Its own modules, largest first, with their sizes and chunks; the runtime's are not listed.
    expect(message.split('\n').slice(2, 5)).toEqual([
      '    0.3 kB  src/widgets/lead-board/lead-board.tsx  (chunks/board.js)',
      '    0.1 kB  src/widgets/lead-board/changes/outbox-atoms.ts  (chunks/board.js)',
      '    0.0 kB  src/cdn/lead-board.ts  (chunks/board-entry.js)',
    ]);
    expect(message).not.toContain('react-dom');
    expect(over.failures[1]).toContain('the shared runtime (chunks/runtime.js)');
    expect(over.failures[1]).toContain('src/elements/element-class.tsx');
    expect(over.failures[1]).not.toContain('react-dom');
  });
});

describe('the first-screen file budget', () => {
  it('counts the loader and every listed file of each tag, route and attribute choice', () => {
    const { failures, counts } = checkFirstScreenFiles(content, { js: 5, chosenPart: 2 });
    expect(failures).toEqual([]);
    expect(counts).toEqual({
      '<lead-board>': 4,
      '<message-thread chat-service="|twilio">': 5,
      '<message-thread chat-service="sandbox">': 4,
      '<lead-app>': 3,
      '<lead-app> /lead/board/:serviceProviderId': 5,
      '<lead-app> /lead': 4,
    });
  });

  it('fails a first screen over the budget, and a chosen part over its own, naming the files', () => {
    const { failures } = checkFirstScreenFiles(content, { js: 3, chosenPart: 1 });
    expect(failures.map((failure) => failure.split(': ')[0])).toEqual([
      '<lead-board>',
      '<message-thread chat-service="|twilio">',
      '<lead-app> /lead/board/:serviceProviderId',
      '<lead-app> /lead',
    ]);
    expect(failures[0]).toContain('4 JS files before its first content (the loader and chunks/board-entry.js, chunks/runtime.js, chunks/board.js), over 3');
    expect(failures[1]).toContain('+ 1 for the part its attribute chose (chunks/twilio-adapter.js, chunks/twilio-sdk.js)');
  });
});
