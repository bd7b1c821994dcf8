import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { SANDBOX_LEADS } from '../../demo/index';
import { LeadBoard } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

afterEach(cleanup);

/** The board with `leadId` featured: it is first and open. */
async function openLead(leadId: number) {
  const view = renderWidget(<LeadBoard spId={1001} leadId={leadId} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === leadId)!;
  expect(card.dataset.expanded).toBe('true');
  return { ...view, card };
}

describe('expanded card: status', () => {
  it('changes the status from the select: label in the header at once, marked read, sent to the gateway', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'InProgressWon');
    expect(within(card).getByText('Scheduled', { selector: '.lk-status' })).toBeTruthy();
    await waitFor(() => expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`)).toHaveLength(1));
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      status: 'InProgressWon',
    });
  });

  it('rolls the status back with a message when the call fails', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.newest);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/status' });
    const select = within(card).getByRole('combobox', { name: 'Lead status' }) as HTMLSelectElement;
    const before = select.value;
    await userEvent.selectOptions(select, 'ClosedWon');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not change the status of this lead. Please try again.');
    await waitFor(() => expect(select.value).toBe(before));
  });
});

describe('expanded card: Your Notes', () => {
  it('edits, counts, saves and shows the saved notes; the server gets the note', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Call after 5pm 🙂');
    expect(within(card).getByText('16 / 2048')).toBeTruthy(); // the emoji counts once
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Call after 5pm 🙂')).toBeTruthy();
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/note`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      note: 'Call after 5pm 🙂',
    });
  });

  it('accepts 2048 characters and refuses 2049 with a clear message', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.clear(editor);
    await userEvent.click(editor);
    await userEvent.paste('x'.repeat(2048));
    expect(within(card).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    await userEvent.paste('y');
    expect(within(card).getByText('2049 / 2048')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toMatch(/at most 2048 characters/);
    expect(within(card).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(editor.value).toHaveLength(2049); // nothing typed is thrown away
  });

  it('keeps the typed text with the spec message when saving fails', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.newest);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/note' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.type(editor, ' keep me');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(editor.value).toContain('keep me');
  });

  it('cancel restores the saved text', async () => {
    const { card } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const savedText = within(card).getByRole('heading', { name: 'Your Notes' }).nextElementSibling?.textContent;
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'scratch');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('textbox', { name: 'Your Notes' })).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Your Notes' }).nextElementSibling?.textContent).toBe(savedText);
  });
});

describe('expanded card: contact and details', () => {
  it('hides contact details until Contact is pressed, then shows a tel link', async () => {
    const { card } = await openLead(SANDBOX_LEADS.maskedActive);
    expect(within(card).queryByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    const tel = within(card).getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ });
    expect(tel.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
  });

  it("shows 'Expired' instead of an expired masked number", async () => {
    const { card } = await openLead(SANDBOX_LEADS.maskedExpired);
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeNull();
  });

  it('says when the customer gave no phone number', async () => {
    const { card } = await openLead(SANDBOX_LEADS.noPhone);
    await userEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    expect(within(card).getByText('This customer did not provide a phone number.')).toBeTruthy();
  });

  it('shows four questions, then Read More / Read Less for the rest', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    const questions = () => within(card).getAllByRole('term').filter((term) => term.closest('.lk-card__qa'));
    expect(questions()).toHaveLength(4);
    await userEvent.click(within(card).getByRole('button', { name: 'Read More' }));
    expect(questions().length).toBeGreaterThan(4);
    await userEvent.click(within(card).getByRole('button', { name: 'Read Less' }));
    expect(questions()).toHaveLength(4);
  });

  it('links Message to the conversation thread for provider, user and lead', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    const links = within(card).getAllByRole('link', { name: /Message/ });
    for (const link of links) expect(link.getAttribute('href')).toMatch(new RegExp(`^/app/conversation/1001/thread/\\d+\\?leadId=${SANDBOX_LEADS.newest}$`));
  });
});

describe('expanded card: connect your numbers', () => {
  const optedIn = SANDBOX_LEADS.optedInNotConnected;

  it('offers Connect your numbers only with the call-tracking flag on, and opens the dialog', async () => {
    const view = renderWidget(<LeadBoard spId={1001} leadId={optedIn} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { pro_ads_leadcalltracking_v2_frontend_lead_board: true } },
    });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === optedIn)!;
    await userEvent.click(within(card).getByRole('button', { name: 'Connect your numbers' }));
    expect(await screen.findByRole('dialog', { name: 'Connect your numbers' })).toBeTruthy();
    view.unmount();
  });

  it('does not offer it without the flag', async () => {
    const { card } = await openLead(optedIn);
    expect(within(card).queryByRole('button', { name: 'Connect your numbers' })).toBeNull();
  });
});

