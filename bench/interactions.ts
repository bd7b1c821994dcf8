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
 * after the DOM shows the result was produced (a MutationObserver sees it, then the next animation
 * frame: a user-blocking task posted from it runs once that frame's style, layout, paint and
 * commit are done). Beside it: the time to a timeout's task after that frame — the measure until
 * 2026-11-28, which also counts whatever the page had queued before it at normal priority (the
 * lead marked read, a part mounted after the frame: follow-ups the frame does not wait for) —
 * and the Event Timing API's longest entry of the interaction (INP's measure: input → next paint
 * after the handlers, in 8 ms steps). The board and the spec-equal card take INTERACTION_BUDGETS.samples
 * taps in each of INTERACTION_BUDGETS.rounds rounds, in turn, each page loaded afresh each round;
 * the p75s are over all the taps, and each round's are printed.
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
  /** Input → the frame that shows the result (the measure the budget takes), each sample in run order. */
  samplesMs: number[];
  /**
   * Input → the first task after that frame at the page's normal priority (the measure until
   * 2026-11-28): what the page queued before it (an interaction's own follow-ups — the lead marked
   * read, parts mounted after the frame) counts too. Reference.
   */
  taskAfterFrameMs: number[];
  eventTimingMs: number[];
  p75Ms: number;
  medianMs: number;
  taskAfterFrameP75Ms: number;
  eventTimingP75Ms: number;
}

/** One round: each page loaded afresh (the sandbox's seed restored), its samples' p75s. */
export interface InteractionRound {
  boardCardExpandP75Ms: number;
  specCardExpandP75Ms: number;
  /** Board / spec-equal card, p75 / p75. */
  ratio: number;
  boardTaskAfterFrameP75Ms: number;
  specCardTaskAfterFrameP75Ms: number;
}

export interface InteractionResults {
  width: number;
  cpuSlowdown: number;
  /** Taps per round on each page, and rounds: the figures below are over all of them. */
  samplesPerRound: number;
  rounds: InteractionRound[];
  board: { cardExpand: InteractionFigures; filterToggle: InteractionFigures };
  /** The spec-equal React card (the ratio's baseline). */
  specCardAnchor: { cardExpand: InteractionFigures };
  /** The minimal React anchor (reference only; one round). */
  reactAnchor: { cardExpand: InteractionFigures };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
};

interface Samples {
  frame: number[];
  taskAfterFrame: number[];
  eventTiming: number[];
}

const noSamples = (): Samples => ({ frame: [], taskAfterFrame: [], eventTiming: [] });
const joined = (all: Samples[]): Samples => ({
  frame: all.flatMap((one) => one.frame),
  taskAfterFrame: all.flatMap((one) => one.taskAfterFrame),
  eventTiming: all.flatMap((one) => one.eventTiming),
});

