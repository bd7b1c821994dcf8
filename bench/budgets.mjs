/**
 * Every budget, in one place: the figures docs/architecture.md#budgets states (test/docs-budgets.test.ts
 * fails when a budget written in README.md or docs/ differs from the value here).
 * `npm run bench` (scripts/bench.mjs), `bench:thread` and `bench:interactions` read them from
 * here; a missed budget makes the run exit 1 and names it. 1 kB = 1000 bytes.
 *
 * Browser figures are measured in Debian's Chromium at 4× CPU slowdown and ≈ 560 ms RTT /
 * 1.44 Mbps down, gzip on, 3-run medians (bench/browser.ts); "the React anchor" is the minimal
 * React 19 page of bench/anchors, built and loaded in the same run. A page load's time and long
 * tasks are budgeted as ratios to the anchors of the same run, never in ms: absolute times hold
 * only on an idle machine. Sizes are bytes, which cannot flake.
 */

/** Built-file sizes (gzip -9 of dist/cdn; scripts/bench.mjs). */
export const SIZE_BUDGETS = {
  /** The CDN loader, dist/cdn/leadkit.js (2 kB until 2026-11-26). */
  loaderGzip: 3_500,
};
// A widget's first screen in bytes (every chunk the loader starts for it) is budgeted by
// FIRST_SCREEN_GZIP below, in `npm test`; the browser reports what is really fetched beside the
// React anchor's, and budgets only the Preact flavour's total (LOAD_BUDGETS.flavourBoardJsGzip).

/** The npm package (scripts/bench-package.mjs). */
export const PACKAGE_BUDGETS = {
  /** The packed tarball (`npm pack`; 600 kB until 2026-11-26). */
  tarball: 750_000,
  /** A consumer's node_modules beyond react, react-dom and scheduler. */
  installBeyondReact: 15_000_000,
};

/** Page loads in the browser (bench/browser.ts), per page unless said otherwise. */
export const LOAD_BUDGETS = {
  /** Depth of the request chain before the first content (HTML = 1, data requests included); the board route. */
  boardChainedRoundTrips: 3,
  /** Time to first content, as a ratio to the React anchor's time to its first card; the board route, on an idle machine… */
  boardFirstContentVsReactAnchor: 1.0,
  /** …and on a busy one (the run's load average above 0.75 a core, before or after: bench/browser.ts). */
  boardFirstContentVsReactAnchorBusy: 1.1,
  /** Long tasks (sum of their durations) before the board's first card, as a ratio to the React anchor's before its first card. */
  boardLongTasksVsReactAnchor: 1.2,
  /** The board rendered on the server (leadkit/server): its first card, as a ratio to the same first screen as a static page. */
  serverFirstCardVsStatic: 1.2,
  /** When it is live (hydrated, a card expand working), as a ratio to the client-only board's first card. */
  serverLiveVsClientFirstCard: 1.0,
  /**
   * Its hydration long tasks — the script it runs in long animation frames until live — as a ratio
   * to React 19's hydration of the spec-equal cards rendered on the server (bench/anchors/card-ssr.ts,
   * bench/server-render.ts). Until 2026-11-28 it was compared with the client-only React
   * anchor's script before its first card, which hydrates nothing; that ratio is printed beside it.
   */
  hydrationLongTasksVsReactAnchor: 1.2,
  /** Cumulative layout shift of the load, at each width. */
  cls: 0.01,
  /** JS before the first board card with another flavour of the CDN build (a Preact one, docs/architecture.md#decision-lite-flavour; 45 kB was the first goal). */
  flavourBoardJsGzip: 70_000,
  /**
   * leadkit's own JS before the board's first card beyond the shared runtime (its packages:
   * scripts/first-screen-bytes.ts): FIRST_SCREEN_GZIP below holds it, in `npm test`.
   */
  ownJsBeyondRuntimeGzip: 40_000,
};

