/**
 * The docs site (issue 49 §2, issue 62 §4): `npm run docs:build` writes a static folder that a
 * plain file server can host, because every widget on it talks to the sandbox gateway in the
 * browser. This builds it once (or takes DOCS_SITE_DIR, a build made before) and serves the folder
 * as its public host does — under the base path of package.json's `homepage` (a GitHub project
 * page, `/leadkit/`), with a file server that knows nothing of Storybook and answers 404 outside
 * that path (test/helpers/static-server.ts) — then, in Chromium:
 * - opens EVERY docs page of its index.json (its stories: the visual snapshots, test/visual/suite.ts, open each), asserting
 *   that it rendered (content in its root, no Storybook error display) and that the page logged no
 *   console error, threw nothing and asked for nothing that is not there;
 * - checks every link of every docs page: a page of the site at a heading that page has, a heading
 *   of the same page, or the repository for a file the site does not carry; every Markdown file
 *   the site carries (docs/**, README, …) has its page, and no id is on a page twice;
 * - checks that each element page shows the tag in HTML, its leadkit/react component and the
 *   link to the connect page beside the live element;
 * - follows anchors as a reader does, in the manager (the site's address): an address with a
 *   `#heading` opens at that heading and keeps it there while the live widgets above it render; a
 *   link to another page's heading opens that page at it; an in-page link scrolls to its heading.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pascal, TAG_NAMES } from '../../src/contract/tags';
import { REPOSITORY, SITE_LINKS } from '../../stories/docs/site-files';
import { anchorsOf } from '../../stories/docs/site-pages';
import { launchChromium } from '../helpers/browser';
import { filesLoweringDir } from '../helpers/css-target';
import { docsSiteDir, type IndexEntry, serveSite, siteIndex } from '../helpers/docs-site';
import type { StaticServer } from '../helpers/static-server';
import { ROOT } from './harness';

/** What a docs page shows that the checks read: its ids and its links (`data-site-link`, doc-markdown.tsx). */
interface PageFacts {
  ids: string[];
  /** The ids inside each repository Markdown file the page shows (`data-doc-file`), by file. */
  files: { file: string; ids: string[] }[];
  links: { kind: string; href: string }[];
  usage: { text: string; links: string[] } | null;
}

/** A bound for a hung build on a busy machine, not a speed check (it takes ≈ 1 min alone). */
const BUILD_TIMEOUT_MS = 900_000;
/**
 * Pages open at once in the one browser: two (the render is CPU-bound; on two cores more pages at
 * once only made each slower — an element's docs page renders every story of the element live).
 */
const CONCURRENT_PAGES = 2;
/**
 * A bound for one entry to render (a hung entry, not a speed check): an element's docs page took
 * over 30 s in a CI run beside the other browser suites (it rendered in 5–10 s alone).
 */
const ENTRY_TIMEOUT_MS = 120_000;
/** The phases of a story render once it has rendered (its play function may still run: the stories' own project tests those). */
const RENDERED_PHASES = ['playing', 'played', 'completed', 'finished', 'errored', 'aborted'];
/** For a local run: only the entries whose id matches this pattern. */
const ONLY = process.env.DOCS_SITE_ONLY ? new RegExp(process.env.DOCS_SITE_ONLY) : null;

let server: StaticServer;
let browser: Browser;
/** What each docs page showed, by entry id (the first test fills it, the next ones read it). */
const facts = new Map<string, PageFacts>();
let index: Record<string, IndexEntry> = {};
let siteDir = '';

