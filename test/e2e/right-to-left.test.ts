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
import { MAIN_PROVIDER_ID } from '@leadkit/sandbox';
import { boardReady, UI_TIMEOUT_MS, useE2eSession } from './harness';

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
