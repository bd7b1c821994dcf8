/**
 * The browser part of `npm run bench` (alone: `npm run bench:browser`): what the user waits
 * for, on the built CDN artefacts, in Debian's Chromium, beside two anchor pages built and
 * loaded in the same run (bench/anchors: a minimal React 19 page and the same with Preact,
 * showing 5 of the board's lead cards from the same sandbox gateway).
 *
 *   1. page loads (bench/pages.ts, bench/load.ts): the board route, the CMS page, the thread, the
 *      funnel entry, the office page with the board rendered on the server (leadkit/server; beside
 *      the same first screen as a static page, its floor: bench/server-render.ts) and both
 *      anchors, cold, at 4× CPU and 562.5 ms RTT / 1.44 Mbps, served gzip'ed by bench/server.ts
 *      over plain HTTP/1.1 and over HTTP/2, each page beside its anchors over the same protocol;
 *      each at 412 px (a phone: the reported figures) and 1280 px (for CLS), BENCH_RUNS times
 *      (default 3) in interleaved rounds; medians; and in each round the server-rendered page
 *      as the first request of a freshly started server, on each protocol;
 *   2. interactions (bench/interactions.ts): card expand and filter toggle with real input, p75
 *      (over HTTP/2: a page's protocol changes its load, not a tap's frame);
 *   3. Lighthouse 12 (mobile preset, its simulated throttling) on /examples/cms.html over HTTP/2,
 *      BENCH_LIGHTHOUSE_RUNS times (default 3): the run with the median score;
 *   4. gateway calls per idle pro-hour (bench/idle-calls.ts): the board visible, hidden, hidden
 *      with notifications on, the office app's board route hidden, the thread open — an hour of
 *      each page's clock, counted by the sandbox.
 *
 * Budgets: bench/budgets.mjs. Environment: CHROME_PATH (the Chromium binary), BENCH_RUNS,
 * BENCH_LIGHTHOUSE_RUNS, BENCH_PROTOCOLS (`h1` or `h2` alone: bench/protocols.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../test/helpers/browser';
import { LIGHTHOUSE_BUDGETS } from './budgets.mjs';
import { idleCallFailures, measureIdleCalls, printIdleCalls, type IdleCallResults } from './idle-calls';
import { interactionFailures, measureInteractions, printInteractions, type InteractionResults } from './interactions';
import { THROTTLING } from './load';
import type { PageFigures } from './page-figures';
import { measurePages, PAGES, pageFailures, pagesWithFlavours, printPages } from './pages';
import { benchProtocols, type Protocol } from './protocols';
import { BENCH_CHROMIUM_ARGS, type BenchServerWarmup, type ServerPageBytes } from './server';
import { measureFirstLoads, type FirstLoadSample } from './server-render';
import { ROOT, withSession } from './session';

export { ROOT };

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
  /** The protocols every page was loaded over (`pages` holds each page once per protocol). */
  protocols: readonly Protocol[];
  pages: PageFigures[];
  /** The server-rendered page as the first request of a freshly started server, per round and protocol. */
  firstLoads: FirstLoadSample[];
  /** What the bench server warmed at its start (bench/server.ts). */
  warmup: BenchServerWarmup | null;
  /** The server-rendered office page's bytes: what leadkit/server added to the page. */
  serverPage: ServerPageBytes;
  interactions: InteractionResults;
  lighthouse: LighthouseFigures;
  idleCalls: IdleCallResults;
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
    log(
      `bench: page loads (${runs} runs × ${pagesWithFlavours().length} pages × ${benchProtocols().length} protocols × 2 widths, and the first request after a fresh server start)`,
    );
    const ssr = PAGES.find((page) => page.id === 'board-ssr');
    if (!ssr) throw new Error('bench: no server-rendered page');
    const firstLoads: FirstLoadSample[] = [];
    const pages = await measurePages(browser, server, runs, log, async (run) => {
      firstLoads.push(...(await measureFirstLoads(browser, ssr, run, log)));
    });
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
    // Counts, not timings: after the load average the timings are read against.
    log('bench: gateway calls per idle pro-hour');
    const idleCalls = await measureIdleCalls(browser, server, log);
    const failures = [
      ...pageFailures(pages, machine.busy, firstLoads),
      ...interactionFailures(interactions),
      ...lighthouseFailures(lighthouse),
      ...idleCallFailures(idleCalls),
    ];
    return {
      throttling: THROTTLING,
      machine,
      chromium: browser.version(),
      runs,
      protocols: benchProtocols(),
      pages,
      firstLoads,
      warmup: server.warmup,
      serverPage,
      interactions,
      lighthouse,
      idleCalls,
      failures,
    };
  });
}

export function printBrowser(results: BrowserResults): void {
  printPages(results.pages, results.runs, results.firstLoads);
  const bytes = results.serverPage;
  console.log(
    `  server-rendered office page: ${(bytes.serverHtmlGzip / 1000).toFixed(1)} kB gzip vs ${(bytes.clientHtmlGzip / 1000).toFixed(1)} kB for the page the browser renders (+${((bytes.serverHtmlGzip - bytes.clientHtmlGzip) / 1000).toFixed(1)} kB): the board's declarative root ${(bytes.shadowRootRaw / 1000).toFixed(1)} kB raw, of which the inlined answers ${(bytes.answersRaw / 1000).toFixed(1)} kB (${(bytes.answersGzip / 1000).toFixed(1)} kB gzip alone)`,
  );
  if (results.warmup)
    console.log(
      `  the bench server warmed its render path at start: dist/server.js imported in ${results.warmup.importMs} ms, ${results.warmup.rendered.join(', ')} rendered in ${results.warmup.renderMs} ms`,
    );
  printInteractions(results.interactions);
  printLighthouse(results.lighthouse);
  printIdleCalls(results.idleCalls);
  const { machine } = results;
  if (machine.busy) {
    console.log(
      `\nbench: WARNING the machine was busy (load ${machine.loadBefore} before, ${machine.loadAfter} after, ${machine.cores} cores): times and long tasks run high; compare ratios to the anchors, or run again on an idle machine`,
    );
  }
}
