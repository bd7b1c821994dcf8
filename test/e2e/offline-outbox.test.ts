/**
 * The board's offline outbox in Debian's Chromium against `npm start`'s sandbox
 * (docs/widgets/lead-board.md#offline-outbox): a status changed while the browser is offline
 * stays on its card as 'Not sent yet', survives a reload (IndexedDB), and reaches the server once,
 * with its idempotency key, when the connection is back.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const READ_PATH = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;

const session = useE2eSession();

describe('the offline outbox', () => {
  for (const { lang, viewport, pending, status, statusValue } of [
    { lang: 'en', viewport: { width: 1280, height: 900 }, pending: 'Not sent yet', status: 'Contacted', statusValue: 'Selling' },
    { lang: 'es', viewport: { width: 390, height: 844 }, pending: 'Sin enviar', status: 'Contactado', statusValue: 'Selling' },
  ] as const) {
    it(`at ${viewport.width} px (${lang}): a status changed offline survives a reload and reaches the server once when back online`, async () => {
      const context = await session.newContext(viewport);
      const page = await context.newPage();
      const watch = await watchPage(page);
      const posted = (match: (path: string) => boolean): Request[] =>
        watch.requests.filter((request) => request.method() === 'POST' && match(new URL(request.url()).pathname));
      await page.goto(`${session.server.origin}/app/lead/board/${SP_ID}?lang=${lang}`);
      const board = page.locator('#office-app [part="lead-board"]');
      const first = board.locator('li[data-lead-id]').first();
      await visible(first.locator('.lk-card__body'));
      await expect.poll(() => posted((path) => path === READ_PATH).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
      const leadId = Number(await first.getAttribute('data-lead-id'));
      const statusPath = `/gateway/lead/office/v2/leads/${leadId}/status`;
      const card = board.locator(`li[data-lead-id="${leadId}"]`);
      // The board's actions (the outbox's engine and storage among them) are fetched once the first
      // screen is done and the page idle: the connection goes after that (offline-actions.test.ts).
      await board.and(page.locator('[data-actions="ready"]')).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });

      await context.setOffline(true);
      const select = card.getByRole('combobox', { name: lang === 'en' ? 'Lead status' : /Estado/ });
      await select.selectOption(statusValue);
      await select.blur();
      await visible(card.locator('[part="outbox-pending"]').getByText(pending, { exact: true }));
      await visible(board.locator('[part="outbox"]').getByText(/1/));
      expect(posted((path) => path === statusPath).filter((request) => request.failure() === null)).toEqual([]);

      // The tab is closed while the connection is still down; the pro opens the board again once it is back.
      await page.close();
      await context.setOffline(false);
      const again = await context.newPage();
      const watchAgain = await watchPage(again);
      const postedAgain = (path: string): Request[] =>
        watchAgain.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
      await again.goto(`${session.server.origin}/app/lead/board/${SP_ID}?lang=${lang}`);
      await expect.poll(() => postedAgain(statusPath).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
      const sent = postedAgain(statusPath)[0]!;
      expect(JSON.parse(sent.postData() ?? '{}')).toEqual({ serviceProviderId: SP_ID, status: statusValue });
      expect((await sent.allHeaders())['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      const reloadedCard = again.locator('#office-app [part="lead-board"]').locator(`li[data-lead-id="${leadId}"]`);
      await visible(reloadedCard.locator('.lk-card__header .lk-status').getByText(status, { exact: true }));
      await expect.poll(() => reloadedCard.locator('[part="outbox-pending"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      // The server holds it, once.
      const sandbox = await fetch(`${session.server.origin}/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
        body: JSON.stringify({ offset: 0, limit: 50, sort: 'NewestOldest', filters: { archived: false, displayLead: true } }),
      });
      const leads = ((await sandbox.json()) as { leads: { leadId: number; status: string }[] }).leads;
      expect(leads.find((lead) => lead.leadId === leadId)?.status).toBe(statusValue);
      // Reloading again sends nothing more (the board's page answered and its first lead read first).
      const reads = postedAgain(READ_PATH).length;
      await again.reload();
      await visible(again.locator('#office-app [part="lead-board"]').locator(`li[data-lead-id="${leadId}"]`));
      await expect.poll(() => postedAgain(READ_PATH).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(reads);
      expect(postedAgain(statusPath)).toHaveLength(1);
      // Offline, the browser reports each request it could not make (the counts asked again after the change, parts preloaded after the first screen); nothing else.
      const failedOffline = watch.requests
        .filter((request) => request.failure()?.errorText === 'net::ERR_INTERNET_DISCONNECTED')
        .map((request) => new URL(request.url()).pathname);
      expect(
        watch.consoleErrors.filter((message) => !message.includes('net::ERR_INTERNET_DISCONNECTED')),
        JSON.stringify(failedOffline),
      ).toEqual([]);
      expect(
        failedOffline.every((path) => path.startsWith('/gateway/') || path.startsWith('/cdn/')),
        JSON.stringify(failedOffline),
      ).toBe(true);
      expect(watchAgain.consoleErrors).toEqual([]);
    });
  }
});
