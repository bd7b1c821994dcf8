/**
 * XSS corpus (docs/reliability.md) in Debian's Chromium against `npm start`'s sandbox, at a phone's
 * width (390 px): every widget renders answers whose text fields hold the corpus
 * (test/e2e/xss-corpus.ts, vectors × wrappers). The answers are the sandbox's own (fetched
 * first), their text replaced, served by status-200 faults; every payload appears at least once
 * in each widget (the bulk fields: Q&A, messages, history, category options, reviews), the
 * others spread over every other text field.
 *
 * For each widget: no payload ran (`__xss` is exposed on every frame; any `alert`/`confirm`
 * /`prompt` dialog counts), no CSP violation, no page error; every URL attribute in the page and
 * in every shadow root (href, xlink:href, action, formaction, src) is https:, mailto:, tel: or
 * same-origin (blob: and data:image also for src); no inline event-handler attribute and no
 * script/iframe/object/embed/base element inside a shadow root; every maps link is
 * `https://www.google.com/maps/search/?api=1&query=<encodeURIComponent of the address parts>`;
 * nothing in a card, bubble or dialog reaches past its edges and the page has no horizontal
 * overflow.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TOP_CATEGORY_IDS } from '../../src/domain/category-taxonomy';
import {
  boardReady,
  clearFaults,
  FIRST_SCREEN_TIMEOUT_MS,
  firstScreen,
  injectFault,
  LEAD_PAGE_ROUTE,
  UI_TIMEOUT_MS,
  useE2eSession,
  visible,
  watchPage,
} from './harness';
import { payloadGroups, payloadSlice, XSS_MARKER, XSS_PAYLOADS, type XssPayload } from './xss-corpus';

const SP_ID = 1001;
const PHONE_VIEWPORT = { width: 390, height: 844 };
const PROVIDER_HEADERS = { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) };
const MC = '/gateway/message-center';
const TEST_TIMEOUT_MS = 60_000;

const e2e = useE2eSession({ viewport: PHONE_VIEWPORT });

// ---- the sandbox's own answers -------------------------------------------------------------

async function sandboxJson<T>(path: string, init: RequestInit = {}, headers: Record<string, string> = PROVIDER_HEADERS): Promise<T> {
  const response = await fetch(`${e2e.server.origin}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Answers `route` with `body` (status 200) until the test ends (the next reset clears it). */
function serve(route: string, body: unknown): Promise<string> {
  return injectFault(e2e.server.origin, { kind: 'status', status: 200, body, route });
}

const texts = (payloads: readonly XssPayload[]) => payloads.map((p) => p.text);

/** Every payload, `size` at a time: `[first, …rest]` per group (a question and its answers, a message…). */
const groups = (size: number) => payloadGroups(size);

// ---- the page and what runs in it ------------------------------------------------------------

interface Tab {
  page: Page;
  watch: Awaited<ReturnType<typeof watchPage>>;
  /** Ids of payloads that ran (`__xss(id)` called from any frame). */
  executed: number[];
  dialogs: string[];
}

