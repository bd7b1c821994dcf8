import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { containing, localized, startingWith, text, textPattern } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import type { Flags } from '../../src/index';
import { STATUS_SEND_DELAY_MS } from '../../src/widgets/lead-board/changes/card-atoms';
import { INSURANCE_HIDDEN_STORAGE_KEY } from '../../src/widgets/lead-board/extras/insurance-offer';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { shadowOf, within } from '../support/queries';
import { SANDBOX_NOW, sandboxOf, type SandboxParameters } from '../support/sandbox';
import { elementFrame } from '../support/element-frame';
import { expectFocused } from '../support/shadow-input';
import { boardLoaders, settled } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * The lead board's expanded card: status, Your
 * Notes, the Contact reveal, Project Details, the actions menu, the feedback popover, the
 * liability-insurance banner and the connect-your-numbers dialog. Each story opens the board
 * with `leadId` (the featured lead: first and open) on the seeded lead whose trait it shows,
 * against the story's sandbox; play functions assert what a user sees and, where the request
 * is the point, what the sandbox received. Axe runs on the state each story ends in.
 */
const STATUS_ROUTE = 'POST /gateway/lead/office/v2/leads/:id/status';
const NOTE_ROUTE = 'POST /gateway/lead/office/v2/leads/:id/note';
const FEEDBACK_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/feedback';
const NUMBERS_PATH = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';
const NUMBERS_ROUTE = `POST ${NUMBERS_PATH}`;
const FEEDBACK_PATH = '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback';
const PREFERENCES_PATH = '/gateway/lead/v1/serviceprovider/1001/add-display-preferences';
const CALL_TRACKING: Flags = { pro_ads_leadcalltracking_v2_frontend_lead_board: true };
/** The seeded insurer link (packages/sandbox/src/seed/leads.ts), on the newest lead among others. */
const THIMBLE_URL = 'https://insurance.example.com/liability?ref=leadkit-sandbox';

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });
const DAY_MS = 24 * 3600_000;

/**
 * `parameters.widgetNow`: the widget's clock (the runtime's `now`), as an ISO time. Without it
 * the widget's clock is the sandbox's (`parameters.sandbox.now`, default SANDBOX_NOW), so
 * time-based states (masked-number validity) are the same in every run, whatever the date.
 */
interface ClockParameters {
  widgetNow?: string;
  sandbox?: SandboxParameters;
}

function widgetClock(parameters: ClockParameters): () => Date {
  const now = new Date(parameters.widgetNow ?? parameters.sandbox?.now ?? SANDBOX_NOW);
  return () => now;
}

/** The board element with these host flags (its `flags` property) and the story's clock (`now`). */
const withFlags = (flags: Flags) => elementFrame('lead-board', { properties: (_sandbox, context) => ({ flags, now: widgetClock(context.parameters) }) });

/** The notes' count line in the story's locale ('42 / 2048'). */
const noteCount = (count: number) => text('notes.count', { count, max: 2048 });

const meta = {
  title: 'Elements/<lead-board>/Expanded card',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001, leadId: SANDBOX_LEADS.newest },
  argTypes: {
    spId: { control: 'number' },
    leadId: { control: 'select', options: Object.values(SANDBOX_LEADS) },
  },
  render: withFlags({}),
  loaders: boardLoaders,
  parameters: {
    a11y: { test: 'error' },
  },
  // 'Not for this job' is remembered in localStorage, which every story of the run shares.
  beforeEach: () => {
    localStorage.removeItem(INSURANCE_HIDDEN_STORAGE_KEY);
    return () => localStorage.removeItem(INSURANCE_HIDDEN_STORAGE_KEY);
  },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

// ---- helpers ---------------------------------------------------------------------------------

/**
 * The featured lead's card once its body (a lazily loaded chunk) is on screen: `card` queries
 * bound to it, `header` to its header row.
 */
