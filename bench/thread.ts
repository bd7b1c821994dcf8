/**
 * `npm run bench:thread`: the 10,000-message thread in headless Chromium (docs/architecture.md#budgets:
 * "Thread with all 10,000 messages loaded ≤ 300 DOM nodes, heap ≤ 1.5× that of 1,000"), on the
 * built CDN artefacts served by bench/server.ts (no throttling: this is about memory).
 *
 * It opens examples/message-thread.html?user-id=5090 (the sandbox's generated 10,000-message
 * thread) and scrolls the list to the top again and again, each time waiting for the older page
 * to render, until message #1 is rendered: every message is then loaded. On the way it notes the
 * JS heap after a forced GC once 1,000 messages are loaded; at the end the same with 10,000; then
 * it scrolls back and forth through what was loaded (the heap must not grow: rendering must not
 * leak). DOM nodes (every node of the document and its open shadow roots) are counted after
 * every page; the most seen is the figure.
 *
 * Self-checks: message #1 and #10000 were rendered, and the gateway's message pages the widget
 * received hold 10,000 distinct messages (counted from the answers, not from the DOM).
 * Budgets: bench/budgets.mjs (THREAD_BUDGETS). Exits 1 when one is missed; writes
 * bench/thread-results.json. Environment: CHROME_PATH.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser';
import { THREAD_BUDGETS } from './budgets.mjs';
import { BENCH_CHROMIUM_ARGS, startBenchServer } from './server';
import { ensureBuilt } from '../scripts/build.mjs';
import { ROOT } from './session';

const TOTAL = 10_000;
const AT_1000 = 1_000;
const TIMEOUT_MS = 15_000;
/** More than enough scrolls for 10,000 messages in pages of 30 (a stuck list stops earlier). */
const MAX_SCROLLS = 1_000;

/*
 * Page-side code as plain JavaScript strings: tsx (esbuild) adds `__name` helpers to functions,
 * which do not exist in the page.
 */
/** Every node of the document and its open shadow roots (what the renderer holds for the page). */
const COUNT_NODES = String.raw`(() => {
  let count = 0;
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    let node = walker.currentNode;
    while (node) {
      count++;
      if (node.shadowRoot) walk(node.shadowRoot);
      node = walker.nextNode();
    }
  };
  walk(document);
  return count;
})()`;

/** Numbers ("(#n)") of the messages rendered now. */
const RENDERED_NUMBERS = String.raw`[...(document.querySelector('message-thread')?.shadowRoot?.querySelectorAll('.lk-msg__body') ?? [])]
  .map((p) => Number((/\(#(\d+)\)/.exec(p.textContent ?? '') ?? [])[1] ?? NaN)).filter(Number.isFinite)`;

const LIST = `document.querySelector('message-thread')?.shadowRoot?.querySelector('[part~="message-list"]')`;

