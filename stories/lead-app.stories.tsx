import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { pseudoLocalize } from './support/story-locale';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { emitLeadkitEvent } from '../src/runtime/events';
import baseCss from '../src/ui/base.css?inline';
import leadAppCss from '../src/widgets/lead-app/lead-app.css?inline';
import leadPageCss from '../src/widgets/lead-page/lead-page.css?inline';
import { LeadApp } from '../src/widgets/lead-app/lead-app';
import { shadowOf } from './support/queries';
import { WidgetFrame } from './support/widget-frame';
import { LEAD_APP_CATALOGUE } from '../src/widgets/lead-app/lead-app-messages';

/**
 * <LeadApp> at a given path. LeadApp's own <Router base> reads
 * the location from the router around it (wouter routers inherit their parent's location
 * hook), so each story gives it an in-memory location: the story's path, with no change to the
 * page's real URL (the Storybook iframe or the Vitest runner page) and nothing to restore.
 */
const STYLES = [baseCss, leadPageCss, leadAppCss];

interface AppArgs {
  /** The URL path (and query) the app is opened at. */
  path: string;
  base: string;
}

function AppAt({ path, base }: AppArgs) {
  const location = useMemo(() => memoryLocation({ path, record: true }), [path]);
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <WidgetFrame styles={STYLES} catalogue={LEAD_APP_CATALOGUE}>
        <LeadApp base={base} />
      </WidgetFrame>
    </Router>
  );
}

/** How long a play function waits for a route's screen: a bound for a hung story, not a speed check. */
const ROUTE_TIMEOUT = { timeout: 10_000 };

const meta = {
  title: 'Widgets/Lead app',
  args: { path: '/app/lead', base: '/app' },
  argTypes: { path: { control: 'text' }, base: { control: 'text' } },
  // The routes' widgets load lazily: imported before the story renders, so a play function waits
  // for the screen's data, not for a chunk on a busy machine.
  loaders: [
    async () => {
      await Promise.all([
        import('../src/widgets/lead-board/lead-board'),
        import('../src/widgets/lead-page/lead-page'),
        import('../src/widgets/message-thread/message-thread'),
        import('../src/widgets/raq-funnel/raq-funnel'),
      ]);
      return {};
    },
  ],
  render: (args) => <AppAt {...args} />,
} satisfies Meta<AppArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LeadPageRoute: Story = {
  args: { path: `/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001` },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(canvas.getByText('Better leads when you want them.')).toBeVisible();
  },
};

/** The request-a-quote entry route: the funnel at its first step. */
export const QuoteEntryRoute: Story = {
  args: { path: '/app/lead/request_a_quote' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Get quotes from local pros' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** An unknown path under the lead area. */
export const NotFound: Story = {
  args: { path: '/app/lead/nope' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(canvas.getByText('Oops! We apologize for the inconvenience, it appears the content you requested was not found.')).toBeVisible();
  },
};

/** The lead page route without its ids is not found either. */
export const LeadPageRouteWithoutIds: Story = {
  args: { path: '/app/lead?leadId=abc' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** A widget link that stays inside the app becomes a client-side navigation (lk-navigate cancelled). */
export const LinkInsideApp: Story = {
  args: { path: '/app/lead/nope' },
  play: async ({ canvasElement }) => {
    const { host, canvas } = await shadowOf(canvasElement);
    await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT);
    const url = `${window.location.origin}/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001`;
    const followed = emitLeadkitEvent(host, 'lk-navigate', { url, kind: 'lead-page', newTab: false });
    await expect(followed).toBe(false);
    await waitFor(() => expect(canvas.queryByRole('heading', { name: 'Page not found' })).toBeNull(), ROUTE_TIMEOUT);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** es-US: the office app's lead page route in Spanish. */
export const InSpanish: Story = {
  args: { path: `/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001` },
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Cliente potencial desbloqueado' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer: the not-found view. */
export const RightToLeftLongTexts: Story = {
  args: { path: '/app/nowhere' },
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: pseudoLocalize('Page not found') }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
