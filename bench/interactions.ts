/**
 * Interaction latency with real pointer input (part of `npm run bench`; alone:
 * `npm run bench:interactions`), docs/architecture.md#budgets: card expand and filter toggle p75 ≤ 50 ms
 * at 4× CPU (the filter toggle ≤ 40 ms), and the card expand ≤ 1.5× the spec-equal React card's
 * (bench/anchors/card.ts) measured in the same run.
 *
 * The page loads at a phone width (412 px) without network throttling and settles (the card
 * body's and the filter panel's chunks are loaded first: the network is not part of it), then
 * the CPU is slowed 4×. Each sample is a real click: CDP `Input.dispatchMouseEvent` (moved,
 * pressed, released) at the centre of the element's box. It is timed in the page from the
 * pointerdown event's timestamp (when the input happened, queueing included) until the frame
 * after the DOM shows the result (a MutationObserver sees it, then an animation frame and a task
 * after it: the frame was produced). The Event Timing API's longest entry of the interaction
 * (INP's measure: input → next paint after the handlers) is recorded beside it.
 *   - board card expand: a collapsed card's toggle → the card open with its body ('Lead status');
 *     collapsed again (not timed) before the next sample; cards 2…9 in turn;
 *   - board filter toggle: 'Show/Hide All Filters' → the panel shown / hidden;
 *   - spec-equal React card expand: the same on bench/anchors/card.ts (the board's first page, the
 *     spec's whole expanded card, plain React) — the ratio's baseline;
 *   - minimal React anchor card expand: bench/anchors/main.ts' 5 cards with a short detail list
 *     (the load bench's anchor), printed for reference.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { INTERACTION_BUDGETS } from './budgets.mjs';
import { THROTTLING } from './load';
import { runStandalone } from './session';

const WIDTH = 412;
const SETTLE_MS = 400;
const TIMEOUT_MS = 20_000;

export interface InteractionFigures {
  samplesMs: number[];
  eventTimingMs: number[];
  p75Ms: number;
  medianMs: number;
  eventTimingP75Ms: number;
}

export interface InteractionResults {
  width: number;
  cpuSlowdown: number;
  board: { cardExpand: InteractionFigures; filterToggle: InteractionFigures };
  /** The spec-equal React card (the ratio's baseline). */
  specCardAnchor: { cardExpand: InteractionFigures };
  /** The minimal React anchor (reference only). */
  reactAnchor: { cardExpand: InteractionFigures };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
};

function figures(samples: number[], eventTiming: number[]): InteractionFigures {
  return {
    samplesMs: samples.map(Math.round),
    eventTimingMs: eventTiming.map(Math.round),
    p75Ms: Math.round(percentile(samples, 0.75)),
    medianMs: Math.round(percentile(samples, 0.5)),
    eventTimingP75Ms: Math.round(percentile(eventTiming, 0.75)),
  };
}

/*
 * Page-side code as plain JavaScript strings (tsx adds `__name` helpers that do not exist in
 * the page). DEEP finds elements in the document and every open shadow root.
 */
/**
 * The point to click on `target`, for CDP (relative to the visual viewport, in CSS px × its
 * scale), after checking that a hit test there finds the target (or inside it).
 */
const CLICK_POINT = String.raw`((target) => {
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit || !(hit === target || target.contains(hit))) throw new Error('bench: a click at the centre of ' + target.outerHTML.slice(0, 80) + ' would hit ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing'));
  const vv = window.visualViewport;
  return vv ? { x: (x - vv.offsetLeft) * vv.scale, y: (y - vv.offsetTop) * vv.scale } : { x, y };
})`;

const DEEP = String.raw`((selector) => {
  const found = [];
  const walk = (root) => {
    found.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return found;
})`;

/**
 * Arms the timing of one interaction on `target` (an expression giving the element) until
 * `done` (an expression over `target`, evaluated on every DOM change) holds; returns the box
 * centre to click. The record is window.__interaction.
 */
function arm(page: Page, target: string, done: string): Promise<{ x: number; y: number }> {
  return page.evaluate(String.raw`(async () => {
    const deep = ${DEEP};
    const target = ${target};
    if (!target) throw new Error('bench: the element to click is not there');
    target.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    const root = target.getRootNode();
    const record = { start: null, end: null, eventTiming: 0 };
    window.__interaction = record;
    const isDone = () => { try { return Boolean(${done}); } catch { return false; } };
    addEventListener('pointerdown', (event) => { record.start = event.timeStamp; }, { capture: true, once: true });
    new PerformanceObserver((list, observer) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId && record.start !== null && entry.startTime >= record.start - 1) record.eventTiming = Math.max(record.eventTiming, entry.duration);
      }
      if (record.end !== null) observer.disconnect();
    }).observe({ type: 'event', durationThreshold: 16 });
    const observer = new MutationObserver(() => {
      if (record.start === null || !isDone()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { record.end = performance.now(); }, 0));
    });
    const point = ${CLICK_POINT}(target);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    return point;
  })()`) as Promise<{ x: number; y: number }>;
}

