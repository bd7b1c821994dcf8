/**
 * One cold page load, throttled, in Chromium: what the user waits for before the first content.
 *
 *   - throttling (CDP): CPU 4× (Emulation.setCPUThrottlingRate), 562.5 ms RTT and 1.44 Mbps down /
 *     675 kbps up (Network.emulateNetworkConditions: the latency is added to every request);
 *     a fresh browser context (empty cache) per load;
 *   - first content: the first element matching the page's selector, in the document or any
 *     shadow root (attachShadow is wrapped to watch every root), with a non-empty box, visible
 *     (checkVisibility) and text; the time is that of the next animation frame after the DOM
 *     showed it (the frame that paints it), from navigation start;
 *   - JS before it: Resource Timing entries of .js files whose responseEnd is before the first
 *     content; bytes are encodedBodySize (the gzip body, as transferred, headers not counted);
 *     the host page's own scripts (/examples/*.js) are not leadkit's and not counted;
 *   - chained round trips: from CDP initiators. The HTML is 1; a file the parser or a static
 *     `import` asks for is 1 + its initiator; a request made by running code (a dynamic import(),
 *     a fetch) is 1 + the deepest "ready" depth among the scripts on its initiator stack, a
 *     script being ready when it and its static imports (transitively) have arrived. A
 *     `<link rel=modulepreload>` or `<script>` inserted by a script (CDP names no initiator for
 *     it: "about:client") takes the stack recorded in the page when the element was inserted
 *     (DOM insertion methods are wrapped); failing that, the deepest script that had arrived
 *     before it was requested (an upper bound, counted in `guessedLinks`). The figure is the
 *     deepest of leadkit's requests that finished before the first content (data calls
 *     included); the host page's own requests — its scripts (/examples/) and its own backend's
 *     calls (/sandbox/, e.g. the saved replies it keeps) — are not leadkit's and are not the
 *     deepest (a host's request made after its own script arrived is no round trip the widget's
 *     first content waits for), though a leadkit request they start is counted through them;
 *   - long tasks: PerformanceObserver 'longtask' entries starting before the first content,
 *     their durations summed;
 *   - CLS: layout-shift entries without recent input, summed, from navigation until the network
 *     has been quiet for 1.5 s after the first content (at most 15 s);
 *   - time to first byte of the HTML: the navigation's `responseStart` (from navigation start:
 *     the emulated round trip and the server's work), and the server's own time when it says it
 *     (`Server-Timing: render;dur=…`, the server-rendered page of bench/server.ts).
 */
import type { Browser, CDPSession } from 'playwright-core';

export const THROTTLING = { cpuSlowdown: 4, latencyMs: 562.5, downloadBytesPerSecond: 180_000, uploadBytesPerSecond: 84_375 } as const;

export interface PageSpec {
  id: string;
  label: string;
  path: string;
  /** What counts as the first content (CSS selector, matched in every root). */
  selector: string;
  /** Matches inside this (closest) do not count (e.g. a skeleton that reuses the part name). */
  exclude?: string;
  /** The first content is in the HTML (server-rendered, or the static floor): no JS or data before it. */
  inHtml?: boolean;
  what: string;
}

export interface LoadSample {
  width: number;
  /** The HTML's first byte (ms from navigation start). */
  ttfbMs: number;
  /** The server's render time of the HTML (its Server-Timing `render`), or null. */
  serverRenderMs: number | null;
  firstContentMs: number;
  firstContentText: string;
  jsBytes: number;
  jsFiles: number;
  jsFileNames: string[];
  dataRequests: number;
  dataStartMs: number | null;
  chainDepth: number;
  chain: string[];
  /** Depth of the deepest data (gateway) request that finished before the first content. */
  dataDepth: number | null;
  /** Script-inserted requests whose inserter was not found (their depth is an upper bound). */
  guessedLinks: string[];
  longTasksMs: number;
  longTaskCount: number;
  /** When the first lk-load fired (the widget is live), or null. */
  readyMs: number | null;
  /** Long tasks that started before it. */
  longTasksUntilReadyMs: number | null;
  /**
   * Script in long animation frames (Chromium's LoAF entries: the scripts each frame ran, their
   * own time), frames that started before the first content: what the page's code itself kept the
   * main thread busy with, without the browser's parse and layout of the page's HTML.
   */
  scriptInLongFramesMs: number;
  /** The same, frames that started before the first lk-load (a server-rendered page: its hydration). */
  scriptInLongFramesUntilReadyMs: number | null;
  cls: number;
  shifts: { value: number; startTime: number; sources: string[] }[];
  pageErrors: string[];
}