async function openCard(context: StoryContext<LeadBoardProps>) {
  const { root, canvas } = await shadowOf(context.canvasElement);
  await canvas.findByText(textPattern('board.showing'));
  const leadId = context.args.leadId;
  const element = root.querySelector<HTMLElement>(`li[data-lead-id="${leadId}"]`);
  if (!element) throw new Error(`lead ${leadId} is not on the board`);
  await expect(root.querySelector('li[data-lead-id]')).toBe(element);
  await expect(element).toHaveAttribute('data-expanded', 'true');
  const card = within(element);
  await card.findByRole('combobox', { name: 'Lead status' });
  // The card's extras (its dialogs, the feedback panel, the insurance offer) follow its first
  // frame: here once its job notes <dialog> is.
  await waitFor(() => expect(element.querySelector('dialog')).not.toBeNull());
  const header = within(element.querySelector('.lk-card__header') as HTMLElement);
  return { root, canvas, element, card, header };
}

/** What the sandbox received on this path (POST), oldest first. */
function posts(context: StoryContext<LeadBoardProps>, path: string) {
  return sandboxOf(context).gateway.store.requests.filter((request) => request.method === 'POST' && request.path === path);
}

/**
 * Puts text into a field inside the shadow root as typing would, as far as React can tell
 * (user-event's typing goes unnoticed by React's value tracking in a shadow root; see
 * stories/lead-board.stories.tsx): the native value setter, then a composed input event.
 * `mode: 'append'` types character by character; 'paste' sets the whole text at once.
 */
