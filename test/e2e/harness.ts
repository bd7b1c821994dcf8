/**
 * What every e2e file shares: the real `npm start` server (scripts/start.ts on a free port; one
 * per worker, reused from file to file and reset: test/setup/e2e-pool.ts), Chromium (the same),
 * page instrumentation injected by devtools before any page script runs,
 * sandbox fault control over HTTP, and axe-core.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Locator, Page, Request } from 'playwright-core';
import { cdnFlavourFromEnv, flavourFile } from '../../scripts/cdn-flavours';
import type { SandboxProfile } from '@leadkit/sandbox';
import type { FirstContent } from '../../src/contract/first-content';
import { SERVER_START_TIMEOUT_MS, spawnExampleServer, type ExampleServer, type ExampleServerOptions } from './example-server';
import { e2eBrowser, leaseExampleServer } from './pool-client';
import { RECORD_CSP_AND_EVENTS } from '../engines/in-page';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export { SERVER_START_TIMEOUT_MS, type ExampleServer } from './example-server';

/**
 * The example server (`npm start`, scripts/start.ts) for this file: a shared one, reset, when the
 * project's globalSetup runs the server pool (test/setup/e2e-pool.ts: e2e, e2e-lite) — `stop()`
 * then hands it back for the next file —, else one of its own (spawnExampleServer). `profile:
 * 'spec'` is the sandbox's spec profile (SANDBOX_PROFILE=spec), `'spec-variants'` its strict
 * variant (packages/sandbox/src/spec-variants.ts); `env` more environment for the server.
 */
export async function startExampleServer(options: ExampleServerOptions = {}): Promise<ExampleServer> {
  return (await leaseExampleServer(options)) ?? spawnExampleServer(options);
}

/**
 * A file of the CDN build as the server answers for it: with CDN_FLAVOUR=lite the suite runs on
 * the lite flavour, whose loader and JSON files have their own names (scripts/cdn-flavours.ts).
 */
export function cdnBuildFile(name: string): string {
  return path.join(ROOT, 'dist', 'cdn', flavourFile(cdnFlavourFromEnv(), name));
}

/**
 * A test of an e2e-lite file (vitest.config.ts, E2E_LITE_FILES) that shows nothing the renderer
 * changes — a request's shape, an axe scan, a layout at a width, an element's own lifecycle —
 * is left out of `npm test`'s lite (Preact) pass, which runs the journeys where React and Preact
 * differ (focus, dialogs, controlled fields, a lazy part failing, touch) and so stays a few
 * minutes of CI's two cores. `npm run test:e2e-lite` (the whole suite on the lite build) runs it.
 */
export const itOutsideLitePass = it.skipIf(process.env.E2E_LITE_PASS === '1');

