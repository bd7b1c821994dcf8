/**
 * Where a card expand's milliseconds go (`npx tsx bench/profile-expand.ts [taps]`): the board of
 * the interaction bench (bench/interactions.ts: <lead-app>'s board route, 412 px, 4× CPU) and the
 * spec-equal React card, each tapped the same way (real pointer input over CDP), under a
 * Chromium performance trace with its CPU sampler. For each tap, from the input's timestamp to
 * the task after the frame that shows the open card (the bench's own measure), the renderer's
 * main thread's time by what it did — the trace's events by self time (style, layout, paint…) —
 * and the JavaScript in it by source file (the CDN build's source maps), averaged over the taps.
 * Not a budget: a tool to read before changing the card. Prints a table; with `--json FILE`
 * writes the figures too; with `--css TEXT` that stylesheet is added to every root first (an
 * experiment); with `--trace PREFIX` the traces (PREFIX-board.json, PREFIX-anchor.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { ensureBuilt } from '../scripts/build.mjs';
import { BOARD_PATH, BOARD_READY, CARDS, CLICK_POINT, DEEP, openPage, plainClick, pointerClick, SPEC_CARD_PATH } from './interactions';
import { ROOT, withSession } from './session';

const SETTLE_MS = 400;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (CPU), µs: what the work took without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  cat: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface Tap {
  /** Input, the frame and the task after it, in performance.now() ms, and the marks' performance.now() (to place them on the trace's clock). */
  start: number;
  frame: number;
  end: number;
  startMark: number;
  endMark: number;
}

/** Arms one tap as the bench does, with marks the trace shows. */
function arm(page: Page, target: string, done: string): Promise<{ x: number; y: number }> {
  return page.evaluate(String.raw`(async () => {
    const deep = ${DEEP};
    const target = ${target};
    target.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    const root = target.getRootNode();
    const record = { start: null, frame: null, end: null, startMark: null, endMark: null };
    window.__tap = record;
    const isDone = () => { try { return Boolean(${done}); } catch { return false; } };
    addEventListener('pointerdown', (event) => { record.start = event.timeStamp; record.startMark = performance.now(); performance.mark('lk-tap-start'); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (record.start === null || !isDone()) return;
      observer.disconnect();
      // As the bench: the frame's end (a user-blocking task posted from its animation frame), and the
      // task after it (the trace's window ends there: what was queued after the frame shows too).
      requestAnimationFrame(() => {
        scheduler.postTask(() => { record.frame = performance.now(); }, { priority: 'user-blocking' });
        setTimeout(() => { record.end = performance.now(); record.endMark = record.end; performance.mark('lk-tap-end'); }, 0);
      });
    });
    const point = ${CLICK_POINT}(target);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    return point;
  })()`) as Promise<{ x: number; y: number }>;
}

async function taps(page: Page, cdp: CDPSession, indices: number[], settled?: () => Promise<void>): Promise<Tap[]> {
  const records: Tap[] = [];
  for (const index of indices) {
    const card = `${CARDS}[${index}]`;
    const toggle = `(${card}).querySelector('button[aria-expanded]')`;
    const state = await page.evaluate(`(() => { const deep = ${DEEP}; return (${toggle})?.getAttribute('aria-expanded'); })()`);
    if (state === 'true') await plainClick(page, cdp, toggle);
    await page.waitForTimeout(SETTLE_MS);
    const point = await arm(
      page,
      toggle,
      `(() => { const card = target.closest('[part~="lead-card"]'); return card.getAttribute('data-expanded') === 'true' && /Lead status/.test(card.textContent || ''); })()`,
    );
    await pointerClick(cdp, point);
    await page.waitForFunction('window.__tap.end !== null', undefined, { timeout: 20_000, polling: 50 });
    records.push((await page.evaluate('window.__tap')) as Tap);
    await page.waitForTimeout(SETTLE_MS);
    await settled?.();
    await plainClick(page, cdp, toggle);
    await page.waitForTimeout(SETTLE_MS);
  }
  return records;
}

/** Source-map lookups for the CDN build's chunks (by URL path under /cdn/). */
const maps = new Map<string, SourceMap | null>();
function mapOf(url: string): SourceMap | null {
  const match = /\/cdn\/(.+\.js)$/.exec(new URL(url, 'https://x').pathname);
  if (!match) return null;
  if (!maps.has(match[1])) {
    try {
      maps.set(match[1], new SourceMap(JSON.parse(readFileSync(path.join(ROOT, 'dist', 'cdn', `${match[1]}.map`), 'utf8'))));
    } catch {
      maps.set(match[1], null);
    }
  }
  return maps.get(match[1]) ?? null;
}

