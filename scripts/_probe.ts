import { launchChromium } from '../test/helpers/browser';
import { docsSiteDir, serveSite } from '../test/helpers/docs-site';
const id = process.env.ID ?? 'elements-lead-board-bulk-actions--phone';
const width = Number(process.env.W ?? 390);
const server = await serveSite(docsSiteDir());
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width, height: 844 } });
await page.goto(`${server.url}iframe.html?id=${id}&viewMode=story${process.env.GLOBALS ? `&globals=${process.env.GLOBALS}` : ''}`);
await page.waitForFunction(() => {
  const host = document.querySelector('[data-testid]')?.shadowRoot ?? document.querySelector('lead-board')?.shadowRoot;
  return !!host?.querySelector(process.env.SEL ?? '.lk-bulk');
}, undefined, { timeout: 60_000 }).catch(() => console.log('selector never came'));
await page.waitForTimeout(2000);
const info = await page.evaluate(() => {
  const root = (document.querySelector('[data-testid]')?.shadowRoot ?? document.querySelector('lead-board')?.shadowRoot)!;
  const bulk = root.querySelector('.lk-bulk') as HTMLElement | null;
  const header = root.querySelector('.lk-board__list-header') as HTMLElement | null;
  return {
    scrollY: window.scrollY,
    docH: document.documentElement.scrollHeight,
    bulk: bulk?.getBoundingClientRect().toJSON(),
    header: header?.getBoundingClientRect().toJSON(),
    vis: bulk ? getComputedStyle(bulk).visibility : null,
    text: bulk?.textContent,
  };
});
console.log(JSON.stringify(info, null, 1));
await page.screenshot({ path: '/tmp/probe-view.png' });
await page.screenshot({ path: '/tmp/probe-full.png', fullPage: true, animations: 'disabled', caret: 'hide' });
await browser.close();
await server.close();
