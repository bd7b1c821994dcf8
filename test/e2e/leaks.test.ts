/**
 * Leak canaries (docs/reliability.md) in Debian's Chromium against `npm start`'s sandbox: a canary
 * customer — a one-time token, an e-mail and a phone no other data has — is added through the
 * sandbox's own HTTP routes before each test (a guest token from POST /v1/one-time-token, then
 * its lead for provider 1001 from POST /v3/lead: the seed is untouched, so no other test's counts
 * change); the funnel journey types the canary into the funnel, whose own one-time token joins
 * the canaries. Each widget's main journey runs with it — the board (open card, contact, rating,
 * status), the lead page, the thread (open, send, contact), the review request (Closed won →
 * send) and the funnel — and then none of the canaries may be in:
 * - any request URL of the browser context (bodies and headers may carry them);
 * - localStorage, sessionStorage, IndexedDB (every database, every store's values), Cache
 *   Storage keys, document.cookie or the context's cookies;
 * - console output of any kind, page errors included;
 * - a DOM attribute, in the page or any shadow root — except the carriers listed in
 *   ALLOWED_CARRIERS (text content is allowed: the pro must see the customer's e-mail);
 * - the detail of any lk-* event (every dispatchEvent of an `lk-` type is recorded by an init
 *   script, whatever the event);
 * - an analytics call (an `analytics` sink is set on every leadkit element as it is parsed or
 *   inserted, before the tag is defined).
 *
 * The harness (test/e2e/harness.ts, watchPage) checks request URLs and console output for the
 * seeded customers' e-mails, phones and tokens after every test of every e2e file that watches
 * its pages in a test.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, customerSecretsIn, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';
import { cdnFlavourFromEnv } from '../../scripts/cdn-flavours';

const SP_ID = 1001;
const CANARY = { first: 'Canary', last: 'Leakcheck', email: 'canary.q7x2@example.com', phone: '3035550163', street: '88 Canary Ct' } as const;
const TEST_TIMEOUT_MS = 45_000;

const e2e = useE2eSession({ coldCache: true });

// ---- the canary customer -------------------------------------------------------------------

const MEMBER_HEADERS = { 'content-type': 'application/json', 'x-caller-type': 'Member' };

interface CanaryCustomer {
  token: string;
  memberId: number;
  leadId: number;
}

/** A guest member with a one-time token, and its request to provider 1001 (the board's newest lead). */
async function addCanaryCustomer(): Promise<CanaryCustomer> {
  const issued = await fetch(`${e2e.server.origin}/gateway/lead/v1/one-time-token`, { method: 'POST', headers: MEMBER_HEADERS, body: '{}' });
  expect(issued.status).toBe(200);
  const { token, userId } = (await issued.json()) as { token: string; userId: number };
  const created = await fetch(`${e2e.server.origin}/gateway/lead/v3/lead`, {
    method: 'POST',
    headers: { ...MEMBER_HEADERS, authorization: `OneTime ${token}` },
    body: JSON.stringify({
      source: 'RequestAQuote',
      title: 'Water Heater Installation',
      description: 'The pilot light keeps going out.',
      urgency: 'As soon as possible',
      categoryId: 10002,
      showAddress: true,
      attributes: [{ questionText: 'Do you own this property?', answerText: 'Yes' }],
      assignedServiceProviderIds: [SP_ID],
      contactInformation: { email: CANARY.email, firstName: CANARY.first, lastName: CANARY.last, phoneNumber: CANARY.phone },
      address: { lineOne: CANARY.street, city: 'Denver', state: 'CO', postalCode: '80202' },
    }),
  });
  expect(created.status).toBe(200);
  const { leadId } = (await created.json()) as { leadId: number };
  return { token, memberId: userId, leadId };
}

