/**
 * What an idle widget costs the gateway (part of `npm run bench`; alone: `npm run bench:idle-calls`),
 * docs/architecture.md#budgets: gateway calls per idle pro-hour — a widget left open for an hour
 * of page time with nobody using it and nothing new arriving — on the built CDN artefacts, in
 * Debian's Chromium, counted by the sandbox gateway (what it received, `GET /sandbox/requests`).
 *
 * Each case loads its example page as a host serves it (bench/server.ts), waits until the widget's
 * first screen has settled (the board's new-leads part mounted, the thread's messages and live
 * stream open; then no gateway request for 1.5 s), pauses the page's clock (Playwright's
 * `page.clock`: the page's timers and `Date`), hides the page where the case says, and moves the
 * clock on an hour in 1 s steps. After a step in which the page asked something, the next waits
 * for the answers (and a task or two of the page's, where the next timer is set): a wait of the
 * page's may so end up to 1 s long, never shorter — the counts are at most a call or so under the
 * schedule's own, never over. The calls of the load itself are not counted.
 *
 * Hidden is what the page is told (`document.hidden`, `visibilityState`, `visibilitychange`),
 * as the e2e suite does: headless Chromium's own visibility does not follow tabs. Notifications on
 * is the pro's choice kept in this browser from before (the board's localStorage key) with the
 * permission granted. Self-checks: a board that asked nothing while hidden checks once as soon as
 * it is shown again (its watch was running, not dead), the notifying board's switch is on, and the
 * thread's live stream is still open after the hour.
 *
 * Budgets: bench/budgets.mjs (IDLE_CALL_BUDGETS). The load on a gateway for 100,000 pros in each
 * case is printed beside it (calls an hour × 100,000 / 3,600 s); docs/benchmarks.md#idle-calls.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { IDLE_CALL_BUDGETS } from './budgets.mjs';
import { launchChromium } from '../test/helpers/browser';
import { ensureBuilt } from '../scripts/build.mjs';
import { BENCH_CHROMIUM_ARGS, startBenchServer, type BenchServer } from './server';
import { ROOT } from './session';

const HOUR_MS = 3_600_000;
const STEP_MS = 1_000;
const QUIET_MS = 1_500;
const TIMEOUT_MS = 20_000;
/** The load on a gateway the docs work out: this many pros, each with the widget open and idle. */
const PROS = 100_000;
const SP_ID = 1001;
/** The board's record of the pro's 'Notify me of new leads' (src/widgets/lead-board/arrivals/notices.logic.ts). */
const NOTIFY_STORAGE_KEY = 'leadkit:notify-new-leads:v1';

type BudgetKey = keyof typeof IDLE_CALL_BUDGETS;

interface IdleCase {
  id: string;
  label: string;
  path: string;
  /** A selector (through open shadow roots) that is there once the widget's first screen is done. */
  ready: string;
  /** The widget keeps an event stream open (its live updates): still open after the hour, or a quiet hour means nothing. */
  stream?: boolean;
  hidden: boolean;
  notify: boolean;
  budget: BudgetKey;
}

const IDLE_CASES: readonly IdleCase[] = [
  {
    id: 'board-visible',
    label: '<lead-board>, visible and idle',
    path: '/examples/office-board.html',
    ready: 'lead-board [part="notify-new-leads"]',
    hidden: false,
    notify: false,
    budget: 'boardVisible',
  },
  {
    id: 'board-hidden',
    label: '<lead-board>, hidden (notifications off)',
    path: '/examples/office-board.html',
    ready: 'lead-board [part="notify-new-leads"]',
    hidden: true,
    notify: false,
    budget: 'boardHidden',
  },
  {
    id: 'board-hidden-notifying',
    label: '<lead-board>, hidden, notifications on',
    path: '/examples/office-board.html',
    ready: 'lead-board [part="notify-new-leads"]',
    hidden: true,
    notify: true,
    budget: 'boardHiddenWatching',
  },
  {
    id: 'app-board-hidden',
    label: "<lead-app>'s board route, hidden (its title count)",
    path: `/app/lead/board/${SP_ID}`,
    ready: 'lead-app [part="notify-new-leads"]',
    hidden: true,
    notify: false,
    budget: 'boardHiddenWatching',
  },
  {
    id: 'thread-open',
    label: '<message-thread> open (sandbox chat)',
    path: '/examples/message-thread.html?user-id=5003&lead-id=300002',
    ready: 'message-thread .lk-msg__body',
    stream: true,
    hidden: false,
    notify: false,
    budget: 'threadOpen',
  },
];

