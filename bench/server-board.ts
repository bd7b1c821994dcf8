/**
 * `npm run bench:server-board`: the server-rendered board's two hydration goals alone
 * (docs/benchmarks.md), without the whole `npm run bench` — the office page with the board rendered on the server
 * (/server/office-board.html), beside the client-only board and the React 19 anchor, loaded cold on
 * the bench's throttled phone (bench/load.ts: 4× CPU, 562.5 ms RTT, 412 px), BENCH_RUNS times
 * (default 3) in interleaved rounds; medians:
 *
 *   - live: the server board's first `lk-load` (hydrated: a card opens on a press) vs the
 *     client-only board's first card (goal ≤ 1×);
 *   - hydration: the script run in long animation frames until live vs React 19 hydrating the
 *     spec-equal cards rendered on the server (bench/anchors/card-ssr.ts; goal ≤ 1.2×), and vs
 *     the client-only React anchor's until its first card; the long tasks until live beside it,
 *     and the static floor's (the page's HTML parsed and laid out, no script);
 *
 * then one more load of the server board, and one of the React cards, under the V8 sampling
 * profiler (same throttling), until each is live, with what ran in the long tasks: self time by
 * script and by function.
 */
import type { Browser } from 'playwright-core';
import { PAGES } from './pages';
import { measureLoad, throttle, type LoadSample } from './load';
import { SERVER_ANCHOR_PATH } from './server';
import { runStandalone } from './session';

