import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { localized } from '../support/story-text';
import { SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN } from '@leadkit/sandbox';
import { LeadApp, type LeadAppProps } from '../../src/react';
import { elementFrame } from '../support/element-frame';
import { shadowOf, within } from '../support/queries';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { typeText } from '../support/shadow-input';
import { withoutKeptFunnel } from '../raq-funnel/funnel';
import { atPath, routeLoaders } from './app';
import { NO_FAULT } from '../support/pinned';

/**
 * The office app's deep links into the request-a-quote funnel (docs/widgets/lead-app.md#routes):
 * <lead-app base="/app"> at a funnel step's path, for the sandbox's signed-in member (the host's
 * one-time token as the `auth` property). The funnel's own steps, from its entry:
 * Elements/<raq-funnel>/Steps.
 */
type Canvas = Awaited<ReturnType<typeof shadowOf>>['canvas'];
type Context = { loaded: Record<string, unknown> };

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });
const requests = (context: Context, method: string, path: string | RegExp) =>
  sandboxOf(context).gateway.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
const stepHeading = (canvas: Canvas, name: string) => canvas.findByRole('heading', { level: 2, name });

const meta = {
  title: 'Elements/<lead-app>/Request a quote routes',
  globals: NO_FAULT,
  component: LeadApp,
  args: { base: '/app' },
  loaders: routeLoaders,
  beforeEach: [atPath, withoutKeptFunnel],
  render: elementFrame('lead-app', { properties: () => ({ auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } }) }),
} satisfies Meta<LeadAppProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Project from the deep link `…/1001/project` (no ZIP code): the facts leave the ZIP code out; the address asks for it. */
export const ProjectWithoutZipCode: Story = {
  parameters: { path: '/app/lead/request_a_quote/1001/project' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Tell us about your project')).toBeVisible();
    await expect(await canvas.findByText('Acme Plumbing & Heating')).toBeVisible();
    await expect(canvas.queryByText('ZIP code', { selector: 'dt' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('');
  },
};

/** Suggestions (deep link `…/lead/{id}/suggestions`, the signed-in member's lead): AL and HA pros as checkboxes, unchecked. */
export const Suggestions: Story = {
  parameters: { path: `/app/lead/request_a_quote/lead/${SANDBOX_LEADS.newest}/suggestions` },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Send your request to more pros')).toBeVisible();
    const boxes = await canvas.findAllByRole('checkbox');
    await expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      await expect(box).not.toBeChecked();
      await expect(box.getAttribute('name')).toMatch(/^additional-(sp|hasp)-\d+$/);
    }
    await userEvent.click(boxes[0]!);
    await expect(canvas.getByText('1 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send to selected pros' }));
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(requests(context, 'POST', `/gateway/lead/v2/lead/${SANDBOX_LEADS.newest}/assign`)).toHaveLength(1);
  },
};

/** The lead or the suggestions cannot be fetched (500): the summary of the lead in the path instead. */
export const SuggestionsFailedShowsSummary: Story = {
  parameters: {
    path: `/app/lead/request_a_quote/lead/${SANDBOX_LEADS.newest}/suggestions`,
    ...sandbox({ fault: { status: 500, route: 'POST /gateway/lead/v4/serviceproviders/suggestion' } }),
  },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent(localized('Summary'));
    await expect(requests(context, 'POST', '/gateway/lead/v4/serviceproviders/suggestion').map((r) => r.status)).toEqual([500]);
    await expect(await canvas.findByRole('region', { name: 'Pros who received your request' })).toBeVisible();
  },
};

/** Summary: what was asked for, who got it ('I hired …'), what happens next, the phone update, deals. */
export const Summary: Story = {
  parameters: { path: `/app/lead/request_a_quote/lead/${SANDBOX_LEADS.newest}/summary` },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(await canvas.findByText('Done! Your pros have your project and will contact you soon.')).toBeVisible();
    await expect(await canvas.findByText('Water Heater Installation')).toBeVisible();
    const pros = canvas.getByRole('region', { name: 'Pros who received your request' });
    await userEvent.click(await within(pros).findByRole('button', { name: 'I hired Acme Plumbing & Heating' }));
    await expect(await within(pros).findByText('Hired')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'What happens next' })).toBeVisible();
    await typeText(canvas.getByRole('textbox', { name: 'Phone number' }), '7205550199');
    await userEvent.click(canvas.getByRole('button', { name: 'Update phone number' }));
    await expect(await canvas.findByText('Your phone number was updated.')).toBeVisible();
    await expect(requests(context, 'POST', '/gateway/lead/v1/user/updatePhone').map((r) => r.body)).toEqual([{ phoneNumber: '7205550199' }]);
    await expect(await canvas.findByRole('region', { name: 'Deals for your project' })).toBeVisible();
  },
};
