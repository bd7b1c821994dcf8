/**
 * The core journeys, the same code for each engine (one test file per engine calls
 * `engineJourneys`), at 1280×900: every widget page renders without console or page errors and
 * without a serious/critical axe violation; the board (expand, status, note, next page, status
 * filter), a new lead arriving on an open board, its title count while the page is hidden and a
 * notification's route opening its quick answer, answer first, a quick answer from a card (390 px)
 * and the offline outbox (1280 px in
 * English, 390 px in Spanish), the
 * thread (send a text; and its whole journey on a 390 px phone on both chat adapters — the sandbox's
 * and Twilio's real SDK against the stand-in: ./thread-journey.ts), the funnel (entry to summary), the review request (modal, send,
 * thank-you), the lead page (a purchased and an unavailable lead) and the strict-CSP page (no
 * securitypolicyviolation); and at 320 px no widget page scrolls sideways.
 *
 * One example server, one proxy (./proxy.ts: instrumentation and what the server received) and
 * one browser with one tab per file; the sandbox is reset before each journey. Assertions are
 * on what a user sees and on what the server received; every wait is for a state.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPhoneInput } from '../../src/domain/core/phone';
import {
  BOARD_SHOWING,
  cdnSourceChunk,
  closedPort,
  createSandboxLead,
  FUNNEL_CUSTOMER,
  FUNNEL_PROJECT_TEXT,
  SERVER_START_TIMEOUT_MS,
  seriousAxeViolations,
  startExampleServer,
  TWILIO_SDK_SOURCE,
  type ExampleServer,
  type ScriptRunner,
} from '../e2e/harness';
import { messageOf, UI_TIMEOUT_MS, withPage, withQuery, type EngineDriver, type EngineName, type Viewport } from './driver';
import { launchEngine } from './engines';
import {
  CARD_META_LINES,
  cardMetaLineProblems,
  OWN_STAMP_LAYOUTS,
  ownStampProblems,
  toWire,
  twilioSdkRun,
  type CardMetaLine,
  type OwnStampLayout,
  type Query,
  type TwilioSdkRun,
} from './in-page';
import { startRecordingProxy, type RecordingProxy } from './proxy';
import { threadOnAPhone, useChatServer } from './thread-journey';

// What the example pages and the seeded sandbox hold (the same facts test/e2e relies on).
const SP_ID = 1001;
const PRO = 'Acme Plumbing & Heating';
const LEADS_PATH = `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`;
const LEAD_PATH = '/gateway/lead/office/v2/leads';
const READ_PATH = `${LEAD_PATH}/serviceprovider/${SP_ID}/read`;
const UNAVAILABLE = 'This lead is no longer available for purchase.';
const THANKS = 'Thank you! Your Review Request has been submitted.';
const CUSTOMER = FUNNEL_CUSTOMER;

/** The board journeys' two settings (desktop English, phone Spanish) and the list header each shows. */
const BOARD_IN_ENGLISH_ON_DESKTOP = { viewport: { width: 1280, height: 900 }, lang: 'en', showing: BOARD_SHOWING as string | RegExp };
const BOARD_IN_SPANISH_ON_PHONE = { viewport: { width: 390, height: 844 }, lang: 'es', showing: /^Mostrando \d+ - \d+ de \d+ resultados$/ as string | RegExp };

/** A journey: a few page loads and many waits, in a slow engine on a busy machine. */
const JOURNEY_TIMEOUT_MS = 120_000;

export interface EngineSession {
  readonly driver: EngineDriver;
  readonly proxy: RecordingProxy;
  readonly server: ExampleServer;
  /** Opens a path of the example server (through the proxy) in the file's one tab. */
  open(path: string): Promise<void>;
}

/**
 * The page's storage emptied: session and local storage, and leadkit's IndexedDB stores (drafts,
 * the board's outbox) cleared in place — deleting a database the page still holds open would
 * wait for it and hold up the next page's opening.
 */
const CLEAR_STORAGE = `sessionStorage.clear(); localStorage.clear();
  const stores = { leadkit: 'drafts', 'leadkit-outbox': 'entries' };
  return indexedDB.databases().then((found) => Promise.all(found.filter((db) => db.name in stores).map((db) => new Promise((resolve) => {
    const open = indexedDB.open(db.name);
    open.onerror = resolve;
    open.onsuccess = () => {
      const connection = open.result;
      const store = stores[db.name];
      if (!connection.objectStoreNames.contains(store)) return connection.close(), resolve();
      const tx = connection.transaction(store, 'readwrite');
      tx.objectStore(store).clear();
      tx.oncomplete = tx.onerror = () => (connection.close(), resolve());
    };
  }))));`;

/** How long one cleanup command may take (each takes well under a second alone). */
const CLEANUP_STEP_BOUND_MS = 20_000;

/**
 * One command of the cleanup after a journey, its failure ignored, bounded: in full CI runs
 * WebKitWebDriver stopped answering from the 320 px journey on, and the hook's 60 s limit hid which
 * command did not return. A step past its bound is named in the output, and the hook goes on.
 */
async function cleanupStep(name: string, step: () => Promise<unknown>): Promise<void> {
  let bound: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    bound = setTimeout(() => resolve('late'), CLEANUP_STEP_BOUND_MS);
  });
  const outcome = await Promise.race([step().catch(() => undefined), late]);
  clearTimeout(bound);
  if (outcome === 'late') console.warn(`engines: the cleanup step '${name}' did not return within ${CLEANUP_STEP_BOUND_MS / 1000} s`);
}

/** One server, proxy and browser for the file; the sandbox reset before each test. */
export function useEngineSession(engine: EngineName, viewport: Viewport = { width: 1280, height: 900 }): EngineSession {
  const state: { server?: ExampleServer; proxy?: RecordingProxy; driver?: EngineDriver } = {};
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`engines: ${what} is not ready`);
    return value;
  };
  beforeAll(async () => {
    const [server, driver] = await Promise.allSettled([startExampleServer(), launchEngine(engine, viewport)]);
    if (server.status === 'fulfilled') state.server = server.value;
    if (driver.status === 'fulfilled') state.driver = driver.value;
    if (server.status === 'rejected') throw server.reason;
    if (driver.status === 'rejected') throw driver.reason;
    state.proxy = await startRecordingProxy(server.value.origin);
    console.log(`engines: ${engine} is ${driver.value.version}`);
  }, SERVER_START_TIMEOUT_MS + 60_000);
  beforeEach(async () => {
    const response = await fetch(`${need(state.server, 'the server').origin}/sandbox/reset`, { method: 'POST' });
    expect(response.status).toBe(200);
    need(state.proxy, 'the proxy').clear();
  });
  afterEach(async () => {
    // Leave the page (its live connections and timers end with it) with a clean error list and
    // empty storage, as a fresh context would be (the funnel keeps its progress in
    // sessionStorage, drafts and the board's outbox live in IndexedDB): cleared on the page
    // (WebKit's error list lives in sessionStorage too) and again after leaving it.
    const driver = state.driver;
    if (!driver) return;
    await cleanupStep('clear the storage', () => driver.evaluate(CLEAR_STORAGE));
    await cleanupStep('clear the error list', () => driver.clearConsoleErrors());
    await cleanupStep('go to about:blank', () => driver.goto('about:blank'));
    await cleanupStep('clear the error list again', () => driver.clearConsoleErrors());
  });
  afterAll(async () => {
    await state.driver?.close();
    await state.proxy?.stop();
    await state.server?.stop();
  });
  return {
    get driver() {
      return need(state.driver, 'the browser');
    },
    get proxy() {
      return need(state.proxy, 'the proxy');
    },
    get server() {
      return need(state.server, 'the server');
    },
    async open(path) {
      await need(state.driver, 'the browser').goto(`${need(state.proxy, 'the proxy').origin}${path}`);
    },
  };
}

