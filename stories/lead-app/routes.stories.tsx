import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadApp, type LeadAppProps } from '../../src/react';
import { shadowOf } from '../support/queries';
import { pseudoLocalize } from '../support/story-locale';
import { app, atPath, ROUTE_TIMEOUT, routeLoaders } from './app';
import { NO_FAULT } from '../support/pinned';
import { orFaultState } from '../support/faults';

/**
 * The real <lead-app base="/app"> at a path of the office app's route table
 * (docs/widgets/lead-app.md#routes): each story puts the page at its `parameters.path` while it
 * runs (the element routes by the page's URL, as on a host page).
 */
const meta = {
  title: 'Elements/<lead-app>/Routes',
  component: LeadApp,
  // The provider the page is signed in as (its gateway auth: `sp-id`).
  args: { base: '/app', spId: 1001 },
  loaders: routeLoaders,
  beforeEach: atPath,
  render: app,
  parameters: { path: '/app/lead' },
} satisfies Meta<LeadAppProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LeadPageRoute: Story = {
  tags: ['data'],
  parameters: { path: `/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001` },
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(canvas.getByText('Better leads when you want them.')).toBeVisible();
  }),
};

/** The request-a-quote entry route: the funnel at its first step. */
export const QuoteEntryRoute: Story = {
  globals: NO_FAULT,
  parameters: { path: '/app/lead/request_a_quote' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Get quotes from local pros' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** An unknown path under the lead area. */
export const NotFound: Story = {
  globals: NO_FAULT,
  parameters: { path: '/app/lead/nope' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(canvas.getByText('Oops! We apologize for the inconvenience, it appears the content you requested was not found.')).toBeVisible();
  },
};

/** The lead page route without its ids is not found either. */
export const LeadPageRouteWithoutIds: Story = {
  globals: NO_FAULT,
  parameters: { path: '/app/lead?leadId=abc' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** A widget link that stays inside the app becomes a client-side navigation (lk-navigate cancelled). */
export const LinkInsideApp: Story = {
  globals: NO_FAULT,
  parameters: { path: '/app/lead/nope' },
  play: async ({ canvasElement }) => {
    const { host, canvas } = await shadowOf(canvasElement);
    await canvas.findByRole('heading', { name: 'Page not found' }, ROUTE_TIMEOUT);
    const url = `${window.location.origin}/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001`;
    // What a widget of the app fires for its link (the public event, cancelable).
    const followed = host.dispatchEvent(
      new CustomEvent('lk-navigate', { detail: { url, kind: 'lead-page', newTab: false }, bubbles: true, composed: true, cancelable: true }),
    );
    await expect(followed).toBe(false);
    await waitFor(() => expect(canvas.queryByRole('heading', { name: 'Page not found' })).toBeNull(), ROUTE_TIMEOUT);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** es-US: the office app's lead page route in Spanish. */
export const InSpanish: Story = {
  globals: NO_FAULT,
  parameters: { path: `/app/lead?leadId=${SANDBOX_LEADS.purchased}&serviceProviderId=1001`, locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Cliente potencial desbloqueado' }, ROUTE_TIMEOUT)).toBeVisible();
  },
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer: the not-found view. */
export const RightToLeftLongTexts: Story = {
  globals: NO_FAULT,
  parameters: { path: '/app/nowhere', locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: pseudoLocalize('Page not found') }, ROUTE_TIMEOUT)).toBeVisible();
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
