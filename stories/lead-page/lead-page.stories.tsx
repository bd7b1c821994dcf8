import { useCallback } from 'react';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { localized, text } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { leadPageElement } from '../../src/elements/lead-page.element';
import { defineElement } from '../../src/elements/define-element';
import baseCss from '../../src/ui/core/base.css?inline';
import { ElementDocsPage } from '../docs/element-docs-page';
import { ElementHost } from '../support/element-host';
import { shadowOf } from '../support/queries';
import { sandboxOf, useSandbox, type SandboxParameters } from '../support/sandbox';
import { ShadowFrame } from '../support/shadow-frame';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <lead-page> custom element (src/elements): attributes, JS properties, events,
 * style isolation. Registration is guarded (defineElement checks customElements first).
 */
defineElement(leadPageElement);
const TAG = 'lead-page';

interface ElementArgs {
  'lead-id': number;
  'sp-id': number;
  'api-version': 'v1' | 'v2';
  'error-message'?: string;
}

type LeadPageElement = HTMLElement & Record<string, unknown>;

/** Attributes from the args; the gateway config (in-process fetch) as the one JS property. */
function AttributesElement({ 'lead-id': leadId, 'sp-id': spId, 'api-version': apiVersion, 'error-message': errorMessage }: ElementArgs) {
  const sandbox = useSandbox();
  const setup = useCallback(
    (element: HTMLElement) => {
      const attributes = { 'lead-id': leadId, 'sp-id': spId, 'api-version': apiVersion, 'error-message': errorMessage };
      for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== '') element.setAttribute(name, String(value));
      // A config, not a client: the element builds its client, with provider auth from sp-id.
      (element as LeadPageElement).gateway = sandbox.config;
    },
    [leadId, spId, apiVersion, errorMessage, sandbox],
  );
  return <ElementHost tag={TAG} setup={setup} />;
}

