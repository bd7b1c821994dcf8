/**
 * The plain-HTML CMS page (/examples/cms.html): the CDN loader, two <lead-page> tags
 * configured by attributes only, in Debian's Chromium against the real `npm start` e2e.server.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cdnTagChunks, LEAD_REQUEST_PREFIX, seriousAxeViolations, useE2eSession, visible, waitForEvents, watchPage } from './harness';

const UNAVAILABLE_TEXT = 'This lead is no longer available for purchase.';

const e2e = useE2eSession({ viewport: { width: 1280, height: 800 } });

async function openCmsPage() {
  const page: Page = await e2e.context.newPage();
  const watch = await watchPage(page);
  await page.goto(`${e2e.server.origin}/examples/cms.html`);
  await waitForEvents(page, 'lk-load', 2);
  return { page, watch };
}

describe('CMS page (loader + attributes only)', () => {
  it('shows a purchased lead and an unavailable lead side by side, each with its own state', async () => {
    const { page, watch } = await openCmsPage();
    const purchased = page.locator('#purchased-lead');
    const unavailable = page.locator('#unavailable-lead');

    await visible(purchased.getByText('Lead Unlocked', { exact: true }));
    await visible(purchased.getByText('Be the first!', { exact: true }));
    const tel = await purchased.locator('a[href^="tel:"]').getAttribute('href');
    expect(tel).toMatch(/^tel:\+1\d{10}$/);
    expect(await purchased.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await purchased.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
    // Sent 3 h ago to this provider and one other, both bought it — the window left.
    const window = purchased.locator('[part="purchase-window"]');
    await visible(window.getByText('1 of 3 spots left', { exact: true }));
    expect(await window.getByText(/^(20|21) h left$/).count()).toBe(1);

    await visible(unavailable.getByText(UNAVAILABLE_TEXT, { exact: true }));
    // …and why it is gone: sent 30 h ago.
    await visible(unavailable.getByText('Sent more than 24 hours ago', { exact: true }));
    expect(await unavailable.getByText('Lead Unlocked').count()).toBe(0);
    // Not purchased: no customer contact details at all.
    expect(await unavailable.locator('a[href^="tel:"], a[href^="mailto:"]').count()).toBe(0);

    const record = await watch.record();
    expect(
      record.events
        .filter((e) => e.type === 'lk-load')
        .map((e) => e.target)
        .sort(),
    ).toEqual(['purchased-lead', 'unavailable-lead']);
    expect(watch.requested(LEAD_REQUEST_PREFIX).sort()).toEqual([`${LEAD_REQUEST_PREFIX}/300002?spId=1001`, `${LEAD_REQUEST_PREFIX}/300101?spId=1001`]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('loads only the chunks of the tags on the page, and defines tags inserted later', async () => {
    const { page, watch } = await openCmsPage();
    const chunks = cdnTagChunks();
    expect(Object.keys(chunks)).toEqual(expect.arrayContaining(['lead-page', 'lead-app']));
    const leadAppChunk = `/cdn/${chunks['lead-app']}`;
    expect(watch.requested('/cdn/')).toContain(`/cdn/${chunks['lead-page']}`);
    // No other tag's chunk (lead-app, lead-board…), and no other tag defined.
    for (const [tag, file] of Object.entries(chunks)) {
      if (tag === 'lead-page') continue;
      expect(watch.requested('/cdn/'), tag).not.toContain(`/cdn/${file}`);
      expect(await page.evaluate((name) => customElements.get(name) === undefined, tag), tag).toBe(true);
    }

    // A tag the CMS adds later (e.g. a widget block rendered after load) gets its chunk then.
    await page.evaluate(() => {
      const app = document.createElement('lead-app');
      app.id = 'late-app';
      app.setAttribute('base', '/examples');
      app.setAttribute('sp-id', '1001');
      document.querySelector('main')?.append(app);
    });
    await page.waitForFunction(() => customElements.get('lead-app') !== undefined, undefined, { timeout: 10_000 });
    expect(watch.requested('/cdn/')).toContain(leadAppChunk);
    // It renders: /examples/cms.html is no route of the app (base /examples), so the not-found view.
    await visible(page.locator('#late-app').getByText('Page not found', { exact: true }));
    // Shared code is fetched once, not once per tag.
    const cdn = watch.requested('/cdn/');
    expect(cdn.length).toBe(new Set(cdn).size);
    await page.close();
  });

  it('keeps an element’s state when it is moved in the DOM (no second lead request)', async () => {
    const { page, watch } = await openCmsPage();
    const purchased = page.locator('#purchased-lead');
    await visible(purchased.getByText('Lead Unlocked', { exact: true }));
    const before = watch.requested(LEAD_REQUEST_PREFIX).length;
    expect(before).toBe(2);

    // Move the purchased lead into the other column, before the unavailable one.
    await page.evaluate(() => {
      const element = document.getElementById('purchased-lead');
      const target = document.getElementById('unavailable-lead');
      if (!element || !target) throw new Error('widgets missing');
      target.before(element);
    });
    expect(await page.evaluate(() => document.getElementById('purchased-lead')?.nextElementSibling?.id)).toBe('unavailable-lead');
    await visible(purchased.getByText('Lead Unlocked', { exact: true }));
    await page.waitForTimeout(400); // a refetch would have started by now
    expect(watch.requested(LEAD_REQUEST_PREFIX).length).toBe(before);
    expect(await purchased.locator('[aria-busy="true"]').count()).toBe(0);
    expect(await purchased.locator('a[href^="tel:+1"]').count()).toBe(1);
    // The other element was not affected.
    await visible(page.locator('#unavailable-lead').getByText(UNAVAILABLE_TEXT, { exact: true }));
    await page.close();
  });

  it('keeps layout stable while the widgets load (cumulative layout shift ≤ 0.01)', async () => {
    const { page, watch } = await openCmsPage();
    await page.waitForTimeout(500); // late shifts (fonts, images) would show up here
    const record = await watch.record();
    const detail = record.shifts.map((shift) => `${shift.value.toFixed(4)} @${shift.startTime}ms: ${shift.sources.join('; ')}`).join('\n');
    expect(record.cls, `layout shifts:\n${detail}`).toBeLessThanOrEqual(0.01);
    await page.close();
  });

  it('has no serious or critical accessibility violation (shadow roots included)', async () => {
    const { page } = await openCmsPage();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Control: a nameless button put inside a widget's shadow root is found, so axe does look there.
    await page.evaluate(() => document.getElementById('purchased-lead')?.shadowRoot?.append(document.createElement('button')));
    const findings = await seriousAxeViolations(page);
    expect(findings.map((finding) => finding.id)).toEqual(['button-name']);
    expect(findings[0]?.targets.join(' ')).toContain('#purchased-lead');
    await page.close();
  });
});
