/**
 * Links a host hands over, in Chromium (issue 77, F1; docs/embedding.md#links-leadkit-shows): a CMS
 * editor's `<lead-app base="javascript:…">` and `routes.*` builders returning `javascript:` URLs
 * (any case, a space or tab inside, `data:`). On the lite (Preact) flavour such an href ran on click
 * (React blocks it, leaving a dead link); through the URL gate no widget link carries one: the app
 * is at /app, a spec route links to its default, a page of the host's has no link. Each link a host
 * route feeds is clicked and nothing runs, and no widget link is anything but a web page, a phone or
 * an e-mail; the developer gets one `leadkit:` line per input, naming it and never the URL. In `npm test`'s lite pass too (vitest.config.ts, E2E_LITE_FILES).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { troubleshootingUrl } from '../../src/gateway/core/setup-sentences';
import { FIRST_SCREEN_TIMEOUT_MS, firstScreen, injectFault, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const SECTION = troubleshootingUrl('link-refused');

/**
 * The host's routes: every one a script, each naming itself in `window.__ran` if it runs. (A
 * `javascript:` URL whose value is a string replaces the page: each is `void(…)`.)
 */
const HOSTILE_ROUTES = `{
  leadBoard: () => "javascript:void(window.__ran.push('leadBoard'))",
  conversationThread: () => " JaVaScRiPt:void(window.__ran.push('conversationThread'))",
  leadPage: () => "data:text/html,<script>parent.__ran.push('leadPage')<\\/script>",
  callLog: () => "java\\tscript:void(window.__ran.push('callLog'))",
  officeInbox: () => "/\\\\evil.example/inbox",
  logIn: () => "javascript:void(window.__ran.push('logIn'))",
}`;

const e2e = useE2eSession();

/**
 * `body` on a page of the server's origin at `path`, with the loader, `window.__ran` (what ran) and
 * a control: a plain `javascript:` link of the page's own, to show such a link does run here.
 */
async function openPage(page: Page, path: string, body: string): Promise<string[]> {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('leadkit:')) lines.push(message.text());
  });
  await page.goto(`${e2e.server.origin}/`);
  await page.setContent(`<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>host links</title>
<script>window.__ran = []; history.replaceState(null, '', ${JSON.stringify(path)});</script>
<link rel="stylesheet" href="/cdn/leadkit.css" /><script type="module" src="/cdn/leadkit.js"></script></head><body>
<a id="control" href="javascript:void(window.__ran.push('control'))">control</a>
${body}
</body></html>`);
  return lines;
}

/** What ran: the control's own click first, to show that a `javascript:` link does run on this page. */
async function ran(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __ran: string[] }).__ran);
}

/** Every link in the page's shadow roots: its href as written and as the browser reads it. */
function widgetLinks(page: Page): Promise<{ attribute: string; protocol: string }[]> {
  return page.evaluate(() => {
    const found: { attribute: string; protocol: string }[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) walk(element.shadowRoot);
        if (root !== document && element instanceof HTMLAnchorElement && element.hasAttribute('href')) {
          found.push({ attribute: element.getAttribute('href') ?? '', protocol: element.protocol });
        }
      }
    };
    walk(document);
    return found;
  });
}

