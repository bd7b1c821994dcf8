/**
 * The office app page (/app/…: <lead-app base="/app"> over the route table, docs/widgets/lead-app.md#routes), the React
 * host (/examples/react-host.html, `leadkit/react`) and the index page.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { filesLoweringDir } from '../helpers/css-target';
import { e2eBrowser } from './pool-client';
import {
  firstScreen,
  LEAD_REQUEST_PREFIX,
  ROOT,
  SERVER_START_TIMEOUT_MS,
  seriousAxeViolations,
  startExampleServer,
  visible,
  waitForEvents,
  watchPage,
  type ExampleServer,
} from './harness';

let server: ExampleServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startExampleServer(), e2eBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
}, SERVER_START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string) {
  const page: Page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto(`${server.origin}${path}`);
  return { page, watch, app: page.locator('#office-app') };
}

/**
 * The routes of the spec's table other than the lead page, as the nav links them. A route shows
 * its widget, or a 'Coming soon' placeholder naming it while that widget is not built; never
 * the not-found view.
 */
const ROUTES = [
  { link: 'Lead board', path: '/app/lead/board/1001?leadId=300002&newMessages=true' },
  { link: 'Message thread', path: '/app/conversation/1001/thread/5001?leadId=300001' },
  { link: 'Quote: entry', path: '/app/lead/request_a_quote?withAlId=2001' },
  { link: 'Quote: project', path: '/app/lead/request_a_quote/1001/project' },
  { link: 'Quote: suggestions', path: '/app/lead/request_a_quote/lead/300001/suggestions' },
  { link: 'Quote: summary', path: '/app/lead/request_a_quote/lead/300001/summary' },
] as const;

const BOARD_HEADING = 'Leads for Acme Plumbing & Heating';

/** What the app shows once it has rendered a route. */
async function routeView(app: Locator): Promise<'not-found' | 'widget'> {
  // Right after a navigation: the route's first content (its chunk and data on a cold page).
  await firstScreen(app.locator('[part="app"] > *'));
  if ((await app.locator('[part="not-found"]').count()) > 0) return 'not-found';
  return 'widget';
}

