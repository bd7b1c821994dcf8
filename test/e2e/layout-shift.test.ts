/**
 * docs/architecture.md#budgets: "Widget layout shift ≤ 0.01 (skeletons of final size)". Each widget's
 * page, from the first paint until its content is shown (and a little after, for late shifts):
 * the cumulative layout shift the browser reports (no user input on the page meanwhile).
 * The lead page's own check is in cms-page.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE_VIEWPORT_MAX_WIDTH, TAGS, type LeadkitTag, type TagSpec } from '../../src/contract/tags';
import { cdnSourceChunk, firstScreen, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const e2e = useE2eSession({ coldCache: true });

/** Holds the page's requests to `url` until the returned function is called (a chunk or an answer on its way). */
async function hold(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const PAGES: { name: string; path: string; shown: (page: Page) => Locator }[] = [
  {
    name: 'two <lead-page>s on the CMS page (purchased and unavailable)',
    path: '/examples/cms.html',
    shown: (page) => page.locator('lead-page').nth(1).getByText('This lead is no longer available for purchase.', { exact: true }),
  },
  {
    name: '<lead-board> in the office app',
    path: '/app/lead/board/1001',
    shown: (page) => page.locator('lead-app').getByText(/^Showing \d+ - \d+ of \d+ results$/),
  },
  {
    name: '<message-thread> (sandbox chat)',
    path: '/examples/message-thread.html',
    shown: (page) => page.locator('message-thread').getByRole('textbox', { name: 'Write a message...' }),
  },
  {
    name: '<raq-funnel> on a partner page',
    path: '/examples/raq-funnel.html',
    shown: (page) => page.locator('raq-funnel').getByRole('button', { name: 'Continue' }),
  },
  {
    name: '<review-request> buttons on a CMS page',
    path: '/examples/review-request.html',
    shown: (page) => page.locator('review-request').first().getByRole('button', { name: 'Request a Review' }),
  },
];

/** At a phone's width (412 px, a large Android phone) and a desktop's. */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 412, height: 915 },
];
const CASES = WIDTHS.flatMap((viewport) => PAGES.map((entry) => ({ ...entry, viewport, label: `${entry.name} at ${viewport.width} px` })));

