/**
 * Every widget against the sandbox's two strict profiles (docs/gateway-assumptions.md), one
 * example server each: `SANDBOX_PROFILE=spec npm start` serves only the spec's calls and fields
 * (packages/sandbox/src/spec-profile.ts); `SANDBOX_PROFILE=spec-variants` is that gateway
 * answering as strictly as the spec allows (packages/sandbox/src/spec-variants.ts: the spec's
 * variant shapes, `204` for writes whose answer the spec does not name, `null` optional fields,
 * fields no spec names). The example pages get the host's providers from
 * examples/host-stand-ins.js in both (tokens and the message contact from the host's stand-in,
 * no board counts). The journeys, one page load each: the board (list, status, note, read
 * toggle, archive: each answered, no rollback, no error), the lead page (purchased, with the
 * contact's tel: and mailto: links; unavailable), the review request (pre-filled, send, thanks),
 * the funnel as a guest with no pro (the office app's entry route) and from a pro (create a lead:
 * the one-time token from the host's stand-in) and the message thread (send: the chat token and
 * the contact through the stand-in).
 *
 * Each test checks what the page sent: every gateway call answered (2xx), and no invented call
 * at all (the spec profiles would answer one 404).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { inventedCall, type SandboxProfile } from '@leadkit/sandbox';
import { boardReady, FUNNEL_CUSTOMER, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';

const SP_ID = 1001;
const THANKS = 'Thank you! Your Review Request has been submitted.';

/** The error texts a board write, a load, a review request or the funnel shows (none is expected). */
const ERROR_TEXTS = [
  'Sorry, something went wrong. Please try again later.',
  'We could not change the status of this lead. Please try again.',
  'We could not update this lead. Please try again.',
  'We could not archive this lead. Please try again.',
  'There was an error updating your notes. Please try again later.',
  'We received a response we could not read. Please try again later.',
  'Oops! We apologize for the inconvenience, it appears the content you requested was not found.',
];

/** The project step's fields a guest fills in (the category's own questions aside). */
const PROFILES: readonly SandboxProfile[] = ['spec', 'spec-variants'];