/** dist/cdn/manifest.json (the flavour's): each source file's chunk. */
function cdnManifest(): Record<string, { file: string; isEntry?: boolean }> {
  return JSON.parse(readFileSync(cdnBuildFile('manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
}

/** Twilio's SDK as the CDN build's manifest names it (its own chunk, loaded by chat-service="twilio"). */
export const TWILIO_SDK_SOURCE = 'node_modules/@twilio/conversations/builds/browser.js';

/** Every script file of the CDN build (`chunks/….js`, the loader), each once. */
export function cdnBuildScripts(): string[] {
  return [...new Set(Object.values(cdnManifest()).map(({ file }) => file))].filter((file) => file.endsWith('.js'));
}

/** Each tag's entry chunk (`src/cdn/<tag>.ts` → hashed file). */
export function cdnTagChunks(): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (const [source, entry] of Object.entries(cdnManifest())) {
    const tag = /^src\/cdn\/([a-z-]+)\.ts$/.exec(source)?.[1];
    if (tag && entry.isEntry) chunks[tag] = entry.file;
  }
  return chunks;
}

/** Every file of any first content (each tag's, route's and chat adapter's: dist/cdn/first-content.json). */
export function cdnFirstContentFiles(): string[] {
  const content = JSON.parse(readFileSync(cdnBuildFile('first-content.json'), 'utf8')) as FirstContent;
  return [
    ...new Set([
      ...Object.values(content.tags).flat(),
      ...Object.values(content.routes).flatMap((app) => app.patterns.flatMap(([, files]) => files)),
      ...Object.values(content.attrs).flatMap((rows) => rows.flatMap(([, , files]) => files)),
    ]),
  ];
}

/**
 * The CDN chunk that holds one source module (`src/widgets/lead-board/list/board-list.tsx` →
 * `chunks/….js`): the chunk it is the facade of (the manifest), else the chunk the build grouped it
 * into (modules.json; a first screen's modules share one chunk).
 */
export function cdnSourceChunk(source: string): string {
  const entry = cdnManifest()[source];
  if (entry) return entry.file;
  const modules = JSON.parse(readFileSync(cdnBuildFile('modules.json'), 'utf8')) as Record<string, Record<string, number>>;
  // A worktree whose node_modules links to another checkout's names its packages by that path (`../main/node_modules/…`).
  const names = (name: string) => name === source || (source.startsWith('node_modules/') && name.endsWith(`/${source}`));
  const file = Object.keys(modules).find((chunk) => Object.keys(modules[chunk] ?? {}).some(names));
  if (!file) throw new Error(`${source} is in no chunk of the CDN build`);
  return file;
}

// ---------------------------------------------------------------------------------------------
// Sandbox faults over HTTP (the server's /sandbox control routes)

export const LEAD_PAGE_ROUTE = 'GET /gateway/lead/office/v2/leads/:leadId';

/** A port nothing listens on (taken from the system, then let go). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function injectFault(origin: string, fault: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${origin}/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (!response.ok) throw new Error(`POST /sandbox/faults answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function clearFaults(origin: string): Promise<void> {
  const response = await fetch(`${origin}/sandbox/faults`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`DELETE /sandbox/faults answered ${response.status}`);
}

/** A new lead for a provider, made through the sandbox (`POST /sandbox/leads`, as its controls page does); its id. */
export async function createSandboxLead(origin: string, serviceProviderId: number, firstName: string, lastName: string): Promise<number> {
  const response = await fetch(`${origin}/sandbox/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serviceProviderId, firstName, lastName }),
  });
  if (!response.ok) throw new Error(`POST /sandbox/leads answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { leadId: number }).leadId;
}

// ---------------------------------------------------------------------------------------------
// Page instrumentation (an init script: devtools injects it, so it is not subject to the CSP)

export interface PageRecord {
  cls: number;
  shifts: { value: number; startTime: number; sources: string[] }[];
  csp: { directive: string; blocked: string; sample: string }[];
  events: { type: string; target: string; detail: unknown }[];
}

declare global {
  interface Window {
    __lk: PageRecord;
  }
}

/**
 * Plain JavaScript, not a transpiled function: a TypeScript transform may add helpers (esbuild's
 * `__name`) that do not exist in the page.
 */
const INSTRUMENT = String.raw`(() => {
  const record = { cls: 0, shifts: [], csp: [], events: [] };
  window.__lk = record;
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  const describe = (node) => {
    if (!node) return '(gone)';
    const id = node.id ? '#' + node.id : '';
    const cls = typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '';
    return (node.nodeName || '').toLowerCase() + id + cls;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      record.cls += entry.value;
      record.shifts.push({
        value: entry.value,
        startTime: Math.round(entry.startTime),
        sources: (entry.sources || []).map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  ${RECORD_CSP_AND_EVENTS}
})();`;

/**
 * Customer data no request URL and no console output may ever carry (docs/reliability.md, across the
 * suite): the seeded customers' e-mails, phones and one-time tokens, the funnel journeys'
 * customer (FUNNEL_CUSTOMER) and any one-time token the sandbox issues. test/e2e/leaks.test.ts
 * follows a canary customer everywhere else as well (storage, attributes, events, analytics).
 */
export const CUSTOMER_SECRETS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'seeded e-mail', pattern: /jordan\.rivera|priya\.patel/i },
  { name: 'seeded phone', pattern: /555[\s().-]*01(42|78)/ },
  { name: 'funnel customer e-mail', pattern: /casey\.nguyen/i },
  { name: 'funnel customer phone', pattern: /555[\s().-]*0177/ },
  { name: 'seeded one-time token', pattern: /sandbox-member-token/i },
  { name: 'issued one-time token', pattern: /ott_[0-9a-f]{16}/i },
];

