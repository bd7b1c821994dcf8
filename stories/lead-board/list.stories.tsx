import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { pseudoLocalize } from '../support/story-locale';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { LEAD_SOURCES } from '../../src/domain/lead-source';
import { ANSWERED_LEADS_STORAGE_KEY } from '../../src/domain/answered-leads';
import { shadowOf, within } from '../support/queries';
import { formats, localized, text, textPattern } from '../support/story-text';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { elementFrame } from '../support/element-frame';
import { typeText } from '../support/shadow-input';
import { DESKTOP, NO_FAULT } from '../support/pinned';
import { board, boardLoaders, boardOnSandboxClock, phoneBoard, SEED_1001, settled } from './board';
import { orFaultState } from '../support/faults';

/**
 * The real <lead-board> element (through `leadkit/react`'s `<LeadBoard>`), against the
 * story's sandbox gateway (provider 1001: 56 active leads, 6 archived, 14 with unread messages).
 *
 * Every board state has a story; the play functions assert what a user sees (texts, roles,
 * focus), plus what the sandbox received where the request is the point (filters, paging).
 */
const LEADS_ROUTE = 'POST /gateway/lead/office/v6/leads/serviceProvider/:id';
const ARCHIVE_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive';
const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const HEADING = 'Leads for Acme Plumbing & Heating';
const ACTIVE_LEADS = SEED_1001.activeLeads;
const ARCHIVED_LEADS = SEED_1001.archivedLeads;
const UNREAD_MESSAGE_LEADS = SEED_1001.unreadMessageLeads;

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

const meta = {
  title: 'Elements/<lead-board>/List',
  component: LeadBoard,
  args: { spId: 1001 },
  argTypes: {
    spId: { control: 'number' },
    leadId: { control: 'select', options: [undefined, ...Object.values(SANDBOX_LEADS)] },
    newMessages: { control: 'boolean' },
    pageSize: { control: 'number' },
  },
  render: board,
  loaders: boardLoaders,
  parameters: {
    a11y: { test: 'error' },
  },
  // Each story starts with no lead answered in this browser (a story's 'Contact' ends the newest lead's 'Respond first').
  beforeEach: () => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY),
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

// ---- helpers ---------------------------------------------------------------------------------

/** The count line in the story's locale ('Showing X - Y of Z results', 'Mostrando X - Y de Z resultados'). */
const showing = () => textPattern('board.showing');

/**
 * The board once a page of leads is on screen ('Showing X - Y of Z results') and its filter
 * controls, which load after it. On a narrow board (a phone) the filter panel folds behind 'Show
 * All Filters': a story about a filter opens it (`unfold`), so it finds its controls at any width.
 */
async function shownBoard(canvasElement: HTMLElement, { unfold = false } = {}) {
  const frame = await shadowOf(canvasElement);
  const count = await frame.canvas.findByText(showing());
  await waitFor(() => expect(frame.root.querySelector('.lk-filters__panel--loading')).toBeNull());
  const folded = unfold ? frame.canvas.queryByRole('button', { name: 'Show All Filters' }) : null;
  if (folded) await userEvent.click(folded);
  return { ...frame, count };
}

/** 'Lead status Any': a filter button's name, its label and its value (two texts of the catalogue). */
const filterButton = (label: Parameters<typeof text>[0], value: string) => `${text(label)} ${value}`;
/** A filter tag's remove button: 'Remove filter Archived leads' (the label a text of the catalogue, or a name). */
const removeTag = (label: string) => text('filters.removeTag', { label });

const cards = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('li[data-lead-id]')];
const leadIds = (root: ShadowRoot) => cards(root).map((card) => Number(card.dataset.leadId));
const cardToggle = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('button[aria-expanded]') as HTMLButtonElement;
/** A card's Message button, in its header (an open card has a Message link of its own too). */
const messageButton = (card: HTMLElement) => card.querySelector<HTMLElement>('[part~="message-button"]') as HTMLElement;

