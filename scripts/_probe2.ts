import { launchChromium } from '../test/helpers/browser';
import { docsSiteDir, serveSite } from '../test/helpers/docs-site';
const server = await serveSite(docsSiteDir());
const browser = await launchChromium();
for (const width of [390, 1280]) {
  for (const id of ['elements-lead-board-list--loading', 'elements-lead-board-list--default']) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${server.url}iframe.html?id=${id}&viewMode=story`);
    await page.waitForTimeout(4000);
    const info = await page.evaluate(() => {
      const root = document.querySelector('[data-testid]')?.shadowRoot;
      const header = root?.querySelector('.lk-board__list-header') as HTMLElement | null;
      const list = root?.querySelector('.lk-board__list') as HTMLElement | null;
      const sort = root?.querySelector('select')?.closest('label, div') as HTMLElement | null;
      return { header: header?.getBoundingClientRect().height, headerTop: header?.getBoundingClientRect().top, listTop: list?.getBoundingClientRect().top, firstCard: (root?.querySelector('.lk-card') as HTMLElement | null)?.getBoundingClientRect().height, sortHtml: sort?.outerHTML.slice(0, 300) };
    });
    console.log(width, id.split('--')[1], JSON.stringify(info));
    await page.close();
  }
}
await browser.close();
await server.close();
