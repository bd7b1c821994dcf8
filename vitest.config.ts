import { accessSync, closeSync, constants, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import DurationSequencer from './test/setup/sequencer';

const root = path.dirname(fileURLToPath(import.meta.url));

/** `@leadkit/sandbox` is its sources here (packages/sandbox/src), as in tsconfig.json's `paths`. */
const resolve = { alias: { '@leadkit/sandbox': path.join(root, 'packages/sandbox/src/index.ts') } };

/**
 * Debian's Chromium for the Storybook tests (no browser downloads on this machine, never
 * `playwright install`). `CHROME_PATH` overrides; otherwise `chromium` on PATH, resolved to the
 * real binary: Debian's /usr/bin/chromium is a shell wrapper around /usr/lib/chromium/chromium,
 * and Playwright wants the binary itself.
 */
const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type ChromiumLookup = { path: string; error?: undefined } | { path?: undefined; error: string };

const HOW_TO = 'Install it (`apt-get update && apt-get install -y chromium`) or set CHROME_PATH to a Chromium binary. Never run `playwright install`.';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate) && isExecutable(candidate)) return candidate;
  }
  return null;
}

/** True when the file starts with `#!` (reads two bytes, not the whole binary). */
function isShellScript(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head.toString('latin1') === '#!';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Finds Chromium without throwing, so configs that never launch it still load without it. */
function findChromium(): ChromiumLookup {
  const override = process.env.CHROME_PATH;
  if (override) {
    if (!existsSync(override) || !isExecutable(override)) return { error: `leadkit: CHROME_PATH=${override} is not an executable file. ${HOW_TO}` };
    return { path: realpathSync(override) };
  }
  const found = onPath('chromium') ?? onPath('chromium-browser');
  if (!found) return { error: `leadkit: no \`chromium\` on PATH. ${HOW_TO}` };
  const real = realpathSync(found);
  if (isShellScript(real)) {
    // Debian/Ubuntu wrapper script: the binary sits in /usr/lib/<name>/<name>.
    const name = path.basename(real);
    const binary = path.join('/usr/lib', name, name);
    if (existsSync(binary) && isExecutable(binary) && !isShellScript(binary)) return { path: binary };
  }
  return { path: real };
}

/**
 * Playwright launch options for Debian's Chromium (Playwright gives each launch a fresh
 * temporary profile). When Chromium is missing, reading `executablePath` throws the lookup
 * error; Vitest reads it only while setting up the storybook project, so `--project unit`
 * still runs on a machine without Chromium, and a run with the browser project fails at
 * startup with that message instead of skipping the stories.
 */
function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  const lookup = findChromium();
  return {
    args: [...CHROMIUM_ARGS],
    get executablePath(): string {
      if (lookup.error !== undefined) throw new Error(lookup.error);
      return lookup.path;
    },
  };
}

/**
 * The suites by kind, all run by `vitest run` (npm test); `vitest run --project <name>` runs one:
 * - logic: `.ts` tests — domain, gateway, i18n, runtime, widget logic and atoms, the sandbox
 *   (packages/sandbox), repo checks — in Node, no DOM;
 * - logic-dom: the `.ts` tests that need a DOM (storage, File, EventSource…), named
 *   `*.dom.test.ts`, in happy-dom with the logic project's settings (`--project 'logic*'` runs both);
 * - components: `.tsx` component tests in happy-dom;
 * - e2e: the example pages in Debian's Chromium against the embedded sandbox (test/e2e);
 * - e2e-lite: the renderer-sensitive e2e journeys on the lite flavour of the CDN build (react
 *   aliased to preact/compat); `npm run test:e2e-lite` runs the whole e2e suite on it;
 * - engines: the core journeys in Firefox ESR and WebKitGTK (test/engines: puppeteer-core over
 *   WebDriver BiDi, selenium-webdriver over WebKitWebDriver under its own Xvfb);
 * - packaged: the packed tarball in a temp project (test/packaged);
 * - storybook: every story in stories/ rendered in real Chromium (Debian's, found by
 *   chromiumLaunchOptions above; never `playwright install`), play functions as tests, axe
 *   violations failing the story (parameters.a11y.test = 'error' in .storybook/preview.tsx); in
 *   `npm test`, the toolbar walk alone (LEADKIT_STORIES below).
 *
 * Each project's `environment` is the only place a test's environment is chosen: no file carries
 * a `@vitest-environment` pragma (test/vitest-environments.test.ts checks it).
 */