async function pointerClick(cdp: CDPSession, { x, y }: { x: number; y: number }): Promise<void> {
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 });
}

/** One timed click: ms from the input to the frame showing the result, and the Event Timing duration. */
async function timedClick(page: Page, cdp: CDPSession, target: string, done: string): Promise<[number, number]> {
  const point = await arm(page, target, done);
  await pointerClick(cdp, point);
  await page.waitForFunction('window.__interaction.end !== null', undefined, { timeout: TIMEOUT_MS, polling: 50 });
  await page.waitForTimeout(100); // the event-timing entry arrives after its paint
  const { start, end, eventTiming } = (await page.evaluate('window.__interaction')) as { start: number; end: number; eventTiming: number };
  return [end - start, eventTiming];
}

/** An untimed click (to put the page back between samples). */
async function plainClick(page: Page, cdp: CDPSession, target: string): Promise<void> {
  const point = (await page.evaluate(String.raw`(async () => {
    const deep = ${DEEP};
    const target = ${target};
    target.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    return ${CLICK_POINT}(target);
  })()`)) as { x: number; y: number };
  await pointerClick(cdp, point);
}

async function openPage(browser: Browser, url: string, ready: string): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 823 }, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  try {
    await page.waitForFunction(ready, undefined, { timeout: TIMEOUT_MS });
  } catch {
    throw new Error(`bench: ${url} did not get ready for the interaction samples (${ready})${errors.length ? `: ${errors.join(' | ')}` : ''}`);
  }
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return { page, cdp, close: () => context.close() };
}

const CARDS = `deep('[part~="lead-card"]')`;
const BOARD_TEXT = `deep('[part~="lead-board"]').map((el) => el.textContent).join(' ')`;

async function cardExpand(page: Page, cdp: CDPSession, cards: number[], bodyText: RegExp): Promise<InteractionFigures> {
  const samples: number[] = [];
  const eventTiming: number[] = [];
  for (const index of cards) {
    const card = `${CARDS}[${index}]`;
    const toggle = `(${card}).querySelector('button[aria-expanded]')`;
    const state = await page.evaluate(`(() => { const deep = ${DEEP}; return (${toggle})?.getAttribute('aria-expanded'); })()`);
    if (state === null || state === undefined) throw new Error(`bench: card ${index} has no toggle`);
    if (state === 'true') await plainClick(page, cdp, toggle); // open from an earlier sample: close it first
    await page.waitForTimeout(SETTLE_MS);
    const [ms, et] = await timedClick(
      page,
      cdp,
      toggle,
      `(() => { const card = ${card}; return card.getAttribute('data-expanded') === 'true' && ${bodyText}.test(card.textContent || ''); })()`,
    );
    samples.push(ms);
    eventTiming.push(et);
    await page.waitForTimeout(SETTLE_MS); // the interaction's own follow-ups (mark-read) settle
    await plainClick(page, cdp, toggle);
    await page.waitForTimeout(SETTLE_MS);
  }
  return figures(samples, eventTiming);
}

async function filterToggle(page: Page, cdp: CDPSession, count: number): Promise<InteractionFigures> {
  const samples: number[] = [];
  const eventTiming: number[] = [];
  const toggle = `deep('.lk-filters__toggle')[0]`;
  for (let i = 0; i < count; i++) {
    const done = `(() => {
      const toggle = ${toggle};
      const panel = toggle.getRootNode().getElementById(toggle.getAttribute('aria-controls'));
      const open = toggle.getAttribute('aria-expanded') === 'true';
      return open === window.__opening && panel.getAttribute('data-open') === String(open) && (getComputedStyle(panel).display !== 'none') === open;
    })()`;
    await page.evaluate(`(() => { const deep = ${DEEP}; window.__opening = (${toggle}).getAttribute('aria-expanded') !== 'true'; })()`);
    const [ms, et] = await timedClick(page, cdp, toggle, done);
    samples.push(ms);
    eventTiming.push(et);
    await page.waitForTimeout(SETTLE_MS);
  }
  return figures(samples, eventTiming);
}

