/**
 * The load path's structure (not its timings — those are the bench's): on the office app's board
 * route and on the CMS page, the loader starts every chunk of the first content itself, before
 * any widget code runs (no chunk is discovered by another chunk), and no gateway call is made twice.
 *
 * How "no chain" is seen: every request gets 150 ms of latency, so a chunk asked for by another
 * chunk's code is sent at least 150 ms after the first chunk could finish; the loader's requests
 * all leave before any chunk has finished loading. How "data beside the code" is seen: DevTools
 * names the script that sent each request; an early gateway call was sent by the loader's own
 * code (every frame of its stack in leadkit.js), so no widget chunk had to arrive first, however
 * late a busy machine runs the loader's task.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CDN_FLAVOURS } from '../../scripts/cdn-flavours';
import type { FirstContent } from '../../src/contract/first-content';
import { cdnBuildFile, cdnBuildScripts, clearFaults, firstScreen, injectFault, UI_TIMEOUT_MS, useE2eSession } from './harness';

const session = useE2eSession({ coldCache: true });

/** The files `<tag chat-service=…>` adds to its first content (on the route `pattern` for the app). */
function chatAdapterFiles(tag: string, service: string, pattern: string | null): string[] {
  const found = firstContent().attrs[tag]?.find(([name, values, , route]) => name === 'chat-service' && values.includes(service) && route === pattern);
  expect(found?.[2].length).toBeGreaterThan(0);
  return found?.[2] ?? [];
}
const firstContent = () => JSON.parse(readFileSync(cdnBuildFile('first-content.json'), 'utf8')) as FirstContent;

const LATENCY_MS = 150;

/**
 * The example server names a page's first-content files in its <head> (scripts/server-pages.ts
 * withFirstContentHints, as a host's server does with firstContentPreloads); `lk-hints=none`
 * serves the page without them, so the loader alone finds what each tag needs — what these
 * tests check, as on a page with no server of its own.
 */
const LOADER_ALONE = 'lk-hints=none';

interface SentRequest {
  url: string;
  method: string;
  body: string | undefined;
  /** When it was sent and when its body had arrived (DevTools monotonic seconds). */
  sent: number;
  finished: number | null;
  /** The files of the script frames that sent it (empty for the parser, a preload link…). */
  sentBy: string[];
  /** Asked for by the page's own HTML (a script tag, a preload link). */
  byPage: boolean;
}

/** Records every request with its timings through the DevTools protocol, with added latency. */
async function recordRequests(page: Page): Promise<SentRequest[]> {
  const requests: SentRequest[] = [];
  const byId = new Map<string, SentRequest>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    const sentBy = (event.initiator.stack?.callFrames ?? []).map((frame) => cdnFile(frame.url) ?? frame.url);
    const request: SentRequest = {
      url: event.request.url,
      method: event.request.method,
      body: event.request.postData,
      sent: event.timestamp,
      finished: null,
      sentBy,
      byPage: event.initiator.type === 'parser',
    };
    byId.set(event.requestId, request);
    requests.push(request);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = byId.get(event.requestId);
    if (request) request.finished = event.timestamp;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  return requests;
}

/**
 * Each of `files` → 'before' when it was sent before any chunk had finished loading — the loader
 * and what the page's HTML itself asked for (its runtime hint) aside: no script found those.
 */
function sentBeforeAnyChunkArrived(requests: SentRequest[], files: readonly string[]): Record<string, string> {
  const chunks = requests.filter((request) => cdnFile(request.url)?.endsWith('.js') && cdnFile(request.url) !== 'leadkit.js');
  const firstArrival = Math.min(...chunks.filter((request) => !request.byPage).map((request) => request.finished ?? Number.POSITIVE_INFINITY));
  return Object.fromEntries(
    files.map((file) => {
      const request = chunks.find((candidate) => cdnFile(candidate.url) === file);
      if (!request) return [file, 'not requested'];
      return [file, request.sent < firstArrival ? 'before' : `${Math.round((request.sent - firstArrival) * 1000)} ms after the first chunk arrived`];
    }),
  );
}

function cdnFile(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  return /\/cdn\/(.+)$/.exec(new URL(url).pathname)?.[1];
}

/** 'the loader' when only the loader's code was on the stack that sent the request. */
const sender = (request: SentRequest) =>
  request.sentBy.length > 0 && request.sentBy.every((file) => file === 'leadkit.js') ? 'the loader' : request.sentBy.join(' < ') || 'no script';

