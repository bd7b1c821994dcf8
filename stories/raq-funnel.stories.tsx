import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN } from '@leadkit/sandbox';
import { createGatewayClient } from '../src/gateway/client';
import { WidgetShell } from '../src/runtime/widget-shell';
import baseCss from '../src/ui/base.css?inline';
import { RaqFunnel } from '../src/widgets/raq-funnel/raq-funnel';
import { type RaqFunnelProps } from '../src/widgets/raq-funnel/raq-funnel-props';
import { RAQ_FUNNEL_CATALOGUE } from '../src/widgets/raq-funnel/raq-funnel-messages';
import { shadowOf } from './support/queries';
import { sandboxOf, useSandbox, type SandboxParameters } from './support/sandbox';
import { pseudoLocalize, useStoryLocaleInputs } from './support/story-locale';
import { ShadowFrame } from './support/shadow-frame';
import { expectFocused, typeText } from './support/shadow-input';
import { preloadFunnelParts } from '../test/support/raq-funnel';

/**
 * <RaqFunnel> (docs/widgets/raq-funnel.md): each
 * step, and each failure — not eligible, suggestions failed (→ the summary), a 511 challenge
 * and its replay, a create failure that keeps everything typed — against the story's sandbox.
 * The funnel speaks for a customer: a guest (it obtains a one-time token on the first customer
 * call) or, for the lead steps, the sandbox's signed-in member (`member: true`, the host's
 * token as `auth`). A story's `location` is the office app's deep link to a step.
 *
 * Fields inside the shadow root are typed with `typeText` (user-event cannot focus them in this
 * Chromium); buttons, options, radios and checkboxes are clicked with user-event.
 */

interface FunnelArgs extends RaqFunnelProps {
  /** The host gives the sandbox member's one-time token (`auth`); otherwise a guest. */
  member?: boolean;
  /** The host's `onChallenge`: the person passes the gateway's challenge this long after it appears. */
  passChallengeAfterMs?: number;
}

function FunnelStory({ member = false, passChallengeAfterMs, ...props }: FunnelArgs) {
  const sandbox = useSandbox();
  const client = useMemo(
    () =>
      createGatewayClient({
        ...sandbox.config,
        auth: member ? { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } : { kind: 'anonymous' },
        onChallenge:
          passChallengeAfterMs === undefined
            ? undefined
            : (challenge) =>
                new Promise<boolean>((resolve) => setTimeout(() => resolve(sandbox.gateway.faults.passChallenge(challenge.challengeId)), passChallengeAfterMs)),
      }),
    [sandbox, member, passChallengeAfterMs],
  );
  // A new store with every sandbox (a toolbar change), so no state of the last one lingers.
  const owner = useMemo(() => ({ sandbox }), [sandbox]);
  const localeInputs = useStoryLocaleInputs();
  return (
    <ShadowFrame styles={[baseCss]}>
      {(host) => (
        <WidgetShell owner={owner} host={host} catalogue={RAQ_FUNNEL_CATALOGUE} inputs={{ ...localeInputs, gateway: client }}>
          <RaqFunnel {...props} />
        </WidgetShell>
      )}
    </ShadowFrame>
  );
}

const meta = {
  title: 'Widgets/Request a quote',
  component: FunnelStory,
  args: {},
  render: (args) => <FunnelStory {...args} />,
  // The funnel's frame and steps load lazily: imported before the story renders, so a play
  // function waits for the screen, not for a chunk on a busy machine.
  loaders: [
    async () => {
      await preloadFunnelParts();
      return {};
    },
  ],
  // Each story starts without a funnel state restored from an earlier one (sessionStorage).
  beforeEach: () => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('leadkit:raq-funnel:')) sessionStorage.removeItem(key);
  },
} satisfies Meta<typeof FunnelStory>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Awaited<ReturnType<typeof shadowOf>>['canvas'];
type Context = { loaded: Record<string, unknown> };

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });
const CREATE = 'POST /gateway/lead/v3/lead';
const requests = (context: Context, method: string, path: string | RegExp) =>
  sandboxOf(context).gateway.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

const stepHeading = (canvas: Canvas, name: string) => canvas.findByRole('heading', { level: 2, name }, { timeout: 5000 });