beforeAll(async () => {
  siteDir = docsSiteDir();
  index = siteIndex(siteDir);
  [server, browser] = await Promise.all([serveSite(siteDir), launchChromium()]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What went wrong on the page: console errors, uncaught exceptions and failed requests. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser's own request for /favicon.ico (a story's frame links no icon; the site's pages do) is not the site's.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** In the page (or the preview frame): Storybook has rendered the entry, every story on it past its render. */
function renderedIn(target: Page | Frame, mode: IndexEntry['type']) {
  return target.waitForFunction(
    ({ phases, mode }) => {
      const body = document.body.classList;
      if (body.contains('sb-show-errordisplay')) return true;
      if (!body.contains('sb-show-main')) return false;
      // A docs page renders after the preview is shown: its content is the state to wait for.
      if (mode === 'docs' && !document.querySelector('#storybook-docs .sbdocs-content')?.textContent?.trim()) return false;
      // Its code blocks are there once the highlighter (loaded lazily) has rendered them.
      if (mode === 'docs' && [...document.querySelectorAll('#storybook-docs [data-code-block]')].some((block) => !block.textContent?.trim())) return false;
      const preview = (window as { __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] } }).__STORYBOOK_PREVIEW__;
      const renders = preview?.storyRenders ?? [];
      return renders.every((render) => phases.includes(render.phase ?? ''));
    },
    { phases: RENDERED_PHASES, mode },
    { timeout: ENTRY_TIMEOUT_MS },
  );
}

/**
 * Opens the entry's frame alone and waits until Storybook has rendered it: the preview shows its
 * main view or its error display, and every story rendered on the page (one in story mode, the
 * page's stories in docs mode) is past its render (a state, not a time). Returns what the page shows.
 */
async function rendered(page: Page, entry: IndexEntry) {
  await page.goto(`${server.url}iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=${entry.type}`);
  await renderedIn(page, entry.type);
  return page.evaluate((mode) => {
    const root = document.querySelector(mode === 'docs' ? '#storybook-docs' : '#storybook-root');
    const preview = (window as { __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] } }).__STORYBOOK_PREVIEW__;
    const usage = root?.querySelector('[data-testid="element-usage"]');
    return {
      errorDisplay: document.body.classList.contains('sb-show-errordisplay') ? (document.querySelector('#error-message')?.textContent ?? '(no message)') : null,
      content: (root?.textContent ?? '').trim().length + (root?.querySelectorAll('*').length ?? 0),
      failedRenders: (preview?.storyRenders ?? []).filter((render) => render.phase === 'errored').length,
      // A docs page fits the window's width (a wide table or code block scrolls on its own).
      overflows: mode === 'docs' && document.documentElement.scrollWidth > window.innerWidth,
      facts: {
        ids: [...(root?.querySelectorAll('[id]') ?? [])].map((element) => element.id),
        files: [...(root?.querySelectorAll<HTMLElement>('[data-doc-file]') ?? [])].map((block) => ({
          file: block.dataset.docFile ?? '',
          ids: [...block.querySelectorAll('[id]')].map((element) => element.id),
        })),
        links: [...(root?.querySelectorAll<HTMLAnchorElement>('a[data-site-link]') ?? [])].map((link) => ({
          kind: link.dataset.siteLink ?? '',
          href: link.getAttribute('href') ?? '',
        })),
        usage: usage ? { text: usage.textContent ?? '', links: [...usage.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '') } : null,
      },
    };
  }, entry.type);
}

