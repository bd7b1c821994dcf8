/**
 * /examples/strict-csp.html, served with
 * `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'`: the widgets
 * render fully styled (adopted style sheets) with no CSP violation and no console error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eBrowser } from './pool-client';
import { SERVER_START_TIMEOUT_MS, seriousAxeViolations, startExampleServer, visible, waitForEvents, watchPage, type ExampleServer } from './harness';

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";

let server: ExampleServer;
let browser: Browser;
let page: Page;
let watch: Awaited<ReturnType<typeof watchPage>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startExampleServer(), e2eBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The listeners are in place before the page's first script (devtools-injected, not the page's).
  watch = await watchPage(page);
  const response = await page.goto(`${server.origin}/examples/strict-csp.html`);
  expect(response?.headers()['content-security-policy']).toBe(POLICY);
  await waitForEvents(page, 'lk-load', 2);
}, SERVER_START_TIMEOUT_MS + 20_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Computed style of an element inside a widget's shadow root. */
async function styleOf(selector: string, properties: readonly string[]): Promise<Record<string, string>> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    }, properties);
}

describe('strict CSP page', () => {
  it('renders both widgets with their content', async () => {
    await visible(page.locator('#purchased-lead').getByText('Lead Unlocked', { exact: true }));
    await visible(page.locator('#unavailable-lead').getByText('This lead is no longer available for purchase.', { exact: true }));
  });

  it('styles the widgets from their adopted sheets (computed styles differ from UA defaults)', async () => {
    const banner = await styleOf('#purchased-lead [part="beta-banner"]', ['background-image', 'color', 'border-top-left-radius', 'padding-top']);
    expect(banner['background-image']).toContain('linear-gradient');
    expect(banner.color).toBe('rgb(255, 255, 255)');
    expect(banner['border-top-left-radius']).not.toBe('0px');
    expect(banner['padding-top']).not.toBe('0px');

    const card = await styleOf('#purchased-lead [part="lead-card"]', ['border-top-style', 'background-color', 'display']);
    expect(card['border-top-style']).toBe('solid');
    expect(card.display).toBe('grid');

    // The host page themes the widgets through a custom property, from its own external sheet.
    const link = await styleOf('#purchased-lead a[href^="tel:"]', ['color']);
    expect(link.color).toBe('rgb(91, 61, 153)'); // --lk-color-primary: #5b3d99 in strict-csp.css

    // Host page styles come from the external /examples/strict-csp.css.
    const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(body).toContain('Georgia');
  });

  it('has no securitypolicyviolation event and no console error', async () => {
    const record = await watch.record();
    expect(record.csp).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('has no serious or critical accessibility violation (shadow roots included)', async () => {
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  // Last: it breaks the policy on purpose, to prove the listener above would have seen a violation.
  it('the violation listener does catch a violation (control)', async () => {
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.append(style);
    });
    await page.waitForFunction(() => window.__lk.csp.length > 0, undefined, { timeout: 5000 });
    const record = await watch.record();
    expect(record.csp.map((violation) => violation.directive)).toEqual(['style-src-elem']);
  });
});

describe('strict CSP page rendered on the server (/server/strict-csp.html)', () => {
  it('shows both first screens styled by their linked stylesheet, hydrates them in place, with no violation and no console error', async () => {
    const served = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const servedWatch = await watchPage(served);
    const response = await served.goto(`${server.origin}/server/strict-csp.html`, { waitUntil: 'commit' });
    expect(response?.headers()['content-security-policy']).toBe(POLICY);
    // The server's node, before the loader defines the tag (a declarative root from the HTML).
    await served.waitForFunction(() => document.querySelector('#purchased-lead')?.shadowRoot?.querySelector('[part="lead-card"]'));
    await served.evaluate(() => {
      (window as unknown as { serverCard: unknown }).serverCard = document.querySelector('#purchased-lead')?.shadowRoot?.querySelector('[part="lead-card"]');
    });
    await waitForEvents(served, 'lk-load', 2);
    await visible(served.locator('#unavailable-lead').getByText('This lead is no longer available for purchase.', { exact: true }));
    const card = await served.locator('#purchased-lead [part="lead-card"]').evaluate((element) => getComputedStyle(element).display);
    expect(card).toBe('grid');
    expect(
      await served.evaluate(
        () =>
          document.querySelector('#purchased-lead')?.shadowRoot?.querySelector('[part="lead-card"]') ===
          (window as unknown as { serverCard: unknown }).serverCard,
      ),
    ).toBe(true);
    const record = await servedWatch.record();
    expect(record.csp).toEqual([]);
    expect(servedWatch.consoleErrors).toEqual([]);
    await served.close();
  });
});
