import { useCallback } from 'react';
import { SITE_ROUTES } from '../examples/site-routes.js';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { leadBoardElement } from '../src/elements/lead-board.element';
import { defineElement } from '../src/elements/define-element';
import { ElementDocsPage } from './docs/element-docs-page';
import { ElementHost } from './support/element-host';
import { shadowOf } from './support/queries';
import { sandboxOf, useSandbox } from './support/sandbox';

/**
 * The real <lead-board> custom element (src/elements): its attributes (sp-id, lead-id,
 * new-messages, page-size), attribute changes, and the events it fires on the host.
 */
defineElement(leadBoardElement);
const TAG = 'lead-board';
const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;

interface ElementArgs {
  'sp-id': number;
  'lead-id'?: number;
  'new-messages'?: 'true' | 'false';
  'page-size'?: number;
}

type BoardElement = HTMLElement & Record<string, unknown>;

/** Attributes from the args; the sandbox's gateway config (auth from sp-id) and the example site's routes as JS properties. */
function AttributesElement(args: ElementArgs) {
  const sandbox = useSandbox();
  const { 'sp-id': spId, 'lead-id': leadId, 'new-messages': newMessages, 'page-size': pageSize } = args;
  const setup = useCallback(
    (element: HTMLElement) => {
      const attributes = { 'sp-id': spId, 'lead-id': leadId, 'new-messages': newMessages, 'page-size': pageSize };
      for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, String(value));
      (element as BoardElement).gateway = sandbox.config;
      (element as BoardElement).routes = SITE_ROUTES;
    },
    [spId, leadId, newMessages, pageSize, sandbox],
  );
  return <ElementHost tag={TAG} setup={setup} />;
}

const meta = {
  title: 'Elements/<lead-board>',
  tags: ['autodocs'],
  args: { 'sp-id': 1001 },
  argTypes: {
    'sp-id': { control: 'number' },
    'lead-id': { control: 'select', options: [undefined, ...Object.values(SANDBOX_LEADS)] },
    'new-messages': { control: 'inline-radio', options: [undefined, 'true', 'false'] },
    'page-size': { control: 'number' },
  },
  render: (args) => <AttributesElement {...args} />,
  parameters: {
    a11y: { test: 'error' },
    docs: { page: ElementDocsPage },
  },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const element = (canvasElement: HTMLElement) => shadowOf(canvasElement, TAG);
const cards = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('li[data-lead-id]')];
/** The list done refreshing (not dimmed mid-transition when axe looks at its colors). */
async function settled(root: ShadowRoot) {
  await waitFor(() => {
    const list = root.querySelector('.lk-board__list');
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(getComputedStyle(list as Element).opacity).toBe('1');
  });
}
const leadRequests = (context: StoryContext) =>
  sandboxOf(context)
    .gateway.store.requests.filter((request) => request.method === 'POST' && request.path === LEADS_PATH)
    .map((request) => request.body as Record<string, unknown>);

/** `<lead-board sp-id="1001" lead-id="300003" page-size="5">`: featured on top, five per page. */
export const Attributes: Story = {
  args: { 'lead-id': SANDBOX_LEADS.featuredCandidate, 'page-size': 5 },
  play: async (context) => {
    const { root, canvas } = await element(context.canvasElement);
    await expect(await canvas.findByText('Showing 1 - 5 of 56 results', {}, { timeout: 5000 })).toBeVisible();
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
  args: { 'new-messages': 'true' },
  play: async (context) => {
    const { canvas } = await element(context.canvasElement);
    await expect(await canvas.findByText('Showing 1 - 10 of 14 results', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toHaveAttribute('aria-checked', 'true');
    await expect(leadRequests(context)).toHaveLength(1);
    await expect(leadRequests(context)[0]?.filters).toMatchObject({ hasUnreadMessages: true });
  },
};

/** Changing `page-size` on the live element reloads with the new limit. */
export const AttributeChange: Story = {
  play: async (context) => {
    const { host, root, canvas } = await element(context.canvasElement);
    const count = await canvas.findByText(SHOWING, {}, { timeout: 5000 });
    await expect(count).toHaveTextContent('Showing 1 - 10 of 56 results');
    host.setAttribute('page-size', '20');
    await waitFor(() => expect(canvas.getByText(SHOWING)).toHaveTextContent('Showing 1 - 20 of 56 results'));
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
    await canvas.findByText(SHOWING, {}, { timeout: 5000 });
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
