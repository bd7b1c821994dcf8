/**
 * Visual snapshots of every story, the suite the files test/e2e/visual-phone.test.ts and
 * test/e2e/visual-desktop.test.ts run for their width: the built docs site
 * (test/helpers/docs-site.ts) opened in Chromium, each story rendered under each of
 * test/visual/combinations.ts's settings at that width (a phone's and a desktop's, light and dark;
 * the dark ones in es-US and the pseudo-locale, the phone's on a right-to-left page; a story's
 * pins win) and:
 *   - it is about data (tag `data`) or pins the toolbar's Fault (stories/support/fault-rule.ts);
 *   - it must rest in its state: its play function passed, no console error, nothing thrown,
 *     nothing asked for that the site does not have — and, under its first setting (`a11ySetting`),
 *     no accessibility violation (the addon's axe checks, as the Storybook UI's test panel runs
 *     them): the walk of every story of the built site;
 *   - its page, captured whole (the board's lower cards rendered: `content-visibility` is set to
 *     `visible` for the capture, or they would be empty boxes), must match its committed baseline
 *     in test/visual/baselines/<story id>/<combination>.png (test/visual/compare.ts: the same
 *     pixels, anti-aliasing aside). A changed one fails the run and leaves the expected, actual and
 *     diff images in test-results/visual/ for review.
 * `npm run test:visual:update` (LEADKIT_VISUAL_UPDATE=1) writes the baselines anew and removes those of
 * stories that are gone; see docs/contributing.md#visual-snapshots. VISUAL_ONLY=<pattern> takes
 * only the story ids it matches.
 *
 * Fast enough for CI: one page load per toolbar setting, then each story in that page through
 * Storybook's own channel (`setCurrentStory`, as its sidebar does); the two widths in two files,
 * which vitest runs side by side, one page each (two stories rendering at once on two cores; more
 * and a story's own waits ran out under the full suite's load). The browser's clock starts at the
 * sandbox's (stories/support/sandbox.tsx SANDBOX_NOW) and its time zone is UTC, so a date a story
 * shows is the same on every run; its fonts are fonts-dejavu-core's only (test/visual/fonts.ts), so
 * a machine with other fonts installed draws the same glyphs.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultRuleBroken } from '../../stories/support/fault-rule';
import { SANDBOX_NOW } from '../../stories/support/sandbox';
import { launchChromium } from '../helpers/browser';
import { docsSiteDir, type IndexEntry, serveSite, siteIndex } from '../helpers/docs-site';
import type { StaticServer } from '../helpers/static-server';
import { captureCombinations, type Combination, combinationName, globalsParameter, type StoryPins, VIEWPORTS } from './combinations';
import { compareScreenshots, writeReview } from './compare';
import { visualFontConfig } from './fonts';
import { Requests } from './requests';
import { ROOT } from '../e2e/harness';

const BASELINES = path.join(ROOT, 'test', 'visual', 'baselines');
const REVIEW = path.join(ROOT, 'test-results', 'visual');
const UPDATE = process.env.LEADKIT_VISUAL_UPDATE === '1';
const ONLY = process.env.VISUAL_ONLY ? new RegExp(process.env.VISUAL_ONLY) : null;
/** A bound for one story to finish (a hung story, not a speed check). */
const STORY_TIMEOUT_MS = 60_000;
/** Looks at the page at most, two frames apart, for two in a row to be the same. */
const SETTLE_ATTEMPTS = 20;
/** Screenshots taken again of a settled page that differs from its baseline, before it counts as changed. */
const RETAKES = 2;
/** Looks a busy part (`aria-busy`) is waited for before the page counts as settled with it. */
const BUSY_PATIENCE = 10;
/** A bound for the whole walk on a busy machine (not a speed check). */
const SUITE_TIMEOUT_MS = 1_200_000;

/** Stories that are checks, not states (the toolbar walk runs other stories inside itself). */
const isCheck = (entry: IndexEntry) => entry.title.startsWith('Checks/');

