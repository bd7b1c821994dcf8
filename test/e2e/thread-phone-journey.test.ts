/**
 * The thread's whole journey on a 390 px phone with touch, on both chat adapters (issue 65 §2,
 * "Done when"; ./chat-service.ts): a pro opens a conversation and sees its history, pages back to
 * its first message, opens another with a photo, sends a text — 'Delivered', the customer typing,
 * the customer's answer — and a photo, then loses the connection and gets it back: the message
 * the customer wrote meanwhile arrives once, and nothing is shown or stored twice. On Twilio it
 * all goes through the real @twilio/conversations SDK (the CDN build's) and the sandbox's stand-in;
 * the connection is lost there as a network is (POST /sandbox/twilio/drop: no close frame, the SDK
 * reconnects by itself). And a chat token that expires while the thread is open is renewed and used.
 * The same journey in Firefox and WebKit: test/engines/thread-journey.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHAT_SERVICES, chatServerEnv, dropTwilioConnections, expectChatService, isMediaUpload, storedTexts, textSeen, type ChatService } from './chat-service';
import { FIRST_SCREEN_TIMEOUT_MS, firstScreen, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const MC = '/gateway/message-center';
const PHONE = { width: 390, height: 844 };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC', 'base64');
/** The seeded 40-message thread's first message, and the newest (packages/sandbox: Jasmine Anderson). */
const OLDEST = 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?';
const NEWEST = 'And roughly what does it cost? (4)';
/** The sandbox's simulated customer (packages/sandbox/src/chat.ts): its first answer, and the one after a photo. */
const FIRST_REPLY = 'Thanks for getting back to me!';
const PHOTO_REPLY = 'Thanks for the photo, that helps.';
const MEMBER = { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: 'OneTime sandbox-member-token-5001' };

/**
 * Resolves true once the own bubble holding `text` shows the state `word` ('Delivered', 'Read'),
 * watched from the page at every frame from the call on (under load the customer may read it
 * before a read from here), or false after 30 s.
 */