export interface IdleCaseFigures {
  id: string;
  label: string;
  callsPerHour: number;
  budget: number;
  /** Calls a second on a gateway with PROS pros in this case. */
  gatewayPerSecond: number;
  /** The calls counted, by method and path: `POST /gateway/… ×14`. */
  calls: Record<string, number>;
}

export interface IdleCallResults {
  pros: number;
  stepMs: number;
  cases: IdleCaseFigures[];
  /** Self-checks that failed (the figures would mean nothing). */
  problems: string[];
}

/** Plain JavaScript (tsx's helpers do not exist in the page): the page's visibility as the bench sets it. */
const HIDDEN_PAGE = String.raw`(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden, configurable: true });
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
  window.__lkSetHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();`;

const isGateway = (request: Request) => new URL(request.url()).pathname.startsWith('/gateway/');

/** The page's gateway requests still on their way (an event stream counts once its answer started: it stays open). */
function trackGateway(page: Page) {
  const pending = new Set<Request>();
  const streams = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    if (!isGateway(request)) return;
    started++;
    pending.add(request);
  });
  page.on('response', (response) => {
    if (!/text\/event-stream/.test(response.headers()['content-type'] ?? '')) return;
    pending.delete(response.request());
    streams.add(response.request());
  });
  const done = (request: Request) => {
    pending.delete(request);
    streams.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    started: () => started,
    /** Event streams open now (the thread's live updates). */
    openStreams: () => streams.size,
    /** Until nothing is on its way, then two of the page's tasks (where an answer's reader sets the next timer). */
    async settle(): Promise<void> {
      const until = Date.now() + TIMEOUT_MS;
      while (pending.size > 0) {
        if (Date.now() > until)
          throw new Error(`bench: gateway requests still open after ${TIMEOUT_MS / 1000} s: ${[...pending].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await page.evaluate('0');
      await page.evaluate('0');
    },
  };
}

/** What the sandbox gateway received since its last reset, as `METHOD /path`. */
async function received(server: BenchServer): Promise<string[]> {
  const answer = await fetch(`${server.origins.h1}/sandbox/requests`);
  if (!answer.ok) throw new Error(`bench: GET /sandbox/requests answered ${answer.status}`);
  const { requests } = (await answer.json()) as { requests: { method: string; path: string }[] };
  return requests.map(({ method, path: at }) => `${method} ${at}`);
}

const tally = (calls: readonly string[]) => calls.reduce<Record<string, number>>((counts, call) => ({ ...counts, [call]: (counts[call] ?? 0) + 1 }), {});

async function measureCase(browser: Browser, server: BenchServer, idle: IdleCase, problems: string[]): Promise<IdleCaseFigures> {
  server.reset();
  const { origin } = server;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (idle.notify) await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    await page.addInitScript({ content: HIDDEN_PAGE });
    if (idle.notify) await page.addInitScript({ content: `localStorage.setItem(${JSON.stringify(NOTIFY_STORAGE_KEY)}, '{"${SP_ID}":true}');` });
    const gateway = trackGateway(page);
    await page.clock.install();
    await page.goto(`${origin}${idle.path}`);
    await page.locator(idle.ready).first().waitFor({ state: 'attached', timeout: TIMEOUT_MS });
    if (idle.notify) {
      const on = await page.locator('lead-board [part="notify-new-leads"] [role="switch"]').getAttribute('aria-checked', { timeout: TIMEOUT_MS });
      if (on !== 'true') problems.push(`${idle.id}: 'Notify me of new leads' is not on (aria-checked=${on})`);
    }
    // Settled: nothing asked for QUIET_MS (the clock still running as the page loaded).
    for (let seen = -1; seen !== gateway.started(); ) {
      seen = gateway.started();
      await gateway.settle();
      await page.waitForTimeout(QUIET_MS);
    }
    const now = (await page.evaluate('Date.now()')) as number;
    await page.clock.pauseAt(now + STEP_MS);
    if (idle.hidden) await page.evaluate('window.__lkSetHidden(true)');
    await gateway.settle();
    const before = (await received(server)).length;
    for (let moved = 0; moved < HOUR_MS; moved += STEP_MS) {
      const asked = gateway.started();
      await page.clock.runFor(STEP_MS);
      if (gateway.started() !== asked) await gateway.settle();
    }
    const calls = (await received(server)).slice(before);
    if (idle.stream && gateway.openStreams() === 0) problems.push(`${idle.id}: no event stream open after the hour: its live updates had stopped`);
    // A board that asked nothing while hidden was waiting, not dead: shown again, it checks at once.
    if (idle.hidden && calls.length === 0) {
      const asked = gateway.started();
      await page.evaluate('window.__lkSetHidden(false)');
      await page.clock.runFor(STEP_MS);
      await gateway.settle();
      if (gateway.started() === asked) problems.push(`${idle.id}: shown again after the hour, the board did not check: its watch was not running`);
    }
    const budget = IDLE_CALL_BUDGETS[idle.budget];
    return {
      id: idle.id,
      label: idle.label,
      callsPerHour: calls.length,
      budget,
      gatewayPerSecond: Math.round((calls.length * PROS) / 3600),
      calls: tally(calls),
    };
  } finally {
    await context.close();
  }
}

/** Needs dist/cdn built (the caller builds it). */
export async function measureIdleCalls(browser: Browser, server: BenchServer, log = (line: string) => console.log(line)): Promise<IdleCallResults> {
  const problems: string[] = [];
  const cases: IdleCaseFigures[] = [];
  for (const idle of IDLE_CASES) {
    log(`  bench:idle-calls: ${idle.label}`);
    cases.push(await measureCase(browser, server, idle, problems));
  }
  return { pros: PROS, stepMs: STEP_MS, cases, problems };
}

export function idleCallFailures(results: IdleCallResults): string[] {
  return [
    ...results.problems.map((problem) => `self-check: ${problem}`),
    ...results.cases
      .filter((figures) => figures.callsPerHour > figures.budget)
      .map((figures) => `${figures.label}: ${figures.callsPerHour} gateway calls per idle pro-hour > ${figures.budget}`),
  ];
}

export function printIdleCalls(results: IdleCallResults): void {
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  const num = (value: string | number, width: number) => String(value).padStart(width);
  const width = Math.max(...results.cases.map((figures) => figures.label.length));
  console.log(
    `\nGateway calls per idle pro-hour (the built pages in Chromium, the page's clock moved an hour in ${results.stepMs / 1000} s steps, nothing arriving; counted by the sandbox)`,
  );
  console.log(`  ${pad('case', width)} ${num('calls/h', 8)} ${num('budget', 7)} ${num(`${results.pros.toLocaleString('en')} pros`, 14)}  calls`);
  for (const figures of results.cases) {
    const calls = Object.entries(figures.calls).map(([call, count]) => `${call} ×${count}`);
    console.log(
      `  ${pad(figures.label, width)} ${num(figures.callsPerHour, 8)} ${num(figures.budget, 7)} ${num(`${figures.gatewayPerSecond.toLocaleString('en')}/s`, 14)}  ${calls.join(', ') || '—'}${figures.callsPerHour > figures.budget ? '  OVER' : ''}`,
    );
  }
  for (const problem of results.problems) console.log(`  self-check failed: ${problem}`);
}

// `npm run bench:idle-calls`: this part alone (the CDN built when stale, no anchors).
if (process.argv[1] && /idle-calls\.ts$/.test(process.argv[1])) {
  const started = performance.now();
  ensureBuilt({ parts: ['cdn'], ifStale: true });
  const server = await startBenchServer({ root: ROOT, warm: false });
  const browser = await launchChromium({ args: BENCH_CHROMIUM_ARGS });
  let failures: string[];
  try {
    const results = await measureIdleCalls(browser, server);
    printIdleCalls(results);
    failures = idleCallFailures(results);
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench', 'idle-calls-results.json'),
      `${JSON.stringify({ generatedAt: new Date().toISOString(), budgets: IDLE_CALL_BUDGETS, ...results, failures, ok: failures.length === 0 }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`bench:idle-calls: wrote bench/idle-calls-results.json in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.error(`\nbench:idle-calls: ${failures.length} budget(s) missed:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    process.exit(1);
  }
  console.log('bench:idle-calls: all budgets met');
}
