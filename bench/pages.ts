/**
 * The page loads of `npm run bench` (bench/browser.ts runs them): which pages, measured how often,
 * over which protocols, their medians, ratios and budgets, and their report.
 *
 * Every page — leadkit's and the anchors (React 19, Preact, the static floor) — is loaded over
 * both protocols of bench/server.ts in the same run: plain HTTP/1.1 (six connections an origin,
 * as `npm start` and many CMS origins serve static files) and HTTP/2 over TLS (one connection, as
 * a CDN serves). A page's ratios are to the anchors loaded over the same protocol, and its
 * budgets hold on each; a missed one names the protocol. The server-rendered page's own figures
 * and budgets (against the floor, every load, and the first load after a fresh start):
 * bench/server-render.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { LOAD_BUDGETS } from './budgets.mjs';
import { measureLoad, NoFirstContentError, THROTTLING, type LoadSample, type PageSpec } from './load';
import { DESKTOP, median, PHONE, type PageFigures } from './page-figures';
import { benchProtocols, PROTOCOL_NAMES, PROTOCOLS, type Protocol } from './protocols';
import { type BenchServer, SERVER_ANCHOR_PATH } from './server';
import { printServerRender, serverRenderFailures, type FirstLoadSample } from './server-render';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `defaultFlavourOnly`: not loaded with the other flavours of the CDN build. */
export const PAGES: (PageSpec & { anchor?: boolean; defaultFlavourOnly?: boolean })[] = [
  { id: 'board', label: 'board /app/lead/board/1001', path: '/app/lead/board/1001', selector: '[part~="lead-card"]', what: 'first lead card' },
  {
    // The same page without the first-content hints the example server writes in its <head>: the
    // loader alone finds the board's files (a page with no server of its own). No budget: a reference.
    id: 'board-loader',
    label: 'board, loader alone (no hints)',
    path: '/app/lead/board/1001?lk-hints=none',
    selector: '[part~="lead-card"]',
    what: 'first lead card',
  },
  {
    id: 'cms',
    label: 'CMS /examples/cms.html',
    path: '/examples/cms.html',
    selector: '[part~="lead-card"]',
    exclude: '[data-skeleton]',
    what: 'first lead card',
  },
  { id: 'thread', label: 'thread', path: '/examples/message-thread.html', selector: '[part~="message"]', what: 'first message' },
  {
    // The production chat path: leadkit's Twilio adapter with the real SDK, against the sandbox's
    // stand-in for Twilio (the same conversation; its socket is not throttled by DevTools' emulation).
    id: 'thread-twilio',
    label: 'thread on Twilio (real SDK, stand-in)',
    path: '/examples/message-thread.html?lk-chat=twilio',
    selector: '[part~="message"]',
    what: 'first message',
    defaultFlavourOnly: true,
  },
  { id: 'funnel', label: 'funnel entry', path: '/examples/raq-funnel.html', selector: '[part~="funnel-entry"]', what: 'first step' },
  {
    id: 'board-ssr',
    label: 'board rendered on the server /server/office-board.html',
    path: '/server/office-board.html',
    selector: '[part~="lead-card"]',
    what: 'first lead card',
    inHtml: true,
  },
  {
    id: 'static',
    label: 'static HTML floor',
    path: '/static/office-board.html',
    selector: '[part~="lead-card"]',
    what: 'first lead card',
    inHtml: true,
    anchor: true,
  },
  { id: 'react', label: 'React 19 anchor', path: '/anchors/react/', selector: '[part~="lead-card"]', what: 'first lead card', anchor: true },
  {
    // The spec-equal cards rendered on the server and hydrated by React 19: the server-rendered
    // board's hydration anchor (bench/server-render.ts), its figures beside the board's.
    id: 'react-ssr',
    label: 'React 19 server-rendered cards',
    path: SERVER_ANCHOR_PATH,
    selector: '[part~="lead-card"]',
    what: 'first lead card',
    inHtml: true,
    anchor: true,
  },
  { id: 'preact', label: 'Preact anchor', path: '/anchors/preact/', selector: '[part~="lead-card"]', what: 'first lead card', anchor: true },
];

/**
 * Other flavours of the CDN build (a loader dist/cdn/leadkit-NAME.js, e.g. a Preact one): the
 * leadkit pages are loaded with each too (bench/server.ts swaps the loader for `?lk-flavour=NAME`).
 */
