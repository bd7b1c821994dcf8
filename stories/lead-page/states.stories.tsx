import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { pseudoLocalize } from '../support/story-locale';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadPage, type LeadPageProps } from '../../src/react';
import { elementFrame, type ElementFrameOptions } from '../support/element-frame';
import { localized } from '../support/story-text';
import { shadowOf } from '../support/queries';
import { SANDBOX_NOW, sandboxOf, type SandboxParameters } from '../support/sandbox';
import { DARK, expectWithinViewport, PHONE, NO_FAULT } from '../support/pinned';
import { orFaultState } from '../support/faults';

/**
 * The real <lead-page> element (docs/widgets/lead-page.md), against the story's sandbox gateway
 * (provider 1001). Pick another state with the "Fault" toolbar or the leadId control.
 */

const LEAD_LABELS: Record<number, string> = {
  [SANDBOX_LEADS.purchased]: `${SANDBOX_LEADS.purchased} purchased`,
  [SANDBOX_LEADS.availableToUnlock]: `${SANDBOX_LEADS.availableToUnlock} available: unlocks on open`,
  [SANDBOX_LEADS.unavailableExpired]: `${SANDBOX_LEADS.unavailableExpired} unavailable (> 24 h)`,
  [SANDBOX_LEADS.unavailableSoldOut]: `${SANDBOX_LEADS.unavailableSoldOut} unavailable (3 buyers)`,
  [SANDBOX_LEADS.notOffered]: `${SANDBOX_LEADS.notOffered} never sent to 1001 (403)`,
};

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

/** The element on the sandbox's clock (the seed's 24 h / 3-buyer windows), `parameters.clockAheadMs` later (its `now` property). */
const page = (options: ElementFrameOptions = {}) =>
  elementFrame('lead-page', {
    ...options,
    properties: (story, { parameters }) => {
      const at = story.now.getTime() + ((parameters as { clockAheadMs?: number }).clockAheadMs ?? 0);
      return { now: () => new Date(at) };
    },
  });

const meta = {
  title: 'Elements/<lead-page>/States',
  component: LeadPage,
  args: { leadId: SANDBOX_LEADS.purchased, spId: 1001, apiVersion: 'v2' },
  argTypes: {
    leadId: { control: { type: 'select', labels: LEAD_LABELS }, options: Object.keys(LEAD_LABELS).map(Number) },
    spId: { control: 'number' },
    apiVersion: { control: 'inline-radio', options: ['v2', 'v1'] },
    errorMessage: { control: 'text' },
  },
  render: page(),
} satisfies Meta<LeadPageProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const APOLOGY = 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.';

