import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient } from '../../../gateway/core/client';
import { WidgetShell } from '../../../runtime/widget-shell';
import { FeedbackPanel } from './card-extras-loader';
import { FeedbackPopover, type FeedbackPopoverProps, type SavedFeedback } from './feedback-popover';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { LEAD_CARD_CATALOGUE } from '../card/lead-card-messages';
import { mountInShadowRoot } from '../../../../test/helpers/shadow-root';

/** The card's parts render inside the open card, with its texts. */
const CATALOGUE = { ...LEAD_BOARD_CATALOGUE, ...LEAD_CARD_CATALOGUE };

const FEEDBACK_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:spId/feedback';
const feedbackPath = '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback';
const FEEDBACK_ERROR = "We're sorry, there was an error submitting your feedback. Please refresh the page and try again.";

/** A lead without feedback, and the seeded one rated 3 stars 'Customer unresponsive'. */
const NEW_LEAD: FeedbackPopoverProps['lead'] = { leadId: SANDBOX_LEADS.newest, feedback: null };
const RATED_LEAD: FeedbackPopoverProps['lead'] = { leadId: SANDBOX_LEADS.withNotesAndFeedback, feedback: { rating: 3, reason: 'CustomerUnresponsive' } };

/** Stores saved feedback on the lead, as the board does. */
function Board({ lead, onSaved }: { lead: FeedbackPopoverProps['lead']; onSaved: (feedback: SavedFeedback) => void }) {
  const [current, setCurrent] = useState(lead);
  return (
    <>
      <FeedbackPopover
        lead={current}
        spId={1001}
        onSaved={(feedback) => {
          onSaved(feedback);
          setCurrent({ ...current, feedback });
        }}
      />
      <p>Elsewhere on the card</p>
    </>
  );
}

function setup(lead = NEW_LEAD, options: Parameters<typeof renderWidget>[2] = {}) {
  const onSaved = vi.fn();
  const view = renderWidget(<Board lead={lead} onSaved={onSaved} />, CATALOGUE, options);
  const user = userEvent.setup();
  const requests = () => view.received('POST', feedbackPath);
  return { ...view, onSaved, user, requests };
}

const trigger = (name: string | RegExp = /^(Rate this lead|Your rating: \w+)$/) => screen.getByRole('button', { name });
const star = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const stars = () => within(screen.getByRole('radiogroup', { name: 'How would you rate this lead?' })).getAllByRole<HTMLInputElement>('radio');
const checkedStar = () => stars().find((input) => input.checked)?.value ?? null;

// The panel is a lazy part (it comes after the open card's first frame): here from the start,
// so each test waits for a state, not for a chunk (feedback-popover-late.test.tsx opens it before).
beforeAll(() => FeedbackPanel.preload());
afterEach(cleanup);