export function pagesWithFlavours(cdnDir = path.join(ROOT, 'dist', 'cdn')): (PageSpec & { anchor?: boolean; flavour?: string })[] {
  const flavours = existsSync(cdnDir) ? readdirSync(cdnDir).flatMap((name) => /^leadkit-([a-z0-9]+)\.js$/.exec(name)?.slice(1, 2) ?? []) : [];
  const leadkit = PAGES.filter((page) => !page.anchor);
  const extra = flavours.flatMap((flavour) =>
    leadkit
      .filter((page) => !page.inHtml && !page.defaultFlavourOnly)
      .map((page) => ({
        ...page,
        id: `${page.id}-${flavour}`,
        label: `${page.label} (${flavour})`,
        path: `${page.path}${page.path.includes('?') ? '&' : '?'}lk-flavour=${flavour}`,
        flavour,
      })),
  );
  return [...leadkit, ...extra, ...PAGES.filter((page) => page.anchor)];
}

/** `[HTTP/1.1] …`: how a line about one protocol's load starts. */
const onProtocol = (protocol: Protocol) => `[${PROTOCOL_NAMES[protocol]}]`;

/**
 * Every page over every protocol, at both widths, `runs` times in interleaved rounds (a round:
 * each width, each protocol, each page). `eachRound` runs first in every round (the first loads
 * after a fresh server start: bench/server-render.ts).
 */
export async function measurePages(
  browser: Browser,
  server: BenchServer,
  runs: number,
  log: (line: string) => void,
  eachRound: (run: number) => Promise<void> = async () => {},
): Promise<PageFigures[]> {
  const pages = pagesWithFlavours();
  const protocols = benchProtocols();
  const key = (protocol: Protocol, id: string) => `${protocol}:${id}`;
  const samples = new Map<string, LoadSample[]>(protocols.flatMap((protocol) => pages.map((page) => [key(protocol, page.id), []])));
  for (let run = 1; run <= runs; run++) {
    await eachRound(run);
    for (const width of [PHONE, DESKTOP]) {
      for (const protocol of protocols) {
        for (const page of pages) {
          const sample = await loadOnce(() => measureLoad(browser, server.origins[protocol], server.reset, page, width), log);
          samples.get(key(protocol, page.id))?.push(sample);
          log(
            `  run ${run}/${runs} ${String(width).padStart(4)} px ${PROTOCOL_NAMES[protocol].padEnd(8)} ${page.label}: first content ${sample.firstContentMs} ms (HTML's first byte ${sample.ttfbMs} ms), ${(sample.jsBytes / 1000).toFixed(1)} kB JS in ${sample.jsFiles} files, chain ${sample.chainDepth}, long tasks ${sample.longTasksMs} ms, CLS ${sample.cls}`,
          );
        }
      }
    }
  }
  const figures = protocols.flatMap((protocol) =>
    pages.map((page): PageFigures => {
      const all = samples.get(key(protocol, page.id)) ?? [];
      const phone = all.filter((sample) => sample.width === PHONE);
      const desktop = all.filter((sample) => sample.width === DESKTOP);
      const present = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
      const dataDepths = present(phone.map((sample) => sample.dataDepth));
      const dataStarts = present(phone.map((sample) => sample.dataStartMs));
      const readies = present(phone.map((sample) => sample.readyMs));
      const readyTasks = present(phone.map((sample) => sample.longTasksUntilReadyMs));
      const readyScript = present(phone.map((sample) => sample.scriptInLongFramesUntilReadyMs));
      return {
        id: page.id,
        protocol,
        anchor: page.anchor ?? false,
        inHtml: page.inHtml ?? false,
        flavour: page.flavour ?? null,
        label: page.label,
        path: page.path,
        what: page.what,
        median: {
          firstContentMs: Math.round(median(phone.map((sample) => sample.firstContentMs))),
          ttfbMs: Math.round(median(phone.map((sample) => sample.ttfbMs))),
          jsBytes: Math.round(median(phone.map((sample) => sample.jsBytes))),
          jsFiles: median(phone.map((sample) => sample.jsFiles)),
          chainDepth: median(phone.map((sample) => sample.chainDepth)),
          dataDepth: dataDepths.length ? median(dataDepths) : null,
          dataStartMs: dataStarts.length ? Math.round(median(dataStarts)) : null,
          longTasksMs: Math.round(median(phone.map((sample) => sample.longTasksMs))),
          cls412: Number(median(phone.map((sample) => sample.cls)).toFixed(4)),
          cls1280: Number(median(desktop.map((sample) => sample.cls)).toFixed(4)),
          readyMs: readies.length ? Math.round(median(readies)) : null,
          longTasksUntilReadyMs: readyTasks.length ? Math.round(median(readyTasks)) : null,
          scriptInLongFramesMs: Math.round(median(phone.map((sample) => sample.scriptInLongFramesMs))),
          scriptInLongFramesUntilReadyMs: readyScript.length ? Math.round(median(readyScript)) : null,
        },
        vsReactAnchor: null,
        runs: all.map((sample) => ({ ...sample, shifts: sample.shifts.slice(0, 10) })),
      };
    }),
  );
  return withAnchorRatios(figures);
}