/** The harness's axe helper on an engine driver (a function travels as its source, like Playwright's). */
export function axeRunner(driver: EngineDriver): ScriptRunner {
  return {
    evaluate: <R>(script: string | (() => R | Promise<R>)) =>
      typeof script === 'string' ? driver.evaluate<R>(script) : driver.evaluate<R>(`return (${script.toString()})();`),
  };
}

// ---- small helpers on top of the driver --------------------------------------------------------

const within = (scope: Query, query: Query): Query => ({ ...query, within: scope });

/** Waits until the page's instrumentation saw `count` events of this type. */
async function waitForEvents(driver: EngineDriver, type: 'lk-load' | 'lk-error', count: number): Promise<void> {
  await driver.waitUntil('return window.__lk && window.__lk.events.filter((e) => e.type === arguments[0]).length >= arguments[1];', [type, count], {
    message: `${count} ${type} event(s)`,
  });
}

/** Polls a Node-side condition (what the server received) until it holds. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, what: string, timeout = UI_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An attribute of the first match (null when it has none, or there is no match). */
function attributeOf(driver: EngineDriver, query: Query, name: string): Promise<string | null> {
  return driver.evaluate<string | null>(
    withQuery('const el = q.first(arguments[0], false); return el ? el.getAttribute(arguments[1]) : null;'),
    toWire(query),
    name,
  );
}

function valueOf(driver: EngineDriver, query: Query): Promise<string | null> {
  return driver.evaluate<string | null>(withQuery('const el = q.first(arguments[0], false); return el ? el.value : null;'), toWire(query));
}

function countOf(driver: EngineDriver, query: Query): Promise<number> {
  return driver.evaluate<number>(withQuery('return q.all(arguments[0]).length;'), toWire(query));
}

/**
 * For the new-lead notification journeys: the board's waits a hundred times faster (a timer of
 * 30 s or more), and the page hidden as the test says (`document.hidden`, `visibilityState`,
 * `visibilitychange`) through `window.__lkSetHidden(boolean)`.
 */
const HIDDEN_PAGE = `
  const original = window.setTimeout;
  window.setTimeout = (run, ms, ...rest) => original(run, ms >= 30000 ? ms / 100 : ms, ...rest);
  let hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden, configurable: true });
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
  window.__lkSetHidden = (value) => { hidden = value; document.dispatchEvent(new Event('visibilitychange')); };`;

/** Waits until the focus (followed into shadow roots) is inside what `target` finds. */
function waitForFocusIn(driver: EngineDriver, target: Query, message: string): Promise<unknown> {
  return driver.waitUntil(
    withQuery(`const el = q.first(arguments[0], true);
      let active = document.activeElement;
      while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
      return !!el && !!active && el.contains(active);`),
    [toWire(target)],
    { message },
  );
}

/** Waits until the first visible match's text (whitespace collapsed) is `expected`. */
async function waitForText(driver: EngineDriver, query: Query, expected: string): Promise<void> {
  await driver.waitUntil(withQuery('const el = q.first(arguments[0], true); return !!el && q.text(el) === arguments[1];'), [toWire(query), expected], {
    message: `${JSON.stringify(expected)} in ${JSON.stringify(query)}`,
  });
}

async function expectNoConsoleErrors(driver: EngineDriver): Promise<void> {
  expect(await driver.consoleErrors()).toEqual([]);
}

async function expectAxeClean(driver: EngineDriver): Promise<void> {
  expect(await seriousAxeViolations(axeRunner(driver))).toEqual([]);
}

