/**
 * Provider sign-in the way real hosts do it (issue 48 §3), in Chromium: a plain CDN page (HTML,
 * the loader, the tag; for the token a few lines of script) on its OWN origin — a second server
 * on another port, which serves the page and the CDN files (proxied from `npm start`) — and the
 * sandbox gateway on `npm start`'s origin, requiring a provider sign-in
 * (SANDBOX_PROVIDER_TOKEN / SANDBOX_PROVIDER_COOKIE: either signs in; packages/sandbox/README.md).
 *
 * - cookies: `gateway-credentials="include"` sends the session cookie across origins (without
 *   it, the same page is answered 401 and shows the 401 banner);
 * - a bearer token: the page gives `auth` as a property with a token function
 *   (`auth-mode="provider-token"`: the loader sends nothing before it), the sandbox gets
 *   `Authorization: Bearer …` on every provider call; a stale token is refreshed after the 401 and
 *   the call retried; the token is in no URL, attribute, storage or lk-* event.
 *
 * What the sandbox received is read from `GET /sandbox/requests` (credentials masked to their last
 * four characters). The sandbox answers the page's origin because it is named
 * (SANDBOX_ALLOWED_ORIGINS).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, sandboxProviderCalls, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const TOKEN = 'tok-e2e-provider-7Hq2x9';
const SESSION = { name: 'lk_session', value: 'e2e-session-4kP8w' } as const;
/** The board's load error; after a 401 it has no 'Try again' (a host with a log-in route gets 'Log in' there). */
const NOT_SIGNED_IN = 'Sorry, something went wrong. Please try again later.';

/** The board's error after a 401: the banner, no 'Try again', no card. */
async function expectRefused(page: Page): Promise<void> {
  const alert = page.locator('lead-board').getByRole('alert');
  await visible(alert.getByText(NOT_SIGNED_IN));
  await expect(alert.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
  await expect(page.locator('lead-board li[data-lead-id]').count()).resolves.toBe(0);
}

/** A credential as `GET /sandbox/requests` lists it: its last four characters (packages/sandbox/src/credentials.ts). */
const masked = (secret: string) => `…${secret.slice(-4)}`;

// ---- the host page's own origin ----------------------------------------------------------------

/** Tokens the host's token endpoint gives, in order (the last one again when it runs out), and what it was asked. */
const host = { tokens: [TOKEN], asked: [] as string[] };

/** The board on a CDN page, its gateway on the sandbox's origin. */
function boardPage(attributes: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Provider sign-in</title>
    <script type="module" src="/cdn/leadkit.js"></script>
    ${script}
  </head>
  <body>
    <lead-board sp-id="${SP_ID}" gateway-url="${e2e.server.origin}" ${attributes}></lead-board>
  </body>
</html>`;
}

/** The page's few lines: the provider's token from the host's own server, given as the `auth` property. */
const TOKEN_SCRIPT = `<script type="module">
      document.querySelector('lead-board').auth = {
        kind: 'provider',
        spId: ${SP_ID},
        token: ({ reason }) => fetch('/host/token?reason=' + reason).then((answer) => answer.text()),
      };
    </script>`;

const PAGES: Record<string, () => string> = {
  '/cookie.html': () => boardPage('gateway-credentials="include"'),
  '/cookie-without-credentials.html': () => boardPage(''),
  '/token.html': () => boardPage('auth-mode="provider-token"', TOKEN_SCRIPT),
  '/token-later.html': () => boardPage('auth-mode="provider-token"'),
};

// Listening before the session starts the sandbox: the sandbox answers this origin only once named
// (SANDBOX_ALLOWED_ORIGINS; packages/sandbox/README.md#who-may-call-it).
const pageServer: Server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://page.local');
  const page = PAGES[url.pathname];
  if (page) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page());
    return;
  }
  if (url.pathname === '/host/token') {
    host.asked.push(url.searchParams.get('reason') ?? '');
    const token = host.tokens.length > 1 ? host.tokens.shift()! : host.tokens[0]!;
    response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(token);
    return;
  }
  // The CDN files, as a page's own CDN would serve them.
  fetch(`${e2e.server.origin}${url.pathname}`)
    .then(async (answer) => {
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })
    .catch(() => response.writeHead(502).end());
});
await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
const pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise<void>((resolve) => pageServer.close(() => resolve()));
});

const e2e = useE2eSession({
  coldCache: true,
  env: { SANDBOX_PROVIDER_TOKEN: TOKEN, SANDBOX_PROVIDER_COOKIE: `${SESSION.name}=${SESSION.value}`, SANDBOX_ALLOWED_ORIGINS: pageOrigin },
});

// ---- helpers -------------------------------------------------------------------------------------

/** The provider calls the sandbox received (since the test began: its reset). */
const providerCalls = () => sandboxProviderCalls(e2e.server.origin);

async function open(path: string): Promise<Page> {
  const page = await e2e.context.newPage();
  await watchPage(page);
  await page.goto(`${pageOrigin}${path}`);
  return page;
}

/** The token nowhere the page keeps or shows things: URLs it asked for, attributes, web storage, cookies, lk-* events. */
async function expectTokenNowhere(page: Page, urls: readonly string[]): Promise<void> {
  const kept = await page.evaluate(() => {
    const attributes: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of element.attributes) attributes.push(`${attribute.name}=${attribute.value}`);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    const storage = (store: Storage) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i)!)}`);
    return {
      attributes,
      html: document.documentElement.outerHTML,
      storage: [...storage(localStorage), ...storage(sessionStorage)],
      cookie: document.cookie,
      events: window.__lk.events.map((event) => JSON.stringify(event.detail ?? null)),
    };
  });
  expect(kept.attributes.length).toBeGreaterThan(50);
  for (const [place, values] of Object.entries({ ...kept, urls, location: [page.url()] }))
    expect(
      [values].flat().filter((value) => value.includes(TOKEN)),
      place,
    ).toEqual([]);
}

