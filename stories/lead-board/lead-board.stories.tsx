import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { ElementDocsPage } from '../docs/element-docs-page';
import { shadowOf, within } from '../support/queries';
import { sandboxOf } from '../support/sandbox';
import { board, boardLoaders, settled, showing } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <lead-board> custom element (src/elements): its attributes (sp-id, lead-id,
 * new-messages, page-size), attribute changes, and the events it fires on the host. The board's
 * states, by area, are the stories under it (List, Expanded card, Bulk actions, Counts…).
 */
const TAG = 'lead-board';
const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';

const meta = {
  title: 'Elements/<lead-board>',
  globals: NO_FAULT,
  component: LeadBoard,
  tags: ['autodocs'],
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
    docs: { page: ElementDocsPage },
  },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const element = (canvasElement: HTMLElement) => shadowOf(canvasElement, TAG);
const cards = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('li[data-lead-id]')];
const leadRequests = (context: StoryContext) =>
  sandboxOf(context)
    .gateway.store.requests.filter((request) => request.method === 'POST' && request.path === LEADS_PATH)
    .map((request) => request.body as Record<string, unknown>);

/** `<lead-board sp-id="1001" lead-id="300003" page-size="5">`: featured on top, five per page. */
export const Attributes: Story = {
  args: { leadId: SANDBOX_LEADS.featuredCandidate, pageSize: 5 },
  play: async (context) => {
    const { root, canvas } = await element(context.canvasElement);
    await expect(await canvas.findByText('Showing 1 - 5 of 56 results')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Leads for Acme Plumbing & Heating' })).toBeVisible();
    await expect(Number(cards(root)[0]?.dataset.leadId)).toBe(SANDBOX_LEADS.featuredCandidate);
    await expect(within(cards(root)[0] as HTMLElement).getByText('Featured')).toBeVisible();
    await expect(within(canvas.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 12' })).toBeVisible();
    await expect(leadRequests(context)[0]).toMatchObject({ limit: 5, featuredLeadId: SANDBOX_LEADS.featuredCandidate });
    const [first] = sandboxOf(context).gateway.store.requests;
    await expect(first?.headers['x-caller-id']).toBe('1001');
  },
};

/** `new-messages="true"`: the unread switch on from the first request. */
export const NewMessages: Story = {
  args: { newMessages: true },
  play: async (context) => {
    const { canvas } = await element(context.canvasElement);
    await expect(await canvas.findByText('Showing 1 - 10 of 14 results')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toHaveAttribute('aria-checked', 'true');
    await expect(leadRequests(context)).toHaveLength(1);
    await expect(leadRequests(context)[0]?.filters).toMatchObject({ hasUnreadMessages: true });
  },
};

/** Changing `page-size` on the live element reloads with the new limit. */
export const AttributeChange: Story = {
  play: async (context) => {
    const { host, root, canvas } = await element(context.canvasElement);
    const count = await canvas.findByText(showing());
    await expect(count).toHaveTextContent(localized('Showing 1 - 10 of 56 results'));
    host.setAttribute('page-size', '20');
    await waitFor(() => expect(canvas.getByText(showing())).toHaveTextContent(localized('Showing 1 - 20 of 56 results')));
    await expect(leadRequests(context).at(-1)).toMatchObject({ limit: 20, offset: 0 });
    await settled(root);
  },
};

interface Recorded {
  type: string;
  detail: unknown;
  composed: boolean;
}
const recordings = new WeakMap<HTMLElement, Recorded[]>();
const EVENT_TYPES = ['lk-load', 'lk-lead-read', 'lk-lead-archive'] as const;

function listenOnStoryRoot({ canvasElement }: StoryContext) {
  const events: Recorded[] = [];
  recordings.set(canvasElement, events);
  const listener = (event: Event) => events.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed });
  for (const type of EVENT_TYPES) canvasElement.addEventListener(type, listener);
  return () => {
    for (const type of EVENT_TYPES) canvasElement.removeEventListener(type, listener);
  };
}
const recorded = (canvasElement: HTMLElement, type: string) => (recordings.get(canvasElement) ?? []).filter((event) => event.type === type);

/** lk-load when a page shows; lk-lead-read and lk-lead-archive (ids and states only) reach the page. */
export const Events: Story = {
  beforeEach: listenOnStoryRoot,
  play: async ({ canvasElement }) => {
    const { root, canvas } = await element(canvasElement);
    await canvas.findByText(showing());
    await waitFor(() => expect(recorded(canvasElement, 'lk-load')).toEqual([{ type: 'lk-load', detail: { widget: 'lead-board' }, composed: true }]));

    const [first, second] = cards(root);
    const firstId = Number(first?.dataset.leadId);
    // The first card opened (and was marked read) on mount: its indicator now marks it unread.
    await userEvent.click(await within(first as HTMLElement).findByRole('button', { name: 'Read lead, mark as unread' }));
    await expect(recorded(canvasElement, 'lk-lead-read')).toEqual([{ type: 'lk-lead-read', detail: { leadId: firstId, read: false }, composed: true }]);

    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(first as HTMLElement).getByRole('menuitem', { name: 'Archive Lead' }));
    await expect(recorded(canvasElement, 'lk-lead-archive')).toEqual([
      { type: 'lk-lead-archive', detail: { leadId: firstId, archived: true }, composed: true },
    ]);
    await waitFor(() => expect(cards(root).map((card) => Number(card.dataset.leadId))).not.toContain(firstId));
    // The next lead opens in its place.
    await expect(root.querySelector(`li[data-lead-id="${second?.dataset.leadId}"] button[aria-expanded]`)).toHaveAttribute('aria-expanded', 'true');
    await settled(root);
  },
};
