/**
 * Every tag in Chromium, from the CDN build on `npm start`'s server: an element acts only while
 * it is in a document (a created, never inserted element makes no request; a gateway set in the
 * same task as the insertion serves every request), `hidden` hides it (defined or not), and its
 * attribute properties follow the edge cases (undefined/null/false remove the attribute; a
 * number that is not one is absent, reported by `lk-error`, never NaN in a URL).
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { MAIN_PROVIDER_ID, SANDBOX_LEADS, SANDBOX_MEMBER_ID } from '@leadkit/sandbox';
import { kebab, TAG_NAMES, TAGS, type LeadkitTag } from '../../src/contract/tags';
import { focusedDescription, isFocused, tabTo } from './focus';
import {
  BOARD_SHOWING,
  cdnFirstContentFiles,
  cdnSourceChunk,
  cdnTagChunks,
  injectFault,
  itOutsideLitePass,
  UI_TIMEOUT_MS,
  useE2eSession,
  visible,
} from './harness';

const session = useE2eSession();

/** Attributes that make each tag load real sandbox data. */
const ATTRIBUTES: Record<LeadkitTag, Record<string, string>> = {
  'lead-page': { 'lead-id': String(SANDBOX_LEADS.purchased), 'sp-id': String(MAIN_PROVIDER_ID) },
  'lead-board': { 'sp-id': String(MAIN_PROVIDER_ID) },
  'lead-app': { 'sp-id': String(MAIN_PROVIDER_ID), base: '/app', 'chat-service': 'sandbox' },
  'review-request': { 'sp-id': String(MAIN_PROVIDER_ID), 'lead-id': String(SANDBOX_LEADS.purchased) },
  'message-thread': { 'sp-id': String(MAIN_PROVIDER_ID), 'user-id': String(SANDBOX_MEMBER_ID), 'chat-service': 'sandbox' },
  'raq-funnel': { 'sp-id': String(MAIN_PROVIDER_ID), 'postal-code': '80202' },
};