describe('links a host hands over, on the served flavour (the lite one in the lite pass)', () => {
  it('<lead-app base="javascript:…"> and javascript: routes: the app is at /app, its host-fed links clicked, nothing runs', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const lines = await openPage(
      page,
      '/app/lead/nope',
      `<lead-app base="javascript:void(window.__ran.push('base'))//" sp-id="1001" chat-service="sandbox"></lead-app>
<script type="module">
  const app = document.querySelector('lead-app');
  app.flags = { office_inbox: true };
  app.routes = ${HOSTILE_ROUTES};
</script>`,
    );
    // The control runs: a javascript: link does run on this page.
    await page.locator('#control').click();
    await expect.poll(() => ran(page)).toEqual(['control']);

    // The host's routes are set (a refused one is not a missing one: the lines below name each).
    const app = page.locator('lead-app');
    expect(await app.evaluate((element) => Object.keys((element as unknown as { routes: object }).routes).length)).toBe(6);
    // Not found under the default base; its way on is the default board route, followed in the app.
    await firstScreen(app.getByRole('heading', { name: 'Page not found' }));
    const toLeads = app.getByRole('link', { name: 'Go to your leads' });
    expect(await toLeads.getAttribute('href')).toBe('/app/lead/board/1001');
    await toLeads.click();
    await page.waitForURL(/\/app\/lead\/board\/1001$/, { timeout: UI_TIMEOUT_MS });

    // The board: no 'View Call Log' (its route was refused), the Message links go to the default thread route.
    const card = app.locator('[part~="lead-card"]').first();
    await visible(card, FIRST_SCREEN_TIMEOUT_MS);
    expect(await app.getByRole('link', { name: 'View Call Log' }).count()).toBe(0);
    const message = card.getByRole('link', { name: /^Message/ }).first();
    expect(await message.getAttribute('href')).toMatch(/^\/app\/conversation\/1001\/thread\/\d+\?leadId=\d+$/);

    // No link in any widget is anything but a web page, a phone or an e-mail (React would have
    // written a blocked URL of its own in place of a javascript: one; Preact would have kept it).
    const links = await widgetLinks(page);
    expect(links.length).toBeGreaterThan(3);
    for (const { attribute, protocol } of links) expect(['https:', 'http:', 'tel:', 'mailto:'], attribute).toContain(protocol);
    await message.click();
    await page.waitForURL(/\/app\/conversation\/1001\/thread\/\d+\?leadId=\d+$/, { timeout: UI_TIMEOUT_MS });
    expect(await ran(page)).toEqual(['control']);

    // One line per input (the base, and each refused route that was asked for), naming it, never the URL.
    await expect
      .poll(() => lines.filter((line) => line.includes(SECTION)).map((line) => /^leadkit: `([^`]+)`/.exec(line)?.[1]), { timeout: UI_TIMEOUT_MS })
      .toEqual(expect.arrayContaining(['<lead-app base>', 'routes.leadBoard', 'routes.callLog', 'routes.officeInbox', 'routes.conversationThread']));
    const named = lines.filter((line) => line.includes(SECTION)).map((line) => /^leadkit: `([^`]+)`/.exec(line)?.[1]);
    expect(new Set(named).size).toBe(named.length);
    expect(lines.join('\n')).not.toMatch(/__ran|void\(|evil\.example\/inbox|<script>/);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it("a 401 with a javascript: log-in route: the error has no 'Log in' link, nothing runs", async () => {
    await injectFault(e2e.server.origin, { kind: 'status', status: 401, route: LEADS_ROUTE });
    const page = await e2e.context.newPage();
    await watchPage(page);
    const lines = await openPage(
      page,
      '/office',
      `<lead-board sp-id="1001"></lead-board>
<script type="module">document.querySelector('lead-board').routes = ${HOSTILE_ROUTES};</script>`,
    );
    expect(await page.locator('lead-board').evaluate((element) => typeof (element as unknown as { routes: { logIn?: unknown } }).routes.logIn)).toBe(
      'function',
    );
    const alert = page.locator('lead-board').getByRole('alert');
    await firstScreen(alert.getByText('Sorry, something went wrong. Please try again later.'));
    expect(await alert.getByRole('link').count()).toBe(0);
    for (const { attribute, protocol } of await widgetLinks(page)) expect(['https:', 'http:', 'tel:', 'mailto:'], attribute).toContain(protocol);
    expect(await ran(page)).toEqual([]);
    await expect
      .poll(() => lines.some((line) => line.startsWith('leadkit: `routes.logIn` gave a link leadkit does not show (javascript:)')), { timeout: UI_TIMEOUT_MS })
      .toBe(true);
    await page.close();
  });
});
