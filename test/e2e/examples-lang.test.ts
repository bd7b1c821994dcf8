/**
 * The examples' language switch (examples/lang.js, a deferred script in each page's <head>): the
 * index keeps the choice for the tab and marks it, a page then takes it — its <html lang> and, for
 * Arabic, `dir="rtl"` — before the loader runs, so its widgets render in that direction from the
 * first render; `?lang=` on a page chooses there too.
 */
import { describe, expect, it } from 'vitest';
import { useE2eSession, visible, watchPage } from './harness';

const session = useE2eSession();

describe('the examples’ language switch (deferred)', () => {
  it('keeps the choice made on the index for the tab; each page takes it before its widgets render', async () => {
    const page = await session.context.newPage();
    await watchPage(page);
    await page.goto(`${session.server.origin}/?lang=ar`);
    const current = page.locator('[data-lang-switch] a[aria-current="true"]');
    await expect.poll(() => current.getAttribute('data-lang')).toBe('ar');
    // The index itself stays an English page.
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', '']);

    // What the board saw as it first rendered: the page's direction when the tag was defined.
    await page.addInitScript(() => {
      const define = customElements.define.bind(customElements);
      customElements.define = (name, constructor, options) => {
        if (name === 'lead-board') (window as unknown as { dirAtDefine: string }).dirAtDefine = document.documentElement.dir;
        define(name, constructor, options);
      };
    });
    await page.goto(`${session.server.origin}/examples/office-board.html`);
    await visible(page.locator('#board [part~="lead-card"]').first());
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.evaluate(() => (window as unknown as { dirAtDefine: string }).dirAtDefine)).toBe('rtl');

    await page.goto(`${session.server.origin}/examples/office-board.html?lang=es`);
    await visible(page.locator('#board [part~="lead-card"]').first());
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es-US', '']);
  });
});
