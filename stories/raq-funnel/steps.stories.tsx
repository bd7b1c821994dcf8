import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { RaqFunnel, type RaqFunnelProps } from '../../src/react';
import { elementFrame } from '../support/element-frame';
import { localized, text, textPattern } from '../support/story-text';
import { shadowOf, within } from '../support/queries';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { pseudoLocalize } from '../support/story-locale';
import { expectFocused, typeText } from '../support/shadow-input';
import { preloadFunnelParts } from '../../test/support/raq-funnel';
import { withoutKeptFunnel } from './funnel';
import { DARK, expectWithinViewport, PHONE, NO_FAULT } from '../support/pinned';
import { orFaultState } from '../support/faults';
import { keptDraft } from '../support/device-drafts';
import { funnelRequestDraftKey } from '../../src/domain/draft-keys';
import { NOT_OFFERED_STORAGE_KEY } from '../../src/gateway/not-offered';
import { keptRequestText } from '../../src/widgets/raq-funnel/state/kept-request';

/**
 * The real <raq-funnel> element (docs/widgets/raq-funnel.md): each step, and each failure — not
 * eligible, a 511 challenge and its replay, a create failure that keeps everything typed, no
 * token to be had, a request kept on the device after a failed send —
 * against the story's sandbox. The funnel speaks for a guest customer (`auth-mode="one-time"`:
 * it obtains a one-time token as its first step shows). The project step is reached as a
 * customer reaches it: from a pro (`sp-id`, `postal-code`), 'Continue' on the entry step. The
 * office app's deep links to a step (a signed-in member's lead) are <lead-app>'s routes:
 * Elements/<lead-app>/Request a quote routes.
 *
 * Fields inside the shadow root are typed with `typeText` (user-event cannot focus them in this
 * Chromium); buttons, options, radios and checkboxes are clicked with user-event.
 */
const funnel = elementFrame('raq-funnel');

/** The host's gateway `onChallenge`: the person passes the gateway's challenge `afterMs` after it appears. */
const passingChallengeAfter = (afterMs: number) =>
  elementFrame('raq-funnel', {
    properties: (story) => ({
      gateway: {
        ...story.config,
        onChallenge: (challenge) =>
          new Promise<boolean>((resolve) => setTimeout(() => resolve(story.gateway.faults.passChallenge(challenge.challengeId)), afterMs)),
      },
    }),
  });

/** The host's gateway `onChallenge` while the person has not passed the check (it never resolves): the funnel rests on the challenge. */
const challengeNeverPassed = elementFrame('raq-funnel', {
  properties: (story) => ({ gateway: { ...story.config, onChallenge: () => new Promise<boolean>(() => undefined) } }),
});

const meta = {
  title: 'Elements/<raq-funnel>/Steps',
  component: RaqFunnel,
  args: { authMode: 'one-time' },
  render: funnel,
  // The funnel's frame and steps load lazily: imported before the story renders, so a play
  // function waits for the screen, not for a chunk on a busy machine.
  loaders: [
    async () => {
      await preloadFunnelParts();
      return {};
    },
  ],
  beforeEach: withoutKeptFunnel,
} satisfies Meta<RaqFunnelProps>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Awaited<ReturnType<typeof shadowOf>>['canvas'];
type Context = { loaded: Record<string, unknown> };

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });
const CREATE = 'POST /gateway/lead/v3/lead';
const requests = (context: Context, method: string, path: string | RegExp) =>
  sandboxOf(context).gateway.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

const stepHeading = (canvas: Canvas, name: string) => canvas.findByRole('heading', { level: 2, name });

