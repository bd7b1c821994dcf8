/**
 * Answer first on the office app's board, in Debian's Chromium against `npm start`'s sandbox
 * (docs/widgets/lead-board.md#answer-first): a lead that arrived a moment ago says how long ago
 * and 'Respond first' until the pro shows its contact (kept over a reload); 'Not answered yet'
 * counts the New leads and, switched on, the list holds them alone — at 1280 px in English and
 * at 390 px in Spanish, nothing moving on the page.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Route } from 'playwright-core';
import { createSandboxLead, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const LEADS_PATH = `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`;
const READ_PATH = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;

const session = useE2eSession();

const TEXTS = {
  en: {
    showing: /^Showing \d+ - \d+ of \d+ results$/,
    respondFirst: 'Respond first',
    justNow: 'Just now',
    justNowShort: 'now',
    created: /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/,
    notAnswered: 'Not answered yet',
    countSaid: /^(\d+) not answered yet$/,
    contact: 'Contact',
    featured: 'Featured',
  },
  es: {
    showing: /^Mostrando \d+ - \d+ de \d+ resultados$/,
    respondFirst: 'Responda primero',
    justNow: 'Justo ahora',
    justNowShort: 'ahora',
    created: /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [ap]\.m\.$/,
    notAnswered: 'Sin responder',
    countSaid: /^(\d+) sin responder$/,
    contact: 'Contactar',
    featured: 'Destacado',
  },
} as const;

/**
 * A card header's text as laid out: how many rows of text are seen (text clipped away by a line
 * that shows only its first row does not count), whether the created date is whole inside its
 * line, and whether the age is whole on the seen row.
 */
const HEADER_TEXT_LAYOUT = (toggle: HTMLElement) => {
  const rows: { top: number; bottom: number }[] = [];
  const walker = document.createTreeWalker(toggle, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    // Text only screen readers get (visually hidden: a box of 1 px) is not seen.
    const parentBox = parent.getBoundingClientRect();
    if (parent.closest('.lk-visually-hidden') || parentBox.width <= 1 || parentBox.height <= 1 || !node.textContent?.trim()) continue;
    // The line's box (a phone's name line has none of its own: its name and badges lie in the title's grid).
    const line = parent.closest('.lk-card__line')!;
    const clip = (getComputedStyle(line).display === 'contents' ? parent : line).getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width === 0 || rect.top >= clip.bottom - 1 || rect.bottom <= clip.top + 1) continue;
      // One row: rects that overlap vertically (a badge's text sits a little lower than the name's).
      const row = rows.find((each) => rect.top < each.bottom && rect.bottom > each.top);
      if (row) Object.assign(row, { top: Math.min(row.top, rect.top), bottom: Math.max(row.bottom, rect.bottom) });
      else rows.push({ top: rect.top, bottom: rect.bottom });
    }
  }
  const whole = (element: Element | null) => {
    if (!element) return false;
    const [box, line] = [element.getBoundingClientRect(), element.closest('.lk-card__line')!.getBoundingClientRect()];
    return (
      box.width > 0 &&
      element.scrollWidth <= Math.ceil(box.width) &&
      box.left >= line.left - 0.5 &&
      box.right <= line.right + 0.5 &&
      box.bottom <= line.bottom + 0.5
    );
  };
  const category = toggle.querySelector('.lk-card__category')?.getBoundingClientRect();
  return {
    rows: rows.length,
    dateWhole: whole(toggle.querySelector('time')),
    ageWhole: whole(toggle.querySelector('.lk-card__age')),
    // The category may give way with an ellipsis on a phone, but a few of its letters are seen
    // (its box holds the '·' before it, ≈ 1em, then the text).
    categorySeen: !!category && category.width >= 40,
  };
};

/** A lead for the board's provider, made through the sandbox. */
const createLead = (firstName: string, lastName: string) => createSandboxLead(session.server.origin, SP_ID, firstName, lastName);