async function enterText(field: HTMLElement, text: string, mode: 'append' | 'paste' | 'replace' = 'append') {
  const element = field as HTMLInputElement | HTMLTextAreaElement;
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setValue) throw new Error('no native value setter');
  element.focus();
  const fire = (value: string, data: string, inputType: string) => {
    setValue.call(element, value);
    element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data, inputType }));
  };
  if (mode === 'append') {
    let value = element.value;
    for (const char of text) {
      value += char;
      fire(value, char, 'insertText');
    }
  } else {
    fire(mode === 'paste' ? element.value + text : text, text, 'insertFromPaste');
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The focused element inside the shadow root. */
const focused = (root: ShadowRoot) => root.activeElement;

// ---- status ------------------------------------------------------------------------------------

/**
 * A new lead ('New' shows no label in the header); 'Scheduled' chosen from 'Lead status': the
 * header label follows at once, the lead is read; the sandbox gets the status a moment later.
 */
export const StatusChange: Story = {
  play: async (context) => {
    const { root, element, card, header } = await openCard(context);
    const select = card.getByRole('combobox', { name: 'Lead status' }) as HTMLSelectElement;
    await expect(select).toHaveValue('Initial');
    await expect([...select.options].map((option) => option.text)).toEqual(
      ['New', 'Not Contacted', 'Contacted', 'Scheduled', 'Closed won', 'Closed lost'].map(localized),
    );
    await expect(element.querySelector('.lk-card__header .lk-status')).toBeNull();

    await userEvent.selectOptions(select, 'InProgressWon');
    await expect(header.getByText('Scheduled')).toBeVisible();
    await expect(select).toHaveValue('InProgressWon');
    await expect(element).toHaveAttribute('data-read', 'true');
    await waitFor(() => expect(posts(context, `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`).map((request) => request.status)).toEqual([200]));
    await expect(posts(context, `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      status: 'InProgressWon',
    });
    await expect(card.queryByRole('alert')).toBeNull();
    await settled(root);
  },
};

/**
 * Three quick changes (as arrow keys on the closed select make): the header follows each, the
 * sandbox gets one request, with the last status.
 */
export const StatusQuickChanges: Story = {
  play: async (context) => {
    const { root, card, header } = await openCard(context);
    const select = card.getByRole('combobox', { name: 'Lead status' });
    const path = `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`;
    await userEvent.selectOptions(select, 'ContactAndQualify');
    await expect(header.getByText('Not Contacted')).toBeVisible();
    await userEvent.selectOptions(select, 'Selling');
    await expect(header.getByText('Contacted')).toBeVisible();
    await userEvent.selectOptions(select, 'InProgressWon');
    await expect(header.getByText('Scheduled')).toBeVisible();
    await waitFor(() => expect(posts(context, path).map((request) => request.status)).toEqual([200]));
    await new Promise((resolve) => setTimeout(resolve, STATUS_SEND_DELAY_MS + 200));
    await expect(posts(context, path).map((request) => request.body)).toEqual([{ serviceProviderId: 1001, status: 'InProgressWon' }]);
    await settled(root);
  },
};

/**
 * The status call fails (500): the message appears beside the select (an alert that describes
 * it), and the select and header go back to the saved status.
 */
export const StatusFailure: Story = {
  parameters: sandbox({ fault: { status: 500, route: STATUS_ROUTE } }),
  play: async (context) => {
    const { root, canvas, element, card } = await openCard(context);
    const select = card.getByRole('combobox', { name: 'Lead status' });
    await userEvent.selectOptions(select, 'ClosedWon');
    const alert = await card.findByRole('alert', {});
    await expect(alert).toHaveTextContent(localized('We could not change the status of this lead. Please try again.'));
    await expect(select).toHaveAccessibleDescription(localized('We could not change the status of this lead. Please try again.'));
    await expect(canvas.getAllByRole('alert')).toEqual([alert]);
    await waitFor(() => expect(select).toHaveValue('Initial'));
    await expect(element.querySelector('.lk-card__header .lk-status')).toBeNull();
    await expect(posts(context, `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/status`).map((request) => request.status)).toEqual([500]);
    await settled(root);
  },
};

// ---- notes ----------------------------------------------------------------------------------------

/** 'Edit' on saved notes: the editor opens focused on the saved text, the count follows typing. */
export const NotesEditing: Story = {
  args: { leadId: SANDBOX_LEADS.withNotesAndFeedback },
  play: async (context) => {
    const { root, card } = await openCard(context);
    const saved = 'Customer prefers mornings. Gate code 4411.';
    const notes = card.getByRole('region', { name: 'Your Notes' });
    await expect(within(notes).getByText(saved)).toBeVisible();
    await userEvent.click(within(notes).getByRole('button', { name: 'Edit' }));
    const editor = within(notes).getByRole('textbox', { name: 'Your Notes' });
    await expect(editor).toHaveValue(saved);
    await expect(focused(root)).toBe(editor);
    await expect(within(notes).getByText(noteCount(saved.length))).toBeVisible();
    await expect(editor).toHaveAccessibleDescription(noteCount(saved.length));

    await enterText(editor, ' Ring twice.');
    await expect(editor).toHaveValue(`${saved} Ring twice.`);
    await expect(within(notes).getByText(noteCount(saved.length + 12))).toBeVisible();
    await expect(within(notes).getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(within(notes).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(within(notes).queryByRole('alert')).toBeNull();
    await settled(root);
  },
};

/** 2048 characters are fine; a 2049th is refused: a message, the count marked, Save disabled. */
export const NotesTooLong: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    const notes = card.getByRole('region', { name: 'Your Notes' });
    await expect(within(notes).getByText('No notes yet.')).toBeVisible();
    await userEvent.click(within(notes).getByRole('button', { name: 'Edit' }));
    const editor = within(notes).getByRole('textbox', { name: 'Your Notes' });
    const save = within(notes).getByRole('button', { name: 'Save' });

    await enterText(editor, 'x'.repeat(2048), 'paste');
    await expect(within(notes).getByText(noteCount(2048))).toBeVisible();
    await expect(save).toBeEnabled();
    await expect(within(notes).queryByRole('alert')).toBeNull();

    await enterText(editor, 'y');
    await expect(within(notes).getByText(noteCount(2049))).toBeVisible();
    const alert = within(notes).getByRole('alert');
    await expect(alert).toHaveTextContent(localized('Notes can be at most 2048 characters. Please shorten your note.'));
    await expect(save).toBeDisabled();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(editor).toHaveAccessibleDescription(containing('Notes can be at most 2048 characters. Please shorten your note.'));
    // Nothing typed is thrown away, and nothing was sent.
    await expect((editor as HTMLTextAreaElement).value).toHaveLength(2049);
    await expect(posts(context, `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/note`)).toHaveLength(0);
    await settled(root);
  },
};

/**
 * The note call fails (500, after 300 ms): the spec's message, the typed text stays in the editor
 * and the focus on Save, where a second press tries again (it is never disabled while the call is
 * out: the browser took the focus off it to the page when the answer took over a frame).
 */
export const NotesSaveFailure: Story = {
  parameters: sandbox({
    fault: [
      { status: 500, route: NOTE_ROUTE },
      { latency: 300, route: NOTE_ROUTE },
    ],
  }),
  play: async (context) => {
    const { root, card } = await openCard(context);
    const notes = card.getByRole('region', { name: 'Your Notes' });
    await userEvent.click(within(notes).getByRole('button', { name: 'Edit' }));
    const editor = within(notes).getByRole('textbox', { name: 'Your Notes' });
    await enterText(editor, 'Call after 5pm, side door.');
    const save = within(notes).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    const alert = await within(notes).findByRole('alert');
    await expect(alert).toHaveTextContent(localized('There was an error updating your notes. Please try again later.'));
    await expect(editor).toHaveValue('Call after 5pm, side door.');
    await expect(save).toBeEnabled();
    await expect(save).not.toHaveAttribute('aria-disabled');
    await expectFocused(save);
    await expect(posts(context, `/gateway/lead/office/v2/leads/${SANDBOX_LEADS.newest}/note`).map((request) => request.status)).toEqual([500]);
    await expect(within(notes).queryByText('No notes yet.')).toBeNull();
    await settled(root);
  },
};

// ---- contact -------------------------------------------------------------------------------------

/**
 * Contact details stay hidden until 'Contact' is pressed: the list the button controls is
 * `hidden`, out of the accessibility tree and off screen (checkVisibility() reads the layout:
 * jest-dom's toBeVisible() trusts the attribute even where a component's `display` beats it).
 */
export const ContactHidden: Story = {
  play: async (context) => {
    const { root, element, card } = await openCard(context);
    const reveal = card.getByRole('button', { name: 'Contact' });
    await expect(reveal).toHaveAttribute('aria-expanded', 'false');
    const list = root.getElementById(reveal.getAttribute('aria-controls') ?? '');
    await expect(list).toBe(element.querySelector('.lk-contact__list'));
    await expect(list).toHaveAttribute('hidden');
    await expect(list?.checkVisibility()).toBe(false);
    await expect(card.queryByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toBeNull();
    await expect(card.queryByRole('link', { name: /@/ })).toBeNull();
    await settled(root);
  },
};

/** 'Contact' pressed: phone (tel link), e-mail (mailto link); the button now hides them. */
export const ContactShown: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Contact' }));
    const hide = card.getByRole('button', { name: 'Hide contact' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const phone = await card.findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', expect.stringMatching(/^tel:\+1\d{10}$/));
    await expect(card.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await settled(root);
  },
};

/**
 * The open card's own Message link, after location and contact: the
 * header's Message button's target (the conversation thread for provider, customer and lead;
 * the office inbox when the host's `office_inbox` flag is on and it gives the inbox's route:
 * MessageLinkToInbox) and its unread-messages dot.
 */
export const MessageLink: Story = {
  play: async (context) => {
    const { root, element, header } = await openCard(context);
    const body = within(element.querySelector('.lk-card__body') as HTMLElement);
    const link = body.getByRole('link', { name: startingWith('Message') });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('part', 'message-link');
    await expect(link).toHaveAttribute('href', header.getByRole('link', { name: startingWith('Message') }).getAttribute('href'));
    await expect(link).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/app/conversation/1001/thread/\\d+\\?leadId=${SANDBOX_LEADS.newest}$`)));
    await expect(within(link).getByRole('img', { name: 'Unread messages' })).toBeVisible();
    // After location and contact, before 'Lead status'.
    await expect(body.getByRole('button', { name: 'Contact' }).compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(link.compareDocumentPosition(body.getByRole('combobox', { name: 'Lead status' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await settled(root);
  },
};

/** With the host's `office_inbox` flag (and the example site's inbox route): both Message links go to the office inbox for the customer. */
export const MessageLinkToInbox: Story = {
  render: withFlags({ office_inbox: true }),
  play: async (context) => {
    const { root, element, header } = await openCard(context);
    const link = within(element.querySelector('.lk-card__body') as HTMLElement).getByRole('link', { name: startingWith('Message') });
    await expect(link).toHaveAttribute('href', expect.stringMatching(/^\/app\/office\/1001\/inbox\?userId=\d+$/));
    await expect(header.getByRole('link', { name: startingWith('Message') })).toHaveAttribute('href', link.getAttribute('href'));
    await settled(root);
  },
};

/** A masked temporary number still within its life (2 days old): a tel link. */
export const MaskedActive: Story = {
  args: { leadId: SANDBOX_LEADS.maskedActive },
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Contact' }));
    const phone = await card.findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', expect.stringMatching(/^tel:\+1\d{10}$/));
    await expect(card.queryByText('Expired')).toBeNull();
    await settled(root);
  },
};

/** A masked number past its 30 days: 'Expired', no link to dial. */
export const MaskedExpired: Story = {
  args: { leadId: SANDBOX_LEADS.maskedExpired },
  play: async (context) => {
    const { root, element, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Contact' }));
    await expect(await card.findByText('Expired')).toBeVisible();
    await expect(card.queryByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toBeNull();
    await expect(element.querySelector('.lk-contact a[href^="tel:"]')).toBeNull();
    await settled(root);
  },
};

/**
 * The page stayed open: the gateway called the 2-day-old masked number active, but the widget's
 * clock is 29 days later, past its 30-day life: 'Expired', nothing to dial.
 */
export const MaskedExpiredWhileOpen: Story = {
  args: { leadId: SANDBOX_LEADS.maskedActive },
  parameters: { widgetNow: new Date(new Date(SANDBOX_NOW).getTime() + 29 * DAY_MS).toISOString() },
  play: async (context) => {
    const { root, element, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Contact' }));
    await expect(await card.findByText('Expired')).toBeVisible();
    await expect(element.querySelector('.lk-contact a[href^="tel:"]')).toBeNull();
    await settled(root);
  },
};

/** The customer gave no phone number. */
export const NoPhone: Story = {
  args: { leadId: SANDBOX_LEADS.noPhone },
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Contact' }));
    await expect(await card.findByText('This customer did not provide a phone number.')).toBeVisible();
    await expect(card.queryByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toBeNull();
    await settled(root);
  },
};

// ---- project details, actions ---------------------------------------------------------------------

/** Six questions: four, then 'Read More' shows all six and turns into 'Read Less'. */
export const ReadMore: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    const details = card.getByRole('heading', { name: 'Project Details' }).closest('section') as HTMLElement;
    const questions = () => within(details).getAllByRole('term');
    await expect(questions()).toHaveLength(4);
    const more = within(details).getByRole('button', { name: 'Read More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await expect(questions()).toHaveLength(6);
    const less = within(details).getByRole('button', { name: 'Read Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect(focused(root)).toBe(less);
    await settled(root);
  },
};

/** The ellipsis menu open: 'Mark as unread' and 'Archive Lead' among its items, focus on the first item. */
export const ActionsMenuOpen: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    const button = card.getByRole('button', { name: 'More actions' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    // The menu's state and items are waited for (a busy machine's click may land before React has rendered them).
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    const menu = await card.findByRole('menu', { name: 'More actions' });
    const items = within(menu).getAllByRole('menuitem');
    const labels = items.map((item) => item.textContent);
    // The spec's two (in this order); the job-notes entry may come first.
    const wanted = ['Mark as unread', 'Archive Lead'].map(localized);
    await expect(labels.filter((label) => wanted.includes(label ?? ''))).toEqual(wanted);
    await waitFor(() => expect(focused(root)).toBe(items[0]));
    await settled(root);
  },
};

// ---- feedback -------------------------------------------------------------------------------------

/** 'Rate this lead' opens the stars: an accessible radio group, focus on the first star. */
export const FeedbackStars: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    const trigger = card.getByRole('button', { name: 'Rate this lead' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const stars = card.getByRole('radiogroup', { name: 'How would you rate this lead?' });
    const radios = within(stars).getAllByRole('radio');
    await expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Poor', 'Fair', 'Okay', 'Good', 'Great'].map(localized));
    await expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    await expect(focused(root)).toBe(radios[0]);
    await expect(card.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(posts(context, FEEDBACK_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** 5 stars ('Great') is sent at once with reason Other: thanks for the rating, shown on the trigger. */
export const FeedbackFiveStars: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(card.getByRole('radio', { name: 'Great' }));
    await expect(await card.findByText('Thanks for rating this lead!')).toBeVisible();
    await expect(card.getByRole('button', { name: text('feedback.triggerRated', { label: text('feedback.star.5') }) })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(posts(context, FEEDBACK_PATH).map((request) => request.body)).toEqual([
      { leadId: SANDBOX_LEADS.newest, rating: 5, reason: 'Other', notes: '' },
    ]);
    await settled(root);
  },
};

/** 5 stars reached with the arrow keys (End) is selected but waits for Submit: arrowing across the scale sends nothing. */
export const FeedbackFiveStarsByKeyboard: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Rate this lead' }));
    await userEvent.keyboard('{End}');
    await expect(card.getByRole('radio', { name: 'Great' })).toBeChecked();
    await expect(card.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(posts(context, FEEDBACK_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** 3 stars ('Okay') asks why: six reasons and Submit; 'Other' asks for text ('Something else...'). */
export const FeedbackReasonStep: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(card.getByRole('radio', { name: 'Okay' }));
    const reasons = card.getByRole('group', { name: 'What was wrong with this lead?' });
    await expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Low-value job', 'Out of service area', "I don't do this work", 'Customer unresponsive', 'Potential spam', 'Other'].map(localized));
    await expect(card.getByRole('radio', { name: 'Okay' })).toBeChecked();
    await userEvent.click(within(reasons).getByRole('radio', { name: 'Other' }));
    await expect(card.getByRole('textbox', { name: 'Tell us more' })).toHaveAttribute('placeholder', localized('Something else...'));
    await expect(card.getByRole('button', { name: 'Submit' })).toBeVisible();
    // Nothing is sent before Submit.
    await expect(posts(context, FEEDBACK_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** 'Out of service area' submitted: its thank-you with the link to edit the service area. */
export const FeedbackThankYouServiceArea: Story = {
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(card.getByRole('radio', { name: 'Okay' }));
    await userEvent.click(card.getByRole('radio', { name: 'Out of service area' }));
    await userEvent.click(card.getByRole('button', { name: 'Submit' }));
    const thanks = await card.findByText('Thanks for your feedback! Make sure your service area is up to date.');
    await expect(thanks).toBeVisible();
    await expect(card.getByRole('link', { name: 'Edit your service area' })).toHaveAttribute('href', '/app/office/1001/service-area');
    await expect(focused(root)).toBe(thanks.parentElement);
    await expect(card.getByRole('button', { name: text('feedback.triggerRated', { label: text('feedback.star.3') }) })).toBeVisible();
    await expect(posts(context, FEEDBACK_PATH).map((request) => request.body)).toEqual([
      { leadId: SANDBOX_LEADS.newest, rating: 3, reason: 'OutOfServiceArea', notes: '' },
    ]);
    await settled(root);
  },
};

/** The feedback call fails (500): the spec's message; the stars go back, nothing is stored. */
export const FeedbackFailure: Story = {
  parameters: sandbox({ fault: { status: 500, route: FEEDBACK_ROUTE } }),
  play: async (context) => {
    const { root, card } = await openCard(context);
    await userEvent.click(card.getByRole('button', { name: 'Rate this lead' }));
    await userEvent.click(card.getByRole('radio', { name: 'Great' }));
    const alert = await card.findByRole('alert');
    await expect(alert).toHaveTextContent(localized("We're sorry, there was an error submitting your feedback. Please refresh the page and try again."));
    await waitFor(() => expect(card.getByRole('radio', { name: 'Great' })).not.toBeChecked());
    await expect(card.getByRole('button', { name: 'Rate this lead' })).toBeVisible();
    await expect(card.queryByText('Thanks for rating this lead!')).toBeNull();
    await expect(posts(context, FEEDBACK_PATH).map((request) => request.status)).toEqual([500]);
    await settled(root);
  },
};

// ---- insurance banner ------------------------------------------------------------------------------

const banner = (element: HTMLElement) => element.querySelector<HTMLElement>('[part~="insurance-banner"]');

/** The offer on a lead with an insurer link: 'starting at $30/month', a quote link, dismiss. */
export const InsuranceOffer: Story = {
  play: async (context) => {
    const { root, element } = await openCard(context);
    const offer = banner(element) as HTMLElement;
    await expect(offer).toBeVisible();
    await expect(offer).toHaveTextContent(text('insurance.headline'));
    await expect(offer).toHaveTextContent(text('insurance.price'));
    const quote = within(offer).getByRole('link', { name: `${text('insurance.purchase')} ${text('insurance.newTab')}` });
    await expect(quote).toHaveAttribute('href', THIMBLE_URL);
    await expect(quote).toHaveAttribute('target', '_blank');
    await expect(quote).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(within(offer).getByRole('button', { name: 'Dismiss insurance offer' })).toBeVisible();
    await settled(root);
  },
};

/** Dismiss asks 'Not interested?': 'Not for this job' or 'Not at all'; focus on the question. */
export const InsuranceDismissQuestion: Story = {
  play: async (context) => {
    const { root, element } = await openCard(context);
    const offer = banner(element) as HTMLElement;
    await userEvent.click(within(offer).getByRole('button', { name: 'Dismiss insurance offer' }));
    const question = within(offer).getByRole('group', { name: 'Not interested?' });
    await expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Not for this job', 'Not at all'].map(localized));
    await expect(focused(root)).toBe(question);
    await expect(within(offer).queryByRole('link', { name: `${text('insurance.purchase')} ${text('insurance.newTab')}` })).toBeNull();
    await expect(posts(context, PREFERENCES_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** 'Not for this job': the thank-you; this lead is remembered locally (its id only), nothing sent. */
export const InsuranceThanks: Story = {
  play: async (context) => {
    const { root, element } = await openCard(context);
    const offer = banner(element) as HTMLElement;
    await userEvent.click(within(offer).getByRole('button', { name: 'Dismiss insurance offer' }));
    await userEvent.click(within(offer).getByRole('button', { name: 'Not for this job' }));
    const thanks = within(offer).getByRole('status');
    await expect(thanks).toHaveTextContent(localized("Thanks! We won't show this offer on this lead again."));
    await expect(focused(root)).toBe(thanks);
    await expect(JSON.parse(localStorage.getItem(INSURANCE_HIDDEN_STORAGE_KEY) ?? '[]')).toEqual([String(SANDBOX_LEADS.newest)]);
    await expect(posts(context, PREFERENCES_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** 'Not at all': HideThimbleForAllLeads sent; the thank-you, gone after 2 s. */
export const InsuranceNotAtAll: Story = {
  play: async (context) => {
    const { root, element } = await openCard(context);
    const offer = banner(element) as HTMLElement;
    await userEvent.click(within(offer).getByRole('button', { name: 'Dismiss insurance offer' }));
    await userEvent.click(within(offer).getByRole('button', { name: 'Not at all' }));
    await expect(within(offer).getByRole('status')).toHaveTextContent(localized("Thanks! We won't show insurance offers on your leads again."));
    await waitFor(() => expect(posts(context, PREFERENCES_PATH).map((request) => request.body)).toEqual([{ displayPreferences: ['HideThimbleForAllLeads'] }]));
    await waitFor(() => expect(banner(element)).toBeNull());
    await expect(localStorage.getItem(INSURANCE_HIDDEN_STORAGE_KEY)).toBeNull();
    await settled(root);
  },
};

// ---- connect your numbers --------------------------------------------------------------------------

const connectStory = { args: { leadId: SANDBOX_LEADS.optedInNotConnected }, render: withFlags(CALL_TRACKING) } as const;

/** The connect dialog open from the card, with its Name and Phone number fields. */
async function openConnectDialog(context: StoryContext<LeadBoardProps>) {
  const opened = await openCard(context);
  const trigger = opened.card.getByRole('button', { name: 'Connect your numbers' });
  await userEvent.click(trigger);
  // The dialog's code is a part of the card's extras, fetched once the card has painted: wait for it.
  const dialog = (await opened.card.findByRole('dialog', { name: 'Connect your numbers' })) as HTMLDialogElement;
  const inDialog = within(dialog);
  const name = inDialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
  const phone = inDialog.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
  const save = inDialog.getByRole('button', { name: 'Save' });
  return { ...opened, trigger, dialog, inDialog, name, phone, save };
}

/** Without the call-tracking flag the opted-in lead offers nothing to connect. */
export const ConnectNumbersFlagOff: Story = {
  args: { leadId: SANDBOX_LEADS.optedInNotConnected },
  play: async (context) => {
    const { root, card } = await openCard(context);
    await expect(card.queryByRole('button', { name: 'Connect your numbers' })).toBeNull();
    await settled(root);
  },
};

/** Flag on, lead opted in but not connected: the modal, focus on Name. */
export const ConnectNumbersDialog: Story = {
  ...connectStory,
  play: async (context) => {
    const { root, dialog, inDialog, name, phone, save } = await openConnectDialog(context);
    await expect(dialog.open).toBe(true);
    await expect(dialog.matches(':modal')).toBe(true);
    await expect(focused(root)).toBe(name);
    await expect(name).toHaveValue('');
    await expect(phone).toHaveValue('');
    await expect(save).toBeVisible();
    await expect(inDialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await settled(root);
  },
};

/**
 * Save with nothing: both messages, focus on Name. Then a name and 6 digits (typed with
 * letters and too many separators): formatted as typed, 'Phone number must contain 10 digits'.
 */
export const ConnectNumbersValidation: Story = {
  ...connectStory,
  play: async (context) => {
    const { root, inDialog, name, phone, save } = await openConnectDialog(context);
    await userEvent.click(save);
    await expect(name).toHaveAccessibleDescription(localized('Name must not be empty'));
    await expect(phone).toHaveAccessibleDescription(localized('Number must not be empty'));
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(focused(root)).toBe(name);

    await enterText(name, 'Front desk');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await enterText(phone, '3a03-55.5');
    await expect(phone).toHaveValue('(303) 555');
    await userEvent.click(save);
    await expect(phone).toHaveAccessibleDescription(localized('Phone number must contain 10 digits'));
    await expect(inDialog.getByText('Phone number must contain 10 digits')).toBeVisible();
    await expect(focused(root)).toBe(phone);
    await expect(posts(context, NUMBERS_PATH)).toHaveLength(0);
    await settled(root);
  },
};

/** Saved: 'Phone number added!' in the same dialog, with 'Got it' and 'Add another number'. */
export const ConnectNumbersSuccess: Story = {
  ...connectStory,
  play: async (context) => {
    const { root, card, dialog, name, phone, save } = await openConnectDialog(context);
    await enterText(name, 'Front desk');
    await enterText(phone, '7205550199');
    await expect(phone).toHaveValue('(720) 555-0199');
    await userEvent.click(save);
    const heading = await within(dialog).findByRole('heading', { name: 'Phone number added!' });
    await expect(card.getByRole('dialog', { name: 'Phone number added!' })).toBe(dialog);
    await expect(focused(root)).toBe(heading);
    await expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: 'Add another number' })).toHaveAttribute('href', '/app/ads/1001/connected-numbers');
    await expect(posts(context, NUMBERS_PATH).map((request) => [request.body, request.status])).toEqual([
      [{ spId: 1001, brand: 'ADS', name: 'Front desk', phoneNumber: '7205550199' }, 200],
    ]);
    await settled(root);
  },
};

/** A number already connected (the seeded 303-555-0100): the 409 message under the number field. */
export const ConnectNumbers409: Story = {
  ...connectStory,
  play: async (context) => {
    const { root, inDialog, name, phone, save } = await openConnectDialog(context);
    await enterText(name, 'Office line again');
    await enterText(phone, '3035550100');
    await userEvent.click(save);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(localized('This number has already been connected.')));
    await expect(inDialog.getByText('This number has already been connected.')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(focused(root)).toBe(phone);
    await expect(name).toHaveValue('Office line again');
    await expect(phone).toHaveValue('(303) 555-0100');
    await expect(inDialog.queryByRole('alert')).toBeNull();
    await expect(posts(context, NUMBERS_PATH).map((request) => request.status)).toEqual([409]);
    await settled(root);
  },
};

/** Any other failure (500): 'Error: Please try again in a couple minutes.'; the values stay. */
export const ConnectNumbersFailure: Story = {
  ...connectStory,
  parameters: sandbox({ fault: { status: 500, route: NUMBERS_ROUTE } }),
  play: async (context) => {
    const { root, inDialog, name, phone, save } = await openConnectDialog(context);
    await enterText(name, 'Front desk');
    await enterText(phone, '7205550199');
    await userEvent.click(save);
    const alert = await inDialog.findByRole('alert');
    await expect(alert).toHaveTextContent(localized('Error: Please try again in a couple minutes.'));
    await expect(name).toHaveValue('Front desk');
    await expect(phone).toHaveValue('(720) 555-0199');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await expect(inDialog.getByRole('heading', { name: 'Connect your numbers' })).toBeVisible();
    await expect(posts(context, NUMBERS_PATH).map((request) => request.status)).toEqual([500]);
    await settled(root);
  },
};