/** The project step's required fields, typed. */
async function fillProject(canvas: Canvas) {
  await typeText(await canvas.findByRole('textbox', { name: 'Street address' }), '1600 Larimer St');
  await typeText(canvas.getByRole('textbox', { name: 'First name' }), 'Casey');
  await typeText(canvas.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await typeText(canvas.getByRole('textbox', { name: 'Email' }), 'casey.nguyen@example.com');
  await typeText(canvas.getByRole('textbox', { name: 'Phone number' }), '3035550177');
  await typeText(canvas.getByRole('textbox', { name: 'Describe your project (optional)' }), 'Kitchen sink drains slowly');
}

/** From a pro (`sp-id="1001" postal-code="80202"`): its best-reviewed category chosen, 'Continue' opens the project step. */
const FROM_PRO = { spId: 1001, postalCode: '80202' } as const;
async function toProject(canvas: Canvas) {
  await waitFor(() => expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('Plumbing'));
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  return stepHeading(canvas, 'Tell us about your project');
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
  globals: NO_FAULT,
  parameters: { sandbox: { fault: { latency: 600, route: 'GET /gateway/lead/v1/taxonomy/categories/:id' } } },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Get quotes from local pros')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent(localized('Your service'));
    const combobox = await canvas.findByRole('combobox', { name: 'What do you need help with?' });
    await userEvent.click(combobox);
    await expect(await canvas.findByRole('option', { name: 'Plumbing' })).toBeVisible();
    await typeText(combobox, 'drain');
    await userEvent.click(await canvas.findByRole('option', { name: 'Drain Cleaning' }));
    await waitFor(() => expect(combobox).toHaveValue('Drain Cleaning'));
    await typeText(canvas.getByRole('textbox', { name: 'ZIP code' }), '80202');
    await expect(await canvas.findByText(text('funnel.entry.place', { city: 'Denver', state: 'CO' }))).toBeVisible();
    await waitFor(() => expect(requests(context, 'GET', /\/v1\/taxonomy\/categories\//).length).toBeGreaterThan(0));
    await expect(requests(context, 'GET', '/gateway/lead/v2/autocomplete').at(-1)?.query).toEqual({ query: 'drain', taxonomyName: 'HA Task', limit: '10' });
  },
};

/** Entry, coming from a pro (`sp-id`): the pro's name in the heading, its best-reviewed category chosen. */
export const EntryFromPro: Story = {
  tags: ['data'],
  args: { spId: 1001, postalCode: '80202' },
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Request a quote from Acme Plumbing & Heating')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('Plumbing'));
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('80202');
    await expect(await canvas.findByText(text('funnel.entry.place', { city: 'Denver', state: 'CO' }))).toBeVisible();
  }),
};

/** Entry, coming from a pro whose details are still on their way: the heading's lines held by a placeholder (nothing moves when the name comes). */
export const EntryFromProLoading: Story = {
  globals: NO_FAULT,
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
  globals: NO_FAULT,
  args: { spId: 2005, postalCode: '80202' },
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Request a quote from Cap City Plumbing');
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue('Plumbing'));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const notServed = await canvas.findByRole('heading', { level: 3, name: 'Cap City Plumbing does not serve ZIP code 80202.' });
    await expectFocused(notServed);
    await expect(canvas.getByText('These pros serve your area:')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: textPattern('funnel.entry.choose') })).toHaveLength(3);
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

/** Project (from the pro's entry step): questions, timing (default 'Not sure yet'), address, contact; every field's message. */
export const Project: Story = {
  globals: NO_FAULT,
  args: FROM_PRO,
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await toProject(canvas)).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'What type of property is this?' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Not sure yet' })).toBeChecked();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'City' })).toHaveValue('Denver'));
    await userEvent.click(canvas.getByRole('button', { name: 'Review request' }));
    const street = canvas.getByRole('textbox', { name: 'Street address' });
    await expect(street).toHaveAccessibleDescription(localized('Please enter your street address'));
    // Empty contact fields say they are needed.
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(localized('Please enter your email address'));
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(localized('Please enter your phone number'));
    await expectFocused(street);
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead')).toHaveLength(0);
  },
};

/**
 * The project step on a phone (the viewport pinned to Phone, 390 px): the four steps on one row —
 * the current one named, the others by their numbers (all four read out) — and nothing past the screen.
 */