const PHONE = 412;
const ids = ['board-ssr', 'board', 'react', 'react-ssr', 'react-ssr-sized', 'static'] as const;
/** The React cards, as many as make a page of the server board's size in elements (its 10 cards and the rest: ≈ 400). */
const SIZED_CARDS = 40;
const SIZED = { ...PAGES.find((page) => page.id === 'react-ssr')!, id: 'react-ssr-sized', path: `${SERVER_ANCHOR_PATH}?cards=${SIZED_CARDS}` };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** One load of the server board under the sampling profiler: self time (ms) by script and by function, until it is live. */
async function profileHydration(browser: Browser, origin: string, reset: () => void, pagePath: string): Promise<string[]> {
  reset();
  const context = await browser.newContext({ viewport: { width: PHONE, height: 823 }, isMobile: true, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript({
      content: `(() => { const s = { ready: null, tasks: [], scripts: [] }; Object.defineProperty(window, '__hyd', { value: s });
        new PerformanceObserver((l) => { for (const f of l.getEntries()) for (const x of f.scripts || []) s.scripts.push([Math.round(f.startTime), x.invokerType, x.invoker, (x.sourceURL || '').split('/').pop(), Math.round(x.duration), Math.round(x.startTime - x.executionStart < 0 ? 0 : x.executionStart - x.startTime)]); }).observe({ type: 'long-animation-frame', buffered: true });
        document.addEventListener('lk-load', () => { if (s.ready === null) s.ready = performance.now(); }, true);
        new PerformanceObserver((l) => { for (const e of l.getEntries()) s.tasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); })();`,
    });
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __hyd: { ready: number | null } }).__hyd.ready !== null, undefined, { timeout: 60_000 });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const state = await page.evaluate(
      () => (window as unknown as { __hyd: { ready: number; tasks: [number, number][]; scripts: [number, string, string, string, number, number][] } }).__hyd,
    );
    // What was hydrated: the elements of the page, its shadow roots' included.
    // (A string: tsx would add helpers a named function needs, which the page does not have.)
    const elements = await page.evaluate<number>(
      `(() => { const count = (root) => [...root.querySelectorAll('*')].reduce((sum, el) => sum + 1 + (el.shadowRoot ? count(el.shadowRoot) : 0), 0); return count(document); })()`,
    );
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfByScript = new Map<string, number>();
    const selfByFunction = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const script = node.callFrame.url ? (node.callFrame.url.split('/').pop() ?? node.callFrame.url) : `(${node.callFrame.functionName || 'native'})`;
      selfByScript.set(script, (selfByScript.get(script) ?? 0) + ms);
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${script}:${node.callFrame.lineNumber + 1}`;
      selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + ms);
    });
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => `    ${ms.toFixed(0).padStart(5)} ms  ${name}`);
    const tasks = state.tasks.filter(([start]) => start < state.ready);
    const scripts = state.scripts.filter(([frame]) => frame < state.ready);
    return [
      `${pagePath}: script in long animation frames before live (invoker type, invoker, source, ms; compile included): ${scripts.reduce((sum, [, , , , ms]) => sum + ms, 0)} ms`,
      ...scripts.map(([frame, type, invoker, source, ms]) => `    frame @${frame}: ${String(ms).padStart(4)} ms  ${type}  ${invoker.slice(0, 60)}  ${source}`),
      `profile of one load (sampling, 4× CPU; the profiler adds its own cost): ${elements} elements on the page once live (shadow roots included); live at ${Math.round(state.ready)} ms; long tasks before it: ${tasks.map(([start, duration]) => `${duration} ms @${start}`).join(', ')} = ${tasks.reduce((sum, [, d]) => sum + d, 0)} ms`,
      '  self time by script:',
      ...top(selfByScript, 12),
      '  self time by function:',
      ...top(selfByFunction, 25),
    ];
  } finally {
    await context.close();
  }
}

await runStandalone('server-board', async ({ browser, server }) => {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const samples = new Map<string, LoadSample[]>(ids.map((id) => [id, []]));
  for (let round = 0; round < runs; round++) {
    for (const id of ids) {
      const spec = id === SIZED.id ? SIZED : PAGES.find((page) => page.id === id)!;
      samples.get(id)!.push(await measureLoad(browser, server.origin, server.reset, spec, PHONE));
    }
  }
  const of = (id: string, pick: (sample: LoadSample) => number | null) =>
    median((samples.get(id) ?? []).map(pick).filter((value): value is number => value !== null));
  const live = of('board-ssr', (s) => s.readyMs);
  const clientFirst = of('board', (s) => s.firstContentMs);
  const tasks = of('board-ssr', (s) => s.longTasksUntilReadyMs);
  const script = of('board-ssr', (s) => s.scriptInLongFramesUntilReadyMs);
  const anchorScript = of('react', (s) => s.scriptInLongFramesMs);
  const hydrationAnchor = of('react-ssr', (s) => s.scriptInLongFramesUntilReadyMs);
  const anchorTasks = of('react', (s) => s.longTasksMs);
  const lines = [
    `server board at ${PHONE} px, ${runs} runs (medians):`,
    `  first card ${of('board-ssr', (s) => s.firstContentMs)} ms; live (first lk-load) ${live} ms = ${(live / clientFirst).toFixed(2)}× the client-only board's first card (${clientFirst} ms; goal ≤ 1)`,
    `  hydration: script in long frames until live ${script} ms = ${(script / hydrationAnchor).toFixed(2)}× React hydrating the server-rendered cards (${hydrationAnchor} ms until hydrated at ${of('react-ssr', (s) => s.readyMs)} ms; goal ≤ 1.2); ${(script / anchorScript).toFixed(2)}× the client-only React anchor's (${anchorScript} ms until its first card)`,
    `  the React cards at the board's size (${SIZED_CARDS} cards): script in long frames until hydrated ${of(SIZED.id, (s) => s.scriptInLongFramesUntilReadyMs)} ms, hydrated at ${of(SIZED.id, (s) => s.readyMs)} ms: the board's = ${(script / of(SIZED.id, (s) => s.scriptInLongFramesUntilReadyMs)).toFixed(2)}×`,
    `  long tasks until live ${tasks} ms = ${(tasks / anchorTasks).toFixed(2)}× the React anchor's (${anchorTasks} ms until its first card at ${of('react', (s) => s.firstContentMs)} ms); the static floor's (its HTML parsed and laid out, no script) ${of('static', (s) => s.longTasksMs)} ms`,
    `  client-only board: long tasks before its first card ${of('board', (s) => s.longTasksMs)} ms; live ${of('board', (s) => s.readyMs)} ms`,
    `  per run — server live: ${samples
      .get('board-ssr')!
      .map((s) => s.readyMs)
      .join(', ')}; server tasks: ${samples
      .get('board-ssr')!
      .map((s) => s.longTasksUntilReadyMs)
      .join(', ')}; server script: ${samples
      .get('board-ssr')!
      .map((s) => s.scriptInLongFramesUntilReadyMs)
      .join(', ')}; React hydration script: ${samples
      .get('react-ssr')!
      .map((s) => s.scriptInLongFramesUntilReadyMs)
      .join(', ')}; anchor script: ${samples
      .get('react')!
      .map((s) => s.scriptInLongFramesMs)
      .join(', ')}; client first card: ${samples
      .get('board')!
      .map((s) => s.firstContentMs)
      .join(', ')}; anchor tasks: ${samples
      .get('react')!
      .map((s) => s.longTasksMs)
      .join(', ')}`,
    ...(await profileHydration(browser, server.origin, server.reset, '/server/office-board.html')),
    ...(await profileHydration(browser, server.origin, server.reset, SERVER_ANCHOR_PATH)),
    ...(await profileHydration(browser, server.origin, server.reset, SIZED.path)),
  ];
  for (const line of lines) console.log(line);
  return [];
});
