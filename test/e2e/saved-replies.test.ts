/**
 * Saved replies in the thread's composer (docs/widgets/message-thread.md#saved-replies) in Debian's Chromium against `npm start`,
 * on examples/message-thread.html, whose host script keeps the provider's replies in the
 * sandbox (`/sandbox/saved-replies/{sp}`: set as `savedReplies`, stored on
 * `lk-saved-replies-change`):
 * - keyboard only: `/` in the empty composer, a filter, Enter inserts the reply (nothing sent),
 *   Enter sends it — the sandbox stores exactly that text;
 * - the menu: save the current text, remove a default; the events the host received; the
 *   sandbox keeps the list across a reload, and the office app's thread route (<lead-app>) gets
 *   it through the same property;
 * - at 390 px the open menu fits the screen; no serious axe violations with it open.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const THREAD = '/examples/message-thread.html?user-id=5001&lead-id=300001';
const THURSDAY = 'I can come by Thursday morning. Does that work for you?';
const CHOOSING = 'Thanks for choosing us! Let me know if anything else comes up.';
const MINE = 'Running ten minutes late, see you soon.';
const TEST_TIMEOUT_MS = 45_000;

const e2e = useE2eSession({ viewport: { width: 1280, height: 900 } });

type Change = { savedReplies: { id: string; text: string }[]; change: string; id: string };

async function openThread(page: Page, path = THREAD) {
  await page.goto(`${e2e.server.origin}${path}`);
  const root = page.locator('message-thread, lead-app').first();
  const attach = root.getByRole('button', { name: 'Attach a file' });
  await visible(attach);
  await expect.poll(() => attach.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
  // What the host page hears (events leave the shadow root: bubbles, composed).
  await page.evaluate(() => {
    const w = window as unknown as { changes: unknown[] };
    w.changes = [];
    document.addEventListener('lk-saved-replies-change', (event) => w.changes.push((event as CustomEvent).detail));
  });
  return {
    root,
    box: root.getByRole('textbox', { name: 'Write a message...' }),
    menuButton: root.getByRole('button', { name: 'Saved replies' }),
    menu: root.getByRole('dialog', { name: 'Saved replies' }),
    changes: () => page.evaluate(() => (window as unknown as { changes: Change[] }).changes),
  };
}

const stored = async () =>
  ((await (await fetch(`${e2e.server.origin}/sandbox/saved-replies/${SP_ID}`)).json()) as { savedReplies: Change['savedReplies'] | null }).savedReplies;

describe('saved replies in <message-thread>', () => {
  it(
    'keyboard only: / opens the replies, a filter narrows them, Enter inserts without sending, Enter sends it',
    async () => {
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      const { root, box } = await openThread(page);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/v1\/messages$/.test(new URL(request.url()).pathname)) sent.push(request.postData() ?? '');
      });
      await box.focus();
      await page.keyboard.type('/');
      const listbox = root.getByRole('listbox', { name: 'Saved replies' });
      await visible(listbox);
      expect(await listbox.getByRole('option').count()).toBe(5);
      await page.keyboard.type('thurs');
      await expect.poll(() => listbox.getByRole('option').allTextContents(), { timeout: UI_TIMEOUT_MS }).toEqual([THURSDAY]);
      expect(await box.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option').first().getAttribute('id'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(THURSDAY);
      expect(await listbox.isVisible()).toBe(false);
      // The caret is at the end; the text box kept focus; nothing was sent.
      expect(
        await box.evaluate((el: HTMLTextAreaElement) => [
          el.selectionStart,
          el.value.length,
          el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el,
        ]),
      ).toEqual([THURSDAY.length, THURSDAY.length, true]);
      expect(sent).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => sent.length, { timeout: UI_TIMEOUT_MS }).toBe(1);
      expect(JSON.parse(sent[0]!)).toMatchObject({ text: THURSDAY });
      await visible(root.getByRole('region', { name: 'Messages' }).getByText(THURSDAY));
      expect(await box.inputValue()).toBe('');
      expect(watch.consoleErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'saves the current text and removes a default from the menu: the host hears each change, the sandbox keeps the list across a reload and for the office app',
    async () => {
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      let thread = await openThread(page);
      expect(await stored()).toBeNull();
      await thread.box.fill(MINE);
      await thread.menuButton.focus();
      await page.keyboard.press('Enter');
      await visible(thread.menu);
      expect(await thread.menuButton.getAttribute('aria-expanded')).toBe('true');
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Focus is on the first reply; End goes to 'Save current text as reply'.
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await visible(thread.menu.getByRole('button', { name: MINE }));
      await thread.menu.getByRole('button', { name: `Remove saved reply: ${CHOOSING}` }).click();
      await expect.poll(() => thread.menu.getByRole('button', { name: CHOOSING }).count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      const changes = await thread.changes();
      expect(changes.map((c) => c.change)).toEqual(['add', 'remove']);
      expect(changes[0]?.savedReplies.map((r) => r.text)).toContain(MINE);
      expect(changes[1]).toMatchObject({ change: 'remove', id: 'default-5' });
      const last = changes[1]!.savedReplies;
      expect(last.map((r) => r.text)).not.toContain(CHOOSING);
      await expect.poll(stored, { timeout: UI_TIMEOUT_MS }).toEqual(last);
      await page.keyboard.press('Escape');

      await page.reload();
      thread = await openThread(page);
      await thread.menuButton.click();
      await visible(thread.menu);
      expect(await thread.menu.getByRole('button', { name: /^(?!Remove|Save)/ }).allTextContents()).toEqual(last.map((r) => r.text));

      // The office app's thread route: <lead-app> takes the same property from its host page.
      await page.goto(`${e2e.server.origin}/app/conversation/${SP_ID}/thread/5001?leadId=300001`);
      thread = await openThread(page, `/app/conversation/${SP_ID}/thread/5001?leadId=300001`);
      await thread.menuButton.click();
      await visible(thread.menu.getByRole('button', { name: MINE }));
      expect(await thread.menu.getByRole('button', { name: CHOOSING }).count()).toBe(0);
      expect(watch.consoleErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'at 390 px the composer row and the open menu fit the screen',
    async () => {
      const context = await e2e.newContext({ width: 390, height: 844 });
      const page = await context.newPage();
      const thread = await openThread(page);
      await thread.menuButton.scrollIntoViewIfNeeded();
      await thread.menuButton.click();
      await visible(thread.menu);
      const box = await thread.menu.boundingBox();
      const send = await thread.root.getByRole('button', { name: 'Send', exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0).toBe(true);
      expect(send && send.x + send.width <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
    TEST_TIMEOUT_MS,
  );
});