function figures({ frame, taskAfterFrame, eventTiming }: Samples): InteractionFigures {
  return {
    samplesMs: frame.map(Math.round),
    taskAfterFrameMs: taskAfterFrame.map(Math.round),
    eventTimingMs: eventTiming.map(Math.round),
    p75Ms: Math.round(percentile(frame, 0.75)),
    medianMs: Math.round(percentile(frame, 0.5)),
    taskAfterFrameP75Ms: Math.round(percentile(taskAfterFrame, 0.75)),
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
export const CLICK_POINT = String.raw`((target) => {
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

export const DEEP = String.raw`((selector) => {
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
 * `done` (an expression over `target`, evaluated on every DOM change: keep it cheap, it runs in
 * the measured time) holds; returns the box
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
    const record = { start: null, frame: null, end: null, eventTiming: 0 };
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
      // The frame that shows it: its animation frame callbacks run first, then its style, layout,
      // paint and commit, all in one task. A user-blocking task posted from there runs right after
      // that task, before what the page queued at normal priority (timers, React's scheduler);
      // a timeout's task runs after those.
      requestAnimationFrame(() => {
        scheduler.postTask(() => { record.frame = performance.now(); }, { priority: 'user-blocking' });
        setTimeout(() => { record.end = performance.now(); }, 0);
      });
    });
    const point = ${CLICK_POINT}(target);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    return point;
  })()`) as Promise<{ x: number; y: number }>;
}

export async function pointerClick(cdp: CDPSession, { x, y }: { x: number; y: number }): Promise<void> {
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 });
}

/** One timed click into `samples`: ms from the input to the frame showing the result, to the task after it, and the Event Timing duration. */
async function timedClick(page: Page, cdp: CDPSession, target: string, done: string, samples: Samples): Promise<void> {
  const point = await arm(page, target, done);
  await pointerClick(cdp, point);
  await page.waitForFunction('window.__interaction.end !== null && window.__interaction.frame !== null', undefined, { timeout: TIMEOUT_MS, polling: 50 });
  await page.waitForTimeout(100); // the event-timing entry arrives after its paint
  const { start, frame, end, eventTiming } = (await page.evaluate('window.__interaction')) as {
    start: number;
    frame: number;
    end: number;
    eventTiming: number;
  };
  samples.frame.push(frame - start);
  samples.taskAfterFrame.push(end - start);
  samples.eventTiming.push(eventTiming);
}

/** An untimed click (to put the page back between samples). */
export async function plainClick(page: Page, cdp: CDPSession, target: string): Promise<void> {
  const point = (await page.evaluate(String.raw`(async () => {
    const deep = ${DEEP};
    const target = ${target};
    target.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    return ${CLICK_POINT}(target);
  })()`)) as { x: number; y: number };
  await pointerClick(cdp, point);
}

export async function openPage(
  browser: Browser,
  url: string,
  ready: string,
  /** A script to run in the page before its own (bench/profile-expand.ts counts React's renders with one). */
  init?: string,
): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 823 }, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
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

export const CARDS = `deep('[part~="lead-card"]')`;
export const BOARD_TEXT = `deep('[part~="lead-board"]').map((el) => el.textContent).join(' ')`;
/** The board (in <lead-app>), ready: its first card open and the card body and filter panel loaded. */
export const BOARD_PATH = '/app/lead/board/1001';
export const BOARD_READY = `(() => { const deep = ${DEEP}; const text = ${BOARD_TEXT}; return /Showing \\d+ - \\d+ of \\d+ results/.test(text) && /Lead status/.test(text) && deep('.lk-filters__toggle').length > 0 && deep('.lk-filters__panel--loading').length === 0; })()`;
/** The spec-equal React card anchor and its card count. */
export const SPEC_CARD_PATH = '/anchors/react-card/card.html';

async function cardExpand(page: Page, cdp: CDPSession, cards: number[], bodyText: RegExp): Promise<Samples> {
  const samples = noSamples();
  for (const index of cards) {
    const card = `${CARDS}[${index}]`;
    const toggle = `(${card}).querySelector('button[aria-expanded]')`;
    const state = await page.evaluate(`(() => { const deep = ${DEEP}; return (${toggle})?.getAttribute('aria-expanded'); })()`);
    if (state === null || state === undefined) throw new Error(`bench: card ${index} has no toggle`);
    if (state === 'true') await plainClick(page, cdp, toggle); // open from an earlier sample: close it first
    await page.waitForTimeout(SETTLE_MS);
    await timedClick(
      page,
      cdp,
      toggle,
      // Checked on each DOM change, inside the measured time: the card from the toggle, not from a search of every root.
      `(() => { const card = target.closest('[part~="lead-card"]'); return card.getAttribute('data-expanded') === 'true' && ${bodyText}.test(card.textContent || ''); })()`,
      samples,
    );
    await page.waitForTimeout(SETTLE_MS); // the interaction's own follow-ups (mark-read) settle
    await plainClick(page, cdp, toggle);
    await page.waitForTimeout(SETTLE_MS);
  }
  return samples;
}

async function filterToggle(page: Page, cdp: CDPSession, count: number): Promise<Samples> {
  const samples = noSamples();
  const toggle = `deep('.lk-filters__toggle')[0]`;
  for (let i = 0; i < count; i++) {
    const done = `(() => {
      const toggle = target;
      const panel = toggle.getRootNode().getElementById(toggle.getAttribute('aria-controls'));
      const open = toggle.getAttribute('aria-expanded') === 'true';
      return open === window.__opening && panel.getAttribute('data-open') === String(open) && (getComputedStyle(panel).display !== 'none') === open;
    })()`;
    await page.evaluate(`(() => { const deep = ${DEEP}; window.__opening = (${toggle}).getAttribute('aria-expanded') !== 'true'; })()`);
    await timedClick(page, cdp, toggle, done, samples);
    await page.waitForTimeout(SETTLE_MS);
  }
  return samples;
}

/**
 * The board and the spec-equal card in turn, each page loaded afresh for each round (the sandbox's
 * seed restored: its leads unread again), INTERACTION_BUDGETS.samples taps a round on each: a
 * busy spell of the machine falls on both, not on one. The minimal anchor, for reference, once.
 */
export async function measureInteractions(browser: Browser, origin: string, reset: () => void): Promise<InteractionResults> {
  const { samples, rounds: roundCount } = INTERACTION_BUDGETS;
  const expands = { board: [] as Samples[], specCard: [] as Samples[] };
  const toggles: Samples[] = [];
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
  for (let round = 0; round < roundCount; round++) {
    reset();
    const board = await openPage(browser, `${origin}${BOARD_PATH}`, BOARD_READY);
    try {
      const count = (await board.page.evaluate(`(() => { const deep = ${DEEP}; return ${CARDS}.length; })()`)) as number;
      if (count < 3) throw new Error(`bench: the board shows ${count} cards`);
      const indices = Array.from({ length: samples }, (_, i) => 1 + (i % (count - 1)));
      expands.board.push(await cardExpand(board.page, board.cdp, indices, /Lead status/));
      toggles.push(await filterToggle(board.page, board.cdp, samples));
    } finally {
      await board.close();
    }
    expands.specCard.push(await anchorExpand(`${origin}${SPEC_CARD_PATH}`, 10));
  }
  const minimalExpand = await anchorExpand(`${origin}/anchors/react/`, 5);
  const p75 = (values: number[]) => Math.round(percentile(values, 0.75));
  return {
    width: WIDTH,
    cpuSlowdown: THROTTLING.cpuSlowdown,
    samplesPerRound: samples,
    rounds: expands.board.map((board, i) => {
      const specCard = expands.specCard[i]!;
      return {
        boardCardExpandP75Ms: p75(board.frame),
        specCardExpandP75Ms: p75(specCard.frame),
        ratio: Math.round((p75(board.frame) / p75(specCard.frame)) * 100) / 100,
        boardTaskAfterFrameP75Ms: p75(board.taskAfterFrame),
        specCardTaskAfterFrameP75Ms: p75(specCard.taskAfterFrame),
      };
    }),
    board: { cardExpand: figures(joined(expands.board)), filterToggle: figures(joined(toggles)) },
    specCardAnchor: { cardExpand: figures(joined(expands.specCard)) },
    reactAnchor: { cardExpand: figures(minimalExpand) },
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
  if (expand.samplesMs.length < 48 || results.rounds.length < 3) failures.push('the card expand takes at least 48 taps in 3 rounds on each page');
  return failures;
}

export function printInteractions(results: InteractionResults): void {
  const anchor = results.specCardAnchor.cardExpand.p75Ms;
  const line = (name: string, value: InteractionFigures, ratio: boolean) =>
    `  ${name.padEnd(30)} p75 ${String(value.p75Ms).padStart(4)} ms  median ${String(value.medianMs).padStart(4)} ms  ${ratio ? `${(value.p75Ms / anchor).toFixed(2)}× spec card` : '(reference)     '}  event timing p75 ${value.eventTimingP75Ms} ms  to the task after the frame p75 ${value.taskAfterFrameP75Ms} ms  (${value.samplesMs.join(', ')})`;
  console.log(
    `\nInteractions: real pointer input (CDP), ${results.width} px, ${results.cpuSlowdown}× CPU; input → frame with the result (budgets: card expand p75 ≤ ${INTERACTION_BUDGETS.vsReactAnchorExpand}× the spec-equal React card's; filter toggle ≤ ${INTERACTION_BUDGETS.filterToggleP75Ms} ms)`,
  );
  console.log(line('board: card expand', results.board.cardExpand, true));
  console.log(line('board: filter toggle', results.board.filterToggle, false));
  console.log(line('spec-equal React card: expand', results.specCardAnchor.cardExpand, false));
  console.log(line('minimal React anchor: expand', results.reactAnchor.cardExpand, true));
  results.rounds.forEach((round, i) =>
    console.log(
      `  round ${i + 1} (${results.samplesPerRound} taps each): card expand p75 ${round.boardCardExpandP75Ms} ms vs the spec card's ${round.specCardExpandP75Ms} ms = ${round.ratio.toFixed(2)}×; to the task after the frame ${round.boardTaskAfterFrameP75Ms} vs ${round.specCardTaskAfterFrameP75Ms} ms`,
    ),
  );
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