/** What a sampled function is: its source (a package or a leadkit file) and its name. */
function where(frame: { functionName: string; url: string; lineNumber: number; columnNumber: number }): { source: string; name: string } {
  if (!frame.url) return { source: frame.functionName || '(native)', name: frame.functionName || '(anonymous)' };
  const map = mapOf(frame.url);
  if (!map) return { source: new URL(frame.url, 'https://x').pathname.replace(/^\/anchors\/[^/]+\//, 'anchor:'), name: frame.functionName || '(anonymous)' };
  // Zero-based line and column, as the profile's call frames give them.
  const original = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number; name?: string };
  const file = (original.originalSource ?? '?').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  const pkg = /^(@[^/]+\/[^/]+|[^/]+)\//.exec(file);
  const source = file.startsWith('src/') ? file : pkg ? pkg[1] : file;
  return {
    source,
    name: `${original.name ?? frame.functionName ?? '(anonymous)'} @${file}:${original.originalLine === undefined ? '?' : original.originalLine + 1}`,
  };
}

interface Breakdown {
  taps: number;
  /** Each tap's ms, input → the frame (the bench's measure). */
  each: number[];
  medianMs: number;
  /** Each phase's median ms over the taps (the main thread's tasks in the tap's window, by what they did). */
  phases: Record<string, number>;
  /**
   * The same in thread time: the work itself, without the waits of a busy machine (nor those of
   * the CPU slowdown, which pauses the thread: about a quarter of the wall time on an idle machine).
   */
  cpuPhases: Record<string, number>;
  /** Thread time from the input to the frame, median a tap. */
  cpuToFrameMs: number;
  /** JavaScript self time in the click's task (React's render and commit) by source, mean ms a tap. */
  clickJs: Record<string, number>;
  /** Elements in the page (every root) after the taps. */
  elements?: number;
}

type Node = TraceEvent & { kids: Node[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (us: number) => us / 1000;
const label = (event: TraceEvent) => (event.name === 'EventDispatch' ? `${String(event.args?.data?.type ?? '?')} event` : event.name);
const descendants = (node: Node, name: string): Node[] => node.kids.flatMap((kid) => (kid.name === name ? [kid] : descendants(kid, name)));

/**
 * One tap's phases: the tasks before the click's (pointerdown, focus, mouseup), the click's task
 * (its handlers, React's render and commit in its microtasks, then the style, layout and pre-paint
 * the browser does before the frame), the frame's task (events it dispatches — a transition's —,
 * animation frames, paint, layerize, commit), and what runs after the frame before the task
 * that ends the measure.
 */
function phasesOf(tasks: Node[], from: number, to: number, cpu: boolean): Record<string, number> {
  const phases: Record<string, number> = {};
  const add = (name: string, us: number) => (phases[name] = (phases[name] ?? 0) + ms(Math.max(0, us)));
  // Wall time, or thread time (a task cut by the window counts in proportion).
  const time = (node: TraceEvent) => (cpu ? (node.tdur ?? node.dur ?? 0) : (node.dur ?? 0));
  let click: Node | null = null;
  let frame: Node | null = null;
  for (const task of tasks) {
    const span = ((Math.min(task.ts + (task.dur ?? 0), to) - Math.max(task.ts, from)) / Math.max(1, task.dur ?? 1)) * time(task);
    const clickEvent = task.kids.find((kid) => kid.name === 'EventDispatch' && kid.args?.data?.type === 'click');
    if (!click && clickEvent) {
      click = task;
      const microtasks = descendants(clickEvent, 'RunMicrotasks').reduce((sum, node) => sum + time(node), 0);
      add('click: handlers', time(clickEvent) - microtasks);
      add('click: React render + commit', microtasks);
      for (const kid of task.kids) if (kid !== clickEvent) add(`click task: ${label(kid)}`, time(kid));
      add('click task: other', span - task.kids.reduce((sum, kid) => sum + time(kid), 0));
    } else if (click && !frame && task.kids.some((kid) => kid.name === 'Paint')) {
      frame = task;
      for (const kid of task.kids) add(`frame: ${label(kid)}`, time(kid));
      add('frame: other', span - task.kids.reduce((sum, kid) => sum + time(kid), 0));
    } else
      add(
        !click ? 'before the click (pointerdown, focus, mouseup)' : !frame ? 'between the click and the frame' : 'after the frame, before the measure ends',
        span,
      );
  }
  return phases;
}

function analyse(events: TraceEvent[], records: Tap[]): Breakdown {
  // The page's main thread: where the marks are.
  const marks = (name: string) => events.filter((event) => event.name === name && event.cat.includes('user_timing')).sort((a, b) => a.ts - b.ts);
  const startMarks = marks('lk-tap-start');
  const endMarks = marks('lk-tap-end');
  if (startMarks.length !== records.length || endMarks.length !== records.length)
    throw new Error(`profile: ${startMarks.length}/${endMarks.length} marks for ${records.length} taps`);
  const { pid, tid } = startMarks[0];
  const windows = records.map((record, i) => ({ from: startMarks[i].ts - (record.startMark - record.start) * 1000, to: endMarks[i].ts }));

  // The main thread's complete events as a tree of tasks.
  const main = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && typeof event.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0)) as Node[];
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const event of main) {
    event.kids = [];
    while (stack.length && stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0) <= event.ts) stack.pop();
    (stack.length ? stack[stack.length - 1].kids : roots).push(event);
    stack.push(event);
  }
  const tapPhases = (cpu: boolean) =>
    windows.map(({ from, to }) =>
      phasesOf(
        roots.filter((task) => task.ts + (task.dur ?? 0) > from && task.ts < to),
        from,
        to,
        cpu,
      ),
    );
  const upToFrame = (phases: Record<string, number>) =>
    Object.entries(phases)
      .filter(([key]) => !key.startsWith('after the frame'))
      .reduce((sum, [, value]) => sum + value, 0);
  const cpuToFrameMs = Math.round(median(tapPhases(true).map(upToFrame)) * 10) / 10;
  const medians = (cpu: boolean) => {
    const perTap = tapPhases(cpu);
    const names = [...new Set(perTap.flatMap((phases) => Object.keys(phases)))];
    return Object.fromEntries(
      names
        .map((name) => [name, Math.round(median(perTap.map((tap) => tap[name] ?? 0)) * 10) / 10] as const)
        .filter(([, value]) => value >= 0.1)
        .sort((a, b) => b[1] - a[1]),
    );
  };
  const phases = medians(false);
  const cpuPhases = medians(true);

  // CPU samples (the trace's profile chunks of the main thread) in each click's task: self time by source.
  const clickWindows = windows.map(({ from, to }) => {
    const task = roots.find(
      (root) => root.ts >= from && root.ts < to && root.kids.some((kid) => kid.name === 'EventDispatch' && kid.args?.data?.type === 'click'),
    );
    return task ? { from: task.ts, to: task.ts + (task.dur ?? 0) } : { from: 0, to: -1 };
  });
  const clickJs: Record<string, number> = {};
  const frames = new Map<number, { functionName: string; url: string; lineNumber: number; columnNumber: number }>();
  let profileId: string | null = null;
  let clock = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    const data = event.args?.data as
      | {
          startTime?: number;
          cpuProfile?: {
            nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
            samples?: number[];
          };
          timeDeltas?: number[];
        }
      | undefined;
    if (event.name === 'Profile' && event.tid === tid && data?.startTime !== undefined) {
      profileId = `${event.id}`;
      clock = data.startTime;
    }
    if (event.name !== 'ProfileChunk' || `${event.id}` !== profileId || !data?.cpuProfile) continue;
    for (const node of data.cpuProfile.nodes ?? []) frames.set(node.id, node.callFrame);
    const samples = data.cpuProfile.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      clock += deltas[i] ?? 0;
      if (!clickWindows.some(({ from, to }) => clock >= from && clock <= to)) continue;
      const frame = frames.get(samples[i]);
      if (!frame || frame.functionName === '(idle)') continue;
      const { source } = where(frame);
      clickJs[source] = (clickJs[source] ?? 0) + ms(deltas[i + 1] ?? deltas[i] ?? 0);
    }
  }
  const each = records.map((record) => Math.round(record.frame - record.start));
  return {
    taps: records.length,
    each,
    medianMs: median(each),
    phases,
    cpuPhases,
    cpuToFrameMs,
    clickJs: Object.fromEntries(
      Object.entries(clickJs)
        .map(([key, value]) => [key, Math.round((value / records.length) * 100) / 100] as const)
        .filter(([, value]) => value >= 0.15)
        .sort((a, b) => b[1] - a[1]),
    ),
  };
}

