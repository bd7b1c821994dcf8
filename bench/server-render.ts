/**
 * The server-rendered office page in `npm run bench` (/server/office-board.html of bench/server.ts),
 * on each protocol, against its floor (the same first screen as a static page with no script):
 *
 *   - every load's first card ≤ 1.2× the floor's (its median at that width, same protocol), not
 *     only the median — and the first load after a fresh start of the server: each round, a new
 *     bench server process (bench/server-main.ts: nothing imported, compiled or rendered before
 *     it started) serves the page once per protocol, that load being its first request;
 *   - time to first byte of its HTML (the navigation's responseStart, the emulated round trip
 *     included) and the server's render time (its Server-Timing), beside the floor's TTFB;
 *   - live (hydrated) no later than the client-only board's first card; hydration — the script
 *     the page runs in long frames until then (Chromium's long-animation-frame entries) — ≤ 1.2×
 *     the React anchor's script in long frames before its first card. The long tasks until live
 *     are reported beside it: they also hold the browser's parse and layout of the page's HTML,
 *     which the static floor, with no script, pays as well (docs/benchmarks.md#hydration-long-tasks).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { LOAD_BUDGETS } from './budgets.mjs';
import { measureLoad, type LoadSample, type PageSpec } from './load';
import { median as middle, PHONE, type PageFigures } from './page-figures';
import { benchProtocols, PROTOCOL_NAMES, PROTOCOLS, type Protocol } from './protocols';
import type { BenchServerWarmup } from './server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One load of the server-rendered page as the first request a freshly started server answered. */
export interface FirstLoadSample extends LoadSample {
  protocol: Protocol;
  run: number;
  /** What that server did at start, before the request (null: it did not warm). */
  warmup: BenchServerWarmup | null;
}

/** A fresh bench server prints its origins within this (tsx, the sandbox, a TLS certificate, the warm-up). */
const START_TIMEOUT_MS = 60_000;