/** What the sandbox lists for the board's default filters plus `filters` (its total), asked over HTTP. */
async function sandboxTotal(filters: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${session.server.origin}${LEADS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
    body: JSON.stringify({ offset: 0, limit: 1, sort: 'NewestOldest', filters: { archived: false, displayLead: true, ...filters } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { pagination: { totalNumber: number } }).pagination.totalNumber;
}

/** The office app's board in `lang`, settled; `featured`: that lead featured (first and open). */
async function openBoard(context: BrowserContext, lang: 'en' | 'es', featured?: number) {
  const page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto(`${session.server.origin}/app/lead/board/${SP_ID}?lang=${lang}${featured ? `&leadId=${featured}` : ''}`);
  const board = page.locator('#office-app [part="lead-board"]');
  await visible(board.getByText(TEXTS[lang].showing));
  const posted = (path: string) => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
  // Settled: the first card opened and was marked read.
  await expect.poll(() => posted(READ_PATH).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
  return { page, watch, board, posted };
}

describe('answer first', () => {
  for (const { lang, viewport } of [
    { lang: 'en', viewport: { width: 1280, height: 900 } },
    { lang: 'es', viewport: { width: 390, height: 844 } },
  ] as const) {
    it(`at ${viewport.width} px (${lang}): a lead just in says so and 'Respond first' until its contact is shown, also after a reload`, async () => {
      const text = TEXTS[lang];
      const context = await session.newContext(viewport);
      const leadId = await createLead('Prima', 'Respuesta');
      const { page, board, watch } = await openBoard(context, lang);
      // The newest lead is first and open.
      const card = board.locator(`li[data-lead-id="${leadId}"]`);
      await expect.poll(() => board.locator('li[data-lead-id]').first().getAttribute('data-lead-id'), { timeout: UI_TIMEOUT_MS }).toBe(String(leadId));
      await visible(card.locator('[part="respond-first"]').getByText(text.respondFirst, { exact: true }));
      await visible(card.getByText(text.justNow, { exact: true }));
      // Spec §2: the created date and time stay, the age beside them; the header's text keeps
      // to its lines (name, then date · age · category; on a phone the badge on a line of its
      // own under them), the date and the age whole — on a phone in its short form ('ahora'),
      // which screen readers do not get twice.
      const rows = viewport.width <= 600 ? 3 : 2;
      expect(await card.locator('.lk-card__toggle').evaluate(HEADER_TEXT_LAYOUT)).toEqual({ rows, dateWhole: true, ageWhole: true, categorySeen: true });
      const shortAge = card.locator('.lk-card__age-short');
      expect(await shortAge.isVisible()).toBe(viewport.width <= 600);
      if (viewport.width <= 600) {
        expect(await shortAge.textContent()).toBe(text.justNowShort);
        expect(await shortAge.getAttribute('aria-hidden')).toBe('true');
      }
      expect(await card.locator('time').first().textContent()).toMatch(text.created);
      // The badge is whole on the phone: inside the card.
      const [badge, box] = [await card.locator('[part="respond-first"]').boundingBox(), await card.boundingBox()];
      expect(badge && box && badge.x >= box.x && badge.x + badge.width <= box.x + box.width).toBe(true);

      await card.getByRole('button', { name: text.contact, exact: true }).click();
      await expect.poll(() => card.locator('[part="respond-first"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      // Its age stays; the cue does not come back with the page.
      await page.reload();
      await visible(board.getByText(text.showing));
      await visible(card.getByText(text.justNow, { exact: true }));
      expect(await card.locator('[part="respond-first"]').count()).toBe(0);
      expect((await watch.record()).shifts).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });

    it(`at ${viewport.width} px (${lang}): a featured lead just in shows its customer's name whole beside two badges, each whole; every card as high; nothing moves`, async () => {
      const text = TEXTS[lang];
      const context = await session.newContext(viewport);
      // A name that fits a phone card's width alone, not beside 'Destacado' and 'Responda primero'
      // (it was cut to 'Jorda…'; badges that gave way instead moved as the first card was read).
      const leadId = await createLead('Jordan', 'Alvarez-Whitfield');
      const { board, watch } = await openBoard(context, lang, leadId);
      const card = board.locator(`li[data-lead-id="${leadId}"]`);
      await visible(card.locator('.lk-card__header').getByText(text.featured, { exact: true }));
      await visible(card.locator('[part="respond-first"]').getByText(text.respondFirst, { exact: true }));
      const layout = await card.evaluate((item: HTMLElement) => {
        const inside = (element: Element, box: DOMRect) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
        };
        const cardBox = item.getBoundingClientRect();
        const name = item.querySelector<HTMLElement>('.lk-card__name')!;
        const badges = [...item.querySelectorAll<HTMLElement>('.lk-card__featured, [part="respond-first"]')];
        return {
          name: name.textContent,
          nameWhole: name.scrollWidth <= name.clientWidth && inside(name, cardBox),
          badgesWhole: badges.map((badge) => badge.scrollWidth <= badge.clientWidth && inside(badge, cardBox)),
        };
      });
      expect(layout).toEqual({ name: 'Jordan Alvarez-Whitfield', nameWhole: true, badgesWhole: [true, true] });
      // On a phone every closed card's header is as high as every other (and as the skeleton's,
      // which the list replaced): two badges, one or none.
      if (viewport.width <= 600) {
        const heights = await board
          .locator('[part="lead-card"][data-expanded="false"] .lk-card__header')
          .evaluateAll((headers) => headers.map((header) => Math.round(header.getBoundingClientRect().height * 10) / 10));
        expect(new Set(heights).size).toBe(1);
      }
      expect((await watch.record()).shifts).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });

    it(`at ${viewport.width} px (${lang}): '${TEXTS[lang].notAnswered}' counts the New leads; on, the list holds them alone`, async () => {
      const text = TEXTS[lang];
      const context = await session.newContext(viewport);
      const { page, board, posted, watch } = await openBoard(context, lang);
      const toggle = board.getByRole('switch', { name: text.notAnswered, exact: true });
      await visible(toggle);
      // Its count: said to assistive technology, shown as a badge, the sandbox's number of New leads.
      const countSlot = board.locator(`[id="${await toggle.getAttribute('aria-describedby')}"]`);
      await expect.poll(() => countSlot.locator('.lk-visually-hidden').textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(text.countSaid);
      const count = Number(text.countSaid.exec((await countSlot.locator('.lk-visually-hidden').textContent()) ?? '')?.[1]);
      expect(count).toBe(await sandboxTotal({ serviceProviderLeadStatuses: ['Initial'] }));
      expect(await countSlot.locator('[part="count-badge"]').textContent()).toBe(String(count));
      // On the phone the switch and its badge are whole, left of 'Show All Filters'.
      const [switchBox, badgeBox] = [await toggle.boundingBox(), await countSlot.boundingBox()];
      expect(switchBox && badgeBox && switchBox.x >= 0 && badgeBox.x + badgeBox.width <= viewport.width).toBe(true);

      const listCalls = posted(LEADS_PATH).length;
      // The list's answer is held until the page's own clock says the 500 ms in which the browser
      // counts a move as the pro's doing are over (a slow network; a busy machine): the new list
      // takes the old one's place, no card that is in both slides to its new place.
      const held: Route[] = [];
      const isList = (url: URL) => url.pathname === LEADS_PATH;
      await page.route(isList, (route) => void held.push(route));
      await page.evaluate(() => addEventListener('keydown', (event) => Object.assign(window, { lastKeyAt: event.timeStamp }), true));
      await toggle.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: UI_TIMEOUT_MS }).toBe('true');
      await expect.poll(() => posted(LEADS_PATH).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(listCalls);
      await expect.poll(() => held.length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
      await page.waitForFunction(() => performance.now() - (window as unknown as { lastKeyAt: number }).lastKeyAt > 600, undefined, { timeout: UI_TIMEOUT_MS });
      for (const route of held) await route.continue();
      await page.unroute(isList);
      expect(JSON.parse(posted(LEADS_PATH).at(-1)!.postData() ?? '{}').filters.serviceProviderLeadStatuses).toEqual(['Initial']);
      const total = lang === 'en' ? `of ${count} results` : `de ${count} resultados`;
      await visible(board.getByText(new RegExp(`${total}$`)));
      expect((await watch.record()).shifts).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  }
});
