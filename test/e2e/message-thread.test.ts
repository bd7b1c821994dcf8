/**
 * The message thread (docs/widgets/message-thread.md) in Debian's Chromium against `npm start`'s
 * sandbox, on both chat adapters (./chat-service.ts, issue 65 §2): the sandbox's
 * (`chat-service="sandbox"` on the office app's <lead-app> and on examples/message-thread.html)
 * and Twilio's — the real @twilio/conversations SDK from the CDN build against the sandbox's
 * stand-in for Twilio (`SANDBOX_CHAT=twilio`), from the same chat store. A journey that counts
 * the sandbox protocol's own requests stays on the sandbox chat (said where it is):
 * - from the board's Message link into the thread; send a text and a photo; the simulated
 *   customer's replies arrive live (server-sent events);
 * - scrolling up loads the older page and keeps the reading position;
 * - a send whose answer is dropped shows Retry, and Retry delivers it exactly once (the sandbox
 *   stores one message);
 * - keyboard only: type, Enter sends; the page has no serious axe violations;
 * - at 390 px with touch: an own message's state goes to Delivered, then Read when
 *   the simulated customer reads before answering; its typing shows; nothing in the bubble or
 *   its time line moves when the state changes; the provider's typing goes out (POST …/typing);
 * - day separators ('Yesterday', then dates) in the 10,000-message thread;
 * - a thread opened with unread customer messages opens at 'New messages', not at the bottom,
 *   and without it once read.
 * - at 390 px, scrolled up: the day pinned at the list's top, 'Jump to newest' (44 px), the
 *   customer's messages below counted without moving the list; the button takes the pro to the
 *   newest message and focuses it.
 * - an iPhone photo (the committed HEIC fixture, with EXIF GPS) shows 'Converting
 *   photo…', then goes out as a JPEG — the upload's bytes are a JPEG without EXIF, the sandbox
 *   stored it as image/jpeg named .jpg; the converter chunk was fetched only on that pick. A JPEG
 *   with GPS goes out without it. Under the strict CSP page (no blob: workers) a HEIC pick says
 *   so and the 3 MB converter is never fetched.
 * Every test starts from fresh seed data (POST /sandbox/reset, which also clears faults).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { twilioSdkRun, type TwilioSdkRun } from '../engines/in-page';
import { includesBytes, readExif } from '../helpers/exif';
import { CHAT_SERVICES, chatServerEnv, expectChatService, isMediaUpload, textSeen, twilioRequests, uploadFilename, type ChatService } from './chat-service';
import {
  cdnBuildFile,
  cdnBuildScripts,
  cdnSourceChunk,
  clearFaults,
  FIRST_SCREEN_TIMEOUT_MS,
  firstScreen,
  injectFault,
  seriousAxeViolations,
  TWILIO_SDK_SOURCE,
  UI_TIMEOUT_MS,
  useE2eSession,
  visible,
  watchPage,
} from './harness';

const SP_ID = 1001;
const MC = '/gateway/message-center';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC', 'base64');
/** The sandbox's simulated customer (packages/sandbox/src/chat.ts): its first answer, and the one after a photo. */
const FIRST_REPLY = 'Thanks for getting back to me!';
const PHOTO_REPLY = 'Thanks for the photo, that helps.';
/** Sends, live replies (2.5 s each) and uploads: more than vitest's default 5 s. */
const TEST_TIMEOUT_MS = 45_000;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
/** The committed iPhone-style HEIC (160×120, EXIF with GPS; test/fixtures/README.md). */
const HEIC = fixture('iphone-photo.heic');
const JPEG_WITH_LOCATION = fixture('photo-with-location.jpg');
/** The converter (heic-to, ≈ 3 MB): its chunk in the CDN build. */
const converterChunk = () => `/cdn/${cdnSourceChunk('node_modules/heic-to/dist/csp/heic-to.js')}`;
/** The media uploads a page sent: type and file name (a Blob body is not visible to playwright: the bytes are read back from the sandbox). */
function watchUploads(page: Page, chat: ChatService) {
  const uploads: { contentType: string | undefined; filename: string | null }[] = [];
  page.on('request', (request: Request) => {
    if (isMediaUpload(chat, request)) uploads.push({ contentType: request.headers()['content-type'], filename: uploadFilename(chat, request) });
  });
  return uploads;
}

