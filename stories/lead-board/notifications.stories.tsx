import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized, text, textPattern } from '../support/story-text';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { deviceNotifications, pageHidden, shownNotifications } from '../support/device-notifications';
import { shadowOf } from '../support/queries';
import { sandboxOf } from '../support/sandbox';
import { board, boardLoaders, phoneBoard, quickWaits } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * New leads told outside the board (docs/widgets/lead-board.md#new-lead-notifications): 'Notify me
 * of new leads' under the list in each state of the browser's permission — not asked yet, allowed,
 * blocked, no notifications in this browser —, the page title's count while the page is hidden
 * (`title-count`),
 * and a notification's click opening the lead with its quick answer ready. The permission is the
 * device's (a stand-in `Notification`: stories/support/device-notifications.ts); a lead arrives
 * through the story's sandbox; the board's waits run a hundred times faster (`quickWaits`).
 * A phone's width first.
 */
const meta = {
  title: 'Elements/<lead-board>/Notifications',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001 },
  render: phoneBoard,
  loaders: boardLoaders,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const HOST_TITLE = 'Office · Acme';
const CONTROL = 'Notify me of new leads';

/** The board with its first page and its new-leads part (the control comes with it, after the first card). */
async function shownBoard(canvasElement: HTMLElement) {
  const frame = await shadowOf(canvasElement);
  await waitFor(() => expect(frame.root.querySelector('[part="notify-new-leads"]')).not.toBeNull());
  return frame;
}

const arrive = (context: StoryContext, firstName = 'Nova', lastName = 'Arrival') =>
  sandboxOf(context).gateway.createLead({ serviceProviderId: 1001, firstName, lastName });

/** The page's own title for the story, put back after. */
function hostTitle() {
  const before = document.title;
  document.title = HOST_TITLE;
  return () => {
    document.title = before;
  };
}

/** Not asked yet: the switch is off and nothing is asked on load; turned on, the browser asks, and it is on. */
export const NotAskedYet: Story = {
  beforeEach: deviceNotifications('default'),
  play: async ({ canvasElement }) => {
    const { canvas } = await shownBoard(canvasElement);
    const control = canvas.getByRole('switch', { name: CONTROL });
    await expect(control).toHaveAttribute('aria-checked', 'false');
    await expect(control).toHaveAccessibleDescription(localized('A notification when a lead arrives while this page is in the background.'));
    await userEvent.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
  },
};

/** Allowed, and turned on by the pro before (kept in this browser). */
export const Allowed: Story = {
  beforeEach: deviceNotifications('granted', { chosen: true }),
  play: async ({ canvasElement }) => {
    const { canvas } = await shownBoard(canvasElement);
    await expect(canvas.getByRole('switch', { name: CONTROL })).toHaveAttribute('aria-checked', 'true');
  },
};

/** Blocked for the site: the control says so and offers nothing else. */
export const Blocked: Story = {
  beforeEach: deviceNotifications('denied'),
  play: async ({ canvasElement }) => {
    const { canvas } = await shownBoard(canvasElement);
    await expect(canvas.getByText(text('notify.denied'))).toBeVisible();
    await expect(canvas.queryByRole('switch', { name: CONTROL })).toBeNull();
  },
};

/** No notifications in this browser (iOS Safari in a tab, outside a Home Screen app): it says so, nothing else. */
export const Unsupported: Story = {
  beforeEach: deviceNotifications('unsupported'),
  play: async ({ canvasElement }) => {
    const { canvas } = await shownBoard(canvasElement);
    await expect(canvas.getByText('This browser can’t show notifications.')).toBeVisible();
    await expect(canvas.queryByRole('switch', { name: CONTROL })).toBeNull();
  },
};

/** es-US, on a phone: 'Avisarme de clientes potenciales nuevos', within the board's width. */
export const NotAskedYetInSpanish: Story = {
  beforeEach: deviceNotifications('default'),
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas, root } = await shownBoard(canvasElement);
    const control = canvas.getByRole('switch', { name: 'Avisarme de clientes potenciales nuevos' });
    const boardBox = (root.querySelector('.lk-board') as HTMLElement).getBoundingClientRect();
    const box = (root.querySelector('[part="notify-new-leads"]') as HTMLElement).getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(boardBox.right);
    await expect(control).toHaveAttribute('aria-checked', 'false');
  },
};

/** `title-count`, the page hidden (another tab): a lead arrives and the title counts it before the page's own; shown again, the count goes. */
export const TitleCount: Story = {
  args: { titleCount: true },
  beforeEach: [quickWaits, hostTitle, deviceNotifications('default')],
  play: async (context) => {
    await shownBoard(context.canvasElement);
    const show = pageHidden(true);
    try {
      arrive(context);
      await waitFor(() => expect(document.title).toBe(text('notify.titleCount', { count: 1, title: HOST_TITLE })));
    } finally {
      show();
    }
    await waitFor(() => expect(document.title).toBe(HOST_TITLE));
  },
};

/** Without `title-count` (a bare board): the title is the host's alone; with notifications on, the lead still makes one. */
export const NoTitleCount: Story = {
  beforeEach: [quickWaits, hostTitle, deviceNotifications('granted', { chosen: true })],
  play: async (context) => {
    await shownBoard(context.canvasElement);
    const show = pageHidden(true);
    try {
      arrive(context);
      await waitFor(() => expect(shownNotifications.map((notice) => notice.title)).toEqual([expect.stringMatching(textPattern('notify.title.one'))]));
      await expect(document.title).toBe(HOST_TITLE);
    } finally {
      show();
    }
  },
};

/** A notification clicked: the lead opens on the board, 'Quick reply' open, focus in it. Wide. */
export const NotificationClicked: Story = {
  render: board,
  beforeEach: [quickWaits, hostTitle, deviceNotifications('granted', { chosen: true })],
  play: async (context) => {
    const { root } = await shownBoard(context.canvasElement);
    const show = pageHidden(true);
    let leadId: number;
    try {
      leadId = arrive(context, 'Nova', 'Arrival').leadId;
      await waitFor(() => expect(shownNotifications).toHaveLength(1));
      await expect(JSON.stringify(shownNotifications[0]?.options)).not.toMatch(/Nova|Arrival/);
      shownNotifications[0]?.click();
    } finally {
      show();
    }
    const composer = await waitFor(() => {
      const found = root.querySelector(`li[data-lead-id="${leadId}"] [part="quick-reply-composer"]`);
      if (!found) throw new Error('no composer yet');
      return found;
    });
    await waitFor(() => expect(composer.contains(root.activeElement)).toBe(true));
  },
};