/**
 * A load that shows no first content at all is taken again, once, and said (with what was still
 * pending); a second one ends the run. One stalled load of a run of 170 is not worth its other
 * minutes of figures.
 */
async function loadOnce(load: () => Promise<LoadSample>, log: (line: string) => void): Promise<LoadSample> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof NoFirstContentError)) throw error;
    log(`  bench: WARNING ${error.message}; loading it again`);
    return load();
  }
}

/** Each page's ratios to the React anchor loaded over the same protocol. */
export function withAnchorRatios(figures: PageFigures[]): PageFigures[] {
  const ratio = (value: number, base: number) => Number((base > 0 ? value / base : Number.NaN).toFixed(2));
  for (const protocol of PROTOCOLS) {
    const react = figures.find((page) => page.id === 'react' && page.protocol === protocol);
    if (!react) continue;
    for (const page of figures.filter((candidate) => candidate.protocol === protocol)) {
      page.vsReactAnchor = {
        firstContent: ratio(page.median.firstContentMs, react.median.firstContentMs),
        jsBytes: ratio(page.median.jsBytes, react.median.jsBytes),
        jsFiles: ratio(page.median.jsFiles, react.median.jsFiles),
        chainDepth: ratio(page.median.chainDepth, react.median.chainDepth),
        longTasks: ratio(page.median.longTasksMs, react.median.longTasksMs),
      };
    }
  }
  return figures;
}

/** Self-checks of one load (a figure must not silently measure nothing). */
function runFailures(page: PageFigures, run: LoadSample): string[] {
  const failures: string[] = [];
  const at = `${page.label} at ${run.width} px`;
  if (!run.firstContentText) failures.push(`self-check: ${at}: the ${page.what} has no text`);
  if (run.pageErrors.length) failures.push(`${at}: page errors: ${run.pageErrors.slice(0, 3).join(' | ')}`);
  if (page.inHtml) {
    // Its first content is in the HTML: nothing may come before it but the page (and a stylesheet it links).
    if (run.chainDepth > 2) failures.push(`self-check: ${at} has a request chain of ${run.chainDepth} before its ${page.what}: it is not in the HTML`);
    if (!page.anchor && run.readyMs === null) failures.push(`self-check: ${at}: the board never said lk-load (not hydrated)`);
    return failures;
  }
  if (run.chainDepth < 2) failures.push(`self-check: ${at} has a request chain of ${run.chainDepth} (< 2): the initiators were not read`);
  if (run.jsFiles < 1 || run.jsBytes < 1000)
    failures.push(`self-check: ${at} fetched ${run.jsFiles} JS files (${run.jsBytes} bytes) before its ${page.what}: nothing was measured`);
  return failures;
}

/** One protocol's pages against their budgets (the server-rendered page's: bench/server-render.ts). */
function protocolFailures(figures: PageFigures[], firstLoads: FirstLoadSample[], busy: boolean): string[] {
  const failures: string[] = [];
  const react = figures.find((page) => page.id === 'react');
  for (const page of figures) {
    for (const run of page.runs) failures.push(...runFailures(page, run));
    // The funnel's first step (either flavour) is its form, shown before any answer arrives.
    if (!page.inHtml && page.id !== 'funnel' && !page.id.startsWith('funnel-') && page.runs.some((run) => run.dataRequests === 0))
      failures.push(`self-check: ${page.label}: no data request finished before its ${page.what}`);
    if (page.anchor) continue;
    const { median: m } = page;
    for (const [width, cls] of [
      [PHONE, m.cls412],
      [DESKTOP, m.cls1280],
    ] as const) {
      if (cls > LOAD_BUDGETS.cls) failures.push(`${page.label}: CLS ${cls} at ${width} px > ${LOAD_BUDGETS.cls}`);
    }
    if (page.flavour && page.id === `board-${page.flavour}` && m.jsBytes > LOAD_BUDGETS.flavourBoardJsGzip) {
      failures.push(
        `${page.label}: ${(m.jsBytes / 1000).toFixed(1)} kB JS before the ${page.what} > ${LOAD_BUDGETS.flavourBoardJsGzip / 1000} kB (the Preact flavour's goal)`,
      );
    }
    if (page.id === 'board-ssr') failures.push(...serverRenderFailures(figures, firstLoads));
    if (page.id === 'board' || (page.flavour && page.id === `board-${page.flavour}`)) {
      if (m.chainDepth > LOAD_BUDGETS.boardChainedRoundTrips)
        failures.push(`${page.label}: ${m.chainDepth} chained round trips before the ${page.what} > ${LOAD_BUDGETS.boardChainedRoundTrips}`);
      const ratio = page.vsReactAnchor?.firstContent ?? Number.NaN;
      const allowed = busy ? LOAD_BUDGETS.boardFirstContentVsReactAnchorBusy : LOAD_BUDGETS.boardFirstContentVsReactAnchor;
      if (!(ratio <= allowed)) {
        failures.push(
          `${page.label}: first card at ${m.firstContentMs} ms = ${ratio}× the React anchor's (${react?.median.firstContentMs} ms) > ${allowed}×${busy ? ' (busy machine)' : ''}`,
        );
      }
      const tasks = page.vsReactAnchor?.longTasks ?? Number.NaN;
      if (!(tasks <= LOAD_BUDGETS.boardLongTasksVsReactAnchor)) {
        failures.push(
          `${page.label}: ${m.longTasksMs} ms of long tasks before the first card = ${tasks}× the React anchor's (${react?.median.longTasksMs} ms) > ${LOAD_BUDGETS.boardLongTasksVsReactAnchor}×`,
        );
      }
    }
  }
  return failures;
}