export async function measureInteractions(browser: Browser, origin: string, reset: () => void): Promise<InteractionResults> {
  const samples = INTERACTION_BUDGETS.samples;
  reset();
  // The board (in <lead-app>), its first card open and the card body and filter panel loaded.
  const boardReady = `(() => { const deep = ${DEEP}; const text = ${BOARD_TEXT}; return /Showing \\d+ - \\d+ of \\d+ results/.test(text) && /Lead status/.test(text) && deep('.lk-filters__toggle').length > 0 && deep('.lk-filters__panel--loading').length === 0; })()`;
  const board = await openPage(browser, `${origin}/app/lead/board/1001`, boardReady);
  let cardExpandFigures: InteractionFigures;
  let filterToggleFigures: InteractionFigures;
  try {
    const count = (await board.page.evaluate(`(() => { const deep = ${DEEP}; return ${CARDS}.length; })()`)) as number;
    if (count < 3) throw new Error(`bench: the board shows ${count} cards`);
    const indices = Array.from({ length: samples }, (_, i) => 1 + (i % (count - 1)));
    cardExpandFigures = await cardExpand(board.page, board.cdp, indices, /Lead status/);
    filterToggleFigures = await filterToggle(board.page, board.cdp, samples);
  } finally {
    await board.close();
  }

  const anchorExpand = async (url: string, cards: number) => {
    reset();
    const anchor = await openPage(browser, url, `(() => { const deep = ${DEEP}; return ${CARDS}.length === ${cards}; })()`);
    try {
      return await cardExpand(
        anchor.page,
        anchor.cdp,
        Array.from({ length: samples }, (_, i) => (cards === 5 ? i % 5 : 1 + (i % (cards - 1)))),
        /Lead status/,
      );
    } finally {
      await anchor.close();
    }
  };
  const specCardExpand = await anchorExpand(`${origin}/anchors/react-card/card.html`, 10);
  const minimalExpand = await anchorExpand(`${origin}/anchors/react/`, 5);
  return {
    width: WIDTH,
    cpuSlowdown: THROTTLING.cpuSlowdown,
    board: { cardExpand: cardExpandFigures, filterToggle: filterToggleFigures },
    specCardAnchor: { cardExpand: specCardExpand },
    reactAnchor: { cardExpand: minimalExpand },
  };
}

/** Budget failures of the interaction figures. */
export function interactionFailures(results: InteractionResults): string[] {
  const failures: string[] = [];
  const anchor = results.specCardAnchor.cardExpand.p75Ms;
  const expand = results.board.cardExpand;
  const toggle = results.board.filterToggle;
  const ratio = expand.p75Ms / anchor;
  if (!(ratio <= INTERACTION_BUDGETS.vsReactAnchorExpand))
    failures.push(
      `board card expand p75 ${expand.p75Ms} ms = ${ratio.toFixed(2)}× the spec-equal React card's (${anchor} ms) > ${INTERACTION_BUDGETS.vsReactAnchorExpand}×`,
    );
  if (!(toggle.p75Ms <= INTERACTION_BUDGETS.filterToggleP75Ms))
    failures.push(`board filter toggle p75 ${toggle.p75Ms} ms > ${INTERACTION_BUDGETS.filterToggleP75Ms} ms at ${results.cpuSlowdown}× CPU`);
  if ([expand, toggle, results.specCardAnchor.cardExpand, results.reactAnchor.cardExpand].some((figures) => figures.samplesMs.length < 15)) {
    failures.push('fewer than 15 interaction samples: the figures mean little');
  }
  return failures;
}

export function printInteractions(results: InteractionResults): void {
  const anchor = results.specCardAnchor.cardExpand.p75Ms;
  const line = (name: string, value: InteractionFigures, ratio: boolean) =>
    `  ${name.padEnd(30)} p75 ${String(value.p75Ms).padStart(4)} ms  median ${String(value.medianMs).padStart(4)} ms  ${ratio ? `${(value.p75Ms / anchor).toFixed(2)}× spec card` : '(reference)     '}  event timing p75 ${value.eventTimingP75Ms} ms  (${value.samplesMs.join(', ')})`;
  console.log(
    `\nInteractions: real pointer input (CDP), ${results.width} px, ${results.cpuSlowdown}× CPU; input → frame with the result (budgets: card expand p75 ≤ ${INTERACTION_BUDGETS.vsReactAnchorExpand}× the spec-equal React card's; filter toggle ≤ ${INTERACTION_BUDGETS.filterToggleP75Ms} ms)`,
  );
  console.log(line('board: card expand', results.board.cardExpand, true));
  console.log(line('board: filter toggle', results.board.filterToggle, false));
  console.log(line('spec-equal React card: expand', results.specCardAnchor.cardExpand, false));
  console.log(line('minimal React anchor: expand', results.reactAnchor.cardExpand, true));
}

// `npm run bench:interactions`: this part alone (builds the anchors, serves, measures).
if (process.argv[1] && /interactions\.ts$/.test(process.argv[1])) {
  await runStandalone('interactions', async ({ browser, server, root }) => {
    const results = await measureInteractions(browser, server.origin, server.reset);
    printInteractions(results);
    mkdirSync(path.join(root, 'bench'), { recursive: true });
    const failures = interactionFailures(results);
    writeFileSync(
      path.join(root, 'bench', 'interactions-results.json'),
      `${JSON.stringify({ generatedAt: new Date().toISOString(), budgets: INTERACTION_BUDGETS, ...results, failures, ok: failures.length === 0 }, null, 2)}\n`,
    );
    return failures;
  });
}