/** Where a canary may not be: the needles a text is searched for (lower case, percent-decoded). */
function needles(tokens: readonly string[]): { name: string; find(text: string): boolean }[] {
  const local = CANARY.email.split('@')[0]!;
  const phoneDigits = CANARY.phone.slice(3); // 5550163
  return [
    { name: 'e-mail', find: (text) => text.includes(local) },
    { name: 'phone', find: (text) => text.replace(/[\s().-]/g, '').includes(phoneDigits) },
    ...tokens.map((token) => ({
      name: `token ${token.slice(0, 8)}…`,
      find: (text: string) => text.includes(token.toLowerCase()) || text.includes(token.slice(4, 20).toLowerCase()),
    })),
  ];
}

function normalize(text: string): string {
  let decoded = text;
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded.replace(/\+/g, ' '));
    } catch {
      break;
    }
  }
  return decoded.toLowerCase();
}

/** `where: value` lines of `values` holding a canary. */
function leaks(values: readonly string[], tokens: readonly string[]): string[] {
  const found: string[] = [];
  for (const value of values) {
    const text = normalize(value);
    for (const needle of needles(tokens)) if (needle.find(text)) found.push(`${needle.name} in ${value.slice(0, 300)}`);
  }
  return found;
}

// ---- what the page is watched for ------------------------------------------------------------

/**
 * Init script (plain JavaScript): records every lk-* event's detail, and gives every leadkit
 * element an analytics sink that records its calls.
 */