/** In the page, before Storybook: what its channel says each story ended in (`storyFinished`), and the errors on the way. */
const PROBE = `(() => {
  const state = { finished: {}, exceptions: [] };
  Object.defineProperty(window, '__visual', { value: state });
  let channel;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: (value) => {
      channel = value;
      value.on('storyFinished', ({ storyId, status, reporters }) => {
        state.finished[storyId] = status;
        // The accessibility addon's report, when it failed: which rules, on how many elements.
        for (const report of reporters || []) {
          if (report.status !== 'failed') continue;
          const result = report.result || {};
          const what = result.violations ? result.violations.map((v) => v.id + ' (' + v.nodes.length + ': ' + v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ') + ')').join('; ') : String(result.error && (result.error.message || result.error));
          state.exceptions.push(report.type + ': ' + what);
        }
      });
      for (const name of ['storyThrewException', 'playFunctionThrewException', 'storyErrored', 'storyMissing'])
        value.on(name, (detail) => state.exceptions.push(name + ': ' + (detail && (detail.message || detail.description || detail.title) || JSON.stringify(detail))));
    },
  });
})();`;

/**
 * For the capture: the board's lazy cards rendered (`content-visibility: visible`), no animation
 * or transition mid-way, no caret — in the document and in every shadow root (a stylesheet of the
 * page does not reach into them). An indeterminate `<progress>` (a photo being converted) moves by
 * the browser's own drawing, which no animation rule stops: drawn plain, it holds still.
 */
const CAPTURE_CSS = [
  '*, *::before, *::after { content-visibility: visible !important; animation: none !important; transition: none !important; caret-color: transparent !important; }',
  'progress:indeterminate { appearance: none !important; }',
].join('\n');

/** Milliseconds per story: until Storybook said it finished, and its capture and comparison (printed at the end). */
const timings = {
  render: [] as number[],
  capture: [] as number[],
  settle: [] as number[],
  shot: [] as number[],
  bytes: [] as number[],
  retakes: [] as number[],
};

interface Job {
  entry: IndexEntry;
  combination: Combination;
  /** The story's accessibility checks run under this setting (its first: see `a11ySetting`). */
  a11y: boolean;
  /** Why its pixels differ from run to run (its `parameters.visual.unstable`): walked, captured, not compared. */
  unstable?: string;
  /** What of the page is covered in its captures (its `parameters.visual.mask`: a selector). */
  mask?: string;
}

/** A group of jobs rendered in one page after one page load: one setting, with or without the accessibility checks. */
interface Group {
  combination: Combination;
  a11y: boolean;
  jobs: Job[];
}

/**
 * A story's word to this suite (`parameters.visual`): `unstable`, why its picture differs from run
 * to run (it is walked and captured, not compared); `skip`, why it is not rendered here at all.
 * Each is a known gap, named in docs/contributing.md#visual-snapshots.
 */
interface VisualParameters {
  unstable?: string;
  skip?: string;
  /**
   * Elements covered by a solid box in the captures (Playwright's screenshot `mask`), with why: a
   * part the browser draws itself and differently from run to run (the native date and time fields).
   */
  mask?: { selector: string; why: string };
}

/** The review images of a run before at this width (the other width's file may be writing its own beside it). */
function clearReview(width: Combination['width']): void {
  const walk = (dir: string) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.startsWith(`${width}-`)) rmSync(file);
    }
  };
  walk(REVIEW);
}

/** The served site's address (ends with its base path's slash), once the suite's `beforeAll` has served it. */
const site = { url: '' };