const BROWSER_SUITES = ['test/e2e/**', 'test/engines/**', 'test/packaged/**'];
const LOGIC_FILES = ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/src/**/*.test.ts'];
/** The logic tests that need a DOM: the same folders, `*.dom.test.ts`. */
const LOGIC_DOM_FILES = LOGIC_FILES.map((glob) => glob.replace('*.test.ts', '*.dom.test.ts'));
const E2E_FILES = ['test/e2e/**/*.test.ts'];
/**
 * Before the first file: what the files load is built (test/setup/prepare.ts: when stale, once —
 * `npm test` has built and packed it all already, scripts/test-prepare.mjs); for the e2e projects,
 * the pool of example servers and Chromiums each worker borrows file after file (test/setup/e2e-pool.ts).
 */
const PREPARE = 'test/setup/prepare.ts';
const E2E_SETUP = [PREPARE, 'test/setup/e2e-pool.ts'];
/**
 * A bound for a hung browser journey, not a speed check: a test that names no timeout of its own
 * gets this one instead of vitest's 5 s. CI's two cores run e2e beside the engines and the
 * packaged build; there a journey that takes 1 s alone took over 5 s (the XSS detectors' check,
 * cut off at vitest's default). Two clean-clone CI runs side by side (99 % of both cores) took a
 * keyboard journey of the board's card 61 s (it takes 3 s alone): the bound is 120 s.
 */
const BROWSER_TEST_TIMEOUT_MS = 120_000;
/**
 * How long `expect.poll` waits for a state in the browser suites before it reports a failure
 * (vitest's default is 1 s: a busy CI machine took longer than that to show the funnel's first
 * step, and a correct journey failed). Like a locator's wait, it returns as soon as the state
 * is there: the bound only decides how late a real failure is reported.
 */
const BROWSER_POLL = { poll: { timeout: 15_000 } };
/**
 * The e2e files `npm test` also runs on the lite (Preact) flavour of the CDN build, and in them
 * only the journeys where the renderer shows — keyboard focus through menus, filters and
 * archives, dialogs handing over, the bulk toolbar's selection, a part whose code fails to load,
 * the funnel's controlled form fields (React and Preact set a typed value differently), the 390 px
 * phone with touch, a host's `javascript:` links (React blocks them, Preact would run them); their
 * other tests (a request's shape, an axe scan, a layout) are `itOutsideLitePass` (test/e2e/harness.ts). The whole suite on it is `npm run test:e2e-lite`:
 * in CI it would add minutes of two cores to a run that must stay within its 25.
 */
const E2E_LITE_FILES = ['lead-board', 'review-request', 'bulk-actions', 'element-lifecycle', 'raq-funnel', 'phone', 'host-links'].map(
  (name) => `test/e2e/${name}.test.ts`,
);

/**
 * `LEADKIT_WALK` (docs/contributing.md#docs-site): which stories the toolbar walk runs, and its
 * bound — a walk of every story under nine toolbar combinations takes minutes in one test.
 */
const WALK = process.env.LEADKIT_WALK ?? '';
/**
 * `LEADKIT_STORIES=walk` (set by `npm test`, scripts/test-all.mjs): the storybook project runs the
 * toolbar walk's file alone. Every story is rendered, played, checked for accessibility and
 * compared with its baselines in the visual snapshots (test/visual/suite.ts), on the built site,
 * under four settings: rendering each one here too would do that work twice in the same run.
 * Unset (`vitest run --project storybook`, Storybook's test panel), every story runs here.
 * (Its test files, not a tag filter: Storybook's transform gives a stories file with no story the
 * filter takes an unguarded `describe.skip`, which fails when the walk imports that file.)
 */
const WALK_FILE = 'stories/toolbar-walk.stories.tsx';
const walkAlone: Plugin = {
  name: 'leadkit:storybook-walk-alone',
  config: {
    order: 'post',
    handler: (config) => {
      if (process.env.LEADKIT_STORIES !== 'walk') return;
      (config as { test?: { include?: string[] } }).test!.include = [WALK_FILE];
    },
  },
};
const WALK_TIMEOUT_MS = 60 * 60_000;

