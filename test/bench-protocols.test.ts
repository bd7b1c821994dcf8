/**
 * `npm run bench` over both protocols (bench/pages.ts, bench/server-render.ts), on made-up loads:
 * each page's ratios are to the anchors loaded over the same protocol, a missed budget names its
 * protocol, and the server-rendered page is budgeted on every load — the first request after a
 * fresh server start included — not only on its median. No browser: the figures are given.
 */
import { describe, expect, it } from 'vitest';
import type { LoadSample } from '../bench/load';
import type { PageFigures } from '../bench/page-figures';
import { pageFailures, withAnchorRatios } from '../bench/pages';
import { benchProtocols, type Protocol } from '../bench/protocols';
import type { FirstLoadSample } from '../bench/server-render';

const sample = (width: number, firstContentMs: number, inHtml: boolean): LoadSample => ({
  width,
  ttfbMs: 20,
  serverRenderMs: inHtml ? 15 : null,
  firstContentMs,
  firstContentText: 'Kitchen remodel',
  jsBytes: inHtml ? 0 : 60_000,
  jsFiles: inHtml ? 0 : 3,
  jsFileNames: [],
  dataRequests: inHtml ? 0 : 2,
  dataStartMs: null,
  chainDepth: inHtml ? 1 : 3,
  chain: [],
  dataDepth: null,
  guessedLinks: [],
  longTasksMs: 100,
  longTaskCount: 1,
  readyMs: inHtml ? 1000 : null,
  longTasksUntilReadyMs: inHtml ? 100 : null,
  scriptInLongFramesMs: 60,
  scriptInLongFramesUntilReadyMs: inHtml ? 60 : null,
  cls: 0,
  shifts: [],
  pageErrors: [],
});

/** A page over one protocol: `loads` first-content times at 412 px, and the same at 1280 px. */
function page(
  id: string,
  protocol: Protocol,
  loads: number[],
  {
    anchor = false,
    inHtml = false,
    hydrates,
    longTasks = 100,
    script = 60,
  }: { anchor?: boolean; inHtml?: boolean; hydrates?: boolean; longTasks?: number; script?: number } = {},
): PageFigures {
  const live = hydrates ?? (inHtml && !anchor);
  const runs = [412, 1280].flatMap((width) => loads.map((ms) => sample(width, ms, inHtml)));
  const sorted = [...loads].sort((a, b) => a - b);
  return {
    id,
    protocol,
    anchor,
    inHtml,
    flavour: null,
    label: id,
    path: `/${id}`,
    what: 'first lead card',
    median: {
      firstContentMs: sorted[Math.floor(sorted.length / 2)] as number,
      ttfbMs: 20,
      jsBytes: inHtml ? 0 : 60_000,
      jsFiles: inHtml ? 0 : 3,
      chainDepth: inHtml ? 1 : 3,
      dataDepth: null,
      dataStartMs: null,
      longTasksMs: 100,
      cls412: 0,
      cls1280: 0,
      readyMs: live ? 1000 : null,
      longTasksUntilReadyMs: live ? longTasks : null,
      scriptInLongFramesMs: 60,
      scriptInLongFramesUntilReadyMs: live ? script : null,
    },
    vsReactAnchor: null,
    runs,
  };
}

/** Both protocols' pages: the board at `board` ms on each, the server page's loads, the anchors at 2000 ms and the floor at 1000 ms. */
function figures(board: Record<Protocol, number>, ssr: Record<Protocol, number[]>, hydration = { longTasks: 100, script: 60 }): PageFigures[] {
  return withAnchorRatios(
    (['h1', 'h2'] as const).flatMap((protocol) => [
      page('board', protocol, [board[protocol], board[protocol], board[protocol]]),
      page('board-ssr', protocol, ssr[protocol], { inHtml: true, ...hydration }),
      page('static', protocol, [1000, 1000, 1000], { anchor: true, inHtml: true }),
      page('react', protocol, protocol === 'h1' ? [2000, 2000, 2000] : [1600, 1600, 1600], { anchor: true }),
      // React's own hydration of the same cards rendered on the server: 60 ms of script until hydrated.
      page('react-ssr', protocol, [1000, 1000, 1000], { anchor: true, inHtml: true, hydrates: true, script: 60 }),
    ]),
  );
}