/** Each story's pins (its globals, its `parameters.locale`), read from the preview's store. */
async function readPins(page: Page, ids: string[]): Promise<Map<string, StoryPins & { visual?: VisualParameters; tags?: string[] }>> {
  await page.goto(`${site.url}iframe.html?id=${encodeURIComponent(ids[0]!)}&viewMode=story&globals=a11y.manual:!true`);
  const pins = await page.evaluate(async (storyIds) => {
    type Prepared = { storyGlobals?: Record<string, unknown>; tags?: string[]; parameters?: { locale?: unknown; visual?: VisualParameters } };
    const preview = (
      window as unknown as {
        __STORYBOOK_PREVIEW__: { ready?: () => Promise<void>; storyStoreValue?: { loadStory: (o: { storyId: string }) => Promise<Prepared> } };
      }
    ).__STORYBOOK_PREVIEW__;
    while (!preview.storyStoreValue) await new Promise((resolve) => requestAnimationFrame(resolve));
    const store = preview.storyStoreValue;
    const out: [string, StoryPins & { visual?: VisualParameters; tags?: string[] }][] = [];
    for (const storyId of storyIds) {
      const story = await store.loadStory({ storyId });
      out.push([storyId, { globals: story.storyGlobals ?? {}, tags: story.tags, locale: story.parameters?.locale, visual: story.parameters?.visual }]);
    }
    return out;
  }, ids);
  return new Map(pins);
}

const requestsOf = new WeakMap<Page, Requests>();
/** The jobs rendered a second time after their capture failed (see runGroup): once each. */
const retried = new WeakSet<Job>();

