import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { REVIEW_PREFILL_GATEWAY_VARIANT } from '../../../test/helpers/strict-answers';
import { createGatewayClient } from '../../gateway/core/client';
import type { LeadkitEventMap } from '../../contract/events';
import { WidgetShell } from '../../runtime/widget-shell';
import { ReviewRequestRoot, type ReviewRequestProps } from './review-request';
import { REVIEW_REQUEST_CATALOGUE } from './review-request-messages';
import { preloadReviewRequestParts } from '../../../test/support/review-request';

beforeAll(preloadReviewRequestParts);

const SEND_PATH = '/gateway/review/api/v1/review/request-by-email';
const SEND_ROUTE = `POST ${SEND_PATH}`;
const FAILURE = "We're sorry; an error has occurred.  Please try again.";
const THANKS = 'Thank you! Your Review Request has been submitted.';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lead 300013: ClosedWon lead of member Priya Patel for provider 1001, category AC Installation (parent Heating & A/C). */
function setup(props: ReviewRequestProps = { spId: 1001, leadId: 300013 }, advanceTimers?: (ms: number) => void, hold?: RegExp) {
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = renderWidget(<ReviewRequestRoot {...props} />, REVIEW_REQUEST_CATALOGUE, hold ? { hold } : {});
  const events: LeadkitEventMap['lk-review-request'][] = [];
  view.host.addEventListener('lk-review-request', (event) => events.push((event as CustomEvent<LeadkitEventMap['lk-review-request']>).detail));
  return { ...view, user, events };
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Request a Review' }));
  await screen.findByRole('heading', { name: 'Customer contact' });
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Send Request' });

describe('<ReviewRequestRoot>', () => {
  it('opens from its trigger with the pre-filled contact summary; Edit turns it into the form', async () => {
    const { user, received } = setup();
    expect(screen.queryByText('Customer contact')).toBeNull();
    await openModal(user);
    const summary = screen.getByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('Priya Patel')).toBeTruthy();
    expect(within(summary).getByText('priya.patel@example.com')).toBeTruthy();
    expect(within(summary).getByText('(720) 555-0178')).toBeTruthy();
    // The lead's category and its parent, both offered by the provider, start selected.
    expect(within(summary).getByText('Heating & A/C, AC Installation')).toBeTruthy();
    expect(received('POST', '/gateway/lead/office/v1/review-request')).toHaveLength(1);
    expect(received('GET', '/gateway/service-provider-profile/v1/service_provider/1001/categories')).toHaveLength(1);
    expect(received('GET', '/gateway/review/api/v1/category')[0]?.query).toEqual({ categoryIds: '10102' });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('region', { name: 'Customer contact' })).toBeNull();
    expect(field('First name').value).toBe('Priya');
    expect(document.activeElement).toBe(field('First name'));
    expect(field('Last name').value).toBe('Patel');
    expect(field('Email').value).toBe('priya.patel@example.com');
    expect(field('Phone number').value).toBe('(720) 555-0178');
    expect(field('Description of work').value).toBe('');
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(false);
    // The chosen categories by name, not a count (on a phone the ticked ones were out of sight).
    expect(screen.getByRole('button', { name: /Categories/ }).textContent).toBe('Heating & A/C, AC Installation');
  });

  it('shows every validation message beside its field, announced, and focuses the first invalid field', async () => {
    const { user, received } = setup();
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    for (const name of ['First name', 'Last name', 'Email', 'Phone number']) await user.clear(field(name));
    await user.click(submitButton());

    const expected: [string, string][] = [
      ['First name', 'Please enter a valid first name'],
      ['Last name', 'Please enter a valid last name'],
      ['Email', 'Please enter a valid email address'],
      ['Phone number', 'Please enter a valid phone number'],
    ];
    for (const [name, message] of expected) {
      const input = field(name);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(message);
      expect(described?.getAttribute('role')).toBe('alert');
    }
    expect(document.activeElement).toBe(field('First name'));

    // Fixing fields clears their messages; a malformed e-mail or short phone keeps them.
    await user.type(field('First name'), 'Ann');
    await user.type(field('Last name'), 'Lee');
    await user.type(field('Email'), 'ann@');
    await user.type(field('Phone number'), '555');
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please enter a valid first name')).toBeNull();
    await user.click(submitButton());
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    await user.clear(field('Email'));
    // Pasted: typed key by key, 255 characters re-render the form 255 times (over 20 s on a busy machine).
    await user.click(field('Email'));
    await user.paste(`${'a'.repeat(250)}@x.co`);
    expect(field('Email').value).toHaveLength(255);
    await user.click(submitButton());
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    // Emptying the category selection: the "at least one" message, on the multi-select's button.
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Phone number'), '5550100');
    const categories = screen.getByRole('button', { name: /Categories/ });
    await user.click(categories);
    await user.click(screen.getByRole('checkbox', { name: 'Heating & A/C' }));
    await user.click(screen.getByRole('checkbox', { name: 'AC Installation' }));
    await user.click(submitButton());
    expect(categories.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(categories.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please select at least one category for this review');
    expect(document.activeElement).toBe(categories);
    expect(received('POST', SEND_PATH)).toHaveLength(0);
  });

  it("asks for one or more categories when none was ever chosen (the lead's category is not the provider's)", async () => {
    const recorder = recordingFetch((request) => {
      if (request.url.includes('/office/v1/review-request')) {
        return json(200, {
          leadId: 7,
          serviceProviderId: 1001,
          firstName: 'Ann',
          lastName: 'Lee',
          emailAddress: 'ann@example.com',
          phoneNumber: '3035550100',
          isMaskedPhone: false,
          postalCode: '80202',
          category: { id: 55555, name: 'Pool Cleaning' },
        });
      }
      if (request.url.includes('/categories')) return json(200, { categories: [{ categoryId: 100, categoryName: 'Plumbing', overallReviewCount: 3 }] });
      if (request.url.includes('/v1/category'))
        return json(200, { categories: [{ categoryId: 55555, name: 'Pool Cleaning', parentCategory: { categoryId: 555 } }] });
      return json(500, { message: 'unexpected' });
    });
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch, retry: { retries: 0 } });
    const user = userEvent.setup();
    render(
      <WidgetShell owner={{}} host={new EventTarget()} catalogue={REVIEW_REQUEST_CATALOGUE} inputs={{ gateway: client }}>
        <ReviewRequestRoot spId={1001} leadId={7} open />
      </WidgetShell>,
    );
    await screen.findByRole('heading', { name: 'Customer contact' });
    expect(screen.getByText('Not provided')).toBeTruthy();
    await user.click(submitButton());
    const categories = screen.getByRole('button', { name: /Categories/ });
    expect(document.getElementById(categories.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please select one or more categories for this review',
    );
    expect(document.activeElement).toBe(categories);
    expect(recorder.requests.some((r) => r.method === 'POST' && r.url.includes('request-by-email'))).toBe(false);
  });

  it('sends the gateway variant (emailAddress, workCompleted true, categories) with an idempotency key, then thanks', async () => {
    const { user, received, events } = setup();
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), '  Installed a new AC unit.  ');
    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    const sent = received('POST', SEND_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      serviceProviderId: 1001,
      postalCode: '80210',
      emailAddress: 'priya.patel@example.com',
      phoneNumber: '7205550178',
      firstName: 'Priya',
      lastName: 'Patel',
      descriptionOfWork: 'Installed a new AC unit.',
      workCompleted: true,
      categories: [101, 10102],
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/\S/);
    expect(sent[0]?.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]?.leadId).toBe(300013);
    expect(events[0]?.draftReviewId).toMatch(/\S/);
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(['draftReviewId', 'leadId']);
    expect(document.activeElement?.textContent).toBe(THANKS);
  });

  it("says the customer was already asked when the lead's draft was requested before; a first request says nothing", async () => {
    const { user } = setup();
    await openModal(user);
    expect(screen.queryByText(/already asked/)).toBeNull();
    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await openModal(user);
    const notice = await screen.findByText(/^You already asked this customer for a review on \d{2}\/\d{2}\/\d{4}\. Sending again emails them a reminder\.$/);
    expect(notice.getAttribute('part')).toBe('review-already-requested');
    // Sending again is still possible (a reminder).
    expect(submitButton()).toBeTruthy();
  });

  it("sends workCompleted false when 'No' is chosen, straight from the summary otherwise", async () => {
    const { user, received } = setup();
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(submitButton());
    await screen.findByText(THANKS);
    expect(received('POST', SEND_PATH)[0]?.body).toMatchObject({ workCompleted: false });
  });

  it('closes 5 s after the thank-you message, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user } = setup(undefined, (ms) => vi.advanceTimersByTime(ms));
    await openModal(user);
    await user.click(submitButton());
    // The 5 s start when the thank-you's effect has run (it focuses the message first): wait for
    // that, not only for the text, or a busy machine runs the effect after the clock moved.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText(THANKS)));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(THANKS)).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Request a Review' }));
  });

  it('closes sooner through × and then does not close again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const onClose = vi.fn();
    // A controlling parent (as the board): it closes the modal when asked.
    function Parent() {
      const [open, setOpen] = useState(true);
      return (
        <ReviewRequestRoot
          spId={1001}
          leadId={300013}
          open={open}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      );
    }
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWidget(<Parent />, REVIEW_REQUEST_CATALOGUE);
    expect(screen.queryByRole('button', { name: 'Request a Review' })).toBeNull();
    await screen.findByRole('heading', { name: 'Customer contact' });
    await user.click(submitButton());
    await screen.findByText(THANKS);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(THANKS)).toBeNull();
    act(() => vi.advanceTimersByTime(6000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [201, { draftReviewId: 'draft-9' }],
    [204, undefined],
    [200, {}],
  ])('takes only "status 200 with draftReviewId" as sent: a %i answer keeps the form with the alert', async (status, body) => {
    const { user, sandbox, events } = setup();
    sandbox.faults.status(status, body, { route: SEND_ROUTE, times: 1 });
    await openModal(user);
    await user.click(submitButton());
    expect(await screen.findByText(FAILURE, { normalizer: (text) => text })).toBeTruthy();
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(events).toEqual([]);
  });

  it('keeps the form and what was typed on a failure, with the spec alert; sending again works', async () => {
    const { user, received, sandbox, events } = setup();
    sandbox.faults.status(500, undefined, { route: SEND_ROUTE, times: 1 });
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Pri');
    await user.type(field('Description of work'), 'New AC');
    await user.click(submitButton());
    const alert = await screen.findByText(FAILURE, { normalizer: (text) => text });
    expect(alert.textContent).toBe(FAILURE);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(field('First name').value).toBe('Pri');
    expect(field('Description of work').value).toBe('New AC');
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(events).toHaveLength(0);

    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    const sent = received('POST', SEND_PATH);
    expect(sent.map((r) => r.status)).toEqual([500, 200]);
    // The same payload again: the same key (a lost answer would be replayed, not sent twice).
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    expect(events).toHaveLength(1);
  });

  it('sends once on a double click', async () => {
    // The send is held until the clicks are done (a 60 ms delay ended before the third click on a busy machine).
    const { user, received, release } = setup(undefined, undefined, new RegExp(`${SEND_PATH}$`));
    await openModal(user);
    await user.dblClick(submitButton());
    await user.click(submitButton());
    release();
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(received('POST', SEND_PATH)).toHaveLength(1);
  });

  it('prefills a masked phone empty; sending opens the form at the phone field', async () => {
    // Lead 300004: the provider sees only a temporary masked number.
    const { user, received } = setup({ spId: 1001, leadId: 300004 });
    await openModal(user);
    const summary = screen.getByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('Zoe Vargas')).toBeTruthy();
    expect(within(summary).getByText('Not provided')).toBeTruthy();
    await user.click(submitButton());
    expect(field('Phone number').value).toBe('');
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Phone number'));
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(received('POST', SEND_PATH)).toHaveLength(0);
  });

  it('shows the error banner with Try again when the pre-fill cannot be loaded', async () => {
    const { user, sandbox } = setup();
    sandbox.faults.status(503, undefined, { route: 'POST /gateway/lead/office/v1/review-request', times: 1 });
    await user.click(screen.getByRole('button', { name: 'Request a Review' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Service Unavailable')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Customer contact' })).toBeTruthy());
  });
});

