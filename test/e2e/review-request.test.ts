/**
 * Review requests (docs/widgets/review-request.md) in Debian's Chromium against `npm start`'s sandbox:
 * - from the board (office app, /app/lead/board/1001?leadId=…, the new-review-request flag set
 *   on <lead-app> as the card e2e does): 'Closed won' in a card's status select → the prompt →
 *   'Request a Review' → the modal → send → the thank-you message → closed 5 s later; once with
 *   the mouse, once by keyboard alone;
 * - the standalone <review-request> element on /examples/review-request.html (CDN loader,
 *   attributes only): send, the event, the auto-close and focus back on the trigger; a failed
 *   send keeps what was typed.
 * Every test checks what the sandbox received: the draft get-or-create and the gateway variant
 * of POST /v1/review/request-by-email (emailAddress, workCompleted true/false, categories).
 *
 * Every test starts from fresh seed data (POST /sandbox/reset, which also clears faults) in a
 * fresh browser e2e.context.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { boardReady, cdnTagChunks, injectFault, itOutsideLitePass, seriousAxeViolations, UI_TIMEOUT_MS, useE2eSession, visible, watchPage } from './harness';
import { isFocused, tabTo } from './focus';

const SP_ID = 1001;
const BOARD_PATH = `/app/lead/board/${SP_ID}`;
const REVIEW_API = '/gateway/review/api';
const SEND_PATH = `${REVIEW_API}/v1/review/request-by-email`;
const DRAFT_PATH = `${REVIEW_API}/v1/draft-review/get-or-create`;
const PREFILL_PATH = '/gateway/lead/office/v1/review-request';
const PROMPT_TEXT = 'Before you close this lead, would you like to Request a Review from this customer?';
const THANKS = 'Thank you! Your Review Request has been submitted.';
const FAILURE = "We're sorry; an error has occurred.  Please try again.";
/** The modal closes this long after the thank-you message. */
const AUTO_CLOSE_MS = 5000;

/** Seeded leads (packages/sandbox/src/seed/named-leads.ts SANDBOX_LEADS). */
const LEADS = { newest: 300001, closedWon: 300013 } as const;

const e2e = useE2eSession();

// ---- helpers -------------------------------------------------------------------------------

/** `lk-review-request` details as the host page heard them (an init script, before any page script). */
const RECORD_REVIEW_EVENTS = String.raw`(() => {
  window.__reviewEvents = [];
  document.addEventListener('lk-review-request', (event) => {
    window.__reviewEvents.push({ target: (event.target && event.target.id) || '', detail: event.detail });
  }, true);
})();`;

async function newPage() {
  const page = await e2e.context.newPage();
  const watch = await watchPage(page);
  await page.addInitScript({ content: RECORD_REVIEW_EVENTS });
  const posts = (path: string): Request[] => watch.requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
  const sent = (path: string) => posts(path).map((request) => request.postDataJSON() as unknown);
  const reviewEvents = () => page.evaluate(() => (window as unknown as { __reviewEvents: { target: string; detail: unknown }[] }).__reviewEvents);
  return { page, watch, posts, sent, reviewEvents };
}

/** The office app's board with `leadId` featured (first and open), the review experiment on. */
async function openBoard(leadId: number) {
  const tab = await newPage();
  await tab.page.goto(`${e2e.server.origin}${BOARD_PATH}?leadId=${leadId}`);
  const board = tab.page.locator('#office-app [part="lead-board"]');
  await boardReady(board);
  const card = board.locator(`li[data-lead-id="${leadId}"]`);
  await expect.poll(() => card.getAttribute('data-expanded')).toBe('true');
  await visible(card.getByRole('combobox', { name: 'Lead status' }));
  await tab.page.evaluate(() => {
    (document.querySelector('lead-app') as HTMLElement & { flags: Record<string, boolean> }).flags = { new_review_request: true };
  });
  return { ...tab, board, card };
}