function countNodes(page: Page): Promise<number> {
  return page.evaluate(COUNT_NODES) as Promise<number>;
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

function firstRendered(page: Page): Promise<number | null> {
  return page.evaluate(`(() => { const numbers = ${RENDERED_NUMBERS}; return numbers.length ? Math.min(...numbers) : null; })()`) as Promise<number | null>;
}

function scrollHeight(page: Page): Promise<number> {
  return page.evaluate(`${LIST}?.scrollHeight ?? 0`) as Promise<number>;
}

function scrollListTo(page: Page, top: number | 'bottom'): Promise<unknown> {
  return page.evaluate(`(() => { const list = ${LIST}; if (list) list.scrollTop = ${top === 'bottom' ? 'list.scrollHeight' : top}; })()`);
}

async function main(): Promise<void> {
  const started = performance.now();
  ensureBuilt({ parts: ['cdn'], ifStale: true });
  const server = await startBenchServer({ root: ROOT });
  const browser = await launchChromium({ args: BENCH_CHROMIUM_ARGS });
  const failures: string[] = [];
  let maxNodes = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const cdp = await page.context().newCDPSession(page);
    // The message pages the widget received (counted from the gateway's answers).
    const received = new Set<string>();
    let pagesReceived = 0;
    page.on('response', (response) => {
      if (!/\/chat\/conversations\/[^/]+\/messages(\?|$)/.test(response.url()) || response.request().method() !== 'GET') return;
      response.json().then(
        (body: { messages?: { sid: string }[] }) => {
          pagesReceived++;
          for (const message of body.messages ?? []) received.add(message.sid);
        },
        () => undefined,
      );
    });
    const sample = async () => {
      const nodes = await countNodes(page);
      maxNodes = Math.max(maxNodes, nodes);
      return nodes;
    };
    await page.goto(`${server.origin}/examples/message-thread.html?user-id=5090`);
    await page.waitForFunction(`(${RENDERED_NUMBERS}).includes(${TOTAL})`, undefined, { timeout: TIMEOUT_MS });
    await page.waitForTimeout(300);
    const nodesAtOpen = await sample();
    const heapAtOpen = await heapAfterGc(cdp);

    // To the top until message #1: each scroll to the top loads the older page.
    let first = (await firstRendered(page)) ?? TOTAL;
    let heapAt1000: number | null = null;
    let loadedAt1000 = 0;
    let scrolls = 0;
    while (first > 1 && scrolls < MAX_SCROLLS) {
      scrolls++;
      await scrollListTo(page, 0);
      try {
        await page.waitForFunction(`(${RENDERED_NUMBERS}).some((n) => n < ${first})`, undefined, { timeout: TIMEOUT_MS, polling: 50 });
      } catch {
        failures.push(`scroll ${scrolls}: no older message than #${first} rendered within ${TIMEOUT_MS / 1000} s`);
        break;
      }
      // Rows are measured and the reading position restored before the next scroll.
      await page.waitForTimeout(60);
      await sample();
      first = (await firstRendered(page)) ?? first;
      const loaded = TOTAL - first + 1;
      if (heapAt1000 === null && loaded >= AT_1000) {
        heapAt1000 = await heapAfterGc(cdp);
        loadedAt1000 = loaded;
      }
      if (scrolls % 50 === 0) console.log(`  bench:thread: ${loaded} messages loaded after ${scrolls} scrolls`);
    }
    const messagesLoaded = TOTAL - first + 1;
    await page.waitForTimeout(300);
    const nodesWithAll = await sample();
    const heapWithAll = await heapAfterGc(cdp);

    // Back and forth through what is loaded (no new pages: never within 600 px of the top).
    const height = await scrollHeight(page);
    for (let round = 0; round < 6; round++) {
      for (const fraction of [1, 0.8, 0.6, 0.4, 0.2, 0.05, 0.3, 0.7]) {
        await scrollListTo(page, fraction === 1 ? 'bottom' : Math.max(600, Math.round(height * fraction)));
        await page.waitForTimeout(40);
        await sample();
      }
    }
    await scrollListTo(page, 'bottom');
    await page.waitForFunction(`(${RENDERED_NUMBERS}).includes(${TOTAL})`, undefined, { timeout: TIMEOUT_MS });
    await page.waitForTimeout(200);
    const heapAfterScrolling = await heapAfterGc(cdp);
    const nodesAfterScrolling = await sample();

    // Self-checks: the figures are about all 10,000 messages, or they mean nothing.
    if (first !== 1)
      failures.push(`self-check: message #1 was never rendered (the earliest was #${first} after ${scrolls} scrolls): not all messages were loaded`);
    if (received.size !== TOTAL)
      failures.push(`self-check: the widget received ${received.size} distinct messages in ${pagesReceived} pages, expected ${TOTAL}`);
    if (heapAt1000 === null) failures.push('self-check: the heap at 1,000 messages was never measured');

    const heapRatio = heapAt1000 ? heapWithAll / heapAt1000 : Number.NaN;
    const scrollGrowth = heapAfterScrolling - heapWithAll;
    if (maxNodes > THREAD_BUDGETS.maxDomNodes) failures.push(`DOM nodes reached ${maxNodes} > ${THREAD_BUDGETS.maxDomNodes}`);
    if (!(heapRatio <= THREAD_BUDGETS.heapVs1000))
      failures.push(`heap with ${messagesLoaded} messages is ${heapRatio.toFixed(2)}× the heap with ${loadedAt1000} (> ${THREAD_BUDGETS.heapVs1000}×)`);
    if (scrollGrowth > THREAD_BUDGETS.maxScrollHeapGrowthBytes)
      failures.push(
        `heap grew ${(scrollGrowth / 1e6).toFixed(2)} MB while scrolling through loaded messages (> ${THREAD_BUDGETS.maxScrollHeapGrowthBytes / 1e6} MB)`,
      );

    const results = {
      generatedAt: new Date().toISOString(),
      thread: { memberId: 5090, messages: TOTAL },
      budgets: THREAD_BUDGETS,
      scrolls,
      messagesLoaded,
      messagesReceived: received.size,
      pagesReceived,
      firstRendered: first,
      domNodes: { atOpen: nodesAtOpen, withAll: nodesWithAll, afterScrolling: nodesAfterScrolling, max: maxNodes },
      heapBytes: {
        atOpen: heapAtOpen,
        at1000: heapAt1000,
        loadedAt1000,
        withAll: heapWithAll,
        ratioAllVs1000: Number(heapRatio.toFixed(3)),
        afterScrolling: heapAfterScrolling,
        scrollGrowth,
      },
      failures,
      ok: failures.length === 0,
    };
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench', 'thread-results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const mb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1e6).toFixed(2)} MB`);
    console.log(`\n<message-thread> with ${TOTAL.toLocaleString('en')} messages (member 5090), headless Chromium, CDN build`);
    console.log(
      `  loaded: ${messagesLoaded} messages (first rendered #${first}) in ${scrolls} scrolls; the widget received ${received.size} distinct messages in ${pagesReceived} pages`,
    );
    console.log(
      `  DOM nodes: ${nodesAtOpen} at open, ${nodesWithAll} with all loaded, ${nodesAfterScrolling} after scrolling; most ${maxNodes} (budget ${THREAD_BUDGETS.maxDomNodes})`,
    );
    console.log(
      `  JS heap after GC: ${mb(heapAtOpen)} at open, ${mb(heapAt1000)} at ${loadedAt1000} messages, ${mb(heapWithAll)} with all (${heapRatio.toFixed(2)}×, budget ${THREAD_BUDGETS.heapVs1000}×), ${mb(heapAfterScrolling)} after scrolling (${scrollGrowth >= 0 ? '+' : ''}${mb(scrollGrowth)})`,
    );
    console.log(`bench:thread: wrote bench/thread-results.json in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failures.length) {
    console.error(`\nbench:thread: ${failures.length} budget(s) missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('bench:thread: all budgets met');
}

await main();
