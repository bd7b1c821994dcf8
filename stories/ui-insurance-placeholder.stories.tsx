import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import baseCss from '../src/ui/core/base.css?inline';
import { CARD_EXTRAS_CATALOGUE } from '../src/widgets/lead-board/extras/card-extras-messages';
import { InsuranceBanner } from '../src/widgets/lead-board/extras/insurance-banner';
import { InsurancePlaceholder } from '../src/widgets/lead-board/extras/insurance-offer';
import { LEAD_CARD_CATALOGUE } from '../src/widgets/lead-board/card/lead-card-messages';
import { LEAD_BOARD_CATALOGUE } from '../src/widgets/lead-board/lead-board-messages';
import { shadowOf } from './support/queries';
import { text } from './support/story-text';
import { WidgetFrame } from './support/widget-frame';
import { NO_FAULT } from './support/pinned';

/**
 * The lead card's insurance offer beside the box that holds its place while its code loads. Not
 * reachable through <lead-board>'s public API (the element shows the placeholder only while the
 * offer's chunk is on its way, for a moment no story can hold), so it stays a component story:
 * the offer's live state is in Elements/<lead-board>/Expanded card.
 */
const THIMBLE_URL = 'https://insurance.example.com/liability?ref=leadkit-sandbox';

const meta = {
  title: 'UI/Insurance offer placeholder',
  globals: NO_FAULT,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The offer's place while its code is on its way (it follows the open card's first frame): the
 * offer's own box, laid out with its text and shown empty, above the live offer it gives way
 * to — the same height, so the cards under it do not move. Hidden from assistive technology.
 */
export const Placeholder: Story = {
  render: () => (
    <WidgetFrame styles={[baseCss]} catalogue={{ ...LEAD_BOARD_CATALOGUE, ...LEAD_CARD_CATALOGUE, ...CARD_EXTRAS_CATALOGUE }}>
      <div style={{ display: 'grid', gap: 12, maxWidth: 640 }}>
        <InsurancePlaceholder />
        <InsuranceBanner lead={{ leadId: SANDBOX_LEADS.newest, thimbleUrl: THIMBLE_URL }} spId={1001} hiddenForAll={false} onHideForAll={() => {}} />
      </div>
    </WidgetFrame>
  ),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const live = (await canvas.findByRole('link', { name: `${text('insurance.purchase')} ${text('insurance.newTab')}` })).closest(
      '.lk-insurance',
    ) as HTMLElement;
    const placeholder = root.querySelector<HTMLElement>('.lk-insurance--placeholder');
    await expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    await expect(placeholder?.getBoundingClientRect().height).toBe(live.getBoundingClientRect().height);
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};