/** The bodies of the leads calls the sandbox received, oldest first. */
function leadRequests(context: StoryContext) {
  return sandboxOf(context)
    .gateway.store.requests.filter((request) => request.method === 'POST' && request.path === LEADS_PATH)
    .map(
      (request) =>
        request.body as { offset: number; limit: number; sort: string; businessName?: string; featuredLeadId?: number; filters: Record<string, unknown> },
    );
}

// ---- stories -----------------------------------------------------------------------------------

/** The board as it opens: header, call-log link, count, sort, ten cards, the first one open. */
export const Default: Story = {
  tags: ['data'],
  play: orFaultState(async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View Call Log' })).toHaveAttribute('href', '/app/office/1001/call-log');
    await expect(count).toHaveTextContent(localized(`Showing 1 - 10 of ${ACTIVE_LEADS} results`));
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveValue('NewestOldest');
    await expect(cards(root)).toHaveLength(10);
    // Only the first card is open, and it shows its body.
    const expanded = cards(root).filter((card) => cardToggle(card).getAttribute('aria-expanded') === 'true');
    await expect(expanded).toEqual([cards(root)[0]]);
    await expect(within(cards(root)[0] as HTMLElement).getByRole('button', { name: 'More actions' })).toBeVisible();
    // The newest lead (today, unread messages) leads the list with the Message button's dot.
    await expect(leadIds(root)[0]).toBe(SANDBOX_LEADS.newest);
    await expect(within(messageButton(cards(root)[0] as HTMLElement)).getByRole('img', { name: 'Unread messages' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toHaveAttribute('aria-checked', 'false');
    await expect(leadRequests(context)).toEqual([
      { offset: 0, sort: 'NewestOldest', limit: 10, filters: { archived: false, displayLead: true, sources: [...LEAD_SOURCES] } },
    ]);
  }),
};

/**
 * Answer first (docs/widgets/lead-board.md#answer-first): the newest lead is New, unread and
 * came today, so it waits for the pro's first answer — its age in words beside its date and
 * time (the full date in the tooltip) and 'Respond first'; a lead with a status shows its date.
 * The story rests with the cue shown; 'Respond First Answered' shows it going.
 */
export const RespondFirst: Story = {
  globals: NO_FAULT,
  render: boardOnSandboxClock,
  play: async (context) => {
    const { root } = await shownBoard(context.canvasElement);
    const [newest, second] = cards(root) as HTMLElement[];
    await expect(within(newest!).getByText('Respond first')).toBeVisible();
    // Its created date and time stay (spec §2), the age beside them.
    const time = newest!.querySelector('time') as HTMLTimeElement;
    await expect(time.textContent).toBe(formats().leadCreated(time.dateTime));
    await expect(time.getAttribute('title')).toBe(formats().fullDate(time.dateTime));
    const age = ['board.age.now', 'board.age.minutes', 'board.age.hours'] as const;
    await expect(within(newest!).getByText(new RegExp(age.map((key) => textPattern(key).source).join('|')))).toBeVisible();
    await expect(within(second!).queryByText('Respond first')).toBeNull();
  },
};

/**
 * Answered: showing the newest lead's contact (to call) answers it on this device — its 'Respond
 * first' goes. The device's answered leads are cleared when the story ends.
 */
export const RespondFirstAnswered: Story = {
  globals: NO_FAULT,
  render: boardOnSandboxClock,
  beforeEach: () => () => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY),
  play: async (context) => {
    const { root } = await shownBoard(context.canvasElement);
    const [newest] = cards(root) as HTMLElement[];
    await expect(within(newest!).getByText('Respond first')).toBeVisible();
    await userEvent.click(await within(newest!).findByRole('button', { name: 'Contact' }));
    await waitFor(() => expect(within(newest!).queryByText('Respond first')).toBeNull());
  },
};

/**
 * The same on a phone in Spanish (issue 51 item 1): the age shows short beside the date ('ahora',
 * '12 min'), whole, on the card's second line; screen readers get the full one ('hace 12 min').
 */
export const RespondFirstPhoneSpanish: Story = {
  globals: NO_FAULT,
  render: elementFrame('lead-board', { width: 390, clock: true }),
  parameters: { locale: 'es-US' },
  play: async (context) => {
    const { root } = await shadowOf(context.canvasElement);
    await waitFor(() => expect(cards(root).length).toBeGreaterThan(1));
    const newest = cards(root)[0] as HTMLElement;
    await expect(within(newest).getByText('Responda primero')).toBeVisible();
    const short = newest.querySelector('.lk-card__age-short') as HTMLElement;
    await expect(short.textContent).toMatch(/^(ahora|\d+ min|\d+ h)$/);
    await expect(short).toBeVisible();
    await expect(short).toHaveAttribute('aria-hidden', 'true');
    // Whole (not cut by an ellipsis), on the seen line.
    await expect(short.parentElement!.scrollWidth).toBeLessThanOrEqual(Math.ceil(short.parentElement!.getBoundingClientRect().width));
    await expect(newest.querySelector('.lk-card__age-full')?.textContent).toMatch(/^(Justo ahora|hace \d+ (min|h))$/);
    await settled(root);
  },
};

/**
 * The leads call never answers: the header (provider info, asked for in parallel) is there,
 * the list is a skeleton of the final size (ten collapsed cards), busy.
 */
export const Loading: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { latency: 3_600_000, route: LEADS_ROUTE } }),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    const skeleton = root.querySelector('[data-skeleton]') as HTMLElement;
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.querySelectorAll('li')).toHaveLength(10);
    // Still loading a moment later (the header arrived, the list did not).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(root.querySelector('[data-skeleton]')).toBe(skeleton);
    await expect(canvas.queryByText(showing())).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(cards(root)).toHaveLength(0);
  },
};