describe('layout stays put while widgets load (cumulative layout shift ≤ 0.01)', () => {
  it.each(CASES)('$label', async ({ path, shown, viewport }) => {
    const context = viewport.width === 1280 ? e2e.context : await e2e.newContext(viewport);
    const page = await context.newPage();
    const watch = await watchPage(page);
    // Every response 300 ms late: the skeletons are painted before the content replaces them, as
    // on a phone's network (without it the content may arrive before the first paint, and a shift
    // could go unseen).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: -1, uploadThroughput: -1 });
    await page.goto(`${e2e.server.origin}${path}`);
    await firstScreen(shown(page));
    await page.waitForTimeout(800); // late shifts (lazy chunks, images, fonts) would show up here
    const record = await watch.record();
    const detail = record.shifts.map((shift) => `${shift.value.toFixed(4)} @${shift.startTime}ms: ${shift.sources.join('; ')}`).join('\n');
    expect(record.cls, `layout shifts:\n${detail}`).toBeLessThanOrEqual(0.01);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("the funnel's heading while the pro's name is on its way", () => {
  // 'Request a quote from Acme Plumbing & Heating' wraps in a funnel narrower than its full 720 px
  // (a phone, a 600 px page): the heading held one line ('Get quotes from local pros') and the
  // form under it moved down a line when the name came. (A name that wraps to three lines still
  // moves it once: at 390 px this one does, in Debian's wide DejaVu Sans.)
  it.each([...WIDTHS, { width: 600, height: 900 }])('holds its lines at $width px: the form under it stays put when the name arrives', async (viewport) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    const release = await hold(page, /\/gateway\/lead\/v1\/serviceprovider\/\d+\/details/);
    await page.goto(`${e2e.server.origin}/examples/raq-funnel.html`);
    const funnel = page.locator('raq-funnel');
    const field = funnel.getByRole('combobox', { name: 'What do you need help with?' });
    await firstScreen(field);
    // Named for assistive technology meanwhile; not the pro's name yet.
    await visible(funnel.getByRole('heading', { level: 2, name: 'Get quotes from local pros' }));
    const before = await field.boundingBox();
    release();
    await visible(funnel.getByRole('heading', { level: 2, name: 'Request a quote from Acme Plumbing & Heating' }));
    const after = await field.boundingBox();
    expect(after?.y).toBe(before?.y);
    await page.close();
  });
});

describe("the board's filter panel takes its placeholder's place exactly", () => {
  // The placeholder held one fixed height (124 px): at 1280 px the panel is 112 px (five fields in
  // a row, the switch under them), at 900 px two rows of fields — the list moved when it came.
  it.each([
    { width: 1280, height: 900, open: false },
    { width: 900, height: 900, open: false },
    { width: 412, height: 915, open: true },
  ])('at $width px (opened by "Show All Filters" first: $open), the list stays put when its controls arrive', async ({ open, ...viewport }) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    const chunk = cdnSourceChunk('src/widgets/lead-board/filters/filter-panel.tsx');
    const release = await hold(page, `**/cdn/${chunk}`);
    await page.goto(`${e2e.server.origin}/app/lead/board/1001`);
    const board = page.locator('lead-app [part="lead-board"]');
    const sort = board.getByRole('combobox', { name: 'Sort by' });
    await firstScreen(sort);
    const placeholder = board.locator('.lk-filters__panel--loading');
    if (open) await board.getByRole('button', { name: 'Show All Filters' }).click();
    await expect.poll(() => placeholder.isVisible(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    const before = await sort.boundingBox();
    release();
    await placeholder.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await visible(board.getByRole('switch', { name: 'Archived leads' }));
    const after = await sort.boundingBox();
    expect(after?.y).toBe(before?.y);
    await page.close();
  });
});

describe("the board's list takes its skeleton's place exactly", () => {
  // The skeleton's header row (count, sort) was shorter than the real one — 66 against 94 px on a
  // phone, 40 against 64 at 1280 px: it had no line for the sort's label — so the cards came in
  // 24–28 px lower than their placeholders. (Not a layout shift by the browser's measure: the
  // placeholders are replaced, not moved.)
  it.each(WIDTHS)('at $width px, the first card starts where its placeholder did', async (viewport) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    const release = await hold(page, /\/gateway\/lead\/office\/v6\/leads\/serviceProvider\/\d+/);
    await page.goto(`${e2e.server.origin}/app/lead/board/1001`);
    const board = page.locator('lead-app [part="lead-board"]');
    const placeholder = board.locator('[data-skeleton] .lk-card').first();
    await firstScreen(placeholder);
    const before = await placeholder.boundingBox();
    release();
    const card = board.locator('li[data-lead-id]').first();
    await visible(card);
    const after = await card.boundingBox();
    // (Within a pixel: the two are laid out from different rows, a sixty-fourth apart.)
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(1);
    await page.close();
  });
});

describe("closed cards off screen are not laid out until they come near, and hold a closed card's height meanwhile", () => {
  // board-list.css: `content-visibility: auto` with a closed card's measured height as its size
  // until it is rendered. A wrong figure would move the pager (and everything under the list)
  // while the pro scrolls down to it.
  it.each([
    // A short desktop window: at 900 px tall every card is near enough to be rendered at once.
    { width: 1280, height: 500 },
    { width: 412, height: 915 },
  ])('at $width × $height px: the pager is where it was once every card has been rendered', async (viewport) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    await page.goto(`${e2e.server.origin}/app/lead/board/1001`);
    const board = page.locator('lead-app [part="lead-board"]');
    // The filter controls come after the first cards (their own chunk): a fresh page's first screen and more.
    await firstScreen(board.getByRole('combobox', { name: 'Lead status' }));
    const cards = board.locator('[part="lead-card"]');
    expect(await cards.count()).toBe(10);
    // Where the page is: the pager's top in the document, and which closed cards are still skipped.
    const state = () =>
      page.evaluate(`(() => {
        const find = (root, selector) => { const found = root.querySelector(selector); if (found) return found; for (const el of root.querySelectorAll('*')) { const inner = el.shadowRoot && find(el.shadowRoot, selector); if (inner) return inner; } return null; };
        const list = find(document, '.lk-board__list');
        const pager = find(document, '.lk-pagination');
        const skipped = [...list.querySelectorAll('[part="lead-card"][data-expanded="false"]')].filter((card) => !card.firstElementChild.checkVisibility({ contentVisibilityAuto: true })).length;
        return { pagerTop: Math.round((pager.getBoundingClientRect().top + scrollY) * 10) / 10, skipped };
      })()`) as Promise<{ pagerTop: number; skipped: number }>;
    const before = await state();
    // The cards far under the first screen are skipped at first (the point of it).
    expect(before.skipped).toBeGreaterThan(0);
    for (let index = 0; index < 10; index++) await cards.nth(index).scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await state();
    expect(after.skipped).toBe(0);
    expect(Math.abs(after.pagerTop - before.pagerTop)).toBeLessThanOrEqual(1);
    await page.close();
  });
});

describe("the board's title while the business name is on its way", () => {
  // The placeholder was a bare block: 'View Call Log' beside it sat on its bottom edge, 5 px below
  // the title's baseline, and moved up when the name came.
  it.each(WIDTHS)("at $width px, 'View Call Log' stays put when the name arrives", async (viewport) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    const release = await hold(page, /\/gateway\/office-home\/v4\/service_provider/);
    await page.goto(`${e2e.server.origin}/app/lead/board/1001`);
    const board = page.locator('lead-app [part="lead-board"]');
    const link = board.getByRole('link', { name: 'View Call Log' });
    await firstScreen(link);
    expect(await board.getByRole('heading', { level: 1 }).count()).toBe(0);
    const before = await link.boundingBox();
    release();
    await visible(board.getByRole('heading', { level: 1, name: 'Leads for Acme Plumbing & Heating' }));
    const after = await link.boundingBox();
    expect(after?.y).toBe(before?.y);
    await page.close();
  });
});

describe("the open card's insurance offer takes its placeholder's place exactly", () => {
  // The offer (its code comes after the open card's first frame) was added at the card's end when
  // it came and pushed every card under it down (≈ 125 px at 412, 78 px at 1280): below the first
  // screen, so the load's CLS did not count it, but a pro scrolling meanwhile saw the list jump
  // (Safari does not anchor the scroll).
  const cases = [
    { width: 1280, height: 900, hidden: false, themed: false },
    { width: 412, height: 915, hidden: false, themed: false },
    // A host that restyles the offer's parts: the placeholder carries them too.
    { width: 412, height: 915, hidden: false, themed: true },
    { width: 412, height: 915, hidden: true, themed: false },
  ];
  it.each(cases)(
    'at $width px (hidden for this lead in this browser: $hidden; parts restyled by the host: $themed), the next card stays put when its code arrives',
    async ({ hidden, themed, ...viewport }) => {
      const context = await e2e.newContext(viewport);
      const page = await context.newPage();
      const release = await hold(page, `**/cdn/${cdnSourceChunk('src/widgets/lead-board/extras/card-extras-part.ts')}`);
      await page.goto(`${e2e.server.origin}/app/lead/board/1001`);
      const board = page.locator('lead-app [part="lead-board"]');
      const open = board.locator('li[data-lead-id][data-expanded="true"]');
      await firstScreen(open.getByRole('combobox', { name: 'Lead status' }));
      const leadId = await open.getAttribute('data-lead-id');
      if (hidden) {
        // 'Not for this job' chosen on this lead before: the offer will not show, so nothing is held.
        await page.evaluate((id) => localStorage.setItem('leadkit:insurance-hidden', JSON.stringify([id])), leadId);
        await page.reload();
        await visible(open.getByRole('combobox', { name: 'Lead status' }));
      }
      const placeholder = open.locator('.lk-insurance--placeholder');
      const next = board.locator('li[data-lead-id]').nth(1);
      if (themed)
        await page.addStyleTag({
          content: 'lead-app::part(insurance-banner) { padding: 28px 24px } lead-app::part(insurance-purchase) { padding: 14px 28px }',
        });
      if (hidden) expect(await placeholder.count()).toBe(0);
      else await expect.poll(() => placeholder.isVisible(), { timeout: UI_TIMEOUT_MS }).toBe(true);
      const before = await next.boundingBox();
      release();
      // The card's extras have come and rendered: its (closed) job notes dialog is one of them.
      await open.locator('dialog[part="job-notes"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      if (hidden) {
        expect(await open.getByRole('link', { name: /^Get a quote/ }).count()).toBe(0);
      } else {
        await visible(open.getByRole('link', { name: 'Get a quote (opens in a new tab)' }));
        expect(await placeholder.count()).toBe(0);
      }
      const after = await next.boundingBox();
      expect(after?.y).toBe(before?.y);
      await page.close();
    },
  );
});

/** The height kept for `tag` in a viewport `width` px wide (src/contract/tags.ts), in px. */
function reserveAt(tag: LeadkitTag, width: number): number {
  const reserve: TagSpec['reserve'] = TAGS[tag].reserve;
  const phone = width <= Number.parseFloat(PHONE_VIEWPORT_MAX_WIDTH);
  return Number.parseFloat(phone ? (reserve.phoneMinHeight ?? reserve.minHeight) : reserve.minHeight);
}

describe("each tag's reserve is its skeleton's height, so nothing under it moves when its code comes", () => {
  // The space kept for a tag before its code has come (leadkit.css, the loader, then the host
  // until the widget renders) is what its skeleton takes then: content under a widget further
  // down a page moved when it differed (the lead page kept 1290 px for an 871 px skeleton; the
  // funnel 420 for 355 on a desktop; the thread 760 for 832 on a phone).
  const CASES = [
    { tag: 'lead-page', path: '/examples/cms.html' },
    { tag: 'lead-app', path: '/app/lead/board/1001' },
    { tag: 'lead-board', path: null },
    { tag: 'message-thread', path: '/examples/message-thread.html' },
    { tag: 'raq-funnel', path: '/examples/raq-funnel.html' },
    { tag: 'review-request', path: '/examples/review-request.html' },
  ] as const satisfies readonly { tag: LeadkitTag; path: string | null }[];
  const cases = WIDTHS.flatMap((viewport) => CASES.map((entry) => ({ ...entry, viewport, width: viewport.width })));
  it.each(cases)('<$tag> at $width px', async ({ tag, path, viewport }) => {
    const context = await e2e.newContext(viewport);
    const page = await context.newPage();
    const release = await hold(page, '**/cdn/chunks/**');
    // No data: the widget stays on its skeleton.
    await page.route(/\/(gateway|chat)\//, () => new Promise<void>(() => {}));
    const pending = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('/cdn/')) pending.add(request.url());
    });
    page.on('requestfinished', (request) => pending.delete(request.url()));
    page.on('requestfailed', (request) => pending.delete(request.url()));
    if (path) {
      await page.goto(`${e2e.server.origin}${path}`);
    } else {
      // No example page has a bare board: one like the CMS page's, with the board alone.
      await page.goto(`${e2e.server.origin}/examples/cms.html`);
      await page.evaluate(() => {
        const board = document.createElement('lead-board');
        board.setAttribute('sp-id', '1001');
        document.querySelector('.widget-grid')!.replaceWith(board);
      });
    }
    const element = page.locator(tag).first();
    const reserve = reserveAt(tag, viewport.width);
    const height = async () => (await element.boundingBox())?.height ?? 0;
    expect(await height()).toBe(reserve);
    release();
    await expect.poll(() => element.evaluate((node) => node.matches(':state(lk-ready)')), { timeout: UI_TIMEOUT_MS }).toBe(true);
    // Every part of its first screen has come (no code fetched for 400 ms), and rendered.
    let fetched = 0;
    page.on('request', () => fetched++);
    await expect
      .poll(
        async () => {
          const before = fetched;
          await page.waitForTimeout(400);
          return pending.size === 0 && fetched === before;
        },
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(Math.abs((await height()) - reserve), `the skeleton is ${await height()} px high, the reserve ${reserve} px`).toBeLessThanOrEqual(1);
    await page.close();
  });
});