export const ProjectPhone: Story = {
  args: FROM_PRO,
  globals: { ...PHONE, ...NO_FAULT },
  play: async ({ canvasElement }) => {
    const { host, canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    const steps = within(canvas.getByRole('list', { name: 'Request progress' })).getAllByRole('listitem');
    await expect(steps).toHaveLength(4);
    await expect(new Set(steps.map((step) => Math.round(step.getBoundingClientRect().top))).size).toBe(1);
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent(localized('Your project'));
    await expectWithinViewport(host);
  },
};

/** The project step in the dark theme (pinned): its radios and checkboxes dark too (`--lk-color-scheme`). */
export const ProjectDark: Story = {
  args: FROM_PRO,
  globals: { ...DARK, ...NO_FAULT },
  play: async ({ canvasElement }) => {
    const { host, canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    await expect(canvas.getByRole('radio', { name: 'Not sure yet' })).toBeChecked();
    await expect(getComputedStyle(host).colorScheme).toBe('dark');
  },
};

/** Project → created: the request goes out once, and the suggestions step is announced and focused. */
export const ProjectSent: Story = {
  globals: NO_FAULT,
  args: FROM_PRO,
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    await fillProject(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Within 1 week' }));
    await sendRequest(canvas);
    const next = await stepHeading(canvas, 'Send your request to more pros');
    await expectFocused(next);
    await waitFor(() =>
      expect(canvas.getByText(text('funnel.progress.announce', { number: 3, total: 4, title: text('funnel.step.suggestions') }))).toBeInTheDocument(),
    );
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
  globals: NO_FAULT,
  args: FROM_PRO,
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    await fillProject(canvas);
    await sendRequest(canvas);
    await stepHeading(canvas, 'Send your request to more pros');
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue without more pros' }));
    await expect(await stepHeading(canvas, 'Your request has been sent')).toBeVisible();
    await expect(await canvas.findByText('Done! Your pros have your project and will contact you soon.')).toBeVisible();
    const pros = canvas.getByRole('region', { name: 'Pros who received your request' });
    await expect(await within(pros).findByText('Not responded yet')).toBeVisible();
    await expect(within(pros).queryByRole('button', { name: /^I hired / })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(303) 555-0177');
  },
};

/**
 * A 511 on creating the lead: the modal closes and the host's challenge runs — a check the person
 * has not passed yet (the host's `onChallenge` still waiting): the step rests on 'Please complete
 * the security check…' and its link; only the create met by the challenge was sent. What follows
 * once it is passed: 'Challenge Passed Then Replayed'.
 */
export const ChallengeAndReplay: Story = {
  globals: NO_FAULT,
  args: FROM_PRO,
  render: challengeNeverPassed,
  parameters: sandbox({ fault: { challenge: true, route: CREATE } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    await fillProject(canvas);
    await sendRequest(canvas);
    const notice = await canvas.findByText('Please complete the security check: your request is sent as soon as it is passed.');
    await expect(notice).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the security check' })).toBeVisible();
    await expect(canvas.queryByRole('dialog', { name: 'Send your request?' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Tell us about your project' })).toBeVisible();
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead').map((r) => r.status)).toEqual([511]);
  },
};

/** The same 511, the host's challenge passed 1.5 s later: the create is replayed once (same key) and the funnel moves on. */
export const ChallengePassedThenReplayed: Story = {
  globals: NO_FAULT,
  args: FROM_PRO,
  render: passingChallengeAfter(1500),
  parameters: sandbox({ fault: { challenge: true, route: CREATE } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
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
  globals: NO_FAULT,
  args: FROM_PRO,
  parameters: sandbox({ fault: { status: 500, route: CREATE } }),
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await toProject(canvas);
    await fillProject(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Single-family home' }));
    await sendRequest(canvas);
    const alert = await canvas.findByText('Your request could not be sent. Everything you typed is still here: please try again.');
    await expect(alert).toBeVisible();
    await expect(alert.closest('[role="alert"]')).toHaveTextContent(localized('Internal Server Error'));
    await expect(canvas.getByRole('textbox', { name: 'Street address' })).toHaveValue('1600 Larimer St');
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Casey');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('casey.nguyen@example.com');
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(303) 555-0177');
    await expect(canvas.getByRole('textbox', { name: 'Describe your project (optional)' })).toHaveValue('Kitchen sink drains slowly');
    await expect(canvas.getByRole('radio', { name: 'Single-family home' })).toBeChecked();
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead').map((r) => r.status)).toEqual([500]);
  },
};

/**
 * No one-time token to be had: a page without `getOneTimeToken` on a gateway without leadkit's
 * token call (its 404). The entry step says so as it shows, in place of its form: nothing to type
 * two steps for (docs/widgets/raq-funnel.md#requests-cannot-be-sent).
 */
export const EntryRequestsUnavailable: Story = {
  globals: NO_FAULT,
  args: FROM_PRO,
  parameters: sandbox({ fault: { status: 404, route: 'POST /gateway/lead/v1/one-time-token' } }),
  // The gateway's "not offered" is remembered for a day (src/gateway/not-offered.ts): gone before and after this story.
  beforeEach: () => {
    const forget = () => localStorage.removeItem(NOT_OFFERED_STORAGE_KEY);
    forget();
    return forget;
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    const notice = await canvas.findByText(localized('Requests cannot be sent from this page right now'));
    await expect(notice).toBeVisible();
    await expect(notice.closest('[role="alert"]')).toHaveTextContent(text('funnel.unavailable.detail'));
    await expect(canvas.queryByRole('combobox', { name: 'What do you need help with?' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Continue' })).toBeNull();
  },
};

/**
 * A request that could not be sent, kept on this device (docs/drafts.md#the-funnels-request): the
 * funnel opens again (a reload, the tab opened again) on its project step with the request put
 * back, the hint and 'Discard this request'.
 */
export const ProjectRequestKept: Story = {
  globals: NO_FAULT,
  // The kept answers are the customer's choices in the language the step showed them (en-US here):
  // a page in another language has other options to check.
  parameters: { locale: 'en-US' },
  args: FROM_PRO,
  loaders: [
    keptDraft(
      funnelRequestDraftKey('default'),
      keptRequestText({
        spId: 1001,
        form: { categoryId: 100, categoryName: 'Plumbing', taskCategoryId: null, taskCategoryName: null, postalCode: '80202', serviceProviderId: 1001 },
        details: {
          description: 'Kitchen sink drains slowly',
          urgency: null,
          answers: [{ questionText: 'What type of property is this?', answerText: 'Single-family home' }],
          address: { lineOne: '1600 Larimer St', lineTwo: '', city: 'Denver', state: 'CO', postalCode: '80202' },
          showAddress: false,
          contact: { firstName: 'Casey', lastName: 'Nguyen', email: 'casey.nguyen@example.com', phoneNumber: '(303) 555-0177' },
        },
      }),
    ),
  ],
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await stepHeading(canvas, 'Tell us about your project');
    const [hint] = await canvas.findAllByText(text('funnel.project.restored'), { selector: '[part="funnel-restored"] p' });
    await expect(hint).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Discard this request' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Casey');
    await expect(canvas.getByRole('textbox', { name: 'Street address' })).toHaveValue('1600 Larimer St');
    await expect(canvas.getByRole('radio', { name: 'Single-family home' })).toBeChecked();
    // It rests here, the kept request shown: sending it again is the component test's
    // (src/widgets/raq-funnel/raq-funnel-kept-request.test.tsx).
    await expect(requests(context, 'POST', '/gateway/lead/v3/lead')).toHaveLength(0);
  },
};

/** es-US: the first step in Spanish. */
export const InSpanish: Story = {
  globals: NO_FAULT,
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, 'Reciba cotizaciones de profesionales locales')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent(localized('Su servicio'));
    await expect(await canvas.findByRole('combobox', { name: '¿Con qué necesita ayuda?' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Código postal' })).toBeVisible();
  },
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer. */
export const RightToLeftLongTexts: Story = {
  globals: NO_FAULT,
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await stepHeading(canvas, pseudoLocalize('Get quotes from local pros'))).toBeVisible();
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