async function openTab(path: string): Promise<Tab> {
  const page = await e2e.context.newPage();
  const watch = await watchPage(page);
  const executed: number[] = [];
  const dialogs: string[] = [];
  await page.exposeFunction(XSS_MARKER, (id: number) => {
    executed.push(id);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  await page.goto(`${e2e.server.origin}${path}`);
  return { page, watch, executed, dialogs };
}

interface Audit {
  /** URL attributes seen. */
  urls: number;
  badUrls: string[];
  handlers: string[];
  elements: string[];
  maps: { href: string; text: string }[];
}

/**
 * Walks the document and every open shadow root (plain JavaScript: see harness.ts on why not a
 * transpiled function).
 */
const AUDIT = String.raw`(() => {
  const out = { urls: 0, badUrls: [], handlers: [], elements: [], maps: [] };
  const here = location.origin;
  const parse = (raw) => { try { return new URL(raw, document.baseURI); } catch (error) { return null; } };
  const linkOk = (raw) => {
    const url = parse(raw);
    if (!url) return false;
    if (url.protocol === 'https:' || url.protocol === 'mailto:' || url.protocol === 'tel:') return true;
    return url.protocol === 'http:' && url.origin === here;
  };
  const srcOk = (raw) => {
    const url = parse(raw);
    if (!url) return false;
    if (url.protocol === 'https:' || url.protocol === 'blob:') return true;
    if (url.protocol === 'data:') return /^data:image\/(png|jpeg|gif|webp);/i.test(raw.trim());
    return url.protocol === 'http:' && url.origin === here;
  };
  const name = (el) => el.localName + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/)[0] : '');
  const FORBIDDEN = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'applet', 'portal']);
  const visit = (root, shadow) => {
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const key = attr.name.toLowerCase();
        if (key.startsWith('on')) out.handlers.push(name(el) + ' ' + key + '=' + attr.value.slice(0, 80));
        if (key === 'href' || key === 'xlink:href' || key === 'action' || key === 'formaction') {
          out.urls++;
          if (!linkOk(attr.value)) out.badUrls.push(name(el) + ' ' + key + '=' + attr.value.slice(0, 160));
          else if (/^https:\/\/www\.google\.com\/maps/i.test(attr.value)) out.maps.push({ href: attr.value, text: el.textContent || '' });
        }
        if (key === 'src' || key === 'data' && el.localName === 'object') {
          out.urls++;
          if (!srcOk(attr.value)) out.badUrls.push(name(el) + ' ' + key + '=' + attr.value.slice(0, 160));
        }
        if (key === 'srcdoc') out.badUrls.push(name(el) + ' srcdoc');
      }
      if (shadow && FORBIDDEN.has(el.localName)) out.elements.push(name(el));
      if (el.shadowRoot) visit(el.shadowRoot, true);
    }
  };
  visit(document, false);
  return out;
})()`;

/**
 * Elements past their container's edges: for each element matching `selector` (in any shadow
 * root), every visible descendant (through shadow roots) must lie within it, ±1 px. A scrolling
 * or clipping descendant is checked itself, not what it clips; fixed-position layers (dialogs)
 * are not the container's. Also the page's own horizontal overflow.
 */
const OVERFLOW = String.raw`((selector, besides) => {
  const containers = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(selector)) containers.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);
  const offenders = [];
  const name = (el) => el.localName + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/)[0] : '');
  for (const container of containers) {
    const box = container.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > window.innerWidth + 1) offenders.push('container ' + name(container) + ' right ' + Math.round(box.right));
    const walk = (el) => {
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || style.display === 'none') return;
      if (besides && el.matches(besides)) return;
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0 && (rect.right > box.right + 1 || rect.left < box.left - 1)) {
        offenders.push(name(container) + ' > ' + name(el) + ' ' + Math.round(rect.left) + '–' + Math.round(rect.right) + ' (container ' + Math.round(box.left) + '–' + Math.round(box.right) + ')');
      }
      if (style.overflowX !== 'visible') return;
      for (const child of el.children) walk(child);
      if (el.shadowRoot) for (const child of el.shadowRoot.children) walk(child);
    };
    for (const child of container.children) walk(child);
  }
  return { containers: containers.length, offenders: offenders.slice(0, 12), pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
})`;

/** The text of the page and of every shadow root in it. */
const DEEP_TEXT = String.raw`(() => {
  const parts = [document.body.textContent || ''];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (!el.shadowRoot) continue;
      parts.push(el.shadowRoot.textContent || '');
      visit(el.shadowRoot);
    }
  };
  visit(document);
  return parts.join('\n');
})()`;

/**
 * Every one of `payloads` comes onto the page as text (so the corpus did render, as text). Waits
 * for it: a part may still be loading its data when the element's first controls show (the funnel's
 * Continue renders before the pro's details arrive on a busy machine).
 */
async function expectRendered(page: Page, payloads: readonly XssPayload[], where: string): Promise<void> {
  const missing = async () => {
    const text = (await page.evaluate(DEEP_TEXT)) as string;
    return payloads.filter((payload) => !text.includes(payload.text)).map((payload) => payload.id);
  };
  await expect.poll(missing, { timeout: UI_TIMEOUT_MS, interval: 100, message: `${where}: payloads not on the page (ids)` }).toEqual([]);
}

async function audit(page: Page): Promise<Audit> {
  return page.evaluate(AUDIT);
}

/**
 * Expects nothing past the edges of `selector`'s elements (at least one) nor of the page.
 * `besides`: what such an element places beside itself on purpose (a bubble's time), left out.
 */
async function expectLayoutIntact(page: Page, selector: string, where: string, besides?: string): Promise<void> {
  const result = (await page.evaluate(`${OVERFLOW}(${JSON.stringify(selector)}, ${JSON.stringify(besides ?? null)})`)) as {
    containers: number;
    offenders: string[];
    pageWidth: number;
    viewport: number;
  };
  expect(result.containers, `${where}: ${selector} on the page`).toBeGreaterThan(0);
  expect(result.offenders, `${where}: past the edges of ${selector}`).toEqual([]);
  expect(result.pageWidth, `${where}: page scroll width`).toBeLessThanOrEqual(result.viewport);
}

/** The query of a maps link, as the widgets build it (domain/safe-url mapsHref). */
function mapsQuery(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

const MAPS = /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=([A-Za-z0-9\-_.!~*'()%]+)$/;

/** Every URL attribute allowed, no handler, no forbidden element; the maps links' queries decoded. */
async function expectSafeDom(page: Page, where: string): Promise<{ urls: number; mapsQueries: string[] }> {
  const found = await audit(page);
  expect(found.badUrls, `${where}: URL attributes`).toEqual([]);
  expect(found.handlers, `${where}: event-handler attributes`).toEqual([]);
  expect(found.elements, `${where}: elements inside shadow roots`).toEqual([]);
  const mapsQueries = found.maps.map((link) => {
    const match = MAPS.exec(link.href);
    expect(match, `${where}: maps link ${link.href.slice(0, 200)}`).not.toBeNull();
    return decodeURIComponent(match![1]!);
  });
  return { urls: found.urls, mapsQueries };
}

/** No payload ran, no dialog, no CSP violation, no page error. */
async function expectNothingRan(tab: Tab): Promise<void> {
  // A handler queued by a late image error or a timer would still be heard.
  await tab.page.waitForTimeout(200);
  expect(tab.executed, 'payloads that ran (ids)').toEqual([]);
  expect(tab.dialogs).toEqual([]);
  const record = await tab.page.evaluate(() => window.__lk);
  expect(record.csp).toEqual([]);
  expect(tab.watch.consoleErrors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
}

// ---- the detectors themselves ---------------------------------------------------------------

describe('the detectors', () => {
  it('see a payload run from a shadow root, a dialog, a javascript: link, a handler attribute and an element past its card', async () => {
    const tab = await openTab('/examples/review-request.html');
    await firstScreen(tab.page.locator('#review-300013').getByRole('button', { name: 'Request a Review' }));
    await tab.page.evaluate(`(() => {
      const root = document.querySelector('#review-300013').shadowRoot;
      const box = document.createElement('div');
      box.className = 'lk-probe';
      box.style.width = '100px';
      box.innerHTML = '<img src=x onerror="__xss(-1);alert(-1)"><a href="javascript:void 0">x</a><p style="width: 900px">wide</p>';
      root.append(box);
    })()`);
    await expect.poll(() => tab.executed).toEqual([-1]);
    await expect.poll(() => tab.dialogs).toEqual(['alert: -1']);
    const found = await audit(tab.page);
    expect(found.badUrls).toEqual(['a href=javascript:void 0']);
    expect(found.handlers).toEqual(['img onerror=__xss(-1);alert(-1)']);
    const layout = (await tab.page.evaluate(`${OVERFLOW}(".lk-probe")`)) as { offenders: string[]; pageWidth: number; viewport: number };
    expect(layout.offenders).toEqual([expect.stringMatching(/^div\.lk-probe > p /)]);
    expect(layout.pageWidth).toBeGreaterThan(layout.viewport);
  });
});

// ---- the board -------------------------------------------------------------------------------

const LEADS_PATH = `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`;

interface BoardLead {
  leadId: number;
  description: string | null;
  notes: string | null;
  urgency: string;
  source: string;
  thimbleUrl: string | null;
  category: { id: number; name: string };
  questionsAndAnswers: { question: string; answers: string[] }[];
  customerInfo: Record<string, unknown>;
}

const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'addressLineOne',
  'addressLineTwo',
  'city',
  'state',
  'postalCode',
  'emailAddress',
  'phoneNumber',
  'phoneUrl',
] as const;

/** The board's first page as the sandbox answers it, every text field of every lead a payload; the first lead's Q&A the whole corpus. */
async function craftedBoardPage() {
  const page = await sandboxJson<{ leads: BoardLead[]; pagination: { totalNumber: number } }>(LEADS_PATH, {
    method: 'POST',
    body: JSON.stringify({ offset: 0, limit: 10, sort: 'NewestOldest', filters: { archived: false, displayLead: true } }),
  });
  const perLead = CUSTOMER_FIELDS.length + 6;
  page.leads.forEach((lead, index) => {
    const [description, notes, category, urgency, source, thimble, ...customer] = texts(payloadSlice(index * perLead, perLead));
    Object.assign(lead, { description, notes, urgency, source, thimbleUrl: thimble });
    lead.category.name = category!;
    CUSTOMER_FIELDS.forEach((field, i) => (lead.customerInfo[field] = customer[i]));
    lead.questionsAndAnswers =
      index === 0 ? groups(5).map((group) => ({ question: group[0]!.text, answers: texts(group) })) : [{ question: customer[0]!, answers: [customer[1]!] }];
  });
  // Addresses a person would type, with markup and separators: the maps link must encode them.
  Object.assign(page.leads[1]!.customerInfo, {
    addressLineOne: '12 <b>Main</b> St & "Co" #4?x=1',
    addressLineTwo: 'Apt 5/6 \u202Eevil',
    emailAddress: "o'brien+quotes@example.com",
  });
  return page;
}

describe('the lead board', () => {
  it(
    'renders the corpus in every card (list and opened: name, city, address, e-mail, phone, notes, description, Q&A, category) and in the filters’ suggestions',
    async () => {
      const crafted = await craftedBoardPage();
      await serve('POST /gateway/lead/office/v6/leads/serviceProvider/:id', crafted);
      await serve('GET /gateway/lead/office/v1/leads/serviceprovider/:spId/autocomplete/categoryName', {
        suggestions: payloadSlice(17, 20).map((p, i) => ({ categoryId: 100 + i, categoryName: p.text })),
      });
      await serve('GET /gateway/lead/office/v2/leads/serviceprovider/:spId/autocomplete/memberName', {
        suggestions: payloadSlice(61, 20).map((p, i) => ({ memberName: p.text, contactInformationIds: [800_001 + i] })),
      });
      await serve('GET /gateway/lead/office/v1/leads/serviceprovider/:spId/autocomplete/location', {
        suggestions: payloadSlice(131, 20).map((p) => ({ city: p.text, state: 'CO', postalCode: null, locationName: p.text })),
      });
      const tab = await openTab(`/app/lead/board/${SP_ID}`);
      const board = tab.page.locator('#office-app [part="lead-board"]');
      await boardReady(board);

      const mapsSeen: string[] = [];
      for (const [index, lead] of crafted.leads.entries()) {
        const card = board.locator(`li[data-lead-id="${lead.leadId}"]`);
        if ((await card.getAttribute('data-expanded')) !== 'true') await card.locator('.lk-card__toggle').click();
        await expect.poll(() => card.getAttribute('data-expanded')).toBe('true');
        await visible(card.getByRole('combobox', { name: 'Lead status' }));
        await card.getByRole('button', { name: 'Contact', exact: true }).click();
        const more = card.getByRole('button', { name: 'Read More' });
        if (index === 0) {
          // The whole corpus on the page, as text (the first card's Q&A).
          await more.click();
          await expectRendered(tab.page, XSS_PAYLOADS, 'board, first card');
        }
        const { mapsQueries } = await expectSafeDom(tab.page, `card ${index}`);
        mapsSeen.push(...mapsQueries);
        await expectLayoutIntact(tab.page, 'li.lk-card[data-expanded="true"]', `card ${index}`);
      }
      // Every card with an address linked it, its parts encoded (decoded back, the same text).
      const expected = crafted.leads.map((lead) => {
        const info = lead.customerInfo as Record<string, string | null>;
        return mapsQuery([info.addressLineOne, info.addressLineTwo, info.city, info.state, info.postalCode]);
      });
      for (const query of expected) expect(mapsSeen).toContain(query);
      expect(mapsSeen).toContain(
        '12 <b>Main</b> St & "Co" #4?x=1, Apt 5/6 \u202Eevil, ' +
          mapsQuery([
            crafted.leads[1]!.customerInfo.city as string,
            crafted.leads[1]!.customerInfo.state as string,
            crafted.leads[1]!.customerInfo.postalCode as string,
          ]),
      );

      // The filters' suggestion lists (category, location, customer name).
      await board.getByRole('button', { name: 'Show All Filters' }).click();
      for (const label of ['Category', 'Location', 'Customer name']) {
        const field = board.getByRole('combobox', { name: label });
        await field.fill('a');
        await visible(board.getByRole('option').first());
        await expectSafeDom(tab.page, `${label} suggestions`);
        await field.fill('');
      }
      await expectLayoutIntact(tab.page, '[part="lead-board"]', 'board');
      await expectNothingRan(tab);
    },
    TEST_TIMEOUT_MS,
  );
});

// ---- the lead page ----------------------------------------------------------------------------

interface LeadPageAnswer {
  leadId: number;
  info: {
    title: string;
    description: string | null;
    urgency: string;
    category: { id: number; name: string };
    attributes: { questionText: string; answerText: string }[];
  };
  address: Record<string, string | null>;
  user: Record<string, string | null> | null;
  customerInfo: Record<string, unknown> | null;
}

/** The V2 lead-page answer of a seeded lead (the provider's), every text field a payload from `start`, its Q&A the whole corpus. */
async function craftedLeadPage(leadId: number, start: number): Promise<LeadPageAnswer> {
  const lead = await sandboxJson<LeadPageAnswer>(`/gateway/lead/office/v2/leads/${leadId}?spId=${SP_ID}`);
  const [title, description, urgency, category, first, last, userFirst, userLast, phone, email, line1, line2, city, state, postalCode] = texts(
    payloadSlice(start, 15),
  );
  Object.assign(lead.info, { title, description, urgency });
  lead.info.category.name = category!;
  lead.info.attributes = groups(2).map(([question, answer]) => ({ questionText: question!.text, answerText: (answer ?? question)!.text }));
  lead.customerInfo = { ...lead.customerInfo, firstName: first, lastName: last };
  lead.user = { firstName: userFirst!, lastName: userLast!, phone: phone!, email: email! };
  // Both address spellings: the page takes firstLine/secondLine when present.
  lead.address = { firstLine: line1!, secondLine: line2!, lineOne: null, lineTwo: null, city: city!, state: state!, postalCode: postalCode! };
  return lead;
}

describe('the lead page', () => {
  it(
    'renders the corpus in the V2 answer’s fields (title, customer, phone, e-mail, address, description, Q&A, category); the maps link encodes the address',
    async () => {
      // Two answers in turn: each customer field gets two payloads; a real e-mail and phone once (the mailto and tel links).
      for (const [round, start] of [0, 160].entries()) {
        const lead = await craftedLeadPage(300001, start);
        if (round === 1) lead.user = { ...lead.user, email: "o'brien+jane@example.com", phone: '+1 (303) 555-0142' };
        await serve(LEAD_PAGE_ROUTE, lead);
        const tab = await openTab(`/app/lead?leadId=300001&serviceProviderId=${SP_ID}`);
        const card = tab.page.locator('lead-app [part="lead-card"]');
        await firstScreen(card.locator('.lk-lead-card__name'));
        await expectRendered(tab.page, XSS_PAYLOADS, `lead page ${round}`);
        const { mapsQueries } = await expectSafeDom(tab.page, `lead page ${round}`);
        const address = lead.address;
        expect(mapsQueries).toEqual([mapsQuery([address.firstLine, address.secondLine, address.city, address.state, address.postalCode])]);
        if (round === 1) {
          await expect(card.locator('a[href^="mailto:"]').getAttribute('href')).resolves.toBe("mailto:o'brien%2Bjane@example.com");
          await expect(card.locator('a[href^="tel:"]').getAttribute('href')).resolves.toBe('tel:+13035550142');
        }
        await expectLayoutIntact(tab.page, '[part="lead-card"]', `lead page ${round}`);
        await expectNothingRan(tab);
        await tab.page.close();
        await clearFaults(e2e.server.origin);
      }
    },
    TEST_TIMEOUT_MS,
  );
});

// ---- the message thread -----------------------------------------------------------------------

/** Which of the corpus's payloads are on the page as text now. */
async function payloadsOnPage(page: Page): Promise<number[]> {
  const text = (await page.evaluate(DEEP_TEXT)) as string;
  return XSS_PAYLOADS.filter((payload) => text.includes(payload.text)).map((payload) => payload.id);
}

describe('the message thread', () => {
  it(
    'renders the corpus in messages (both sides), a file name, the member name, the lead panel, the contact numbers and the message history',
    async () => {
      const session = await sandboxJson<{ conversationSid: string; identity: string; token: string; expiresAt: string }>(`${MC}/v1/chat/session`, {
        method: 'POST',
        body: JSON.stringify({ serviceProviderId: SP_ID, userId: 5001 }),
      });
      const [first, last, fileName, phone, masked] = texts(payloadSlice(3, 5));
      // The chat session names the member (shown when the thread has no lead); its token is the sandbox's own.
      await serve(`POST ${MC}/v1/chat/session`, { ...session, member: { firstName: first, lastName: last } });
      const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 9, index)).toISOString();
      const messages = groups(5).map((group, index) => ({
        index,
        sid: `msg-xss-${index}`,
        author: index % 2 === 0 ? 'member-5001' : session.identity,
        body: texts(group).join('\n'),
        dateCreated: at(index),
        media: [] as unknown[],
        attributes: {},
      }));
      // A file (not a photo) named by a payload, whose URL the chat service gives protocol-relative, to another host.
      messages.push({
        index: messages.length,
        sid: 'msg-xss-file',
        author: 'member-5001',
        body: null as unknown as string,
        dateCreated: at(messages.length),
        media: [{ sid: 'ME-xss-file', contentType: 'application/pdf', filename: fileName, size: 1000 }],
        attributes: {},
      });
      await serve(`GET ${MC}/v1/chat/conversations/:sid/messages`, { messages, hasOlder: false });
      await serve(`GET ${MC}/v1/chat/conversations/:sid`, {
        sid: session.conversationSid,
        participants: [session.identity, 'member-5001'],
        lastMessageIndex: messages.length - 1,
        lastReadMessageIndex: messages.length - 1,
      });
      await serve(`GET ${MC}/v1/chat/media/:mediaSid`, { url: '//evil.example/statement.pdf', expiresAt: new Date(Date.now() + 600_000).toISOString() });
      await serve(LEAD_PAGE_ROUTE, await craftedLeadPage(300001, 30));
      await serve(`GET ${MC}/v2/lead/phone_number`, { contactInfo: [{ leadId: 300001, phoneNumber: phone, maskedNumber: masked, maskedNumberActive: true }] });

      const tab = await openTab('/examples/message-thread.html?user-id=5001&lead-id=300001');
      const list = tab.page.getByRole('region', { name: 'Messages' });
      await firstScreen(list.locator('.lk-msg').first());
      // The list is virtual: from the newest row up to the oldest, each step scrolling just above
      // the highest row rendered; the page is checked whenever rows it had not seen are rendered.
      const seen = new Set<number>();
      const rowsSeen = new Set<number>();
      for (let step = 0; step < 300; step++) {
        const rows = (await list.evaluate((element) =>
          [...element.querySelectorAll('li[data-index]')].map((row) => Number(row.getAttribute('data-index'))),
        )) as number[];
        if (rows.some((row) => !rowsSeen.has(row))) {
          rows.forEach((row) => rowsSeen.add(row));
          for (const id of await payloadsOnPage(tab.page)) seen.add(id);
          await expectSafeDom(tab.page, `thread, rows ${rows.join(',')}`);
          // A bubble's time sits beside it on purpose: it stays inside the row.
          await expectLayoutIntact(tab.page, '.lk-msg', `thread, rows ${rows.join(',')}`, '[part="message-time-beside"]');
          await expectLayoutIntact(tab.page, '.lk-thread__row', `thread, rows ${rows.join(',')}`);
        }
        if (rowsSeen.has(0)) break;
        await list.evaluate(async (element) => {
          const box = element.getBoundingClientRect();
          const tops = [...element.querySelectorAll('li[data-index]')].map((row) => row.getBoundingClientRect().top - box.top + element.scrollTop);
          element.scrollTop = Math.max(0, Math.min(element.scrollTop - 1, ...tops) - 1);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        });
      }
      expect(
        [...rowsSeen].sort((a, b) => a - b),
        'rows rendered',
      ).toEqual(messages.map((message) => message.index));
      expect(
        XSS_PAYLOADS.filter((payload) => !seen.has(payload.id)).map((payload) => payload.id),
        'payloads never on screen in the thread (ids)',
      ).toEqual([]);
      // The lead panel: title, description, timing, category and the name.
      await expectRendered(tab.page, payloadSlice(30, 6), 'thread lead panel');
      // The contact dialog: the numbers as text.
      await tab.page.getByRole('button', { name: 'Contact', exact: true }).click();
      await visible(tab.page.getByRole('dialog'));
      await expectSafeDom(tab.page, 'contact dialog');
      await expectLayoutIntact(tab.page, 'dialog[open]', 'contact dialog');
      await expectNothingRan(tab);
      await tab.page.close();

      // Without a lead, the heading names the member from the chat session.
      const noLead = await openTab('/examples/message-thread.html?user-id=5001');
      await firstScreen(noLead.page.getByRole('heading', { level: 1 }));
      await expectRendered(noLead.page, payloadSlice(3, 2), 'thread without a lead');
      await expectSafeDom(noLead.page, 'thread without a lead');
      await expectLayoutIntact(noLead.page, '.lk-thread__header', 'thread without a lead');
      await expectNothingRan(noLead);
      await noLead.page.close();

      // 'Message History': the member's activities, read only.
      await serve(`GET ${MC}/v2/interactions/activities`, {
        activities: groups(5).map((group, index) => ({
          activityId: `act-xss-${index}`,
          activityType: 'GenericMessage.v1',
          createDate: at(index),
          counterpartId: SP_ID,
          actorId: index % 2 === 0 ? 5001 : SP_ID,
          text: texts(group).join('\n'),
        })),
      });
      const history = await openTab(`/app/conversation/${SP_ID}/thread/5001?leadId=300001&archived=true`);
      await firstScreen(history.page.locator('.lk-history__item').first());
      await expectRendered(history.page, XSS_PAYLOADS, 'message history');
      await expectSafeDom(history.page, 'message history');
      await expectLayoutIntact(history.page, '.lk-history__item', 'message history');
      await expectNothingRan(history);
    },
    TEST_TIMEOUT_MS,
  );
});

// ---- the review request -----------------------------------------------------------------------

describe('the review request', () => {
  it(
    'renders the corpus in the modal: the customer (name, e-mail, phone), the category names (summary and options) and the description of work',
    async () => {
      const REVIEW_LEAD = 300013;
      const provider = await sandboxJson<{
        categories: { categoryId: number; categoryName: string; overallReviewCount: number; parentCategory: { categoryId: number } }[];
      }>(`/gateway/service-provider-profile/v1/service_provider/${SP_ID}/categories`);
      // The provider's own categories first (ids the sandbox knows), then as many more as the corpus needs.
      const categories = XSS_PAYLOADS.map((payload, index) => ({
        categoryId: provider.categories[index]?.categoryId ?? 900_000 + index,
        categoryName: payload.text,
        overallReviewCount: index,
        parentCategory: { categoryId: provider.categories[index]?.parentCategory.categoryId ?? 1 },
      }));
      const draft = await sandboxJson<{ draftReview: Record<string, unknown>; draftRatings: unknown[]; categories: number[] }>(
        '/gateway/review/api/v1/draft-review/get-or-create',
        {
          method: 'POST',
          body: JSON.stringify({ serviceProviderId: SP_ID, leadId: REVIEW_LEAD, reviewSource: 'site-member', reviewSourceVersion: '2.0' }),
        },
      );
      const [first, last, email, phone, category, parent, description] = texts(payloadSlice(250, 7));
      await serve('POST /gateway/lead/office/v1/review-request', {
        leadId: REVIEW_LEAD,
        serviceProviderId: SP_ID,
        firstName: first,
        lastName: last,
        emailAddress: email,
        phoneNumber: phone,
        isMaskedPhone: false,
        postalCode: '80210',
        category: { id: 10102, name: category },
      });
      await serve(`GET /gateway/service-provider-profile/v1/service_provider/:spId/categories`, { categories });
      await serve('GET /gateway/review/api/v1/category', {
        categories: [
          { categoryId: 10102, name: category, parentCategory: { categoryId: 101 } },
          { categoryId: 101, name: parent, parentCategory: { categoryId: 1 } },
        ],
      });
      // The draft chose every category: the summary names them all.
      await serve('POST /gateway/review/api/v1/draft-review/get-or-create', {
        ...draft,
        draftReview: { ...draft.draftReview, descriptionOfWork: description },
        categories: categories.map((c) => c.categoryId),
      });

      const tab = await openTab('/examples/review-request.html');
      await tab.page.locator(`#review-${REVIEW_LEAD}`).getByRole('button', { name: 'Request a Review' }).click();
      const modal = tab.page.getByRole('dialog', { name: 'Request a Review' });
      await visible(modal.getByRole('region', { name: 'Customer contact' }));
      await expectRendered(tab.page, XSS_PAYLOADS, 'review summary');
      await expectSafeDom(tab.page, 'review summary');
      await expectLayoutIntact(tab.page, 'dialog[open]', 'review summary');

      await modal.getByRole('button', { name: 'Edit' }).click();
      const categoriesButton = modal.locator('[part="review-categories-button"]');
      await categoriesButton.click();
      await expect.poll(() => categoriesButton.getAttribute('aria-expanded')).toBe('true');
      await expectRendered(tab.page, XSS_PAYLOADS, 'review category options');
      await expectSafeDom(tab.page, 'review form');
      await expectLayoutIntact(tab.page, 'dialog[open]', 'review form');
      await expectNothingRan(tab);
    },
    TEST_TIMEOUT_MS,
  );
});

// ---- the request-a-quote funnel ---------------------------------------------------------------

describe('the request-a-quote funnel', { timeout: 90_000 }, () => {
  it(
    'renders the corpus in the pro’s and the categories’ names, the city, the suggested pros (names, categories, reviews), the summary (pros, title, deals)',
    async () => {
      const member = { 'content-type': 'application/json', 'x-caller-type': 'Member' };
      const pro = await sandboxJson<{ name: string; categories: { categoryId: number; categoryName: string }[] }>(
        `/gateway/lead/v1/serviceprovider/${SP_ID}/details?withAlId=false`,
        {},
        member,
      );
      const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
      let next = 0;
      const take = (count: number) => {
        const slice = texts(payloadSlice(next, count));
        next += count;
        return slice;
      };
      await serve('GET /gateway/lead/v1/serviceprovider/:spId/details', {
        ...pro,
        name: take(1)[0],
        categories: pro.categories.map((category, index) => ({ ...category, categoryName: take(1)[0] ?? String(index) })),
      });
      await serve('GET /gateway/lead/v1/topCategories', { categories: TOP_CATEGORY_IDS.map((categoryId) => ({ categoryId, name: take(1)[0] })) });
      await serve('GET /gateway/lead/v1/address/getCityAndStateAbbreviationByPostalCode', { city: take(1)[0], stateAbbreviation: 'CO', postalCode: '80202' });
      // The suggestions: one AL and one HA pro the sandbox knows, named by payloads. A card shows the
      // 2 reviews it asks for (more sent are left out): each pro's two carry the whole corpus, in
      // their texts and in their reviewers' names.
      const suggested = [
        { id: 1009, serviceProviderType: 'AL', name: take(1)[0], rating: 3.9, reviewCount: 31 },
        { id: 2003, serviceProviderType: 'HA', name: take(1)[0], rating: 4.1, reviewCount: 45 },
      ];
      await serve('POST /gateway/lead/v4/serviceproviders/suggestion', { serviceProviders: suggested, serviceRequestId: 600001 });
      await serve('POST /gateway/lead/v1/serviceProviders/details', {
        serviceProviders: suggested.map((p) => ({
          serviceProvideId: p.id,
          serviceProviderType: p.serviceProviderType,
          name: p.name,
          categories: take(4).map((categoryName, index) => ({
            categoryId: [100, 10003, 10005, 10007][index],
            categoryName,
            overallReviewCount: 3,
            parentCategory: { categoryId: index === 0 ? 1 : 100 },
          })),
        })),
      });
      const half = Math.ceil(XSS_PAYLOADS.length / 2);
      const halves = [XSS_PAYLOADS.slice(0, half), XSS_PAYLOADS.slice(half)].map((payloads) => payloads.map((payload) => payload.text).join('\n'));
      await serve('POST /gateway/lead/v1/reviews/getByServiceProviderId', {
        reviews: halves.map((text, index) => ({ reviewId: 70_000 + index, rating: 2 + index, text, reviewerName: halves[1 - index], createDate: at })),
        totalCount: 31,
      });
      const summaryPros = [
        { id: SP_ID, serviceProviderType: 'AL', name: take(1)[0], rating: 4.7, reviewCount: 212 },
        { id: 1009, serviceProviderType: 'AL', name: take(1)[0], rating: 3.9, reviewCount: 31 },
      ];
      await serve('GET /gateway/lead/v1/lead/:leadId/serviceprovider/comparison', {
        serviceProviders: summaryPros.map((p) => ({ ...p, hired: false, responded: false })),
      });
      await serve('GET /gateway/lead/v1/lead/:leadId/serviceprovider', { serviceProviders: summaryPros });
      const deals = take(6).map((title, index) => ({ dealId: 9001 + index, title, price: 89, serviceProviderId: SP_ID }));
      await serve('GET /gateway/lead/v1/deals/followUp', { deals });
      const [title, categoryName] = take(2);

      const tab = await openTab('/examples/raq-funnel.html');
      const funnel = tab.page.locator('#quote');
      // A step comes after the gateway's answer and its part's code: under CI's load that took over
      // 10 s once. Returns as soon as the step is there; the bound only ends a hung journey.
      const step = (name: string) => visible(funnel.getByRole('heading', { level: 2, name }), FIRST_SCREEN_TIMEOUT_MS);
      await firstScreen(funnel.getByRole('button', { name: 'Continue' }));
      await expectRendered(tab.page, payloadSlice(0, 1), 'funnel entry (the pro)');
      await expectSafeDom(tab.page, 'funnel entry');
      await expectLayoutIntact(tab.page, '[part~="funnel"], .lk-funnel', 'funnel entry');
      // The category choices (the pro's top-level categories).
      await funnel.getByRole('combobox', { name: 'What do you need help with?' }).click();
      await expectSafeDom(tab.page, 'funnel category options');
      await tab.page.keyboard.press('Escape');
      await funnel.getByRole('button', { name: 'Continue' }).click();

      await step('Tell us about your project');
      await funnel.getByRole('radio', { name: 'Single-family home' }).check();
      await funnel.getByRole('textbox', { name: 'Street address' }).fill('1600 Larimer St');
      await funnel.getByRole('textbox', { name: 'First name' }).fill('Casey');
      await funnel.getByRole('textbox', { name: 'Last name' }).fill('Nguyen');
      await funnel.getByRole('textbox', { name: 'Email' }).fill('casey.nguyen@example.com');
      await funnel.getByRole('textbox', { name: 'Phone number' }).fill('3035550177');
      await expectSafeDom(tab.page, 'funnel project');
      await expectLayoutIntact(tab.page, '.lk-funnel', 'funnel project');
      await funnel.getByRole('button', { name: 'Review request' }).click();
      const confirm = funnel.getByRole('dialog', { name: 'Send your request?' });
      await visible(confirm);
      await expectSafeDom(tab.page, 'funnel confirm');
      await expectLayoutIntact(tab.page, 'dialog[open]', 'funnel confirm');
      // The created lead as the funnel then reads it: title and category named by payloads.
      const created = tab.page.waitForResponse((response) => new URL(response.url()).pathname === '/gateway/lead/v3/lead');
      await confirm.getByRole('button', { name: 'Send request' }).click();
      const { leadId } = (await (await created).json()) as { leadId: number };
      await serve(`GET /gateway/lead/v1/lead/${leadId}`, {
        leadId,
        userId: 1,
        title,
        description: null,
        urgency: 'NA',
        postalAddress: { postalCode: '80202', advertisingZone: 12 },
        category: { id: 100, name: categoryName },
      });

      await step('Send your request to more pros');
      // The reviews come with a call of their own after the step (and under CI's load once later than 10 s).
      await visible(funnel.locator('.lk-funnel__review-text').first(), 30_000);
      expect(await funnel.locator('.lk-funnel__review-text').count()).toBe(2 * suggested.length);
      await expectRendered(tab.page, XSS_PAYLOADS, 'funnel suggestions (reviews)');
      await expectSafeDom(tab.page, 'funnel suggestions');
      await expectLayoutIntact(tab.page, '[part="funnel-pro"]', 'funnel suggestions');
      await funnel.getByRole('button', { name: 'Continue without more pros' }).click();

      await step('Your request has been sent');
      await visible(funnel.locator('[part="funnel-deals"]'));
      await expectRendered(
        tab.page,
        [...summaryPros.map((p) => XSS_PAYLOADS.find((x) => x.text === p.name)!), ...deals.map((d) => XSS_PAYLOADS.find((x) => x.text === d.title)!)],
        'funnel summary',
      );
      await expectSafeDom(tab.page, 'funnel summary');
      await expectLayoutIntact(tab.page, '.lk-funnel', 'funnel summary');
      await expectNothingRan(tab);
    },
    TEST_TIMEOUT_MS,
  );
});