/** `./?path=/docs/<entry>#<anchor>` → its entry and anchor. */
function pageLink(href: string): { entry: string; anchor: string } {
  const url = new URL(href, 'https://site.invalid/');
  return { entry: (url.searchParams.get('path') ?? '').replace(/^\/docs\//, ''), anchor: decodeURIComponent(url.hash.slice(1)) };
}

describe('the static docs site, served under its base path', () => {
  it('renders every docs page with no console error and no request outside its folder', {
    timeout: BUILD_TIMEOUT_MS,
  }, async () => {
    const all = Object.values(index);
    // The docs pages (an element's renders each of its stories live); every story on its own is
    // rendered from this site under each toolbar setting, and compared with its baselines, by
    // the visual snapshots (test/visual/suite.ts).
    const chosen = all.filter((entry) => entry.type === 'docs');
    const entries = ONLY ? all.filter((entry) => ONLY.test(entry.id)) : chosen;
    // A page for every Markdown file the site carries (every docs/**/*.md among them), and one per public element.
    const docs = all.filter((entry) => entry.type === 'docs').map((entry) => entry.id);
    expect(docs).toEqual(
      expect.arrayContaining([...[...SITE_LINKS.pages.values()].map((page) => page.entry), ...TAG_NAMES.map((tag) => `elements-${tag}--docs`)]),
    );

    const failures: string[] = [];
    const queue = [...entries];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    async function worker() {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const page = await context.newPage();
        const problems = recordProblems(page);
        try {
          const shown = await rendered(page, entry);
          if (shown.errorDisplay !== null) problems.push(`error display: ${shown.errorDisplay}`);
          if (shown.content === 0) problems.push('nothing rendered');
          if (shown.failedRenders > 0) problems.push(`${shown.failedRenders} story render(s) failed`);
          if (shown.overflows) problems.push('wider than the window: the page scrolls sideways');
          if (entry.type === 'docs') facts.set(entry.id, shown.facts);
        } catch (error) {
          problems.push(`did not finish rendering: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
        if (problems.length > 0) {
          failures.push(`${entry.type} ${entry.id}:\n  ${problems.join('\n  ')}`);
          // Printed as they come: a run cut off by its timeout still says what failed.
          console.warn(failures.at(-1));
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENT_PAGES }, worker));
    await context.close();
    expect(failures).toEqual([]);
  });

  it("keeps the widgets' right-to-left rules as `:dir(rtl)`, for every page language (not lowered to a list of right-to-left languages)", () => {
    expect(filesLoweringDir(path.join(siteDir, 'assets'))).toEqual([]);
  });

  it('gives every heading its GitHub anchor, each id once, and sends every link to a heading of the site, or to the repository for what it does not carry', () => {
    const problems: string[] = [];
    let followed = 0;
    for (const [entry, page] of facts) {
      const repeated = page.ids.filter((id, at) => page.ids.indexOf(id) !== at);
      if (repeated.length > 0) problems.push(`${entry}: ids on the page twice: ${[...new Set(repeated)].join(', ')}`);
      // Each heading of a file shown has the anchor GitHub gives it (a link written for GitHub lands here too).
      for (const file of new Set(page.files.map((shown) => shown.file))) {
        const ids = page.files.filter((shown) => shown.file === file).flatMap((shown) => shown.ids);
        const missing = anchorsOf(readFileSync(path.join(ROOT, file), 'utf8')).filter((anchor) => !ids.includes(anchor));
        if (missing.length > 0) problems.push(`${entry}: ${file}'s headings without their GitHub anchors: ${missing.join(', ')}`);
      }
      for (const link of page.links) {
        if (link.kind === 'anchor') {
          const anchor = decodeURIComponent(link.href.slice(1));
          if (anchor && !page.ids.includes(anchor)) problems.push(`${entry}: ${link.href}: no such heading on the page`);
        } else if (link.kind === 'page') {
          const target = pageLink(link.href);
          if (!index[target.entry]) problems.push(`${entry}: ${link.href}: no such page`);
          const shown = facts.get(target.entry);
          if (target.anchor && shown && !shown.ids.includes(target.anchor))
            problems.push(`${entry}: ${link.href}: no heading #${target.anchor} on ${target.entry}`);
        } else if (link.kind === 'repository') {
          const file = /\/(?:blob|tree)\/main\/([^#]*)/.exec(link.href)?.[1] ?? '';
          if (!link.href.startsWith(`${REPOSITORY}/`)) problems.push(`${entry}: ${link.href}: not the repository`);
          if (SITE_LINKS.pages.has(file)) problems.push(`${entry}: ${link.href}: leaves the site for a page it carries`);
        }
        followed++;
      }
    }
    expect(problems).toEqual([]);
    if (!ONLY) expect(followed).toBeGreaterThan(200);
  });

  it('shows on each element page the tag in HTML, its leadkit/react component and the link to the connect page', () => {
    const missing: string[] = [];
    for (const tag of TAG_NAMES) {
      const usage = facts.get(`elements-${tag}--docs`)?.usage;
      if (ONLY && !usage) continue;
      if (!usage) missing.push(`${tag}: no usage`);
      else {
        if (!usage.text.includes(`<${tag} `)) missing.push(`${tag}: no <${tag}> in HTML`);
        if (!usage.text.includes(`import { ${pascal(tag)} } from 'leadkit/react'`)) missing.push(`${tag}: no ${pascal(tag)} from leadkit/react`);
        if (!usage.links.some((href) => pageLink(href).entry === SITE_LINKS.pages.get('docs/connect-gateway.md')?.entry))
          missing.push(`${tag}: no link to the connect page`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('anchors on the docs site, in the manager', () => {
  /** Where a heading is in the frame: its top, the frame's height, and whether the page is scrolled to its end. */
  function placeOf(frame: Frame, id: string) {
    return frame.evaluate((id) => {
      const element = document.getElementById(id);
      if (!element) return null;
      const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
      return { top: Math.round(element.getBoundingClientRect().top), height: window.innerHeight, atEnd };
    }, id);
  }
  /** At the top of the frame (or in view with the page scrolled to its end: a heading near the end cannot go higher). */
  const atTop = (place: Awaited<ReturnType<typeof placeOf>>) =>
    place !== null && place.top >= -2 && place.top < place.height && (Math.abs(place.top) <= 2 || place.atEnd);

  /** Opens the site's address (the manager) and returns the docs frame once its page has rendered. */
  async function open(page: Page, address: string): Promise<Frame> {
    await page.goto(`${server.url}${address}`);
    const frame = await (await page.waitForSelector('#storybook-preview-iframe')).contentFrame();
    if (!frame) throw new Error('no preview frame');
    await renderedIn(frame, 'docs');
    return frame;
  }

  /** A link shown on a docs page (the first test read them all), chosen by `wanted`: the first of the longest such page. */
  function linkWhere(wanted: (from: string, link: { kind: string; href: string }) => boolean): { from: string; href: string } {
    const pages = [...facts].sort(([a, one], [b, other]) => other.ids.length - one.ids.length || a.localeCompare(b));
    for (const [from, page] of pages) for (const link of page.links) if (wanted(from, link)) return { from, href: link.href };
    throw new Error('no such link on the docs pages');
  }

  it('opens an element page at the heading its address names and keeps it there while the live widgets above it render', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = recordProblems(page);
    // A heading in the middle of the board's guide, below every live story of the page.
    const anchors = anchorsOf(readFileSync(path.join(ROOT, 'docs/widgets/lead-board.md'), 'utf8'));
    const anchor = anchors[Math.floor(anchors.length / 2)] ?? '';
    const frame = await open(page, `?path=/docs/elements-lead-board--docs#${anchor}`);
    await expect.poll(() => placeOf(frame, anchor).then(atTop)).toBe(true);
    // Still there once the live board has rendered, loaded its leads and its actions' code (the
    // state itself, not a moment: a bound for a hung page only).
    const boardSettled = () =>
      frame.evaluate(() => {
        const boards = [...document.querySelectorAll('lead-board')];
        return (
          boards.length > 0 && boards.every((board) => board.shadowRoot?.querySelector('.lk-board[data-actions="ready"] .lk-board__list[aria-busy="false"]'))
        );
      });
    await expect.poll(boardSettled, { timeout: 60_000 }).toBe(true);
    expect(atTop(await placeOf(frame, anchor))).toBe(true);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('follows a link to another page’s heading: the address names it and the page opens at it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = recordProblems(page);
    // A Markdown page's link to a heading of an element page (its guide, below the live widgets) when there is one.
    const isElement = (href: string) => pageLink(href).entry.startsWith('elements-');
    const pick = (strict: boolean) => (from: string, link: { kind: string; href: string }) =>
      link.kind === 'page' && pageLink(link.href).anchor !== '' && !from.startsWith('elements-') && (!strict || isElement(link.href));
    let link: { from: string; href: string };
    try {
      link = linkWhere(pick(true));
    } catch {
      link = linkWhere(pick(false));
    }
    const target = pageLink(link.href);
    const frame = await open(page, `?path=/docs/${link.from}`);
    await frame.locator(`#storybook-docs a[data-site-link="page"][href="${link.href}"]`).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('path')).toBe(`/docs/${target.entry}`);
    expect(decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(target.anchor);
    await expect.poll(() => placeOf(frame, target.anchor).then(atTop), { timeout: 60_000 }).toBe(true);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('follows an in-page link: the page scrolls to the heading and the address names it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = recordProblems(page);
    const link = linkWhere((from, candidate) => candidate.kind === 'anchor' && candidate.href.length > 1 && !from.startsWith('elements-'));
    const anchor = decodeURIComponent(link.href.slice(1));
    const frame = await open(page, `?path=/docs/${link.from}`);
    expect(atTop(await placeOf(frame, anchor))).toBe(false);
    await frame.locator(`#storybook-docs a[data-site-link="anchor"][href="${link.href}"]`).first().click();
    await expect.poll(() => placeOf(frame, anchor).then(atTop)).toBe(true);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(anchor);
    expect(new URL(page.url()).searchParams.get('path')).toBe(`/docs/${link.from}`);
    // The site's name heads its sidebar (.storybook/manager.ts), not Storybook's.
    expect(await page.locator('.sidebar-header').textContent()).toContain('leadkit');
    await page.close();
    expect(problems).toEqual([]);
  });
});