/** The lead request never answers: the banner (and, on a wide page, the FAQ) show at once, the card is a skeleton. */
export const Loading: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { latency: 3_600_000 } }),
  // Resting there: the gateway's time limit as long as the answer's delay (by default the call gives up, 'Request Timeout').
  render: elementFrame('lead-page', { properties: (story) => ({ gateway: { ...story.config, timeoutMs: 3_600_000 } }) }),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(canvas.getByText('Better leads when you want them.')).toBeVisible();
    // Beside the card on a wide page; in one column (a phone) the panel waits for the lead, under which it comes.
    if ((root.host as HTMLElement).getBoundingClientRect().width >= 760) await expect(await canvas.findByRole('heading', { name: 'FAQ' })).toBeVisible();
    else await expect(canvas.queryByRole('heading', { name: 'FAQ' })).toBeNull();
    // The card's place is busy, its skeleton shown (at any width: on a phone another busy region comes first).
    const skeleton = root.querySelector('[data-skeleton]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton?.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** A lead the provider bought: Lead Unlocked, Be the first!, the customer as links. */
export const Purchased: Story = {
  tags: ['data'],
  play: orFaultState(async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Be the first!' })).toBeVisible();
    await expect(root.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    // The phone shows as (NXX) NXX-XXXX and dials +1 and the same ten digits.
    const phone = canvas.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    const digits = (phone.textContent ?? '').replace(/\D/g, '');
    await expect(phone).toHaveAttribute('href', `tel:+1${digits}`);
    await expect(canvas.getByRole('link', { name: /@example\.com$/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await expect(canvas.getByRole('link', { name: /Denver, CO/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/www\.google\.com\/maps\//));
    await expect(canvas.getByText('Project Timing')).toBeVisible();
  }),
};

/** 'Purchased' on a phone (the viewport pinned to Phone, 390 px): the card's rows stack, nothing reaches past the screen. */
export const PurchasedPhone: Story = {
  tags: ['data'],
  globals: PHONE,
  play: orFaultState(async (context) => {
    await Purchased.play?.(context);
    const { host } = await shadowOf(context.canvasElement);
    await expectWithinViewport(host);
  }),
};

/** 'Purchased' in the dark theme (pinned): the page's `--lk-*` colours, native controls dark too. */
export const PurchasedDark: Story = {
  tags: ['data'],
  globals: DARK,
  play: orFaultState(async (context) => {
    await Purchased.play?.(context);
    const { host } = await shadowOf(context.canvasElement);
    await expect(getComputedStyle(host).colorScheme).toBe('dark');
  }),
};

/** A LeadFeed lead still available to 1001: opening the page buys it (the unlock). */
export const UnlockOnOpen: Story = {
  globals: NO_FAULT,
  args: { leadId: SANDBOX_LEADS.availableToUnlock },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', expect.stringMatching(/^tel:\+1\d{10}$/));
    // Sent 1 h ago, one buyer before this one — what is left for the others.
    await expect(canvas.getByText('1 of 3 spots left')).toBeVisible();
    await expect(canvas.getByText('23 h left')).toBeVisible();
  },
};

/** The same lead looked at 22 h 59 min later: its last minute (the page counts down on its own). */
export const UnlockedLastMinute: Story = {
  globals: NO_FAULT,
  args: { leadId: SANDBOX_LEADS.availableToUnlock },
  parameters: { clockAheadMs: (22 * 60 + 59) * 60_000 },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    await expect(canvas.getByText('1 of 3 spots left')).toBeVisible();
    await expect(canvas.getByText('1 min left')).toBeVisible();
  },
};

async function expectUnavailable(canvasElement: HTMLElement, reason: string) {
  const { canvas } = await shadowOf(canvasElement);
  await expect(await canvas.findByText('This lead is no longer available for purchase.')).toBeVisible();
  // Why it is gone.
  await expect(canvas.getByText(reason)).toBeVisible();
  await expect(canvas.getByRole('article')).toBeVisible();
  await expect(canvas.queryByRole('heading', { name: 'Lead Unlocked' })).toBeNull();
  // No customer details: no phone, e-mail or map links.
  await expect(canvas.queryAllByRole('link')).toHaveLength(0);
}

/** Sent to 1001 30 h ago, never bought: past the 24 h window. */
export const UnavailableExpired: Story = {
  tags: ['data'],
  args: { leadId: SANDBOX_LEADS.unavailableExpired },
  play: orFaultState(({ canvasElement }) => expectUnavailable(canvasElement, 'Sent more than 24 hours ago')),
};

/** Sent 2 h ago, but 3 providers bought it already. */
export const UnavailableSoldOut: Story = {
  tags: ['data'],
  args: { leadId: SANDBOX_LEADS.unavailableSoldOut },
  play: orFaultState(({ canvasElement }) => expectUnavailable(canvasElement, '3 pros bought this lead')),
};

/**
 * A gateway that answers a lead not bought whose window is still open (the sandbox buys such a
 * lead on opening, so this answer is pinned): the spec's text, the window's line beside it.
 */
export const UnavailableWindowOpen: Story = {
  globals: NO_FAULT,
  parameters: sandbox({
    fault: {
      status: 200,
      route: 'GET /gateway/lead/office/v2/leads/:leadId',
      body: {
        leadId: SANDBOX_LEADS.unavailableSoldOut,
        purchased: false,
        info: {
          title: 'Water heater replacement',
          description: '',
          urgency: 'Within a week',
          category: { id: 10002, name: 'Water Heater Installation' },
          attributes: [],
        },
        address: { city: 'Denver', state: 'CO', postalCode: '80202' },
        purchaseWindow: { buyerCount: 1, sentAt: new Date(Date.parse(SANDBOX_NOW) - 3_600_000).toISOString() },
      },
    },
  }),
  play: async (context) => {
    await expectUnavailable(context.canvasElement, '2 of 3 spots left');
    const { canvas } = await shadowOf(context.canvasElement);
    await expect(canvas.getByText('23 h left')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The v1 call (user + firstLine) renders the same page. */
export const V1Response: Story = {
  tags: ['data'],
  args: { apiVersion: 'v1' },
  play: orFaultState(async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Denver, CO/ })).toBeVisible();
    const paths = sandboxOf(context).gateway.store.requests.map((request) => request.path);
    await expect(paths).toEqual([`/gateway/lead/office/v1/leads/${SANDBOX_LEADS.purchased}`]);
  }),
};

async function errorBanner(canvasElement: HTMLElement) {
  const { canvas } = await shadowOf(canvasElement);
  return { canvas, alert: await canvas.findByRole('alert') };
}

export const Error401: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 401 } }),
  play: async ({ canvasElement }) => {
    const { canvas, alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized('Unauthorized'));
    await expect(alert).toHaveTextContent(localized('You are not logged in. Please log in.'));
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** A real 403 from the sandbox: lead 300104 was never sent to provider 1001. */
export const Error403: Story = {
  globals: NO_FAULT,
  args: { leadId: SANDBOX_LEADS.notOffered },
  play: async ({ canvasElement }) => {
    const { canvas, alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized('Forbidden'));
    await expect(alert).toHaveTextContent(localized('You do not have access to view this content.'));
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

export const Error500: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500 } }),
  play: async ({ canvasElement }) => {
    const { canvas, alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized('Internal Server Error'));
    await expect(alert).toHaveTextContent(localized('Our services are down at the moment. Please try again later.'));
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** One 500, then the gateway recovers: 'Try again' loads the lead. */
export const Error500ThenRetry: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 500, times: 1 } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await errorBanner(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A status the error catalogue has no line for (418): the apology (docs/gateway.md#errors). */
export const ErrorUnknownStatus: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 418 } }),
  play: async ({ canvasElement }) => {
    const { alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized(APOLOGY));
  },
};

