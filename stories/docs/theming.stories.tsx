import type { CSSProperties } from 'react';
import type { ArgTypes, Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { shadowOf } from '../support/queries';
import { elementFrame } from '../support/element-frame';
import { THEME_PROPERTIES } from './manifest';
import { NO_FAULT } from '../support/pinned';

/**
 * The theming page's live preview: every public `--lk-*` custom property of the contract
 * (custom-elements.json, all tags) is a control with its default, set on an element around a
 * <lead-board> exactly as a host page sets it. The page (docs/theming.md, then this file's first
 * story: stories/docs/doc-page.tsx) is attached here: its id is the one .storybook/doc-pages.ts
 * gives docs/theming.md, its title the Guides' name of the file's heading.
 */
const Board = elementFrame('lead-board');

type ThemeArgs = Record<string, string | undefined>;

/** A colour control for a property whose default is a colour (a hex value, rgb(), hsl()). */
const isColour = (value: string | undefined) => value !== undefined && /^(#[0-9a-f]{3,8}|rgba?\(|hsla?\()/i.test(value.trim());

const argTypes: Partial<ArgTypes<ThemeArgs>> = Object.fromEntries(
  THEME_PROPERTIES.map((property) => [
    property.name,
    {
      control: isColour(property.default) ? 'color' : 'text',
      description: `${property.description} Read by ${property.tags.map((tag) => `<${tag}>`).join(', ')}.`,
      table: { defaultValue: { summary: property.default ?? '(none: unset)' }, type: { summary: 'CSS value' } },
    },
  ]),
);

const meta = {
  title: 'Guides/Theming and parts',
  globals: NO_FAULT,
  id: 'theming',
  argTypes,
  args: {},
  render: (args) => {
    const style = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== '')) as CSSProperties;
    return (
      <div data-testid="theme-preview" style={style}>
        <Board spId={1001} pageSize={3} />
      </div>
    );
  },
} satisfies Meta<ThemeArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Each public `--lk-*` property of every tag, with its default (from `custom-elements.json`). Change
 * one in the table: the board above it takes it at once, as it would on your page.
 */
export const Preview: Story = {
  name: 'Every custom property, live',
  play: async ({ canvasElement }) => {
    const { root } = await shadowOf(canvasElement, 'lead-board');
    await waitFor(() => expect(root.querySelectorAll('li[data-lead-id]')).toHaveLength(3));
  },
};

/** A brand colour set on the page reaches the board's buttons and links. */
export const PrimaryColour: Story = {
  args: { '--lk-color-primary': '#7a2e8e' },
  play: async ({ canvasElement }) => {
    const { host } = await shadowOf(canvasElement, 'lead-board');
    await expect(getComputedStyle(host).getPropertyValue('--lk-color-primary').trim()).toBe('#7a2e8e');
  },
};
