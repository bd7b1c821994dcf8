import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { clearOutbox } from '../../src/index';
import { shadowOf, within } from '../support/queries';
import { localized, text } from '../support/story-text';
import { sandboxOf } from '../support/sandbox';
import { board, boardLoaders, phoneBoard } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * The offline outbox (docs/widgets/lead-board.md#offline-outbox): a change made while the device
 * is offline stays on its card as 'Not sent yet' and over the list ('1 change waits for a
 * connection'); back online it is sent once, or — the lead changed meanwhile — the
 * card asks the pro which to keep. These stories make the page offline for the board
 * (`navigator.onLine` and the `offline`/`online` events), not the story's sandbox.
 */
const LEAD = SANDBOX_LEADS.newest;

/** The page offline until `goOnline` (or the story ends); the device's outbox starts empty. */
function offlineControl() {
  let online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  void clearOutbox();
  return {
    goOffline() {
      online = false;
      dispatchEvent(new Event('offline'));
    },
    goOnline() {
      online = true;
      dispatchEvent(new Event('online'));
    },
    restore() {
      online = true;
      delete (navigator as { onLine?: boolean }).onLine;
      void clearOutbox();
    },
  };
}
let network = offlineControl();

const meta = {
  title: 'Elements/<lead-board>/Offline outbox',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001 },
  render: board,
  loaders: boardLoaders,
  beforeEach: () => {
    network = offlineControl();
    return () => network.restore();
  },
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The board with its first lead open and marked read; then the page goes offline and its status is chosen. */
async function statusChosenOffline(context: StoryContext, label: string) {
  const frame = await shadowOf(context.canvasElement);
  await waitFor(() => expect(frame.root.querySelector(`li[data-lead-id="${LEAD}"] .lk-card__body select`)).not.toBeNull());
  await waitFor(() => expect(sandboxOf(context).gateway.store.requests.some((request) => request.path.endsWith('/read'))).toBe(true));
  network.goOffline();
  const card = frame.root.querySelector<HTMLElement>(`li[data-lead-id="${LEAD}"]`)!;
  const select = card.querySelector<HTMLSelectElement>('.lk-card__body select')!;
  const value = [...select.options].find((option) => option.text === localized(label))!.value;
  fireEvent.change(select, { target: { value } });
  fireEvent.blur(select);
  await waitFor(() => expect(card.querySelector('[part="outbox-pending"]')).toBeVisible());
  return { ...frame, card };
}

/** Offline: the status chosen shows, with 'Not sent yet' in the card's name line and the count over the list. */
export const NotSentYet: Story = {
  play: async (context) => {
    const { canvas, card } = await statusChosenOffline(context, 'Contacted');
    await expect(within(card).getByText('Not sent yet')).toBeVisible();
    await expect(canvas.getByText('1 change waits for a connection')).toBeVisible();
    await expect(sandboxOf(context).gateway.store.requests.filter((request) => request.path.endsWith(`/${LEAD}/status`))).toEqual([]);
  },
};

/** Back online: sent once; 'Not sent yet' and the count go. */
export const SentWhenBackOnline: Story = {
  play: async (context) => {
    const { root, card } = await statusChosenOffline(context, 'Contacted');
    network.goOnline();
    await waitFor(() => expect(card.querySelector('[part="outbox-pending"]')).toBeNull());
    await expect(root.querySelector('[part="outbox"]')).toHaveTextContent('');
    await expect(sandboxOf(context).gateway.store.requests.filter((request) => request.path.endsWith(`/${LEAD}/status`))).toHaveLength(1);
  },
};

/** The lead was closed on another device meanwhile: the card says so and asks; nothing is sent yet. */
export const Conflict: Story = {
  play: async (context) => {
    const { canvas, card } = await statusChosenOffline(context, 'Contacted');
    sandboxOf(context)
      .gateway.store.lead(LEAD)!
      .assignments.find((assignment) => assignment.spId === 1001)!.status = 'ClosedWon';
    network.goOnline();
    const conflict = await canvas.findByRole('group', { name: 'Changed while you were offline' });
    await expect(conflict).toHaveTextContent(text('board.outbox.conflictStatus', { status: text('leadStatus.ClosedWon') }));
    await expect(card.contains(conflict)).toBe(true);
    await expect(within(conflict).getByRole('button', { name: 'Keep my change' })).toBeVisible();
    await expect(within(conflict).getByRole('button', { name: 'Keep theirs' })).toBeVisible();
  },
};

/** Keeping their own change after a conflict: sent once, the question goes. */
export const ConflictKeepMine: Story = {
  play: async (context) => {
    const { canvas } = await statusChosenOffline(context, 'Scheduled');
    sandboxOf(context)
      .gateway.store.lead(LEAD)!
      .assignments.find((assignment) => assignment.spId === 1001)!.status = 'ClosedWon';
    network.goOnline();
    const conflict = await canvas.findByRole('group', { name: 'Changed while you were offline' });
    await userEvent.click(within(conflict).getByRole('button', { name: 'Keep my change' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Changed while you were offline' })).toBeNull());
    // The question goes at once; the change is sent right after it, in its lead's turn.
    const sent = () => sandboxOf(context).gateway.store.requests.filter((request) => request.path.endsWith(`/${LEAD}/status`));
    await waitFor(() => expect(sent().map((request) => request.body)).toEqual([{ serviceProviderId: 1001, status: 'InProgressWon' }]));
  },
};

/** A 390 px phone in es-US: 'Sin enviar' in the card, the count over the list, nothing cut. */
export const NotSentYetPhoneSpanish: Story = {
  render: phoneBoard,
  parameters: { locale: 'es-US' },
  play: async (context) => {
    const { root, card } = await statusChosenOffline(context, 'Contactado');
    const pending = card.querySelector<HTMLElement>('[part="outbox-pending"]')!;
    await expect(pending).toHaveTextContent(localized('Sin enviar'));
    const pill = root.querySelector<HTMLElement>('.lk-board__outbox-pill')!;
    await expect(pill).toHaveTextContent(localized('1 cambio espera conexión'));
    const [pendingBox, cardBox] = [pending.getBoundingClientRect(), card.getBoundingClientRect()];
    await expect(pendingBox.right).toBeLessThanOrEqual(cardBox.right);
    // Whole on the phone: not cut with an ellipsis.
    await expect(pill.scrollWidth).toBeLessThanOrEqual(pill.clientWidth);
  },
};