/**
 * One 500 on the leads call: the error panel with 'Try again', resting there (the heading and the
 * filters stay). 'Error Then Retry' shows what 'Try again' does.
 */
export const LoadError: Story = {
  globals: NO_FAULT,
  name: 'Error',
  parameters: sandbox({ fault: { status: 500, route: LEADS_ROUTE, times: 1 } }),
  play: async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(localized('Sorry, something went wrong. Please try again later.'));
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(canvas.queryByText(showing())).toBeNull();
    await expect(leadRequests(context)).toHaveLength(1);
  },
};

/** The same 500, then 'Try again': the list loads. */
export const ErrorThenRetry: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500, route: LEADS_ROUTE, times: 1 } }),
  play: async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    const alert = await canvas.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText(`Showing 1 - 10 of ${ACTIVE_LEADS} results`)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(leadRequests(context)).toHaveLength(2);
  },
};

/**
 * Every call answers 500 (the toolbar's 'Fault: 500' on this story): the provider's name is not
 * known either, and the board still says whose leads these are ('Your leads'), with the error
 * panel under the filters — never a lone 'View Call Log'.
 */
export const ServerDown: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500 } }),
  play: async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(localized('Sorry, something went wrong. Please try again later.'));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your leads' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View Call Log' })).toBeVisible();
  },
};

/**
 * A 511 challenge on every call, and a host that gives no `onChallenge` (nothing passes it): the
 * panel says what the challenge needs — the security check, then 'Try again' (the replay) — with
 * the gateway's link to the check. Resting there: nothing passes it.
 */