describe.each(PROFILES)('SANDBOX_PROFILE=%s', (profile) => {
  const e2e = useE2eSession({ profile });
  /** A board write's answer: 204 where the spec names none (spec-variants), else the sandbox's 200. */
  const WRITE_ANSWER = profile === 'spec-variants' ? 204 : 200;

  async function open(path: string) {
    const page = await e2e.context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${e2e.server.origin}${path}`);
    const posts = (path: string): Request[] => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
    const sent = (path: string) => posts(path).map((request) => request.postDataJSON() as unknown);
    return { page, watch, sent, posts };
  }

  /** Waits for the answer to the next POST to `path` while `action` runs; its status. */
  async function answered(page: Page, path: string, action: () => Promise<unknown>): Promise<number> {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path, { timeout: UI_TIMEOUT_MS }),
      action(),
    ]);
    return response.status();
  }

  /** The project step's contact, 'Review request', then 'Send request': the lead is created (200) and the next step shows. */
  async function sendRequest(page: Page, funnel: Locator) {
    await funnel.getByRole('radio', { name: 'Single-family home' }).check();
    await funnel.getByRole('textbox', { name: 'Street address' }).fill(FUNNEL_CUSTOMER.street);
    await funnel.getByRole('textbox', { name: 'First name' }).fill(FUNNEL_CUSTOMER.first);
    await funnel.getByRole('textbox', { name: 'Last name' }).fill(FUNNEL_CUSTOMER.last);
    await funnel.getByRole('textbox', { name: 'Email' }).fill(FUNNEL_CUSTOMER.email);
    await funnel.getByRole('textbox', { name: 'Phone number' }).fill(FUNNEL_CUSTOMER.phone);
    await funnel.getByRole('button', { name: 'Review request' }).click();
    const dialog = funnel.getByRole('dialog', { name: 'Send your request?' });
    expect(await answered(page, '/gateway/lead/v3/lead', () => dialog.getByRole('button', { name: 'Send request' }).click())).toBe(200);
    await visible(funnel.getByRole('heading', { level: 2, name: 'Send your request to more pros' }));
  }

  /**
   * What the page's gateway calls got: the rows of the invented calls it made (none is expected; each
   * would have been answered 404) and any other gateway call that did not succeed. Calls the page cancelled (a
   * superseded read) have no answer and are left out.
   */
  async function gatewayCalls(requests: readonly Request[]) {
    const invented: string[] = [];
    const failed: string[] = [];
    for (const request of requests) {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/gateway/')) continue;
      const status = (await request.response())?.status();
      if (status === undefined) continue;
      const call = inventedCall(request.method(), pathname);
      if (call) {
        invented.push(call.row);
        if (status !== 404) failed.push(`${request.method()} ${pathname} ${status} (an invented call, not 404)`);
      } else if (status >= 300) failed.push(`${request.method()} ${pathname} ${status}`);
    }
    return { invented: [...new Set(invented)], failed };
  }

  /** No error on the page: no alert (the board's toast, a form's error), none of the error texts a write or a load shows. */
  async function expectNoError(root: Locator) {
    expect(await root.getByRole('alert').count()).toBe(0);
    for (const text of ERROR_TEXTS) expect(await root.getByText(text).count(), text).toBe(0);
  }

  it('the board: its first screen, then a status change, a note, mark as unread and archive, each answered, none rolled back, no error', async () => {
    const { page, watch, sent } = await open(`/app/lead/board/${SP_ID}`);
    const board = page.locator('#office-app [part="lead-board"]');
    await boardReady(board);
    // The provider answer has no `id` here: the header names the business all the same.
    await visible(board.getByRole('heading', { level: 1, name: 'Leads for Acme Plumbing & Heating' }));
    await visible(board.getByText(/^Showing 1 - \d+ of \d+ results$/));
    await visible(board.getByText('Sort by'));
    await visible(board.getByText('Show Unread Messages'));
    // The page's host script gave the app the host's providers (examples/host-stand-ins.js).
    const providers = await page.evaluate(() => {
      const gateway = (document.querySelector('lead-app') as HTMLElement & { gateway?: Record<string, unknown> }).gateway;
      return [typeof gateway?.getChatToken, typeof gateway?.getOneTimeToken, gateway?.leadCounts, typeof gateway?.recordContact];
    });
    expect(providers).toEqual(['function', 'function', false, 'function']);
    // No counts (the spec has none): nothing moved for them, no badge beside the toggle or on a status option.
    expect((await watch.record()).cls).toBeLessThanOrEqual(0.01);
    await board.getByRole('button', { name: /^Lead status/ }).click();
    await visible(board.getByRole('checkbox', { name: 'Not Contacted' }));
    expect(await board.locator('.lk-count, .lk-multi-select__badge').count()).toBe(0);
    await page.keyboard.press('Escape');
    const first = board.locator('li[data-lead-id]').first();
    const leadId = Number(await first.getAttribute('data-lead-id'));
    const card = board.locator(`li[data-lead-id="${leadId}"]`);
    const status = card.getByRole('combobox', { name: 'Lead status' });
    await visible(status);

    const statusPath = `/gateway/lead/office/v2/leads/${leadId}/status`;
    expect(await answered(page, statusPath, () => status.selectOption('Selling'))).toBe(WRITE_ANSWER);
    const label = card.locator('.lk-card__header .lk-status').getByText('Contacted');
    await visible(label);

    const notes = card.getByRole('region', { name: 'Your Notes' });
    await notes.getByRole('button', { name: 'Edit' }).click();
    await notes.getByRole('textbox', { name: 'Your Notes' }).fill('Call back on Tuesday.');
    const notePath = `/gateway/lead/office/v2/leads/${leadId}/note`;
    expect(await answered(page, notePath, () => notes.getByRole('button', { name: 'Save' }).click())).toBe(WRITE_ANSWER);
    await visible(notes.getByText('Call back on Tuesday.'));

    const readPath = `/gateway/lead/office/v2/leads/serviceprovider/${SP_ID}/read`;
    await card.getByRole('button', { name: 'More actions' }).click();
    expect(await answered(page, readPath, () => card.getByRole('menuitem', { name: 'Mark as unread' }).click())).toBe(WRITE_ANSWER);
    await expect.poll(() => card.getAttribute('data-read')).toBe('false');

    // Each answer has been handled by now (a later one came back after it): nothing rolled back.
    await visible(label);
    await visible(notes.getByText('Call back on Tuesday.'));
    expect(await card.getAttribute('data-read')).toBe('false');
    expect(await status.inputValue()).toBe('Selling');
    await expectNoError(board);

    await card.getByRole('button', { name: 'More actions' }).click();
    const archivePath = `/gateway/lead/office/v1/leads/serviceprovider/${SP_ID}/archive`;
    expect(await answered(page, archivePath, () => card.getByRole('menuitem', { name: 'Archive Lead' }).click())).toBe(WRITE_ANSWER);
    await expect.poll(() => card.count()).toBe(0);
    // Archiving expands the next lead; the archived one stays away (a rollback would bring it back).
    await visible(board.locator('li[data-lead-id]').first().getByRole('combobox', { name: 'Lead status' }));
    expect(await card.count()).toBe(0);

    expect(sent(statusPath)).toEqual([{ serviceProviderId: SP_ID, status: 'Selling' }]);
    expect(sent(notePath)).toEqual([{ serviceProviderId: SP_ID, note: 'Call back on Tuesday.' }]);
    expect(sent(readPath)).toContainEqual({ leadId, read: false });
    expect(sent(archivePath)).toEqual([{ serviceProviderId: SP_ID, leadId, archived: true }]);
    await expectNoError(board);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
    expect(watch.requested('/gateway/lead/office/v1/leads/serviceProvider/')).toEqual([]);
  });

  it("the lead page (CMS page, attributes only): a purchased lead with the customer's name, address, tel: (+1) and mailto: links; an unavailable one", async () => {
    const { page, watch } = await open('/examples/cms.html');
    const purchased = page.locator('#purchased-lead');
    await visible(purchased.getByText('Lead Unlocked', { exact: true }));
    await visible(purchased.getByText('Be the first!', { exact: true }));
    await visible(purchased.getByText('Jasmine Anderson', { exact: true }));
    await visible(purchased.getByRole('link', { name: /3040 Downing St/ }));
    // The spec (§2): the phone as a tel: link with +1, the e-mail as a mailto: link.
    await visible(purchased.locator('a[href="tel:+17205550103"]'));
    await visible(purchased.locator('a[href="mailto:jasmine.anderson@example.com"]'));
    await visible(page.locator('#unavailable-lead').getByText('This lead is no longer available for purchase.'));
    await expectNoError(page.locator('body'));
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });

  it('the review request (its own element): the pre-filled form, the send answered, the thank-you text', async () => {
    const { page, watch, sent } = await open('/examples/review-request.html');
    const element = page.locator('#review-300013');
    await element.getByRole('button', { name: 'Request a Review' }).click();
    const dialog = element.getByRole('dialog');
    await visible(dialog.getByText('Priya Patel', { exact: true }));
    await visible(dialog.getByText('priya.patel@example.com', { exact: true }));
    const sendPath = '/gateway/review/api/v1/review/request-by-email';
    expect(await answered(page, sendPath, () => dialog.getByRole('button', { name: 'Send Request' }).click())).toBe(200);
    await visible(element.getByText(THANKS));
    expect(sent(sendPath)).toEqual([
      expect.objectContaining({
        serviceProviderId: SP_ID,
        emailAddress: 'priya.patel@example.com',
        workCompleted: true,
        firstName: 'Priya',
        lastName: 'Patel',
        categories: expect.arrayContaining([10102]),
      }),
    ]);
    expect(await element.getByText("We're sorry; an error has occurred.  Please try again.").count()).toBe(0);
    await expectNoError(element);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });

  it('the funnel from a pro (a partner page with sp-id): the one-time token from the host stand-in, and the request creates a lead for the pro', async () => {
    const { page, watch, sent } = await open('/examples/raq-funnel.html');
    const funnel = page.locator('#quote');
    // On spec-variants the provider details are `serviceProvideId` and `categories` only (§3): no
    // name, so the entry speaks of 'this pro' (docs/widgets/raq-funnel.md) once the details are in.
    const entry = profile === 'spec' ? 'Request a quote from Acme Plumbing & Heating' : 'Request a quote from this pro';
    await visible(funnel.getByRole('heading', { level: 2, name: entry }));
    await expect.poll(() => funnel.getByRole('combobox', { name: 'What do you need help with?' }).inputValue()).toBe('Plumbing');
    await funnel.getByRole('button', { name: 'Continue' }).click();
    await visible(funnel.getByRole('heading', { level: 2, name: 'Tell us about your project' }));
    // The next step reads the lead (the spec's fields only) and suggests pros.
    await sendRequest(page, funnel);
    await visible(funnel.getByRole('checkbox').first());
    expect(sent('/host-stand-in/one-time-token')).toContainEqual({ reason: 'issue' });
    const create = watch.requests.find((request) => new URL(request.url()).pathname === '/gateway/lead/v3/lead');
    expect(create?.headers()['authorization']).toMatch(/^OneTime ott_/);
    expect(sent('/gateway/lead/v3/lead')).toEqual([
      expect.objectContaining({ assignedServiceProviderIds: [SP_ID], contactInformation: expect.objectContaining({ email: FUNNEL_CUSTOMER.email }) }),
    ]);
    await expectNoError(funnel);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });

  it("the funnel as a guest with no pro (the office app's entry route, no withAlId): a category and ZIP code, a lead created, a pro chosen, the summary", async () => {
    const { page, watch, sent } = await open('/app/lead/request_a_quote');
    const funnel = page.locator('#office-app');
    await visible(funnel.getByRole('heading', { level: 2, name: 'Get quotes from local pros' }));
    const combobox = funnel.getByRole('combobox', { name: 'What do you need help with?' });
    await combobox.fill('drain');
    await funnel.getByRole('option', { name: 'Drain Cleaning' }).click();
    await expect.poll(() => combobox.inputValue()).toBe('Drain Cleaning');
    await funnel.getByRole('textbox', { name: 'ZIP code' }).fill('80202');
    await visible(funnel.getByText('Denver, CO', { exact: true }));
    await funnel.getByRole('button', { name: 'Continue' }).click();
    await visible(funnel.getByRole('heading', { level: 2, name: 'Tell us about your project' }));
    await sendRequest(page, funnel);
    const pro = funnel.getByRole('checkbox').first();
    await pro.check();
    const leadId = Number(/\/lead\/(\d+)\/suggestions$/.exec(new URL(page.url()).pathname)?.[1]);
    const assignPath = `/gateway/lead/v2/lead/${leadId}/assign`;
    expect(await answered(page, assignPath, () => funnel.getByRole('button', { name: 'Send to selected pros' }).click())).toBe(WRITE_ANSWER);
    await visible(funnel.getByRole('heading', { level: 2, name: 'Your request has been sent' }));
    await visible(funnel.getByText('Pros who received your request'));
    expect(sent('/host-stand-in/one-time-token')).toContainEqual({ reason: 'issue' });
    expect(sent('/gateway/lead/v3/lead')).toEqual([
      expect.objectContaining({
        categoryId: 10003,
        assignedServiceProviderIds: [],
        contactInformation: expect.objectContaining({ email: FUNNEL_CUSTOMER.email }),
      }),
    ]);
    expect(sent(assignPath)).toEqual([expect.objectContaining({ serviceRequestId: expect.any(Number) })]);
    await expectNoError(funnel);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });

  it('the message thread: opens with the chat token from the host stand-in, a text sent shows in the thread, and its contact goes to the stand-in', async () => {
    const { page, watch, sent, posts } = await open('/examples/message-thread.html?user-id=5005&lead-id=300004');
    const thread = page.locator('#thread');
    await visible(thread.getByRole('heading', { level: 1, name: 'Your messages with Zoe Vargas' }));
    const box = thread.getByRole('textbox', { name: 'Write a message...' });
    await expect.poll(() => box.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    expect(sent('/host-stand-in/chat-token')).toEqual([{ serviceProviderId: SP_ID, userId: 5005, leadId: 300004 }]);

    await box.fill('Hello from the spec profile');
    const messages = '/gateway/message-center/v1/messages';
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === messages, { timeout: UI_TIMEOUT_MS }),
      thread.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(200);
    const { messageId } = (await response.json()) as { messageId: string };
    await visible(thread.getByRole('region', { name: 'Messages' }).getByText('Hello from the spec profile'));
    expect(sent(messages)).toEqual([expect.objectContaining({ text: 'Hello from the spec profile', senderEntityId: SP_ID, receiverEntityId: 5005 })]);
    expect(await thread.getByText('Messaging is currently unavailable for this Lead. Please contact them via phone or email.').count()).toBe(0);

    // After the send, the spec's contact record goes to the host's stand-in (examples/host-stand-ins.js `recordContact`), not to an invented gateway path.
    await expect.poll(() => sent('/host-stand-in/contact').length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(sent('/host-stand-in/contact')).toEqual([
      expect.objectContaining({
        payloads: [{ contactPlacementType: expect.any(Number), serviceProviderIds: [SP_ID] }],
        contactType: 10,
        entityId: messageId,
        entityType: 'message',
        postalCode: expect.stringMatching(/^\d{5}$/),
      }),
    ]);
    expect((await posts('/host-stand-in/contact')[0]!.response())?.status()).toBe(200);
    expect(watch.requested('/gateway/lead/v1/contact')).toEqual([]);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });

  it('the message thread rendered on the server: its newest messages in the HTML, read there with the host server’s chat token (never in the page), hydrated, then the chat opens with the browser’s own token and a text goes out', async () => {
    const html = await (await fetch(`${e2e.server.origin}/server/office-thread.html`)).text();
    const shadow = html.slice(html.indexOf('<message-thread '), html.indexOf('</message-thread>'));
    expect(shadow).toMatch(/part="message message-(own|member)"/);
    expect(shadow).not.toMatch(/token|conversationSid|Bearer/i);
    const { page, watch, sent } = await open('/server/office-thread.html');
    const thread = page.locator('#thread');
    await visible(thread.getByRole('heading', { level: 1, name: 'Your messages with Jasmine Anderson' }));
    await visible(thread.locator('[part~="message"]').first());
    const box = thread.getByRole('textbox', { name: 'Write a message...' });
    await box.fill('Hello from the server page');
    const messages = '/gateway/message-center/v1/messages';
    expect(await answered(page, messages, () => thread.getByRole('button', { name: 'Send' }).click())).toBe(200);
    await visible(thread.getByRole('region', { name: 'Messages' }).getByText('Hello from the server page'));
    // The browser asked the host for its own session (the server's stays on the server).
    await expect
      .poll(() => sent('/host-stand-in/chat-token'), { timeout: UI_TIMEOUT_MS })
      .toEqual([{ serviceProviderId: SP_ID, userId: 5003, leadId: 300002 }]);
    expect(await thread.getByText('Messaging is currently unavailable for this Lead. Please contact them via phone or email.').count()).toBe(0);
    expect(await gatewayCalls(watch.requests)).toEqual({ invented: [], failed: [] });
  });
});
