/**
 * A host's first day, one setting wrong at a time (issue 76, docs/troubleshooting.md), in Chromium
 * against the sandbox's strictest profile with a required provider sign-in (`spec-variants`, a
 * token or a session cookie), starting from docs/connect-gateway.md's page without a build. For
 * each row: what the user sees stays the spec's text; the developer gets exactly one `leadkit:`
 * console line for the cause (naming its section of the troubleshooting page, never a token), and
 * the element fires `lk-error` `{ kind: 'setup', cause }`. docs/gateway-assumptions.md's rows say
 * the same.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { SetupCause } from '../../src/gateway/core/setup-causes';
import { troubleshootingUrl } from '../../src/gateway/core/setup-sentences';
import { closedPort, injectFault, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const TOKEN = 'tok-provider-1';
const COOKIE = 'lk_session=s1';
const LIST_TEXT = 'Sorry, something went wrong. Please try again later.';
const UNAVAILABLE = 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.';

/** The connect page's config, as a script: every field of it unless `drop` names it; the provider's token from `tokenRoute`'s answer. */
function hostScript({ baseURL, drop = [], wrongToken = false }: { baseURL: string; drop?: readonly string[]; wrongToken?: boolean }): string {
  const fields: Record<string, string> = {
    recordContact: `async (payload, { signal }) => void (await yourServer('contact', payload, signal))`,
    getChatToken: `({ serviceProviderId, userId, leadId, signal }) => yourServer('chat-token', { serviceProviderId, userId, leadId }, signal)`,
    getOneTimeToken: `({ reason, token, signal }) => yourServer('one-time-token', { reason }, signal, reason === 'renew' && token ? { authorization: 'OneTime ' + token } : {})`,
  };
  const config = Object.entries(fields)
    .filter(([name]) => !drop.includes(name))
    .map(([name, code]) => `      ${name}: ${code},`)
    .join('\n');
  const token = wrongToken ? `async () => 'tok-wrong-s3cret'` : `async ({ reason, signal }) => (await yourServer('provider-token', { reason }, signal)).token`;
  return `<script type="module">
  const baseURL = ${JSON.stringify(baseURL)};
  const yourServer = async (route, body, signal, headers = {}) => {
    const answer = await fetch(location.origin + '/host-stand-in/' + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
    if (!answer.ok) throw new Error(route + ' answered ' + answer.status);
    return answer.json();
  };
  for (const widget of document.querySelectorAll('lead-board, lead-page, message-thread, raq-funnel')) {
    widget.gateway = {
      baseURL,
${config}
    };
    if (widget.localName !== 'raq-funnel') widget.auth = { kind: 'provider', spId: 1001, token: ${token} };
  }
</script>`;
}

interface Row {
  readonly name: string;
  readonly cause: SetupCause;
  /** The page's body: the widget, and the script when the row has one. */
  readonly body: (origin: string) => Promise<string> | string;
  /** The widget's tag, and what the user sees there. */
  readonly widget: string;
  readonly shows: (widget: Locator, page: Page) => Promise<unknown>;
  /** The page's origin when it is not the server's own (a gateway on another origin). */
  readonly pageOrigin?: (origin: string) => string;
  readonly before?: (origin: string) => Promise<unknown>;
}