export const Challenge: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { challenge: true } }),
  play: async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(text('board.challenge.title'));
    await expect(alert).toHaveTextContent(text('board.challenge.detail'));
    await expect(alert).not.toHaveTextContent(text('board.loadError'));
    await expect(within(alert).getByRole('link', { name: 'Open the security check' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^http:\/\/sandbox\.test\/sandbox\/challenge\//),
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your leads' })).toBeVisible();
  },
};

/**
 * A provider with no leads at all (none active, none archived: a new pro): the board's own empty
 * state, not the filters' one — no count, no pager, no 'Clear All Filters'.
 */
export const NoLeadsAtAll: Story = {
  tags: ['data'],
  beforeEach: (context) => {
    for (const lead of sandboxOf(context).gateway.store.leads) lead.assignments = lead.assignments.filter((assignment) => assignment.spId !== 1001);
  },
  play: orFaultState(async (context) => {
    const { root, canvas } = await shadowOf(context.canvasElement);
    const empty = await canvas.findByText('No leads yet. New leads will show up here.');
    await expect(empty).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(canvas.queryByText(showing())).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await expect(cards(root)).toHaveLength(0);
  }),
};

/**
 * Sorted oldest first, then a customer-name search no lead matches: the empty state, and its
 * 'Clear All Filters' resets everything to the defaults — filters and sort — in one request.
 */
export const EmptyWithFilters: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort by' }), 'OldestNewest');
    await waitFor(() => expect(leadRequests(context).at(-1)?.sort).toBe('OldestNewest'));
    await typeText(canvas.getByRole('combobox', { name: 'Customer name' }), 'Nobody Atall');
    await userEvent.keyboard('{Enter}');
    const empty = await canvas.findByText('No Leads match the filters applied');
    await expect(empty).toBeVisible();
    await expect(canvas.getByText('Adjust your filters above')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove filter Nobody Atall' })).toBeVisible();
    await expect(canvas.queryByText(showing())).toBeNull();
    await expect(cards(root)).toHaveLength(0);
    await expect(leadRequests(context).at(-1)?.filters).toMatchObject({ name: 'Nobody Atall' });

    const emptyState = root.querySelector('[part~="empty-state"]') as HTMLElement;
    const before = leadRequests(context).length;
    await userEvent.click(within(emptyState).getByRole('button', { name: 'Clear All Filters' }));
    await expect(await canvas.findByText(`Showing 1 - 10 of ${ACTIVE_LEADS} results`)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Active filters' })).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveValue('NewestOldest');
    await expect(leadRequests(context).slice(before)).toEqual([
      {
        offset: 0,
        sort: 'NewestOldest',
        limit: 10,
        businessName: 'Acme Plumbing & Heating',
        filters: { archived: false, displayLead: true, sources: [...LEAD_SOURCES] },
      },
    ]);
    await settled(root);
  },
};

/** Everything fits on one page (page size 100): no pager. */
export const OnePage: Story = {
  globals: NO_FAULT,
  args: { pageSize: 100 },
  play: async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement);
    await expect(count).toHaveTextContent(localized(`Showing 1 - ${ACTIVE_LEADS} of ${ACTIVE_LEADS} results`));
    await expect(cards(root)).toHaveLength(ACTIVE_LEADS);
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await expect(leadRequests(context)[0]).toMatchObject({ limit: 100, offset: 0 });
  },
};

/** Six pages of ten: the pager; page 2 asks for offset 10 and the count follows. */
export const ManyPages: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement);
    const pager = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toBeVisible();
    await expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(within(pager).getByRole('button', { name: 'Page 6' })).toBeVisible();
    const firstPage = leadIds(root);

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(count).toHaveTextContent(localized(`Showing 11 - 20 of ${ACTIVE_LEADS} results`)));
    await expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(leadRequests(context).at(-1)).toMatchObject({ offset: 10, limit: 10, sort: 'NewestOldest' });
    await waitFor(() => expect(leadIds(root).some((id) => firstPage.includes(id))).toBe(false));
    await expect(cards(root)).toHaveLength(10);
    // Focus goes to the count, so a screen reader hears where it landed.
    await expect(root.activeElement).toBe(count);
    await settled(root);
  },
};

/** `leadId=300003` (45 days old, normally on page 4): on top, marked 'Featured', open. */
export const FeaturedLead: Story = {
  globals: NO_FAULT,
  args: { leadId: SANDBOX_LEADS.featuredCandidate },
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement);
    const [first] = cards(root);
    await expect(Number(first?.dataset.leadId)).toBe(SANDBOX_LEADS.featuredCandidate);
    await expect(within(first as HTMLElement).getByText('Featured')).toBeVisible();
    await expect(canvas.getAllByText('Featured')).toHaveLength(1);
    await expect(cardToggle(first as HTMLElement)).toHaveAttribute('aria-expanded', 'true');
    await expect(leadRequests(context)[0]).toMatchObject({ featuredLeadId: SANDBOX_LEADS.featuredCandidate });
  },
};