// ---- the journeys --------------------------------------------------------------------------------

describe('provider sign-in: a CDN page on another origin than its gateway', { timeout: 60_000 }, () => {
  it('by cookie: gateway-credentials="include" sends the session cookie on every provider call, and the cards show', async () => {
    // Signed in at the gateway (its own sign-in sets the cookie on the gateway's host).
    expect((await e2e.context.request.post(`${e2e.server.origin}/sandbox/session`)).status()).toBe(200);
    const page = await open('/cookie.html');
    const board = page.locator('lead-board');
    await boardReady(board);
    await visible(board.locator('li[data-lead-id]'));
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers.cookie, `${call.method} ${call.path}`).toContain(`${SESSION.name}=${masked(SESSION.value)}`);
      expect(call.status, `${call.method} ${call.path}`).toBe(200);
    }
  });

  it('by cookie, without gateway-credentials: no cookie crosses origins, the gateway answers 401 and the board says so', async () => {
    expect((await e2e.context.request.post(`${e2e.server.origin}/sandbox/session`)).status()).toBe(200);
    const page = await open('/cookie-without-credentials.html');
    await expectRefused(page);
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers.cookie).toBeUndefined();
      expect(call.status).toBe(401);
    }
  });

  it('by bearer token: the token function given as a property signs every provider call; nothing is sent before it; the token is nowhere else', async () => {
    host.tokens = [TOKEN];
    host.asked = [];
    const page = await open('/token.html');
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const board = page.locator('lead-board');
    await boardReady(board);
    await visible(board.locator('li[data-lead-id]'));
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers.authorization, `${call.method} ${call.path}`).toBe(`Bearer ${masked(TOKEN)}`);
      expect(call.status).toBe(200);
    }
    // Asked once for all the calls.
    expect(host.asked).toEqual(['initial']);
    await expectTokenNowhere(page, urls);
  });

  it('by bearer token, a stale one: the 401 asks the function again (refresh), the calls are retried and the cards show', async () => {
    host.tokens = ['tok-e2e-stale', TOKEN];
    host.asked = [];
    const page = await open('/token.html');
    const board = page.locator('lead-board');
    await boardReady(board);
    expect(host.asked).toEqual(['initial', 'refresh']);
    const calls = await providerCalls();
    const refused = calls.filter((call) => call.status === 401);
    expect(refused.length).toBeGreaterThan(0);
    for (const call of refused) expect(call.headers.authorization).toBe(`Bearer ${masked('tok-e2e-stale')}`);
    // Each refused call was sent again with the new token, and answered.
    for (const call of refused)
      expect(calls.some((again) => again.path === call.path && again.status === 200 && again.headers.authorization === `Bearer ${masked(TOKEN)}`)).toBe(true);
    await expect(board.getByText(NOT_SIGNED_IN).count()).resolves.toBe(0);
  });

  it('by bearer token given late: the board waits in its skeleton, sending nothing, then signs in once the property is set', async () => {
    host.tokens = [TOKEN];
    host.asked = [];
    const page = await open('/token-later.html');
    const board = page.locator('lead-board');
    // Rendered (its code ran, its skeleton is up), and nothing sent, nothing refused.
    await board.locator('.lk-filters__panel--loading').waitFor({ state: 'attached' });
    expect(await providerCalls()).toEqual([]);
    await expect(board.getByRole('alert').count()).resolves.toBe(0);
    await page.evaluate((spId) => {
      (document.querySelector('lead-board') as HTMLElement & { auth: unknown }).auth = {
        kind: 'provider',
        spId,
        token: () => fetch('/host/token?reason=late').then((answer) => answer.text()),
      };
    }, SP_ID);
    await boardReady(board);
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect([call.headers.authorization, call.status]).toEqual([`Bearer ${masked(TOKEN)}`, 200]);
  });

  it("by bearer token, refused after the refresh too: the board shows the 401's error (no 'Try again')", async () => {
    host.tokens = ['tok-e2e-stale', 'tok-e2e-still-stale'];
    host.asked = [];
    const page = await open('/token.html');
    await expectRefused(page);
    expect(host.asked[0]).toBe('initial');
    expect(host.asked).toContain('refresh');
  });
});