function expectNoDuplicateGatewayCalls(requests: SentRequest[]): void {
  const calls = requests
    .filter((request) => new URL(request.url).pathname.startsWith('/gateway/') && !/\/chat\/events/.test(request.url))
    .map((request) => `${request.method} ${request.url} ${request.body ?? ''}`);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
}

/**
 * The example pages hint the shared runtime (`<link rel="modulepreload" href="/cdn/chunks/runtime.js">`,
 * docs/embedding.md#a-page-without-a-build-cdn): the page asks for it beside the loader, while the loader is still on its
 * way, and the runtime the chunks import is fetched once.
 */
function expectRuntimeBesideLoader(requests: SentRequest[]): void {
  const loader = requests.find((request) => cdnFile(request.url) === 'leadkit.js');
  const hinted = requests.filter((request) => cdnFile(request.url) === CDN_FLAVOURS.react.runtime);
  expect(hinted.map((request) => ({ byPage: request.byPage, beforeTheLoaderArrived: request.sent < (loader?.finished ?? 0) }))).toEqual([
    { byPage: true, beforeTheLoaderArrived: true },
  ]);
  const runtime = firstContent().runtime;
  expect(requests.filter((request) => cdnFile(request.url) === runtime)).toHaveLength(1);
}

describe('the load path', { timeout: 60_000 }, () => {
  it.each([
    { hint: true, label: 'with' },
    { hint: false, label: 'without' },
  ])("board route ($label the page's runtime hint): the loader asks for the app's and the board route's first-content chunks itself", async ({ hint }) => {
    const page = await session.context.newPage();
    const requests = await recordRequests(page);
    if (!hint) {
      // A host page that does not hint the runtime: the loader starts it with the rest. (The page's
      // own host module, site-routes.js, keeps its hint: it is not leadkit's.)
      await page.route(
        (url) => url.pathname === '/app/lead/board/1001',
        async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(/<link rel="modulepreload" href="\/cdn\/[^"]*"[^>]*>/, '');
          await route.fulfill({ response, body: html });
        },
      );
    }
    await page.goto(`${session.server.origin}/app/lead/board/1001?${LOADER_ALONE}`);
    await page.locator('#office-app [part="lead-card"]').first().waitFor({ timeout: UI_TIMEOUT_MS });

    const { tags, routes } = firstContent();
    const route = routes['lead-app']?.patterns.find(([pattern]) => pattern === '/lead/board/:serviceProviderId');
    // One file for the route: the board's first screen, its list and the open card's body in it
    // (scripts/first-screen-chunks.ts groups them), beside the app's own.
    const grouped = JSON.parse(readFileSync(cdnBuildFile('modules.json'), 'utf8')) as Record<string, Record<string, number>>;
    expect(route?.[1]).toHaveLength(1);
    expect(Object.keys(grouped[route?.[1][0] ?? ''] ?? {})).toEqual(
      expect.arrayContaining(['src/widgets/lead-board/list/board-list.tsx', 'src/widgets/lead-board/card/lead-card-body-part.ts']),
    );
    const needed = [...(tags['lead-app'] ?? []), ...(route?.[1] ?? [])];
    // Every needed chunk was asked for by the loader, none by a chunk that had to arrive first.
    expect(sentBeforeAnyChunkArrived(requests, needed)).toEqual(Object.fromEntries(needed.map((file) => [file, 'before'])));
    expectNoDuplicateGatewayCalls(requests);
    if (hint) expectRuntimeBesideLoader(requests);
    // Without it, the loader started the runtime (above: before any chunk had arrived), once.
    else expect(requests.filter((request) => cdnFile(request.url) === firstContent().runtime).map((request) => request.byPage)).toEqual([false]);

    // Data with code: the board's first calls were sent by the loader's own code, so they never
    // wait for the board route's chunk (on an idle machine they leave before it has arrived; on a
    // busy one the loader's task may run a little later — the bench measures the timing), and
    // each was sent once.
    const providerInfo = requests.filter(
      (request) => request.method === 'GET' && request.url.includes('/gateway/office-home/v4/service_provider?serviceProviderIds=1001'),
    );
    const firstPage = requests.filter((request) => request.method === 'POST' && request.url.endsWith('/gateway/lead/office/v6/leads/serviceProvider/1001'));
    expect([providerInfo.length, firstPage.length]).toEqual([1, 1]);
    for (const call of [...providerInfo, ...firstPage]) {
      expect(sender(call)).toBe('the loader');
    }
    expect(JSON.parse(firstPage[0]?.body ?? '{}')).toMatchObject({ offset: 0, limit: 10 });

    // The filter controls wait until the cards are on screen (the data now comes before the code):
    // their chunk is asked for only after the list's chunk has arrived.
    const manifest = JSON.parse(readFileSync(cdnBuildFile('manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const sentFor = (source: string) => requests.find((request) => cdnFile(request.url) === manifest[source]?.file);
    const list = sentFor('src/widgets/lead-board/list/board-list.tsx');
    await expect.poll(() => sentFor('src/widgets/lead-board/filters/filter-panel.tsx')?.sent).toBeTypeOf('number');
    expect(list?.finished).toBeTypeOf('number');
    expect(sentFor('src/widgets/lead-board/filters/filter-panel.tsx')?.sent).toBeGreaterThan(list?.finished as number);
  });

  it.each([
    {
      label: 'board route',
      path: '/app/lead/board/1001',
      tag: 'lead-app',
      route: '/lead/board/:serviceProviderId',
      chat: false,
      shown: '#office-app [part="lead-card"]',
    },
    {
      label: 'office thread page',
      path: '/examples/office-thread.html',
      tag: 'message-thread',
      route: null,
      chat: true,
      shown: 'message-thread [part~="message"]',
    },
  ])(
    "$label as a host's server writes it (first-content hints): the page asks for every file with the loader, and the loader finds none left",
    async ({ path, tag, route, chat, shown }) => {
      const page = await session.context.newPage();
      const requests = await recordRequests(page);
      await page.goto(`${session.server.origin}${path}`);
      await firstScreen(page.locator(shown).first());

      const { tags, routes } = firstContent();
      const routeFiles = route === null ? [] : (routes[tag]?.patterns.find(([pattern]) => pattern === route)?.[1] ?? []);
      const needed = [...new Set([...(tags[tag] ?? []), ...routeFiles, ...(chat ? chatAdapterFiles(tag, 'sandbox', route) : [])])];
      // The runtime, the widget's first-screen chunk, and the app's frame or the chat adapter.
      expect(needed.length).toBeGreaterThanOrEqual(3);
      const loader = requests.find((request) => cdnFile(request.url) === 'leadkit.js');
      expect(loader?.byPage).toBe(true);
      // Each needed file: asked for once, by the page's HTML, before the loader had even arrived.
      expect(
        Object.fromEntries(
          needed.map((file) => {
            const sent = requests.filter((request) => cdnFile(request.url) === file);
            return [file, sent.map((request) => (request.byPage && request.sent < (loader?.finished ?? 0) ? 'by the page, with the loader' : sender(request)))];
          }),
        ),
      ).toEqual(Object.fromEntries(needed.map((file) => [file, ['by the page, with the loader']])));
      // Nothing of the first content was left for a script to find (the parts loaded after the first
      // screen — filter controls, extras — are not first content).
      const byScript = requests.filter((request) => cdnFile(request.url)?.startsWith('chunks/') && !request.byPage).map((request) => cdnFile(request.url));
      expect(byScript.filter((file) => needed.includes(file as string))).toEqual([]);
      expectNoDuplicateGatewayCalls(requests);
    },
  );

  it('lead page route: the lead is asked for beside the code, once', async () => {
    const page = await session.context.newPage();
    const requests = await recordRequests(page);
    await page.goto(`${session.server.origin}/app/lead?leadId=300002&serviceProviderId=1001&${LOADER_ALONE}`);
    await page.locator('#office-app').getByText('Lead Unlocked', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    const lead = requests.filter((request) => request.url.includes('/gateway/lead/office/v2/leads/300002?spId=1001'));
    expect(lead.map(sender)).toEqual(['the loader']);
    expectNoDuplicateGatewayCalls(requests);
  });

  it("thread page: the thread's opening calls (its chat session among them) leave beside the code, each once", async () => {
    const page = await session.context.newPage();
    const requests = await recordRequests(page);
    await page.goto(`${session.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001&${LOADER_ALONE}`);
    await page.locator('message-thread [part~="message"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
    const opening = [
      '/message-center/v2/lead/phone_number',
      '/lead/office/v2/leads/300001',
      '/message-center/v2/interactions/activities',
      '/message-center/v1/chat/session',
    ];
    for (const path of opening) {
      const sent = requests.filter((request) => new URL(request.url).pathname === `/gateway${path}`);
      expect(sent.map(sender)).toEqual(['the loader']);
    }
    // The chat adapter its chat-service names came with the code, not after the thread's code
    // had run; the other adapter (Twilio's SDK) not at all.
    const sandboxChat = chatAdapterFiles('message-thread', 'sandbox', null);
    expect(sentBeforeAnyChunkArrived(requests, sandboxChat)).toEqual(Object.fromEntries(sandboxChat.map((file) => [file, 'before'])));
    const twilio = chatAdapterFiles('message-thread', 'twilio', null).filter((file) => !sandboxChat.includes(file));
    expect(requests.filter((request) => twilio.includes(cdnFile(request.url) ?? ''))).toEqual([]);
    expectNoDuplicateGatewayCalls(requests);
  });

  it("office app's thread route: the same opening calls from the URL, beside the code, taken by the thread", async () => {
    const app = await session.context.newPage();
    const appRequests = await recordRequests(app);
    await app.goto(`${session.server.origin}/app/conversation/1001/thread/5001?leadId=300001&${LOADER_ALONE}`);
    await app.locator('#office-app [part~="message"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
    const appSession = appRequests.filter((request) => new URL(request.url).pathname === '/gateway/message-center/v1/chat/session');
    expect(appSession.map(sender)).toEqual(['the loader']);
    const sandboxChat = chatAdapterFiles('lead-app', 'sandbox', '/conversation/:serviceProviderId/thread/:userId');
    expect(sentBeforeAnyChunkArrived(appRequests, sandboxChat)).toEqual(Object.fromEntries(sandboxChat.map((file) => [file, 'before'])));
    expectNoDuplicateGatewayCalls(appRequests);
  });

  it('an element removed before its code arrived: its first calls are aborted; an element given a gateway sends none', async () => {
    const page = await session.context.newPage();
    // Every gateway answer takes 2 s, so the removal comes while the calls are out.
    await injectFault(session.server.origin, { kind: 'latency', ms: 2000 });
    // The widget's code is held back until the removal is done: the loader alone acts meanwhile.
    let releaseCode = () => {};
    const codeHeld = new Promise<void>((resolve) => {
      releaseCode = resolve;
    });
    await page.route('**/cdn/chunks/**', async (route) => {
      await codeHeld;
      await route.continue();
    });
    await page.goto(`${session.server.origin}/examples/index.html`);
    await page.setContent('<!doctype html><html><head><script type="module" src="/cdn/leadkit.js"></script></head><body></body></html>');
    await page.waitForFunction(() => document.adoptedStyleSheets.length > 0); // the loader ran
    // Each fetch the page makes, with its signal, seen from the page.
    await page.evaluate(() => {
      const calls: { url: string; signal: AbortSignal | null | undefined }[] = [];
      (window as unknown as { calls: typeof calls }).calls = calls;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        calls.push({ url: String(input), signal: init?.signal });
        return fetch(input, init);
      };
    });
    const calls = () =>
      page.evaluate(() =>
        (window as unknown as { calls: { url: string; signal: AbortSignal | null | undefined }[] }).calls
          .map((call) => ({ ...call, url: new URL(call.url, location.href) }))
          .filter((call) => call.url.origin === location.origin && call.url.pathname.startsWith('/gateway/'))
          .map((call) => `${call.url.pathname}: ${call.signal?.aborted ? 'aborted' : 'open'}`),
      );
    await page.evaluate(() => {
      const removed = document.createElement('lead-page');
      removed.setAttribute('lead-id', '300002');
      removed.setAttribute('sp-id', '1001');
      document.body.append(removed);
      const withGateway = document.createElement('lead-page');
      withGateway.setAttribute('lead-id', '300101');
      withGateway.setAttribute('sp-id', '1001');
      (withGateway as unknown as { gateway: unknown }).gateway = { baseURL: 'http://127.0.0.1:9' };
      document.body.append(withGateway);
    });
    // The loader sent the first element's call only (the second has the host's gateway).
    await expect.poll(calls).toEqual(['/gateway/lead/office/v2/leads/300002: open']);
    await page.evaluate(() => document.querySelector('lead-page')?.remove());
    await expect.poll(calls).toEqual(['/gateway/lead/office/v2/leads/300002: aborted']);
    // With its code, the remaining element calls through its own gateway only.
    releaseCode();
    await page.waitForFunction(() => (window as unknown as { calls: { url: string }[] }).calls.some((call) => call.url.startsWith('http://127.0.0.1:9/')));
    expect(await calls()).toEqual(['/gateway/lead/office/v2/leads/300002: aborted']);
    await clearFaults(session.server.origin);
  });

  it("on-demand parts are in no tag's or route's first content: the open card's dialogs and review request, the photo pipeline, the HEIC converter, the saved-replies menu, the drafts database, the board's bulk actions", () => {
    const { tags, routes, attrs } = firstContent();
    const manifest = JSON.parse(readFileSync(cdnBuildFile('manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const onDemand = [
      'src/widgets/message-thread/composer/photo-pick-part.ts',
      'node_modules/heic-to/dist/csp/heic-to.js',
      'src/widgets/message-thread/saved-replies/saved-replies-part.ts',
      'src/domain/draft-backend-idb.ts',
      'src/widgets/lead-board/bulk/bulk-part.tsx',
      'src/widgets/lead-board/extras/card-extras-part.ts',
    ].map((source) => {
      const file = manifest[source]?.file;
      expect(file, source).toBeTypeOf('string');
      return file as string;
    });
    const everyFirstContent = new Set([
      ...Object.values(tags).flat(),
      ...Object.values(routes).flatMap((app) => app.patterns.flatMap(([, files]) => files)),
      ...Object.values(attrs).flatMap((rows) => rows.flatMap(([, , files]) => files)),
    ]);
    // The runtime, a first-screen chunk per widget, the chat adapters.
    expect(everyFirstContent.size).toBeGreaterThan(6);
    expect(onDemand.filter((file) => everyFirstContent.has(file))).toEqual([]);
  });

  it("no file of the build carries Vite's module-preload helper (the loader preloads; chunks import their own dependencies)", () => {
    const files = cdnBuildScripts();
    expect(files).toContain(cdnBuildFile('chunks/runtime.js').split('/dist/cdn/')[1]);
    // The helper's own marks: the event it dispatches and its probe of `relList`.
    const withHelper = files.filter((file) => /vite:preloadError|relList/.test(readFileSync(cdnBuildFile(file), 'utf8')));
    expect(withHelper).toEqual([]);
  });

  it('CMS page: each tag on the page gets its first content from the loader, and only those tags', async () => {
    const page = await session.context.newPage();
    const requests = await recordRequests(page);
    await page.goto(`${session.server.origin}/examples/cms.html?${LOADER_ALONE}`);
    await page.locator('lead-page').first().getByText('Lead Unlocked', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    const tagsOnPage = await page.evaluate(() => [...new Set([...document.querySelectorAll('*')].map((element) => element.localName))]);
    const { tags } = firstContent();
    const present = Object.keys(tags).filter((tag) => tagsOnPage.includes(tag));
    expect(present.length).toBeGreaterThan(0);
    const requested = requests.filter((request) => cdnFile(request.url)?.endsWith('.js'));
    const needed = [...new Set(present.flatMap((tag) => tags[tag] ?? []))];
    expect(sentBeforeAnyChunkArrived(requests, needed)).toEqual(Object.fromEntries(needed.map((file) => [file, 'before'])));
    expectRuntimeBesideLoader(requests);
    // Tags not on the page load nothing.
    const absentEntries = Object.keys(tags)
      .filter((tag) => !present.includes(tag))
      .map((tag) => tags[tag]?.[0]);
    expect(requested.filter((request) => absentEntries.includes(cdnFile(request.url)))).toEqual([]);
    expectNoDuplicateGatewayCalls(requests);
  });
  it('es-US loads only when used: an en-US page asks for no Spanish byte, a Spanish page for its chunk once', async () => {
    const manifest = JSON.parse(readFileSync(cdnBuildFile('manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const spanish = manifest['src/i18n/es-US.ts']?.file;
    expect(spanish).toBeTypeOf('string');
    // In no tag's or route's first content.
    expect(JSON.stringify(firstContent())).not.toContain(spanish);

    const english = await session.context.newPage();
    const englishRequests = await recordRequests(english);
    await english.goto(`${session.server.origin}/examples/cms.html`);
    await english.locator('lead-page').first().getByText('Lead Unlocked', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(englishRequests.filter((request) => cdnFile(request.url) === spanish)).toEqual([]);

    // The same page in Spanish (<html lang="es">): the chunk once, whatever the number of tags.
    const page = await session.context.newPage();
    await page.route('**/examples/cms.html', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('<html lang="en">', '<html lang="es">') });
    });
    const requests = await recordRequests(page);
    await page.goto(`${session.server.origin}/examples/cms.html`);
    await page.locator('lead-page').first().getByText('Cliente potencial desbloqueado', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(requests.filter((request) => cdnFile(request.url) === spanish)).toHaveLength(1);
    expectNoDuplicateGatewayCalls(requests);
  });
});
