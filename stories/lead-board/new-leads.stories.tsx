import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { shadowOf, within } from '../support/queries';
import { sandboxOf } from '../support/sandbox';
import { pseudoLocalize } from '../support/story-locale';
import { board, boardLoaders, phoneBoard, quickWaits, settled, showing } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * New leads arriving while the board is open: the board checks its first page now and then and
 * shows 'N new leads' just above the list (a polite live region; it takes no room).
 * A lead arrives through the story's sandbox (`createLead`). The board's waits are 30 s and more:
 * in these stories the page's long timers run a hundred times faster (`quickWaits`, the stories'
 * clock — the board has no setting for it).
 */
const LEADS_PATH = '/gateway/lead/office/v6/leads/serviceProvider/1001';

const meta = {
  title: 'Elements/<lead-board>/New leads',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001 },
  render: board,
  loaders: boardLoaders,
  beforeEach: quickWaits,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = phoneBoard;

/** The board with its first page (the count, in any language) and filter panel (it comes after the first card). */
async function shownBoard(canvasElement: HTMLElement) {
  const frame = await shadowOf(canvasElement);
  await waitFor(() => expect(frame.root.querySelector('.lk-board__count')).toHaveTextContent(/\d/));
  await waitFor(() => expect(frame.root.querySelector('.lk-filters__panel--loading')).toBeNull());
  return frame;
}

const leadCalls = (context: StoryContext) => sandboxOf(context).gateway.store.requests.filter((request) => request.path === LEADS_PATH);
const arrive = (context: StoryContext, firstName = 'Nova', lastName = 'Arrival') =>
  sandboxOf(context).gateway.createLead({ serviceProviderId: 1001, firstName, lastName });

/** Checked, nothing new: no button, the list as it was (the check asked the first page again). */
export const NothingNew: Story = {
  play: async (context) => {
    const { root } = await shownBoard(context.canvasElement);
    await waitFor(() => expect(leadCalls(context).length).toBeGreaterThanOrEqual(2));
    await expect(root.querySelector('.lk-board__arrivals')).toBeEmptyDOMElement();
    await expect(root.querySelector('.lk-board__arrivals')).toHaveAttribute('aria-live', 'polite');
  },
};

/** One lead arrived: '1 new lead' just above the list; the list itself unchanged. */
export const OneNewLead: Story = {
  play: async (context) => {
    const { canvas, root } = await shownBoard(context.canvasElement);
    const header = root.querySelector('.lk-board__list-header') as HTMLElement;
    const before = header.getBoundingClientRect().top;
    arrive(context);
    const button = await canvas.findByRole('button', { name: '1 new lead' });
    await expect(button).toBeVisible();
    await expect(canvas.queryByText('Nova Arrival')).toBeNull();
    // Nothing moved when it came.
    await expect(header.getBoundingClientRect().top).toBe(before);
  },
};

/** Three arrived: '3 new leads'. */
export const SeveralNewLeads: Story = {
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement);
    arrive(context, 'Ada', 'One');
    arrive(context, 'Ben', 'Two');
    arrive(context, 'Cy', 'Three');
    await expect(await canvas.findByRole('button', { name: '3 new leads' })).toBeVisible();
  },
};

/** Activated: the first page afresh with the new lead on top, the button gone, focus on the count. */
export const NewLeadsShown: Story = {
  play: async (context) => {
    const { canvas, root } = await shownBoard(context.canvasElement);
    arrive(context);
    await userEvent.click(await canvas.findByRole('button', { name: '1 new lead' }));
    await waitFor(() => expect(within(root.querySelector('li[data-lead-id]') as HTMLElement).getByText('Nova Arrival')).toBeVisible());
    await expect(canvas.queryByRole('button', { name: /new lead/ })).toBeNull();
    await expect(root.activeElement?.textContent).toMatch(showing());
    await settled(root);
  },
};

/** At a phone's width in es-US: '1 cliente potencial nuevo', inside the board's width. */
export const PhoneInSpanish: Story = {
  render: phone,
  parameters: { locale: 'es-US' },
  play: async (context) => {
    const { canvas, root } = await shownBoard(context.canvasElement);
    await expect(root.querySelector('.lk-board__count')).toHaveTextContent(/^Mostrando 1 - 10 de \d+ resultados$/);
    arrive(context, 'Luz', 'Llegada');
    const button = await canvas.findByRole('button', { name: '1 cliente potencial nuevo' });
    const board = (root.querySelector('.lk-board') as HTMLElement).getBoundingClientRect();
    const box = button.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(board.left);
    await expect(box.right).toBeLessThanOrEqual(board.right);
  },
};

/** An Arabic host page, texts 40 % longer: the button stays centred over the list. */
export const RightToLeft: Story = {
  parameters: { locale: 'pseudo-rtl' },
  play: async (context) => {
    const { canvas } = await shownBoard(context.canvasElement);
    arrive(context);
    await expect(await canvas.findByRole('button', { name: pseudoLocalize('1 new lead') })).toBeVisible();
  },
};
