/**
 * The browser part of `npm run bench` (alone: `npm run bench:browser`): what the user waits
 * for, on the built CDN artefacts, in Debian's Chromium, beside two anchor pages built and
 * loaded in the same run (bench/anchors: a minimal React 19 page and the same with Preact,
 * showing 5 of the board's lead cards from the same sandbox gateway).
 *
 *   1. page loads (bench/load.ts): the board route, the CMS page, the thread, the funnel entry,
 *      the office page with the board rendered on the server (leadkit/server; beside the same
 *      first screen as a static page, its floor) and both anchors, cold, at 4× CPU and 562.5 ms RTT / 1.44 Mbps, served gzip'ed by
 *      bench/server.ts; each at 412 px (a phone: the reported figures) and 1280 px (for CLS),
 *      BENCH_RUNS times (default 3) in interleaved rounds; medians;
 *   2. interactions (bench/interactions.ts): card expand and filter toggle with real input, p75;
 *   3. Lighthouse 12 (mobile preset, its simulated throttling) on /examples/cms.html,
 *      BENCH_LIGHTHOUSE_RUNS times (default 3): the run with the median score.
 *
 * Budgets: bench/budgets.mjs. Environment: CHROME_PATH (the Chromium binary), BENCH_RUNS,
 * BENCH_LIGHTHOUSE_RUNS.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../test/helpers/browser';
import { LIGHTHOUSE_BUDGETS, LOAD_BUDGETS } from './budgets.mjs';
import { interactionFailures, measureInteractions, printInteractions, type InteractionResults } from './interactions';
import { measureLoad, THROTTLING, type LoadSample, type PageSpec } from './load';
import { BENCH_CHROMIUM_ARGS, type BenchServer, type ServerPageBytes } from './server';
import { ROOT, withSession } from './session';

export { ROOT };

export const PAGES: (PageSpec & { anchor?: boolean })[] = [
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
      .filter((page) => !page.inHtml)
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
const PHONE = 412;
const DESKTOP = 1280;

export interface PageFigures {
  id: string;
  anchor: boolean;
  /** Its first content is in the HTML (server-rendered, or the static floor). */
  inHtml: boolean;
  /** Another flavour of the CDN build (its loader dist/cdn/leadkit-NAME.js), or null. */
  flavour: string | null;
  label: string;
  path: string;
  what: string;
  /** Medians over the runs at 412 px (CLS: at each width). */
  median: {
    firstContentMs: number;
    jsBytes: number;
    jsFiles: number;
    chainDepth: number;
    dataDepth: number | null;
    dataStartMs: number | null;
    longTasksMs: number;
    cls412: number;
    cls1280: number;
    /** When the widget was live (its first lk-load), and the long tasks before it; null without one. */
    readyMs: number | null;
    longTasksUntilReadyMs: number | null;
  };
  /** Ratios of the medians to the React anchor's. */
  vsReactAnchor: { firstContent: number; jsBytes: number; jsFiles: number; chainDepth: number; longTasks: number } | null;
  runs: LoadSample[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export async function measurePages(browser: Browser, server: BenchServer, runs: number, log: (line: string) => void): Promise<PageFigures[]> {
  const pages = pagesWithFlavours();
  const samples = new Map<string, LoadSample[]>(pages.map((page) => [page.id, []]));
  for (let run = 1; run <= runs; run++) {
    for (const width of [PHONE, DESKTOP]) {
      for (const page of pages) {
        const sample = await measureLoad(browser, server.origin, server.reset, page, width);
        samples.get(page.id)?.push(sample);
        log(
          `  run ${run}/${runs} ${String(width).padStart(4)} px ${page.label}: first content ${sample.firstContentMs} ms, ${(sample.jsBytes / 1000).toFixed(1)} kB JS in ${sample.jsFiles} files, chain ${sample.chainDepth}, long tasks ${sample.longTasksMs} ms, CLS ${sample.cls}`,
        );
      }
    }
  }
  const figures = pages.map((page): PageFigures => {
    const all = samples.get(page.id) ?? [];
    const phone = all.filter((sample) => sample.width === PHONE);
    const desktop = all.filter((sample) => sample.width === DESKTOP);
    const dataDepths = phone.map((sample) => sample.dataDepth).filter((value): value is number => value !== null);
    const dataStarts = phone.map((sample) => sample.dataStartMs).filter((value): value is number => value !== null);
    const readies = phone.map((sample) => sample.readyMs).filter((value): value is number => value !== null);
    const readyTasks = phone.map((sample) => sample.longTasksUntilReadyMs).filter((value): value is number => value !== null);
    return {
      id: page.id,
      anchor: page.anchor ?? false,
      inHtml: page.inHtml ?? false,
      flavour: page.flavour ?? null,
      label: page.label,
      path: page.path,
      what: page.what,
      median: {
        firstContentMs: Math.round(median(phone.map((sample) => sample.firstContentMs))),
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
      },
      vsReactAnchor: null,
      runs: all.map((sample) => ({ ...sample, shifts: sample.shifts.slice(0, 10) })),
    };
  });
  const react = figures.find((page) => page.id === 'react');
  if (react) {
    const ratio = (value: number, base: number) => Number((base > 0 ? value / base : Number.NaN).toFixed(2));
    for (const page of figures) {
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

/**
 * Self-checks (a figure must not silently measure nothing) and budgets of the page loads. Times
 * and long tasks are budgeted as ratios to the React anchor of the same run (docs/architecture.md#budgets);
 * `busy`: the machine was busy, which allows the board's first card its busy-machine ratio.
 */
export function pageFailures(figures: PageFigures[], busy = false): string[] {
  const failures: string[] = [];
  const react = figures.find((page) => page.id === 'react');
  for (const page of figures) {
    for (const run of page.runs) {
      if (page.inHtml) {
        // Its first content is in the HTML: nothing may come before it but the page and the
        // widgets' stylesheet it links.
        if (run.chainDepth > 2)
          failures.push(`self-check: ${page.label} at ${run.width} px has a request chain of ${run.chainDepth} before its ${page.what}: it is not in the HTML`);
        if (!run.firstContentText) failures.push(`self-check: ${page.label} at ${run.width} px: the ${page.what} has no text`);
        if (run.pageErrors.length) failures.push(`${page.label} at ${run.width} px: page errors: ${run.pageErrors.slice(0, 3).join(' | ')}`);
        if (!page.anchor && run.readyMs === null) failures.push(`self-check: ${page.label} at ${run.width} px: the board never said lk-load (not hydrated)`);
        continue;
      }
      if (run.chainDepth < 2)
        failures.push(`self-check: ${page.label} at ${run.width} px has a request chain of ${run.chainDepth} (< 2): the initiators were not read`);
      if (run.jsFiles < 1 || run.jsBytes < 1000)
        failures.push(
          `self-check: ${page.label} at ${run.width} px fetched ${run.jsFiles} JS files (${run.jsBytes} bytes) before its ${page.what}: nothing was measured`,
        );
      if (!run.firstContentText) failures.push(`self-check: ${page.label} at ${run.width} px: the ${page.what} has no text`);
      if (run.pageErrors.length) failures.push(`${page.label} at ${run.width} px: page errors: ${run.pageErrors.slice(0, 3).join(' | ')}`);
    }
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
    if (page.id === 'board-ssr') failures.push(...serverRenderFailures(figures));
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

/** The server-rendered board against its floor, the client-only board and the React anchor. */
export function serverRenderFigures(figures: PageFigures[]) {
  const ssr = figures.find((page) => page.id === 'board-ssr');
  const floor = figures.find((page) => page.id === 'static');
  const client = figures.find((page) => page.id === 'board');
  const react = figures.find((page) => page.id === 'react');
  if (!ssr || !floor || !client || !react) return null;
  const ratio = (value: number | null, base: number | null) => (value === null || base === null || base <= 0 ? Number.NaN : Number((value / base).toFixed(2)));
  return {
    firstCardMs: ssr.median.firstContentMs,
    floorFirstCardMs: floor.median.firstContentMs,
    /** Goal ≤ 1.2×. */
    firstCardVsFloor: ratio(ssr.median.firstContentMs, floor.median.firstContentMs),
    /** When the first card's expand works (the board hydrated): goal ≤ the client-only board's first card. */
    liveMs: ssr.median.readyMs,
    clientFirstCardMs: client.median.firstContentMs,
    liveVsClientFirstCard: ratio(ssr.median.readyMs, client.median.firstContentMs),
    /** Long tasks until hydrated, against the React anchor's before its first card: goal ≤ 1.2×. */
    hydrationLongTasksMs: ssr.median.longTasksUntilReadyMs,
    reactLongTasksMs: react.median.longTasksMs,
    hydrationLongTasksVsReact: ratio(ssr.median.longTasksUntilReadyMs, react.median.longTasksMs),
  };
}

function serverRenderFailures(figures: PageFigures[]): string[] {
  const f = serverRenderFigures(figures);
  if (!f) return ['self-check: the server-rendered board, its floor, the client-only board or the React anchor was not measured'];
  const failures: string[] = [];
  if (!(f.firstCardVsFloor <= LOAD_BUDGETS.serverFirstCardVsStatic))
    failures.push(
      `server-rendered board: first card at ${f.firstCardMs} ms = ${f.firstCardVsFloor}× the static floor's (${f.floorFirstCardMs} ms) > ${LOAD_BUDGETS.serverFirstCardVsStatic}×`,
    );
  if (!(f.liveVsClientFirstCard <= LOAD_BUDGETS.serverLiveVsClientFirstCard))
    failures.push(
      `server-rendered board: live (hydrated) at ${f.liveMs} ms = ${f.liveVsClientFirstCard}× the client-only board's first card (${f.clientFirstCardMs} ms) > ${LOAD_BUDGETS.serverLiveVsClientFirstCard}×`,
    );
  if (!(f.hydrationLongTasksVsReact <= LOAD_BUDGETS.hydrationLongTasksVsReactAnchor))
    failures.push(
      `server-rendered board: ${f.hydrationLongTasksMs} ms of long tasks until hydrated = ${f.hydrationLongTasksVsReact}× the React anchor's ${f.reactLongTasksMs} ms > ${LOAD_BUDGETS.hydrationLongTasksVsReactAnchor}×`,
    );
  return failures;
}

export function printPages(figures: PageFigures[], runs: number): void {
  const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
  const x = (ratio: number | undefined) => (ratio === undefined || !Number.isFinite(ratio) ? '' : ` ${ratio.toFixed(2)}×`);
  const rows = figures.map((page) => {
    const { median: m, vsReactAnchor: r } = page;
    const anchor = page.id === 'react';
    return [
      page.label,
      `${s(m.firstContentMs)}${anchor ? '' : x(r?.firstContent)}`,
      `${(m.jsBytes / 1000).toFixed(1)} kB${anchor ? '' : x(r?.jsBytes)}`,
      `${m.jsFiles}`,
      `${m.chainDepth}${anchor ? '' : x(r?.chainDepth)}`,
      m.dataDepth === null ? '—' : `${m.dataDepth} @ ${s(m.dataStartMs)}`,
      `${m.longTasksMs} ms${anchor ? '' : x(r?.longTasks)}`,
      m.cls412.toFixed(3),
      m.cls1280.toFixed(3),
    ];
  });
  const head = ['page', 'first content', 'JS before (gzip)', 'files', 'round trips', 'data depth @ start', 'long tasks before', 'CLS 412', 'CLS 1280'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] as string).length)));
  const format = (row: string[]) => `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join('  ')}`;
  console.log(
    `\nPage loads: Debian Chromium, ${THROTTLING.cpuSlowdown}× CPU, ${THROTTLING.latencyMs} ms RTT, ${((THROTTLING.downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbps down, gzip, cold cache; medians of ${runs} runs at ${PHONE} px (CLS also at ${DESKTOP} px); ×: ratio to the React 19 anchor`,
  );
  console.log(format(head));
  for (const row of rows) console.log(format(row));
  for (const page of figures) {
    const longest = [...page.runs].filter((run) => run.width === PHONE).sort((a, b) => b.chainDepth - a.chainDepth)[0];
    if (longest) console.log(`  ${page.id} chain (${longest.chainDepth}): ${longest.chain.join(' → ')}`);
    const guessed = [...new Set(page.runs.flatMap((run) => run.guessedLinks))];
    if (guessed.length) console.log(`    (inserted by a script not found, depth taken as after the deepest script arrived: ${guessed.join(', ')})`);
  }
  const f = serverRenderFigures(figures);
  if (f) {
    console.log(
      `  server-rendered board: first card ${s(f.firstCardMs)} = ${f.firstCardVsFloor}× the static floor's ${s(f.floorFirstCardMs)} (goal ≤ ${LOAD_BUDGETS.serverFirstCardVsStatic}×); live (hydrated) at ${s(f.liveMs)} vs the client-only board's first card ${s(f.clientFirstCardMs)} (${f.liveVsClientFirstCard}×, goal ≤ ${LOAD_BUDGETS.serverLiveVsClientFirstCard}×); long tasks until hydrated ${f.hydrationLongTasksMs} ms = ${f.hydrationLongTasksVsReact}× the React anchor's ${f.reactLongTasksMs} ms (goal ≤ ${LOAD_BUDGETS.hydrationLongTasksVsReactAnchor}×)`,
    );
  }
  console.log(
    '  (first content: board/CMS/anchors the first lead card, thread the first message, funnel its first step; round trips: HTML = 1; data depth: the deepest gateway call before it, and when the first one started)',
  );
}

// ---- Lighthouse ---------------------------------------------------------------------------

export interface LighthouseFigures {
  url: string;
  version: string;
  runs: { score: number; tbtMs: number; lcpMs: number; fcpMs: number; cls: number; warnings: string[] }[];
  /** The run with the median score. */
  median: { score: number; tbtMs: number; lcpMs: number; fcpMs: number; cls: number };
}

const execFileAsync = promisify(execFile);

export async function measureLighthouse(origin: string, runs: number): Promise<LighthouseFigures> {
  const url = `${origin}/examples/cms.html`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'leadkit-bench-lh-'));
  const results: LighthouseFigures['runs'] = [];
  let version = '';
  try {
    for (let run = 0; run < runs; run++) {
      const output = path.join(tmp, `run-${run}.json`);
      const flags = [...CHROMIUM_ARGS, ...BENCH_CHROMIUM_ARGS].join(' ');
      await execFileAsync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
          url,
          '--quiet',
          '--output=json',
          `--output-path=${output}`,
          '--only-categories=performance',
          `--chrome-flags=${flags}`,
        ],
        { env: { ...process.env, CHROME_PATH: resolveChromiumPath() }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        lighthouseVersion: string;
        runWarnings: string[];
        categories: { performance: { score: number | null } };
        audits: Record<string, { numericValue?: number }>;
      };
      version = report.lighthouseVersion;
      const score = report.categories.performance.score;
      if (score === null) throw new Error(`Lighthouse gave no performance score for ${url}: ${report.runWarnings.join('; ')}`);
      const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
      results.push({
        score: Math.round(score * 100),
        tbtMs: audit('total-blocking-time'),
        lcpMs: audit('largest-contentful-paint'),
        fcpMs: audit('first-contentful-paint'),
        cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(4)),
        warnings: report.runWarnings,
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const { warnings: _warnings, ...middle } = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseFigures['runs'][number];
  return { url: '/examples/cms.html', version, runs: results, median: middle };
}

export function lighthouseFailures(figures: LighthouseFigures): string[] {
  return figures.median.score < LIGHTHOUSE_BUDGETS.performanceScore
    ? [`Lighthouse mobile performance on ${figures.url}: ${figures.median.score} < ${LIGHTHOUSE_BUDGETS.performanceScore}`]
    : [];
}

export function printLighthouse(figures: LighthouseFigures): void {
  const { median: m } = figures;
  console.log(
    `\nLighthouse ${figures.version} (mobile, simulated throttling) on ${figures.url}, median of ${figures.runs.length} runs (budget ≥ ${LIGHTHOUSE_BUDGETS.performanceScore})`,
  );
  console.log(
    `  performance ${m.score}  TBT ${m.tbtMs} ms  LCP ${(m.lcpMs / 1000).toFixed(2)} s  FCP ${(m.fcpMs / 1000).toFixed(2)} s  CLS ${m.cls}  (scores: ${figures.runs.map((run) => run.score).join(', ')})`,
  );
  const warnings = [...new Set(figures.runs.flatMap((run) => run.warnings))];
  for (const warning of warnings) console.log(`  Lighthouse warning: ${warning.replace(/\s+/g, ' ').slice(0, 200)}`);
}

// ---- the whole browser part ---------------------------------------------------------------

export interface BrowserResults {
  throttling: typeof THROTTLING;
  /** The machine's load average (1 min) before and after, and its cores: timings of a busy machine are not comparable. */
  machine: { cores: number; loadBefore: number; loadAfter: number; busy: boolean };
  chromium: string;
  runs: number;
  pages: PageFigures[];
  /** The server-rendered office page's bytes: what leadkit/server added to the page. */
  serverPage: ServerPageBytes;
  interactions: InteractionResults;
  lighthouse: LighthouseFigures;
  failures: string[];
}

/** Needs dist/cdn built (the caller builds it). */
export async function runBrowserBench({
  runs = Number(process.env.BENCH_RUNS ?? 3),
  lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  log = (line: string) => console.log(line),
} = {}): Promise<BrowserResults> {
  // Said before minutes of page loads, not after them: every figure is a median of at least one run.
  for (const [name, value] of [
    ['BENCH_RUNS', runs],
    ['BENCH_LIGHTHOUSE_RUNS', lighthouseRuns],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`bench: ${name} must be a whole number of runs, at least 1 (got ${value})`);
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  return withSession(async ({ browser, server }) => {
    log(`bench: page loads (${runs} runs × ${pagesWithFlavours().length} pages × 2 widths)`);
    const pages = await measurePages(browser, server, runs, log);
    const serverPage = await server.serverPageBytes();
    log('bench: interactions');
    const interactions = await measureInteractions(browser, server.origin, server.reset);
    log(`bench: Lighthouse (${lighthouseRuns} runs)`);
    server.reset();
    const lighthouse = await measureLighthouse(server.origin, lighthouseRuns);
    const cores = os.cpus().length;
    const loadAfter = os.loadavg()[0] ?? 0;
    const machine = {
      cores,
      loadBefore: Number(loadBefore.toFixed(2)),
      loadAfter: Number(loadAfter.toFixed(2)),
      busy: Math.max(loadBefore, loadAfter) > cores * 0.75,
    };
    const failures = [...pageFailures(pages, machine.busy), ...interactionFailures(interactions), ...lighthouseFailures(lighthouse)];
    return { throttling: THROTTLING, machine, chromium: browser.version(), runs, pages, serverPage, interactions, lighthouse, failures };
  });
}

export function printBrowser(results: BrowserResults): void {
  printPages(results.pages, results.runs);
  const bytes = results.serverPage;
  console.log(
    `  server-rendered office page: ${(bytes.serverHtmlGzip / 1000).toFixed(1)} kB gzip vs ${(bytes.clientHtmlGzip / 1000).toFixed(1)} kB for the page the browser renders (+${((bytes.serverHtmlGzip - bytes.clientHtmlGzip) / 1000).toFixed(1)} kB): the board's declarative root ${(bytes.shadowRootRaw / 1000).toFixed(1)} kB raw, of which the inlined answers ${(bytes.answersRaw / 1000).toFixed(1)} kB (${(bytes.answersGzip / 1000).toFixed(1)} kB gzip alone); styles: one <link> (widgets.css, cached across pages)`,
  );
  printInteractions(results.interactions);
  printLighthouse(results.lighthouse);
  const { machine } = results;
  if (machine.busy) {
    console.log(
      `\nbench: WARNING the machine was busy (load ${machine.loadBefore} before, ${machine.loadAfter} after, ${machine.cores} cores): times and long tasks run high; compare ratios to the anchors, or run again on an idle machine`,
    );
  }
}