/** `secret in line` for every line (percent-decoded) holding one of CUSTOMER_SECRETS. */
export function customerSecretsIn(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    let text = line;
    try {
      text = decodeURIComponent(line);
    } catch {
      // not percent-encoded: as it is
    }
    for (const secret of CUSTOMER_SECRETS) if (secret.pattern.test(text)) found.push(`${secret.name} in ${line.slice(0, 300)}`);
  }
  return found;
}

/**
 * Installs the instrumentation, and collects console errors, page errors and requests. Watched
 * in a test, the page is checked when the test ends: no CUSTOMER_SECRETS in the URL of a request
 * it sent (http, https, ws: what reaches a server or its logs) nor in its console output.
 */
export async function watchPage(page: Page) {
  await page.addInitScript({ content: INSTRUMENT });
  const consoleErrors: string[] = [];
  const consoleOutput: string[] = [];
  const requests: Request[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
    consoleOutput.push(message.text());
  });
  page.on('pageerror', (error) => {
    consoleErrors.push(`pageerror: ${error.message}`);
    consoleOutput.push(`pageerror: ${error.message}`);
  });
  page.on('request', (request) => requests.push(request));
  try {
    onTestFinished(() => {
      const urls = requests.map((request) => request.url()).filter((url) => /^(https?|wss?):/.test(url));
      expect(customerSecretsIn(urls), 'customer data in request URLs').toEqual([]);
      expect(customerSecretsIn(consoleOutput), 'customer data in console output').toEqual([]);
    });
  } catch {
    // Watched outside a test (a beforeAll): nothing to attach the check to.
  }
  return {
    consoleErrors,
    requests,
    /** Paths (with query) of the requests so far whose path starts with `prefix`. */
    requested: (prefix: string) =>
      requests
        .map((request) => new URL(request.url()))
        .filter((url) => url.pathname.startsWith(prefix))
        .map((url) => url.pathname + url.search),
    record: () => page.evaluate(() => window.__lk),
  };
}

/** The customer the funnel journeys are (test/e2e, test/engines). */
export const FUNNEL_CUSTOMER = { street: '1600 Larimer St', first: 'Casey', last: 'Nguyen', email: 'casey.nguyen@example.com', phone: '3035550177' } as const;

/** The funnel project step's text fields, by label, with what the journeys type in them. */
export const FUNNEL_PROJECT_TEXT: readonly (readonly [label: string, text: string])[] = [
  ['Street address', FUNNEL_CUSTOMER.street],
  ['First name', FUNNEL_CUSTOMER.first],
  ['Last name', FUNNEL_CUSTOMER.last],
  ['Email', FUNNEL_CUSTOMER.email],
  ['Phone number', FUNNEL_CUSTOMER.phone],
];

/** The lead page call of the V2 API (what a <lead-page> requests when it loads). */
export const LEAD_REQUEST_PREFIX = '/gateway/lead/office/v2/leads';

// ---------------------------------------------------------------------------------------------
// Waiting and reading (locators pierce open shadow roots)

export const UI_TIMEOUT_MS = 10_000;
/**
 * The bound on a freshly opened page's first content: its loader, chunks and first calls on a
 * cold page. Alone it takes under 2 s; CI's two cores run it beside the other suites and the host
 * fixtures' builds (≈ 5× slower: the xss file takes 120 s there, 22 s here), where a thread's
 * first message once took longer than UI_TIMEOUT_MS.
 */