/** Starts bench/server-main.ts in a process of its own; resolves once it serves. */
async function freshServer(): Promise<{ origins: Record<Protocol, string>; warmup: BenchServerWarmup | null; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'bench', 'server-main.ts')], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await new Promise<{ origins: Record<Protocol, string>; warmup: BenchServerWarmup | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench: a fresh bench server printed no origins within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`bench: a fresh bench server exited (${code}) before it served`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { origins: Record<Protocol, string>; warmup: BenchServerWarmup | null });
    });
  });
  return {
    ...started,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** For each protocol, a freshly started server and the page loaded once from it (412 px): its first request. */
export async function measureFirstLoads(browser: Browser, spec: PageSpec, run: number, log: (line: string) => void): Promise<FirstLoadSample[]> {
  const samples: FirstLoadSample[] = [];
  for (const protocol of benchProtocols()) {
    const server = await freshServer();
    try {
      // Nothing to reset: the server is new (and reset its sandbox after warming).
      const sample = await measureLoad(browser, server.origins[protocol], () => {}, spec, PHONE);
      samples.push({ ...sample, shifts: sample.shifts.slice(0, 10), protocol, run, warmup: server.warmup });
      log(
        `  run ${run} ${PROTOCOL_NAMES[protocol].padEnd(8)} first request after a fresh server start: first card ${sample.firstContentMs} ms, HTML's first byte ${sample.ttfbMs} ms (render ${sample.serverRenderMs} ms on the server; warmed at start: ${server.warmup ? `import ${server.warmup.importMs} ms, render ${server.warmup.renderMs} ms` : 'no'})`,
      );
    } finally {
      await server.stop();
    }
  }
  return samples;
}

const ratio = (value: number | null, base: number | null) => (value === null || base === null || base <= 0 ? Number.NaN : Number((value / base).toFixed(2)));

/** The server-rendered board against its floor, the client-only board and the React anchor: one protocol's pages and first loads. */
export function serverRenderFigures(figures: PageFigures[], firstLoads: FirstLoadSample[] = []) {
  const ssr = figures.find((page) => page.id === 'board-ssr');
  const floor = figures.find((page) => page.id === 'static');
  const client = figures.find((page) => page.id === 'board');
  const react = figures.find((page) => page.id === 'react');
  const reactSsr = figures.find((page) => page.id === 'react-ssr');
  if (!ssr || !floor || !client || !react || !reactSsr) return null;
  const floorAt = (width: number) => {
    const loads = floor.runs.filter((run) => run.width === width);
    return loads.length ? middle(loads.map((run) => run.firstContentMs)) : null;
  };
  const serverMs = ssr.runs.map((run) => run.serverRenderMs).filter((value): value is number => value !== null);
  return {
    protocol: ssr.protocol,
    firstCardMs: ssr.median.firstContentMs,
    floorFirstCardMs: floor.median.firstContentMs,
    /** Goal ≤ 1.2×, of the median… */
    firstCardVsFloor: ratio(ssr.median.firstContentMs, floor.median.firstContentMs),
    /** …and of every load, each against the floor's median at its width. */
    loads: ssr.runs.map((run) => ({ width: run.width, firstCardMs: run.firstContentMs, vsFloor: ratio(run.firstContentMs, floorAt(run.width)) })),
    /** The first request after a fresh server start, against the floor's median (412 px). */
    firstAfterStart: firstLoads.map((load) => ({
      run: load.run,
      firstCardMs: load.firstContentMs,
      ttfbMs: load.ttfbMs,
      serverRenderMs: load.serverRenderMs,
      vsFloor: ratio(load.firstContentMs, floorAt(PHONE)),
      warmedAtStart: load.warmup !== null,
    })),
    /** The HTML's first byte (medians at 412 px), and the server's render time of each load. */
    ttfbMs: ssr.median.ttfbMs,
    floorTtfbMs: floor.median.ttfbMs,
    serverRenderMs: serverMs.length ? Number(middle(serverMs).toFixed(1)) : null,
    /** When the first card's expand works (the board hydrated): goal ≤ the client-only board's first card. */
    liveMs: ssr.median.readyMs,
    clientFirstCardMs: client.median.firstContentMs,
    liveVsClientFirstCard: ratio(ssr.median.readyMs, client.median.firstContentMs),
    /**
     * Hydration: script in long frames until live, against React's own hydration of the
     * spec-equal cards rendered on the server (until hydrated): goal ≤ 1.2×. Beside it, the
     * client-only React anchor's script before its first card (it renders five plain cards: no
     * hydration), the figure this budget was first compared with.
     */
    hydrationScriptMs: ssr.median.scriptInLongFramesUntilReadyMs,
    reactHydrationScriptMs: reactSsr.median.scriptInLongFramesUntilReadyMs,
    hydrationScriptVsReact: ratio(ssr.median.scriptInLongFramesUntilReadyMs, reactSsr.median.scriptInLongFramesUntilReadyMs),
    reactScriptMs: react.median.scriptInLongFramesMs,
    hydrationScriptVsClientReact: ratio(ssr.median.scriptInLongFramesUntilReadyMs, react.median.scriptInLongFramesMs),
    /** When the React cards were hydrated, and their first card. */
    reactHydratedMs: reactSsr.median.readyMs,
    reactSsrFirstCardMs: reactSsr.median.firstContentMs,
    /** Long tasks until live (script, and the parse and layout of the page's HTML), the floor's (that parse and layout alone) and the anchor's. */
    hydrationLongTasksMs: ssr.median.longTasksUntilReadyMs,
    floorLongTasksMs: floor.median.longTasksMs,
    reactLongTasksMs: react.median.longTasksMs,
    hydrationLongTasksVsReact: ratio(ssr.median.longTasksUntilReadyMs, react.median.longTasksMs),
  };
}

/** One protocol's server-rendered page against its budgets (the caller names the protocol). */
export function serverRenderFailures(figures: PageFigures[], firstLoads: FirstLoadSample[] = []): string[] {
  const f = serverRenderFigures(figures, firstLoads);
  if (!f) return ['self-check: the server-rendered board, its floor, the client-only board or a React anchor (client-only, server-rendered) was not measured'];
  const failures: string[] = [];
  const allowed = LOAD_BUDGETS.serverFirstCardVsStatic;
  for (const [i, load] of f.loads.entries())
    if (!(load.vsFloor <= allowed))
      failures.push(
        `server-rendered board, load ${i + 1} at ${load.width} px: first card at ${load.firstCardMs} ms = ${load.vsFloor}× the static floor's median > ${allowed}×`,
      );
  for (const load of f.firstAfterStart) {
    if (!(load.vsFloor <= allowed))
      failures.push(
        `server-rendered board, the first request after a fresh server start (round ${load.run}): first card at ${load.firstCardMs} ms (HTML's first byte ${load.ttfbMs} ms) = ${load.vsFloor}× the static floor's median (${f.floorFirstCardMs} ms) > ${allowed}×`,
      );
    if (!load.warmedAtStart) failures.push(`self-check: the fresh server of round ${load.run} did not warm its render path at start`);
  }
  if (!(f.liveVsClientFirstCard <= LOAD_BUDGETS.serverLiveVsClientFirstCard))
    failures.push(
      `server-rendered board: live (hydrated) at ${f.liveMs} ms = ${f.liveVsClientFirstCard}× the client-only board's first card (${f.clientFirstCardMs} ms) > ${LOAD_BUDGETS.serverLiveVsClientFirstCard}×`,
    );
  if (!(f.hydrationScriptVsReact <= LOAD_BUDGETS.hydrationLongTasksVsReactAnchor))
    failures.push(
      `server-rendered board: ${f.hydrationScriptMs} ms of script in long frames until hydrated = ${f.hydrationScriptVsReact}× React's hydration of the server-rendered cards (${f.reactHydrationScriptMs} ms) > ${LOAD_BUDGETS.hydrationLongTasksVsReactAnchor}×`,
    );
  return failures;
}

export function printServerRender(figures: PageFigures[], firstLoads: FirstLoadSample[]): void {
  const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
  for (const protocol of PROTOCOLS) {
    const f = serverRenderFigures(
      figures.filter((page) => page.protocol === protocol),
      firstLoads.filter((load) => load.protocol === protocol),
    );
    if (!f) continue;
    const name = PROTOCOL_NAMES[protocol];
    console.log(
      `  ${name} server-rendered board: first card ${s(f.firstCardMs)} = ${f.firstCardVsFloor}× the static floor's ${s(f.floorFirstCardMs)} (goal ≤ ${LOAD_BUDGETS.serverFirstCardVsStatic}× every load); each load × the floor: ${f.loads.map((load) => `${load.vsFloor} (${load.width})`).join(' / ')}`,
    );
    console.log(
      `  ${name}   first request after a fresh server start: ${f.firstAfterStart.map((load) => `${s(load.firstCardMs)} = ${load.vsFloor}× (TTFB ${load.ttfbMs} ms, render ${load.serverRenderMs} ms)`).join(' / ') || 'not measured'}`,
    );
    console.log(
      `  ${name}   HTML's first byte ${f.ttfbMs} ms (the floor's ${f.floorTtfbMs} ms; render on the server ${f.serverRenderMs} ms, median); live (hydrated) at ${s(f.liveMs)} vs the client-only board's first card ${s(f.clientFirstCardMs)} (${f.liveVsClientFirstCard}×, goal ≤ ${LOAD_BUDGETS.serverLiveVsClientFirstCard}×); hydration: script in long frames ${f.hydrationScriptMs} ms = ${f.hydrationScriptVsReact}× React's hydration of the server-rendered cards, ${f.reactHydrationScriptMs} ms, hydrated at ${s(f.reactHydratedMs)} (goal ≤ ${LOAD_BUDGETS.hydrationLongTasksVsReactAnchor}×; ${f.hydrationScriptVsClientReact}× the client-only React anchor's ${f.reactScriptMs} ms before its first card); long tasks until live ${f.hydrationLongTasksMs} ms = ${f.hydrationLongTasksVsReact}× the anchor's ${f.reactLongTasksMs} ms (the static floor's, parse and layout alone: ${f.floorLongTasksMs} ms)`,
    );
  }
}