function ownStateSeen(page: Page, text: string, word: string): Promise<boolean> {
  return page.evaluate(
    ([wanted, state]) =>
      new Promise<boolean>((resolve) => {
        const find = (root: ParentNode): Element | null => {
          for (const element of root.querySelectorAll('*')) {
            if (element.matches('[part~="message"]') && element.textContent?.includes(wanted)) return element;
            const inner = element.shadowRoot ? find(element.shadowRoot) : null;
            if (inner) return inner;
          }
          return null;
        };
        const started = performance.now();
        const tick = () => {
          if (find(document)?.querySelector('[part="message-state-icon"]')?.textContent === state) resolve(true);
          else if (performance.now() - started > 30_000) resolve(false);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [text, word] as const,
  );
}

describe.each(CHAT_SERVICES)('the thread on a 390 px phone with the %s chat', (chat: ChatService) => {
  const e2e = useE2eSession({ viewport: PHONE, env: chatServerEnv(chat) });

  it('history and a photo, the older page, a text (Delivered, typing, the answer) and a photo sent, the connection lost and back: nothing lost or repeated', async () => {
    const origin = e2e.server.origin;
    const context = await e2e.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      const root = page.locator('message-thread');
      const list = root.getByRole('region', { name: 'Messages' });
      const box = root.getByRole('textbox', { name: 'Write a message...' });
      const send = root.getByRole('button', { name: 'Send' });
      const open = async (query: string) => {
        await page.goto(`${origin}/examples/message-thread.html?${query}`);
        const attach = root.getByRole('button', { name: 'Attach a file' });
        await firstScreen(attach);
        await expect.poll(() => attach.isEnabled(), { timeout: FIRST_SCREEN_TIMEOUT_MS }).toBe(true);
        await expectChatService(root, chat);
      };

      // A conversation's history, at its newest message; scrolled to the top, the older page
      // comes above what was read (the position kept), and then the first message.
      await open('user-id=5003&lead-id=300002');
      await visible(list.getByText(NEWEST, { exact: true }));
      expect(await list.getByText(OLDEST, { exact: true }).count()).toBe(0);
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect.poll(() => list.evaluate((element) => element.scrollTop), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(250);
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await visible(list.getByText(OLDEST, { exact: true }));

      // Another, with a photo in its history.
      await open('user-id=5001&lead-id=300001');
      const historyPhoto = list.getByRole('img', { name: 'water-heater.jpg' });
      await visible(historyPhoto);
      await expect.poll(() => historyPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: UI_TIMEOUT_MS }).toBe(true);

      // A text: Delivered; the customer reads it, types (1 s) and answers.
      const text = 'Running 10 minutes late';
      const typing = textSeen(page, 'Jordan Rivera is typing…');
      const delivered = ownStateSeen(page, text, 'Delivered');
      await box.fill(text);
      await send.tap();
      expect(await delivered).toBe(true);
      expect(await typing).toBe(true);
      await visible(list.getByText(FIRST_REPLY, { exact: true }));

      // A photo: shown from the chat's own URL, and answered.
      await root.locator('input[type="file"]').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PNG });
      await visible(root.getByRole('button', { name: 'Remove file porch.png' }));
      await send.tap();
      const sentPhoto = list.getByRole('img', { name: 'porch.png' });
      await visible(sentPhoto);
      await expect.poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await visible(list.getByText(PHOTO_REPLY, { exact: true }));
      expect(watch.requests.filter((request) => isMediaUpload(chat, request))).toHaveLength(1);

      // The connection goes; the customer writes meanwhile; it comes back. On Twilio only: the
      // stand-in drops its sockets as a lost network does. The sandbox chat's event stream cannot be
      // cut from here (Chromium's offline mode leaves an open stream alone); its return with
      // Last-Event-ID is src/chat/sandbox-chat-client.dom.test.ts's. There the message comes live.
      const reconnecting = chat === 'twilio' ? textSeen(page, 'Reconnecting…') : null;
      if (chat === 'twilio') expect(await dropTwilioConnections(origin)).toBeGreaterThan(0);
      const away = await fetch(`${origin}${MC}/v1/messages`, {
        method: 'POST',
        headers: MEMBER,
        body: JSON.stringify({ text: 'While you were away', senderEntityId: 5001, receiverEntityId: SP_ID }),
      });
      expect(away.status).toBe(200);
      if (reconnecting) expect(await reconnecting).toBe(true);
      await expect.poll(() => root.getByText('Reconnecting…').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      await visible(list.getByText('While you were away', { exact: true }));

      // Back: the pro's next text goes once too.
      await box.fill('See you soon');
      await send.tap();
      await visible(list.getByText('See you soon', { exact: true }));
      const stored = await storedTexts(origin);
      for (const once of [text, FIRST_REPLY, PHOTO_REPLY, 'While you were away', 'See you soon']) {
        expect(
          stored.filter((t) => t === once),
          once,
        ).toHaveLength(1);
        expect(await list.getByText(once, { exact: true }).count(), once).toBe(1);
      }
      expect(await list.getByRole('img', { name: 'porch.png' }).count()).toBe(1);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  // Found with the real SDK (the adapter's fix: src/chat/twilio-start.ts whenTokenCanBeUpdated):
  // Twilio ends the connection of an expired token (close 410) and takes a new one only once its
  // socket has closed. The sandbox chat's expired token fails its next call (401), renewed too.
  it("a chat token that expires while the thread is open is renewed: the customer's next message arrives, the pro's next text goes", async () => {
    const origin = e2e.server.origin;
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const root = page.locator('message-thread');
    const list = root.getByRole('region', { name: 'Messages' });
    await page.goto(`${origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
    const attach = root.getByRole('button', { name: 'Attach a file' });
    await firstScreen(attach);
    await expect.poll(() => attach.isEnabled(), { timeout: FIRST_SCREEN_TIMEOUT_MS }).toBe(true);
    await expectChatService(root, chat);
    await expect.poll(() => list.getByText('Thursday afternoon would be great.', { exact: true }).count(), { timeout: UI_TIMEOUT_MS }).toBe(1);

    const reconnecting = chat === 'twilio' ? textSeen(page, 'Reconnecting…') : null;
    expect((await fetch(`${origin}/sandbox/chat/expire-tokens`, { method: 'POST' })).status).toBe(200);
    if (reconnecting) expect(await reconnecting).toBe(true);
    const after = await fetch(`${origin}${MC}/v1/messages`, {
      method: 'POST',
      headers: MEMBER,
      body: JSON.stringify({ text: 'After the token expired', senderEntityId: 5001, receiverEntityId: SP_ID }),
    });
    expect(after.status).toBe(200);
    await visible(list.getByText('After the token expired', { exact: true }), 20_000);
    await expect.poll(() => root.getByText('Reconnecting…').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    await root.getByRole('textbox', { name: 'Write a message...' }).fill('Still here');
    await root.getByRole('button', { name: 'Send' }).click();
    await visible(list.getByText('Still here', { exact: true }));
    const stored = await storedTexts(origin);
    for (const once of ['After the token expired', 'Still here']) {
      expect(
        stored.filter((t) => t === once),
        once,
      ).toHaveLength(1);
      expect(await list.getByText(once, { exact: true }).count(), once).toBe(1);
    }
    // Nothing but the browser's own line for the sandbox chat's call refused on the expired token.
    expect(watch.consoleErrors.filter((line) => line !== 'Failed to load resource: the server responded with a status of 401 (Unauthorized)')).toEqual([]);
  }, 60_000);
});