/** What the sandbox itself says of a lead's customer (the pre-fill call, as the provider). */
async function prefillOf(leadId: number): Promise<{ postalCode: string }> {
  const response = await fetch(`${e2e.server.origin}${PREFILL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
    body: JSON.stringify({ serviceProviderId: SP_ID, leadId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { postalCode: string };
}

/** The lead's draft review as the provider now gets it from the sandbox. */
async function draftOf(
  leadId: number,
): Promise<{ draftReview: { draftReviewId: string; descriptionOfWork: string; workCompleted: boolean | null }; categories: number[] }> {
  const response = await fetch(`${e2e.server.origin}${DRAFT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP_ID) },
    body: JSON.stringify({ serviceProviderId: SP_ID, leadId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Awaited<ReturnType<typeof draftOf>>;
}

/**
 * Sends (`send`), waits for the thank-you message (a polite status), then for the modal to close by
 * itself; returns how long the thanks stayed, on the PAGE's clock: each frame the page looks for the
 * text (through shadow roots) and notes when it appeared and when it was gone. Timed from the test
 * side, a busy machine delays noticing either end by more than the margin; the page's own frames do not.
 */
async function thanksThenAutoClose(page: Page, scope: Locator, send: () => Promise<unknown>): Promise<number> {
  const lifetime = page.evaluate(
    ([text, timeout]) =>
      new Promise<number>((resolve, reject) => {
        const present = (root: Document | ShadowRoot): boolean => {
          for (const element of root.querySelectorAll('*')) {
            if (element.childElementCount === 0 && element.textContent === text) return true;
            if (element.shadowRoot && present(element.shadowRoot)) return true;
          }
          return false;
        };
        const started = performance.now();
        let shownAt: number | null = null;
        const frame = (now: number) => {
          const shown = present(document);
          if (shownAt === null && shown) shownAt = now;
          else if (shownAt !== null && !shown) return resolve(now - shownAt);
          if (now - started > timeout) return reject(new Error(`the thanks ${shownAt === null ? 'never showed' : 'never closed'}`));
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [THANKS, AUTO_CLOSE_MS + 3 * UI_TIMEOUT_MS] as const,
  );
  await send();
  const thanks = scope.getByText(THANKS, { exact: true });
  await visible(thanks);
  await expect(thanks.getAttribute('role')).resolves.toBe('status');
  return lifetime;
}

// ---- from the board ------------------------------------------------------------------------

describe('from the board: Closed won → the prompt → the review request', { timeout: 60_000 }, () => {
  itOutsideLitePass(
    "with the mouse: the prompt's 'Request a Review' opens the modal; the request goes out as the gateway variant; the modal closes 5 s after the thanks",
    async () => {
      const { page, card, sent, watch, reviewEvents } = await openBoard(LEADS.newest);
      await card.getByRole('combobox', { name: 'Lead status' }).selectOption('ClosedWon');
      // The prompt opens once the status was saved (the select sends shortly after the change).
      const prompt = card.getByRole('dialog', { name: 'Request a Review' }).filter({ hasText: PROMPT_TEXT });
      await visible(prompt);
      expect(sent(`/gateway/lead/office/v2/leads/${LEADS.newest}/status`).at(-1)).toEqual({ serviceProviderId: SP_ID, status: 'ClosedWon' });
      await prompt.getByRole('button', { name: 'Request a Review' }).click();

      const modal = card.getByRole('dialog', { name: 'Request a Review' }).filter({ has: page.getByRole('button', { name: 'Send Request' }) });
      const summary = modal.getByRole('region', { name: 'Customer contact' });
      await visible(summary);
      await expect(prompt.count()).resolves.toBe(0);
      for (const text of ['Jordan Rivera', 'jordan.rivera@example.com', '(303) 555-0142', 'Water Heater Installation'])
        await visible(summary.getByText(text, { exact: true }));
      // Opening got (or created) the lead's draft review.
      expect(sent(DRAFT_PATH)).toEqual([{ serviceProviderId: SP_ID, reviewSource: 'site-member', reviewSourceVersion: '2.0', leadId: LEADS.newest }]);

      await modal.getByRole('button', { name: 'Edit' }).click();
      await modal.getByRole('textbox', { name: 'Description of work' }).fill('Replaced the 50-gallon water heater.');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === SEND_PATH);
      const stayed = await thanksThenAutoClose(page, card, () => modal.getByRole('button', { name: 'Send Request' }).click());
      const response = await answer;
      expect(response.status()).toBe(200);
      const { draftReviewId } = (await response.json()) as { draftReviewId: string };
      expect(stayed).toBeGreaterThanOrEqual(AUTO_CLOSE_MS - 300);
      expect(stayed).toBeLessThan(AUTO_CLOSE_MS + 3000);
      await expect(modal.count()).resolves.toBe(0);

      const { postalCode } = await prefillOf(LEADS.newest);
      expect(sent(SEND_PATH)).toEqual([
        {
          serviceProviderId: SP_ID,
          postalCode,
          emailAddress: 'jordan.rivera@example.com',
          phoneNumber: '3035550142',
          firstName: 'Jordan',
          lastName: 'Rivera',
          descriptionOfWork: 'Replaced the 50-gallon water heater.',
          workCompleted: true,
          categories: [10002],
        },
      ]);
      // The request filled in the lead's draft (the one the modal got on opening).
      const draft = await draftOf(LEADS.newest);
      expect(draft.draftReview).toMatchObject({ draftReviewId, descriptionOfWork: 'Replaced the 50-gallon water heater.', workCompleted: true });
      expect(await reviewEvents()).toEqual([{ target: 'office-app', detail: { leadId: LEADS.newest, draftReviewId } }]);
      expect(watch.consoleErrors).toEqual([]);
    },
  );

  it('by keyboard alone: type-ahead to Closed won, Enter on the prompt, Edit, a description, a category and No, Send', async () => {
    const { page, card, sent } = await openBoard(LEADS.newest);
    const select = card.getByRole('combobox', { name: 'Lead status' });
    await tabTo(select);
    await page.keyboard.type('Cl');
    await expect.poll(() => select.inputValue()).toBe('ClosedWon');

    const prompt = card.getByRole('dialog', { name: 'Request a Review' }).filter({ hasText: PROMPT_TEXT });
    await visible(prompt);
    const promptButton = prompt.getByRole('button', { name: 'Request a Review' });
    if (!(await isFocused(promptButton))) await tabTo(promptButton);
    await page.keyboard.press('Enter');

    const modal = card.getByRole('dialog', { name: 'Request a Review' }).filter({ has: page.getByRole('button', { name: 'Send Request' }) });
    const edit = modal.getByRole('button', { name: 'Edit' });
    await visible(edit);
    await tabTo(edit);
    await page.keyboard.press('Enter');
    const firstName = modal.getByRole('textbox', { name: 'First name' });
    await expect.poll(() => isFocused(firstName), { message: 'focus on the first field after Edit' }).toBe(true);

    const categories = modal.getByRole('button', { name: /Categories/ });
    await tabTo(categories);
    await page.keyboard.press('Enter');
    const plumbing = modal.getByRole('checkbox', { name: 'Plumbing', exact: true });
    await tabTo(plumbing);
    await page.keyboard.press('Space');
    await expect(plumbing.isChecked()).resolves.toBe(true);

    const no = modal.getByRole('radio', { name: 'No' });
    await tabTo(modal.getByRole('radio', { name: 'Yes' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => no.isChecked()).toBe(true);

    const description = modal.getByRole('textbox', { name: 'Description of work' });
    await tabTo(description);
    await page.keyboard.type('Flushed the tank.');
    await tabTo(modal.getByRole('button', { name: 'Send Request' }));
    const stayed = await thanksThenAutoClose(page, card, () => page.keyboard.press('Enter'));
    expect(stayed).toBeGreaterThanOrEqual(AUTO_CLOSE_MS - 300);
    expect(sent(SEND_PATH)).toEqual([
      expect.objectContaining({
        emailAddress: 'jordan.rivera@example.com',
        descriptionOfWork: 'Flushed the tank.',
        workCompleted: false,
        categories: [100, 10002],
      }),
    ]);
    // Focus goes back where the flow started: the status select.
    await expect.poll(() => isFocused(select), { message: 'focus back on the status select' }).toBe(true);
  });
});

// ---- the standalone element on an example page --------------------------------------------

describe('<review-request> on /examples/review-request.html (loader + attributes only)', () => {
  async function openExample() {
    const tab = await newPage();
    await tab.page.goto(`${e2e.server.origin}/examples/review-request.html`);
    const element = tab.page.locator('#review-300013');
    const trigger = element.getByRole('button', { name: 'Request a Review' });
    await visible(trigger);
    return { ...tab, element, trigger };
  }

  itOutsideLitePass('sends the request, tells the host (ids only), closes 5 s after the thanks and gives focus back to its button', async () => {
    const { page, element, trigger, sent, watch, reviewEvents } = await openExample();
    // Only this tag's chunk was loaded.
    const chunks = cdnTagChunks();
    expect(watch.requested('/cdn/')).toContain(`/cdn/${chunks['review-request']}`);
    expect(watch.requested('/cdn/')).not.toContain(`/cdn/${chunks['lead-board']}`);

    await trigger.click();
    const modal = element.getByRole('dialog', { name: 'Request a Review' });
    const summary = modal.getByRole('region', { name: 'Customer contact' });
    await visible(summary);
    for (const text of ['Priya Patel', 'priya.patel@example.com', '(720) 555-0178', 'Heating & A/C, AC Installation'])
      await visible(summary.getByText(text, { exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    const stayed = await thanksThenAutoClose(page, element, () => modal.getByRole('button', { name: 'Send Request' }).click());
    expect(stayed).toBeGreaterThanOrEqual(AUTO_CLOSE_MS - 300);
    await expect.poll(() => isFocused(trigger), { message: 'focus back on the trigger' }).toBe(true);

    expect(sent(DRAFT_PATH)).toEqual([{ serviceProviderId: SP_ID, reviewSource: 'site-member', reviewSourceVersion: '2.0', leadId: LEADS.closedWon }]);
    expect(sent(SEND_PATH)).toEqual([
      {
        serviceProviderId: SP_ID,
        postalCode: '80210',
        emailAddress: 'priya.patel@example.com',
        phoneNumber: '7205550178',
        firstName: 'Priya',
        lastName: 'Patel',
        descriptionOfWork: '',
        workCompleted: true,
        categories: [101, 10102],
      },
    ]);
    const draft = await draftOf(LEADS.closedWon);
    expect(await reviewEvents()).toEqual([{ target: 'review-300013', detail: { leadId: LEADS.closedWon, draftReviewId: draft.draftReview.draftReviewId } }]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('a failed send keeps what was typed with the error alert; sending again works with the same idempotency key', async () => {
    const { element, trigger, posts } = await openExample();
    await injectFault(e2e.server.origin, { kind: 'status', status: 500, route: `POST ${SEND_PATH}`, times: 1 });
    await trigger.click();
    const modal = element.getByRole('dialog', { name: 'Request a Review' });
    await modal.getByRole('button', { name: 'Edit' }).click();
    await modal.getByRole('textbox', { name: 'First name' }).fill('Pri');
    await modal.getByRole('textbox', { name: 'Description of work' }).fill('Installed a 3-ton AC unit');
    await modal.getByRole('button', { name: 'Send Request' }).click();
    const alert = modal.getByRole('alert');
    await visible(alert);
    await expect(alert.textContent()).resolves.toBe(FAILURE);
    await expect(modal.getByRole('textbox', { name: 'First name' }).inputValue()).resolves.toBe('Pri');
    await expect(modal.getByRole('textbox', { name: 'Description of work' }).inputValue()).resolves.toBe('Installed a 3-ton AC unit');

    await modal.getByRole('button', { name: 'Send Request' }).click();
    await visible(modal.getByText(THANKS, { exact: true }));
    const sends = posts(SEND_PATH);
    expect(sends.map((request) => (request.postDataJSON() as { firstName: string }).firstName)).toEqual(['Pri', 'Pri']);
    const keys = await Promise.all(sends.map((request) => request.headerValue('idempotency-key')));
    expect(keys[0]).toMatch(/\S/);
    expect(keys[1]).toBe(keys[0]);
  });

  itOutsideLitePass('keeps the description between openings (the lead draft), and closing by Esc saves it at once', async () => {
    const { page, element, trigger, sent } = await openExample();
    await trigger.click();
    const modal = element.getByRole('dialog', { name: 'Request a Review' });
    await modal.getByRole('button', { name: 'Edit' }).click();
    await modal.getByRole('textbox', { name: 'Description of work' }).fill('Installed a 3-ton AC unit');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(() => draftOf(LEADS.closedWon).then((d) => d.draftReview.descriptionOfWork)).toBe('Installed a 3-ton AC unit');

    await trigger.click();
    await visible(modal.getByRole('region', { name: 'Customer contact' }).getByText('Installed a 3-ton AC unit', { exact: true }));
    expect(sent(DRAFT_PATH)).toHaveLength(2);
  });
});