/**
 * A stand-in for React DevTools' hook (React calls it on each commit, production builds too): after
 * each commit, the fibers now in the tree that were not in it after the one before were worked on
 * in this render; a function component among them whose PerformedWork flag (1) is set rendered.
 * Counts are kept while `window.__lkRenders.on`.
 */
const RENDER_COUNTER = String.raw`(() => {
  const record = { on: false, commits: [], fns: [], counts: [] };
  window.__lkRenders = record;
  const before = new WeakMap();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const previous = before.get(root) || new WeakSet();
      const now = new WeakSet();
      const commit = { at: performance.now(), rendered: 0, hostUpdated: 0, hostMounted: 0 };
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        now.add(fiber);
        const touched = !previous.has(fiber);
        if (record.on && touched) {
          if ((fiber.tag === 0 || fiber.tag === 11 || fiber.tag === 15) && (fiber.flags & 1)) {
            commit.rendered++;
            const fn = fiber.tag === 11 ? fiber.type.render : fiber.type;
            let index = record.fns.indexOf(fn);
            if (index < 0) { index = record.fns.push(fn) - 1; record.counts.push(0); }
            record.counts[index]++;
          }
          if (fiber.tag === 5) { if (fiber.alternate === null) commit.hostMounted++; else commit.hostUpdated++; }
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      before.set(root, now);
      if (record.on && (commit.rendered || commit.hostMounted || commit.hostUpdated)) record.commits.push(commit);
    },
  };
})()`;