describe('office app (/app)', () => {
  it('deep link to the lead page route renders the lead', async () => {
    const { page, watch, app } = await open('/app/lead?leadId=300002&serviceProviderId=1001');
    await visible(app.getByText('Lead Unlocked', { exact: true }));
    expect(await app.locator('a[href^="tel:+1"]').count()).toBe(1);
    expect(watch.requested(LEAD_REQUEST_PREFIX)).toEqual([`${LEAD_REQUEST_PREFIX}/300002?spId=1001`]);
    // The host nav marks where we are.
    expect(await page.getByRole('link', { name: 'Lead page' }).getAttribute('aria-current')).toBe('page');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('every route of the table answers on a deep link with its widget, unknown paths show not-found', async () => {
    const { page, app } = await open(ROUTES[0].path);
    const seen: string[] = [];
    for (const route of ROUTES) {
      if (route !== ROUTES[0]) await page.goto(`${server.origin}${route.path}`);
      const view = await routeView(app);
      seen.push(`${route.link}: ${view}`);
      expect(view, route.path).toBe('widget');
    }
    // The thread route shows the thread with that member (the seeded member 5001).
    await page.goto(`${server.origin}${ROUTES[1].path}`);
    await visible(app.getByRole('heading', { name: /^Your messages with / }));
    console.log(`office app routes: ${seen.join(', ')}`);

    for (const path of ['/app/lead/no-such-page', '/app/conversation/1001', '/app/lead?leadId=abc&serviceProviderId=1001', '/app/lead/board/not-a-number']) {
      await page.goto(`${server.origin}${path}`);
      expect(await routeView(app), path).toBe('not-found');
      const notFound = app.locator('[part="not-found"]');
      await visible(notFound.getByText('Page not found', { exact: true }));
      expect(await notFound.textContent(), path).toContain('Oops! We apologize for the inconvenience, it appears the content you requested was not found.');
    }
    await page.close();
  });

  it('the lead board route asks for the featured lead with the unread filter on', async () => {
    const { page, watch, app } = await open(ROUTES[0].path);
    await visible(app.getByRole('heading', { name: BOARD_HEADING }));
    const list = watch.requests.find(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/gateway/lead/office/v6/leads/serviceProvider/1001',
    );
    expect(list, 'the board list call').toBeDefined();
    const body = list?.postDataJSON() as { featuredLeadId?: number; filters?: { hasUnreadMessages?: boolean } };
    expect(body.featuredLeadId).toBe(300002);
    expect(body.filters?.hasUnreadMessages).toBe(true);
    await page.close();
  });

  it('client-side navigation through the nav and history keeps one page', async () => {
    const { page, watch, app } = await open('/app/lead?leadId=300002&serviceProviderId=1001');
    await visible(app.getByText('Lead Unlocked', { exact: true }));
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await page.getByRole('link', { name: 'Lead board' }).click();
    await visible(app.getByRole('heading', { name: BOARD_HEADING }));
    expect(new URL(page.url()).pathname).toBe('/app/lead/board/1001');
    expect(new URL(page.url()).search).toBe('?leadId=300002&newMessages=true');
    expect(await page.getByRole('link', { name: 'Lead board' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Quote: entry' }).click();
    expect(await routeView(app)).not.toBe('not-found');
    expect(new URL(page.url()).pathname).toBe('/app/lead/request_a_quote');

    await page.getByRole('link', { name: 'Unknown path' }).click();
    await visible(app.locator('[part="not-found"]').getByText('Page not found', { exact: true }));

    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/app/lead/request_a_quote');
    expect(await routeView(app)).not.toBe('not-found');
    await page.goBack();
    await visible(app.getByRole('heading', { name: BOARD_HEADING }));
    await page.goBack();
    await visible(app.getByText('Lead Unlocked', { exact: true }));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/app/lead?leadId=300002&serviceProviderId=1001');

    // One document for the whole trip: no page load after the first.
    expect(watch.requests.filter((request) => request.isNavigationRequest()).length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await page.close();
  });

  it("provider 1003 (office inbox on): a lead's Message link leaves the app for the site's inbox page, after lk-navigate", async () => {
    const { page, watch, app } = await open('/app/lead/board/1003');
    // The page signs in as the provider its address names (examples/app-host.js).
    expect(await app.getAttribute('sp-id')).toBe('1003');
    await visible(app.getByRole('heading', { name: 'Leads for Front Range Roofing & Gutters' }));
    const message = app.locator('[part~="message-button"]').first();
    await visible(message);
    const href = await message.getAttribute('href');
    expect(href).toMatch(/^\/app\/office\/1003\/inbox\?userId=\d+$/);
    // What lk-navigate said, kept across the page load it announces.
    await page.evaluate(() =>
      document.addEventListener('lk-navigate', (event) => sessionStorage.setItem('lk-navigate', JSON.stringify((event as CustomEvent).detail)), true),
    );
    await message.click();
    await page.waitForURL((url) => url.pathname === '/app/office/1003/inbox');
    expect(new URL(page.url()).search).toBe(href!.slice(href!.indexOf('?')));
    // A real navigation (a second document), to the site's page — not the app's 'Page not found'.
    await visible(page.getByRole('heading', { level: 1, name: 'Office inbox' }));
    expect(await page.locator('#office-app').count()).toBe(0);
    expect(watch.requests.filter((request) => request.isNavigationRequest()).length).toBe(2);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('lk-navigate'))) ?? 'null')).toMatchObject({
      kind: 'office-inbox',
      newTab: false,
      url: expect.stringContaining(href!),
    });
    await page.close();
  });

  it('has no serious or critical accessibility violation (lead page, board, thread route, not found)', async () => {
    for (const path of ['/app/lead?leadId=300002&serviceProviderId=1001', ROUTES[0].path, ROUTES[1].path, '/app/lead/no-such-page']) {
      const { page, app } = await open(path);
      await visible(app.locator('[part="unlocked"], [part="lead-card"], [part="thread-header"], [part="not-found"]'));
      expect(await seriousAxeViolations(page), path).toEqual([]);
      await page.close();
    }
  });
});

describe('React host (/examples/react-host.html)', () => {
  it('renders <LeadPage> from leadkit/react; onLoad drives the host’s own "loaded" line', async () => {
    const { page, watch } = await open('/examples/react-host.html');
    const status = page.getByTestId('host-status');
    await page.waitForFunction(() => document.querySelector('[data-testid="host-status"]')?.textContent === 'loaded', undefined, { timeout: 10_000 });
    // The line is the host's, outside the widget.
    expect(await status.evaluate((element) => element.closest('lead-page') === null && !(element.getRootNode() instanceof ShadowRoot))).toBe(true);
    const widget = page.locator('lead-page');
    await visible(widget.getByText('Lead Unlocked', { exact: true }));
    expect(await widget.locator('a[href^="tel:+1"]').count()).toBe(1);

    // New props: the same element shows another lead.
    await page.getByRole('button', { name: 'Unavailable lead (300101)' }).click();
    await visible(widget.getByText('This lead is no longer available for purchase.', { exact: true }));
    await page.waitForFunction(() => document.querySelector('[data-testid="host-status"]')?.textContent === 'loaded', undefined, { timeout: 10_000 });
    expect(await page.locator('lead-page').count()).toBe(1);
    expect(watch.requested(LEAD_REQUEST_PREFIX)).toEqual([`${LEAD_REQUEST_PREFIX}/300002?spId=1001`, `${LEAD_REQUEST_PREFIX}/300101?spId=1001`]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it("keeps leadkit's right-to-left rules as `:dir(rtl)` in the app's build of leadkit's source (not lowered to a list of languages)", () => {
    expect(filesLoweringDir(path.join(ROOT, 'dist', 'examples', 'react-host'))).toEqual([]);
  });

  it('has no serious or critical accessibility violation', async () => {
    const { page } = await open('/examples/react-host.html');
    await waitForEvents(page, 'lk-load', 1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('index page (/)', () => {
  it('links every example, and every link answers', async () => {
    const { page } = await open('/');
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const path of [
      '/examples/cms.html',
      '/examples/strict-csp.html',
      '/examples/react-host.html',
      '/examples/errors.html',
      '/app/lead?leadId=300002&serviceProviderId=1001',
    ]) {
      expect(hrefs).toContain(`${server.origin}${path}`);
    }
    for (const href of new Set(hrefs)) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
    // It explains the sandbox: the member token, the provider, curl for faults.
    const text = await page.locator('main').textContent();
    expect(text).toContain('Authorization: OneTime sandbox-member-token-5001');
    expect(text).toContain('X-Caller-Id: 1001');
    expect(text).toContain(`curl -s -X POST ${server.origin}/sandbox/faults`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