describe('<FeedbackPopover> stars', () => {
  it('opens from its trigger onto the five labelled stars, focus on the first', async () => {
    const { user } = setup();
    const button = trigger('Rate this lead');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Rate this lead' }).id).toBe(button.getAttribute('aria-controls'));
    expect(stars().map((input) => input.value)).toEqual(['1', '2', '3', '4', '5']);
    for (const [value, name] of [
      ['5', 'Great'],
      ['4', 'Good'],
      ['3', 'Okay'],
      ['2', 'Fair'],
      ['1', 'Poor'],
    ])
      expect(star(name!).value).toBe(value);
    expect(document.activeElement).toBe(star('Poor'));
  });

  it('shows a prior rating on the trigger and on the stars', async () => {
    const { user } = setup(RATED_LEAD);
    await user.click(trigger('Your rating: Okay'));
    expect(checkedStar()).toBe('3');
    expect(document.activeElement).toBe(star('Okay'));
  });

  it('arrow keys select stars as a radio group; 1–4 show the reason step, nothing is sent', async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(star('Okay'));
    expect(checkedStar()).toBe('3');
    expect(screen.getByRole('group', { name: 'What was wrong with this lead?' })).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('5 stars reached with the arrows waits for Submit (nothing sent on the way); Submit sends it', async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.keyboard('{End}');
    expect(checkedStar()).toBe('5');
    expect(requests()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for rating this lead!')).toBeTruthy();
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.body).toMatchObject({ rating: 5, reason: 'Other' });
  });

  it('arrowing over 5 and back keeps the reason and the text already given', async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.keyboard('{ArrowRight}{ArrowRight}'); // 3 stars: the reason step
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Tell us more' }), 'Wrong trade');
    star('Okay').focus();
    await user.keyboard('{End}');
    expect(screen.queryByRole('group', { name: 'What was wrong with this lead?' })).toBeNull();
    await user.keyboard('{ArrowLeft}');
    expect(checkedStar()).toBe('4');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Other' }).checked).toBe(true);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Tell us more' }).value).toBe('Wrong trade');
    expect(requests()).toHaveLength(0);
  });

  it('an arrowed-to 5 is sent by Space on it, and dropped when the popover closes unsent', async () => {
    const { user, requests } = setup(RATED_LEAD);
    await user.click(trigger('Your rating: Okay'));
    await user.keyboard('{End}');
    expect(checkedStar()).toBe('5');
    await user.keyboard('{Escape}');
    expect(requests()).toHaveLength(0);
    await user.click(trigger('Your rating: Okay'));
    expect(checkedStar()).toBe('3'); // what is stored, not the unsent 5
    await user.keyboard('{End}');
    await user.keyboard(' ');
    expect(await screen.findByText('Thanks for rating this lead!')).toBeTruthy();
    expect(requests()).toHaveLength(1);
  });
});

describe('<FeedbackPopover> 5 stars', () => {
  it('sends at once with reason Other, thanks for the rating, stores it and tracks a star rating', async () => {
    const { user, requests, onSaved, analytics } = setup();
    await user.click(trigger());
    star('Great').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Thanks for rating this lead!')).toBeTruthy();
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.body).toEqual({ leadId: SANDBOX_LEADS.newest, rating: 5, reason: 'Other', notes: '' });
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ rating: 5, reason: 'Other' });
    expect(analytics.track).toHaveBeenCalledExactlyOnceWith('Lead Star Rating', {
      leadId: SANDBOX_LEADS.newest,
      serviceProviderId: 1001,
      rating: 5,
      activityLocation: 'Lead Board',
    });
    expect(screen.queryByRole('link')).toBeNull();
    expect(trigger('Your rating: Great')).toBeTruthy();
    // Focus moved onto the thank-you, not onto the page.
    expect(document.activeElement?.textContent).toBe('Thanks for rating this lead!');
  });

  it('rolls the stars back and shows the error when sending fails; nothing is stored', async () => {
    const { user, requests, onSaved, analytics, sandbox } = setup(RATED_LEAD);
    sandbox.faults.status(500, undefined, { route: FEEDBACK_ROUTE, times: 1 });
    await user.click(trigger());
    await user.click(star('Great'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(FEEDBACK_ERROR);
    expect(checkedStar()).toBe('3');
    expect(trigger('Your rating: Okay')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(analytics.track).not.toHaveBeenCalled();
    // Choosing again retries.
    await user.click(star('Great'));
    expect(await screen.findByText('Thanks for rating this lead!')).toBeTruthy();
    expect(requests()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ rating: 5, reason: 'Other' });
  });
});

/** The host's routes to its own pages the thank-yous link to (their paths are not in the spec). */
const HOST_ROUTES = {
  editServiceArea: ({ serviceProviderId }: { serviceProviderId: number }) => `https://pro.example.com/${serviceProviderId}/area`,
  servicesOffered: ({ serviceProviderId }: { serviceProviderId: number }) => `https://pro.example.com/${serviceProviderId}/services`,
};