/** The project step's required fields, typed. */
async function fillProject(canvas: Canvas) {
  await typeText(await canvas.findByRole('textbox', { name: 'Street address' }), '1600 Larimer St');
  await typeText(canvas.getByRole('textbox', { name: 'First name' }), 'Casey');
  await typeText(canvas.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await typeText(canvas.getByRole('textbox', { name: 'Email' }), 'casey.nguyen@example.com');
  await typeText(canvas.getByRole('textbox', { name: 'Phone number' }), '3035550177');
  await typeText(canvas.getByRole('textbox', { name: 'Describe your project (optional)' }), 'Kitchen sink drains slowly');
}

async function sendRequest(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Review request' }));
  const dialog = await canvas.findByRole('dialog', { name: 'Send your request?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
}

/**
 * Entry: the service (top categories before typing, the autocomplete as the customer types) and the ZIP code with its city.
 * The chosen task's parent name comes slowly (600 ms): its label, shown meanwhile, is never searched for.
 */
export const Entry: Story = {
  parameters: { sandbox: { fault: { latency: 600, route: 'GET /gateway/lead/v1/taxonomy/categories/:id' } } },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Get quotes from local pros')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('Your service');
    const combobox = await canvas.findByRole('combobox', { name: 'What do you need help with?' });
    await userEvent.click(combobox);
    await expect(await canvas.findByRole('option', { name: 'Plumbing' })).toBeVisible();
    await typeText(combobox, 'drain');
    await userEvent.click(await canvas.findByRole('option', { name: 'Drain Cleaning' }));
    await waitFor(() => expect(combobox).toHaveValue('Drain Cleaning'));
    await typeText(canvas.getByRole('textbox', { name: 'ZIP code' }), '80202');
    await expect(await canvas.findByText('Denver, CO')).toBeVisible();
    await waitFor(() => expect(requests(context, 'GET', /\/v1\/taxonomy\/categories\//).length).toBeGreaterThan(0));
    await expect(requests(context, 'GET', '/gateway/lead/v2/autocomplete').at(-1)?.query).toEqual({ query: 'drain', taxonomyName: 'HA Task', limit: '10' });
  },
};

/** Entry, coming from a pro (`sp-id`): the pro's name in the heading, its best-reviewed category chosen. */
export const EntryFromPro: Story = {
  args: { spId: 1001, postalCode: '80202' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Request a quote from Acme Plumbing & Heating')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('Plumbing'));
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('80202');
    await expect(await canvas.findByText('Denver, CO')).toBeVisible();
  },
};

/** Entry, coming from a pro whose details are still on their way: the heading's lines held by a placeholder (nothing moves when the name comes). */
export const EntryFromProLoading: Story = {
  args: { spId: 1001, postalCode: '80202' },
  parameters: sandbox({ fault: { latency: 3_600_000, route: 'GET /gateway/lead/v1/serviceprovider/:spId/details' } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    const title = await stepHeading(canvas, 'Get quotes from local pros');
    await expect(within(title).getByText('Get quotes from local pros')).toHaveClass('lk-visually-hidden');
    await expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('');
  },
};

/** Not eligible: the pro does not serve the ZIP code; the alternatives for the category and ZIP code are offered. */
export const NotEligible: Story = {
  args: { spId: 2005, postalCode: '80202' },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Request a quote from Cap City Plumbing');
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('Plumbing'));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const notServed = await canvas.findByRole('heading', { level: 3, name: 'Cap City Plumbing does not serve ZIP code 80202.' });
    await expectFocused(notServed);
    await expect(canvas.getByText('These pros serve your area:')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Choose / })).toHaveLength(3);
    await expect(requests(context, 'POST', '/gateway/lead/v4/serviceproviders/suggestion').at(-1)?.body).toEqual({
      categoryId: 100,
      postalCode: '80202',
      excludedServiceProviderIds: [2005],
      limit: 3,
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Denver Rooter Express' }));
    await expect(await stepHeading(canvas, 'Tell us about your project')).toBeVisible();
  },
};

/** Project (the office app's deep link `…/1001/project`): questions, timing (default 'Not sure yet'), address, contact; every field's message. */
export const Project: Story = {
  args: { postalCode: '80202', location: { step: 'project', serviceProviderId: 1001 } },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Tell us about your project')).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'What type of property is this?' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Not sure yet' })).toBeChecked();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'City' })).toHaveValue('Denver'));
    await userEvent.click(canvas.getByRole('button', { name: 'Review request' }));
    const street = canvas.getByRole('textbox', { name: 'Street address' });
    await expect(street).toHaveAccessibleDescription('Please enter your street address');
    // Empty contact fields say they are needed.
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter your email address');
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('Please enter your phone number');
    await expectFocused(street);
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead')).toHaveLength(0);
  },
};