/** The URLs one list has and the other lacks, counted (a URL asked twice must be seen twice). */
function unmatched(onPage: string[], throughHost: string[]): { onlyOnPage: string[]; onlyThroughHost: string[] } {
  const left = [...throughHost];
  const onlyOnPage = onPage.filter((url) => {
    const at = left.indexOf(url);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
  return { onlyOnPage, onlyThroughHost: left };
}

const isGatewayRequest = (request: Request) => new URL(request.url()).pathname.startsWith('/gateway/');

/** Runs every tag's CDN chunk as a module script (each defines its tag). */
async function defineEveryTag(page: Page): Promise<void> {
  const chunks = cdnTagChunks();
  for (const tag of TAG_NAMES) await page.addScriptTag({ type: 'module', url: `/cdn/${chunks[tag]}` });
  await page.evaluate((tags) => Promise.all(tags.map((tag) => customElements.whenDefined(tag))), TAG_NAMES);
}

/** A blank page on the server's origin; `define` imports every tag's CDN chunk (no loader: nothing defines on sight). */
async function blankPage({ define = true, reserveSheet = false } = {}): Promise<{ page: Page; gatewayRequests: string[] }> {
  const page = await session.context.newPage();
  const gatewayRequests: string[] = [];
  page.on('request', (request) => {
    if (isGatewayRequest(request)) gatewayRequests.push(request.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${session.server.origin}/examples/index.html`);
  await page.setContent(`<!doctype html><html><head>${reserveSheet ? '<link rel="stylesheet" href="/cdn/leadkit.css">' : ''}</head><body></body></html>`);
  if (define) await defineEveryTag(page);
  expect(errors).toEqual([]);
  return { page, gatewayRequests };
}

describe('every tag acts only while in a document', { timeout: 60_000 }, () => {
  itOutsideLitePass('created with its attributes and a gateway but never inserted: no gateway request after 2 s, nothing rendered', async () => {
    const { page, gatewayRequests } = await blankPage();
    const rendered = await page.evaluate(
      async ({ tags, attributes, origin }) => {
        const elements = tags.map((tag) => {
          const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
          for (const [name, value] of Object.entries(attributes[tag as keyof typeof attributes])) element.setAttribute(name, value);
          element.gateway = { baseURL: origin };
          return element;
        });
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return elements.map((element) => element.shadowRoot?.childNodes.length ?? 0);
      },
      { tags: TAG_NAMES, attributes: ATTRIBUTES, origin: session.server.origin },
    );
    expect(rendered).toEqual(TAG_NAMES.map(() => 0));
    expect(gatewayRequests).toEqual([]);
  });

  itOutsideLitePass('inserted, then given a gateway in the same task: every request goes through that gateway', async () => {
    const { page, gatewayRequests } = await blankPage();
    await page.evaluate(
      ({ tags, attributes, origin }) => {
        const through: Record<string, string[]> = {};
        (window as unknown as { __through: typeof through }).__through = through;
        for (const tag of tags) {
          through[tag] = [];
          const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
          for (const [name, value] of Object.entries(attributes[tag as keyof typeof attributes])) element.setAttribute(name, value);
          document.body.append(element);
          element.gateway = {
            baseURL: origin,
            fetch: (input: RequestInfo | URL, init?: RequestInit) => {
              through[tag]?.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
              return fetch(input, init);
            },
          };
        }
      },
      { tags: TAG_NAMES, attributes: ATTRIBUTES, origin: session.server.origin },
    );
    // The data widgets show their data (by visible text), so their requests are done; the thread
    // shows its composer once its chat is open (on a busy machine that is well after the board).
    await page.locator('lead-page').getByText('Lead Unlocked', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('lead-board').getByRole('heading', { level: 1 }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('message-thread').getByRole('textbox', { name: 'Write a message...' }).waitFor({ timeout: UI_TIMEOUT_MS });
    const through = () => page.evaluate(() => (window as unknown as { __through: Record<string, string[]> }).__through);
    expect((await through())['lead-page']?.length).toBeGreaterThan(0);
    expect((await through())['lead-board']?.length).toBeGreaterThan(0);
    // Every gateway request the page made was made through the gateways set after insertion,
    // the sandbox chat service's too (Twilio's stand-in: conversations, events, media): its
    // adapter sends with the gateway config's fetch, like every other call. Read as a
    // poll: a request seen by the page but not yet by the host's fetch (or the reverse) is in
    // flight, not a bypass — a request that bypassed the host's gateway never appears on its side.
    const chatService = (url: string) => /\/gateway\/message-center\/v1\/chat\/(?!session)/.test(url);
    await expect.poll(async () => ((await through())['message-thread'] ?? []).filter(chatService).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    await expect
      .poll(async () => unmatched(gatewayRequests, Object.values(await through()).flat()), { timeout: UI_TIMEOUT_MS })
      .toEqual({ onlyOnPage: [], onlyThroughHost: [] });
  });
});

describe('a removed element cancels its reads still on the way (docs/architecture.md#decision-cancel-on-removal)', { timeout: 60_000 }, () => {
  const LIST_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
  const isList = (request: Request) =>
    request.method() === 'POST' && /\/gateway\/lead\/office\/v6\/leads\/serviceProvider\/\d+$/.test(new URL(request.url()).pathname);

  itOutsideLitePass(
    '<lead-board> removed while its first page is on the way: that request is aborted; put back, it asks again and shows the page',
    async () => {
      const { page } = await blankPage();
      // The first page of leads answers in 5 s, once: long enough to remove the board before it comes.
      await injectFault(session.server.origin, { kind: 'latency', ms: 5000, route: LIST_ROUTE, times: 1 });
      const failed: string[] = [];
      page.on('requestfailed', (request) => {
        if (isList(request)) failed.push(request.failure()?.errorText ?? '');
      });
      const firstList = page.waitForRequest(isList, { timeout: UI_TIMEOUT_MS });
      await page.evaluate((spId) => {
        const board = document.createElement('lead-board');
        board.setAttribute('sp-id', spId);
        document.body.append(board);
      }, String(MAIN_PROVIDER_ID));
      await firstList;
      const secondList = page.waitForRequest(isList, { timeout: UI_TIMEOUT_MS });
      await page.evaluate(() => {
        const board = document.querySelector('lead-board') as Element;
        (window as unknown as { __board: Element }).__board = board;
        board.remove();
      });
      await expect.poll(() => failed, { timeout: UI_TIMEOUT_MS }).toEqual(['net::ERR_ABORTED']);
      await page.evaluate(() => document.body.append((window as unknown as { __board: Element }).__board));
      await secondList;
      await visible(page.locator('lead-board').getByText(BOARD_SHOWING));
    },
  );
});

describe('a part whose code does not arrive (a phone losing its connection)', { timeout: 60_000 }, () => {
  // The CDN build puts a first screen's parts in one chunk (the list comes with the board); a part
  // loaded after the first card is a chunk of its own: the filter panel's controls.
  it("<lead-board> whose filter panel's chunk fails: the board says what to do in the panel's place, the list works, and 'Try again' (by keyboard) loads it and puts the focus in it", async () => {
    const { page } = await blankPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const panelChunk = cdnSourceChunk('src/widgets/lead-board/filters/filter-panel.tsx');
    expect(cdnFirstContentFiles()).not.toContain(panelChunk);
    // Refused until the test says the connection is back (a preload and the import both ask for it).
    let connected = false;
    let answered = 0;
    await page.route(`**/cdn/${panelChunk}`, (route) => {
      if (!connected) return route.abort('internetdisconnected');
      answered += 1;
      return route.continue();
    });
    await page.evaluate((spId) => {
      const board = document.createElement('lead-board');
      board.setAttribute('sp-id', spId);
      document.body.append(board);
    }, String(MAIN_PROVIDER_ID));
    const board = page.locator('lead-board');
    const alert = board.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toContain('This part of the page did not load. Check your connection and try again.');
    // A first failure offers to try again; reloading the page is offered only once that failed too.
    expect(await board.getByRole('button', { name: 'Reload the page' }).count()).toBe(0);
    // The rest of the board stays: its heading and its list are not the panel.
    await visible(board.getByRole('heading', { level: 1 }));
    await visible(board.getByText(BOARD_SHOWING));
    connected = true;
    // By keyboard: the focus was on 'Try again', which the panel replaces; it lands in the panel.
    await tabTo(board.getByRole('button', { name: 'Try again' }));
    await page.keyboard.press('Enter');
    const status = board.getByRole('button', { name: /^Lead status / });
    await visible(status);
    expect(await alert.count()).toBe(0);
    // Its first control: the status multi-select.
    await expect.poll(() => isFocused(status), { message: await focusedDescription(page), timeout: UI_TIMEOUT_MS }).toBe(true);
    expect(answered).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('hidden', { timeout: 60_000 }, () => {
  itOutsideLitePass('gives every tag a 0×0 box, before and after it is defined', async () => {
    const { page } = await blankPage({ define: false, reserveSheet: true });
    const measure = () =>
      page.evaluate((tags) => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return `${rect.width}x${rect.height}`;
        };
        return Object.fromEntries(
          tags.map((tag) => [
            tag,
            { hidden: box(document.getElementById(`hidden-${tag}`) as Element), shown: box(document.getElementById(`shown-${tag}`) as Element) },
          ]),
        );
      }, TAG_NAMES);
    await page.evaluate(
      ({ tags, attributes, origin }) => {
        for (const tag of tags) {
          for (const id of [`hidden-${tag}`, `shown-${tag}`]) {
            const element = document.createElement(tag) as HTMLElement & { gateway: unknown };
            element.id = id;
            for (const [name, value] of Object.entries(attributes[tag as keyof typeof attributes])) element.setAttribute(name, value);
            element.hidden = id.startsWith('hidden');
            element.gateway = { baseURL: origin };
            document.body.append(element);
          }
        }
      },
      { tags: TAG_NAMES, attributes: ATTRIBUTES, origin: session.server.origin },
    );
    // Undefined: leadkit.css keeps the reserve for the shown ones and hides the hidden ones.
    const before = await measure();
    for (const tag of TAG_NAMES) {
      expect(before[tag]?.hidden, tag).toBe('0x0');
      expect(before[tag]?.shown, tag).toMatch(new RegExp(`x${Number.parseFloat(TAGS[tag].reserve.minHeight)}$`));
    }
    // Defined and rendered: still hidden.
    await defineEveryTag(page);
    await page.waitForFunction((tags) => tags.every((tag) => (document.getElementById(`shown-${tag}`)?.shadowRoot?.childNodes.length ?? 0) > 0), TAG_NAMES, {
      timeout: UI_TIMEOUT_MS,
    });
    const after = await measure();
    for (const tag of TAG_NAMES) {
      expect(after[tag]?.hidden, tag).toBe('0x0');
      expect(after[tag]?.shown, tag).not.toMatch(/x0$/);
    }
  });
});

describe('attribute properties', { timeout: 60_000 }, () => {
  itOutsideLitePass('remove the attribute for undefined, null and a false boolean; a number that is not one is absent and reported', async () => {
    const { page, gatewayRequests } = await blankPage();
    const specs = Object.fromEntries(
      TAG_NAMES.map((tag) => [
        tag,
        Object.entries(TAGS[tag].attributes).map(([name, type]) => ({ name, attribute: kebab(name), type: typeof type === 'string' ? type : 'enum' })),
      ]),
    );
    const results = await page.evaluate(
      async ({ tags, specs, attributes, origin }) => {
        const out: Record<string, { leftovers: string[]; invalid: unknown[]; invalidValue: unknown }> = {};
        for (const tag of tags) {
          const element = document.createElement(tag) as HTMLElement & Record<string, unknown>;
          for (const [name, value] of Object.entries(attributes[tag as keyof typeof attributes])) element.setAttribute(name, value);
          element.gateway = { baseURL: origin };
          const invalid: unknown[] = [];
          element.addEventListener('lk-error', (event) => {
            const detail = (event as CustomEvent<{ kind: string }>).detail;
            if (detail.kind === 'invalid-attribute') invalid.push(detail);
          });
          document.body.append(element);
          const leftovers: string[] = [];
          for (const { name, attribute, type } of specs[tag] ?? []) {
            for (const empty of [undefined, null]) {
              element[name] = type === 'boolean' ? true : type === 'number' ? 7 : 'x';
              element[name] = empty;
              if (element.hasAttribute(attribute)) leftovers.push(`${attribute}=${element.getAttribute(attribute)} after ${String(empty)}`);
            }
            if (type === 'boolean') {
              element[name] = true;
              element[name] = false;
              if (element.hasAttribute(attribute)) leftovers.push(`${attribute}=${element.getAttribute(attribute)} after false`);
            }
          }
          const numeric = (specs[tag] ?? []).find((spec) => spec.type === 'number');
          let invalidValue: unknown = 'no numeric attribute';
          if (numeric) {
            element.setAttribute(numeric.attribute, 'abc');
            invalidValue = element[numeric.name];
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          out[tag] = { leftovers, invalid, invalidValue };
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        return out;
      },
      { tags: TAG_NAMES, specs, attributes: ATTRIBUTES, origin: session.server.origin },
    );
    for (const tag of TAG_NAMES) {
      const numeric = specs[tag]?.find((spec) => spec.type === 'number');
      expect(results[tag]?.leftovers, tag).toEqual([]);
      expect(numeric, tag).toBeDefined();
      expect(results[tag]?.invalidValue, tag).toBeUndefined();
      expect(results[tag]?.invalid, tag).toEqual([{ widget: tag, status: null, kind: 'invalid-attribute', attribute: numeric?.attribute }]);
    }
    expect(gatewayRequests.filter((url) => /NaN|undefined/.test(url))).toEqual([]);
  });
});