/** A function's name in the source, from its location in the CDN build (CDP) and the build's source maps. */
async function sourceNames(cdp: CDPSession, scripts: Map<string, string>, expression: string): Promise<string[]> {
  const { result } = (await cdp.send('Runtime.evaluate', { expression })) as { result: { objectId?: string } };
  if (!result.objectId) return [];
  const { result: items } = (await cdp.send('Runtime.getProperties', { objectId: result.objectId, ownProperties: true })) as {
    result: { name: string; value?: { objectId?: string; description?: string } }[];
  };
  const names: string[] = [];
  for (const item of items.filter((entry) => /^\d+$/.test(entry.name)).sort((a, b) => Number(a.name) - Number(b.name))) {
    let name = item.value?.description?.slice(0, 40) ?? '?';
    if (item.value?.objectId) {
      const { internalProperties } = (await cdp.send('Runtime.getProperties', { objectId: item.value.objectId, ownProperties: true })) as {
        internalProperties?: { name: string; value?: { value?: { scriptId: string; lineNumber: number; columnNumber: number } } }[];
      };
      const location = internalProperties?.find((entry) => entry.name === '[[FunctionLocation]]')?.value?.value;
      const url = location ? scripts.get(location.scriptId) : undefined;
      if (location && url) name = where({ functionName: name, url, lineNumber: location.lineNumber, columnNumber: location.columnNumber }).name;
    }
    names.push(name);
  }
  return names;
}

interface Renders {
  /** Commits the tap made (the click's, then any after it before the next tap), each: components rendered, host elements updated and created. */
  commits: { rendered: number; hostUpdated: number; hostMounted: number; afterInputMs: number }[];
  /** The components rendered, by name (source-mapped), with how many times. */
  components: Record<string, number>;
}

/** What React rendered for one tap (after a warm-up tap): its commits and components. */
async function countRenders(browser: Browser, url: string, ready: string): Promise<Renders> {
  const { page, cdp, close } = await openPage(browser, url, ready, RENDER_COUNTER);
  try {
    const scripts = new Map<string, string>();
    cdp.on('Debugger.scriptParsed', (event: { scriptId: string; url: string }) => scripts.set(event.scriptId, event.url));
    await cdp.send('Debugger.enable');
    await taps(page, cdp, [1]);
    await page.evaluate('window.__lkRenders.on = true');
    const [tap] = await taps(page, cdp, [2], () => page.evaluate('window.__lkRenders.on = false'));
    const record = (await page.evaluate('(() => { const r = window.__lkRenders; return { commits: r.commits, counts: r.counts }; })()')) as {
      commits: { at: number; rendered: number; hostUpdated: number; hostMounted: number }[];
      counts: number[];
    };
    const names = await sourceNames(cdp, scripts, 'window.__lkRenders.fns');
    await cdp.send('Debugger.disable');
    const { commits } = record;
    const components: Record<string, number> = {};
    names.forEach((name, i) => (components[name] = (components[name] ?? 0) + (record.counts[i] ?? 0)));
    return {
      commits: commits.map((commit) => ({
        rendered: commit.rendered,
        hostUpdated: commit.hostUpdated,
        hostMounted: commit.hostMounted,
        afterInputMs: Math.round(commit.at - tap.start),
      })),
      components: Object.fromEntries(Object.entries(components).sort((a, b) => b[1] - a[1])),
    };
  } finally {
    await close();
  }
}