describe('<ReviewRequestRoot> against a strict pre-fill answer (row L6)', () => {
  const PREFILL_ROUTE = 'POST /gateway/lead/office/v1/review-request';

  it('a pre-fill with nulls and unknown fields: what it has is pre-filled, the rest is left to type', async () => {
    const user = userEvent.setup();
    const nulls = (answer: unknown) => ({
      ...(answer as Record<string, unknown>),
      leadId: null,
      serviceProviderId: null,
      firstName: null,
      emailAddress: null,
      isMaskedPhone: null,
      category: null,
      gatewayOnly: { any: 'thing' },
    });
    const { received } = renderWidget(<ReviewRequestRoot spId={1001} leadId={300013} />, REVIEW_REQUEST_CATALOGUE, {
      strict: [{ route: PREFILL_ROUTE, answer: { reshape: nulls } }],
    });
    await openModal(user);
    const summary = screen.getByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('Patel')).toBeTruthy();
    expect(within(summary).getByText('(720) 555-0178')).toBeTruthy();
    // No category in the pre-fill: no parents asked for, none preselected.
    expect(received('GET', '/gateway/review/api/v1/category')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('First name').value).toBe('');
    expect(field('Email').value).toBe('');
  });

  it("the spec's gateway variant as the pre-fill (categories as ids) and null review counts: the contact shown, the lead's category and its parents selected", async () => {
    const user = userEvent.setup();
    const variant = REVIEW_PREFILL_GATEWAY_VARIANT;
    const nullCounts = (answer: unknown) => ({
      categories: ((answer as { categories: Record<string, unknown>[] }).categories ?? []).map((c) => ({ ...c, overallReviewCount: null })),
    });
    const { received } = renderWidget(<ReviewRequestRoot spId={1001} leadId={300013} />, REVIEW_REQUEST_CATALOGUE, {
      strict: [
        { route: PREFILL_ROUTE, answer: { json: variant } },
        { route: 'GET /gateway/service-provider-profile/v1/service_provider/:id/categories', answer: { reshape: nullCounts } },
      ],
    });
    await openModal(user);
    const summary = screen.getByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('Priya Patel')).toBeTruthy();
    expect(within(summary).getByText(/Heating & A\/C/)).toBeTruthy();
    expect(received('GET', '/gateway/review/api/v1/category')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a pre-fill it cannot read at all opens the form to be typed, not an error; the request can be sent', async () => {
    const user = userEvent.setup();
    const { received } = renderWidget(<ReviewRequestRoot spId={1001} leadId={300013} />, REVIEW_REQUEST_CATALOGUE, {
      strict: [{ route: PREFILL_ROUTE, answer: { json: ['not', 'a', 'pre-fill'] } }],
    });
    await user.click(screen.getByRole('button', { name: 'Request a Review' }));
    const first = await screen.findByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(first, 'Priya');
    await user.type(field('Last name'), 'Patel');
    await user.type(field('Email'), 'priya.patel@example.com');
    await user.type(field('Phone number'), '7205550178');
    await user.click(screen.getByRole('button', { name: /Categories/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Heating & A/C' }));
    // No postal code in the pre-fill: the form asks for the job's ZIP code, which the request needs.
    await user.click(submitButton());
    expect((await screen.findByText('Please enter a 5-digit ZIP code')).textContent).toBeTruthy();
    expect(document.activeElement).toBe(field('ZIP code of the job'));
    await user.type(field('ZIP code of the job'), '80210');
    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(received('POST', SEND_PATH)[0]?.body).toMatchObject({ firstName: 'Priya', lastName: 'Patel', postalCode: '80210', categories: [101] });
  });
});

describe("<ReviewRequestRoot>: the lead's draft review keeps the work between openings", () => {
  const DRAFT_PATH = '/gateway/review/api/v1/draft-review/';
  const GET_OR_CREATE = `${DRAFT_PATH}get-or-create`;
  const puts = (received: ReturnType<typeof setup>['received']) => received('PUT', DRAFT_PATH);
  const closeModal = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }));
  /** Lead 300013's draft (seeded draft-0002: member 5002's review of provider 1001). */
  const leadDraft = (sandbox: ReturnType<typeof setup>['sandbox']) => sandbox.store.draftReviews.find((d) => d.leadId === 300013 && d.memberId === 5002);

  it("opening gets or creates the lead's draft; the work is saved into it 800 ms after the last change and comes back on the next opening", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user, received, sandbox } = setup(undefined, (ms) => vi.advanceTimersByTime(ms));
    await openModal(user);
    const opened = received('POST', GET_OR_CREATE);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.body).toEqual({ serviceProviderId: 1001, reviewSource: 'site-member', reviewSourceVersion: '2.0', leadId: 300013 });
    expect(opened[0]?.headers['x-caller-type']).toBe('ServiceProvider');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'Installed a 3-ton unit.\nRemoved the old one.');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: /Categories/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Heating & A/C' }));
    act(() => vi.advanceTimersByTime(700));
    expect(puts(received)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(puts(received)).toHaveLength(1));
    const [put] = puts(received);
    expect(put?.path).toBe(`${DRAFT_PATH}${leadDraft(sandbox)?.draftReviewId}`);
    // Only the work: never the customer's contact details, words or ratings.
    expect(put?.body).toEqual({
      draftReview: { descriptionOfWork: 'Installed a 3-ton unit.\nRemoved the old one.', workCompleted: false },
      draftRatings: [],
      categories: [10102],
    });
    await waitFor(() => expect(put?.status).toBe(200));

    await closeModal(user);
    expect(screen.queryByRole('heading', { name: 'Customer contact' })).toBeNull();
    await openModal(user);
    expect(received('POST', GET_OR_CREATE)).toHaveLength(2);
    const summary = screen.getByRole('region', { name: 'Customer contact' });
    expect(within(summary).getByText('AC Installation')).toBeTruthy();
    expect(within(summary).getByText('Description of work')).toBeTruthy();
    expect(within(summary).getByText(/^Installed a 3-ton unit\.\s+Removed the old one\.$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Description of work').value).toBe('Installed a 3-ton unit.\nRemoved the old one.');
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: /Categories/ }).textContent).toBe('AC Installation');
    // Nothing changed on this opening: closing saves nothing.
    await closeModal(user);
    act(() => vi.advanceTimersByTime(2000));
    expect(puts(received)).toHaveLength(1);
  });

  it('closing with changes not saved yet saves them at once; opening and closing without changes saves nothing', async () => {
    const { user, received, sandbox } = setup();
    await openModal(user);
    await closeModal(user);
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'New AC');
    await closeModal(user);
    await waitFor(() => expect(puts(received)).toHaveLength(1));
    expect(puts(received)[0]?.body).toEqual({ draftReview: { descriptionOfWork: 'New AC', workCompleted: true }, draftRatings: [], categories: [101, 10102] });
    await waitFor(() => expect(leadDraft(sandbox)?.descriptionOfWork).toBe('New AC'));
  });

  it('sending stops the saving: the request fills in the same draft, whose id the event carries', async () => {
    const { user, received, sandbox, events } = setup();
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'Replaced the condenser');
    await user.click(submitButton());
    await screen.findByText(THANKS);
    await closeModal(user);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(puts(received)).toHaveLength(0);
    const draft = leadDraft(sandbox);
    expect(events[0]?.draftReviewId).toBe(draft?.draftReviewId);
    expect(draft).toMatchObject({ descriptionOfWork: 'Replaced the condenser', workCompleted: true, categories: [101, 10102] });
  });

  it('a failed save changes nothing on screen and is tried again when the modal closes', async () => {
    const { user, received, sandbox } = setup();
    sandbox.faults.status(500, undefined, { route: `PUT ${DRAFT_PATH}:id`, times: 1 });
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'Tune-up');
    await waitFor(() => expect(puts(received).map((r) => r.status)).toEqual([500]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Description of work').value).toBe('Tune-up');
    await closeModal(user);
    await waitFor(() => expect(puts(received).map((r) => r.status)).toEqual([500, 200]));
    expect(leadDraft(sandbox)?.descriptionOfWork).toBe('Tune-up');
  });

  it('without a draft (get-or-create fails) the form still works and nothing is saved', async () => {
    const { user, received, sandbox, events } = setup();
    sandbox.faults.status(503, undefined, { route: `POST ${GET_OR_CREATE}` });
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'New AC');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(received('POST', SEND_PATH)[0]?.body).toMatchObject({ descriptionOfWork: 'New AC' });
    expect(puts(received)).toHaveLength(0);
    expect(events).toHaveLength(1);
  });
});

describe("<ReviewRequestRoot> against a gateway with only the spec's fields (the sandbox's spec profile)", () => {
  it("without the draft's fields (descriptionOfWork, workCompleted, requestedAt): the form starts from the lead, sends, and a second opening neither brings the work back nor says the customer was asked", async () => {
    const user = userEvent.setup();
    const { received } = renderWidget(<ReviewRequestRoot spId={1001} leadId={300013} />, REVIEW_REQUEST_CATALOGUE, { sandbox: { profile: 'spec' } });
    await openModal(user);
    expect(within(screen.getByRole('region', { name: 'Customer contact' })).getByText('Priya Patel')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('Description of work'), 'Installed a 3-ton unit.');
    await user.click(submitButton());
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(received('POST', SEND_PATH)[0]?.status).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await openModal(user);
    expect(received('POST', '/gateway/review/api/v1/draft-review/get-or-create').every((request) => request.status === 200)).toBe(true);
    expect(screen.queryByText(/already asked/)).toBeNull();
    expect(screen.queryByText('Installed a 3-ton unit.')).toBeNull();
    expect(submitButton()).toBeTruthy();
  });
});