/**
 * Each widget's first screen in bytes, checked in `npm test` (test/first-screen-budget.test.ts)
 * from the CDN build, not in the browser: the gzip -9 bytes of leadkit's own JS in every chunk the
 * loader starts for the widget (dist/cdn/first-content.json) beyond the shared runtime chunk (its
 * packages — react, react-dom, scheduler, jotai, ofetch, valibot — and leadkit's element and
 * runtime layers, loaded once for every widget on a page), an optional peer's chunk (Twilio) and
 * the loader; `runtime` holds leadkit's own modules in that shared chunk.
 * scripts/first-screen-bytes.ts says exactly what counts. A size cannot flake; a change that grows
 * a first screen past its budget fails and lists the modules. One line of reason each.
 */
export const FIRST_SCREEN_GZIP = {
  'lead-board': {
    gzip: 26_900,
    reason:
      "the ceiling is 40 kB (ownJsBeyondRuntimeGzip); held at 25.9 kB + 1 kB: header, quick filters, list, first card open (the outbox's engine loads when idle); 33.8 kB until 2026-11-28, when what the thread's first screen shares with it (drafts, formats, answered marks) moved to the runtime",
  },
  'lead-app': {
    gzip: 31_700,
    reason:
      "its board route (the office app opens there): the board's first screen plus the router (wouter) and the app's frame; 31.4 kB until 2026-11-29 night, when `<lead-app base>` and the app's in-app navigation went through the URL gate (lead-app-paths.ts) and the board's screen state became one view with named transitions (issue 78: view/board-view.logic.ts, +0.4 kB on the board's own first screen, within its budget): 31.6 kB measured",
  },
  'lead-page': { gzip: 6_500, reason: 'the CMS page: one lead card, its banner and its side panel' },
  'message-thread': {
    gzip: 41_000,
    reason:
      'the first messages, the composer and the virtual list (@tanstack/react-virtual), the Twilio adapter (its SDK apart), and with chat-service="sandbox" the sandbox’s adapter; 45.3 kB until 2026-11-28, when what the board’s first screen shares with it moved to the runtime',
  },
  'review-request': { gzip: 1_500, reason: 'the trigger only: the dialog, its form and rules load when it opens' },
  'raq-funnel': { gzip: 19_600, reason: 'the entry step with its category search, and the funnel state every step shares' },
  runtime: {
    gzip: 20_700,
    reason:
      "leadkit's element and runtime layers, gateway core and common texts, and what two or more widgets need of a first screen's pieces (scripts/first-screen-chunks.ts: a ui/, domain/ or gateway/ piece of one widget's first screen that another widget loads later counts), loaded once for every widget on a page; 12 kB until 2026-11-28, when the shared pieces moved here so each first screen is 3 files and no widget's lazy part fetches another widget's first screen (+5.5 kB here; in all −2.8 kB on the board's first screen, −2.1 kB on the thread's, −1.2 kB on the funnel's, +3.1 kB on the CMS page's and +3.9 kB on the review trigger's); 18 kB until 2026-11-28 evening, when the security check's link and texts (gateway/core/challenge.ts, common texts) became the board's as the funnel's, and the base stylesheet took the dark theme's native controls (+0.1 kB); 18.5 kB until 2026-11-29, when the gateway client learnt to tell a wrong host setting from a failure and every element to say it (gateway/core/setup-problems.ts, diagnose.ts, runtime/setup-report.ts: +1.1 kB measured against the build before; the sentences themselves are a chunk of their own, fetched only when one is said); 19.5 kB until 2026-11-29 evening, when every link a host or a gateway hands over went through one URL gate (domain/core/safe-url.ts checkLink, gateway/core/shown-link.ts, the host routes' wrapper in domain/core/routes.ts: +0.1 kB; `<lead-app base>`'s rule stays in the app's own chunk); 19.7 kB until 2026-11-29 night, when each write's 511 decision became one table the client reads (gateway/core/write-replay.ts, its reasons kept out: +0.3 kB) and the pieces written twice became one each (issue 78: ui/use-suggestions.ts, ui/field.tsx, ui/form-actions.tsx, ui/external-store.ts, domain/connection.ts — pieces of the funnel's or the board's first screen that another widget loads later, so they count here: +0.9 kB here, −0.1 kB on the funnel's own first screen)",
  },
};