/** Renders `jobs` (one combination) in one page: the first by its address, the others through Storybook's channel. */
async function runGroup(page: Page, { combination, a11y, jobs }: Group, failures: string[]): Promise<void> {
  const viewport = VIEWPORTS[combination.width];
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text().slice(0, 300)}`);
  };
  const onPageError = (error: Error) => errors.push(`uncaught: ${error.message.slice(0, 300)}`);
  // Nothing the site does not have (the browser's own /favicon.ico aside: a story's frame links no icon).
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  if (!requestsOf.has(page)) requestsOf.set(page, new Requests(page));
  try {
    for (const [at, job] of jobs.entries()) {
      errors.length = 0;
      const id = job.entry.id;
      if (at === 0) {
        // The storage of this page's stories before (see below) is not the first one's either.
        if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
        await page.goto(`${site.url}iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${globalsParameter(combination, { a11y })}`);
      } else {
        await page.evaluate((storyId) => {
          const w = window as unknown as {
            __visual: { finished: Record<string, string>; exceptions: string[] };
            __STORYBOOK_ADDONS_CHANNEL__: { emit: (e: string, d: unknown) => void };
          };
          delete w.__visual.finished[storyId];
          w.__visual.exceptions.length = 0;
          // What a story left on this device (the board's answered leads, a switch's choice) is
          // not the next one's: each starts as on a fresh page (the preview clears drafts itself).
          localStorage.clear();
          sessionStorage.clear();
          w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }, id);
      }
      const name = `${id} @ ${combinationName(combination)}${a11y ? ' (with its accessibility checks)' : ''}`;
      const started = performance.now();
      let status: string;
      try {
        status = await page
          .waitForFunction((storyId) => (window as unknown as { __visual?: { finished: Record<string, string> } }).__visual?.finished[storyId], id, {
            timeout: STORY_TIMEOUT_MS,
          })
          .then((handle) => handle.jsonValue() as Promise<string>);
      } catch (error) {
        failures.push(`${name}: did not finish: ${(error as Error).message.split('\n')[0]}`);
        // The next story starts from a fresh page.
        if (at + 1 < jobs.length) await runGroup(page, { combination, a11y, jobs: jobs.slice(at + 1) }, failures);
        return;
      }
      timings.render.push(performance.now() - started);
      const exceptions = await page.evaluate(() => [...(window as unknown as { __visual: { exceptions: string[] } }).__visual.exceptions]);
      const problems = [...(status === 'success' ? [] : [`ended ${status}`]), ...exceptions, ...errors];
      if (problems.length > 0) {
        failures.push(`${name}: ${problems.join('; ')}`);
        console.warn(failures.at(-1));
        continue;
      }
      const captureStarted = performance.now();
      let problem: string | null;
      try {
        problem = await captureAndCompare(page, job);
      } catch (error) {
        // A capture that never came (once under the full run's load: Chromium's screenshot past its
        // 30 s after the fonts had loaded): the story is rendered once more from a fresh page load
        // (this page may be stuck), said in the output; a second failure is the story's.
        const what = `${name}: its capture failed: ${(error as Error).message.split('\n')[0]}`;
        if (retried.has(job)) {
          failures.push(what);
          console.warn(what);
          if (at + 1 < jobs.length) await runGroup(page, { combination, a11y, jobs: jobs.slice(at + 1) }, failures);
        } else {
          retried.add(job);
          console.warn(`${what}; rendered again from a fresh page`);
          await runGroup(page, { combination, a11y, jobs: jobs.slice(at) }, failures);
        }
        return;
      }
      timings.capture.push(performance.now() - captureStarted);
      if (problem) {
        failures.push(`${name}: ${problem}`);
        console.warn(failures.at(-1));
      }
    }
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
  }
}

/** In the page: the capture's stylesheet in every root, fonts and images ready, and the same page on two looks two frames apart (false after SETTLE_ATTEMPTS looks). */
function settle(page: Page): Promise<boolean> {
  return page.evaluate(
    async ({ css, attempts, busyPatience }) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      // Two frames, then the browser idle: what a widget starts when idle (its lazy parts) has started.
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 }))));
      /** The document and every shadow root in it, with the capture's stylesheet added to each. */
      const rootsNow = () => {
        const roots: (Document | ShadowRoot)[] = [document];
        for (let i = 0; i < roots.length; i++) {
          const root = roots[i]!;
          if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
          for (const element of root.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
        }
        return roots;
      };
      /** Where the focus is, through the shadow roots (a focus ring is part of the picture). */
      const focused = () => {
        const path: string[] = [];
        for (let active = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null)
          path.push(`${active.tagName}#${active.id}.${active.className}`);
        return path.join('>');
      };
      /** What the page shows, as text: every root's markup, the fields' values, the scroll positions, the page's size and the focus. */
      const signature = () =>
        rootsNow()
          .map((root) => {
            const markup = root instanceof Document ? root.body.innerHTML : root.innerHTML;
            const values = [...root.querySelectorAll('input, textarea, select')].map((field) => (field as HTMLInputElement).value).join('\u0001');
            const scrolled = [...root.querySelectorAll('*')]
              .filter((element) => element.scrollTop || element.scrollLeft)
              .map((element) => `${element.scrollTop},${element.scrollLeft}`);
            return `${markup}\u0002${values}\u0002${scrolled.join(';')}`;
          })
          .join('\u0003') + `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}${focused()}`;
      await document.fonts.ready;
      // Settled: the same on three looks a couple of frames apart (a story's play function may end
      // before a last answer lands), its images decoded.
      let before = signature();
      // Three looks in a row the same (two spans of frames and an idle moment): a change saved in
      // two steps (the device's storage, then the gateway) shows its second step within them.
      let same = 0;
      for (let attempt = 0; attempt < attempts; attempt++) {
        const images = rootsNow().flatMap((root) => [...root.querySelectorAll('img')]);
        await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
        await frames();
        const now = signature();
        // A part still loading says so (`aria-busy`, as the board's filter panel does before its
        // code arrives), and a call to the story's sandbox gateway may be on its way (a count
        // fetched again after a change: stories/support/sandbox.tsx counts them): waited for over
        // the first looks; a story about loading rests busy.
        const gateway = (globalThis as { __leadkitStoryGateway?: { inFlight: number } }).__leadkitStoryGateway;
        const busy = (gateway?.inFlight ?? 0) > 0 || rootsNow().some((root) => root.querySelector('[aria-busy="true"]'));
        same = now === before && (!busy || attempt >= busyPatience) ? same + 1 : 0;
        if (same === 2) return true;
        before = now;
      }
      return false;
    },
    { css: CAPTURE_CSS, attempts: SETTLE_ATTEMPTS, busyPatience: BUSY_PATIENCE },
  );
}