/**
 * Self-checks and budgets of the page loads, on each protocol: times and long tasks as ratios to
 * the React anchor of the same run and protocol (docs/architecture.md#budgets); `busy`: the
 * machine was busy, which allows the board's first card its busy-machine ratio. Each failure
 * starts with its protocol (`[HTTP/1.1] …`).
 */
export function pageFailures(figures: PageFigures[], busy = false, firstLoads: FirstLoadSample[] = []): string[] {
  return PROTOCOLS.flatMap((protocol) => {
    const own = figures.filter((page) => page.protocol === protocol);
    if (!own.length) return [];
    return protocolFailures(
      own,
      firstLoads.filter((load) => load.protocol === protocol),
      busy,
    ).map((failure) => `${onProtocol(protocol)} ${failure}`);
  });
}

export function printPages(figures: PageFigures[], runs: number, firstLoads: FirstLoadSample[] = []): void {
  const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
  const x = (ratio: number | undefined) => (ratio === undefined || !Number.isFinite(ratio) ? '' : ` ${ratio.toFixed(2)}×`);
  // Each page on both protocols, one under the other, beside that protocol's anchors.
  const ordered = [...new Set(figures.map((page) => page.id))].flatMap((id) => figures.filter((page) => page.id === id));
  const rows = ordered.map((page) => {
    const { median: m, vsReactAnchor: r } = page;
    const anchor = page.id === 'react';
    return [
      page.label,
      PROTOCOL_NAMES[page.protocol],
      `${s(m.firstContentMs)}${anchor ? '' : x(r?.firstContent)}`,
      `${m.ttfbMs} ms`,
      `${(m.jsBytes / 1000).toFixed(1)} kB${anchor ? '' : x(r?.jsBytes)}`,
      `${m.jsFiles}`,
      `${m.chainDepth}${anchor ? '' : x(r?.chainDepth)}`,
      m.dataDepth === null ? '—' : `${m.dataDepth} @ ${s(m.dataStartMs)}`,
      `${m.longTasksMs} ms${anchor ? '' : x(r?.longTasks)}`,
      m.cls412.toFixed(3),
      m.cls1280.toFixed(3),
    ];
  });
  const head = [
    'page',
    'protocol',
    'first content',
    'HTML TTFB',
    'JS before (gzip)',
    'files',
    'round trips',
    'data depth @ start',
    'long tasks before',
    'CLS 412',
    'CLS 1280',
  ];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] as string).length)));
  const format = (row: string[]) => `  ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join('  ')}`;
  console.log(
    `\nPage loads: Debian Chromium, ${THROTTLING.cpuSlowdown}× CPU, ${THROTTLING.latencyMs} ms RTT, ${((THROTTLING.downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbps down, gzip, cold cache; each page over plain HTTP/1.1 (six connections an origin) and HTTP/2 (TLS); medians of ${runs} runs at ${PHONE} px (CLS also at ${DESKTOP} px); ×: ratio to the React 19 anchor over the same protocol`,
  );
  console.log(format(head));
  for (const row of rows) console.log(format(row));
  for (const page of ordered) {
    const longest = [...page.runs].filter((run) => run.width === PHONE).sort((a, b) => b.chainDepth - a.chainDepth)[0];
    if (longest) console.log(`  ${page.id} ${PROTOCOL_NAMES[page.protocol]} chain (${longest.chainDepth}): ${longest.chain.join(' → ')}`);
    const guessed = [...new Set(page.runs.flatMap((run) => run.guessedLinks))];
    if (guessed.length) console.log(`    (inserted by a script not found, depth taken as after the deepest script arrived: ${guessed.join(', ')})`);
  }
  printServerRender(figures, firstLoads);
  console.log(
    '  (first content: board/CMS/anchors the first lead card, thread the first message, funnel its first step; HTML TTFB: its first byte from navigation start, the emulated round trip included; round trips: HTML = 1; data depth: the deepest gateway call before it, and when the first one started)',
  );
}