/** The 'Archived leads' switch on: archived leads only, each with 'Move to Active Leads' (restore). */
export const ArchivedView: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement, { unfold: true });
    const archivedSwitch = canvas.getByRole('switch', { name: 'Archived leads' });
    await userEvent.click(archivedSwitch);
    await expect(archivedSwitch).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(count).toHaveTextContent(localized(`Showing 1 - ${ARCHIVED_LEADS} of ${ARCHIVED_LEADS} results`)));
    await expect(canvas.getByRole('button', { name: removeTag(text('filters.archived')) })).toBeVisible();
    await expect(leadIds(root)).toContain(SANDBOX_LEADS.archived);
    for (const card of cards(root)) await expect(within(card).getByRole('button', { name: 'Move to Active Leads' })).toBeVisible();

    // Restoring one takes it off the archived list and the count follows.
    const restored = Number(cards(root)[0]?.dataset.leadId);
    await userEvent.click(within(cards(root)[0] as HTMLElement).getByRole('button', { name: 'Move to Active Leads' }));
    await waitFor(() => expect(leadIds(root)).not.toContain(restored));
    await waitFor(() => expect(count).toHaveTextContent(localized(`Showing 1 - ${ARCHIVED_LEADS - 1} of ${ARCHIVED_LEADS - 1} results`)));
    const archiveCall = sandboxOf(context).gateway.store.requests.find((request) => request.path.endsWith('/archive'));
    await expect(archiveCall?.body).toEqual({ serviceProviderId: 1001, leadId: restored, archived: false });
    await settled(root);
  },
};

/** Opened with `newMessages`: the unread switch is on from the first request, with its tag. */
export const UnreadFilterOn: Story = {
  globals: NO_FAULT,
  args: { newMessages: true },
  play: async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toHaveAttribute('aria-checked', 'true');
    await expect(count).toHaveTextContent(localized(`Showing 1 - 10 of ${UNREAD_MESSAGE_LEADS} results`));
    await expect(canvas.getByRole('button', { name: removeTag(text('filters.unreadTag')) })).toBeVisible();
    for (const card of cards(root)) await expect(within(messageButton(card)).getByRole('img', { name: 'Unread messages' })).toBeVisible();
    const requests = leadRequests(context);
    await expect(requests).toHaveLength(1);
    await expect(requests[0]?.filters).toMatchObject({ hasUnreadMessages: true });
  },
};

/** The lead-status multi-select open, 'Closed won' checked: the list, the summary and a tag follow. */
export const StatusFilterOpen: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const button = canvas.getByRole('button', { name: filterButton('filters.status', text('filters.any')) });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = canvas.getByRole('group', { name: 'Lead status' });
    await expect(group).toBeVisible();
    const boxes = within(group).getAllByRole('checkbox');
    // Named by their labels (each option's count is its description: lead-board-counts.stories.tsx).
    await expect(boxes.map((box) => box.closest('label')?.querySelector('.lk-multi-select__option-label')?.textContent)).toEqual(
      ['New', 'Not Contacted', 'Contacted', 'Scheduled', 'Closed won', 'Closed lost'].map(localized),
    );

    await userEvent.click(within(group).getByRole('checkbox', { name: 'Closed won' }));
    await waitFor(() => expect(leadRequests(context).at(-1)?.filters).toMatchObject({ serviceProviderLeadStatuses: ['ClosedWon'] }));
    await expect(button).toHaveAccessibleName(filterButton('filters.status', text('filters.selectedCount', { count: 1 })));
    await expect(canvas.getByRole('button', { name: `Remove filter ${localized('Closed won')}` })).toBeVisible();
    await waitFor(() => expect(root.querySelectorAll('.lk-status[data-status="ClosedWon"]').length).toBe(cards(root).length));
    await expect(cards(root).length).toBeGreaterThan(0);
    // Still open: several statuses can be picked in a row.
    await expect(group).toBeVisible();
    await settled(root);
  },
};

/**
 * The date-range filter open (the calendar loads on first use). The sandbox clock is today's
 * here, so the quick ranges (relative to the real today) find leads.
 */
