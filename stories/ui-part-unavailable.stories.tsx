import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { localized, text } from './support/story-text';
import { PartUnavailable } from '../src/elements/part-unavailable';
import { commonMessages } from '../src/i18n/core/en-US-common';
import baseCss from '../src/ui/core/base.css?inline';
import { shadowOf } from './support/queries';
import { WidgetFrame } from './support/widget-frame';
import { NO_FAULT } from './support/pinned';

/**
 * What every element shows in place of a part of its widget whose code did not arrive (the
 * board's list, a card's body, the filter panel, a dialog, an office-app route): a phone that
 * lost its connection, a blocked request. ui/lazy-part.ts renders it; 'Try again' loads the part
 * again (so does the device coming back online) — the message stays, 'Try again' busy, until the
 * retry settles; once a retry failed too, 'Reload the page' as well (Firefox and WebKit keep a
 * failed module until the page reloads).
 */
interface Args {
  failures: number;
  retrying: boolean;
  retry: () => Promise<boolean>;
}

const meta = {
  title: 'UI/Part unavailable',
  globals: NO_FAULT,
  args: { failures: 1, retrying: false, retry: fn(() => Promise.resolve(false)) },
  argTypes: { failures: { control: { type: 'number', min: 1 } }, retrying: { control: 'boolean' } },
  render: (args) => (
    <WidgetFrame styles={[baseCss]} catalogue={commonMessages}>
      <PartUnavailable {...args} />
    </WidgetFrame>
  ),
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first failure: what to do, and 'Try again'. */
export const FirstFailure: Story = {
  play: async ({ canvasElement, args }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(localized('This part of the page did not load. Check your connection and try again.'));
    await expect(canvas.queryByRole('button', { name: 'Reload the page' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.retry).toHaveBeenCalledTimes(1);
  },
};

/** A retry failed too: 'Reload the page' beside 'Try again'. */
export const RetryFailed: Story = {
  args: { failures: 2 },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A retry on its way: the message stays (with the focus), 'Try again' marked busy. */
export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(text('error.partUnavailable'));
  },
};
