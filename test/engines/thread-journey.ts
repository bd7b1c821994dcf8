/**
 * The thread's whole journey on a 390 px phone, on both chat adapters (issue 65 §2, "Done when"),
 * for the engines (./journeys.ts runs it in Firefox and WebKit): the same steps as
 * test/e2e/thread-phone-journey.test.ts (Chromium) through the engine driver — history, the older
 * page, a photo in the history, a text (Delivered, the customer typing, the answer), a photo, and
 * on Twilio the connection dropped by the stand-in and back, with nothing lost or repeated.
 *
 * On Twilio it runs against a second example server started with SANDBOX_CHAT=twilio (the real
 * @twilio/conversations SDK from the CDN build, against the sandbox's stand-in), with its own
 * proxy: `useChatServer`.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { chatServerEnv, dropTwilioConnections, storedTexts, type ChatService } from '../e2e/chat-service';
import { SERVER_START_TIMEOUT_MS, startExampleServer, type ExampleServer } from '../e2e/harness';
import { withQuery, type EngineDriver } from './driver';
import { toWire, type Query } from './in-page';
import { startRecordingProxy, type RecordingProxy } from './proxy';

const SP_ID = 1001;
const MC = '/gateway/message-center';
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC';
const OLDEST = 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?';
const NEWEST = 'And roughly what does it cost? (4)';
const FIRST_REPLY = 'Thanks for getting back to me!';
const PHOTO_REPLY = 'Thanks for the photo, that helps.';
const TEXT = 'Running 10 minutes late';
const AWAY = 'While you were away';
const BACK = 'See you soon';

/** Where a journey opens its pages: the example server (through its proxy) it runs against. */
export interface ChatServerSession {
  readonly server: ExampleServer;
  /** Opens a path of the server through the proxy in the file's one tab. */
  open(path: string): Promise<void>;
}

/**
 * An example server of this chat service and its proxy for the describe it is called in (started
 * once, the sandbox reset before each test), driven by the file's one browser.
 */
export function useChatServer(chat: ChatService, driver: () => EngineDriver): ChatServerSession {
  const state: { server?: ExampleServer; proxy?: RecordingProxy } = {};
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`engines: the ${chat} chat's server is not ready`);
    return value;
  };
  beforeAll(async () => {
    state.server = await startExampleServer({ env: chatServerEnv(chat) });
    state.proxy = await startRecordingProxy(state.server.origin);
  }, SERVER_START_TIMEOUT_MS + 10_000);
  beforeEach(async () => {
    expect((await fetch(`${need(state.server).origin}/sandbox/reset`, { method: 'POST' })).status).toBe(200);
  });
  afterAll(async () => {
    await state.proxy?.stop();
    await state.server?.stop();
  });
  return {
    get server() {
      return need(state.server);
    },
    async open(path) {
      await driver().goto(`${need(state.proxy).origin}${path}`);
    },
  };
}

const within = (scope: Query, query: Query): Query => ({ ...query, within: scope });
const THREAD: Query = { css: 'message-thread' };
const LIST = within(THREAD, { role: 'region', name: 'Messages' });

/**
 * Watches the page at every frame from now on and notes in `window.__threadSeen` what showed even
 * for a moment: the customer typing, our text's bubble 'Delivered', 'Reconnecting…' (a read
 * from here, through a slow driver, may come after it went).
 */
const WATCH_MOMENTS = `
  const seen = (window.__threadSeen = {});
  const ownText = arguments[0];
  const text = (node) => {
    if (!node) return '';
    const own = node.shadowRoot ? text(node.shadowRoot) : '';
    return own + [...node.childNodes].map((child) => (child.nodeType === 3 ? child.textContent || '' : text(child))).join('');
  };
  const bubble = (root, wanted) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.matches('[part~="message"]') && (element.textContent || '').includes(wanted)) return element;
      const inner = element.shadowRoot ? bubble(element.shadowRoot, wanted) : null;
      if (inner) return inner;
    }
    return null;
  };
  const tick = () => {
    const all = text(document.body);
    if (all.includes('Jordan Rivera is typing…')) seen.typing = true;
    if (all.includes('Reconnecting…')) seen.reconnecting = true;
    const own = bubble(document, ownText);
    if (own && (own.querySelector('[part="message-state-icon"]') || {}).textContent === 'Delivered') seen.delivered = true;
    requestAnimationFrame(tick);
  };
  tick();
`;

async function seen(driver: EngineDriver, moment: 'typing' | 'delivered' | 'reconnecting'): Promise<void> {
  await driver.waitUntil('return window.__threadSeen && window.__threadSeen[arguments[0]] === true;', [moment], { timeout: 30_000, message: `${moment} seen` });
}

function countOf(driver: EngineDriver, query: Query): Promise<number> {
  return driver.evaluate<number>(withQuery('return q.all(arguments[0]).length;'), toWire(query));
}

/** Waits until the first match is an <img> that has loaded (not the placeholder a refused or failed photo shows). */
async function photoShown(driver: EngineDriver, name: string): Promise<void> {
  await driver.waitUntil(
    withQuery('const el = q.first(arguments[0], true); return !!el && el.localName === "img" && el.complete && el.naturalWidth > 0;'),
    [toWire(within(LIST, { role: 'img', name }))],
    { message: `the photo ${name} shown` },
  );
}