/** The story's page as a reviewer sees it, whole, against its baseline; a problem's description, or null. */
async function captureAndCompare(page: Page, job: Job): Promise<string | null> {
  const requests = requestsOf.get(page)!;
  let settled = false;
  const settleStarted = performance.now();
  // Settled: nothing in flight, and then the page the same on three looks a couple of frames apart
  // (a story's play function may end before a lazy part or a last answer lands).
  for (let round = 0; round < 3 && !settled; round++) {
    await requests.whenIdle();
    settled = (await settle(page)) && requests.idle;
  }
  if (!settled) return 'never settled: the page still changed on every look (an animation or a timer the capture does not stop)';
  const shotStarted = performance.now();
  timings.settle.push(shotStarted - settleStarted);
  // (Playwright's locators reach into shadow roots: a selector finds a widget's own elements.)
  const shot = () => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', ...(job.mask ? { mask: [page.locator(job.mask)] } : {}) });
  let actual = await shot();
  timings.shot.push(performance.now() - shotStarted);
  timings.bytes.push(actual.length);
  if (job.unstable) {
    writeReview(path.join(REVIEW, 'unstable', job.entry.id), combinationName(job.combination), null, actual);
    return null;
  }
  const file = path.join(BASELINES, job.entry.id, `${combinationName(job.combination)}.png`);
  const expected = existsSync(file) ? readFileSync(file) : null;
  let comparison = expected ? compareScreenshots(expected, actual) : null;
  // A settled page whose pixels differ is taken again, a frame apart, before it counts as changed
  // (as Playwright's toHaveScreenshot retries until its timeout): the browser's native controls
  // (a date field's icons) are drawn a moment after the DOM that the settling reads is still.
  for (let retake = 0; expected && !UPDATE && comparison?.kind === 'changed' && retake < RETAKES; retake++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    actual = await shot();
    comparison = compareScreenshots(expected, actual);
    timings.retakes.push(1);
  }
  if (comparison?.kind === 'same') return null;
  if (UPDATE || (!expected && !process.env.CI)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return UPDATE ? null : `no baseline: written to ${path.relative(ROOT, file)} — look at it, then commit it`;
  }
  const review = writeReview(path.join(REVIEW, job.entry.id), combinationName(job.combination), expected, actual, comparison ?? undefined);
  const what = !comparison
    ? 'no baseline (run `npm run test:visual:update` and commit it)'
    : comparison.kind === 'resized'
      ? `its size changed: ${comparison.expected} → ${comparison.actual}`
      : `${comparison.changedPixels} pixels changed of ${comparison.size}`;
  return `${what}; review ${review.map((f) => path.relative(ROOT, f)).join(', ')}`;
}

/**
 * The suite for one width: every story under each of its settings at that width (its pins
 * applied), in one page. The setting a story's accessibility checks run under is its first
 * (COMBINATIONS' order: 390 px light en-US, or what its pins make of it), in the file of that width.
 */
