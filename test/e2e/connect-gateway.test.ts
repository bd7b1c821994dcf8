/**
 * The docs' snippets for a real gateway, pasted into pages, against the sandbox's strictest
 * profile with a required provider sign-in (`SANDBOX_PROFILE=spec-variants` with a token and a
 * session cookie: either signs a provider in) in Chromium: docs/connect-gateway.md's page without
 * a build (the board, the thread and the funnel, every function from the page's own script, the
 * provider signed in by the token from the host's server), and the first snippets of the funnel's
 * and the thread's pages (docs/widgets/). Each page is the block as written, on the example
 * server's origin, with the docs' placeholder origins mapped to it (as test/e2e/doc-snippets.test.ts
 * does); the journeys send what the spec's gateway must get: a provider call with the token, a
 * message and its contact, a lead created with the customer's one-time token — and nothing of
 * leadkit's own invented calls (this profile answers them 404).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { inventedCall } from '@leadkit/sandbox';
import { extractSnippets } from '../helpers/doc-snippets';
import { boardReady, FUNNEL_CUSTOMER, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const TOKEN = 'tok-provider-1';
const COOKIE = 'lk_session=s1';
const SP_ID = 1001;

/** The first HTML block of a docs page. */
function htmlBlock(doc: string): string {
  const block = extractSnippets([doc]).snippets.find((snippet) => snippet.lang === 'html');
  if (!block) throw new Error(`${doc}: no HTML block`);
  return block.code;
}

