/**
 * New leads while the board is open, in Debian's Chromium against `npm start`'s sandbox: a lead
 * created through the sandbox (`POST /sandbox/leads`) appears as '1 new lead' at the board's next
 * check, and activating it shows the lead's card; at a phone's width in es-US too. The board's
 * 30 s wait is a step on the page's clock (Playwright's `page.clock`), not an attribute.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createSandboxLead, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const LEADS_PATH = `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`;
const READ_PATH = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;

const session = useE2eSession();

/** 'Showing X - Y of Z results', in English or Spanish. */
const SHOWING = /^(Showing \d+ - \d+ of|Mostrando \d+ - \d+ de) \d+ (results|resultados)$/;

async function openBoard(context: BrowserContext, search = '') {
  const page = await context.newPage();
  const watch = await watchPage(page);
  // The page's timers on a clock the test moves (it runs on by itself meanwhile).
  await page.clock.install();
  await page.goto(`${session.server.origin}/app/lead/board/${SP_ID}${search}`);
  const board = page.locator('#office-app [part="lead-board"]');
  await visible(board.getByText(SHOWING));
  await board.locator('.lk-filters__panel--loading').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  const calls = (path: string) => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
  // Settled: the first card opened and was marked read.
  await expect.poll(() => calls(READ_PATH).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
  return { page, watch, board, calls };
}

/** A lead for the board's provider, made through the sandbox. */
const createLead = (firstName: string, lastName: string) => createSandboxLead(session.server.origin, SP_ID, firstName, lastName);

/** Moves the page's clock past the board's next check. */
const pastNextCheck = (page: Page) => page.clock.fastForward(31_000);

describe('new leads on an open board', () => {
  it("a lead created through the sandbox appears as '1 new lead'; activating it shows the lead's card on top", async () => {
    const { page, board, calls, watch } = await openBoard(session.context);
    const loads = await page.evaluate(() => window.__lk.events.filter((event) => event.type === 'lk-load').length);
    const leadId = await createLead('Nova', 'Arrival');
    await pastNextCheck(page);
    const button = await visible(board.getByRole('button', { name: '1 new lead' }));
    // The check asked the board's own call, and changed nothing on screen.
    expect(calls(LEADS_PATH)).toHaveLength(2);
    await expect(board.getByText('Nova Arrival').count()).resolves.toBe(0);
    expect(calls(READ_PATH)).toHaveLength(1);
    await expect(page.evaluate(() => window.__lk.events.filter((event) => event.type === 'lk-load').length)).resolves.toBe(loads);
    await button.click();
    const first = board.locator('li[data-lead-id]').first();
    await expect.poll(() => first.getAttribute('data-lead-id'), { timeout: UI_TIMEOUT_MS }).toBe(String(leadId));
    await visible(first.getByText('Nova Arrival'));
    await expect(board.getByRole('button', { name: /new lead/ }).count()).resolves.toBe(0);
    expect(watch.consoleErrors).toEqual([]);
  });

  it("at 390 px in Spanish: '1 cliente potencial nuevo' above the list, nothing moving, the count not hidden", async () => {
    const context = await session.newContext({ width: 390, height: 844 });
    const { page, board } = await openBoard(context, '?lang=es');
    const header = board.locator('.lk-board__list-header');
    const before = await header.boundingBox();
    await createLead('Luz', 'Llegada');
    await pastNextCheck(page);
    const button = await visible(board.getByRole('button', { name: '1 cliente potencial nuevo' }));
    expect(await header.boundingBox()).toEqual(before);
    // On screen, not wider than the phone, and above the list's count (which it does not hide).
    const box = await button.boundingBox();
    const count = await board.getByText(SHOWING).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(box && count && box.y + box.height <= count.y).toBe(true);
    await button.click();
    await visible(board.locator('li[data-lead-id]').first().getByText('Luz Llegada'));
  });
});
