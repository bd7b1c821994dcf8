/**
 * A 511 challenge on the board, in Debian's Chromium against `npm start`'s sandbox
 * (docs/gateway.md#511-challenge): in the example office app (/app, whose host gives the gateway
 * an `onChallenge` — its own 'Security check' dialog, as the funnel's partner page does), a status
 * chosen on a card while the sandbox challenges the status call is held, the page's check runs,
 * and once it is passed the server receives the status exactly once, with the key it was sent with.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { injectFault, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const READ_PATH = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;

const e2e = useE2eSession();

describe('a 511 challenge on the office app’s board', { timeout: 60_000 }, () => {
  it('a status change held by the challenge lands once after the page’s check is passed', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const posted = (path: string): Request[] => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
    await page.goto(`${e2e.server.origin}/app/lead/board/${SP_ID}`);
    const board = page.locator('#office-app [part="lead-board"]');
    const first = board.locator('li[data-lead-id]').first();
    await visible(first.locator('.lk-card__body'));
    await expect.poll(() => posted(READ_PATH).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    const leadId = Number(await first.getAttribute('data-lead-id'));
    const statusPath = `/gateway/lead/office/v2/leads/${leadId}/status`;
    await injectFault(e2e.server.origin, { kind: 'challenge', route: `POST ${statusPath}` });

    const select = first.getByRole('combobox', { name: 'Lead status' });
    await select.selectOption('Selling');
    await select.blur();
    const check = page.getByRole('dialog', { name: 'Security check' });
    await visible(check);
    // Held, not rolled back: the card keeps the choice, and says no failure.
    await visible(first.locator('.lk-card__header .lk-status').getByText('Contacted', { exact: true }));
    expect(await first.getByText('We could not change the status of this lead. Please try again.').count()).toBe(0);
    await check.getByRole('button', { name: 'I am not a robot' }).click();

    await expect
      .poll(async () => Promise.all(posted(statusPath).map(async (request) => (await request.response())?.status() ?? null)), { timeout: UI_TIMEOUT_MS })
      .toEqual([511, 200]);
    const [held, replayed] = posted(statusPath);
    expect(JSON.parse(replayed!.postData() ?? '{}')).toEqual({ serviceProviderId: SP_ID, status: 'Selling' });
    const key = (await held!.allHeaders())['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await replayed!.allHeaders())['idempotency-key']).toBe(key);
    // The server holds it; the card still shows it and says no failure.
    const answer = await fetch(`${e2e.server.origin}/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
      body: JSON.stringify({ offset: 0, limit: 50, sort: 'NewestOldest', filters: { archived: false, displayLead: true } }),
    });
    const leads = ((await answer.json()) as { leads: { leadId: number; status: string }[] }).leads;
    expect(leads.find((lead) => lead.leadId === leadId)?.status).toBe('Selling');
    await visible(first.locator('.lk-card__header .lk-status').getByText('Contacted', { exact: true }));
    expect(await first.getByText('We could not change the status of this lead. Please try again.').count()).toBe(0);
    // Nothing more is sent (the board's page fetched again after the change finds it settled).
    await expect.poll(() => posted(`/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(posted(statusPath)).toHaveLength(2);
  });
});
