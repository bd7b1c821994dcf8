/**
 * Drafts that survive a reload (docs/drafts.md) in Debian's Chromium against `npm start`'s sandbox,
 * on the office app (examples/app.html: <lead-app chat-service="sandbox">), with the browser's
 * real IndexedDB (each test has a fresh browser context, so a fresh database):
 * - the thread: type, reload, the text is back with 'Draft restored'; send; reload; it is gone;
 * - a board card's 'Your Notes': the same, with Save;
 * - what is kept is ids and the pro's own text only (read back from IndexedDB).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { boardReady, UI_TIMEOUT_MS, useE2eSession, visible } from './harness';

const SP_ID = 1001;
const USER_ID = 5001;
const LEAD_ID = 300001;
const e2e = useE2eSession();

/** Every record in leadkit's draft store, as [key, value]. */
async function keptDrafts(page: Page): Promise<[string, { text: string; savedAt: number }][]> {
  return page.evaluate(
    () =>
      new Promise<[string, { text: string; savedAt: number }][]>((resolve, reject) => {
        const open = indexedDB.open('leadkit');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('drafts').objectStore('drafts');
          const keys = read.getAllKeys();
          const values = read.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(keys.result.map((key, index) => [String(key), values.result[index] as { text: string; savedAt: number }]));
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/**
 * Waits until the page's draft store has opened its database. Its code is a chunk fetched when the
 * first editor reads its draft (after the first content): text typed and the page reloaded while
 * that chunk is still on its way is not kept (the pagehide flush has nothing to write through
 * yet) — a race the board's test met on a cold server (the card opens, 'Edit' at once).
 */
async function draftStoreOpen(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'leadkit')), { timeout: UI_TIMEOUT_MS }).toBe(true);
}

describe('drafts survive a reload', { timeout: 60_000 }, () => {
  it('thread: type, reload — the text is back; send; reload — it is gone', async () => {
    const page = await e2e.context.newPage();
    await page.goto(`${e2e.server.origin}/app/conversation/${SP_ID}/thread/${USER_ID}?leadId=${LEAD_ID}`);
    const root = page.locator('lead-app');
    const box = root.getByRole('textbox', { name: 'Write a message...' });
    const ready = async () => {
      const attach = root.getByRole('button', { name: 'Attach a file' });
      await visible(attach);
      await expect.poll(() => attach.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    };
    await ready();
    await draftStoreOpen(page);
    // Typed as keys; reloaded once the draft is kept (written 400 ms after the typing stops). A
    // reload straight after typing relies on the pagehide write, which a browser may cut short while
    // the page unloads (the board's journey lost it on a busy CI machine): not asserted here.
    await box.click();
    await page.keyboard.type('I can come by Thursday at 9.');
    await expect
      .poll(() => keptDrafts(page), { timeout: UI_TIMEOUT_MS })
      .toEqual([[`leadkit:draft:v1:sp:${SP_ID}:thread:${USER_ID}`, { text: 'I can come by Thursday at 9.', savedAt: expect.any(Number) as number }]]);
    await page.reload();
    await ready();
    await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('I can come by Thursday at 9.');
    await visible(root.getByRole('status').filter({ hasText: 'Draft restored' }));
    expect(await keptDrafts(page)).toEqual([
      [`leadkit:draft:v1:sp:${SP_ID}:thread:${USER_ID}`, { text: 'I can come by Thursday at 9.', savedAt: expect.any(Number) as number }],
    ]);

    await root.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    const list = root.getByRole('region', { name: 'Messages' });
    await visible(list.getByText('I can come by Thursday at 9.').last());
    await expect.poll(() => keptDrafts(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);

    await page.reload();
    await ready();
    await page.waitForTimeout(300);
    expect(await box.inputValue()).toBe('');
    expect(await root.getByText('Draft restored').count()).toBe(0);
  });

  it("board: 'Your Notes' typed, reload — the editor is open with it; Save; reload — it is gone", async () => {
    const page = await e2e.context.newPage();
    const open = async () => {
      const board = page.locator('#office-app [part="lead-board"]');
      await boardReady(board);
      const card = board.locator(`li[data-lead-id="${LEAD_ID}"]`);
      await visible(card.getByRole('combobox', { name: 'Lead status' }));
      return card.getByRole('region', { name: 'Your Notes' });
    };
    await page.goto(`${e2e.server.origin}/app/lead/board/${SP_ID}?leadId=${LEAD_ID}`);
    let notes: Locator = await open();
    await draftStoreOpen(page);
    await notes.getByRole('button', { name: 'Edit' }).click();
    await page.keyboard.type('Gate code is 4411.');
    await expect
      .poll(() => keptDrafts(page), { timeout: UI_TIMEOUT_MS })
      .toEqual([[`leadkit:draft:v1:sp:${SP_ID}:lead:${LEAD_ID}`, { text: 'Gate code is 4411.', savedAt: expect.any(Number) as number }]]);
    await page.reload();
    notes = await open();
    const editor = notes.getByRole('textbox', { name: 'Your Notes' });
    await expect.poll(() => editor.inputValue({ timeout: 1000 }).catch(() => null), { timeout: UI_TIMEOUT_MS }).toBe('Gate code is 4411.');
    await visible(notes.getByRole('status').filter({ hasText: 'Draft restored' }));
    // The restored editor does not take the focus from the page.
    expect(await editor.evaluate((element) => element.matches(':focus'))).toBe(false);
    expect(await keptDrafts(page)).toEqual([
      [`leadkit:draft:v1:sp:${SP_ID}:lead:${LEAD_ID}`, { text: 'Gate code is 4411.', savedAt: expect.any(Number) as number }],
    ]);

    await notes.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notes.getByRole('textbox').count()).toBe(0);
    await expect(notes.locator('p.lk-pre').textContent()).resolves.toBe('Gate code is 4411.');
    await expect.poll(() => keptDrafts(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);

    await page.reload();
    notes = await open();
    await page.waitForTimeout(300);
    expect(await notes.getByRole('textbox').count()).toBe(0);
    await expect(notes.locator('p.lk-pre').textContent()).resolves.toBe('Gate code is 4411.');
  });
});
