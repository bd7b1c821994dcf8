import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import baseCss from '../src/ui/core/base.css?inline';
import __camel__Css from '../src/widgets/__name__/__name__.css?inline';
import { __Pascal__Root } from '../src/widgets/__name__/__name__';
import { __CONST___CATALOGUE } from '../src/widgets/__name__/__name__-messages';
import { shadowOf } from './support/queries';
import { WidgetFrame } from './support/widget-frame';

/**
 * <__Pascal__Root> rendered as its element will render it: in a shadow root with base.css and its own
 * CSS. Until its tag is in the contract; then its stories move to stories/__name__/ and render the
 * element through its public API (`elementFrame('__name__')`, stories/README.md).
 */
const STYLES = [baseCss, __camel__Css];

const meta = {
  title: 'UI/__TITLE__',
  component: __Pascal__Root,
  args: { expanded: false },
  render: (args) => (
    <WidgetFrame styles={STYLES} catalogue={__CONST___CATALOGUE}>
      <__Pascal__Root {...args} />
    </WidgetFrame>
  ),
} satisfies Meta<typeof __Pascal__Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The details open on the toggle. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show details' }));
    await expect(canvas.getByText('__BODY__')).toBeVisible();
  },
};
