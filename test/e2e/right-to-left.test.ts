/**
 * On the built CDN files (docs/languages.md#right-to-left): `dir="rtl"` on an ancestor mirrors a widget whatever the
 * page's language. Two boards from the loader, one in `<div dir="ltr" lang="en">`, one in
 * `<div dir="rtl" lang="en">`: a collapsed card's arrow, the pagination chevrons and the
 * 'Show Unread Messages' switch's thumb point (or slide) the other way in the second. The
 * stories and examples always pair `dir="rtl"` with `lang="ar"`, which hid a build that had
 * turned every `:dir(rtl)` into `:lang(ar)`-like selectors (scripts/css-target.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { MAIN_PROVIDER_ID, SANDBOX_LEADS } from '@leadkit/sandbox';
import { boardReady, UI_TIMEOUT_MS, useE2eSession, visible } from './harness';

const session = useE2eSession();

/** The computed transform of `selector` in the board, and the matrix CSS gives `expected`. */
async function transformOf(board: Locator, selector: string, expected: string): Promise<{ actual: string; expected: string }> {
  const target = board.locator(selector).first();
  await target.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
  return target.evaluate((element, transform) => {
    const probe = document.createElement('div');
    probe.style.transform = transform;
    document.body.append(probe);
    const matrix = getComputedStyle(probe).transform;
    probe.remove();
    return { actual: getComputedStyle(element).transform, expected: matrix };
  }, expected);
}