describe('docs for a real gateway, against SANDBOX_PROFILE=spec-variants with a required provider sign-in', () => {
  const e2e = useE2eSession({ profile: 'spec-variants', env: { SANDBOX_PROVIDER_TOKEN: TOKEN, SANDBOX_PROVIDER_COOKIE: COOKIE } });

  /** The block as a page on the example server's origin (the docs' placeholder origins are it). */
  async function open(code: string) {
    const { origin } = e2e.server;
    let body = code.replaceAll('https://cdn.example.com/leadkit/', '/cdn/').replaceAll('https://gateway.example.com', origin);
    if (!body.includes('/cdn/leadkit.js'))
      body = `<link rel="stylesheet" href="/cdn/leadkit.css" />\n<script type="module" src="/cdn/leadkit.js"></script>\n${body}`;
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    await page.route(`${origin}/connect-gateway.html`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>docs</title></head><body>\n${body}\n</body></html>`,
      }),
    );
    await page.goto(`${origin}/connect-gateway.html`);
    const sent = (path: string) =>
      watch.requests
        .filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path)
        .map((request) => request.postDataJSON() as unknown);
    return { page, watch, sent };
  }

  /** The gateway calls that were invented (each would be a 404 here) or did not succeed; calls the page cancelled are left out. */
  async function gatewayCalls(requests: readonly Request[]) {
    const wrong: string[] = [];
    for (const request of requests) {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/gateway/')) continue;
      const status = (await request.response())?.status();
      if (status === undefined) continue;
      if (inventedCall(request.method(), pathname) || status >= 300) wrong.push(`${request.method()} ${pathname} ${status}`);
    }
    return wrong;
  }

  /** The provider calls the page sent to the gateway (the chat service's calls carry their chat token instead). */
  const providerCalls = (requests: readonly Request[]) =>
    requests.filter((request) => {
      const { pathname } = new URL(request.url());
      return (
        pathname.startsWith('/gateway/') && !pathname.startsWith('/gateway/message-center/v1/chat/') && request.headers()['x-caller-type'] === 'ServiceProvider'
      );
    });

  /** A text sent in the thread, shown, and its contact recorded through the host's server. */
  async function sendText(page: Page, thread: Locator, sent: (path: string) => unknown[], text: string) {
    const box = thread.getByRole('textbox', { name: 'Write a message...' });
    await expect.poll(() => box.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await box.fill(text);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/gateway/message-center/v1/messages', {
        timeout: UI_TIMEOUT_MS,
      }),
      thread.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await visible(thread.getByRole('region', { name: 'Messages' }).getByText(text));
    await expect.poll(() => sent('/host-stand-in/contact').length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(sent('/host-stand-in/contact')).toEqual([
      expect.objectContaining({ entityType: 'message', payloads: [expect.objectContaining({ serviceProviderIds: [SP_ID] })] }),
    ]);
    expect(await thread.getByText('Messaging is currently unavailable for this Lead. Please contact them via phone or email.').count()).toBe(0);
  }

  /** The funnel from the project step: the customer's details, 'Review request', 'Send request': a lead, with the one-time token from the host's server. */
  async function sendRequest(page: Page, funnel: Locator, sent: (path: string) => unknown[], requests: readonly Request[]) {
    await visible(funnel.getByRole('heading', { level: 2, name: 'Tell us about your project' }));
    await funnel.getByRole('radio', { name: 'Single-family home' }).check();
    await funnel.getByRole('textbox', { name: 'Street address' }).fill(FUNNEL_CUSTOMER.street);
    await funnel.getByRole('textbox', { name: 'First name' }).fill(FUNNEL_CUSTOMER.first);
    await funnel.getByRole('textbox', { name: 'Last name' }).fill(FUNNEL_CUSTOMER.last);
    await funnel.getByRole('textbox', { name: 'Email' }).fill(FUNNEL_CUSTOMER.email);
    await funnel.getByRole('textbox', { name: 'Phone number' }).fill(FUNNEL_CUSTOMER.phone);
    await funnel.getByRole('button', { name: 'Review request' }).click();
    const dialog = funnel.getByRole('dialog', { name: 'Send your request?' });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/gateway/lead/v3/lead', { timeout: UI_TIMEOUT_MS }),
      dialog.getByRole('button', { name: 'Send request' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await visible(funnel.getByRole('heading', { level: 2, name: 'Send your request to more pros' }));
    expect(sent('/host-stand-in/one-time-token')).toEqual([{ reason: 'issue' }]);
    const create = requests.find((request) => new URL(request.url()).pathname === '/gateway/lead/v3/lead');
    expect(create?.headers()['authorization']).toMatch(/^OneTime ott_/);
  }

  it('docs/connect-gateway.md, a page without a build: the board and the thread signed in by the token from your server, a message and its contact, a lead from the funnel', async () => {
    const { page, watch, sent } = await open(htmlBlock('docs/connect-gateway.md'));
    const board = page.locator('lead-board');
    await boardReady(board);
    await visible(board.getByText(/^Showing 1 - \d+ of \d+ results$/));
    await sendText(page, page.locator('message-thread'), sent, 'Hello from the connect page');
    // One sign-in for the page: the board's and the thread's token asked once.
    expect(sent('/host-stand-in/provider-token')).toEqual([{ reason: 'initial' }]);
    expect(sent('/host-stand-in/chat-token')).toEqual([{ serviceProviderId: SP_ID, userId: 5001, leadId: 300001 }]);

    const funnel = page.locator('raq-funnel');
    await visible(funnel.getByRole('heading', { level: 2, name: 'Request a quote from this pro' }));
    await expect.poll(() => funnel.getByRole('combobox', { name: 'What do you need help with?' }).inputValue()).toBe('Plumbing');
    await funnel.getByRole('textbox', { name: 'ZIP code' }).fill('80202');
    await visible(funnel.getByText('Denver, CO', { exact: true }));
    await funnel.getByRole('button', { name: 'Continue' }).click();
    await sendRequest(page, funnel, sent, watch.requests);

    // Every provider call carried the token (none went out before it was there); nothing invented, nothing refused.
    const provider = providerCalls(watch.requests);
    expect(provider.length).toBeGreaterThan(0);
    expect(provider.filter((request) => request.headers()['authorization'] !== `Bearer ${TOKEN}`).map((request) => request.url())).toEqual([]);
    expect(await gatewayCalls(watch.requests)).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it("docs/widgets/raq-funnel.md's first snippet: the funnel's one-time token from your server, a lead created", async () => {
    const { page, watch, sent } = await open(htmlBlock('docs/widgets/raq-funnel.md'));
    const funnel = page.locator('raq-funnel');
    await visible(funnel.getByRole('heading', { level: 2, name: 'Request a quote from this pro' }));
    await expect.poll(() => funnel.getByRole('combobox', { name: 'What do you need help with?' }).inputValue()).toBe('Plumbing');
    await funnel.getByRole('button', { name: 'Continue' }).click();
    await sendRequest(page, funnel, sent, watch.requests);
    expect(await gatewayCalls(watch.requests)).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it("docs/widgets/message-thread.md's first snippet: the provider signed in by the session cookie, the chat session from your server, a message and its contact", async () => {
    // The provider's browser signed in at the gateway (the sandbox sets its session cookie).
    expect((await e2e.context.request.post(`${e2e.server.origin}/sandbox/session`)).status()).toBeLessThan(300);
    const { page, watch, sent } = await open(htmlBlock('docs/widgets/message-thread.md'));
    await sendText(page, page.locator('message-thread'), sent, 'Hello from the thread page');
    expect(sent('/host-stand-in/chat-token')).toEqual([{ serviceProviderId: SP_ID, userId: 5001, leadId: 300001 }]);
    expect(providerCalls(watch.requests).length).toBeGreaterThan(0);
    expect(await gatewayCalls(watch.requests)).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });
});