export const DateFilterOpen: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ now: new Date().toISOString() }),
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const button = canvas.getByRole('button', { name: filterButton('filters.dateRange', text('filters.any')) });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByRole('grid')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Start date' })).toHaveAttribute('placeholder', localized('Early'));
    await expect(canvas.getByRole('textbox', { name: 'End date' })).toHaveAttribute('placeholder', localized('Continuous'));
    const ranges = canvas.getByRole('group', { name: 'Quick ranges' });
    await expect(
      within(ranges)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Today', 'Last 7 Days', 'Last 30 Days'].map(localized));

    await userEvent.click(within(ranges).getByRole('button', { name: 'Last 7 Days' }));
    await expect(await canvas.findByRole('button', { name: removeTag(text('filters.last7Days')) })).toBeVisible();
    await expect(button).toHaveAccessibleName(filterButton('filters.dateRange', text('filters.last7Days')));
    await waitFor(() => expect(leadRequests(context).at(-1)?.filters.dateRange).toEqual({ startDate: expect.any(String), endDate: expect.any(String) }));
    const { startDate, endDate } = leadRequests(context).at(-1)?.filters.dateRange as { startDate: string; endDate: string };
    // Start of the first day to the end of today: seven whole days.
    await expect(Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000)).toBe(7);
    await expect(await canvas.findByText(showing())).toBeVisible();
    // A complete range closes the picker, focus back on its button; reopened, it shows the range.
    await waitFor(() => expect(root.activeElement).toBe(button));
    await expect(canvas.queryByRole('grid')).toBeNull();
    await userEvent.click(button);
    await expect(await canvas.findByRole('grid')).toBeVisible();
    await expect(within(canvas.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect((canvas.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await settled(root);
  },
};

/**
 * A first day picked in the calendar: a draft the board does not load yet, read out under the
 * calendar ('From 11/01/2026') beside 'Clear' and 'Apply'. Apply makes it the filter.
 */
export const DateFilterDraft: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ now: new Date().toISOString() }),
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const requestsBefore = leadRequests(context).length;
    await userEvent.click(canvas.getByRole('button', { name: filterButton('filters.dateRange', text('filters.any')) }));
    await expect(await canvas.findByRole('grid')).toBeVisible();
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth(), 1);
    // Named and read out as the story's locale formats a day ('Sunday, November 1, 2026', '11/01/2026').
    await userEvent.click(canvas.getByRole('button', { name: formats().messageDay(first) }));
    await expect(await canvas.findByText(text('filters.dateFrom', { start: formats().boardDate(first) }))).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Apply' })).toBeEnabled();
    await expect(leadRequests(context)).toHaveLength(requestsBefore);
    await settled(root);
  },
};

/** Category suggestions as you type (limit 5 on the board): the listbox open. */
export const CategoryFilterOpen: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const input = canvas.getByRole('combobox', { name: 'Category' });
    await typeText(input, 'Pl');
    await expect(await canvas.findByRole('option', { name: 'Plumbing' })).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(
      within(canvas.getByRole('listbox', { name: 'Category' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Plumbing', 'Appliance Repair']);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', canvas.getByRole('option', { name: 'Plumbing' }).id);
    const suggest = sandboxOf(context).gateway.store.requests.filter((request) => request.path.endsWith('/autocomplete/categoryName'));
    await expect(suggest.map((request) => request.query)).toEqual([{ query: 'Pl', limit: '5' }]);
  },
};

/** Location suggestions (city/state or postal code). */
export const LocationFilterOpen: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const input = canvas.getByRole('combobox', { name: 'Location' });
    await typeText(input, 'Den');
    await expect(await canvas.findByRole('option', { name: 'Denver, CO' })).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('placeholder', localized('City, state or ZIP code'));
  },
};

/** Customer-name suggestions: members of this provider's leads. */
export const NameFilterOpen: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const input = canvas.getByRole('combobox', { name: 'Customer name' });
    await typeText(input, 'Jor');
    await expect(await canvas.findByRole('option', { name: 'Jordan Rivera' })).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('1 suggestions available.')).toBeInTheDocument();
  },
};

/**
 * Suggestions picked with the keyboard become tags (category, location); the list holds only
 * matching leads; removing a tag moves focus to the next tag.
 */