const firstLoad = (protocol: Protocol, firstContentMs: number, warmed = true): FirstLoadSample => ({
  ...sample(412, firstContentMs, true),
  protocol,
  run: 1,
  warmup: warmed ? { importMs: 120, renderMs: 90, rendered: ['/server/office-board.html'] } : null,
});

describe('the bench over HTTP/1.1 and HTTP/2', () => {
  it('takes each page’s ratios to the React anchor loaded over the same protocol', () => {
    const all = figures({ h1: 2000, h2: 2000 }, { h1: [1000, 1000, 1000], h2: [1000, 1000, 1000] });
    expect(all.find((p) => p.id === 'board' && p.protocol === 'h1')?.vsReactAnchor?.firstContent).toBe(1);
    expect(all.find((p) => p.id === 'board' && p.protocol === 'h2')?.vsReactAnchor?.firstContent).toBe(1.25);
  });

  it('meets the budgets on both, and names the protocol of a budget missed on one', () => {
    expect(pageFailures(figures({ h1: 2000, h2: 1600 }, { h1: [1000, 1100, 1150], h2: [1000, 1000, 1000] }))).toEqual([]);
    const failures = pageFailures(figures({ h1: 2600, h2: 1600 }, { h1: [1000, 1000, 1000], h2: [1000, 1000, 1000] }));
    expect(failures).toEqual([expect.stringMatching(/^\[HTTP\/1\.1\] board: first card at 2600 ms = 1\.3× the React anchor's \(2000 ms\)/)]);
  });

  it('budgets every load of the server-rendered page against the floor, not only the median', () => {
    const failures = pageFailures(figures({ h1: 2000, h2: 1600 }, { h1: [1000, 1000, 1000], h2: [1000, 1050, 1300] }));
    expect(failures).toEqual([
      expect.stringMatching(/^\[HTTP\/2\] server-rendered board, load 3 at 412 px: first card at 1300 ms = 1\.3× the static floor's median > 1\.2×/),
      expect.stringMatching(/^\[HTTP\/2\] server-rendered board, load 6 at 1280 px: first card at 1300 ms = 1\.3×/),
    ]);
  });

  it('budgets the first request after a fresh server start, and checks that server warmed at start', () => {
    const all = figures({ h1: 2000, h2: 1600 }, { h1: [1000, 1000, 1000], h2: [1000, 1000, 1000] });
    expect(pageFailures(all, false, [firstLoad('h1', 1100), firstLoad('h2', 1150)])).toEqual([]);
    expect(pageFailures(all, false, [firstLoad('h1', 4100), firstLoad('h2', 1000, false)])).toEqual([
      expect.stringMatching(
        /^\[HTTP\/1\.1\] server-rendered board, the first request after a fresh server start \(round 1\): first card at 4100 ms .* = 4\.1× the static floor's median/,
      ),
      '[HTTP/2] self-check: the fresh server of round 1 did not warm its render path at start',
    ]);
  });

  it('budgets hydration by the script the page runs in long frames until live against React hydrating the same cards, not by the parse and layout of its HTML', () => {
    const ssr = { h1: [1000, 1000, 1000], h2: [1000, 1000, 1000] };
    // Long tasks until live 2.5× the anchor's (the page's own HTML parse and layout in them), its script 1.1×: met.
    expect(pageFailures(figures({ h1: 2000, h2: 1600 }, ssr, { longTasks: 250, script: 66 }))).toEqual([]);
    const failures = pageFailures(figures({ h1: 2000, h2: 1600 }, ssr, { longTasks: 100, script: 78 }));
    expect(failures).toEqual([
      expect.stringMatching(
        /^\[HTTP\/1\.1\] server-rendered board: 78 ms of script in long frames until hydrated = 1\.3× React's hydration of the server-rendered cards \(60 ms\) > 1\.2×/,
      ),
      expect.stringMatching(/^\[HTTP\/2\] server-rendered board: 78 ms of script in long frames until hydrated = 1\.3×/),
    ]);
  });

  it('loads over both unless BENCH_PROTOCOLS names one, and refuses a name it does not know', () => {
    expect(benchProtocols(undefined)).toEqual(['h1', 'h2']);
    expect(benchProtocols('h2')).toEqual(['h2']);
    expect(benchProtocols('h2,h1')).toEqual(['h1', 'h2']);
    expect(() => benchProtocols('h3')).toThrow(/BENCH_PROTOCOLS is h1, h2 or both/);
  });
});