/** Project from a deep link without a ZIP code (no `postal-code`): the facts leave the ZIP code out; the address asks for it. */
export const ProjectWithoutZipCode: Story = {
  args: { location: { step: 'project', serviceProviderId: 1001 } },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Tell us about your project')).toBeVisible();
    await expect(await canvas.findByText('Acme Plumbing & Heating')).toBeVisible();
    await expect(canvas.queryByText('ZIP code', { selector: 'dt' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('');
  },
};

/** Project → created: the request goes out once, and the suggestions step is announced and focused. */
export const ProjectSent: Story = {
  args: { postalCode: '80202', location: { step: 'project', serviceProviderId: 1001 } },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Tell us about your project');
    await fillProject(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Within 1 week' }));
    await sendRequest(canvas);
    const next = await stepHeading(canvas, 'Send your request to more pros');
    await expectFocused(next);
    await waitFor(() => expect(canvas.getByText('Step 3 of 4: More pros')).toBeInTheDocument());
    const creates = requests(context, 'POST', '/gateway/lead/v3/lead');
    await expect(creates).toHaveLength(1);
    await expect(creates[0]?.body).toMatchObject({
      urgency: 'Within 1 week',
      categoryId: 100,
      assignedServiceProviderIds: [1001],
      contactInformation: { phoneNumber: '3035550177' },
    });
  },
};

/**
 * A request just sent, straight to the summary: the confirmation, the pro waiting (no 'I hired …'
 * before it has answered) and the phone number typed in the project step, ready to correct.
 */
export const JustSentSummary: Story = {
  args: { postalCode: '80202', location: { step: 'project', serviceProviderId: 1001 } },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Tell us about your project');
    await fillProject(canvas);
    await sendRequest(canvas);
    await stepHeading(canvas, 'Send your request to more pros');
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue without more pros' }, { timeout: 5000 }));
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(await canvas.findByText('Done! Your pros have your project and will contact you soon.', {}, { timeout: 5000 })).toBeVisible();
    const pros = canvas.getByRole('region', { name: 'Pros who received your request' });
    await expect(await within(pros).findByText('Not responded yet', {}, { timeout: 5000 })).toBeVisible();
    await expect(within(pros).queryByRole('button', { name: /^I hired / })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(303) 555-0177');
  },
};

/** A 511 on creating the lead: the modal closes, the host's challenge runs (passed here after 1.5 s), and the create is replayed once. */
export const ChallengeAndReplay: Story = {
  args: { postalCode: '80202', location: { step: 'project', serviceProviderId: 1001 }, passChallengeAfterMs: 1500 },
  parameters: sandbox({ fault: { challenge: true, route: CREATE } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Tell us about your project');
    await fillProject(canvas);
    await sendRequest(canvas);
    await expect(await canvas.findByText('Please complete the security check: your request is sent as soon as it is passed.')).toBeVisible();
    await expect(canvas.queryByRole('dialog', { name: 'Send your request?' })).toBeNull();
    await stepHeading(canvas, 'Send your request to more pros');
    const creates = requests(context, 'POST', '/gateway/lead/v3/lead');
    await expect(creates.map((r) => r.status)).toEqual([511, 200]);
    await expect(creates[1]?.headers['idempotency-key']).toBe(creates[0]?.headers['idempotency-key']);
  },
};

/** A create failure (500): the alert, and everything typed is still there. */
export const CreateFailureKeepsTyped: Story = {
  args: { postalCode: '80202', location: { step: 'project', serviceProviderId: 1001 } },
  parameters: sandbox({ fault: { status: 500, route: CREATE } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Tell us about your project');
    await fillProject(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Single-family home' }));
    await sendRequest(canvas);
    const alert = await canvas.findByText('Your request could not be sent. Everything you typed is still here: please try again.');
    await expect(alert).toBeVisible();
    await expect(alert.closest('[role="alert"]')).toHaveTextContent('Internal Server Error');
    await expect(canvas.getByRole('textbox', { name: 'Street address' })).toHaveValue('1600 Larimer St');
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Casey');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('casey.nguyen@example.com');
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(303) 555-0177');
    await expect(canvas.getByRole('textbox', { name: 'Describe your project (optional)' })).toHaveValue('Kitchen sink drains slowly');
    await expect(canvas.getByRole('radio', { name: 'Single-family home' })).toBeChecked();
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead').map((r) => r.status)).toEqual([500]);
  },
};

/** Suggestions (deep link `…/lead/{id}/suggestions`, the signed-in member's lead): AL and HA pros as checkboxes, unchecked. */
export const Suggestions: Story = {
  args: { member: true, location: { step: 'suggestions', leadId: SANDBOX_LEADS.newest } },
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
  args: { member: true, location: { step: 'suggestions', leadId: SANDBOX_LEADS.newest } },
  parameters: sandbox({ fault: { status: 500, route: 'POST /gateway/lead/v4/serviceproviders/suggestion' } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('Summary');
    await expect(requests(context, 'POST', '/gateway/lead/v4/serviceproviders/suggestion').map((r) => r.status)).toEqual([500]);
    await expect(await canvas.findByRole('region', { name: 'Pros who received your request' })).toBeVisible();
  },
};

/** Summary: what was asked for, who got it ('I hired …'), what happens next, the phone update, deals. */
export const Summary: Story = {
  args: { member: true, location: { step: 'summary', leadId: SANDBOX_LEADS.newest } },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(await canvas.findByText('Done! Your pros have your project and will contact you soon.', {}, { timeout: 5000 })).toBeVisible();
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

/** es-US: the first step in Spanish. */
export const InSpanish: Story = {
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Reciba cotizaciones de profesionales locales')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('Su servicio');
    await expect(await canvas.findByRole('combobox', { name: '¿Con qué necesita ayuda?' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Código postal' })).toBeVisible();
  },
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer. */
export const RightToLeftLongTexts: Story = {
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, pseudoLocalize('Get quotes from local pros'))).toBeVisible();
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