async function profile(browser: Browser, url: string, ready: string, count: number, traceFile?: string): Promise<Breakdown> {
  const { page, cdp, close } = await openPage(browser, url, ready);
  try {
    const cards = (await page.evaluate(`(() => { const deep = ${DEEP}; return ${CARDS}.length; })()`)) as number;
    const indices = Array.from({ length: count }, (_, i) => 1 + (i % (cards - 1)));
    if (extraCss) {
      // An experiment: a stylesheet added to the document and every shadow root (`--css TEXT`).
      await page.evaluate(
        `(() => { const deep = ${DEEP}; const sheet = new CSSStyleSheet(); sheet.replaceSync(${JSON.stringify(extraCss)}); for (const root of [document, ...deep('*').filter((el) => el.shadowRoot).map((el) => el.shadowRoot)]) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]; })()`,
      );
    }
    await taps(page, cdp, indices.slice(0, 1)); // one untimed warm-up
    await browser.startTracing(page, { categories: CATEGORIES });
    const records = await taps(page, cdp, indices);
    const raw = await browser.stopTracing();
    const trace = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
    if (traceFile) writeFileSync(traceFile, JSON.stringify({ ...trace, records }));
    const elements = (await page.evaluate(`(() => { const deep = ${DEEP}; return deep('*').length; })()`)) as number;
    return { ...analyse(trace.traceEvents, records), elements };
  } finally {
    await close();
  }
}

function print(name: string, figures: Breakdown): void {
  console.log(`\n${name}: ${figures.taps} taps, median ${figures.medianMs} ms input → frame (each: ${figures.each.join(', ')}); ${figures.elements} elements`);
  const table = (title: string, rows: Record<string, number>) => {
    console.log(`  ${title}:`);
    for (const [key, value] of Object.entries(rows)) console.log(`    ${value.toFixed(1).padStart(6)} ms  ${key}`);
  };
  table('main thread, median a tap', figures.phases);
  table(`thread time (CPU, unslowed), median a tap; input → frame ${figures.cpuToFrameMs} ms`, figures.cpuPhases);
  table("JavaScript in the click's task by source, mean a tap (self time, sampled)", figures.clickJs);
}

function printRenders(renders: Renders): void {
  console.log(
    `  React, one tap: ${renders.commits.map((commit) => `a commit at +${commit.afterInputMs} ms: ${commit.rendered} components rendered, ${commit.hostUpdated} elements updated, ${commit.hostMounted} created`).join('; ')}`,
  );
  console.log(
    `  components rendered: ${Object.entries(renders.components)
      .map(([name, count]) => `${name.replace(/ @.*\/([^/]+)$/, ' ($1)')} ×${count}`)
      .join(', ')}`,
  );
}

const cssAt = process.argv.indexOf('--css');
const extraCss = cssAt > 0 ? process.argv[cssAt + 1] : null;
const count = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 8);
const jsonAt = process.argv.indexOf('--json');
ensureBuilt({ parts: ['cdn'], ifStale: true });
await withSession(async ({ browser, server }) => {
  server.reset();
  const traceAt = process.argv.indexOf('--trace');
  const traces = traceAt > 0 ? process.argv[traceAt + 1] : null;
  const board = await profile(browser, `${server.origin}${BOARD_PATH}`, BOARD_READY, count, traces ? `${traces}-board.json` : undefined);
  print('board card expand', board);
  server.reset();
  const boardRenders = await countRenders(browser, `${server.origin}${BOARD_PATH}`, BOARD_READY);
  printRenders(boardRenders);
  server.reset();
  const anchor = await profile(
    browser,
    `${server.origin}${SPEC_CARD_PATH}`,
    `(() => { const deep = ${DEEP}; return ${CARDS}.length === 10; })()`,
    count,
    traces ? `${traces}-anchor.json` : undefined,
  );
  print('spec-equal React card expand', anchor);
  server.reset();
  const anchorRenders = await countRenders(browser, `${server.origin}${SPEC_CARD_PATH}`, `(() => { const deep = ${DEEP}; return ${CARDS}.length === 10; })()`);
  printRenders(anchorRenders);
  if (jsonAt > 0)
    writeFileSync(
      process.argv[jsonAt + 1],
      `${JSON.stringify({ board: { ...board, renders: boardRenders }, anchor: { ...anchor, renders: anchorRenders } }, null, 2)}\n`,
    );
});