/** No answer at all (the sandbox drops the request). */
export const NetworkError: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { drop: true } }),
  play: async ({ canvasElement }) => {
    const { canvas, alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized('We could not reach the server. Check your connection and try again.'));
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A host's own error text wins over the status text; the title still names the status. */
export const CustomErrorMessage: Story = {
  globals: NO_FAULT,
  args: { leadId: SANDBOX_LEADS.notOffered, errorMessage: 'Ask your account owner to share this lead with you.' },
  play: async ({ canvasElement }) => {
    const { alert } = await errorBanner(canvasElement);
    await expect(alert).toHaveTextContent(localized('Ask your account owner to share this lead with you.'));
    await expect(alert).toHaveTextContent(localized('Forbidden'));
    await expect(alert).not.toHaveTextContent(localized('You do not have access to view this content.'));
  },
};

/** The FAQ answers open on click (native <details>). */
export const FaqOpen: Story = {
  globals: NO_FAULT,
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    const answer = canvas.getByText('A lead can be purchased until 24 hours after it was sent or until 3 companies have bought it.');
    await expect(answer).not.toBeVisible();
    await userEvent.click(canvas.getByText('How long can I purchase a lead?'));
    await expect(answer).toBeVisible();
    await expect(answer.closest('details')).toHaveAttribute('open');
    await expect(canvas.getByText('Most leads cost $7-75 depending on job size and location.')).not.toBeVisible();
  },
};

const PLUM = 'rgb(106, 27, 154)';
const themed = page({
  style: {
    '--lk-color-primary': '#6a1b9a',
    '--lk-color-notice-surface': '#f6edfa',
    '--lk-font-family': 'Georgia, "Times New Roman", serif',
    '--lk-radius': '2px',
  },
  className: 'lk-theme-plum',
});

/**
 * Theming: --lk-* custom properties set on the widget's host, plus a ::part() rule for the
 * beta banner (parts: lead-page, beta-banner, lead-card, customer, project-details, unlocked,
 * be-first, unavailable, side-panel, error-banner).
 */
export const Customization: Story = {
  globals: NO_FAULT,
  render: (args, context) => (
    <>
      <style>{'.lk-theme-plum::part(beta-banner) { background: #4a148c; }'}</style>
      {themed(args, context)}
    </>
  ),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const phone = await canvas.findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    await expect(getComputedStyle(phone).color).toBe(PLUM);
    await expect(getComputedStyle(canvas.getByRole('article')).borderRadius).toBe('2px');
    await expect(getComputedStyle(canvas.getByRole('heading', { name: 'Lead Unlocked' })).fontFamily).toMatch(/^Georgia/);
    const banner = root.querySelector('[part~="beta-banner"]') as HTMLElement;
    await waitFor(() => expect(getComputedStyle(banner).backgroundImage).toBe('none'));
    await expect(getComputedStyle(banner).backgroundColor).toBe('rgb(74, 20, 140)');
  },
};

/** es-US: the lead page in Spanish (LeadFeed and BETA are names and stay). */
export const InSpanish: Story = {
  tags: ['data'],
  parameters: { locale: 'es-US' },
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Preguntas frecuentes' })).toBeVisible();
    await expect(canvas.getByText('Mejores clientes potenciales cuando usted los quiera.')).toBeVisible();
    await expect(canvas.queryByText(/^Better leads when you want them\.$/)).toBeNull();
  }),
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer. */
export const RightToLeftLongTexts: Story = {
  globals: NO_FAULT,
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: pseudoLocalize('FAQ') })).toBeVisible();
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