async function openThread(driver: EngineDriver, session: ChatServerSession, query: string, chat: ChatService): Promise<void> {
  await session.open(`/examples/message-thread.html?${query}`);
  await driver.waitUntil(
    withQuery('const el = q.first(arguments[0], true); return el && !el.disabled;'),
    [toWire(within(THREAD, { role: 'button', name: 'Attach a file' }))],
    { message: 'the chat to open', timeout: 30_000 },
  );
  expect(await driver.evaluate<string | null>("return document.querySelector('message-thread').getAttribute('chat-service');")).toBe(chat);
}

/** The journey (see the module comment), at 390 px; the viewport is left at 1280 px. */
export async function threadOnAPhone(driver: EngineDriver, session: ChatServerSession, chat: ChatService): Promise<void> {
  const origin = session.server.origin;
  try {
    await driver.setViewport({ width: 390, height: 844 });

    // History at its newest message; at the top, the older page comes above what was read, then the first message.
    await openThread(driver, session, 'user-id=5003&lead-id=300002', chat);
    await driver.waitFor(within(LIST, { text: NEWEST }));
    expect(await countOf(driver, within(LIST, { text: OLDEST }))).toBe(0);
    const scrollTop = withQuery('const el = q.first(arguments[0], true); el.scrollTo({ top: 0 });');
    await driver.evaluate(scrollTop, toWire(LIST));
    await driver.waitUntil(withQuery('return q.first(arguments[0], true).scrollTop > 250;'), [toWire(LIST)], {
      message: 'the older page above, the position kept',
    });
    await driver.evaluate(scrollTop, toWire(LIST));
    await driver.waitFor(within(LIST, { text: OLDEST }));

    // Another conversation, with a photo in its history.
    await openThread(driver, session, 'user-id=5001&lead-id=300001', chat);
    await photoShown(driver, 'water-heater.jpg');

    // A text: Delivered; the customer reads, types and answers.
    await driver.evaluate(WATCH_MOMENTS, TEXT);
    await driver.type(within(THREAD, { role: 'textbox', name: 'Write a message...' }), TEXT);
    await driver.click(within(THREAD, { role: 'button', name: 'Send' }));
    await seen(driver, 'delivered');
    await seen(driver, 'typing');
    await driver.waitFor(within(LIST, { text: FIRST_REPLY }));

    // A photo, picked as a file input gets it; shown from the chat's URL, and answered.
    await driver.evaluate(
      withQuery(`const input = q.first(arguments[0], false);
        const bytes = Uint8Array.from(atob(arguments[1]), (c) => c.charCodeAt(0));
        const files = new DataTransfer();
        files.items.add(new File([bytes], 'porch.png', { type: 'image/png' }));
        input.files = files.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));`),
      toWire(within(THREAD, { css: 'input[type="file"]' })),
      PNG_BASE64,
    );
    await driver.waitFor(within(THREAD, { role: 'button', name: 'Remove file porch.png' }));
    await driver.click(within(THREAD, { role: 'button', name: 'Send' }));
    await photoShown(driver, 'porch.png');
    await driver.waitFor(within(LIST, { text: PHOTO_REPLY }));

    // On Twilio the connection goes (the stand-in's sockets dropped as a lost network is) and
    // comes back; the customer writes meanwhile. (The sandbox chat's stream cannot be cut from
    // here: there the message comes live.)
    if (chat === 'twilio') expect(await dropTwilioConnections(origin)).toBeGreaterThan(0);
    const away = await fetch(`${origin}${MC}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: 'OneTime sandbox-member-token-5001' },
      body: JSON.stringify({ text: AWAY, senderEntityId: 5001, receiverEntityId: SP_ID }),
    });
    expect(away.status).toBe(200);
    if (chat === 'twilio') await seen(driver, 'reconnecting');
    await driver.waitFor(within(THREAD, { text: 'Reconnecting…' }), { state: 'detached' });
    await driver.waitFor(within(LIST, { text: AWAY }));

    // Back: the pro's next text goes once too; nothing shown or stored twice.
    await driver.type(within(THREAD, { role: 'textbox', name: 'Write a message...' }), BACK);
    await driver.click(within(THREAD, { role: 'button', name: 'Send' }));
    await driver.waitFor(within(LIST, { css: '[part~="message-own"]:not([part~="message-pending"]) .lk-msg__body', text: BACK }));
    const stored = await storedTexts(origin);
    for (const once of [TEXT, FIRST_REPLY, PHOTO_REPLY, AWAY, BACK]) {
      expect(
        stored.filter((text) => text === once),
        once,
      ).toHaveLength(1);
      expect(await countOf(driver, within(LIST, { css: '.lk-msg__body', text: once })), once).toBe(1);
    }
    expect(await countOf(driver, within(LIST, { role: 'img', name: 'porch.png' }))).toBe(1);
    expect(await driver.consoleErrors()).toEqual([]);
  } finally {
    await driver.setViewport({ width: 1280, height: 900 });
  }
}