const meta = {
  title: 'Elements/<lead-page>',
  globals: NO_FAULT,
  tags: ['autodocs'],
  args: { 'lead-id': SANDBOX_LEADS.purchased, 'sp-id': 1001, 'api-version': 'v2' },
  argTypes: {
    'lead-id': { control: 'select', options: Object.values(SANDBOX_LEADS) },
    'sp-id': { control: 'number' },
    'api-version': { control: 'inline-radio', options: ['v2', 'v1'] },
    'error-message': { control: 'text' },
  },
  render: (args) => <AttributesElement {...args} />,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const element = (canvasElement: HTMLElement) => shadowOf(canvasElement, TAG);

/** `<lead-page lead-id="300002" sp-id="1001">`: the provider's auth comes from sp-id. */
export const Attributes: Story = {
  play: async (context) => {
    const { host, canvas } = await element(context.canvasElement);
    await expect(host).toHaveAttribute('lead-id', String(SANDBOX_LEADS.purchased));
    await expect(await canvas.findByRole('heading', { name: 'Lead Unlocked' })).toBeVisible();
    const [request] = sandboxOf(context).gateway.store.requests;
    await expect(request?.headers['x-caller-type']).toBe('ServiceProvider');
    await expect(request?.headers['x-caller-id']).toBe('1001');
  },
};

/** Changing an attribute reloads: lead-id 300002 → 300101. */
export const AttributeChange: Story = {
  play: async ({ canvasElement }) => {
    const { host, canvas } = await element(canvasElement);
    await canvas.findByRole('heading', { name: 'Lead Unlocked' });
    host.setAttribute('lead-id', String(SANDBOX_LEADS.unavailableExpired));
    await expect(await canvas.findByText('This lead is no longer available for purchase.')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Lead Unlocked' })).toBeNull();
  },
};

const analyticsPage = fn().mockName('analytics.page');
const analyticsTrack = fn().mockName('analytics.track');

/** Everything as JS properties: a ready gateway client, ids, message overrides, analytics sink. */
function PropertiesElement() {
  const sandbox = useSandbox();
  const setup = useCallback(
    (host: HTMLElement) => {
      Object.assign(host, {
        gateway: sandbox.client,
        leadId: SANDBOX_LEADS.purchased,
        spId: sandbox.spId,
        messages: { 'leadPage.unlocked': 'Lead unlocked: call them now' },
        analytics: { page: analyticsPage, track: analyticsTrack },
      });
    },
    [sandbox],
  );
  return <ElementHost tag={TAG} setup={setup} />;
}

export const Properties: Story = {
  render: () => <PropertiesElement />,
  play: async ({ canvasElement }) => {
    const { host, canvas } = await element(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Lead unlocked: call them now' })).toBeVisible();
    // Objects stay objects: the client keeps its methods, the sink is called with ids only.
    await expect((host as LeadPageElement).analytics).toEqual({ page: analyticsPage, track: analyticsTrack });
    await expect(analyticsPage).toHaveBeenCalledWith('SP : Lead Page', { userType: 'Authenticated', leadId: SANDBOX_LEADS.purchased });
    // A number property reflects to its attribute and reloads.
    (host as LeadPageElement).leadId = SANDBOX_LEADS.unavailableSoldOut;
    await expect(host).toHaveAttribute('lead-id', String(SANDBOX_LEADS.unavailableSoldOut));
    await expect(await canvas.findByText('This lead is no longer available for purchase.')).toBeVisible();
  },
};

interface Recorded {
  type: string;
  bubbles: boolean;
  composed: boolean;
  cancelable: boolean;
  defaultPrevented: boolean;
  detail: unknown;
  /** Where it was dispatched (composedPath()[0]). */
  origin: EventTarget | undefined;
  /** What a listener on the story root sees as the target (retargeted across shadow roots). */
  target: EventTarget | null;
}

/** Events recorded by a listener on the story root, per story canvas. */
const recordings = new WeakMap<HTMLElement, Recorded[]>();
const EVENT_TYPES = ['lk-load', 'lk-error', 'lk-navigate'] as const;

/** Listens on the story root before the element mounts (so nothing is missed); cancels lk-navigate. */
function listenOnStoryRoot({ canvasElement }: StoryContext) {
  const events: Recorded[] = [];
  recordings.set(canvasElement, events);
  const listener = (event: Event) => {
    if (event.type === 'lk-navigate') event.preventDefault(); // a host router taking over
    events.push({
      type: event.type,
      bubbles: event.bubbles,
      composed: event.composed,
      cancelable: event.cancelable,
      defaultPrevented: event.defaultPrevented,
      detail: (event as CustomEvent).detail,
      origin: event.composedPath()[0],
      target: event.target,
    });
  };
  for (const type of EVENT_TYPES) canvasElement.addEventListener(type, listener);
  return () => {
    for (const type of EVENT_TYPES) canvasElement.removeEventListener(type, listener);
  };
}

const recorded = (canvasElement: HTMLElement, type: string) => (recordings.get(canvasElement) ?? []).filter((event) => event.type === type);

/** The element inside another shadow root (a host app's component): events must be composed to get out. */
function NestedElement(args: ElementArgs) {
  return <ShadowFrame styles={[baseCss]}>{() => <AttributesElement {...args} />}</ShadowFrame>;
}

/** lk-load bubbles and is composed: a listener on the story root hears it from inside two shadow roots. */
export const Events: Story = {
  render: (args) => <NestedElement {...args} />,
  beforeEach: listenOnStoryRoot,
  play: async ({ canvasElement }) => {
    const outer = await shadowOf(canvasElement);
    const { host } = await shadowOf(outer.root, TAG);
    await waitFor(() => expect(recorded(canvasElement, 'lk-load')).toHaveLength(1));
    const [load] = recorded(canvasElement, 'lk-load');
    await expect(load).toMatchObject({ bubbles: true, composed: true, cancelable: false, detail: { widget: 'lead-page' } });
    await expect(load?.origin).toBe(host);
    await expect(load?.target).toBe(outer.host); // retargeted: it crossed the outer shadow boundary
    await expect(recorded(canvasElement, 'lk-error')).toHaveLength(0);
  },
};

/** lk-error carries the status (and no customer data) when loading fails. */
export const LoadErrorEvent: Story = {
  render: (args) => <NestedElement {...args} />,
  parameters: { sandbox: { fault: { status: 500 } } satisfies SandboxParameters },
  beforeEach: listenOnStoryRoot,
  play: async ({ canvasElement }) => {
    const outer = await shadowOf(canvasElement);
    const { canvas } = await shadowOf(outer.root, TAG);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(localized('Internal Server Error'));
    await waitFor(() => expect(recorded(canvasElement, 'lk-error')).toHaveLength(1));
    await expect(recorded(canvasElement, 'lk-error')[0]).toMatchObject({
      bubbles: true,
      composed: true,
      detail: { widget: 'lead-page', status: 500, kind: 'http' },
    });
    await expect(recorded(canvasElement, 'lk-load')).toHaveLength(0);
  },
};

/** Links that leave the widget fire a cancelable lk-navigate first; a host router may take over. */
export const NavigateEvent: Story = {
  beforeEach: listenOnStoryRoot,
  play: async ({ canvasElement }) => {
    const { canvas } = await element(canvasElement);
    const phone = await canvas.findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    await userEvent.click(phone);
    await waitFor(() => expect(recorded(canvasElement, 'lk-navigate')).toHaveLength(1));
    await expect(recorded(canvasElement, 'lk-navigate')[0]).toMatchObject({
      bubbles: true,
      composed: true,
      cancelable: true,
      defaultPrevented: true,
      detail: { url: phone.getAttribute('href'), kind: 'external', newTab: false },
    });
  },
};

const HOST_RED = 'rgb(200, 0, 0)';
const HOST_PAGE_CSS = `p { color: ${HOST_RED} !important; font-family: "Courier New", monospace !important; }
body { font-family: "Courier New", monospace; color: ${HOST_RED}; }`;

/** Host page CSS with !important on `p` (and body text styles) does not reach the widget's text. */
export const StrictIsolation: Story = {
  render: (args) => (
    <>
      <p data-testid="host-paragraph">A paragraph of the host page, styled by the host page.</p>
      <AttributesElement {...args} />
    </>
  ),
  beforeEach: () => {
    const style = document.createElement('style');
    style.dataset.story = 'strict-isolation';
    style.textContent = HOST_PAGE_CSS;
    document.head.append(style);
    return () => style.remove();
  },
  play: async ({ canvasElement, globals }) => {
    const hostParagraph = canvasElement.querySelector('[data-testid="host-paragraph"]') as HTMLElement;
    await expect(getComputedStyle(hostParagraph).color).toBe(HOST_RED); // the host rule is live
    const { canvas } = await element(canvasElement);
    await canvas.findByRole('heading', { name: 'Lead Unlocked' });
    const tagline = canvas.getByText('Better leads when you want them.');
    await expect(tagline.tagName).toBe('P');
    await expect(getComputedStyle(tagline).color).toBe('rgb(255, 255, 255)');
    const detail = canvas.getByText(text('leadPage.unlockedDetail'));
    // The widget's own text colour (--lk-color-text: the default's, or a toolbar theme's), never the host's.
    await expect(getComputedStyle(detail).color).not.toBe(HOST_RED);
    if (globals.theme === 'light') await expect(getComputedStyle(detail).color).toBe('rgb(31, 41, 51)');
    await expect(getComputedStyle(detail).fontFamily).toMatch(/^system-ui/);
  },
};

/** Theming the element: --lk-* custom properties on the tag itself and a ::part() rule. */
export const Theming: Story = {
  render: (args) => (
    <>
      <style>
        {
          'lead-page.themed { --lk-color-primary: #6a1b9a; --lk-font-family: Georgia, serif; } lead-page.themed::part(unlocked) { border-inline-start-color: #6a1b9a; }'
        }
      </style>
      <ThemedElement {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const { canvas } = await element(canvasElement);
    const phone = await canvas.findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
    await expect(getComputedStyle(phone).color).toBe('rgb(106, 27, 154)');
    await expect(getComputedStyle(phone).fontFamily).toMatch(/^Georgia/);
  },
};

function ThemedElement({ 'lead-id': leadId, 'sp-id': spId }: ElementArgs) {
  const sandbox = useSandbox();
  const setup = useCallback(
    (host: HTMLElement) => {
      host.className = 'themed';
      host.setAttribute('lead-id', String(leadId));
      host.setAttribute('sp-id', String(spId));
      (host as LeadPageElement).gateway = sandbox.config;
    },
    [leadId, spId, sandbox],
  );
  return <ElementHost tag={TAG} setup={setup} />;
}