const ROWS: readonly Row[] = [
  {
    name: 'a provider token the gateway refuses, also after its refresh',
    cause: 'provider-token-refused',
    widget: 'lead-board',
    body: (origin) => `<lead-board sp-id="1001" auth-mode="provider-token" no-lead-counts></lead-board>\n${hostScript({ baseURL: origin, wrongToken: true })}`,
    shows: async (board) => visible(board.getByText(LIST_TEXT)),
  },
  {
    name: 'a gateway on a port nobody listens on',
    cause: 'gateway-unreachable',
    widget: 'lead-page',
    body: async () => `<lead-page lead-id="300002" sp-id="1001" gateway-url="http://127.0.0.1:${await closedPort()}"></lead-page>`,
    shows: async (leadPage) => visible(leadPage.getByText('We could not reach the server. Check your connection and try again.')),
  },
  {
    name: 'a typo in the gateway’s path',
    cause: 'gateway-not-found',
    widget: 'lead-page',
    body: (origin) => `<lead-page lead-id="300002" sp-id="1001" auth-mode="provider-token"></lead-page>\n${hostScript({ baseURL: `${origin}/gatway` })}`,
    shows: async (leadPage) => visible(leadPage.getByText('Oops! We apologize for the inconvenience, it appears the content you requested was not found.')),
  },
  {
    name: 'a cookie gateway on another origin without `gateway-credentials`',
    cause: 'provider-cookie-not-sent',
    widget: 'lead-board',
    // The page on localhost, the gateway on 127.0.0.1: two origins of one server.
    pageOrigin: (origin) => origin.replace('127.0.0.1', 'localhost'),
    body: (origin) => `<lead-board sp-id="1001" gateway-url="${origin}" no-lead-counts no-contact-record></lead-board>`,
    shows: async (board) => visible(board.getByText(LIST_TEXT)),
  },
  {
    name: 'no `getChatToken`',
    cause: 'chat-token-missing',
    widget: 'message-thread',
    body: (origin) =>
      `<message-thread sp-id="1001" user-id="5001" lead-id="300001" chat-service="sandbox" auth-mode="provider-token"></message-thread>\n${hostScript({ baseURL: origin, drop: ['getChatToken'] })}`,
    shows: async (thread) => {
      await visible(thread.getByText(UNAVAILABLE));
      expect(await thread.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    },
  },
  {
    name: 'no `leadCounts: false` (or `no-lead-counts`)',
    cause: 'lead-counts-missing',
    widget: 'lead-board',
    body: (origin) => `<lead-board sp-id="1001" auth-mode="provider-token"></lead-board>\n${hostScript({ baseURL: origin })}`,
    // The board works: no counts.
    shows: async (board) => visible(board.getByText(/^Showing 1 - \d+ of \d+ results$/)),
  },
  {
    name: 'no `recordContact`, once a message was sent',
    cause: 'contact-record-missing',
    widget: 'message-thread',
    body: (origin) =>
      `<message-thread sp-id="1001" user-id="5001" lead-id="300001" chat-service="sandbox" auth-mode="provider-token"></message-thread>\n${hostScript({ baseURL: origin, drop: ['recordContact'] })}`,
    shows: async (thread) => {
      const box = thread.getByRole('textbox', { name: 'Write a message...' });
      await expect.poll(() => box.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await box.fill('Hello from a page without recordContact');
      await thread.getByRole('button', { name: 'Send' }).click();
      // Sent all the same.
      await visible(thread.getByRole('region', { name: 'Messages' }).getByText('Hello from a page without recordContact'));
    },
  },
  {
    name: 'no `getOneTimeToken`',
    cause: 'one-time-token-missing',
    widget: 'raq-funnel',
    body: (origin) => `<raq-funnel sp-id="1001" postal-code="80202"></raq-funnel>\n${hostScript({ baseURL: origin, drop: ['getOneTimeToken'] })}`,
    // Said at the first step (the funnel's own text: the spec quotes none), nothing there to type two steps for.
    shows: async (funnel) => {
      await visible(funnel.getByText('Requests cannot be sent from this page right now'));
      expect(await funnel.getByRole('combobox', { name: 'What do you need help with?' }).count()).toBe(0);
    },
  },
  {
    name: 'a 511 security check with no `onChallenge`',
    cause: 'challenge-unhandled',
    widget: 'lead-board',
    before: (origin) => injectFault(origin, { kind: 'challenge', route: 'POST /gateway/lead/office/v6/leads/serviceProvider/1001' }),
    body: (origin) => `<lead-board sp-id="1001" auth-mode="provider-token" no-lead-counts></lead-board>\n${hostScript({ baseURL: origin })}`,
    shows: async (board) => visible(board.getByText('Security check needed')),
  },
];

describe('a wrong setup names its fix: against SANDBOX_PROFILE=spec-variants with a required sign-in', () => {
  const e2e = useE2eSession({ profile: 'spec-variants', env: { SANDBOX_PROVIDER_TOKEN: TOKEN, SANDBOX_PROVIDER_COOKIE: COOKIE } });

  /**
   * `body` in a real page of the server at `at` (its own origin, loopback: a page the test answered
   * itself would count as public, and Chromium's local network rules would refuse its calls to
   * 127.0.0.1), the loader in its head and a listener recording every lk-error.
   */
  async function openPage(page: Page, at: string, body: string) {
    await page.goto(`${at}/`);
    await page.setContent(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>wrong setup</title>
<script>window.__lkErrors = []; document.addEventListener('lk-error', (event) => window.__lkErrors.push(event.detail));</script>
<link rel="stylesheet" href="/cdn/leadkit.css" /><script type="module" src="/cdn/leadkit.js"></script></head><body>\n${body}\n</body></html>`,
    );
  }

  it("the connect page's config as written, the sandbox on another origin: the thread's photo shows (an object URL), no setting is named wrong", async () => {
    const { origin } = e2e.server;
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('leadkit:')) lines.push(message.text());
    });
    await openPage(
      page,
      origin.replace('127.0.0.1', 'localhost'),
      `<message-thread sp-id="1001" user-id="5001" lead-id="300001" chat-service="sandbox" auth-mode="provider-token"></message-thread>\n${hostScript({ baseURL: origin })}`,
    );
    const photo = page.locator('message-thread').getByRole('img', { name: 'water-heater.jpg' });
    await visible(photo);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: UI_TIMEOUT_MS }).toBe(true);
    expect(await photo.getAttribute('src')).toMatch(/^blob:/);
    expect(lines).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it.each(ROWS)('$name: the spec’s text, one `leadkit:` line, lk-error $cause', async (row) => {
    const { origin } = e2e.server;
    await row.before?.(origin);
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('leadkit:')) lines.push(message.text());
    });
    await openPage(page, row.pageOrigin?.(origin) ?? origin, await row.body(origin));
    const widget = page.locator(row.widget);
    await row.shows(widget, page);

    // One line for the cause, naming its section; the event on the element, with the same sentence.
    const section = troubleshootingUrl(row.cause);
    await expect
      .poll(() => lines.filter((line) => line.includes(section)).length, { timeout: UI_TIMEOUT_MS, message: `leadkit's lines: ${JSON.stringify(lines)}` })
      .toBe(1);
    const errors = () =>
      page.evaluate(() => (window as unknown as { __lkErrors: { kind: string; cause?: string; widget: string; message?: string }[] }).__lkErrors);
    await expect
      .poll(async () => (await errors()).filter((detail) => detail.kind === 'setup').map((detail) => detail.cause), { timeout: UI_TIMEOUT_MS })
      .toContain(row.cause);
    const detail = (await errors()).find((error) => error.cause === row.cause);
    expect(detail).toMatchObject({ widget: row.widget, status: null, kind: 'setup' });
    expect(lines.find((line) => line.includes(section))).toBe(`leadkit: ${detail?.message}`);
    // Never a token, never a path beyond the setting's origin.
    expect(lines.join('\n')).not.toMatch(/tok-|s3cret|gatway/);
    expect(watch.consoleErrors.filter((line) => line.startsWith('leadkit:'))).toEqual([]);
  });
});