export const FilterTags: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    await typeText(canvas.getByRole('combobox', { name: 'Category' }), 'Plumb');
    await canvas.findByRole('option', { name: 'Plumbing' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Remove filter Plumbing' })).toBeVisible();

    await typeText(canvas.getByRole('combobox', { name: 'Location' }), 'Denver');
    await canvas.findByRole('option', { name: 'Denver, CO' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Remove filter Denver, CO' })).toBeVisible();

    await waitFor(() => expect(leadRequests(context).at(-1)?.filters).toMatchObject({ categoryIds: [100], cityState: { city: 'Denver', stateAbbr: 'CO' } }));
    await waitFor(() => expect(canvas.getByText(showing()).textContent).toMatch(/\b1 - (\d+)\D+\1\b/));
    for (const card of cards(root)) {
      await expect(card).toHaveTextContent(localized('Plumbing'));
      await expect(card).toHaveTextContent(localized('Denver, CO'));
    }
    const tags = canvas.getByRole('list', { name: 'Active filters' });
    await expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plumbing', 'Denver, CO']);

    await userEvent.click(canvas.getByRole('button', { name: 'Remove filter Plumbing' }));
    await waitFor(() => expect(root.activeElement).toBe(canvas.getByRole('button', { name: 'Remove filter Denver, CO' })));
    await waitFor(() => expect(leadRequests(context).at(-1)?.filters.categoryIds).toBeUndefined());
    await settled(root);
  },
};

/** A ~400px host: the filter panel folds behind 'Show All Filters' / 'Hide All Filters'. */
export const NarrowWidth: Story = {
  globals: NO_FAULT,
  render: elementFrame('lead-board', { width: 400 }),
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Show All Filters' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toBeVisible();
    // Folded away: out of sight and out of the accessibility tree.
    await expect(canvas.queryByRole('button', { name: filterButton('filters.status', text('filters.any')) })).toBeNull();
    await expect(canvas.queryByRole('combobox', { name: 'Customer name' })).toBeNull();

    await userEvent.click(toggle);
    await expect(toggle).toHaveTextContent(localized('Hide All Filters'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: filterButton('filters.status', text('filters.any')) })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Customer name' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Archived leads' })).toBeVisible();

    await userEvent.click(toggle);
    await expect(toggle).toHaveTextContent(localized('Show All Filters'));
    await expect(canvas.queryByRole('button', { name: filterButton('filters.status', text('filters.any')) })).toBeNull();
  },
};

/**
 * A 390 px phone: each card header is a one-line name (ellipsis) and a one-line date · category ·
 * place, with the Message button in a row under them; unread leads carry an accent bar and a
 * bold name; the read dot is a ring once read.
 */
export const Phone: Story = {
  tags: ['data'],
  render: phoneBoard,
  play: orFaultState(async (context) => {
    const { canvas } = await shownBoard(context.canvasElement);
    const lines = (element: Element | null) =>
      element ? Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)) : 0;
    const cards = canvas.getAllByRole('listitem').filter((item) => item.matches('[part="lead-card"]'));
    await expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      await expect([lines(card.querySelector('.lk-card__name')), lines(card.querySelector('.lk-card__meta'))]).toEqual([1, 1]);
    }
    await expect(canvas.getAllByText('Unread').length).toBeGreaterThan(0); // said after an unread lead's name
  }),
};

/**
 * The wide board has no show/hide toggle: the panel is always there. The viewport pinned to
 * Desktop, and the board at least 760 px wide, so on a phone's page too (scrolled sideways) the
 * board is the wide one.
 */
export const WideWidth: Story = {
  globals: { ...DESKTOP, ...NO_FAULT },
  render: elementFrame('lead-board', { style: { minWidth: 760 } }),
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement);
    await expect(canvas.getByRole('button', { name: filterButton('filters.status', text('filters.any')) })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Show All Filters' })).toBeNull();
  },
};