export const FIRST_SCREEN_TIMEOUT_MS = 30_000;

export async function visible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    // What the page showed instead (a 'Try again', a status line, a skeleton still there) is the
    // first thing a reader of a failed run needs: it goes into the error's first line.
    const shown = await onScreen(locator.page()).catch(() => '(the page could not be read)');
    if (error instanceof Error) {
      const first = error.message.split('\n')[0] ?? '';
      const said = `${first} — on screen: ${shown}`;
      error.message = `${said}\n${error.message}`;
      // The report (and CI's summary) reads the stack, written when the error was made.
      if (error.stack?.includes(first)) error.stack = error.stack.replace(first, said);
    }
    throw error;
  }
  return locator;
}

/** Waits for a freshly opened page's first content (FIRST_SCREEN_TIMEOUT_MS). */
export function firstScreen(locator: Locator): Promise<Locator> {
  return visible(locator, FIRST_SCREEN_TIMEOUT_MS);
}

/** The visible texts of a page, open shadow roots included, in document order (at most 600 characters). */
export async function onScreen(page: Page): Promise<string> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walk = (root: Node) => {
      for (const node of root.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = node.textContent?.trim();
          const parent = node.parentElement;
          if (text && parent && parent.checkVisibility?.() !== false) out.push(text);
        } else if (node instanceof Element) {
          if (node.shadowRoot) walk(node.shadowRoot);
          if (!['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) walk(node);
        }
      }
    };
    walk(document.body);
    return out;
  });
  return texts.join(' · ').slice(0, 600) || '(nothing)';
}

/** The board's count line ('Showing 1 - 10 of 56 results'). */
export const BOARD_SHOWING = /^Showing \d+ - \d+ of \d+ results$/;

/**
 * Waits until a board is ready to use: its first page on screen and its filter controls, which
 * load after the cards (a test acting before they arrive may click where something moves).
 */
export async function boardReady(board: Locator): Promise<void> {
  await visible(board.getByText(BOARD_SHOWING));
  await board.locator('.lk-filters__panel--loading').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

/** Waits until `count` lk-load/lk-error events have fired on the page. */
export async function waitForEvents(page: Page, type: 'lk-load' | 'lk-error', count: number, timeout = UI_TIMEOUT_MS): Promise<void> {
  await page.waitForFunction(([t, n]) => window.__lk.events.filter((e) => e.type === t).length >= (n as number), [type, count] as const, { timeout });
}

// ---------------------------------------------------------------------------------------------
// axe-core (evaluated by devtools: an injected <script> would itself break a strict CSP)

const AXE_SOURCE = readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * What the axe helper needs of a page: Playwright's Page has it, and so does the engines
 * suite's adapter for its Firefox and WebKit drivers (test/engines).
 */
export interface ScriptRunner {
  evaluate<R>(script: string | (() => R | Promise<R>)): Promise<R>;
}

/** Serious and critical violations on the page, shadow roots included (axe walks open ones). */
export async function seriousAxeViolations(page: ScriptRunner): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => JSON.stringify(node.target)),
      }));
  });
}

export interface E2eSession {
  /** The example server of this file (the worker's, reset for the file; or started for it). */
  readonly server: ExampleServer;
  readonly browser: Browser;
  /**
   * This test's browser context: storage, cookies, routes and pages of its own (see
   * useE2eSession for what a test starts with).
   */
  readonly context: BrowserContext;
  /** Replaces this test's context by a fresh one with another viewport (e.g. a phone width); closed after the test. */
  newContext(viewport: { width: number; height: number }): Promise<BrowserContext>;
}

/** What a browser context may keep of a test's origin between tests: all of it is cleared. */
const ORIGIN_STORAGE = 'cookies,local_storage,indexeddb,service_workers,cache_storage,file_systems,shared_storage,storage_buckets';

