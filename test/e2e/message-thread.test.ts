// @vitest-environment node
/**
 * The message thread (issue 7; spec §2 "Message thread", §4, §5, §8) in Debian's Chromium
 * against `npm start`'s sandbox, with the sandbox chat adapter (`chat-service="sandbox"` on the
 * office app's <lead-app> and on examples/message-thread.html):
 * - from the board's Message link into the thread; send a text and a photo; the simulated
 *   customer's replies arrive live (server-sent events);
 * - scrolling up loads the older page and keeps the reading position;
 * - a send whose answer is dropped shows Retry, and Retry delivers it exactly once (the sandbox
 *   stores one message);
 * - keyboard only: type, Enter sends; the page has no serious axe violations;
 * - issue 17 §1, at 390 px with touch: an own message's state goes to Delivered, then Read when
 *   the simulated customer reads before answering; its typing shows; nothing in the bubble or
 *   its time line moves when the state changes; the provider's typing goes out (POST …/typing);
 * - day separators ('Yesterday', then dates) in the 10,000-message thread;
 * - a thread opened with unread customer messages opens at 'New messages', not at the bottom,
 *   and without it once read.
 * Every test starts from fresh seed data (POST /sandbox/reset, which also clears faults).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const MC = '/gateway/message-center';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC', 'base64');
/** The sandbox's simulated customer (packages/sandbox/src/chat.ts): its first answer, and the one after a photo. */
const FIRST_REPLY = 'Thanks for getting back to me!';
const PHOTO_REPLY = 'Thanks for the photo, that helps.';
/** Sends, live replies (2.5 s each) and uploads: more than vitest's default 5 s. */
const TEST_TIMEOUT_MS = 45_000;
const PROVIDER_HEADERS = { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP_ID) };

const e2e = useE2eSession({ viewport: { width: 1280, height: 1000 } });

/** The texts the sandbox stored in a thread, read back through the gateway (session token + messages page). */
async function storedTexts(userId: number): Promise<string[]> {
  const session = (await (
    await fetch(`${e2e.server.origin}${MC}/v1/chat/session`, { method: 'POST', headers: PROVIDER_HEADERS, body: JSON.stringify({ serviceProviderId: SP_ID, userId }) })
  ).json()) as { conversationSid: string; token: string };
  const page = (await (
    await fetch(`${e2e.server.origin}${MC}/v1/chat/conversations/${session.conversationSid}/messages?pageSize=100`, {
      headers: { ...PROVIDER_HEADERS, Authorization: `Bearer ${session.token}` },
    })
  ).json()) as { messages: { body: string | null }[] };
  return page.messages.map((m) => m.body ?? '');
}

function thread(page: Page) {
  const root = page.locator('message-thread, lead-app').first();
  return {
    root,
    list: root.getByRole('region', { name: 'Messages' }),
    box: root.getByRole('textbox', { name: 'Write a message...' }),
    send: root.getByRole('button', { name: 'Send' }),
  };
}