describe('<FeedbackPopover> reason step', () => {
  it('3 stars → Out of service area → sends the reason and offers to edit the service area', async () => {
    const { user, requests, onSaved, analytics, host } = setup(NEW_LEAD, { inputs: { routes: HOST_ROUTES } });
    await user.click(trigger());
    await user.click(star('Okay'));
    const reasons = screen.getByRole('group', { name: 'What was wrong with this lead?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Low-value job', 'Out of service area', "I don't do this work", 'Customer unresponsive', 'Potential spam', 'Other']);
    expect(requests()).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Out of service area' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for your feedback! Make sure your service area is up to date.')).toBeTruthy();
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.body).toEqual({ leadId: SANDBOX_LEADS.newest, rating: 3, reason: 'OutOfServiceArea', notes: '' });
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ rating: 3, reason: 'OutOfServiceArea' });
    expect(analytics.track).toHaveBeenCalledExactlyOnceWith('Lead Feedback Submitted', {
      leadId: SANDBOX_LEADS.newest,
      serviceProviderId: 1001,
      rating: 3,
      activityLocation: 'Lead Board',
    });

    const link = screen.getByRole('link', { name: 'Edit your service area' });
    expect(link.getAttribute('href')).toBe('https://pro.example.com/1001/area');
    const navigations: CustomEvent[] = [];
    host.addEventListener('lk-navigate', (event) => {
      navigations.push(event as CustomEvent);
      event.preventDefault();
    });
    await user.click(link);
    expect(navigations.map((event) => event.detail)).toEqual([{ url: 'https://pro.example.com/1001/area', kind: 'edit-service-area', newTab: false }]);
    expect(trigger('Your rating: Okay')).toBeTruthy();
  });

  it("'I don't do this work' offers to update the services offered", async () => {
    const { user } = setup(NEW_LEAD, { inputs: { routes: HOST_ROUTES } });
    await user.click(trigger());
    await user.click(star('Poor'));
    await user.click(screen.getByRole('radio', { name: "I don't do this work" }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for your feedback! Make sure the services you offer are up to date.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update the services you offer' }).getAttribute('href')).toBe('https://pro.example.com/1001/services');
  });

  it("without the host's routes, the thank-yous show their text and no link (the pages' paths are not in the spec)", async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.click(star('Poor'));
    await user.click(screen.getByRole('radio', { name: "I don't do this work" }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for your feedback! Make sure the services you offer are up to date.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    const second = setup(NEW_LEAD, { inputs: { routes: { servicesOffered: HOST_ROUTES.servicesOffered } } });
    await second.user.click(trigger());
    await second.user.click(star('Okay'));
    await second.user.click(screen.getByRole('radio', { name: 'Out of service area' }));
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for your feedback! Make sure your service area is up to date.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reasons without a fix show their thank-you without a link', async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.click(star('Fair'));
    await user.click(screen.getByRole('radio', { name: 'Potential spam' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("Thanks for letting us know. We'll look into this lead.")).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('asks for a reason before sending', async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.click(star('Good'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Choose a reason.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'What was wrong with this lead?', description: 'Choose a reason.' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Low-value job' }));
    expect(requests()).toHaveLength(0);
  });

  it("'Other' needs text (placeholder 'Something else...') and sends it as notes", async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.click(star('Fair'));
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const notes = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Tell us more' });
    expect(notes.placeholder).toBe('Something else...');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: 'Tell us more', description: 'Tell us what was wrong with this lead.' })).toBe(notes);
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(notes);
    await user.type(notes, '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests()).toHaveLength(0);
    await user.clear(notes);
    await user.type(notes, 'Wrong city entirely');
    expect(screen.queryByText('Tell us what was wrong with this lead.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for your feedback! It helps us send you better leads.')).toBeTruthy();
    expect(requests().map((r) => r.body)).toEqual([{ leadId: SANDBOX_LEADS.newest, rating: 2, reason: 'Other', notes: 'Wrong city entirely' }]);
  });

  it('keeps the reason and text when the stars change on the reason step', async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.click(star('Fair'));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Tell us more' }), 'Duplicate');
    await user.click(star('Okay'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Other' }).checked).toBe(true);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Tell us more' }).value).toBe('Duplicate');
  });

  it('keeps the choice on failure with the error as an alert, and a retry sends it', async () => {
    const { user, requests, onSaved, sandbox } = setup();
    sandbox.faults.status(503, undefined, { route: FEEDBACK_ROUTE, times: 1 });
    await user.click(trigger());
    await user.click(star('Good'));
    await user.click(screen.getByRole('radio', { name: 'Low-value job' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FEEDBACK_ERROR);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Low-value job' }).checked).toBe(true);
    expect(checkedStar()).toBe('4');
    expect(onSaved).not.toHaveBeenCalled();
    expect(trigger('Rate this lead')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("Thanks for your feedback! We'll use it to send you jobs worth your time.")).toBeTruthy();
    expect(requests().map((r) => r.body)).toEqual([
      { leadId: SANDBOX_LEADS.newest, rating: 4, reason: 'LowValueJob', notes: '' },
      { leadId: SANDBOX_LEADS.newest, rating: 4, reason: 'LowValueJob', notes: '' },
    ]);
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('sends once on a double click; Submit is disabled while sending', async () => {
    const { user, requests } = setup(NEW_LEAD, { sandbox: { latencyMs: 150 } });
    await user.click(trigger());
    await user.click(star('Okay'));
    await user.click(screen.getByRole('radio', { name: 'Customer unresponsive' }));
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.dblClick(submit);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(await screen.findByText("Thanks for your feedback! We'll keep working to bring you responsive customers.")).toBeTruthy();
    expect(requests()).toHaveLength(1);
  });
});

describe('<FeedbackPopover> closing', () => {
  it('Esc closes, returns focus to the trigger and, with no prior feedback, forgets the rating', async () => {
    const { user, requests } = setup();
    await user.click(trigger());
    await user.click(star('Fair'));
    await user.click(screen.getByRole('radio', { name: 'Potential spam' }));
    await user.keyboard('{Escape}');
    const button = trigger('Rate this lead');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(button);
    expect(checkedStar()).toBeNull();
    expect(screen.queryByRole('group', { name: 'What was wrong with this lead?' })).toBeNull();
    expect(requests()).toHaveLength(0);
  });

  it('a press outside closes it and resets the rating without prior feedback; a press inside does not', async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.click(star('Good'));
    await user.click(screen.getByText('What was wrong with this lead?'));
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('Elsewhere on the card'));
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger());
    expect(checkedStar()).toBeNull();
  });

  it('with prior feedback closing does not reset the stars to nothing', async () => {
    const { user } = setup(RATED_LEAD);
    await user.click(trigger());
    await user.click(star('Fair'));
    await user.click(screen.getByText('Elsewhere on the card'));
    await user.click(trigger('Your rating: Okay'));
    expect(checkedStar()).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'What was wrong with this lead?' })).toBeNull();
  });

  it('the close button closes; reopening after a thank-you shows the saved rating', async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.click(star('Great'));
    await screen.findByText('Thanks for rating this lead!');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(trigger('Your rating: Great'));
    await user.click(trigger());
    expect(checkedStar()).toBe('5');
  });

  it('works inside a shadow root: presses in the widget or on the page outside close it', async () => {
    const { host, shadow, container, outside, remove } = mountInShadowRoot();
    const sandbox = createSandboxGateway();
    const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
    const user = userEvent.setup();
    try {
      render(
        <WidgetShell owner={{}} host={host} catalogue={CATALOGUE} inputs={{ gateway: client }}>
          <Board lead={NEW_LEAD} onSaved={() => {}} />
        </WidgetShell>,
        { container },
      );
      const view = within(container);
      const button = view.getByRole('button', { name: 'Rate this lead' });
      await user.click(button);
      await user.click(view.getByRole('radio', { name: 'Okay' }));
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await user.click(view.getByText('Elsewhere on the card'));
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await user.click(outside);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await user.click(button);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(shadow.activeElement).toBe(button));
    } finally {
      cleanup();
      remove();
    }
  });
});