/**
 * The usual e2e file set-up: an example server and a Chromium for the file (the worker's shared
 * ones: startExampleServer, e2eBrowser); before each test the sandbox is reset. Each test starts in a browser context with no page, cookie, storage,
 * route or offline state of an earlier test — by default the file's one context,
 * emptied after each test, whose HTTP cache stays warm (a returning visitor's: immutable chunks
 * are not fetched and compiled again). A new page costs this machine about 1 core-second and a
 * cold load of the office app 2 more: a fresh context per test made the e2e suite about half
 * again as long. `coldCache: true` gives every test a new context instead, for files that check
 * what a first visit fetches (the load path, the leak canaries' request URLs, layout shifts while
 * chunks arrive) and for listeners on the context itself. `profile: 'spec'` runs the file against
 * the sandbox's spec profile (SANDBOX_PROFILE=spec), `'spec-variants'` against its strict variant.
 */
export function useE2eSession({
  viewport = { width: 1280, height: 900 },
  coldCache = false,
  profile = 'full',
  env,
}: {
  viewport?: { width: number; height: number };
  coldCache?: boolean;
  profile?: SandboxProfile;
  /** More environment for the server (e.g. SANDBOX_PROVIDER_TOKEN: the sandbox then requires a sign-in). */
  env?: Readonly<Record<string, string>>;
} = {}): E2eSession {
  const state: { server?: ExampleServer; browser?: Browser; context?: BrowserContext; shared?: { context: BrowserContext; cdp: CDPSession } } = {};
  const own: BrowserContext[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e: ${what} is not ready (used outside a test?)`);
    return value;
  };
  const fresh = async (size: { width: number; height: number }) => {
    const context = await need(state.browser, 'the browser').newContext({ viewport: size });
    own.push(context);
    return context;
  };
  beforeAll(async () => {
    [state.server, state.browser] = await Promise.all([startExampleServer({ profile, env }), e2eBrowser()]);
    if (!coldCache) {
      const context = await state.browser.newContext({ viewport });
      // A blank page that stays: the DevTools session that empties the origin's storage after each test.
      const cdp = await context.newCDPSession(await context.newPage());
      state.shared = { context, cdp };
    }
  }, SERVER_START_TIMEOUT_MS + 10_000);
  beforeEach(async () => {
    const response = await fetch(`${need(state.server, 'the server').origin}/sandbox/reset`, { method: 'POST' });
    expect(response.status).toBe(200);
    state.context = state.shared?.context ?? (await fresh(viewport));
  });
  afterEach(async () => {
    await Promise.all(own.splice(0).map((context) => context.close()));
    const shared = state.shared;
    if (!shared) return;
    const [janitor] = shared.context.pages();
    await Promise.all(
      shared.context
        .pages()
        .filter((page) => page !== janitor)
        .map((page) => page.close()),
    );
    await shared.context.unrouteAll({ behavior: 'ignoreErrors' });
    await shared.context.setOffline(false);
    await shared.context.clearPermissions();
    await shared.context.clearCookies();
    await shared.cdp.send('Storage.clearDataForOrigin', { origin: need(state.server, 'the server').origin, storageTypes: ORIGIN_STORAGE });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return {
    get server() {
      return need(state.server, 'the server');
    },
    get browser() {
      return need(state.browser, 'the browser');
    },
    get context() {
      return need(state.context, 'the browser context');
    },
    async newContext(size) {
      state.context = await fresh(size);
      return state.context;
    },
  };
}

/** A request the sandbox received, as `GET /sandbox/requests` lists it. */
export interface SandboxReceived {
  method: string;
  path: string;
  status: number | null;
  headers: Record<string, string>;
}

/** The provider calls (X-Caller-Type ServiceProvider) the sandbox at `origin` received, read from another process. */
export async function sandboxProviderCalls(origin: string): Promise<SandboxReceived[]> {
  const answer = await fetch(`${origin}/sandbox/requests`);
  expect(answer.status).toBe(200);
  const { requests } = (await answer.json()) as { requests: SandboxReceived[] };
  return requests.filter((request) => request.headers['x-caller-type'] === 'ServiceProvider');
}