describe('expanded card: feedback and insurance', () => {
  it('rates the open lead with 5 stars from its card: sent at once with reason Other, shown on the trigger', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(await within(card).findByRole('radio', { name: 'Great' }));
    await waitFor(() => expect(received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback')[0]?.body).toEqual({
      leadId: SANDBOX_LEADS.newest,
      rating: 5,
      reason: 'Other',
      notes: '',
    });
    expect(await within(card).findByRole('button', { name: 'Your rating: Great' })).toBeTruthy();
  });

  it('shows the insurance offer on a lead with an insurer link, and "Not at all" hides it on every lead', async () => {
    const view = renderWidget(<LeadBoard spId={1001} />, LEAD_BOARD_CATALOGUE);
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
    const withOffer = view.sandbox.store.leads.find((lead) =>
      lead.assignments.some((a) => a.spId === 1001 && a.thimbleUrl && !a.archived && a.displayed),
    );
    expect(withOffer).toBeDefined();
    cleanup();
    const { card, received } = await openLead(withOffer!.leadId);
    expect(within(card).getByText('starting at $30/month', { exact: false })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss insurance offer' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Not at all' }));
    await waitFor(() => expect(received('POST', '/gateway/lead/v1/serviceprovider/1001/add-display-preferences')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/v1/serviceprovider/1001/add-display-preferences')[0]?.body).toEqual({
      displayPreferences: ['HideThimbleForAllLeads'],
    });
  });
});

describe('expanded card: job notes modal', () => {
  async function openJobNotes(card: HTMLElement) {
    await userEvent.click(within(card).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Edit job notes' }));
    return screen.findByRole('dialog', { name: 'Job notes' });
  }

  it('opens with the lead notes; Save and Close sends the update, shows it on the card and closes', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const dialog = await openJobNotes(card);
    const editor = within(dialog).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    expect(editor.value.length).toBeGreaterThan(0); // the lead's saved notes
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Bring the ladder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job notes' })).toBeNull());
    expect(within(card).getByText('Bring the ladder')).toBeTruthy();
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.withNotesAndFeedback}/note`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      note: 'Bring the ladder',
    });
  });

  it('Discard just closes: nothing is sent', async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    const dialog = await openJobNotes(card);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your Notes' }), ' draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job notes' })).toBeNull());
    expect(received('POST', `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.withNotesAndFeedback}/note`)).toHaveLength(0);
  });

  it('keeps the modal open with the text and the message when saving fails', async () => {
    const { card, sandbox } = await openLead(SANDBOX_LEADS.withNotesAndFeedback);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/note' });
    const dialog = await openJobNotes(card);
    const editor = within(dialog).getByRole('textbox', { name: 'Your Notes' }) as HTMLTextAreaElement;
    await userEvent.type(editor, ' keep');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(editor.value.endsWith(' keep')).toBe(true);
  });
});

describe('expanded card: review requests', () => {
  it("'Request a Review' opens the review-request modal for this lead", async () => {
    const { card, received } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.click(within(card).getByRole('button', { name: 'Request a Review' }));
    expect(await screen.findByRole('dialog', { name: 'Request a Review' })).toBeTruthy();
    await waitFor(() => expect(received('POST', '/gateway/lead/office/v1/review-request')).toHaveLength(1));
    expect(received('POST', '/gateway/lead/office/v1/review-request')[0]?.body).toEqual({ serviceProviderId: 1001, leadId: SANDBOX_LEADS.newest });
  });

  it('with the new-review-request experiment, choosing Closed won asks first; No thanks closes', async () => {
    const view = renderWidget(<LeadBoard spId={1001} leadId={SANDBOX_LEADS.newest} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { new_review_request: true } },
    });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === SANDBOX_LEADS.newest)!;
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    const prompt = await screen.findByRole('dialog', { name: 'Request a Review' });
    expect(within(prompt).getByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeTruthy();
    await userEvent.click(within(prompt).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull());
    view.unmount();
  });

  it('does not ask when the status change failed (it was rolled back)', async () => {
    const view = renderWidget(<LeadBoard spId={1001} leadId={SANDBOX_LEADS.newest} />, LEAD_BOARD_CATALOGUE, {
      inputs: { flags: { new_review_request: true } },
    });
    view.sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/status' });
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/);
    const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === SANDBOX_LEADS.newest)!;
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not change the status of this lead.');
    expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull();
    view.unmount();
  });

  it('without the experiment, Closed won asks nothing', async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Before you close this lead, would you like to Request a Review from this customer?')).toBeNull();
  });
});