/** The archive call fails (500): a message, and the lead stays where it was. Resting there: 'Archive Failure Dismissed' dismisses it. */
export const ArchiveFailure: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500, route: ARCHIVE_ROUTE } }),
  play: async (context) => {
    const { root, canvas, count } = await shownBoard(context.canvasElement);
    const before = leadIds(root);
    const countBefore = count.textContent;
    await userEvent.click(within(cards(root)[0] as HTMLElement).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(cards(root)[0] as HTMLElement).getByRole('menuitem', { name: 'Archive Lead' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(localized('We could not archive this lead. Please try again.'));
    await waitFor(() => expect(leadIds(root)).toEqual(before));
    await expect(canvas.getByText(showing())).toHaveTextContent(countBefore ?? '');
    const archiveCalls = sandboxOf(context).gateway.store.requests.filter((request) => request.path.endsWith('/archive'));
    await expect(archiveCalls.map((request) => request.status)).toEqual([500]);
  },
};

/** The same failure, its message dismissed: gone, the list as it was. */
export const ArchiveFailureDismissed: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500, route: ARCHIVE_ROUTE } }),
  play: async (context) => {
    await ArchiveFailure.play?.(context);
    const { root, canvas } = await shadowOf(context.canvasElement);
    await userEvent.click(within(await canvas.findByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(cards(root)).toHaveLength(10);
  },
};

const themed = elementFrame('lead-board', {
  style: { '--lk-color-primary': '#6a1b9a', '--lk-font-family': 'Georgia, "Times New Roman", serif', '--lk-radius': '2px' },
  className: 'lk-theme-board',
});

/**
 * Theming from outside: --lk-* custom properties on the host, and ::part() rules (parts:
 * lead-board, filters, lead-card, message-button, empty-state, error-banner, pagination).
 */
export const Customization: Story = {
  globals: NO_FAULT,
  render: (args, context) => (
    <>
      <style>{'.lk-theme-board::part(filters) { background: rgb(243, 229, 245); } .lk-theme-board::part(message-button) { text-transform: uppercase; }'}</style>
      {themed(args, context)}
    </>
  ),
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement);
    const plum = 'rgb(106, 27, 154)';
    await expect(getComputedStyle(canvas.getByRole('link', { name: 'View Call Log' })).color).toBe(plum);
    const first = cards(root)[0] as HTMLElement;
    await expect(getComputedStyle(first).borderTopColor).toBe(plum);
    await expect(getComputedStyle(first).borderTopLeftRadius).toBe('2px');
    await expect(getComputedStyle(canvas.getByRole('heading', { level: 1 })).fontFamily).toMatch(/^Georgia/);
    await expect(getComputedStyle(root.querySelector('[part~="filters"]') as HTMLElement).backgroundColor).toBe('rgb(243, 229, 245)');
    await expect(getComputedStyle(root.querySelector('[part~="message-button"]') as HTMLElement).textTransform).toBe('uppercase');
  },
};

// ---- languages and direction -------------------------------------------------------------------

/** es-US (`locale="es-US"`): the board in Spanish, the count with its plural, dates day first. */
export const InSpanish: Story = {
  tags: ['data'],
  render: boardOnSandboxClock,
  parameters: { locale: 'es-US' },
  play: orFaultState(async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByText(`Mostrando 1 - 10 de ${ACTIVE_LEADS} resultados`)).toBeVisible();
    await waitFor(() => expect(root.querySelector('.lk-filters__panel--loading')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1, name: 'Clientes potenciales de Acme Plumbing & Heating' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ver registro de llamadas' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Mostrar mensajes no leídos' })).toBeVisible();
    await expect(canvas.getAllByText('Responda primero')[0]).toBeVisible();
    await expect(canvas.queryByText(/^Showing \d+ - \d+ of \d+ results$/)).toBeNull();
    await settled(root);
  }),
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer: the board mirrors, nothing is cut. */
export const RightToLeftLongTexts: Story = {
  globals: NO_FAULT,
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('link', { name: pseudoLocalize('View Call Log') })).toBeVisible();
    await waitFor(() => expect(root.querySelector('.lk-filters__panel--loading')).toBeNull());
    await expect(getComputedStyle(root.querySelector('.lk-board') ?? root.host).direction).toBe('rtl');
    await settled(root);
  },
};