/** Files at once: at least three, also on two cores (see `maxWorkers` below). */
const MAX_WORKERS = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  test: {
    // CI also writes a JSON report that .ci/run turns into one plain closing line, and each file's
    // time by project (test/setup/timings-reporter.ts) that it prints as its time map.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }], './test/setup/timings-reporter.ts'] : ['default'],
    // Longest files first, by test/durations.json (test/setup/sequencer.ts).
    sequence: { sequencer: DurationSequencer },
    // At least three files at a time, also on a two-core machine (vitest's default there is
    // one): an e2e file keeps about 0.6 of a core busy (it waits on Chromium and the server), so
    // a third worker fills what two leave idle (the full run on two cores: ≈ 640 s with one
    // worker → ≈ 470 s with two (then ≈ 620 s as the suites grew) → ≈ 540 s with three). Tests
    // must hold under that load: the status delay runs on a fake clock, the load path's checks
    // are structural (who sent a request), never a latency margin.
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        resolve,
        test: {
          name: 'logic',
          environment: 'node',
          include: LOGIC_FILES,
          exclude: [...BROWSER_SUITES, ...LOGIC_DOM_FILES, '**/node_modules/**'],
          restoreMocks: true,
          // One module graph for all logic files (3× faster than a fresh one per file): a test
          // leaves no global state behind (mocks are restored, env and timers put back).
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'logic-dom',
          environment: 'happy-dom',
          include: LOGIC_DOM_FILES,
          exclude: [...BROWSER_SUITES, '**/node_modules/**'],
          restoreMocks: true,
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx', 'test/**/*.test.tsx', 'packages/*/src/**/*.test.tsx'],
          exclude: [...BROWSER_SUITES, '**/node_modules/**'],
          restoreMocks: true,
          setupFiles: ['test/helpers/components-setup.ts'],
          // A bound for a hung test, not a speed check: typing a form's worth of text with
          // user-event takes seconds on a busy machine (5 s cut one off mid-typing, and its
          // keystrokes went on into the next test).
          testTimeout: 30_000,
          // The same for a file's hooks: a beforeAll that preloads a widget's lazy parts and a
          // locale imports dozens of modules, and under CI's load that once took more than the
          // default 10 s.
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          include: E2E_FILES,
          globalSetup: E2E_SETUP,
          // One module graph per worker (like the logic project): a file imports only itself, not
          // the harness, playwright and the sources it names again. e2e files change no global
          // state (the browser and the sandbox are reset per file and per test).
          isolate: false,
          testTimeout: BROWSER_TEST_TIMEOUT_MS,
          expect: BROWSER_POLL,
        },
      },
      {
        resolve,
        test: {
          // The renderer-sensitive journeys on the lite (Preact) flavour of the CDN build (docs/architecture.md#decision-lite-flavour).
          name: 'e2e-lite',
          environment: 'node',
          include: E2E_LITE_FILES,
          globalSetup: E2E_SETUP,
          isolate: false,
          testTimeout: BROWSER_TEST_TIMEOUT_MS,
          expect: BROWSER_POLL,
          env: { CDN_FLAVOUR: 'lite', E2E_LITE_PASS: '1' },
        },
      },
      {
        resolve,
        test: {
          name: 'engines',
          environment: 'node',
          // One file per engine (test/engines/<engine>.test.ts), the ones ENGINES names (a comma
          // list, e.g. ENGINES=chromium,firefox,webkit); by default Firefox and WebKit — Chromium
          // has test/e2e in depth, and CI's time is better spent there.
          include: (process.env.ENGINES ?? 'firefox,webkit').split(',').map((engine) => `test/engines/${engine.trim()}.test.ts`),
          globalSetup: [PREPARE],
          testTimeout: BROWSER_TEST_TIMEOUT_MS,
          // A bound for a hung hook, not a speed check. The afterEach leaves the page in four
          // WebDriver calls; under CI's load WebKitGTK took more than the default 10 s, and the
          // abandoned hook's navigation to about:blank then landed in the next test ("Callback
          // was not called before the unload event"), failing it too (2026-11-28, two full runs).
          hookTimeout: 60_000,
          expect: BROWSER_POLL,
        },
      },
      {
        resolve,
        test: {
          name: 'packaged',
          environment: 'node',
          include: ['test/packaged/**/*.test.ts'],
          globalSetup: [PREPARE],
        },
      },
      {
        resolve,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') }), walkAlone],
        // Bundled before the first story: a stories file that composes stories (the toolbar walk's
        // `composeStories`) pulls these in, and found mid-run they made Vite optimise again and the
        // tab's modules of the older bundle failed to load (a run with the cache of a run before).
        optimizeDeps: { include: ['@storybook/addon-docs > @storybook/react-dom-shim'] },
        // The toolbar walk's stories (stories/toolbar-walk.stories.tsx): unset, CI's few; `all`, every
        // story of every stories file; or a comma list of parts of their paths.
        define: { 'import.meta.env.LEADKIT_WALK': JSON.stringify(WALK) },
        test: {
          name: 'storybook',
          // One stories file at a time (vitest's browser pool: one tab on two cores). Tried: as many
          // as the other projects (it must equal theirs: one maxWorkers per group order), three
          // tabs beside three e2e workers — the load went past 20 on two cores and stories failed
          // their own 5 s waits (tried on 2026-11-27).
          // A bound for a hung story, not a speed check (browser mode's default is 15 s: under the
          // full suite's load on CI's two cores a story's play function took longer, and passed alone).
          // A walk of every story runs each one nine times in one test: minutes, not a hung story.
          testTimeout: WALK ? WALK_TIMEOUT_MS : BROWSER_TEST_TIMEOUT_MS,
          expect: BROWSER_POLL,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
