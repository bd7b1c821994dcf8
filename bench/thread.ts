/**
 * `npm run bench:thread`: the 10,000-message thread in headless Chromium (DESIGN.md § Budgets:
 * "Thread of 10,000 messages ≤ 300 DOM nodes (virtualised), heap flat"), on the built CDN
 * artefacts served by `npm start` (scripts/start.ts; it builds dist/cdn when stale).
 *
 * It opens examples/message-thread.html?user-id=5090 (the sandbox's generated 10,000-message
 * thread), then scrolls up page by page (each scroll near the top loads the older page), then
 * back and forth through what was loaded, and reports:
 *   - DOM nodes (every node of the document and of the open shadow roots), the most seen;
 *   - the JS heap after a forced GC: at open, after loading the pages, after scrolling around.
 * It fails (exit 1) when the DOM ever holds more than 300 nodes, when scrolling through
 * already-loaded messages grows the heap (more than 2 MB: rendering must not leak), or when
 * the heap grows by more than 4 kB per loaded message (what is kept must stay proportional to
 * the messages, not to what was rendered). Writes bench/thread-results.json.
 *
 * Environment: CHROME_PATH (the Chromium binary; default /usr/bin/chromium's real binary),
 * THREAD_BENCH_PAGES (older pages to load, default 40: 1,200 messages more).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser';
import { ROOT, startExampleServer } from '../test/e2e/harness';

export const THREAD_BUDGETS = { maxDomNodes: 300, maxScrollHeapGrowthBytes: 2_000_000, maxHeapBytesPerMessage: 4_000 };
const PAGES = Number(process.env.THREAD_BENCH_PAGES ?? 40);
const TIMEOUT_MS = 15_000;

/*
 * Page-side code as plain JavaScript strings: tsx (esbuild) adds `__name` helpers to functions,
 * which do not exist in the page (see test/e2e/harness.ts).
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

/** The earliest rendered message number and the list's scroll height. */
function listState(page: Page): Promise<{ first: number | null; scrollHeight: number }> {
  return page.evaluate(`(() => {
    const numbers = ${RENDERED_NUMBERS};
    return { first: numbers.length ? Math.min(...numbers) : null, scrollHeight: ${LIST}?.scrollHeight ?? 0 };
  })()`) as Promise<{ first: number | null; scrollHeight: number }>;
}

function scrollListTo(page: Page, top: number | 'bottom'): Promise<unknown> {
  return page.evaluate(`(() => { const list = ${LIST}; if (list) list.scrollTop = ${top === 'bottom' ? 'list.scrollHeight' : top}; })()`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const server = await startExampleServer();
  const browser = await launchChromium();
  const failures: string[] = [];
  let maxNodes = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const cdp = await page.context().newCDPSession(page);
    const sample = async () => {
      const nodes = await countNodes(page);
      maxNodes = Math.max(maxNodes, nodes);
      return nodes;
    };
    await page.goto(`${server.origin}/examples/message-thread.html?user-id=5090`);
    await page.waitForFunction(`/\\(#10000\\)/.test(document.querySelector('message-thread')?.shadowRoot?.textContent ?? '')`, undefined, { timeout: TIMEOUT_MS });
    await page.waitForTimeout(300);
    const nodesAtOpen = await sample();
    const heapAtOpen = await heapAfterGc(cdp);

    // Scroll up page by page: each scroll to the top loads the older page.
    let loadedPages = 0;
    let before = (await listState(page)).first ?? 10_000;
    for (let i = 0; i < PAGES; i++) {
      await scrollListTo(page, 0);
      try {
        await page.waitForFunction(`(${RENDERED_NUMBERS}).some((n) => n < ${before - 1})`, undefined, { timeout: TIMEOUT_MS });
      } catch {
        failures.push(`page ${i + 1} of older messages did not load within ${TIMEOUT_MS / 1000} s`);
        break;
      }
      // Rows are measured and the reading position restored before the next scroll.
      await page.waitForTimeout(60);
      await sample();
      before = (await listState(page)).first ?? before;
      loadedPages++;
    }
    const messagesLoaded = 10_000 - before + 1;
    const heapAfterLoading = await heapAfterGc(cdp);
    const nodesAfterLoading = await sample();

    // Back and forth through what is loaded (no new pages: never within 250 px of the top).
    const { scrollHeight } = await listState(page);
    for (let round = 0; round < 6; round++) {
      for (const fraction of [1, 0.8, 0.6, 0.4, 0.2, 0.05, 0.3, 0.7]) {
        await scrollListTo(page, fraction === 1 ? 'bottom' : Math.max(600, Math.round(scrollHeight * fraction)));
        await page.waitForTimeout(40);
        await sample();
      }
    }
    await scrollListTo(page, 'bottom');
    await page.waitForTimeout(200);
    const heapAfterScrolling = await heapAfterGc(cdp);
    const nodesAfterScrolling = await sample();

    const scrollGrowth = heapAfterScrolling - heapAfterLoading;
    const perMessage = messagesLoaded > 30 ? (heapAfterLoading - heapAtOpen) / (messagesLoaded - 30) : 0;
    if (maxNodes > THREAD_BUDGETS.maxDomNodes) failures.push(`DOM nodes reached ${maxNodes} > ${THREAD_BUDGETS.maxDomNodes}`);
    if (scrollGrowth > THREAD_BUDGETS.maxScrollHeapGrowthBytes) failures.push(`heap grew ${(scrollGrowth / 1e6).toFixed(2)} MB while scrolling through loaded messages (> ${THREAD_BUDGETS.maxScrollHeapGrowthBytes / 1e6} MB)`);
    if (perMessage > THREAD_BUDGETS.maxHeapBytesPerMessage) failures.push(`heap grew ${Math.round(perMessage)} bytes per loaded message (> ${THREAD_BUDGETS.maxHeapBytesPerMessage})`);
    if (loadedPages === 0) failures.push('no older page was loaded: the benchmark measured nothing');

    const results = {
      generatedAt: new Date().toISOString(),
      thread: { memberId: 5090, messages: 10_000 },
      budgets: THREAD_BUDGETS,
      olderPagesLoaded: loadedPages,
      messagesLoaded,
      domNodes: { atOpen: nodesAtOpen, afterLoading: nodesAfterLoading, afterScrolling: nodesAfterScrolling, max: maxNodes },
      heapBytes: { atOpen: heapAtOpen, afterLoading: heapAfterLoading, afterScrolling: heapAfterScrolling, scrollGrowth, perLoadedMessage: Math.round(perMessage) },
      failures,
      ok: failures.length === 0,
    };
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench', 'thread-results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    console.log('\n<message-thread> with 10,000 messages (member 5090), headless Chromium, CDN build');
    console.log(`  DOM nodes: ${nodesAtOpen} at open, ${nodesAfterLoading} after ${loadedPages} older pages (${messagesLoaded} messages loaded), ${nodesAfterScrolling} after scrolling; most ${maxNodes} (budget ${THREAD_BUDGETS.maxDomNodes})`);
    console.log(`  JS heap after GC: ${mb(heapAtOpen)} at open, ${mb(heapAfterLoading)} after loading, ${mb(heapAfterScrolling)} after scrolling (${scrollGrowth >= 0 ? '+' : ''}${mb(scrollGrowth)}; ${Math.round(perMessage)} bytes per loaded message)`);
    console.log(`bench:thread: wrote bench/thread-results.json in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failures.length) {
    console.error(`\nbench:thread: ${failures.length} budget(s) broken:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('bench:thread: all budgets met');
}

await main();
