/**
 * Issue 48 §1: against a gateway without leadkit's counts call (the spec profile answers it 404),
 * a board whose host gave no `leadCounts` asks once: the browser logs that 404 once, leadkit logs
 * nothing, and the next load of the page does not ask again (src/gateway/not-offered.ts). The same
 * for the chat session of a thread the CDN loader starts from its attributes alone: the loader
 * reads the memory too (src/cdn/first-calls-start.ts), so its early calls leave the session out.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, useE2eSession, visible, watchPage } from './harness';

const e2e = useE2eSession({ profile: 'spec' });
const COUNTS = '/gateway/lead/office/v1/leads/serviceProvider/1001/counts';
const SESSION = '/gateway/message-center/v1/chat/session';

/** Adds a board whose gateway config has no `leadCounts` (the page's stand-ins would turn them off), and waits for its first page. */
async function bareBoard(page: Page) {
  await page.evaluate(() => {
    const board = document.createElement('lead-board') as HTMLElement & { gateway?: unknown };
    board.id = 'bare-board';
    board.setAttribute('sp-id', '1001');
    board.gateway = { baseURL: '' };
    document.body.append(board);
  });
  const board = page.locator('#bare-board [part="lead-board"]');
  await boardReady(board);
  return board;
}

describe('an invented call the gateway does not offer', () => {
  it('the counts: one 404 on the first load, none on the next, and no console error from leadkit', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${e2e.server.origin}/examples/office-board.html`);
    await bareBoard(page);
    await expect.poll(() => watch.requests.filter((request) => new URL(request.url()).pathname === COUNTS).length).toBe(1);
    expect(await (await watch.requests.find((request) => new URL(request.url()).pathname === COUNTS)?.response())?.status()).toBe(404);
    // The browser's own line for the 404, and nothing of leadkit's.
    await expect.poll(() => watch.consoleErrors.filter((text) => text.includes('404')).length).toBe(1);
    expect(watch.consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);

    const before = watch.requests.length;
    const errorsBefore = watch.consoleErrors.length;
    await page.reload();
    const board = await bareBoard(page);
    // The filter panel is in (it loads after the first page, with the counts' part): the counts would have been asked by now.
    await board.getByRole('button', { name: /^Lead status/ }).click();
    await visible(board.getByRole('checkbox', { name: 'Not Contacted' }));
    expect(await board.locator('.lk-count, .lk-multi-select__badge').count()).toBe(0);
    expect(watch.requests.slice(before).filter((request) => new URL(request.url()).pathname === COUNTS)).toEqual([]);
    expect(watch.consoleErrors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });

  it('the chat session of a thread started by the CDN loader: one 404 on the first load, none on the next (neither the loader nor the widget)', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    /**
     * Adds a thread with no getChatToken (the session call is its chat token) and a `gateway` that only names the same
     * gateway (the example pages' host stand-ins would give a chat token; the loader still starts such an element's calls).
     */
    const bareThread = async () => {
      await page.evaluate(() => {
        const thread = document.createElement('message-thread') as HTMLElement & { gateway?: unknown };
        thread.gateway = { baseURL: '' };
        for (const [name, value] of Object.entries({ 'sp-id': '1001', 'user-id': '5001', 'lead-id': '300001', 'chat-service': 'sandbox' }))
          thread.setAttribute(name, value);
        document.body.append(thread);
      });
      // Without a chat token the thread says so (spec §4: an error state when the chat client fails to initialize).
      await visible(page.locator('message-thread').getByText('Messaging is currently unavailable for this Lead.', { exact: false }));
    };
    await page.goto(`${e2e.server.origin}/examples/cms.html`);
    await bareThread();
    const sessions = () => watch.requests.filter((request) => new URL(request.url()).pathname === SESSION);
    expect(sessions()).toHaveLength(1);
    expect(await (await sessions()[0]?.response())?.status()).toBe(404);

    const before = watch.requests.length;
    await page.reload();
    await bareThread();
    // The thread's other first calls went out (the loader ran its recipe), the session did not.
    expect(watch.requests.slice(before).some((request) => new URL(request.url()).pathname === '/gateway/message-center/v2/lead/phone_number')).toBe(true);
    expect(watch.requests.slice(before).filter((request) => new URL(request.url()).pathname === SESSION)).toEqual([]);
    await page.close();
  });
});