const FIRST_CONTENT_TIMEOUT_MS = 60_000;

/** A load that never showed its first content (its message names the requests still pending). */
export class NoFirstContentError extends Error {}
const QUIET_MS = 1_500;
const SETTLE_MAX_MS = 15_000;

/** Plain JavaScript (tsx would add helpers that do not exist in the page). */
function instrument(spec: PageSpec): string {
  return String.raw`(() => {
  const selector = ${JSON.stringify(spec.selector)};
  const exclude = ${JSON.stringify(spec.exclude ?? null)};
  const state = { firstContent: null, detectedAt: null, text: '', longTasks: [], cls: 0, shifts: [], ready: null };
  // The first lk-load: the widget is live (a server-rendered one: hydrated, its cards open on a press).
  document.addEventListener('lk-load', () => { if (state.ready === null) state.ready = performance.now(); }, true);
  Object.defineProperty(window, '__bench', { value: state });
  const roots = [document];
  const visible = (el) => {
    if (exclude && el.closest(exclude)) return false;
    if (!(el.textContent || '').trim()) return false;
    const box = el.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return false;
    return typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  let poll = 0;
  const check = () => {
    if (state.detectedAt !== null) return;
    // Declarative shadow roots (a server's HTML) are attached by the parser, not by attachShadow.
    for (const host of document.querySelectorAll('*')) {
      if (host.shadowRoot && !roots.includes(host.shadowRoot)) {
        roots.push(host.shadowRoot);
        watch(host.shadowRoot);
      }
    }
    for (const root of roots) {
      for (const el of root.querySelectorAll(selector)) {
        if (!visible(el)) continue;
        state.detectedAt = performance.now();
        state.text = el.textContent.trim().replace(/\s+/g, ' ').slice(0, 60);
        observer.disconnect();
        clearInterval(poll);
        requestAnimationFrame((frame) => { state.firstContent = Math.max(frame, state.detectedAt); });
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  const watch = (root) => observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    roots.push(root);
    if (state.detectedAt === null) watch(root);
    return root;
  };
  watch(document);
  poll = setInterval(check, 100);
  // Who inserted each <link>/<script> (CDP gives no initiator for a script-inserted modulepreload).
  state.inserted = [];
  const note = (node) => {
    if (!node || node.nodeType !== 1 || (node.localName !== 'link' && node.localName !== 'script')) return;
    const url = node.localName === 'link' ? node.href : node.src;
    if (url) state.inserted.push({ url, stack: String(new Error().stack || '') });
  };
  for (const [proto, names] of [[Node.prototype, ['appendChild', 'insertBefore']], [Element.prototype, ['append', 'prepend', 'before', 'after']]]) {
    for (const name of names) {
      const original = proto[name];
      proto[name] = function (...nodes) {
        for (const node of nodes) note(node);
        return original.apply(this, nodes);
      };
    }
  }
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  state.frames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.frames.push({ startTime: entry.startTime, script: (entry.scripts || []).reduce((sum, script) => sum + script.duration, 0) });
  }).observe({ type: 'long-animation-frame', buffered: true });
  const describe = (node) => node ? (node.nodeName || '').toLowerCase() + (node.getAttribute && node.getAttribute('part') ? '[part=' + node.getAttribute('part') + ']' : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '') : '(gone)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      state.cls += entry.value;
      state.shifts.push({ value: entry.value, startTime: Math.round(entry.startTime), sources: (entry.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;
}

interface CdpRequest {
  id: string;
  url: string;
  type: string;
  initiator: { type: string; url?: string; stack?: CdpStack };
  finished: boolean;
  /** CDP monotonic seconds. */
  sentAt: number;
  finishedAt: number | null;
  /** An event stream (it stays open: not waited for). */
  stream: boolean;
}
interface CdpStack {
  callFrames: { url: string }[];
  parent?: CdpStack;
}

/**
 * Waits for the instrumented page to see its first content. Polled from here with plain CDP
 * evaluations: Playwright's waitForFunction and locators first install their injected script in
 * the page, a 50–80 ms task at 4× CPU that would land among the page's own long tasks.
 */
async function firstContentSeen(cdp: CDPSession): Promise<boolean> {
  const deadline = Date.now() + FIRST_CONTENT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: 'Boolean(window.__bench && window.__bench.firstContent !== null)',
        returnByValue: true,
      });
      if (result.value === true) return true;
    } catch {
      // The document is still being replaced: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export async function throttle(cdp: CDPSession, network = true): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  if (!network) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
}

const short = (url: string) => {
  const { pathname, search } = new URL(url);
  if (pathname.startsWith('/gateway/')) return `${pathname.replace(/^\/gateway\//, 'gateway:')}${search ? '?…' : ''}`;
  return pathname.split('/').pop() || pathname;
};

/**
 * Depth of every request (see the header) and its parent on the chain: for a request made by
 * running code, the deepest file that had to arrive before that code could run.
 */
export function chainDepths(
  requests: CdpRequest[],
  inserted: Map<string, string[]> = new Map(),
): { depths: Map<string, { depth: number; parent: string | null }>; guessedLinks: string[] } {
  const guessedLinks: string[] = [];
  const byUrl = new Map<string, CdpRequest>();
  for (const request of requests) if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  const document = requests.find((request) => request.type === 'Document');
  const staticChildren = new Map<string, string[]>();
  for (const request of requests) {
    const from = request.initiator.url;
    if (from && !request.initiator.stack && request.type === 'Script') staticChildren.set(from, [...(staticChildren.get(from) ?? []), request.url]);
  }
  type Link = { depth: number; parent: string | null };
  const depth = new Map<string, Link>();
  /** url → the deepest file among it and its static imports (transitively): when its code can run. */
  const ready = new Map<string, { depth: number; url: string }>();
  const fetchDepth = (request: CdpRequest, seen: Set<string>): number => {
    const done = depth.get(request.id);
    if (done) return done.depth;
    let result: Link = { depth: 2, parent: document?.url ?? null };
    const known = request.initiator.url ? byUrl.get(request.initiator.url) : undefined;
    let stackUrls: string[] | null = null;
    if (request.initiator.stack) {
      const urls = new Set<string>();
      for (let stack: CdpStack | undefined = request.initiator.stack; stack; stack = stack.parent)
        for (const frame of stack.callFrames) if (frame.url) urls.add(frame.url);
      stackUrls = [...urls];
    } else if (!known && request.initiator.type === 'script') {
      stackUrls = inserted.get(request.url) ?? null;
    }
    if (request === document) result = { depth: 1, parent: null };
    else if (stackUrls) {
      let best: Link | null = null;
      for (const url of stackUrls) {
        const at = readyDepth(url, seen);
        if (at && (!best || at.depth + 1 > best.depth)) best = { depth: at.depth + 1, parent: at.url };
      }
      if (best) result = best;
    } else if (known && known !== request) {
      result = { depth: fetchDepth(known, seen) + 1, parent: known.url };
    } else if (request.initiator.type === 'script') {
      // Inserted by some script we cannot name: after the deepest script that had arrived.
      guessedLinks.push(request.url);
      let best: Link | null = null;
      for (const other of requests) {
        if (other === request || other.type !== 'Script' || other.finishedAt === null || other.finishedAt > request.sentAt) continue;
        const at = fetchDepth(other, seen) + 1;
        if (!best || at > best.depth) best = { depth: at, parent: other.url };
      }
      if (best) result = best;
    }
    depth.set(request.id, result);
    return result.depth;
  };
  const readyDepth = (url: string, seen: Set<string>): { depth: number; url: string } | null => {
    const cached = ready.get(url);
    if (cached) return cached;
    const request = byUrl.get(url);
    if (!request || seen.has(url)) return null;
    const inner = new Set(seen).add(url);
    let at = { depth: fetchDepth(request, inner), url };
    for (const child of staticChildren.get(url) ?? []) {
      const childReady = readyDepth(child, inner);
      if (childReady && childReady.depth > at.depth) at = childReady;
    }
    ready.set(url, at);
    return at;
  };
  for (const request of requests) fetchDepth(request, new Set());
  return { depths: depth, guessedLinks: [...new Set(guessedLinks)] };
}

export async function measureLoad(browser: Browser, origin: string, reset: () => void, spec: PageSpec, width: number): Promise<LoadSample> {
  reset();
  const mobile = width < 600;
  const context = await browser.newContext({ viewport: { width, height: mobile ? 823 : 900 }, isMobile: mobile, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
    });
    await page.addInitScript({ content: instrument(spec) });
    const cdp = await context.newCDPSession(page);
    const requests: CdpRequest[] = [];
    const byId = new Map<string, CdpRequest>();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = Date.now();
      if (byId.has(event.requestId)) return; // a redirect: same request
      const request: CdpRequest = {
        id: event.requestId,
        url: event.request.url,
        type: event.type ?? 'Other',
        initiator: event.initiator as CdpRequest['initiator'],
        finished: false,
        sentAt: event.timestamp,
        finishedAt: null,
        stream: false,
      };
      requests.push(request);
      byId.set(event.requestId, request);
    });
    const done = (event: { requestId: string; timestamp: number }) => {
      lastActivity = Date.now();
      const request = byId.get(event.requestId);
      if (!request) return;
      request.finished = true;
      request.finishedAt = event.timestamp;
    };
    cdp.on('Network.responseReceived', (event) => {
      const request = byId.get(event.requestId);
      if (request && event.response.mimeType === 'text/event-stream') request.stream = true;
    });
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    await throttle(cdp);

    await page.goto(`${origin}${spec.path}`, { waitUntil: 'commit' });
    if (!(await firstContentSeen(cdp))) {
      const pending = requests.filter((request) => !request.finished && !request.stream).map((request) => short(request.url));
      throw new NoFirstContentError(
        `${spec.label} at ${width} px: no ${spec.what} (${spec.selector}) within ${FIRST_CONTENT_TIMEOUT_MS / 1000} s; ${requests.length} requests, still pending: ${pending.join(', ') || 'none'}${pageErrors.length ? `; page errors: ${pageErrors.join(' | ')}` : ''}`,
      );
    }
    // Let the rest of the load happen (layout shifts after the first content count too).
    const settleStarted = Date.now();
    while (Date.now() - settleStarted < SETTLE_MAX_MS) {
      const inFlight = requests.filter((request) => !request.finished && !request.stream && request.type !== 'EventSource').length;
      if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) break;
      await page.waitForTimeout(250);
    }

    const state = (await page.evaluate(`(() => {
      const b = window.__bench;
      return {
        firstContent: b.firstContent, text: b.text, longTasks: b.longTasks, frames: b.frames, cls: b.cls, shifts: b.shifts, ready: b.ready,
        inserted: b.inserted,
        navigation: (() => { const n = performance.getEntriesByType('navigation')[0]; const r = n && (n.serverTiming || []).find((t) => t.name === 'render'); return { responseStart: n ? n.responseStart : 0, render: r ? r.duration : null }; })(),
        resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, encodedBodySize: e.encodedBodySize })),
      };
    })()`)) as {
      firstContent: number;
      ready: number | null;
      text: string;
      longTasks: { startTime: number; duration: number }[];
      frames: { startTime: number; script: number }[];
      cls: number;
      shifts: LoadSample['shifts'];
      inserted: { url: string; stack: string }[];
      navigation: { responseStart: number; render: number | null };
      resources: { name: string; startTime: number; responseEnd: number; encodedBodySize: number }[];
    };
    const fc = state.firstContent;
    // The host page's own scripts and its own backend's calls (see the header).
    const hostOwn = (url: string) => /^\/(?:examples|sandbox)\//.test(new URL(url).pathname);
    const before = state.resources.filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= fc);
    const js = before.filter((entry) => {
      const { pathname } = new URL(entry.name);
      return pathname.endsWith('.js') && !hostOwn(entry.name);
    });
    const data = state.resources.filter((entry) => new URL(entry.name).pathname.startsWith('/gateway/'));

    const inserted = new Map<string, string[]>();
    for (const { url, stack } of state.inserted) {
      const urls = [...stack.matchAll(/(https?:\/\/[^\s()]+?):\d+:\d+/g)].map((match) => match[1] as string);
      if (!inserted.has(url) && urls.length) inserted.set(url, urls);
    }
    const { depths, guessedLinks } = chainDepths(requests, inserted);
    const finishedBefore = new Set(before.map((entry) => entry.name));
    let deepest: CdpRequest | null = requests.find((request) => request.type === 'Document') ?? null;
    for (const request of requests) {
      if (!finishedBefore.has(request.url) || hostOwn(request.url)) continue;
      if ((depths.get(request.id)?.depth ?? 0) > (deepest ? (depths.get(deepest.id)?.depth ?? 0) : 0)) deepest = request;
    }
    const chain: string[] = [];
    const firstByUrl = new Map<string, CdpRequest>();
    for (const request of requests) if (!firstByUrl.has(request.url)) firstByUrl.set(request.url, request);
    for (let at: CdpRequest | undefined | null = deepest; at && chain.length < 30; ) {
      chain.unshift(short(at.url));
      const parent: string | null | undefined = depths.get(at.id)?.parent;
      at = parent ? firstByUrl.get(parent) : null;
    }
    const dataDepths = requests
      .filter((request) => finishedBefore.has(request.url) && new URL(request.url).pathname.startsWith('/gateway/'))
      .map((request) => depths.get(request.id)?.depth ?? 0);
    const longTasks = state.longTasks.filter((task) => task.startTime < fc);
    const scriptBefore = (at: number) => Math.round(state.frames.filter((frame) => frame.startTime < at).reduce((sum, frame) => sum + frame.script, 0));
    return {
      width,
      ttfbMs: Math.round(state.navigation.responseStart),
      serverRenderMs: state.navigation.render === null ? null : Number(state.navigation.render.toFixed(1)),
      firstContentMs: Math.round(fc),
      firstContentText: state.text,
      jsBytes: js.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      jsFiles: js.length,
      jsFileNames: js.map((entry) => short(entry.name)),
      dataRequests: data.filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= fc).length,
      dataStartMs: data.length ? Math.round(Math.min(...data.map((entry) => entry.startTime))) : null,
      chainDepth: deepest ? (depths.get(deepest.id)?.depth ?? 0) : 0,
      chain,
      guessedLinks: guessedLinks.map(short),
      dataDepth: dataDepths.length ? Math.max(...dataDepths) : null,
      longTasksMs: Math.round(longTasks.reduce((sum, task) => sum + task.duration, 0)),
      readyMs: state.ready === null ? null : Math.round(state.ready),
      longTasksUntilReadyMs:
        state.ready === null
          ? null
          : Math.round(state.longTasks.filter((task) => task.startTime < (state.ready as number)).reduce((sum, task) => sum + task.duration, 0)),
      longTaskCount: longTasks.length,
      scriptInLongFramesMs: scriptBefore(fc),
      scriptInLongFramesUntilReadyMs: state.ready === null ? null : scriptBefore(state.ready),
      ...(process.env.BENCH_DEBUG ? { longTaskList: state.longTasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}`) } : {}),
      cls: Number(state.cls.toFixed(4)),
      shifts: state.shifts,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}