const LEAK_RECORDER = String.raw`(() => {
  const record = { events: [], analytics: [] };
  window.__leaks = record;
  const json = (value) => {
    try { return JSON.stringify(value === undefined ? null : value); } catch (error) { return String(value); }
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (event && typeof event.type === 'string' && event.type.startsWith('lk-')) {
      record.events.push({ type: event.type, detail: json(event.detail) });
    }
    return dispatch.call(this, event);
  };
  const sink = {
    page: (name, props) => record.analytics.push({ call: 'page', name: String(name), props: json(props) }),
    track: (name, props) => record.analytics.push({ call: 'track', name: String(name), props: json(props) }),
  };
  const TAGS = new Set(['lead-app', 'lead-board', 'lead-page', 'message-thread', 'review-request', 'raq-funnel']);
  const given = new WeakSet();
  const give = (element) => {
    if (element.nodeType !== 1) return;
    const all = [element, ...element.querySelectorAll('*')];
    for (const el of all) {
      if (TAGS.has(el.localName) && !given.has(el)) {
        given.add(el);
        el.analytics = sink;
      }
    }
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) give(node);
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * Reads the page's storage of every kind and every DOM attribute (page and shadow roots) that
 * holds one of `needles` (lower case, percent-decoded; the phone also without punctuation).
 */
const HARVEST = String.raw`(async (needles) => {
  const decode = (text) => {
    let out = text;
    for (let i = 0; i < 2; i++) { try { out = decodeURIComponent(out.replace(/\+/g, ' ')); } catch (error) { break; } }
    return out.toLowerCase();
  };
  const holds = (text) => {
    const value = decode(text);
    const bare = value.replace(/[\s().-]/g, '');
    return needles.some((needle) => value.includes(needle) || bare.includes(needle));
  };
  const attributes = [];
  const describe = (el, shadow) => (shadow ? 'shadow ' : '') + el.localName + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/)[0] : '');
  let count = 0;
  const visit = (root, shadow) => {
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        count++;
        if (holds(attr.value)) attributes.push({ element: describe(el, shadow), tag: el.localName, name: attr.name, value: attr.value });
      }
      if (el.shadowRoot) visit(el.shadowRoot, true);
    }
  };
  visit(document, false);
  const dump = (storage) => { const out = {}; for (let i = 0; i < storage.length; i++) { const key = storage.key(i); out[key] = storage.getItem(key); } return out; };
  const databases = [];
  if (indexedDB.databases) {
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => { const open = indexedDB.open(info.name); open.onsuccess = () => resolve(open.result); open.onerror = () => reject(open.error); });
      const stores = {};
      for (const name of db.objectStoreNames) {
        stores[name] = await new Promise((resolve) => {
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(String(request.error));
        });
      }
      db.close();
      databases.push({ name: info.name, stores });
    }
  }
  const cacheKeys = typeof caches === 'undefined' ? [] : await caches.keys();
  return {
    attributeCount: count,
    attributes,
    localStorage: dump(localStorage),
    sessionStorage: dump(sessionStorage),
    cookie: document.cookie,
    indexedDB: JSON.stringify(databases),
    caches: cacheKeys,
    events: window.__leaks.events,
    analytics: window.__leaks.analytics,
  };
})`;

interface Harvest {
  attributeCount: number;
  attributes: { element: string; tag: string; name: string; value: string }[];
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  cookie: string;
  indexedDB: string;
  caches: string[];
  events: { type: string; detail: string }[];
  analytics: { call: string; name: string; props: string }[];
}

/**
 * The attributes that may carry the customer's contact details — the links that make them one
 * tap away — and nothing else: `href` of an `<a>` that is the customer's mailto: or tel: link,
 * and the `value` of a form field the customer's details are typed or edited in (a controlled
 * input's value attribute mirrors what is in the box).
 */
const ALLOWED_CARRIERS: readonly { name: string; allows(attribute: Harvest['attributes'][number]): boolean }[] = [
  { name: 'a[href] mailto: to the customer', allows: (a) => a.tag === 'a' && a.name === 'href' && a.value === `mailto:${CANARY.email}` },
  { name: 'a[href] tel: to the customer', allows: (a) => a.tag === 'a' && a.name === 'href' && a.value === `tel:+1${CANARY.phone}` },
  {
    name: 'input[value] of the e-mail or phone field holding what was typed in it',
    allows: (a) => a.tag === 'input' && a.name === 'value' && (a.value === CANARY.email || a.value.replace(/\D/g, '') === CANARY.phone),
  },
];

interface Tab {
  page: Page;
  /** Console output of every kind, and page errors. */
  console: string[];
}

/** Every request URL of this test's browser context (watchContext starts the list). */
let contextUrls: string[] = [];

function watchContext(): void {
  const urls: string[] = [];
  contextUrls = urls;
  e2e.context.on('request', (request) => urls.push(request.url()));
}

async function openTab(path: string): Promise<Tab> {
  const page = await e2e.context.newPage();
  await watchPage(page);
  await page.addInitScript({ content: LEAK_RECORDER });
  const output: string[] = [];
  page.on('console', (message) => output.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => output.push(`pageerror: ${error.message}\n${error.stack ?? ''}`));
  await page.goto(`${e2e.server.origin}${path}`);
  return { page, console: output };
}

/** Where each canary was found, by place (every list empty: no leak), and the harvest. */
async function findLeaks(tab: Tab, tokens: readonly string[]): Promise<{ found: Record<string, string[]>; harvest: Harvest }> {
  const lowered = [
    CANARY.email.split('@')[0]!,
    CANARY.phone.slice(3),
    ...tokens.map((t) => t.toLowerCase()),
    ...tokens.map((t) => t.slice(4, 20).toLowerCase()),
  ];
  const harvest = (await tab.page.evaluate(`${HARVEST}(${JSON.stringify(lowered)})`)) as Harvest;
  const cookies = await e2e.context.cookies();
  const found = {
    'request URLs': leaks(contextUrls, tokens),
    'web storage': leaks([JSON.stringify(harvest.localStorage), JSON.stringify(harvest.sessionStorage)], tokens),
    'IndexedDB, Cache Storage': leaks([harvest.indexedDB, ...harvest.caches], tokens),
    cookies: leaks([harvest.cookie, ...cookies.map((cookie) => `${cookie.name}=${cookie.value}`)], tokens),
    'console output': leaks(tab.console, tokens),
    'DOM attributes': harvest.attributes
      .filter((attribute) => !ALLOWED_CARRIERS.some((carrier) => carrier.allows(attribute)))
      .map((a) => `${a.element} ${a.name}="${a.value.slice(0, 200)}"`),
    'lk-* event details': leaks(
      harvest.events.map((event) => `${event.type} ${event.detail}`),
      tokens,
    ),
    'analytics calls': leaks(
      harvest.analytics.map((call) => `${call.call} ${call.name} ${call.props}`),
      tokens,
    ),
  };
  return { found, harvest };
}

const NOTHING_FOUND = {
  'request URLs': [],
  'web storage': [],
  'IndexedDB, Cache Storage': [],
  cookies: [],
  'console output': [],
  'DOM attributes': [],
  'lk-* event details': [],
  'analytics calls': [],
};

/** Asserts no canary in any of the places above; returns the harvest for journey-specific checks. */
async function expectNoLeaks(tab: Tab, tokens: readonly string[], where: string): Promise<Harvest> {
  const { found, harvest } = await findLeaks(tab, tokens);
  expect(harvest.attributeCount, `${where}: attributes walked`).toBeGreaterThan(100);
  expect(found, `${where}: canaries found`).toEqual(NOTHING_FOUND);
  return harvest;
}

/** The page shows `text` (in a shadow root): the journey did reach the canary's data. */
async function expectShown(page: Page, text: string): Promise<void> {
  await visible(page.getByText(text, { exact: false }));
}

// ---- the journeys ------------------------------------------------------------------------------

describe('the leak detectors', () => {
  it('find a canary put in a URL, storage, IndexedDB, a cookie, the console, an attribute, an lk-* event and an analytics call', async () => {
    watchContext();
    const token = 'ott_0123456789abcdef0123456789abcdef';
    const tab = await openTab('/examples/review-request.html');
    await visible(tab.page.locator('#review-300013').getByRole('button', { name: 'Request a Review' }));
    await tab.page.evaluate(
      async ([email, phone, secret]) => {
        localStorage.setItem('probe', email!);
        document.cookie = `probe=${encodeURIComponent(secret!)}`;
        console.info('probe', `(303) ${phone!.slice(3, 6)}-${phone!.slice(6)}`);
        document.querySelector('review-request')!.shadowRoot!.firstElementChild!.setAttribute('data-probe', email!);
        document.dispatchEvent(new CustomEvent('lk-probe', { detail: { token: secret } }));
        (document.querySelector('review-request') as HTMLElement & { analytics: { track(name: string, props: object): void } }).analytics.track('probe', {
          email,
        });
        await fetch(`/sandbox/probe?e=${encodeURIComponent(email!)}`).catch(() => undefined);
        await new Promise<void>((resolve) => {
          const open = indexedDB.open('probe');
          open.onupgradeneeded = () => open.result.createObjectStore('s', { autoIncrement: true }).add({ phone });
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
        });
      },
      [CANARY.email, CANARY.phone, token],
    );
    const { found } = await findLeaks(tab, [token]);
    for (const [place, lines] of Object.entries(found)) expect(lines.length, place).toBeGreaterThan(0);
    // The suite-wide check of watchPage (harness.ts) on the seeded customers.
    expect(
      customerSecretsIn([
        'http://127.0.0.1/x?q=jordan.rivera%40example.com',
        'log: (303) 555-0142',
        'Authorization: OneTime sandbox-member-token-5001',
        'ott_0123456789abcdef01',
      ]),
    ).toHaveLength(4);
    expect(customerSecretsIn(['http://127.0.0.1/gateway/lead/office/v2/leads/300001?spId=1001'])).toEqual([]);
  });
});

describe('leak canaries: the canary customer’s token, e-mail and phone stay out of URLs, storage, console, attributes, events and analytics', {
  timeout: TEST_TIMEOUT_MS,
}, () => {
  it('the board: the canary’s card opened, its contact shown, rated, its status changed', async () => {
    watchContext();
    const canary = await addCanaryCustomer();
    const tab = await openTab(`/app/lead/board/${SP_ID}`);
    const board = tab.page.locator('#office-app [part="lead-board"]');
    await boardReady(board);
    const card = board.locator(`li[data-lead-id="${canary.leadId}"]`);
    await expect.poll(() => card.getAttribute('data-expanded')).toBe('true');
    await card.getByRole('button', { name: 'Contact', exact: true }).click();
    await expectShown(tab.page, CANARY.email);
    await expect(card.locator(`a[href="mailto:${CANARY.email}"]`).count()).resolves.toBe(1);
    await card.getByRole('button', { name: 'Rate this lead' }).click();
    await card.getByRole('radio', { name: 'Great' }).click({ force: true });
    await visible(card.getByText('Thanks for rating this lead!'));
    await card.getByRole('combobox', { name: 'Lead status' }).selectOption('Selling');
    await tab.page.waitForResponse((response) => response.url().endsWith(`/leads/${canary.leadId}/status`), { timeout: UI_TIMEOUT_MS });
    const harvest = await expectNoLeaks(tab, [canary.token], 'board');
    // The sink was heard: the board's page view and the rating's track call.
    expect(harvest.analytics.map((call) => `${call.call} ${call.name}`)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^page /), expect.stringMatching(/^track /)]),
    );
    expect(harvest.events.length).toBeGreaterThan(0);
  });

  it('the lead page (V2) of the canary’s lead', async () => {
    watchContext();
    const canary = await addCanaryCustomer();
    const tab = await openTab(`/app/lead?leadId=${canary.leadId}&serviceProviderId=${SP_ID}`);
    await expectShown(tab.page, CANARY.email);
    await expectShown(tab.page, CANARY.street);
    const harvest = await expectNoLeaks(tab, [canary.token], 'lead page');
    expect(harvest.analytics.map((call) => call.call)).toContain('page');
  });

  it('the thread with the canary: opened, a message sent, its contact dialog', async () => {
    watchContext();
    const canary = await addCanaryCustomer();
    const tab = await openTab(`/examples/message-thread.html?user-id=${canary.memberId}&lead-id=${canary.leadId}`);
    await visible(tab.page.getByRole('heading', { level: 1, name: `Your messages with ${CANARY.first} ${CANARY.last}` }));
    const attach = tab.page.getByRole('button', { name: 'Attach a file' });
    await expect.poll(() => attach.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await tab.page.getByRole('textbox', { name: 'Write a message...' }).fill('I can come by Tuesday at 9.');
    await tab.page.getByRole('button', { name: 'Send' }).click();
    await visible(tab.page.getByRole('region', { name: 'Messages' }).getByText('I can come by Tuesday at 9.', { exact: true }));
    await tab.page.getByRole('button', { name: 'Contact', exact: true }).click();
    await visible(tab.page.getByRole('dialog'));
    await expectNoLeaks(tab, [canary.token], 'thread');
  });

  it('the review request for the canary’s lead: Closed won → Request a Review → sent', async () => {
    watchContext();
    const canary = await addCanaryCustomer();
    const tab = await openTab(`/app/lead/board/${SP_ID}?leadId=${canary.leadId}`);
    const board = tab.page.locator('#office-app [part="lead-board"]');
    await boardReady(board);
    const card = board.locator(`li[data-lead-id="${canary.leadId}"]`);
    await visible(card.getByRole('combobox', { name: 'Lead status' }));
    await tab.page.evaluate(() => {
      (document.querySelector('lead-app') as HTMLElement & { flags: Record<string, boolean> }).flags = { new_review_request: true };
    });
    await card.getByRole('combobox', { name: 'Lead status' }).selectOption('ClosedWon');
    const prompt = card.getByRole('dialog', { name: 'Request a Review' });
    await prompt.getByRole('button', { name: 'Request a Review' }).click();
    const modal = card.getByRole('dialog', { name: 'Request a Review' }).filter({ has: tab.page.getByRole('button', { name: 'Send Request' }) });
    await visible(modal.getByRole('region', { name: 'Customer contact' }));
    await expectShown(tab.page, CANARY.email);
    await expectNoLeaks(tab, [canary.token], 'review request (open)');
    const sent = tab.page.waitForRequest((request) => request.url().endsWith('/v1/review/request-by-email'));
    await modal.getByRole('button', { name: 'Send Request' }).click();
    expect(JSON.stringify((await sent).postDataJSON())).toContain(CANARY.email);
    await visible(card.getByText('Thank you! Your Review Request has been submitted.'));
    const harvest = await expectNoLeaks(tab, [canary.token], 'review request (sent)');
    expect(harvest.events.map((event) => event.type)).toContain('lk-review-request');
  });

  it('the funnel with its own one-time token, the canary typed in', async () => {
    watchContext();
    // The funnel obtains its token as its first step shows (docs/widgets/raq-funnel.md#the-token-ahead): watched from before the page opens.
    const issued = e2e.context.waitForEvent('response', {
      predicate: (response) => response.url().endsWith('/gateway/lead/v1/one-time-token'),
      timeout: UI_TIMEOUT_MS * 2,
    });
    const tab = await openTab('/examples/raq-funnel.html');
    const { token } = (await (await issued).json()) as { token: string };
    expect(token).toMatch(/^ott_/);
    const funnel = tab.page.locator('#quote');
    await funnel.getByRole('button', { name: 'Continue' }).click();
    await funnel.getByRole('radio', { name: 'Single-family home' }).check();
    await funnel.getByRole('textbox', { name: 'Street address' }).fill(CANARY.street);
    await funnel.getByRole('textbox', { name: 'First name' }).fill(CANARY.first);
    await funnel.getByRole('textbox', { name: 'Last name' }).fill(CANARY.last);
    await funnel.getByRole('textbox', { name: 'Email' }).fill(CANARY.email);
    await funnel.getByRole('textbox', { name: 'Phone number' }).fill(CANARY.phone);
    // The fields hold what was typed (their value attributes are the listed carriers); the token, issued already, is nowhere.
    // React reflects a controlled field's value as its attribute; Preact (the lite flavour) sets the property only.
    const typed = await expectNoLeaks(tab, [token], 'funnel (project, typed)');
    expect(typed.attributes.map((a) => `${a.tag}[${a.name}]`)).toEqual(cdnFlavourFromEnv().name === 'lite' ? [] : ['input[value]', 'input[value]']);
    expect(await funnel.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(CANARY.email);
    await funnel.getByRole('button', { name: 'Review request' }).click();
    await funnel.getByRole('dialog', { name: 'Send your request?' }).getByRole('button', { name: 'Send request' }).click();
    await visible(funnel.getByRole('heading', { level: 2, name: 'Send your request to more pros' }));
    await visible(funnel.getByRole('checkbox').first());
    await expectNoLeaks(tab, [token], 'funnel (suggestions)');
    await funnel.getByRole('checkbox').first().check();
    await funnel.getByRole('button', { name: 'Send to selected pros' }).click();
    await visible(funnel.getByRole('heading', { level: 2, name: 'Your request has been sent' }));
    const harvest = await expectNoLeaks(tab, [token], 'funnel (summary)');
    expect(harvest.events.map((event) => event.type)).toContain('lk-lead-create');
  });
});

describe('leak canaries: a provider’s bearer token (auth.token) goes only into its header', { timeout: TEST_TIMEOUT_MS }, () => {
  const PROVIDER_TOKEN = 'tok-canary-provider-5Zr8q1Lw';

  it('the board signed in by a token function: the token in Authorization, nowhere else', async () => {
    watchContext();
    const tab = await openTab('/examples/office-board.html');
    const sent: string[] = [];
    tab.page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization) sent.push(authorization);
    });
    await tab.page.evaluate((token) => {
      (document.querySelector('lead-board') as HTMLElement & { auth: unknown }).auth = { kind: 'provider', spId: 1001, token: async () => token };
    }, PROVIDER_TOKEN);
    await expect.poll(() => sent, { timeout: UI_TIMEOUT_MS }).toContain(`Bearer ${PROVIDER_TOKEN}`);
    const board = tab.page.locator('#board');
    await boardReady(board);
    // The first card open: its content came through the token's calls too.
    const card = board.locator('li[data-lead-id]').first();
    await expect.poll(() => card.getAttribute('data-expanded')).toBe('true');
    await expectNoLeaks(tab, [PROVIDER_TOKEN], 'board with a provider token');
  });
});
