/**
 * The lead page's error banner by HTTP status (docs/gateway.md#errors), for real failures (401, 403) and
 * for faults injected into the running sandbox over HTTP (POST /sandbox/faults).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  clearFaults,
  injectFault,
  LEAD_PAGE_ROUTE,
  LEAD_REQUEST_PREFIX,
  seriousAxeViolations,
  useE2eSession,
  visible,
  waitForEvents,
  watchPage,
} from './harness';

const OTHER_STATUS_TEXT = 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.';

const e2e = useE2eSession();

/** The errors page with its two real failures shown. */
async function openErrorsPage() {
  const page: Page = await e2e.context.newPage();
  const watch = await watchPage(page);
  await page.goto(`${e2e.server.origin}/examples/errors.html`);
  await waitForEvents(page, 'lk-error', 2);
  return { page, watch };
}

/** Adds a <lead-page> with these attributes to the page (the loader defines it). */
async function addLeadPage(page: Page, id: string, attributes: Record<string, string>) {
  await page.evaluate(
    ([elementId, attrs]) => {
      const element = document.createElement('lead-page');
      element.id = elementId as string;
      for (const [name, value] of Object.entries(attrs as Record<string, string>)) element.setAttribute(name, value);
      document.querySelector('main')?.append(element);
    },
    [id, attributes] as const,
  );
  return page.locator(`#${id}`);
}

async function errorEventFor(page: Page, target: string) {
  await page.waitForFunction((t) => window.__lk.events.some((e) => e.type === 'lk-error' && e.target === t), target, { timeout: 10_000 });
  const record = await page.evaluate(() => window.__lk);
  return record.events.find((e) => e.type === 'lk-error' && e.target === target)?.detail as { status: number | null; kind: string };
}

describe('lead page error banners', () => {
  it('401: customer mode without a one-time token, and a 401 from the gateway', async () => {
    const { page } = await openErrorsPage();
    const banner = page.locator('#error-401 [role="alert"]');
    await visible(banner.getByText('Unauthorized', { exact: true }));
    await visible(banner.getByText('You are not logged in. Please log in.', { exact: true }));
    expect((await errorEventFor(page, 'error-401')).status).toBe(401);

    await injectFault(e2e.server.origin, { kind: 'status', status: 401, route: LEAD_PAGE_ROUTE });
    const element = await addLeadPage(page, 'fault-401', { 'lead-id': '300002', 'sp-id': '1001' });
    await visible(element.locator('[role="alert"]').getByText('Unauthorized', { exact: true }));
    expect((await errorEventFor(page, 'fault-401')).status).toBe(401);
    // A 401 is not retried: no Retry button.
    expect(await element.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.close();
  });

  it('403: a lead never sent to the provider', async () => {
    const { page, watch } = await openErrorsPage();
    const banner = page.locator('#error-403 [role="alert"]');
    await visible(banner.getByText('Forbidden', { exact: true }));
    await visible(banner.getByText('You do not have access to view this content.', { exact: true }));
    expect((await errorEventFor(page, 'error-403')).status).toBe(403);
    expect(watch.requested(LEAD_REQUEST_PREFIX)).toEqual([`${LEAD_REQUEST_PREFIX}/300104?spId=1001`]);
    // No lead data leaks into an error state.
    expect(await page.locator('#error-403').getByText('Lead Unlocked').count()).toBe(0);
    await page.close();
  });

  it('500: the status banner with a retry that loads the lead once the gateway is back', async () => {
    const { page } = await openErrorsPage();
    await injectFault(e2e.server.origin, { kind: 'status', status: 500, route: LEAD_PAGE_ROUTE });
    const element = await addLeadPage(page, 'fault-500', { 'lead-id': '300002', 'sp-id': '1001' });
    const banner = element.locator('[role="alert"]');
    await visible(banner.getByText('Internal Server Error', { exact: true }));
    await visible(banner.getByText('Our services are down at the moment. Please try again later.', { exact: true }));
    expect((await errorEventFor(page, 'fault-500')).status).toBe(500);

    await clearFaults(e2e.server.origin);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await visible(element.getByText('Lead Unlocked', { exact: true }));
    expect(await element.locator('[role="alert"]').count()).toBe(0);
    await page.close();
  });

  it('an unknown status (418) shows the catch-all text', async () => {
    const { page } = await openErrorsPage();
    await injectFault(e2e.server.origin, { kind: 'status', status: 418, route: LEAD_PAGE_ROUTE });
    const element = await addLeadPage(page, 'fault-418', { 'lead-id': '300002', 'sp-id': '1001' });
    await visible(element.locator('[role="alert"]').getByText(OTHER_STATUS_TEXT, { exact: true }));
    expect((await errorEventFor(page, 'fault-418')).status).toBe(418);
    await page.close();
  });

  it('a custom error-message wins over the status text', async () => {
    const { page } = await openErrorsPage();
    await injectFault(e2e.server.origin, { kind: 'status', status: 503, route: LEAD_PAGE_ROUTE });
    const element = await addLeadPage(page, 'fault-custom', { 'lead-id': '300002', 'sp-id': '1001', 'error-message': 'Leads are taking a short break.' });
    const banner = element.locator('[role="alert"]');
    await visible(banner.getByText('Leads are taking a short break.', { exact: true }));
    expect(await banner.getByText('The service is temporarily unavailable. Please try again later.').count()).toBe(0);
    await page.close();
  });

  it('has no serious or critical accessibility violation', async () => {
    const { page } = await openErrorsPage();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