/** What the sandbox stored for a shown photo: its content URL's bytes and type. */
async function storedPhoto(img: Locator): Promise<{ type: string | null; bytes: Buffer }> {
  const src = await img.evaluate((element: HTMLImageElement) => element.currentSrc || element.src);
  const response = await fetch(src);
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}
const PROVIDER_HEADERS = { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP_ID) };

const VIEWPORT = { width: 1280, height: 1000 };

/** The texts the sandbox at `origin` stored in a thread, read back through the gateway (session token + messages page). */
async function storedTexts(origin: string, userId: number): Promise<string[]> {
  const session = (await (
    await fetch(`${origin}${MC}/v1/chat/session`, {
      method: 'POST',
      headers: PROVIDER_HEADERS,
      body: JSON.stringify({ serviceProviderId: SP_ID, userId }),
    })
  ).json()) as { conversationSid: string; token: string };
  const page = (await (
    await fetch(`${origin}${MC}/v1/chat/conversations/${session.conversationSid}/messages?pageSize=100`, {
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

/** The list is ready when the composer can attach a file (the chat is open), on the chat service under test. */
async function ready(page: Page, chat: ChatService) {
  const attach = page.getByRole('button', { name: 'Attach a file' });
  await firstScreen(attach);
  await expect.poll(() => attach.isEnabled(), { timeout: FIRST_SCREEN_TIMEOUT_MS }).toBe(true);
  await expectChatService(thread(page).root, chat);
}

describe.each(CHAT_SERVICES)('<message-thread> in Chromium with the %s chat', (chat) => {
  const e2e = useE2eSession({ viewport: VIEWPORT, env: chatServerEnv(chat) });
  /** The pages of a conversation's messages the SDK asked the Twilio stand-in for (its Sync list's items). */
  const twilioMessagePages = async (): Promise<string[]> =>
    (await twilioRequests(e2e.server.origin)).filter((r) => r.method === 'GET' && /\.messages\/Items\?/.test(r.url)).map((r) => r.url);
  /** The message pages the thread asked for so far: the sandbox chat's GET …/messages, or the Sync list's pages. */
  const messagePages = async (watch: { requested(prefix: string): string[] }): Promise<string[]> =>
    chat === 'sandbox' ? watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.includes('/messages?')) : twilioMessagePages();

  it(
    'opens from the board’s Message link, sends a text and a photo, and shows the customer’s replies live',
    async () => {
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      await page.goto(`${e2e.server.origin}/app/lead/board/${SP_ID}`);
      const firstCard = page.locator('lead-app').locator('[part~="lead-card"]').first();
      await visible(firstCard);
      await firstCard
        .getByRole('link', { name: /^Message/ })
        .first()
        .click();
      await page.waitForURL(/\/app\/conversation\/1001\/thread\/5001\?leadId=300001$/, { timeout: UI_TIMEOUT_MS });
      await visible(page.getByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' }));
      await ready(page, chat);
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
      expect(watch.requests.filter((request) => isMediaUpload(chat, request))).toHaveLength(1);
      // One contact per send: the text's, and the photo's (sent on its own).
      expect(watch.requested('/gateway/lead/v1/contact')).toHaveLength(2);
      const texts = await storedTexts(e2e.server.origin, 5001);
      expect(texts.filter((t) => t === 'I can come by Tuesday at 9.')).toHaveLength(1);
      expect(watch.consoleErrors).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'loads the older page when scrolled to the top and keeps the reading position',
    async () => {
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5003&lead-id=300002`);
      await visible(page.getByRole('heading', { level: 1, name: 'Your messages with Jasmine Anderson' }));
      await ready(page, chat);
      const { list } = thread(page);
      const oldest = 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?';
      await visible(list.getByText('And roughly what does it cost? (4)', { exact: true }));
      // Opened at the newest message; the oldest ten are not loaded yet.
      expect(await list.getByText(oldest, { exact: true }).count()).toBe(0);
      expect(await messagePages(watch)).toHaveLength(1);
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect.poll(async () => (await messagePages(watch)).length, { timeout: UI_TIMEOUT_MS }).toBe(2);
      // The page before the first one's oldest (index 10): the sandbox's `before` is exclusive, the SDK's `From` inclusive.
      expect((await messagePages(watch))[1]).toContain(chat === 'sandbox' ? 'before=10' : 'From=9');
      // The row that was at the top is still in view: the older page went above it.
      await expect.poll(() => list.evaluate((element) => element.scrollTop), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(250);
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await visible(list.getByText(oldest, { exact: true }));
      // Index 0 reached: no more pages are asked for.
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await page.waitForTimeout(300);
      expect(await messagePages(watch)).toHaveLength(2);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'survives a dropped send: Retry delivers it exactly once, with the same idempotency key',
    async () => {
      const page = await e2e.context.newPage();
      const keys: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === `${MC}/v1/messages`) keys.push(request.headers()['idempotency-key'] ?? '');
      });
      await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
      await ready(page, chat);
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
      const retried = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `${MC}/v1/messages`, {
        timeout: UI_TIMEOUT_MS,
      });
      await failed.getByRole('button', { name: 'Retry' }).click();
      await retried;
      await expect.poll(() => failed.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const texts = await storedTexts(e2e.server.origin, 5001);
      expect(texts.filter((t) => t === 'Did you get my quote?')).toHaveLength(1);
      await expect.poll(() => thread(page).list.getByText('Did you get my quote?', { exact: true }).count()).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'at 390 px: the state goes Delivered → Read as the simulated customer reads, its typing shows, then its answer; nothing moves',
    async () => {
      // A phone: 390 px, touch.
      const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      try {
        const page = await context.newPage();
        const watch = await watchPage(page);
        await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
        await ready(page, chat);
        const { root, list, box, send } = thread(page);
        // The customer's typing shows for 1 s: watched from the page from now on (a busy machine's
        // reads below may take longer than that window, and a wait begun after it would never see it).
        const typingSeen = textSeen(page, 'Jordan Rivera is typing…');
        // The bubble's state word and the boxes of the bubble and its time line (in the list's own
        // content, its scroll position aside), recorded by the page at every state change from the
        // send on: under load the customer may read before a poll from here has seen "Delivered".
        const states = page.evaluate(
          (text) =>
            new Promise<{ state: string; word: string; bubble: string; time: string }[]>((resolve) => {
              const seen: { state: string; word: string; bubble: string; time: string }[] = [];
              const find = (root: ParentNode): Element | null => {
                for (const element of root.querySelectorAll('*')) {
                  if (element.matches('[part~="message"]') && element.textContent?.includes(text)) return element;
                  const inner = element.shadowRoot ? find(element.shadowRoot) : null;
                  if (inner) return inner;
                }
                return null;
              };
              const box = (element: Element | null, frame: HTMLElement) => {
                if (!element) return '';
                const rect = element.getBoundingClientRect();
                const origin = frame.getBoundingClientRect();
                return JSON.stringify({ x: rect.left - origin.left, y: rect.top - origin.top + frame.scrollTop, width: rect.width, height: rect.height });
              };
              const started = performance.now();
              const tick = () => {
                const bubble = find(document);
                const frame = bubble?.closest('[part="message-list"]') as HTMLElement | null;
                const state = bubble?.querySelector('[part="message-state-icon"]')?.textContent ?? '';
                const line = bubble?.nextElementSibling;
                const word = line?.querySelector('[part="message-state"]')?.textContent ?? '';
                if (bubble && frame && state && (state !== seen.at(-1)?.state || word !== seen.at(-1)?.word)) {
                  seen.push({ state, word, bubble: box(bubble, frame), time: box(line?.querySelector('span:not([part])') ?? null, frame) });
                }
                if (state === 'Read' || performance.now() - started > 30_000) resolve(seen);
                else requestAnimationFrame(tick);
              };
              tick();
            }),
          'Running 10 minutes late',
        );
        await box.fill('Running 10 minutes late');
        await send.tap();
        const bubble = list.locator('[part~="message"]').filter({ hasText: 'Running 10 minutes late' });
        const state = bubble.locator('[part="message-state-icon"]');
        // The conversation holds it: Delivered (in words before its time too); the customer reads it
        // and types (1 s before its answer, npm start's 2.5 s): Read. The customer's answer, due 1 s
        // after its typing shows, scrolls the list to itself but moves nothing in it: the bubble and
        // the time beside the word stay where they were while Delivered.
        const recorded = await states;
        const words = recorded.map((entry) => entry.state);
        expect(words.slice(words.indexOf('Delivered'))).toEqual(['Delivered', 'Read']);
        const [delivered, read] = recorded.slice(-2);
        expect(read!.bubble).toBe(delivered!.bubble);
        expect(read!.time).toBe(delivered!.time);
        expect(delivered!.time).not.toBe('');
        expect(delivered!.word).toBe('Delivered');
        expect(await typingSeen).toBe(true);
        expect(await state.textContent()).toBe('Read');
        expect(await state.getAttribute('data-state')).toBe('read');
        // In words as it turned Read (recorded then): the word goes once the customer's answer is
        // the last word, 1 s after its typing — on a busy machine before a read from here (a CI
        // run waited 30 s for a word that had gone, 2026-11-27).
        expect(read!.word).toBe('Read');
        await visible(list.getByText(FIRST_REPLY, { exact: true }));
        await expect.poll(() => root.getByText('Jordan Rivera is typing…').count()).toBe(0);
        expect(await state.textContent()).toBe('Read');
        // The provider's typing went out while the text was typed (one signal for the whole burst).
        const typingSignals =
          chat === 'sandbox'
            ? watch.requested(`${MC}/v1/chat/conversations/`).filter((p) => p.endsWith('/typing'))
            : (await twilioRequests(e2e.server.origin)).filter((r) => r.method === 'POST' && r.url.endsWith('/Typing'));
        expect(typingSignals).toHaveLength(1);
        expect(watch.consoleErrors).toEqual([]);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a thread too short to scroll whose older page fails asks once, says so, and asks again only on Retry (no request loop)',
    async () => {
      const page = await e2e.context.newPage();
      // The older page's requests: the sandbox adapter's GET …/messages?before= (asked again twice
      // at most when it fails), or the Sync list's page from an index (`From=`) the SDK asks the
      // stand-in for (once: the Twilio adapter leaves retrying to the SDK, which does not retry a 500).
      const sandboxOlder: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && /\/chat\/conversations\/[^/]+\/messages$/.test(url.pathname) && url.searchParams.has('before'))
          sandboxOlder.push(url.search);
      });
      const older = async () => (chat === 'sandbox' ? sandboxOlder : (await twilioMessagePages()).filter((url) => url.includes('From=')));
      const triesPerAsk = chat === 'sandbox' ? 3 : 1;
      await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5003&lead-id=300002`);
      await ready(page, chat);
      const { root, list } = thread(page);
      await visible(list.getByRole('listitem').first());
      expect(await older()).toEqual([]);
      // The older pages fail from now on; then the list grows taller than its 30 messages, so the
      // thread asks for the older page without a scroll.
      await injectFault(e2e.server.origin, { kind: 'status', status: 500, route: `GET ${MC}/v1/chat/conversations/:sid/messages`, times: 100 });
      try {
        await root.evaluate((element: HTMLElement) => element.style.setProperty('--lk-thread-height', '6000px'));
        const alert = list.getByRole('alert');
        await visible(alert);
        expect(await alert.textContent()).toContain('Older messages could not be loaded.');
        // Two seconds later it has still asked once (on the sandbox chat: the adapter's request and its two retries).
        await page.waitForTimeout(2000);
        const asked = await older();
        expect(asked).toHaveLength(triesPerAsk);
        expect(new Set(asked).size).toBe(1);
      } finally {
        await clearFaults(e2e.server.origin);
      }
      await list.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => list.getByRole('alert').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      // The stand-in lists a request once it has answered it: wait for the Retry's to be there.
      await expect.poll(async () => (await older()).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(triesPerAsk + 1);
      const asked = await older();
      expect(asked[triesPerAsk]).toBe(asked[0]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "day separators — scrolling up the 10,000-message thread meets 'Yesterday', then the day before in the spec's date words",
    async () => {
      const page = await e2e.context.newPage();
      await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5090`);
      await ready(page, chat);
      const { list } = thread(page);
      await visible(list.getByText(/\(#10000\)$/));
      /** The day headings in the list now whose text matches `name`, read in one go (the list renders and drops rows as it scrolls). */
      const headings = (name: RegExp) =>
        list.evaluate(
          (element, [source, flags]) =>
            [...element.querySelectorAll('h2')].map((h) => h.textContent ?? '').filter((text) => new RegExp(source, flags).test(text)),
          [name.source, name.flags] as const,
        );
      /**
       * Scrolls up a screen at a time until a day heading matching `name` is in the list (a day is
       * about 39 messages, 5–10 screens); returns the matching headings' texts as found. Reached
       * when one is there at a check: a heading the list renders just past its edge can go again as
       * the list measures the rows it added (seen on the lite flavour: found, then gone a moment
       * later) — the texts are read in the same step. Bounded by screens, not by time: CI failed
       * here twice when a 30 s bound ran out on a loaded machine while the list was still moving
       * (scrollTop 2546, not busy, not at the top) — each step there takes seconds. A list that
       * stops moving fails at once.
       */
      const scrollUpTo = async (name: RegExp): Promise<string[]> => {
        const trail: string[] = [];
        for (let screen = 0; ; screen++) {
          const found = await headings(name);
          if (found.length > 0) return found;
          if (screen === 150) break;
          const where = await list.evaluate((element) => {
            const before = element.scrollTop;
            element.scrollBy({ top: -element.clientHeight });
            return { before, scrollTop: element.scrollTop, busy: element.getAttribute('aria-busy') };
          });
          trail.push(JSON.stringify(where));
          // Stuck: at the same place for 50 screens though not at the top and not loading.
          if (trail.length > 50 && new Set(trail.slice(-50)).size === 1 && where.scrollTop > 0) break;
          await page.waitForTimeout(60);
        }
        const earliest = await list.evaluate((element) => element.querySelector('li')?.textContent?.slice(0, 80));
        throw new Error(
          `no day heading ${String(name)} after ${trail.length} screens up; the last steps: ${trail.slice(-5).join(' ')}; earliest row: ${earliest}`,
        );
      };
      // The thread ends a day before now, a message every 37 minutes: its newest day is yesterday.
      await scrollUpTo(/^Yesterday$/);
      expect(await headings(/^Today$/)).toEqual([]);
      await list.evaluate((element) => element.scrollBy({ top: -element.clientHeight }));
      const dated = await scrollUpTo(/^\w+day, \w+ \d{1,2}, \d{4}$/);
      const expected = await page.evaluate(() => {
        const day = new Date();
        day.setDate(day.getDate() - 2);
        return day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
      });
      expect(dated.at(-1)).toBe(expected);
    },
    4 * TEST_TIMEOUT_MS,
  );

  it(
    "a thread opened with unread customer messages opens at 'New messages', not the bottom; opened again, without it",
    async () => {
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
      await ready(page, chat);
      const { list } = thread(page);
      const marker = list.getByText('New messages', { exact: true });
      await visible(marker);
      // The line is at the top of the list's view, above the first unread message; the list is not at its bottom.
      await expect
        .poll(
          async () => {
            const [frame, line] = await Promise.all([list.boundingBox(), marker.boundingBox()]);
            return frame && line ? line.y >= frame.y && line.y + line.height <= frame.y + frame.height / 3 : false;
          },
          { timeout: UI_TIMEOUT_MS },
        )
        .toBe(true);
      await visible(list.getByText('Thursday afternoon would be great.', { exact: true }));
      expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeGreaterThan(100);
      // The thread marked everything read: opened again, it opens at the bottom without the line.
      await page.waitForTimeout(300);
      await page.reload();
      await ready(page, chat);
      await visible(thread(page).list.getByText('Another question (12)', { exact: true }));
      expect(await thread(page).list.getByText('New messages', { exact: true }).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "at 390 px: scrolled up, the day stays pinned, 'Jump to newest' counts what arrives below without scrolling, and takes the pro there",
    async () => {
      // No simulated answers: the customer's messages below come when the test sends them.
      await fetch(`${e2e.server.origin}/sandbox/chat/customer-replies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      });
      const post = async (text: string, from: 'provider' | 'member') => {
        const headers: Record<string, string> =
          from === 'provider'
            ? { ...PROVIDER_HEADERS, 'Idempotency-Key': crypto.randomUUID() }
            : { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: 'OneTime sandbox-member-token-5001' };
        const [senderEntityId, receiverEntityId] = from === 'provider' ? [SP_ID, 5001] : [5001, SP_ID];
        const sent = await fetch(`${e2e.server.origin}${MC}/v1/messages`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ text, senderEntityId, receiverEntityId }),
        });
        expect(sent.status).toBe(200);
      };
      // A long day of the pro's own messages.
      for (let i = 1; i <= 25; i++) await post(`Update on the job (${i})`, 'provider');
      const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      try {
        const page = await context.newPage();
        await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5001&lead-id=300001`);
        await ready(page, chat);
        const { root, list } = thread(page);
        await visible(list.getByText('Update on the job (25)', { exact: true }));
        const jump = root.getByRole('button', { name: /jump to newest/i });
        const fromEnd = () => list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);
        // The seed's thread opens at 'New messages', scrolled up: the button is there, with no count (the pro's own below).
        await visible(root.getByRole('button', { name: 'Jump to newest' }));
        // At the end, none.
        await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        await expect.poll(fromEnd, { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
        await expect.poll(() => jump.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
        // Scrolled up: the button, a 44 px target, over the list's bottom end; today's label pinned (for the eye only).
        await list.evaluate((element) => element.scrollBy({ top: -900 }));
        await visible(jump);
        expect(await jump.getAttribute('aria-label')).toBeNull();
        expect((await jump.textContent())?.trim()).toBe('Jump to newest');
        const [frame, target] = await Promise.all([list.boundingBox(), jump.boundingBox()]);
        expect(target!.width).toBeGreaterThanOrEqual(44);
        expect(target!.height).toBeGreaterThanOrEqual(44);
        expect(target!.y + target!.height).toBeLessThanOrEqual(frame!.y + frame!.height);
        expect(target!.y + target!.height).toBeGreaterThan(frame!.y + frame!.height - 80);
        const pinned = root.locator('[part="pinned-day"]');
        await expect.poll(() => pinned.textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Today');
        expect(await pinned.getAttribute('aria-hidden')).toBe('true');
        // The customer writes twice: counted, and the list stays where the pro reads.
        const readingAt = await list.evaluate((element) => element.scrollTop);
        await post('Is tomorrow still on?', 'member');
        await visible(root.getByRole('button', { name: '1 new message, jump to newest' }));
        await post('I can leave the gate open.', 'member');
        await visible(root.getByRole('button', { name: '2 new messages, jump to newest' }));
        expect(Math.abs((await list.evaluate((element) => element.scrollTop)) - readingAt)).toBeLessThanOrEqual(1);
        // Jump: at the end, focus on the newest message, the button gone.
        await root.getByRole('button', { name: '2 new messages, jump to newest' }).click();
        await expect.poll(fromEnd, { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
        await expect
          .poll(() => page.evaluate(() => document.querySelector('message-thread')?.shadowRoot?.activeElement?.textContent ?? ''), { timeout: UI_TIMEOUT_MS })
          .toContain('I can leave the gate open.');
        await expect.poll(() => jump.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
        // At the end, a new message is followed as before: no button.
        await post('See you then.', 'member');
        await visible(list.getByText('See you then.', { exact: true }));
        await expect.poll(fromEnd, { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
        expect(await jump.count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it('an iPhone photo (HEIC) converts in the browser and goes out as a JPEG without its location; a JPEG loses its GPS', async () => {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const uploads = watchUploads(page, chat);
    await page.goto(`${e2e.server.origin}/examples/message-thread.html?user-id=5005&lead-id=300004`);
    await ready(page, chat);
    const { root, list, send } = thread(page);
    const input = root.locator('input[type="file"]');
    // Not in the first load: the converter is fetched when a HEIC file is picked.
    expect(watch.requested(converterChunk())).toEqual([]);

    await input.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: HEIC });
    // While converting: the words, a progress bar, Send disabled; then the JPEG's name.
    const progress = root.getByRole('progressbar', { name: 'Converting photo…' });
    const converted = root.getByRole('button', { name: 'Remove file IMG_0042.jpg' });
    await expect.poll(async () => (await progress.count()) > 0 || (await converted.count()) > 0, { timeout: 30_000 }).toBe(true);
    if ((await converted.count()) === 0) {
      await visible(root.getByText('Converting photo…', { exact: true }).last());
      expect(await send.isDisabled()).toBe(true);
    }
    await visible(converted, 30_000);
    expect(watch.requested(converterChunk())).toHaveLength(1);
    await send.click();
    // The stored photo shows (its placeholder first, then the <img> decoded at the fixture's size).
    const shown = list.locator('img[alt="IMG_0042.jpg"]');
    await visible(shown, 20_000);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: UI_TIMEOUT_MS }).toBe(160);

    // What the sandbox received: JPEG bytes, typed and named as a JPEG, with no EXIF (no location).
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toEqual({ contentType: 'image/jpeg', filename: 'IMG_0042.jpg' });
    const heicStored = await storedPhoto(shown);
    expect(heicStored.type).toBe('image/jpeg');
    expect([...heicStored.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(readExif(heicStored.bytes)).toBeNull();
    expect(heicStored.bytes.includes(Buffer.from('ftyp'))).toBe(false);

    // A JPEG with GPS: sent without re-encoding, orientation kept, the coordinates gone.
    await input.setInputFiles({ name: 'porch.jpg', mimeType: 'image/jpeg', buffer: JPEG_WITH_LOCATION });
    await visible(root.getByRole('button', { name: 'Remove file porch.jpg' }));
    await send.click();
    await visible(list.locator('img[alt="porch.jpg"]'), 20_000);
    expect(uploads).toHaveLength(2);
    const jpegStored = await storedPhoto(list.locator('img[alt="porch.jpg"]'));
    expect(jpegStored.type).toBe('image/jpeg');
    expect(jpegStored.bytes.length).toBe(JPEG_WITH_LOCATION.length);
    expect(readExif(jpegStored.bytes)).toEqual({ orientation: 1, gps: false, xmp: false });
    expect(includesBytes(jpegStored.bytes, JPEG_WITH_LOCATION.subarray(-800))).toBe(true);
    expect(watch.consoleErrors).toEqual([]);
  }, 90_000);

  // On the sandbox chat only: the element is made here with chat-service="sandbox" (the page's
  // policy, connect-src 'self', lets no socket reach the Twilio stand-in's port), and what it checks
  // happens before any chat call.
  it.skipIf(chat !== 'sandbox')(
    'under the strict CSP page (no blob: workers) a HEIC pick says it cannot be converted here, without fetching the converter',
    async () => {
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      await page.goto(`${e2e.server.origin}/examples/strict-csp.html`);
      // The page's own widgets are lead pages: a thread is added the way a host script would.
      await page.evaluate(() => {
        const element = document.createElement('message-thread');
        for (const [name, value] of Object.entries({
          'sp-id': '1001',
          'user-id': '5005',
          'lead-id': '300004',
          'auth-mode': 'provider',
          'chat-service': 'sandbox',
        }))
          element.setAttribute(name, value);
        document.querySelector('main')?.append(element);
      });
      await ready(page, chat);
      const root = page.locator('message-thread');
      await root.locator('input[type="file"]').setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: HEIC });
      await visible(root.getByRole('alert').filter({ hasText: "iPhone photos (HEIC) can't be converted here. Please send it as a JPEG or PNG." }), 20_000);
      expect(await root.getByRole('button', { name: 'Attach a file' }).isEnabled()).toBe(true);
      expect(watch.requested(converterChunk())).toEqual([]);
      // The only console error is the browser's report of the refused probe worker.
      expect(watch.consoleErrors.filter((text) => !/Content Security Policy|blob:/.test(text))).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('Twilio\'s SDK from the CDN build (chat-service="twilio")', () => {
  const e2e = useE2eSession({ viewport: VIEWPORT, env: chatServerEnv('sandbox') });
  it("carries no core-js polyfills, and runs — a client starts connecting — without replacing or adding any of the page's built-ins", async () => {
    // core-js's global store, in any file that carries it: the SDK `require`s ~80 polyfills.
    expect(cdnBuildScripts().filter((file) => readFileSync(cdnBuildFile(file), 'utf8').includes('__core-js_shared__'))).toEqual([]);

    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    // Twilio's socket is taken here (never connected to a server): nothing leaves the machine.
    const sockets: string[] = [];
    const sent: string[] = [];
    await page.routeWebSocket(/./, (socket) => {
      sockets.push(socket.url());
      socket.onMessage((message) => sent.push(String(message)));
    });
    await page.goto(`${e2e.server.origin}/examples/index.html`);
    const run = await page.evaluate<TwilioSdkRun>(twilioSdkRun(`/cdn/${cdnSourceChunk(TWILIO_SDK_SOURCE)}`));
    expect(run.checked).toBeGreaterThan(400);
    expect(run.changed).toEqual([]);
    expect(run.states[0]).toBe('connecting');
    // The client's first words on its socket: Twilio's protocol, with the token it was given.
    expect(sockets[0]).toMatch(/^wss:\/\/tsock\.[a-z0-9.]*twilio\.com\//);
    await expect
      .poll(() => sent.find((message) => message.includes('"method":"init"')) ?? '', { timeout: UI_TIMEOUT_MS })
      .toMatch(/^TWILSOCK V3\.0 [\s\S]*"token":"header\.payload\.signature"/);
    expect(watch.consoleErrors.filter((text) => text.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });
});