/** The list is ready when the composer can attach a file (the chat is open). */
async function ready(page: Page) {
  const attach = page.getByRole('button', { name: 'Attach a file' });
  await visible(attach);
  await expect.poll(() => attach.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
}

describe('<message-thread> in Chromium with the sandbox chat', () => {
  it('opens from the board’s Message link, sends a text and a photo, and shows the customer’s replies live', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${e2e.server.origin}/app/lead/board/${SP_ID}`);
    const firstCard = page.locator('lead-app').locator('[part~="lead-card"]').first();
    await visible(firstCard);
    await firstCard.getByRole('link', { name: /^Message/ }).first().click();
    await page.waitForURL(/\/app\/conversation\/1001\/thread\/5001\?leadId=300001$/, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' }));
    await ready(page);
    const { list, box, send } = thread(page);
    await visible(list.getByRole('img', { name: 'water-heater.jpg' }));

    await box.fill('I can come by Tuesday at 9.');
    await send.click();
    await visible(list.getByText('I can come by Tuesday at 9.', { exact: true }));
    await visible(list.getByText(FIRST_REPLY, { exact: true }));
    expect(await box.inputValue()).toBe('');

    const input = page.locator('lead-app').locator('input[type="file"]');
    await input.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
    await visible(page.getByRole('button', { name: 'Remove file leak.png' }));
    expect(await box.isDisabled()).toBe(true);
    await send.click();
    await visible(list.getByRole('img', { name: 'leak.png' }));
    await visible(list.getByText(PHOTO_REPLY, { exact: true }));
    expect(await list.getByRole('img', { name: 'leak.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const sends = watch.requested(`${MC}/v1/messages`).filter((p) => p === `${MC}/v1/messages`);
    expect(sends).toHaveLength(1);
    expect(watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.endsWith('/media'))).toHaveLength(1);
    // One contact per send: the text's, and the photo's (sent on its own).
    expect(watch.requested('/gateway/lead/v1/contact')).toHaveLength(2);
    const texts = await storedTexts(5001);
    expect(texts.filter((t) => t === 'I can come by Tuesday at 9.')).toHaveLength(1);
    expect(watch.consoleErrors).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it('loads the older page when scrolled to the top and keeps the reading position', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5003&lead-id=300002`);
    await visible(page.getByRole('heading', { level: 1, name: 'Your messages with Jasmine Anderson' }));
    await ready(page);
    const { list } = thread(page);
    const oldest = 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?';
    await visible(list.getByText('And roughly what does it cost? (4)', { exact: true }));
    // Opened at the newest message; the oldest ten are not loaded yet.
    expect(await list.getByText(oldest, { exact: true }).count()).toBe(0);
    expect(watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.includes('/messages?'))).toHaveLength(1);
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect.poll(() => watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.includes('before=10')).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    // The row that was at the top is still in view: the older page went above it.
    await page.waitForTimeout(300);
    expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(250);
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await visible(list.getByText(oldest, { exact: true }));
    // Index 0 reached: no more pages are asked for.
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(300);
    expect(watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.includes('/messages?'))).toHaveLength(2);
  }, TEST_TIMEOUT_MS);

  it('survives a dropped send: Retry delivers it exactly once, with the same idempotency key', async () => {
    const page = await e2e.context.newPage();
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `${MC}/v1/messages`) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
    await ready(page);
    // The first send reaches the sandbox (which stores it) but its answer is lost on the way
    // back: a connection reset the page sees. (The sandbox's own socket-level drop,
    // faults.drop({ afterHandling: true }), is retried silently by Chromium on a reused
    // keep-alive connection, so the page would never see it; the idempotency key makes that
    // retry harmless too.)
    let dropped = 0;
    await page.route(`**${MC}/v1/messages`, async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
      dropped++;
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await route.abort('connectionreset');
    });
    const { root, box } = thread(page);
    // Keyboard: type, Enter sends.
    await box.focus();
    await page.keyboard.type('Did you get my quote?');
    await page.keyboard.press('Enter');
    const failed = root.locator('[part~="message-pending"]').filter({ hasText: 'Not sent.' });
    await visible(failed);
    // The bubble leaves its failed state as soon as Retry is pressed, before the request is
    // out: wait for the request itself.
    const retried = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `${MC}/v1/messages`, { timeout: UI_TIMEOUT_MS });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await retried;
    await expect.poll(() => failed.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const texts = await storedTexts(5001);
    expect(texts.filter((t) => t === 'Did you get my quote?')).toHaveLength(1);
    await expect.poll(() => thread(page).list.getByText('Did you get my quote?', { exact: true }).count()).toBe(1);
  }, TEST_TIMEOUT_MS);

  it('issue 17 at 390 px: the state goes Delivered → Read as the simulated customer reads, its typing shows, then its answer; nothing moves', async () => {
    // A phone: 390 px, touch.
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
      await ready(page);
      const { root, list, box, send } = thread(page);
      await box.fill('Running 10 minutes late');
      await send.tap();
      const bubble = list.locator('[part~="message"]').filter({ hasText: 'Running 10 minutes late' });
      const state = bubble.locator('[part="message-state-icon"]');
      // The conversation holds it: Delivered (in words before its time too).
      await expect.poll(() => state.textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Delivered');
      const line = bubble.locator('xpath=following-sibling::*[1]');
      expect(await line.locator('[part="message-state"]').textContent()).toBe('Delivered');
      const boxes = async (locator: Locator) => JSON.stringify(await locator.boundingBox());
      const [bubbleBefore, timeBefore] = await Promise.all([boxes(bubble), boxes(line.locator('span:not([part])'))]);
      // The customer reads it and types (1 s before its answer, npm start's 2.5 s).
      await visible(root.getByText('Jordan Rivera is typing…'));
      expect(await state.textContent()).toBe('Read');
      expect(await state.getAttribute('data-state')).toBe('read');
      expect(await line.locator('[part="message-state"]').textContent()).toBe('Read');
      // Nothing moved: the bubble, and the time beside the word.
      expect(await boxes(bubble)).toBe(bubbleBefore);
      expect(await boxes(line.locator('span:not([part])'))).toBe(timeBefore);
      await visible(list.getByText(FIRST_REPLY, { exact: true }));
      await expect.poll(() => root.getByText('Jordan Rivera is typing…').count()).toBe(0);
      expect(await state.textContent()).toBe('Read');
      // The provider's typing went out while the text was typed (one signal for the whole burst).
      expect(watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.endsWith('/typing'))).toHaveLength(1);
      expect(watch.consoleErrors).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT_MS);

  it("issue 17: day separators — scrolling up the 10,000-message thread meets 'Yesterday', then the day before in §2's date words", async () => {
    const page = await e2e.context.newPage();
    await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5090`);
    await ready(page);
    const { list } = thread(page);
    await visible(list.getByText(/\(#10000\)$/));
    const heading = (name: string | RegExp) => list.getByRole('heading', { level: 2, name });
    /** Scrolls up a screen at a time until `target` is in the list (a day is about 39 messages, 5 screens). */
    const scrollUpTo = async (target: Locator) => {
      for (let i = 0; i < 60 && (await target.count()) === 0; i++) {
        await list.evaluate((element) => element.scrollBy({ top: -element.clientHeight }));
        await page.waitForTimeout(60);
      }
      await visible(target.first());
    };
    // The thread ends a day before now, a message every 37 minutes: its newest day is yesterday.
    await scrollUpTo(heading('Yesterday'));
    expect(await heading('Today').count()).toBe(0);
    await list.evaluate((element) => element.scrollBy({ top: -element.clientHeight }));
    const dated = heading(/^\w+day, \w+ \d{1,2}, \d{4}$/);
    await scrollUpTo(dated);
    const expected = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() - 2);
      return day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    });
    expect(await dated.last().textContent()).toBe(expected);
  }, TEST_TIMEOUT_MS);

  it("issue 17: a thread opened with unread customer messages opens at 'New messages', not the bottom; opened again, without it", async () => {
    // Twelve more from the customer since the provider last read the thread (the seed's own horizon: its last message).
    for (let i = 1; i <= 12; i++) {
      const sent = await fetch(`${e2e.server.origin}${MC}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: 'OneTime sandbox-member-token-5001' },
        body: JSON.stringify({ text: `Another question (${i})`, senderEntityId: 5001, receiverEntityId: SP_ID }),
      });
      expect(sent.status).toBe(200);
    }
    const page = await e2e.context.newPage();
    await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
    await ready(page);
    const { list } = thread(page);
    const marker = list.getByText('New messages', { exact: true });
    await visible(marker);
    // The line is at the top of the list's view, above the first unread message; the list is not at its bottom.
    await expect
      .poll(async () => {
        const [frame, line] = await Promise.all([list.boundingBox(), marker.boundingBox()]);
        return frame && line ? line.y >= frame.y && line.y + line.height <= frame.y + frame.height / 3 : false;
      }, { timeout: UI_TIMEOUT_MS })
      .toBe(true);
    await visible(list.getByText('Thursday afternoon would be great.', { exact: true }));
    expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeGreaterThan(100);
    // The thread marked everything read: opened again, it opens at the bottom without the line.
    await page.waitForTimeout(300);
    await page.reload();
    await ready(page);
    await visible(thread(page).list.getByText('Another question (12)', { exact: true }));
    expect(await thread(page).list.getByText('New messages', { exact: true }).count()).toBe(0);
  }, TEST_TIMEOUT_MS);
});