/** What the sandbox answers the board for these filters and page (`limit` leads from `offset`), asked over HTTP. */
async function sandboxLeads(
  server: ExampleServer,
  filters: Record<string, unknown> = {},
  offset = 0,
  limit = 10,
): Promise<{ leads: { leadId: number; status: string }[]; total: number }> {
  const response = await fetch(`${server.origin}${LEADS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
    body: JSON.stringify({ offset, limit, sort: 'NewestOldest', filters: { archived: false, displayLead: true, ...filters } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { leads: { leadId: number; status: string }[]; pagination: { totalNumber: number } };
  return { leads: body.leads, total: body.pagination.totalNumber };
}

/** The board's page for these filters on the sandbox: its lead ids and the total. */
async function sandboxBoardPage(server: ExampleServer, filters: Record<string, unknown> = {}, offset = 0): Promise<{ ids: number[]; total: number }> {
  const { leads, total } = await sandboxLeads(server, filters, offset);
  return { ids: leads.map((lead) => lead.leadId), total };
}

/** A lead's status on the sandbox for the seeded pro (among its 50 newest). */
async function sandboxLeadStatus(server: ExampleServer, leadId: number): Promise<string | undefined> {
  const { leads } = await sandboxLeads(server, {}, 0, 50);
  return leads.find((lead) => lead.leadId === leadId)?.status;
}

// ---- the journeys ------------------------------------------------------------------------------

export function engineJourneys(engine: EngineName): void {
  const session = useEngineSession(engine);

  describe(`${engine}: the widgets' core journeys`, { timeout: JOURNEY_TIMEOUT_MS }, () => {
    it('lead page on the CMS page: a purchased lead with its contact details, an unavailable one without', async () => {
      const { driver, proxy } = session;
      await session.open('/examples/cms.html');
      await waitForEvents(driver, 'lk-load', 2);
      const purchased: Query = { css: '#purchased-lead' };
      const unavailable: Query = { css: '#unavailable-lead' };
      await driver.waitFor(within(purchased, { text: 'Lead Unlocked' }));
      await driver.waitFor(within(purchased, { text: 'Be the first!' }));
      expect(await attributeOf(driver, within(purchased, { css: 'a[href^="tel:"]' }), 'href')).toMatch(/^tel:\+1\d{10}$/);
      await driver.waitFor(within(unavailable, { text: UNAVAILABLE }));
      expect(await countOf(driver, within(unavailable, { css: 'a[href^="tel:"], a[href^="mailto:"]' }))).toBe(0);
      expect(await countOf(driver, within(unavailable, { text: 'Lead Unlocked' }))).toBe(0);
      const asked = proxy
        .received()
        .filter((request) => request.path.startsWith(LEAD_PATH))
        .map((request) => request.path + request.search);
      expect(asked.sort()).toEqual([`${LEAD_PATH}/300002?spId=${SP_ID}`, `${LEAD_PATH}/300101?spId=${SP_ID}`]);
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);

      // Controls, proving the checks can fail in this engine: a nameless button in a widget's
      // shadow root is an axe finding, and an error the page logs is collected, naming its page.
      await driver.evaluate("document.getElementById('purchased-lead').shadowRoot.append(document.createElement('button'));");
      expect((await seriousAxeViolations(axeRunner(driver))).map((finding) => finding.id)).toEqual(['button-name']);
      await driver.evaluate("setTimeout(() => console.error('engines control error')); setTimeout(() => { throw new Error('engines control throw'); });");
      await eventually(
        () => driver.consoleErrors(),
        (errors) =>
          errors.includes(withPage('engines control error', '/examples/cms.html')) &&
          errors.some((line) => line.includes('engines control throw') && line.endsWith(' (on /examples/cms.html)')),
        'the control errors to be collected with their page',
      );
    });

    it('strict-CSP page: both widgets render, styled from their adopted sheets, with no securitypolicyviolation', async () => {
      const { driver, proxy } = session;
      await session.open('/examples/strict-csp.html');
      // The policy reaches the browser through the proxy as the server sends it.
      const policy = (await fetch(`${proxy.origin}/examples/strict-csp.html`)).headers.get('content-security-policy');
      expect(policy).toBe("default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'");
      await waitForEvents(driver, 'lk-load', 2);
      await driver.waitFor(within({ css: '#purchased-lead' }, { text: 'Lead Unlocked' }));
      await driver.waitFor(within({ css: '#unavailable-lead' }, { text: UNAVAILABLE }));
      // Styled: the beta banner's gradient and white text come from the adopted sheet.
      const banner = await driver.evaluate<{ image: string; color: string }>(
        withQuery('const el = q.first(arguments[0], true); const s = getComputedStyle(el); return { image: s.backgroundImage, color: s.color };'),
        toWire(within({ css: '#purchased-lead' }, { css: '[part="beta-banner"]' })),
      );
      expect(banner.image).toContain('linear-gradient');
      expect(banner.color).toBe('rgb(255, 255, 255)');
      expect(await driver.evaluate('return window.__lk.csp;')).toEqual([]);
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);
      // Control: the listener does see a violation in this engine (an inline <style> is refused).
      await driver.evaluate(
        "const style = document.createElement('style'); style.textContent = 'body { outline: 1px solid red; }'; document.head.append(style);",
      );
      await driver.waitUntil('return window.__lk.csp.length > 0;', [], { message: 'the control violation' });
    });

    it('lead board: expand a card, change its status, save a note, next page, filter by status', async () => {
      const { driver, proxy, server } = session;
      await session.open(`/app/lead/board/${SP_ID}`);
      const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
      await driver.waitFor(within(board, { text: BOARD_SHOWING }));
      // The filter controls load after the cards: wait for them before acting.
      await driver.waitFor(within(board, { css: '.lk-filters__panel--loading' }), { state: 'detached' });
      const first = await sandboxBoardPage(server);
      await waitForText(driver, within(board, { css: '.lk-board__count' }), `Showing 1 - 10 of ${first.total} results`);

      // Expand the second card (the first is open already).
      const leadId = first.ids[1];
      const card = within(board, { css: `li[data-lead-id="${leadId}"]` });
      await driver.click(within(card, { css: '.lk-card__toggle' }));
      await driver.waitUntil(withQuery('const el = q.first(arguments[0], false); return el && el.dataset.expanded === "true";'), [toWire(card)], {
        message: 'the card to expand',
      });
      const status: Query = within(card, { role: 'combobox', name: 'Lead status' });
      await driver.waitFor(status);

      // Status: at once in the header; sent (debounced) to the server.
      await driver.selectOption(status, 'InProgressWon');
      await waitForText(driver, within(card, { css: '.lk-card__header .lk-status' }), 'Scheduled');
      await eventually(
        () => proxy.posted(`${LEAD_PATH}/${leadId}/status`),
        (bodies) => bodies.length === 1,
        'the status POST',
      );
      expect(proxy.posted(`${LEAD_PATH}/${leadId}/status`)).toEqual([{ serviceProviderId: SP_ID, status: 'InProgressWon' }]);

      // A note: Edit, type, Save; shown as saved and received by the server.
      const notes = within(card, { role: 'region', name: 'Your Notes' });
      await driver.click(within(notes, { role: 'button', name: 'Edit' }));
      const note = 'Gate code 4411, call after 5pm.';
      await driver.type(within(notes, { role: 'textbox', name: 'Your Notes' }), note);
      await driver.waitFor(within(notes, { text: `${note.length} / 2048` }));
      await driver.click(within(notes, { role: 'button', name: 'Save' }));
      await waitForText(driver, within(notes, { css: 'p.lk-pre' }), note);
      await eventually(
        () => proxy.posted(`${LEAD_PATH}/${leadId}/note`),
        (bodies) => bodies.length === 1,
        'the note POST',
      );
      expect(proxy.posted(`${LEAD_PATH}/${leadId}/note`)).toEqual([{ serviceProviderId: SP_ID, note }]);

      // The next page: asked with offset 10, shows what the sandbox holds there.
      const second = await sandboxBoardPage(server, {}, 10);
      await driver.click(within(within(board, { role: 'navigation', name: 'Pages' }), { role: 'button', name: /^Next/ }));
      await eventually(
        () => proxy.posted(LEADS_PATH),
        (bodies) => bodies.some((body) => (body as { offset: number }).offset === 10),
        'the second page request',
      );
      await waitForText(driver, within(board, { css: '.lk-board__count' }), `Showing 11 - ${10 + second.ids.length} of ${second.total} results`);
      await eventually(
        () =>
          driver.evaluate<number[]>(
            withQuery('return q.all(arguments[0]).map((el) => Number(el.dataset.leadId));'),
            toWire(within(board, { css: 'li[data-lead-id]' })),
          ),
        (ids) => ids.join() === second.ids.join(),
        'the second page of leads',
      );
      expect(await attributeOf(driver, within(board, { role: 'button', name: 'Page 2' }), 'aria-current')).toBe('page');

      // Filter by status: 'Closed won' in the Lead status list; the tag shows; the server is asked.
      await driver.click(within(board, { role: 'button', name: /^Lead status / }));
      await driver.click(within(board, { role: 'checkbox', name: 'Closed won' }));
      await driver.waitFor(within(board, { role: 'button', name: 'Remove filter Closed won' }));
      await eventually(
        () => proxy.posted(LEADS_PATH).at(-1) as { offset: number; filters: { serviceProviderLeadStatuses?: string[] } } | undefined,
        (body) => body?.filters.serviceProviderLeadStatuses?.join() === 'ClosedWon',
        'the filtered request',
      );
      const filtered = await sandboxBoardPage(server, { serviceProviderLeadStatuses: ['ClosedWon'] });
      expect(filtered.total).toBeGreaterThan(0);
      expect(filtered.total).toBeLessThan(first.total);
      await eventually(
        () =>
          driver.evaluate<number[]>(
            withQuery('return q.all(arguments[0]).map((el) => Number(el.dataset.leadId));'),
            toWire(within(board, { css: 'li[data-lead-id]' })),
          ),
        (ids) => ids.join() === filtered.ids.join(),
        'the filtered leads',
      );
      expect(proxy.posted(LEADS_PATH).at(-1)).toMatchObject({ offset: 0 });
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);
    });

    for (const { viewport, lang, showing, button } of [
      { ...BOARD_IN_ENGLISH_ON_DESKTOP, button: '1 new lead' },
      { ...BOARD_IN_SPANISH_ON_PHONE, button: '1 cliente potencial nuevo' },
    ]) {
      it(
        `new leads at ${viewport.width} px (${lang}): a lead created through the sandbox appears as '${button}' and shows its card`,
        async () => {
          const { driver, proxy, server } = session;
          await driver.setViewport(viewport);
          try {
            // The board's 30 s wait runs a hundred times faster: the page's long timers are made
            // quick before the app goes to the board (client-side), so its watch uses them.
            await session.open(`/app/unknown?lang=${lang}`);
            await driver.evaluate(`
            const original = window.setTimeout;
            window.setTimeout = (run, ms, ...rest) => original(run, ms >= 30000 ? ms / 100 : ms, ...rest);
            history.pushState(null, '', '/app/lead/board/${SP_ID}');
            dispatchEvent(new PopStateEvent('popstate', { state: null }));`);
            const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
            await driver.waitFor(within(board, { text: showing }));
            await driver.waitFor(within(board, { css: '.lk-filters__panel--loading' }), { state: 'detached' });
            const response = await fetch(`${server.origin}/sandbox/leads`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ serviceProviderId: SP_ID, firstName: 'Nova', lastName: 'Arrival' }),
            });
            expect(response.status).toBe(200);
            const { leadId } = (await response.json()) as { leadId: number };
            await driver.waitFor(within(board, { role: 'button', name: button }));
            // Found by the board's own call; the list unchanged until asked.
            expect(proxy.received().filter((request) => request.method === 'POST' && request.path === LEADS_PATH).length).toBeGreaterThanOrEqual(2);
            expect(await countOf(driver, within(board, { css: `li[data-lead-id="${leadId}"]` }))).toBe(0);
            await driver.click(within(board, { role: 'button', name: button }));
            await driver.waitFor(within(within(board, { css: `li[data-lead-id="${leadId}"]` }), { text: 'Nova Arrival' }));
            expect(await attributeOf(driver, within(board, { css: 'li[data-lead-id]' }), 'data-lead-id')).toBe(String(leadId));
            await expectNoConsoleErrors(driver);
          } finally {
            await driver.setViewport({ width: 1280, height: 900 });
          }
        },
        JOURNEY_TIMEOUT_MS,
      );
    }

    it(
      "new-lead notifications: a lead arriving while the page is hidden is counted in the title until the pro is back; the control in this browser's state; a notification's route opens the lead's quick answer, focused",
      async () => {
        const { driver, server } = session;
        // The board's waits a hundred times faster (as above), and the page hidden as the test says
        // (document.hidden, visibilityState, visibilitychange).
        await session.open('/app/unknown?lang=en');
        await driver.evaluate(`${HIDDEN_PAGE}
          history.pushState(null, '', '/app/lead/board/${SP_ID}');
          dispatchEvent(new PopStateEvent('popstate', { state: null }));`);
        const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
        await driver.waitFor(within(board, { text: BOARD_SHOWING }));
        const control: Query = within(board, { css: '[part="notify-new-leads"]' });
        await driver.waitFor(control);
        // What this browser offers: Notification (on http://127.0.0.1, a secure context) not asked yet — a switch, off.
        const offered = await driver.evaluate<string>(
          "return typeof Notification === 'function' && window.isSecureContext ? Notification.permission : 'unsupported'",
        );
        expect(await attributeOf(driver, control, 'data-state')).toBe(offered);
        if (offered === 'default')
          expect(await attributeOf(driver, within(board, { role: 'switch', name: 'Notify me of new leads' }), 'aria-checked')).toBe('false');

        await driver.evaluate('window.__lkSetHidden(true);');
        const first = await createSandboxLead(server.origin, SP_ID, 'Hana', 'Hidden');
        await driver.waitUntil("return document.title === '(1) Business Center';", [], { message: "'(1) Business Center' as the page's title" });
        // Back, and the pro uses the board: the count goes.
        await driver.evaluate('window.__lkSetHidden(false);');
        await driver.click(within(board, { role: 'button', name: '1 new lead' }));
        await driver.waitUntil("return document.title === 'Business Center';", [], { message: "the page's own title again" });
        await driver.waitFor(within(board, { css: `li[data-lead-id="${first}"]` }));

        // A notification's click, or its route: the lead open, its quick answer ready, focus in it.
        const second = await createSandboxLead(server.origin, SP_ID, 'Rita', 'Ruta');
        await driver.evaluate(`history.pushState(null, '', '/app/lead/board/${SP_ID}?leadId=${second}&reply=true');
          dispatchEvent(new PopStateEvent('popstate', { state: null }));`);
        const composer = within(within(board, { css: `li[data-lead-id="${second}"]` }), { css: '[part="quick-reply-composer"]' });
        await driver.waitFor(composer);
        await waitForFocusIn(driver, composer, 'the focus in the quick answer');
        await expectNoConsoleErrors(driver);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it.skipIf(engine === 'webkit')(
      'new-lead notifications allowed (WebKitWebDriver cannot grant the permission): a lead arriving while the page is hidden makes one notification; its click opens the lead, quick answer focused',
      async () => {
        const { driver, proxy, server } = session;
        await driver.grantNotifications?.(proxy.origin);
        await session.open('/app/unknown?lang=en');
        // As above, and the page notifications recorded (a system notification cannot be clicked from a test: its own click event is).
        await driver.evaluate(`${HIDDEN_PAGE}
          window.__lkShown = [];
          const Native = window.Notification;
          window.Notification = class extends Native {
            constructor(title, options) {
              super(title, options);
              window.__lkShown.push({ title, body: options.body, tag: options.tag, notification: this });
            }
          };
          history.pushState(null, '', '/app/lead/board/${SP_ID}');
          dispatchEvent(new PopStateEvent('popstate', { state: null }));`);
        const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
        await driver.waitFor(within(board, { text: BOARD_SHOWING }));
        const control = within(board, { role: 'switch', name: 'Notify me of new leads' });
        await driver.click(control);
        await driver.waitUntil(
          withQuery("const el = q.first(arguments[0], true); return !!el && el.getAttribute('aria-checked') === 'true';"),
          [toWire(control)],
          {
            message: "'Notify me of new leads' on",
          },
        );
        await driver.evaluate('window.__lkSetHidden(true);');
        const leadId = await createSandboxLead(server.origin, SP_ID, 'Nova', 'Arrival');
        await driver.waitUntil('return window.__lkShown.length === 1;', [], { message: 'one notification' });
        const shown = await driver.evaluate<{ title: string; body: string; tag: string }>(
          'const { title, body, tag } = window.__lkShown[0]; return { title, body, tag };',
        );
        expect(shown.title).toMatch(/^New lead: \S/);
        expect(shown.tag).toBe(`leadkit-new-leads:${SP_ID}`);
        expect(JSON.stringify(shown)).not.toMatch(/Nova|Arrival/);
        await driver.evaluate("window.__lkShown[0].notification.dispatchEvent(new Event('click', { cancelable: true }));");
        const composer = within(within(board, { css: `li[data-lead-id="${leadId}"]` }), { css: '[part="quick-reply-composer"]' });
        await driver.waitFor(composer);
        await waitForFocusIn(driver, composer, 'the focus in the quick answer');
        await expectNoConsoleErrors(driver);
      },
      JOURNEY_TIMEOUT_MS,
    );

    for (const { viewport, lang, showing, respondFirst, notAnswered, said } of [
      {
        ...BOARD_IN_ENGLISH_ON_DESKTOP,
        respondFirst: 'Respond first',
        notAnswered: 'Not answered yet',
        said: /^(\d+) not answered yet$/,
      },
      {
        ...BOARD_IN_SPANISH_ON_PHONE,
        respondFirst: 'Responda primero',
        notAnswered: 'Sin responder',
        said: /^(\d+) sin responder$/,
      },
    ]) {
      it(
        `answer first at ${viewport.width} px (${lang}): the newest lead says '${respondFirst}'; '${notAnswered}' counts the New leads and lists them alone`,
        async () => {
          const { driver, proxy, server } = session;
          await driver.setViewport(viewport);
          try {
            await session.open(`/app/lead/board/${SP_ID}?lang=${lang}`);
            const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
            await driver.waitFor(within(board, { text: showing }));
            // The newest lead (minutes old, New) leads the list with the cue.
            await driver.waitFor(within(within(board, { css: 'li[data-lead-id]' }), { css: '[part="respond-first"]' }));
            await waitForText(driver, within(within(board, { css: 'li[data-lead-id]' }), { css: '[part="respond-first"]' }), respondFirst);
            // The count beside the switch: the sandbox's number of New leads.
            const toggle = within(board, { role: 'switch', name: notAnswered });
            await driver.waitFor(toggle);
            const countText = () =>
              driver.evaluate<string>(
                withQuery(
                  'const el = q.first(arguments[0], false); const slot = el && el.getRootNode().getElementById(el.getAttribute("aria-describedby")); const said = slot && slot.querySelector(".lk-visually-hidden"); return said ? said.textContent : "";',
                ),
                toWire(toggle),
              );
            const text = await eventually(countText, (value) => said.test(value), `the count beside '${notAnswered}'`);
            const count = Number(said.exec(text)?.[1]);
            const expected = await sandboxBoardPage(server, { serviceProviderLeadStatuses: ['Initial'] });
            expect(count).toBe(expected.total);
            await driver.click(toggle);
            await eventually(
              () =>
                driver.evaluate<number[]>(
                  withQuery('return q.all(arguments[0]).map((el) => Number(el.dataset.leadId));'),
                  toWire(within(board, { css: 'li[data-lead-id]' })),
                ),
              (ids) => ids.join() === expected.ids.join(),
              'the New leads alone',
            );
            expect(proxy.posted(LEADS_PATH).at(-1)).toMatchObject({ filters: { serviceProviderLeadStatuses: ['Initial'] } });
            expect(await attributeOf(driver, toggle, 'aria-checked')).toBe('true');
            await expectNoConsoleErrors(driver);
          } finally {
            await driver.setViewport({ width: 1280, height: 900 });
          }
        },
        JOURNEY_TIMEOUT_MS,
      );
    }

    it(
      'quick answer at 390 px: a new lead answered from its card in two taps (Quick reply, Send); once on the server and in the conversation, the cue gone',
      async () => {
        const { driver, proxy, server } = session;
        await driver.setViewport(BOARD_IN_SPANISH_ON_PHONE.viewport);
        try {
          const leadId = await createSandboxLead(server.origin, SP_ID, 'Prima', 'Rápida');
          await session.open(`/app/lead/board/${SP_ID}?lang=en`);
          const app: Query = { css: '#office-app' };
          const board = within(app, { css: '[part="lead-board"]' });
          await driver.waitFor(within(board, { text: BOARD_SHOWING }));
          const card = within(board, { css: `li[data-lead-id="${leadId}"]` });
          await driver.waitFor(within(card, { css: '[part="respond-first"]' }));
          await driver.click(within(card, { role: 'button', name: 'Quick reply' }));
          const composer = within(card, { role: 'region', name: 'Quick reply to Prima Rápida' });
          await driver.waitFor(within(composer, { role: 'textbox', name: 'Your message' }));
          const text = (await valueOf(driver, within(composer, { role: 'textbox', name: 'Your message' })))?.trim() ?? '';
          expect(text).not.toBe('');
          await driver.click(within(composer, { role: 'button', name: 'Send' }));
          await waitForText(driver, within(composer, { css: '[role="status"]' }), 'Delivered');
          await eventually(
            () => countOf(driver, within(card, { css: '[part="respond-first"]' })),
            (count) => count === 0,
            'the cue to end',
          );
          const sends = proxy.posted('/gateway/message-center/v1/messages');
          expect(sends).toHaveLength(1);
          expect(JSON.stringify(sends[0])).toContain(JSON.stringify(text));
          await driver.click(within(composer, { role: 'link', name: 'Open conversation' }));
          const list = within(app, { role: 'region', name: 'Messages' });
          await driver.waitFor(within(list, { css: '.lk-msg__body', text }));
          expect(await countOf(driver, within(list, { css: '.lk-msg__body', text }))).toBe(1);
          await expectNoConsoleErrors(driver);
        } finally {
          await driver.setViewport({ width: 1280, height: 900 });
        }
      },
      JOURNEY_TIMEOUT_MS,
    );

    for (const { viewport, lang, showing, pending, waiting, status } of [
      {
        ...BOARD_IN_ENGLISH_ON_DESKTOP,
        pending: 'Not sent yet',
        waiting: '1 change waits for a connection',
        status: 'Contacted',
      },
      {
        ...BOARD_IN_SPANISH_ON_PHONE,
        pending: 'Sin enviar',
        waiting: '1 cambio espera conexión',
        status: 'Contactado',
      },
    ]) {
      it(
        `offline outbox at ${viewport.width} px (${lang}): a status changed offline shows '${pending}', survives a closed tab and reaches the server once when back`,
        async () => {
          const { driver, proxy, server } = session;
          await driver.setViewport(viewport);
          const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
          const openBoard = async () => {
            await session.open(`/app/lead/board/${SP_ID}?lang=${lang}`);
            await driver.waitFor(within(board, { text: showing }));
          };
          try {
            await openBoard();
            const leadId = (await sandboxBoardPage(server)).ids[0]!;
            const card = within(board, { css: `li[data-lead-id="${leadId}"]` });
            const statusPath = `${LEAD_PATH}/${leadId}/status`;
            // The first card is open and read: nothing of the board's own is left to send.
            await eventually(
              () => proxy.posted(READ_PATH).length,
              (count) => count === 1,
              "the first card's read",
            );
            const select: Query = within(card, { role: 'combobox', name: lang === 'en' ? 'Lead status' : /Estado/ });
            await driver.waitFor(select);

            // Offline as WebDriver cannot say it: the browser reports it, and the gateway is out of reach.
            const reachable = proxy.refuse((path) => path.startsWith('/gateway/'));
            await driver.evaluate("Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }); dispatchEvent(new Event('offline'));");
            await driver.selectOption(select, 'Selling');
            await waitForText(driver, within(card, { css: '[part="outbox-pending"]' }), pending);
            // Over the list (the band takes no room: its pill is what shows).
            await driver.waitFor(within(board, { text: waiting }));
            await waitForText(driver, within(card, { css: '.lk-card__header .lk-status' }), status);
            const answered = () =>
              proxy.received().filter((request) => request.method === 'POST' && request.path === statusPath && request.status !== undefined);
            expect(answered()).toEqual([]);

            // The tab is closed while offline; the board is opened again once the connection is back.
            await driver.goto('about:blank');
            reachable();
            await openBoard();
            const sent = await eventually(answered, (requests) => requests.length === 1, 'the status sent once');
            expect(JSON.parse(sent[0]!.body)).toEqual({ serviceProviderId: SP_ID, status: 'Selling' });
            expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
            await waitForText(driver, within(card, { css: '.lk-card__header .lk-status' }), status);
            await driver.waitFor(within(card, { css: '[part="outbox-pending"]' }), { state: 'detached' });
            expect(await sandboxLeadStatus(server, leadId)).toBe('Selling');
            // Opened again: nothing more is sent (waited for until the filter panel, loaded after the cards, is there).
            const lists = proxy.posted(LEADS_PATH).length;
            await openBoard();
            await eventually(
              () => proxy.posted(LEADS_PATH).length,
              (count) => count > lists,
              "the reopened board's page",
            );
            await driver.waitFor(within(board, { css: '.lk-filters__panel--loading' }), { state: 'detached' });
            await waitForText(driver, within(card, { css: '.lk-card__header .lk-status' }), status);
            expect(answered()).toHaveLength(1);
            await expectNoConsoleErrors(driver);
          } finally {
            await driver.setViewport({ width: 1280, height: 900 });
          }
        },
        JOURNEY_TIMEOUT_MS,
      );
    }

    it('message thread: a text typed and sent shows in the list and reaches the server once', async () => {
      const { driver, proxy } = session;
      await session.open('/examples/message-thread.html?user-id=5001&lead-id=300001');
      const thread: Query = { css: 'message-thread' };
      // Ready when the composer can attach a file (the chat is open).
      await driver.waitFor(within(thread, { role: 'button', name: 'Attach a file' }));
      await driver.waitUntil(
        withQuery('const el = q.first(arguments[0], true); return el && !el.disabled;'),
        [toWire(within(thread, { role: 'button', name: 'Attach a file' }))],
        {
          message: 'the chat to open',
        },
      );
      const text = 'I can come by Tuesday at 9.';
      await driver.type(within(thread, { role: 'textbox', name: 'Write a message...' }), text);
      await driver.click(within(thread, { role: 'button', name: 'Send' }));
      const list = within(thread, { role: 'region', name: 'Messages' });
      await driver.waitFor(within(list, { css: '[part~="message-own"]:not([part~="message-pending"]) .lk-msg__body', text }));
      expect(await valueOf(driver, within(thread, { role: 'textbox', name: 'Write a message...' }))).toBe('');
      const sends = await eventually(
        () => proxy.posted('/gateway/message-center/v1/messages'),
        (bodies) => bodies.length > 0,
        'the send',
      );
      expect(sends).toHaveLength(1);
      expect(JSON.stringify(sends[0])).toContain(JSON.stringify(text));
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);
    });

    it('request-a-quote funnel: from the entry step to the summary; the lead is created with what was typed', async () => {
      const { driver, proxy } = session;
      await session.open('/examples/raq-funnel.html');
      const funnel: Query = { css: '#quote' };
      const heading = (name: string) => within(funnel, { role: 'heading', name });
      await driver.waitFor(heading(`Request a quote from ${PRO}`));
      await driver.waitUntil(
        withQuery('const el = q.first(arguments[0], true); return el && el.value === "Plumbing";'),
        [toWire(within(funnel, { role: 'combobox', name: 'What do you need help with?' }))],
        {
          message: 'the service Plumbing',
        },
      );
      await driver.waitFor(within(funnel, { text: 'Denver, CO' }));
      await expectAxeClean(driver);
      await driver.click(within(funnel, { role: 'button', name: 'Continue' }));

      await driver.waitFor(heading('Tell us about your project'));
      await driver.click(within(funnel, { role: 'radio', name: 'Single-family home' }));
      for (const [name, value] of FUNNEL_PROJECT_TEXT) {
        // The phone field formats the digits as they are typed.
        await driver.type(within(funnel, { role: 'textbox', name }), value, name === 'Phone number' ? formatPhoneInput(value) : value);
      }
      await driver.click(within(funnel, { role: 'button', name: 'Review request' }));
      const dialog = within(funnel, { role: 'dialog', name: 'Send your request?' });
      await driver.click(within(dialog, { role: 'button', name: 'Send request' }));

      await driver.waitFor(heading('Send your request to more pros'));
      const created = await eventually(
        () => proxy.posted('/gateway/lead/v3/lead'),
        (bodies) => bodies.length > 0,
        'the lead create',
      );
      expect(created).toEqual([
        expect.objectContaining({
          assignedServiceProviderIds: [SP_ID],
          contactInformation: { email: CUSTOMER.email, firstName: CUSTOMER.first, lastName: CUSTOMER.last, phoneNumber: CUSTOMER.phone },
          address: { lineOne: CUSTOMER.street, city: 'Denver', state: 'CO', postalCode: '80202' },
        }),
      ]);
      await driver.click(within(funnel, { role: 'checkbox' }));
      await driver.click(within(funnel, { role: 'button', name: 'Send to selected pros' }));
      await driver.waitFor(heading('Your request has been sent'));
      await driver.waitFor(within(within(funnel, { role: 'region', name: 'Pros who received your request' }), { text: PRO }));
      expect(proxy.received().filter((request) => request.method === 'POST' && /^\/gateway\/lead\/v2\/lead\/\d+\/assign$/.test(request.path))).toHaveLength(1);
      await expectNoConsoleErrors(driver);
    });

    it('review request: the modal opens with the customer, Send Request, the thank-you; the server got the request', async () => {
      const { driver, proxy } = session;
      await session.open('/examples/review-request.html');
      const element: Query = { css: '#review-300013' };
      await driver.click(within(element, { role: 'button', name: 'Request a Review' }));
      const modal = within(element, { role: 'dialog', name: 'Request a Review' });
      const contact = within(modal, { role: 'region', name: 'Customer contact' });
      for (const text of ['Priya Patel', 'priya.patel@example.com', '(720) 555-0178']) await driver.waitFor(within(contact, { text }));
      await expectAxeClean(driver);
      await driver.click(within(modal, { role: 'button', name: 'Send Request' }));
      await driver.waitFor(within(element, { text: THANKS }));
      const sent = await eventually(
        () => proxy.posted('/gateway/review/api/v1/review/request-by-email'),
        (bodies) => bodies.length > 0,
        'the review request',
      );
      expect(sent).toEqual([
        expect.objectContaining({
          serviceProviderId: SP_ID,
          emailAddress: 'priya.patel@example.com',
          firstName: 'Priya',
          lastName: 'Patel',
          workCompleted: true,
        }),
      ]);
      await expectNoConsoleErrors(driver);
    });

    it('the office app lead page and the React host render their lead, without errors or axe violations', async () => {
      const { driver } = session;
      await session.open(`/app/lead?leadId=300002&serviceProviderId=${SP_ID}`);
      await driver.waitFor(within({ css: '#office-app' }, { text: 'Lead Unlocked' }));
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);
      await session.open('/examples/react-host.html');
      await driver.waitUntil("const el = document.querySelector('[data-testid=\"host-status\"]'); return el && el.textContent === 'loaded';", [], {
        message: 'the React host to report loaded',
      });
      await driver.waitFor(within({ css: 'lead-page' }, { text: 'Lead Unlocked' }));
      await expectNoConsoleErrors(driver);
      await expectAxeClean(driver);
    });

    it('on a 320 px phone no widget page scrolls sideways', async () => {
      const { driver } = session;
      await driver.setViewport({ width: 320, height: 844 });
      try {
        const pages: [string, Query][] = [
          [`/app/lead/board/${SP_ID}`, within({ css: '#office-app' }, { role: 'combobox', name: 'Lead status' })],
          [`/app/lead?leadId=300002&serviceProviderId=${SP_ID}`, within({ css: '#office-app' }, { text: 'Lead Unlocked' })],
          ['/examples/message-thread.html?user-id=5001&lead-id=300001', within({ css: 'message-thread' }, { css: '.lk-msg__body' })],
          ['/examples/raq-funnel.html', within({ css: '#quote' }, { text: 'Denver, CO' })],
          ['/examples/review-request.html', within({ css: '#review-300013' }, { role: 'button', name: 'Request a Review' })],
        ];
        const overflowing: string[] = [];
        for (const [path, ready] of pages) {
          await session.open(path);
          await driver.waitFor(ready);
          // The board's filters load after its first content: measure once they are in.
          if (path.startsWith('/app/lead/board')) await driver.waitFor({ css: '.lk-filters__panel--loading' }, { state: 'detached' });
          const { scroll, view } = await driver.evaluate<{ scroll: number; view: number }>(
            'return { scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth };',
          );
          if (scroll > view) overflowing.push(`${path}: ${scroll} px wide in ${view} px`);
        }
        expect(overflowing).toEqual([]);
        await expectNoConsoleErrors(driver);
      } finally {
        await driver.setViewport({ width: 1280, height: 900 });
      }
    });

    it("the thread on a 390 px phone: the newest own message's time, with the longest date, whole and in place after its ' · ', whatever its state word", async () => {
      const { driver } = session;
      try {
        await driver.setViewport({ width: 390, height: 844 });
        await session.open('/examples/message-thread.html?user-id=5001&lead-id=300001');
        const list = within({ css: 'message-thread' }, { role: 'region', name: 'Messages' });
        await driver.waitFor(within(list, { css: '[part="message-time"][data-own="true"]' }), { state: 'attached' });
        expect(ownStampProblems(await driver.evaluate<OwnStampLayout[] | null>(`return ${OWN_STAMP_LAYOUTS};`))).toEqual([]);
      } finally {
        await driver.setViewport({ width: 1280, height: 900 });
      }
    });

    it("the thread on a long day, at 390 and 1280 px, in en-US and es-US: scrolled up, the day pinned and 'Jump to newest'; it takes the pro to the newest message", async () => {
      const { driver } = session;
      const cases = [
        // (The examples' `?lang=`: es, or en; kept for the tab.)
        { width: 390, lang: 'en', jump: 'Jump to newest' },
        { width: 1280, lang: 'es', jump: 'Ir a lo más reciente' },
        { width: 390, lang: 'es', jump: 'Ir a lo más reciente' },
        { width: 1280, lang: 'en', jump: 'Jump to newest' },
      ];
      try {
        for (const { width, lang, jump } of cases) {
          await driver.setViewport({ width, height: 844 });
          await session.open(`/examples/message-thread.html?user-id=5003&lead-id=300002&lang=${lang}`);
          const thread: Query = { css: 'message-thread' };
          const list = within(thread, { css: '[part="message-list"]' });
          const button = within(thread, { role: 'button', name: jump });
          await driver.waitFor(within(list, { css: '.lk-msg__body' }));
          // At the end: no button. Scrolled up two screens: the button, a 44 px target, and a day pinned.
          await driver.waitUntil(
            withQuery('const el = q.first(arguments[0], true); return el.scrollHeight - el.clientHeight - el.scrollTop < 48;'),
            [toWire(list)],
            { message: `the list at its end (${width} px, ${lang})` },
          );
          await driver.waitFor(within(thread, { role: 'button', name: /jump to newest|ir a lo más reciente/i }), { state: 'detached', timeout: 5000 });
          // Scrolled up as a reader does, until it stays up — the list away from its end and the
          // button there, at one look: on a loaded CI machine WebKit once let a late layout of the
          // opening put the list back at its end right after one jump (no button then).
          const scrolledUpWithButton = withQuery(
            'const el = q.first(arguments[0], true); return el.scrollHeight - el.clientHeight - el.scrollTop > 48 && q.all(arguments[1]).some(q.visible);',
          );
          for (let attempt = 0; ; attempt++) {
            await driver.evaluate(withQuery('const el = q.first(arguments[0], true); el.scrollTop -= el.clientHeight * 2;'), toWire(list));
            try {
              await driver.waitUntil(scrolledUpWithButton, [toWire(list), toWire(button)], { timeout: 5000, message: `the list scrolled up with '${jump}'` });
              break;
            } catch (error) {
              if (attempt === 2) throw new Error(`the list went back to its end after each of 3 scrolls up (${width} px, ${lang})`, { cause: error });
            }
          }
          const size = await driver.evaluate<{ width: number; height: number }>(
            withQuery('const r = q.first(arguments[0], true).getBoundingClientRect(); return { width: r.width, height: r.height };'),
            toWire(button),
          );
          expect(size.width).toBeGreaterThanOrEqual(44);
          expect(size.height).toBeGreaterThanOrEqual(44);
          const pinned = within(thread, { css: '[part="pinned-day"]' });
          await driver.waitFor(pinned);
          expect(await attributeOf(driver, pinned, 'aria-hidden')).toBe('true');
          await driver.click(button);
          await driver.waitFor(button, { state: 'detached' });
          await driver.waitUntil(
            withQuery(
              'const el = q.first(arguments[0], true); const active = el.getRootNode().activeElement; return el.scrollHeight - el.clientHeight - el.scrollTop < 48 && active?.getAttribute("role") === "group";',
            ),
            [toWire(list)],
            { message: `the list at its end with the newest message focused (${width} px, ${lang})` },
          );
        }
        await expectNoConsoleErrors(driver);
      } finally {
        await driver.setViewport({ width: 1280, height: 900 });
      }
    });

    it("a board card's date · category · place line on a phone: the place whole or not at all (no clipped stub), the date whole, the category with an ellipsis", async () => {
      const { driver } = session;
      const shown: Record<number, number> = {};
      try {
        for (const width of [390, 560]) {
          await driver.setViewport({ width, height: 844 });
          await session.open(`/app/lead/board/${SP_ID}`);
          await driver.waitFor(within({ css: '#office-app' }, { role: 'combobox', name: 'Lead status' }));
          const cards = await driver.evaluate<CardMetaLine[]>(`return ${CARD_META_LINES};`);
          expect(cards.length).toBeGreaterThan(3);
          expect(cardMetaLineProblems(cards, width)).toEqual([]);
          shown[width] = cards.filter((card) => card.place === 'whole').length;
        }
        // Where there is room (a large phone), places are shown.
        expect(shown[560]).toBeGreaterThan(0);
      } finally {
        await driver.setViewport({ width: 1280, height: 900 });
      }
    });

    // Not in WebKitGTK: driven by WebDriver, its memory cache serves a chunk it has run whatever
    // the cache headers say (the refusal never reaches the server), and keeps a refused one failed
    // across later navigations (the file's other journeys then fail). Checked by hand in
    // MiniBrowser instead: a failed import() fails again without a request; a reload fetches it.
    it.skipIf(engine === 'webkit')(
      "a part whose code does not arrive: the board says so in its place; 'Try again' shows it (Firefox, which keeps a failed module, offers 'Reload the page')",
      async () => {
        const { driver, proxy } = session;
        const board: Query = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
        // A part loaded after the first card (the CDN build puts the first screen's parts, the list
        // among them, in one chunk with the board): the filter panel's controls.
        const allow = proxy.refuse(`/cdn/${cdnSourceChunk('src/widgets/lead-board/filters/filter-panel.tsx')}`);
        try {
          await session.open(`/app/lead/board/${SP_ID}`);
          await driver.waitFor(within(within(board, { role: 'alert' }), { text: 'This part of the page did not load. Check your connection and try again.' }));
          // The rest of the board works meanwhile: its heading and its list are not the panel.
          await driver.waitFor(within(board, { role: 'heading', name: 'Leads for Acme Plumbing & Heating' }));
          await driver.waitFor(within(board, { text: BOARD_SHOWING }));
        } finally {
          allow();
        }
        await driver.click(within(board, { role: 'button', name: 'Try again' }));
        if (driver.engine === 'firefox') {
          // Firefox keeps a failed module until the page reloads: the retry fails at once and the
          // part offers 'Reload the page' beside 'Try again'.
          const reload = within(board, { role: 'button', name: 'Reload the page' });
          await driver.waitFor(reload);
          await driver.evaluate('window.__beforeReload = true;');
          await driver.click(reload);
          await driver.waitUntil('return window.__beforeReload === undefined;', [], { message: 'the page to reload' });
        }
        await driver.waitFor(within(board, { role: 'button', name: /^Lead status / }));
        await driver.waitFor(within(board, { role: 'alert' }), { state: 'detached' });
        // Nothing but the refused chunk's own failed loads (Chromium lists them in its console).
        expect((await driver.consoleErrors()).filter((line) => messageOf(line) !== 'Failed to load resource: net::ERR_EMPTY_RESPONSE')).toEqual([]);
      },
    );

    // CI once saw WebKit record 'unhandledrejection: Importing a module script failed.' as the
    // 320 px journey left a page: the example pages' own import of saved-replies.js had no catch.
    // Here it does not arrive at all (not in WebKitGTK: see above, its cache keeps what it ran).
    it.skipIf(engine === 'webkit')(
      'a host script that does not arrive (the thread page’s saved replies) leaves no unhandled rejection; the thread works',
      async () => {
        const { driver, proxy } = session;
        const allow = proxy.refuse('/examples/saved-replies.js');
        try {
          await session.open('/examples/message-thread.html?user-id=5001&lead-id=300001');
          await driver.waitFor(within({ css: 'message-thread' }, { css: '.lk-msg__body' }));
          // The page's import has failed once the same import, asked again, has (Firefox keeps it).
          expect(await driver.evaluate<string>("return import('/examples/saved-replies.js').then(() => 'loaded', () => 'failed');")).toBe('failed');
        } finally {
          allow();
        }
        expect((await driver.consoleErrors()).filter((line) => messageOf(line) !== 'Failed to load resource: net::ERR_EMPTY_RESPONSE')).toEqual([]);
      },
    );

    // CI once saw Firefox's 320 px journey collect "pageerror: Failed to read data from the
    // ReadableStream: "TypeError: Error in input stream"." as it went from page to page: Firefox
    // writes that console error when a Response built on a script's stream fails while read, and
    // the gateway client counted each answer through such a stream — so every answer cut as a page
    // was left (or by the network) logged it, and reached the widget as an abort (no 'Try again').
    // The client now reads the answer itself (src/gateway/core/answer-reading.ts).
    it("a gateway answer cut mid-body: no page error; the lead page says it could not reach the server, and 'Try again' shows the lead", async () => {
      const { driver, proxy } = session;
      const whole = proxy.cut(`${LEAD_PATH}/300002`);
      const page: Query = { css: '#purchased-lead' };
      try {
        await session.open('/examples/cms.html');
        await waitForEvents(driver, 'lk-error', 1);
        expect(
          await driver.evaluate<unknown[]>("return window.__lk.events.filter((e) => e.type === 'lk-error').map((e) => [e.target, e.detail.kind]);"),
        ).toEqual([['purchased-lead', 'network']]);
        await driver.waitFor(within(within(page, { role: 'alert' }), { text: 'We could not reach the server. Check your connection and try again.' }));
        // Each try was answered in part (the status and half the body): the cut was mid-answer.
        expect(
          proxy
            .received()
            .filter((request) => request.path === `${LEAD_PATH}/300002`)
            .every((request) => request.status === 200),
        ).toBe(true);
      } finally {
        whole();
      }
      await driver.click(within(page, { role: 'button', name: 'Try again' }));
      await driver.waitFor(within(page, { text: 'Lead Unlocked' }));
      // Chromium lists the cut answers' failed loads in its console; nothing else may be there.
      expect((await driver.consoleErrors()).filter((line) => !messageOf(line).startsWith('Failed to load resource:'))).toEqual([]);
    });

    // Issue 76's wrong setups, a sample in every engine (test/e2e/wrong-setup.test.ts runs every
    // row in Chromium, with the console line): a typo in `gateway-url`'s path and a gateway nobody
    // listens on. Each lead page shows the spec's text, and fires lk-error naming the cause.
    it("a wrong gateway-url names its fix: a typo in its path and a port nobody listens on (the spec's texts, lk-error kind 'setup')", async () => {
      const { driver, proxy } = session;
      await session.open('/examples/cms.html');
      await waitForEvents(driver, 'lk-load', 2);
      const closed = await closedPort();
      await driver.evaluate(
        `for (const [id, url] of [['typo-lead', arguments[0] + '/gatway'], ['nobody-lead', 'http://127.0.0.1:' + arguments[1]]]) {
          const page = document.createElement('lead-page');
          page.id = id;
          page.setAttribute('lead-id', '300002');
          page.setAttribute('sp-id', '1001');
          page.setAttribute('gateway-url', url);
          document.body.append(page);
        }`,
        proxy.origin,
        closed,
      );
      await driver.waitFor(
        within({ css: '#typo-lead' }, { text: 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.' }),
      );
      await driver.waitFor(within({ css: '#nobody-lead' }, { text: 'We could not reach the server. Check your connection and try again.' }));
      const setup = () =>
        driver.evaluate<[string, string, string][]>(
          "return window.__lk.events.filter((e) => e.type === 'lk-error' && e.detail.kind === 'setup').map((e) => [e.target, e.detail.cause, e.detail.message]);",
        );
      const causes = await eventually(setup, (found) => found.length >= 2, 'two setup lk-errors');
      expect(causes.map(([target, cause]) => [target, cause]).sort()).toEqual([
        ['nobody-lead', 'gateway-unreachable'],
        ['typo-lead', 'gateway-not-found'],
      ]);
      // The sentence names the setting and the origin, never the path.
      for (const [, cause, message] of causes) {
        expect(message).toContain('`gateway-url`');
        expect(message).toContain(`troubleshooting--docs#${cause}`);
        expect(message).not.toContain('gatway');
      }
    });

    // The CDN build leaves out the ~80 core-js polyfills Twilio's SDK asks for (the es2022 target
    // has every feature natively): its code must run in each engine without them.
    it('Twilio\'s SDK from the CDN build (chat-service="twilio") runs here without polyfills: a client starts connecting, no built-in replaced or added', async () => {
      const { driver } = session;
      await session.open('/examples/index.html');
      // Its socket goes to a closed local port: nothing leaves the machine.
      const run = await driver.evaluate<TwilioSdkRun>(`return ${twilioSdkRun(`/cdn/${cdnSourceChunk(TWILIO_SDK_SOURCE)}`, 'ws://127.0.0.1:9/')};`);
      expect(run.checked).toBeGreaterThan(400);
      expect(run.changed).toEqual([]);
      expect(run.states[0]).toBe('connecting');
      // Firefox reports the refused socket as a page error; nothing else may be there.
      expect((await driver.consoleErrors()).filter((line) => !line.includes('ws://127.0.0.1:9/'))).toEqual([]);
    });
  });

  // Issue 65 §2: the thread's whole journey on a phone on both chat adapters (./thread-journey.ts).
  describe(`${engine}: the thread on a 390 px phone on both chat adapters`, { timeout: JOURNEY_TIMEOUT_MS }, () => {
    it('sandbox chat: history, the older page, a photo; a text (Delivered, typing, the answer) and a photo sent; nothing twice', async () => {
      await threadOnAPhone(session.driver, session, 'sandbox');
    });

    describe('Twilio (the real SDK from the CDN build, against the sandbox’s stand-in: SANDBOX_CHAT=twilio)', () => {
      const twilio = useChatServer('twilio', () => session.driver);
      it('history, the older page, a photo; a text (Delivered, typing, the answer) and a photo sent; the connection lost and back: nothing lost or twice', async () => {
        await threadOnAPhone(session.driver, twilio, 'twilio');
      });
    });
  });
}