/**
 * Each first screen in files, checked in `npm test` (test/first-screen-budget.test.ts) from the CDN
 * build: the JS files before a widget's first content — the loader, the shared runtime and one
 * first-screen chunk per widget (the office app: its frame and the route's widget), grouped by
 * scripts/first-screen-chunks.ts — on every tag, route and attribute choice. Over HTTP/1.1 a
 * browser asks an origin for six files at once: each file more waits for a round trip.
 */
export const FIRST_SCREEN_FILES = {
  /** JS files before a first content, the loader included (18 for the board until 2026-11-28). */
  js: 4,
  /**
   * Files the part an attribute chooses may add (the chat adapter: the sandbox's, or Twilio's with
   * its SDK): it is the host's choice, fetched beside the rest, and kept out of the widget's chunk so
   * a thread on Twilio never carries the sandbox's adapter, nor one on the sandbox Twilio's.
   */
  chosenPart: 1,
};

/** The route a tag with routes is measured on (its first-content route pattern). */
export const FIRST_SCREEN_ROUTES = { 'lead-app': '/lead/board/:serviceProviderId' };

/** Real pointer input on the board at 4× CPU (bench/interactions.ts). */
export const INTERACTION_BUDGETS = {
  cpuSlowdown: 4,
  /** Samples per interaction in each round (p75 over all of a run's rounds). */
  samples: 16,
  /** Rounds, each page loaded afresh (the board and the spec-equal card in turn): 3 × 16 = 48 taps on each. */
  rounds: 3,
  /** The filter toggle, input → the frame showing the result, p75 (showing six form controls: no anchor to compare with). */
  filterToggleP75Ms: 40,
  /**
   * The card expand, input → the frame showing the result, p75, at most this ratio to the
   * spec-equal React card's (bench/anchors/card.ts: the same first page and the spec's whole
   * expanded card in plain React; p75 / p75 over 48 taps each, in 3 rounds). No absolute figure: it
   * held only on an idle machine.
   */
  vsReactAnchorExpand: 1.5,
};

/** Lighthouse (mobile preset, simulated throttling) on /examples/cms.html. */
export const LIGHTHOUSE_BUDGETS = {
  performanceScore: 95,
};

/** The 10,000-message thread (bench/thread.ts). */
export const THREAD_BUDGETS = {
  /** DOM nodes (document + open shadow roots), the most seen at any time. */
  maxDomNodes: 300,
  /** JS heap after GC with all 10,000 messages loaded, as a ratio to the heap with 1,000 loaded. */
  heapVs1000: 1.5,
  /** Scrolling back and forth through loaded messages must not grow the heap (rendering leaks). */
  maxScrollHeapGrowthBytes: 2_000_000,
};

/**
 * Gateway calls per idle pro-hour (bench/idle-calls.ts): what a widget left open for an hour of
 * page time, with nobody using it and nothing new arriving, asks the gateway after its first
 * screen (docs/architecture.md#budgets: a hidden board with notifications off asks nothing;
 * nothing polls faster than the pro asked for). Calls, counted by the sandbox; 100,000 pros each
 * make this × 100,000 / 3,600 calls a second on the gateway (docs/benchmarks.md#idle-calls).
 */
export const IDLE_CALL_BUDGETS = {
  /** The new-leads checks back off to one per 5 minutes: 30 s, 1, 2 and 4 minutes, then 12 an hour (14 in the first hour). */
  boardVisible: 15,
  /** Hidden, notifications off, no title count asked for: nothing (as in 0.2.0). */
  boardHidden: 0,
  /** Hidden, watching for the pro (notifications on, or the title count `<lead-app>` keeps): a minute apart at most. */
  boardHiddenWatching: 60,
  /** The thread open: its live stream is one request; nothing polls. */
  threadOpen: 0,
};