describe('right to left by dir alone (lang="en")', { timeout: 60_000 }, () => {
  it('a board in a dir="rtl" container mirrors its arrows, chevrons and switch; the same board in dir="ltr" does not', async () => {
    const page = await session.context.newPage();
    await page.goto(`${session.server.origin}/examples/index.html`);
    await page.setContent(`<!doctype html><html lang="en"><head><link rel="stylesheet" href="/cdn/leadkit.css"><script type="module" src="/cdn/leadkit.js"></script></head>
      <body><div dir="ltr" lang="en"><lead-board id="ltr" sp-id="${MAIN_PROVIDER_ID}"></lead-board></div>
      <div dir="rtl" lang="en"><lead-board id="rtl" sp-id="${MAIN_PROVIDER_ID}"></lead-board></div></body></html>`);
    const ltr = page.locator('#ltr');
    const rtl = page.locator('#rtl');
    await Promise.all([boardReady(ltr), boardReady(rtl)]);

    // A collapsed card's arrow points to the inline end: right, then left.
    const collapsedArrow = 'li[data-expanded="false"] .lk-card__arrow';
    const arrowLtr = await transformOf(ltr, collapsedArrow, 'rotate(-45deg)');
    const arrowRtl = await transformOf(rtl, collapsedArrow, 'rotate(135deg)');
    expect(arrowLtr.actual).toBe(arrowLtr.expected);
    expect(arrowRtl.actual).toBe(arrowRtl.expected);

    // 'Next page' points along the line: right, then left.
    const next = '.lk-pagination__chevron[data-direction="next"]';
    const nextLtr = await transformOf(ltr, next, 'rotate(-45deg)');
    const nextRtl = await transformOf(rtl, next, 'rotate(135deg)');
    expect(nextLtr.actual).toBe(nextLtr.expected);
    expect(nextRtl.actual).toBe(nextRtl.expected);

    // The switch's thumb slides to the inline end when it is turned on.
    for (const board of [ltr, rtl]) await board.getByRole('switch', { name: 'Show Unread Messages' }).click();
    // (It slides: its transition is waited for.)
    const thumb = '.lk-switch[aria-checked="true"] .lk-switch__thumb';
    for (const [board, transform] of [
      [ltr, 'translateX(16px)'],
      [rtl, 'translateX(-16px)'],
    ] as const) {
      await expect
        .poll(
          async () => {
            const { actual, expected } = await transformOf(board, thumb, transform);
            return actual === expected;
          },
          { timeout: UI_TIMEOUT_MS },
        )
        .toBe(true);
    }
  });

  it('at 390 px in a dir="rtl" container: an open card\'s sections line up at the right edge, headings and content alike, and "No notes yet." keeps its full stop at its end', async () => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.server.origin}/examples/index.html`);
    await page.setContent(`<!doctype html><html lang="en"><head><link rel="stylesheet" href="/cdn/leadkit.css"><script type="module" src="/cdn/leadkit.js"></script></head>
      <body><div dir="rtl" lang="en"><lead-board id="rtl" sp-id="${MAIN_PROVIDER_ID}"></lead-board></div></body></html>`);
    const board = page.locator('#rtl');
    await boardReady(board);
    const empty = board.locator('.lk-notes__empty').first();
    await empty.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const layout = await empty.evaluate((paragraph: HTMLElement) => {
      const text = paragraph.firstChild as Text;
      const charBox = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect();
      };
      const whole = document.createRange();
      whole.selectNodeContents(paragraph);
      const heading = paragraph.closest('section')!.querySelector('h3')!;
      const headingText = document.createRange();
      headingText.selectNodeContents(heading);
      return {
        text: text.data,
        dir: paragraph.getAttribute('dir'),
        firstLeft: charBox(0).left,
        stopLeft: charBox(text.data.length - 1).left,
        textRight: whole.getBoundingClientRect().right,
        headingRight: headingText.getBoundingClientRect().right,
      };
    });
    expect(layout.text).toBe('No notes yet.');
    expect(layout.dir).toBe('auto');
    // Read left to right ('No notes yet.', not '.No notes yet'): the full stop right of the N.
    expect(layout.stopLeft).toBeGreaterThan(layout.firstLeft);
    // Aligned as its heading: both end at the section's right edge (the page's start).
    expect(Math.abs(layout.textRight - layout.headingRight)).toBeLessThanOrEqual(2);
  });
});

/**
 * Every text of the open card and the filters whose first or last character is punctuation, as
 * laid out: whether it reads left to right — its first character the leftmost of its line, its
 * last the rightmost of its own — for English text on a right-to-left page. A sentence read in the
 * page's direction instead puts its full stop (or its '?', its closing ')') on the wrong side:
 * '.No notes yet'.
 */
const PUNCTUATED_TEXTS = (root: ShadowRoot) => {
  const texts: { text: string; readsLeftToRight: boolean }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const trimmed = node.data.trim();
    // Latin words with punctuation at an end ('No notes yet.', 'Not interested?', '(opens in a new tab)').
    if (!/[A-Za-z]/.test(trimmed) || !(/^[^\p{L}\p{N}]/u.test(trimmed) || /[^\p{L}\p{N}]$/u.test(trimmed))) continue;
    const range = document.createRange();
    const box = (index: number) => {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect();
    };
    const [first, last] = [box(node.data.indexOf(trimmed)), box(node.data.lastIndexOf(trimmed) + trimmed.length - 1)];
    if (first.width === 0 || last.width === 0) continue;
    range.selectNodeContents(node);
    const lineOf = (char: DOMRect) => [...range.getClientRects()].filter((rect) => rect.width > 0 && Math.abs(rect.top - char.top) <= 2);
    const leftmost = Math.min(...lineOf(first).map((rect) => rect.left));
    const rightmost = Math.max(...lineOf(last).map((rect) => rect.right));
    texts.push({ text: trimmed, readsLeftToRight: first.left <= leftmost + 1 && last.right >= rightmost - 1 });
  }
  return texts;
};

describe('right to left: each text in its own direction, lined up with the page', { timeout: 60_000 }, () => {
  it('at 390 px in a dir="rtl" container (lang="en"): the English sentences of an open card and the filters keep their punctuation at their ends, and a placeholder too long for its field shows its beginning', async () => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.server.origin}/examples/index.html`);
    // The lead without a phone number, featured: first and open.
    await page.setContent(`<!doctype html><html lang="en"><head><link rel="stylesheet" href="/cdn/leadkit.css"><script type="module" src="/cdn/leadkit.js"></script></head>
      <body><div dir="rtl" lang="en"><lead-board id="rtl" sp-id="${MAIN_PROVIDER_ID}" lead-id="${SANDBOX_LEADS.noPhone}"></lead-board></div></body></html>`);
    // A placeholder longer than a phone's field (a long language's).
    const placeholder = 'City, state or ZIP code of the place where the job is to be done';
    await page.evaluate((text) => Object.assign(document.querySelector('lead-board')!, { messages: { 'filters.locationPlaceholder': text } }), placeholder);
    const board = page.locator('#rtl');
    await boardReady(board);
    const card = board.locator(`[part="lead-card"][data-lead-id="${SANDBOX_LEADS.noPhone}"]`);
    await card.getByRole('button', { name: 'Contact', exact: true }).click();
    await visible(card.getByText('This customer did not provide a phone number.', { exact: true }));
    await visible(card.getByText('No notes yet.', { exact: true }));
    await board.getByRole('button', { name: 'Show All Filters' }).click();
    const location = board.getByRole('combobox', { name: 'Location' });
    await visible(location);

    const root = await board.evaluateHandle((element) => element.shadowRoot!);
    const texts = await root.evaluate(PUNCTUATED_TEXTS);
    expect(texts.map(({ text }) => text)).toEqual(expect.arrayContaining(['This customer did not provide a phone number.', 'No notes yet.']));
    expect(texts.filter(({ readsLeftToRight }) => !readsLeftToRight)).toEqual([]);

    // The placeholder: in the right-to-left field it shows what the same field shows left to right
    // (its beginning, then an ellipsis), not its end.
    expect(await location.getAttribute('placeholder')).toBe(placeholder);
    const rightToLeft = await location.screenshot();
    await location.evaluate((input) => input.setAttribute('dir', 'ltr'));
    const leftToRight = await location.screenshot();
    expect(rightToLeft.equals(leftToRight)).toBe(true);
    await page.close();
  });
});