export function describeVisualSnapshots(width: Combination['width']): void {
  let server: StaticServer;
  let browser: Browser;
  let stories: IndexEntry[] = [];

  beforeAll(async () => {
    const dir = docsSiteDir();
    stories = Object.values(siteIndex(dir)).filter((entry) => entry.type === 'story' && !isCheck(entry) && (!ONLY || ONLY.test(entry.id)));
    [server, browser] = await Promise.all([serveSite(dir), launchChromium({ env: { ...process.env, FONTCONFIG_FILE: visualFontConfig() } })]);
    site.url = server.url;
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe(`visual snapshots of every story at ${width} px`, () => {
    it('renders every story under each of its toolbar settings in its state, with no console error or accessibility violation, and as its baselines', {
      timeout: SUITE_TIMEOUT_MS,
    }, async () => {
      expect(stories.length).toBeGreaterThan(0);
      for (const list of Object.values(timings)) list.length = 0;
      clearReview(width);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, timezoneId: 'UTC', locale: 'en-US' });
      await context.addInitScript({ content: PROBE });
      await context.clock.setFixedTime(new Date(SANDBOX_NOW));
      const page = await context.newPage();
      const pins = await readPins(
        page,
        stories.map((entry) => entry.id),
      );

      // One group per setting at this width (and the accessibility checks' own groups): each one page load.
      const groups = new Map<string, Group>();
      const skipped: string[] = [];
      for (const entry of stories) {
        const storyPins = pins.get(entry.id) ?? { globals: {} };
        if (storyPins.visual?.skip) {
          skipped.push(`${entry.id}: ${storyPins.visual.skip}`);
          continue;
        }
        const combinations = captureCombinations(storyPins);
        for (const [at, combination] of combinations.entries()) {
          if (combination.width !== width) continue;
          const a11y = at === 0;
          const key = `${combinationName(combination)}${a11y ? '+a11y' : ''}`;
          const group = groups.get(key) ?? { combination, a11y, jobs: [] };
          group.jobs.push({ entry, combination, a11y, unstable: storyPins.visual?.unstable, mask: storyPins.visual?.mask?.selector });
          groups.set(key, group);
        }
      }
      const failures: string[] = [];
      // Every story is about data (it offers the toolbar's Fault) or pins the Fault (stories/support/fault-rule.ts): checked once, at 390 px.
      if (width === 390)
        for (const entry of stories) {
          const storyPins = pins.get(entry.id);
          const broken = storyPins ? faultRuleBroken(storyPins.tags, storyPins.globals) : null;
          if (broken) failures.push(`${entry.id}: ${broken}`);
        }
      if (skipped.length > 0) console.warn(`visual: not rendered here (parameters.visual.skip):\n  ${skipped.join('\n  ')}`);
      // In a fixed order: what the page rendered before a story (Storybook's state, the modules' state) is the same on every run.
      for (const group of [...groups.values()].sort(
        (a, b) => (combinationName(a.combination) < combinationName(b.combination) ? -1 : 1) || Number(b.a11y) - Number(a.a11y),
      ))
        await runGroup(page, group, failures);
      failures.sort();

      // A baseline of this width no story was captured for: a story renamed or gone (or a setting it no longer has).
      const jobs = [...groups.values()].flatMap((group) => group.jobs);
      const compared = jobs.filter((job) => !job.unstable);
      const captured = new Set(compared.map((job) => path.join(job.entry.id, `${combinationName(job.combination)}.png`)));
      if (!ONLY && existsSync(BASELINES)) {
        for (const dir of readdirSync(BASELINES)) {
          for (const file of readdirSync(path.join(BASELINES, dir))) {
            const relative = path.join(dir, file);
            if (!file.startsWith(`${width}-`) || captured.has(relative)) continue;
            if (UPDATE) rmSync(path.join(BASELINES, relative));
            else failures.push(`test/visual/baselines/${relative}: no story is captured for it (npm run test:visual:update removes it)`);
          }
          if (UPDATE && readdirSync(path.join(BASELINES, dir)).length === 0) rmSync(path.join(BASELINES, dir), { recursive: true });
        }
      }
      await context.close();
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      console.log(
        `visual at ${width} px: ${stories.length} stories, ${timings.capture.length} captures (${jobs.filter((job) => job.a11y).length} with the accessibility checks); per story until finished median ${median(timings.render).toFixed(0)} ms (sum ${(sum(timings.render) / 1000).toFixed(0)} s), capture and comparison median ${median(timings.capture).toFixed(0)} ms (sum ${(sum(timings.capture) / 1000).toFixed(0)} s: settling ${(sum(timings.settle) / 1000).toFixed(0)} s, screenshots ${(sum(timings.shot) / 1000).toFixed(0)} s, ${timings.retakes.length} taken again); PNGs ${(sum(timings.bytes) / 1e6).toFixed(1)} MB`,
      );
      expect(failures).toEqual([]);
      // Every story compared at this width but those that say why not (skipped or unstable), each setting once.
      expect(captured.size).toBe(compared.length);
      expect(new Set(compared.map((job) => job.entry.id)).size).toBeGreaterThanOrEqual(stories.length - 10);
    });
  });
}
