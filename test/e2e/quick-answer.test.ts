/**
 * The card's quick answer (issue 53 §1, docs/widgets/lead-board.md#quick-answer) in Debian's
 * Chromium at 390 px against `npm start`'s sandbox: a lead created through the sandbox is
 * answered from the office app's board in two taps — 'Quick reply', then Send (the first saved
 * reply is in the text box) — the message is in the sandbox's conversation once (one accepted
 * send; the thread 'Open conversation' leads to shows it once), and 'Respond first' is gone. On
 * both chat adapters (./chat-service.ts, issue 65 §2): 'Delivered' is the chat's word that the
 * conversation holds the message — the sandbox chat's, or Twilio's through the real SDK.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_SERVICES, chatServerEnv, expectChatService, twilioRequests } from './chat-service';
import { createSandboxLead, sandboxProviderCalls, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const READ_PATH = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;
const MESSAGES_PATH = '/gateway/message-center/v1/messages';
const PHONE = { width: 390, height: 844 };

describe.each(CHAT_SERVICES)('quick answer from the card with the %s chat', (chat) => {
  const session = useE2eSession({ viewport: PHONE, env: chatServerEnv(chat) });

  it('at 390 px: a new lead is answered in two taps; the message is in the conversation once and the cue is gone', async () => {
    const leadId = await createSandboxLead(session.server.origin, SP_ID, 'Prima', 'Rápida');
    const page = await session.context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${session.server.origin}/app/lead/board/${SP_ID}?lang=en`);
    const app = page.locator('#office-app');
    await expectChatService(app, chat);
    const board = app.locator('[part="lead-board"]');
    await visible(board.getByText(/^Showing \d+ - \d+ of \d+ results$/));
    // Settled: the first card opened and was marked read.
    await expect
      .poll(() => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === READ_PATH).length, {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(1);
    const card = board.locator(`li[data-lead-id="${leadId}"]`);
    await visible(card.locator('[part="respond-first"]'));

    // Tap 1: the composer opens in the card, whole on the phone, with the first reply in its text box.
    await card.getByRole('button', { name: 'Quick reply', exact: true }).click();
    const composer = card.getByRole('region', { name: 'Quick reply to Prima Rápida' });
    await visible(composer);
    const box = await composer.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    const text = await composer.getByRole('textbox', { name: 'Your message' }).inputValue();
    expect(text.trim()).not.toBe('');
    expect(text).not.toMatch(/[{}]/);

    // Tap 2: Send.
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => composer.getByRole('status').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Delivered');
    // On Twilio the chat that said so was the SDK's: it read the conversation's messages from the stand-in.
    if (chat === 'twilio') expect((await twilioRequests(session.server.origin)).some((r) => /\.messages\/Items\?/.test(r.url))).toBe(true);
    await expect.poll(() => card.locator('[part="respond-first"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    // One send, taken once.
    const sends = (await sandboxProviderCalls(session.server.origin)).filter((call) => call.method === 'POST' && call.path === MESSAGES_PATH);
    expect(sends.map((call) => call.status)).toEqual([200]);

    // 'Open conversation': the thread, with the message there once.
    await composer.getByRole('link', { name: 'Open conversation' }).click();
    const messages = app.getByRole('region', { name: 'Messages' });
    await visible(messages.getByText(text.trim(), { exact: true }));
    expect(await messages.getByText(text.trim(), { exact: true }).count()).toBe(1);
    expect(watch.consoleErrors).toEqual([]);
  });
});
