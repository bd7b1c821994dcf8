import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSandboxGateway, SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN, type SandboxGateway } from '@leadkit/sandbox';
import type { GatewayAuth } from '../../gateway/core/auth';
import type { ChallengeBody } from '../../gateway/core/challenge';
import { createGatewayClient, type GatewayClientConfig } from '../../gateway/core/client';
import { getFollowUpDeals } from '../../gateway/lead/funnel/calls';
import type { LeadkitEventName } from '../../contract/events';
import { WidgetShell } from '../../runtime/widget-shell';
import { RaqFunnelRoot } from './raq-funnel';
import type { RaqFunnelProps } from './raq-funnel-props';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';
import { preloadFunnelParts } from '../../../test/support/raq-funnel';
import { holdingFetch } from '../../../test/helpers/holding-fetch';
import { strictAnswers, type StrictRule } from '../../../test/helpers/strict-answers';

beforeAll(preloadFunnelParts);

/**
 * <raq-funnel> in happy-dom against the in-process sandbox: the UI rules — category
 * choice and the taxonomy rule, the pro's category, eligibility and alternatives, validation,
 * one lead for a double click, the 511 replay, a failure that keeps what was typed, the
 * suggestion checkboxes, the redirect to the summary, the phone update and hiring, and the
 * step changes (announced, focused, scrolled). Assertions are on what the customer sees (roles
 * and texts) and on what the sandbox received.
 */

type Recorded = { type: LeadkitEventName; detail: Record<string, unknown> };

interface RenderOptions {
  auth?: GatewayAuth;
  /** The host's challenge handler; default: none (as a host without one). */
  onChallenge?: (challenge: ChallengeBody, sandbox: SandboxGateway) => Promise<boolean> | boolean;
  /** Requests whose URL matches wait until the test calls `release()` (a slow connection). */
  hold?: RegExp;
  /** The host's one-time token function (gateway config). */
  getOneTimeToken?: GatewayClientConfig['getOneTimeToken'];
  /** Answers reshaped the way a strict gateway sends them (test/helpers/strict-answers.ts). */
  strict?: readonly StrictRule[];
}

function renderFunnel(props: RaqFunnelProps = {}, options: RenderOptions = {}) {
  const sandbox = createSandboxGateway();
  const onChallenge = options.onChallenge;
  const { fetch, release } = holdingFetch(options.strict ? strictAnswers(sandbox.fetch, options.strict) : sandbox.fetch, options.hold);
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch,
    auth: options.auth ?? { kind: 'anonymous' },
    retry: { retries: 0 },
    onChallenge: onChallenge ? (challenge) => onChallenge(challenge, sandbox) : undefined,
    getOneTimeToken: options.getOneTimeToken,
  });
  const host = new EventTarget();
  const events: Recorded[] = [];
  for (const type of ['lk-navigate', 'lk-lead-create', 'lk-load'] as const) {
    host.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail as Record<string, unknown> }));
  }
  const owner = {};
  const ui = (next: RaqFunnelProps) => (
    <WidgetShell owner={owner} host={host} catalogue={RAQ_FUNNEL_CATALOGUE} inputs={{ gateway: client }}>
      <RaqFunnelRoot {...next} />
    </WidgetShell>
  );
  const view = render(ui(props));
  const received = (method: string, path: string | RegExp) =>
    sandbox.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  const of = (type: LeadkitEventName) => events.filter((e) => e.type === type).map((e) => e.detail);
  return { sandbox, client, events: of, received, release, user: userEvent.setup(), rerender: (next: RaqFunnelProps) => view.rerender(ui(next)) };
}

type Funnel = ReturnType<typeof renderFunnel>;

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: string) => screen.getByRole('textbox', { name });
/** The accessible description: the texts of the aria-describedby ids, in order. */
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
const liveRegion = () => screen.getAllByRole('status').find((node) => node.getAttribute('aria-atomic') === 'true')!;

/** The entry step with a pro and a ZIP code given: Continue checks eligibility and opens the project step. */
async function toProject(funnel: Funnel) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
  await screen.findByText('Denver, CO');
  await funnel.user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Tell us about your project');
  await screen.findByRole('textbox', { name: 'Street address' });
}

async function fillProject(funnel: Funnel) {
  const { user } = funnel;
  await user.click(screen.getByRole('radio', { name: 'Single-family home' }));
  await user.type(field('Describe your project (optional)'), 'Kitchen sink drains slowly');
  await user.type(field('Street address'), '1600 Larimer St');
  await user.type(field('First name'), 'Casey');
  await user.type(field('Last name'), 'Nguyen');
  await user.type(field('Email'), 'casey.nguyen@example.com');
  await user.type(field('Phone number'), '3035550177');
}

async function toSuggestions(funnel: Funnel) {
  await toProject(funnel);
  await fillProject(funnel);
  await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send your request?' });
  await funnel.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  await heading('Send your request to more pros');
  await screen.findAllByRole('checkbox');
  return funnel.received('POST', '/gateway/lead/v3/lead').at(-1)!;
}

let scrolls: ScrollIntoViewOptions[];
let reducedMotion: boolean;

beforeEach(() => {
  sessionStorage.clear();
  scrolls = [];
  reducedMotion = false;
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation((options?: boolean | ScrollIntoViewOptions) => {
    scrolls.push(options as ScrollIntoViewOptions);
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion') && reducedMotion,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});

afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  vi.unstubAllGlobals();
});

describe('entry: service, ZIP code, the pro', () => {
  it('offers the top categories before typing, asks the autocomplete as the customer types, and a task files under its parent (taxonomy rule)', async () => {
    const funnel = renderFunnel();
    const { user, received } = funnel;
    const combobox = await screen.findByRole('combobox', { name: 'What do you need help with?' });
    await waitFor(() => expect(funnel.events('lk-load')).toEqual([{ widget: 'raq-funnel' }]));
    await user.click(combobox);
    const top = await screen.findByRole('listbox', { name: 'What do you need help with?' });
    await waitFor(() => expect(within(top).getAllByRole('option').length).toBeGreaterThan(3));
    expect(within(top).getByRole('option', { name: 'Plumbing' })).toBeTruthy();
    expect(received('GET', '/gateway/lead/v1/topCategories')).toHaveLength(1);

    await user.type(combobox, 'drain');
    await screen.findByRole('option', { name: 'Drain Cleaning' });
    expect(received('GET', '/gateway/lead/v2/autocomplete').at(-1)?.query).toEqual({ query: 'drain', taxonomyName: 'HA Task', limit: '10' });
    // Keyboard: the first result, then Enter.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(combobox).toHaveProperty('value', 'Drain Cleaning'));

    await user.type(field('ZIP code'), '80202');
    expect(await screen.findByText('Denver, CO')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Tell us about your project');
    // The project step names the task; the lead is filed under it, its parent is the category.
    expect(await screen.findByText('Drain Cleaning')).toBeTruthy();
    // The address starts with the ZIP code's city and state.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Denver'));
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveProperty('value', 'CO');
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveProperty('value', '80202');
  });

  it("coming from a pro: the pro's own services before typing, and first among the typed results", async () => {
    // Rocky Mountain Handyman: handyman work and painting, toilets and faucets — not plumbing at large.
    const { user } = renderFunnel({ spId: 1005 });
    await heading('Request a quote from Rocky Mountain Handyman');
    const combobox = screen.getByRole('combobox', { name: 'What do you need help with?' });
    await user.click(combobox);
    const list = await screen.findByRole('listbox', { name: 'What do you need help with?' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Handyman Services', 'Painting']),
    );

    cleanup();

    // Mile High Electric, 'installation': the gateway's ten, alphabetical; the pro's four first.
    const electric = renderFunnel({ spId: 1002 });
    await heading('Request a quote from Mile High Electric');
    const field = screen.getByRole('combobox', { name: 'What do you need help with?' });
    await waitFor(() => expect(field).toHaveProperty('value', 'Electrical'));
    await electric.user.clear(field);
    await electric.user.type(field, 'installation');
    await screen.findByRole('option', { name: 'Outlet Installation' });
    const names = within(screen.getByRole('listbox', { name: 'What do you need help with?' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      'Ceiling Fan Installation',
      'EV Charger Installation',
      'Lighting Installation',
      'Outlet Installation',
      'AC Installation',
      'Faucet Installation',
      'Gutter Guard Installation',
      'Hardwood Floor Installation',
      'Shower Installation',
      'Sod Installation',
    ]);
  });

  it('says what is missing: no service chosen, an unknown ZIP code', async () => {
    const { user, received } = renderFunnel();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const combobox = screen.getByRole('combobox', { name: 'What do you need help with?' });
    expect(screen.getByText('Please choose a service from the list').getAttribute('role')).toBe('alert');
    expect(combobox.getAttribute('aria-invalid')).toBe('true');
    expect(description(combobox)).toBe('Please choose a service from the list');
    await waitFor(() => expect(document.activeElement).toBe(combobox));

    // A top category, from the list shown before typing.
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'House Cleaning' }));
    await waitFor(() => expect(combobox).toHaveProperty('value', 'House Cleaning'));
    await user.type(field('ZIP code'), '99999');
    expect(await screen.findByText('We could not find this ZIP code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(description(field('ZIP code'))).toContain('We could not find this ZIP code');
    expect(document.activeElement).toBe(field('ZIP code'));
    await heading('Get quotes from local pros');
    expect(received('GET', /postalcode-eligibility/)).toHaveLength(0);
  });

  it("coming from a pro (sp-id): its best-reviewed category is chosen, and only the pro's own services are offered before typing", async () => {
    const { user, received } = renderFunnel({ spId: 1002 });
    await heading('Request a quote from Mile High Electric');
    const combobox = screen.getByRole('combobox', { name: 'What do you need help with?' });
    await waitFor(() => expect(combobox).toHaveProperty('value', 'Electrical'));
    expect(received('GET', '/gateway/lead/v1/serviceprovider/1002/details')).toHaveLength(1);
    // The funnel speaks for the customer: the pro's id is not the caller.
    expect(received('GET', '/gateway/lead/v1/serviceprovider/1002/details')[0]?.headers['x-caller-type']).toBe('Member');

    // Not the site's top categories (Plumbing, Heating & A/C…), which it would refuse after a pick.
    await user.click(combobox);
    const list = await screen.findByRole('listbox', { name: 'What do you need help with?' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Electrical']),
    );
    expect(screen.queryByText(/does not offer/)).toBeNull();
  });

  it("Continue pressed before the pro's details have arrived waits for them ('Checking your area…'), then goes on with the pro's category", async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' }, { hold: /\/serviceprovider\/1001\/details/ });
    const next = await screen.findByRole('button', { name: 'Continue' });
    await funnel.user.click(next);
    expect(await screen.findByText('Checking your area…')).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
    // A second press joins the first.
    await funnel.user.click(next);
    expect(screen.queryByText('Please choose a service from the list')).toBeNull();
    expect(funnel.received('GET', /postalcode-eligibility/)).toHaveLength(0);
    funnel.release();
    await heading('Tell us about your project');
    expect(funnel.received('GET', '/gateway/lead/v1/serviceprovider/1001/postalcode-eligibility/80202')).toHaveLength(1);
    expect(funnel.received('GET', '/gateway/lead/v1/serviceprovider/1001/details')).toHaveLength(1);
  });

  it("until the pro's details arrive, the heading shows no text (its lines held by a placeholder; named for assistive technology), then names the pro", async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' }, { hold: /\/serviceprovider\/1001\/details/ });
    await screen.findByRole('button', { name: 'Continue' });
    const title = screen.getByRole('heading', { level: 2, name: 'Get quotes from local pros' });
    // The generic title is not what will show: it is only in the visually hidden text.
    expect(within(title).getByText('Get quotes from local pros').className).toBe('lk-visually-hidden');
    funnel.release();
    await heading('Request a quote from Acme Plumbing & Heating');
    expect(screen.getByRole('heading', { level: 2 }).querySelector('.lk-visually-hidden')).toBeNull();
  });

  it("coming from a pro whose details spell the id the spec's way (serviceProvideId) and carry no name: 'this pro', and the funnel goes on", async () => {
    const specDetails = (answer: unknown) => {
      const { serviceProviderId, categories } = answer as { serviceProviderId: number; categories: unknown };
      // §3's fields only, with a gateway's extra field: no name, no type, no address.
      return { serviceProvideId: serviceProviderId, categories, gatewayOnly: true };
    };
    const funnel = renderFunnel(
      { spId: 1001, postalCode: '80202' },
      { strict: [{ route: 'GET /gateway/lead/v1/serviceprovider/:id/details', answer: { reshape: specDetails } }] },
    );
    await heading('Request a quote from this pro');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
    await funnel.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Tell us about your project');
    // The pro read from `serviceProvideId` is the one the funnel goes on with.
    expect(funnel.received('GET', '/gateway/lead/v1/serviceprovider/1001/postalcode-eligibility/80202')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a preset category (category-id) the pro offers is kept and named from the taxonomy', async () => {
    const { received } = renderFunnel({ spId: 1001, categoryId: 101 });
    await heading('Request a quote from Acme Plumbing & Heating');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Heating & A/C'));
    expect(received('GET', '/gateway/lead/v1/serviceprovider/1001/details')).toHaveLength(1);
  });

  it('a pro that is not there (404): the error line, no retry (asking again would not find them)', async () => {
    renderFunnel({ spId: 9999 });
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(banner.textContent).toContain('Oops! We apologize for the inconvenience, it appears the content you requested was not found.'));
    expect(within(banner).queryByRole('button', { name: 'Try again' })).toBeNull();
    // Nor 'Log in' after a 401: a customer has no log-in page (and the funnel no routes.logIn call).
    expect(within(banner).queryByRole('link')).toBeNull();
    // The customer can still choose a service and go on without that pro's details.
    expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toBeTruthy();
  });

  it('a pro whose details failed (500): the error line and a retry that asks again', async () => {
    const funnel = renderFunnel({ spId: 2005 }, { hold: /serviceprovider\/2005\/details/ });
    funnel.sandbox.faults.status(500, undefined, { route: 'GET /gateway/lead/v1/serviceprovider/:spId/details', times: 1 });
    funnel.release();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Our services are down at the moment. Please try again later.');
    await funnel.user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await heading('Request a quote from Cap City Plumbing');
    expect(funnel.received('GET', '/gateway/lead/v1/serviceprovider/2005/details')).toHaveLength(2);
  });

  it('not eligible: the alternatives for the category and ZIP code are offered; choosing one goes on with that pro', async () => {
    const { user, received } = renderFunnel({ spId: 2005, postalCode: '80202' });
    await heading('Request a quote from Cap City Plumbing');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const notServed = await screen.findByRole('heading', { level: 3, name: 'Cap City Plumbing does not serve ZIP code 80202.' });
    await waitFor(() => expect(document.activeElement).toBe(notServed));
    expect(received('POST', '/gateway/lead/v4/serviceproviders/suggestion').at(-1)?.body).toEqual({
      categoryId: 100,
      postalCode: '80202',
      excludedServiceProviderIds: [2005],
      limit: 3,
    });
    const choices = screen.getAllByRole('button', { name: /^Choose / });
    expect(choices).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Choose Denver Rooter Express' }));
    await heading('Tell us about your project');
    expect(screen.getByText('Denver Rooter Express')).toBeTruthy();
    expect(received('GET', '/gateway/lead/v1/serviceprovider/1009/postalcode-eligibility/80202')).toHaveLength(1);
  });

  it('not eligible on a busy phone (the answer renders after the next frame): focus still lands on the heading', async () => {
    // Frames come before React's render of the answer (CI's Storybook run saw focus stay on Continue).
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      queueMicrotask(() => callback(performance.now()));
      return 0;
    });
    try {
      const { user } = renderFunnel({ spId: 2005, postalCode: '80202' });
      await heading('Request a quote from Cap City Plumbing');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const notServed = await screen.findByRole('heading', { level: 3, name: 'Cap City Plumbing does not serve ZIP code 80202.' });
      await waitFor(() => expect(document.activeElement).toBe(notServed));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('project: details, validation, creating the lead', () => {
  it("the step's facts name the service, the ZIP code and the pro; a deep link without a ZIP code leaves that fact out instead of showing it empty", async () => {
    const facts = async () => {
      await screen.findByRole('textbox', { name: 'Street address' });
      const values = screen.getAllByRole('definition');
      return screen.getAllByRole('term').map((term, index) => `${term.textContent}: ${values[index]?.textContent ?? ''}`);
    };
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    expect(await facts()).toEqual(['Service: Plumbing', 'ZIP code: 80202', 'Pro: Acme Plumbing & Heating']);
    cleanup();
    sessionStorage.clear(); // the first funnel kept its step in this tab's storage
    renderFunnel({ location: { step: 'project', serviceProviderId: 1001 } });
    await waitFor(async () => expect(await facts()).toEqual(['Service: Plumbing', 'Pro: Acme Plumbing & Heating']));
  });

  it('every field has a visible label; sending with fields missing or invalid shows each message beside its field and focuses the first', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    for (const name of [
      'Street address',
      'Apartment, suite or unit (optional)',
      'City',
      'State',
      'ZIP code',
      'First name',
      'Last name',
      'Email',
      'Phone number',
    ]) {
      expect(field(name)).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: 'Not sure yet' })).toHaveProperty('checked', true);
    await funnel.user.type(field('Email'), 'casey@');
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    const expected: [string, string][] = [
      ['Street address', 'Please enter your street address'],
      // Empty contact fields say they are needed; a filled but invalid one keeps the spec's text.
      ['First name', 'Please enter your first name'],
      ['Last name', 'Please enter your last name'],
      ['Email', 'Please enter a valid email address'],
      ['Phone number', 'Please enter your phone number'],
    ];
    for (const [name, message] of expected) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
      expect(description(field(name))).toBe(message);
    }
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(expected.map(([, message]) => message));
    await waitFor(() => expect(document.activeElement).toBe(field('Street address')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(funnel.received('POST', '/gateway/lead/v3/lead')).toHaveLength(0);
  });

  it('drops withAlId from the entry URL once the pro is known, replacing the history entry (Back leaves the funnel)', async () => {
    const funnel = renderFunnel({ location: { step: 'entry', withAlId: 1001 } });
    await waitFor(() => expect(funnel.events('lk-navigate')).toHaveLength(1));
    expect(funnel.events('lk-navigate')[0]).toEqual({
      url: expect.stringMatching(/\/app\/lead\/request_a_quote$/),
      kind: 'funnel',
      newTab: false,
      replace: true,
    });
  });

  it('creates the lead once for a double click, fires lk-lead-create, announces and focuses the next step and scrolls to it smoothly', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    expect(funnel.events('lk-navigate').at(-1)).toEqual({
      url: expect.stringMatching(/\/app\/lead\/request_a_quote\/1001\/project$/),
      kind: 'funnel',
      newTab: false,
      replace: false,
    });
    expect(liveRegion().textContent).toBe('Step 2 of 4: Your project');
    await fillProject(funnel);
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send your request?' });
    expect(within(dialog).getByText('Your project and contact information go to Acme Plumbing & Heating.')).toBeTruthy();
    await funnel.user.dblClick(within(dialog).getByRole('button', { name: 'Send request' }));
    const next = await heading('Send your request to more pros');

    const creates = funnel.received('POST', '/gateway/lead/v3/lead');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toEqual({
      source: 'RequestAQuote',
      title: 'Plumbing',
      description: 'Kitchen sink drains slowly',
      urgency: 'NA',
      categoryId: 100,
      showAddress: false,
      skipHaOLNotification: false,
      attributes: [{ questionText: 'What type of property is this?', answerText: 'Single-family home' }],
      assignedServiceProviderIds: [1001],
      assignedExternalServiceProviderIds: [],
      contactInformation: { email: 'casey.nguyen@example.com', firstName: 'Casey', lastName: 'Nguyen', phoneNumber: '3035550177' },
      address: { lineOne: '1600 Larimer St', city: 'Denver', state: 'CO', postalCode: '80202' },
    });
    expect(creates[0]?.headers.authorization).toMatch(/^OneTime ott_/);
    const leadId = funnel.sandbox.store.leads.at(-1)!.leadId;
    expect(funnel.events('lk-lead-create')).toEqual([{ leadId }]);
    expect(funnel.events('lk-navigate').at(-1)?.url).toMatch(new RegExp(`/app/lead/request_a_quote/lead/${leadId}/suggestions$`));
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(liveRegion().textContent).toBe('Step 3 of 4: More pros');
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('More pros');
    expect(scrolls.at(-1)).toEqual({ behavior: 'smooth', block: 'start' });
  });

  it('scrolls instantly when the customer prefers reduced motion', async () => {
    reducedMotion = true;
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    expect(scrolls).toEqual([{ behavior: 'instant', block: 'start' }]);
  });

  /** The project filled and sent into a 511: the funnel, and the host's challenge to pass once it runs. */
  async function sendIntoChallenge() {
    let pass!: () => void;
    let started!: () => void;
    const challenged = new Promise<void>((resolve) => (started = resolve));
    const funnel = renderFunnel(
      { spId: 1001, postalCode: '80202' },
      {
        onChallenge: (challenge, sandbox) =>
          new Promise<boolean>((resolve) => {
            pass = () => resolve(sandbox.faults.passChallenge(challenge.challengeId));
            started();
          }),
      },
    );
    await toProject(funnel);
    await fillProject(funnel);
    funnel.sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead' });
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    return { funnel, passed: challenged.then(() => pass) };
  }

  it('a 511: the modal closes, the host’s challenge runs, and the create is replayed exactly once', async () => {
    const { funnel, passed } = await sendIntoChallenge();
    expect(await screen.findByText('Please complete the security check: your request is sent as soon as it is passed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(funnel.received('POST', '/gateway/lead/v3/lead').map((r) => r.status)).toEqual([511]);

    const pass = await passed;
    act(() => pass());
    await heading('Send your request to more pros');
    const creates = funnel.received('POST', '/gateway/lead/v3/lead');
    expect(creates.map((r) => r.status)).toEqual([511, 200]);
    expect(creates[1]?.headers['idempotency-key']).toBe(creates[0]?.headers['idempotency-key']);
    expect(funnel.sandbox.store.leads.filter((lead) => lead.contact.email === 'casey.nguyen@example.com')).toHaveLength(1);
    // The event follows the step's render (an effect): on a busy machine it can land a moment after the heading.
    await waitFor(() => expect(funnel.events('lk-lead-create')).toHaveLength(1));
  });

  it('a 511 passed whose replay’s answer is lost: the step says the request could not be sent (not that the check failed); Send again gets that one lead', async () => {
    const { funnel, passed } = await sendIntoChallenge();
    const pass = await passed;
    // The server creates the lead; its answer is lost.
    funnel.sandbox.faults.drop({ route: 'POST /gateway/lead/v3/lead', times: 1, afterHandling: true });
    act(() => pass!());
    const failed = await screen.findByText('Your request could not be sent. Everything you typed is still here: please try again.');
    expect(failed.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/The security check was not passed/)).toBeNull();
    expect(field('First name')).toHaveProperty('value', 'Casey');

    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    await heading('Send your request to more pros');
    const creates = funnel.received('POST', '/gateway/lead/v3/lead');
    expect(creates.map((r) => r.status)).toEqual([511, null, 200]);
    expect(new Set(creates.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(funnel.sandbox.store.leads.filter((lead) => lead.contact.email === 'casey.nguyen@example.com')).toHaveLength(1);
  });

  it('a 511 the host cannot handle: nothing is created, the security check is linked, and everything typed is kept', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    await fillProject(funnel);
    funnel.sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead' });
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    const failed = await screen.findByText(/The security check was not passed/);
    expect(failed.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the security check' }).getAttribute('href')).toMatch(
      /^http:\/\/sandbox\.test\/sandbox\/challenge\/challenge-\d+$/,
    );
    expect(field('First name')).toHaveProperty('value', 'Casey');
  });

  it('a create failure keeps everything typed; sending again reuses the idempotency key and creates one lead', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(funnel);
    await fillProject(funnel);
    funnel.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead', times: 1 });
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByText('Your request could not be sent. Everything you typed is still here: please try again.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Internal Server Error');
    // Where focus is back from the modal: after the last field, right before 'Review request'.
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(field('Phone number'), alert)).toBe(true);
    expect(follows(alert, screen.getByRole('button', { name: 'Review request' }))).toBe(true);
    expect(field('Street address')).toHaveProperty('value', '1600 Larimer St');
    expect(field('Email')).toHaveProperty('value', 'casey.nguyen@example.com');
    expect(field('Phone number')).toHaveProperty('value', '(303) 555-0177');
    expect(field('Describe your project (optional)')).toHaveProperty('value', 'Kitchen sink drains slowly');
    expect(screen.getByRole('radio', { name: 'Single-family home' })).toHaveProperty('checked', true);

    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    await heading('Send your request to more pros');
    const keys = funnel.received('POST', '/gateway/lead/v3/lead').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(funnel.sandbox.store.leads.filter((lead) => lead.contact.email === 'casey.nguyen@example.com')).toHaveLength(1);
  });
});

describe('suggestions', () => {
  it('shows the AL and HA pros as checkboxes additional-sp-{id} / additional-hasp-{id}, unchecked; sending assigns v2 and the HA pro selection', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toSuggestions(funnel);
    const leadId = funnel.sandbox.store.leads.at(-1)!.leadId;
    const asked = funnel.received('POST', '/gateway/lead/v4/serviceproviders/suggestion').at(-1)!;
    expect(asked.body).toEqual({ categoryId: 100, postalCode: '80202', excludedServiceProviderIds: [1001], limit: 3 });
    // What the sandbox suggested (its service request), in its order.
    const request = funnel.sandbox.store.serviceRequests.at(-1)!;
    const suggested = request.suggestedIds.map((id) => funnel.sandbox.store.provider(id)!);
    const answer = {
      serviceRequestId: request.serviceRequestId,
      serviceProviders: suggested.map((p) => ({ id: p.id, serviceProviderType: p.type, name: p.name })),
    };
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.name, box.checked])).toEqual(
      [...answer.serviceProviders.filter((p) => p.serviceProviderType === 'AL'), ...answer.serviceProviders.filter((p) => p.serviceProviderType === 'HA')].map(
        (p) => [p.serviceProviderType === 'AL' ? `additional-sp-${p.id}` : `additional-hasp-${p.id}`, false],
      ),
    );
    expect(screen.getByRole('group', { name: 'Pros near you' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Pros from our partner network' })).toBeTruthy();
    // The cards' details (combined AL + HA) and reviews were asked for.
    expect(funnel.received('POST', '/gateway/lead/v1/serviceProviders/details').at(-1)?.body).toMatchObject({ categoryId: 100, postalCode: '80202' });
    expect(funnel.received('POST', '/gateway/lead/v1/reviews/getByServiceProviderId')).toHaveLength(answer.serviceProviders.length);

    const al = answer.serviceProviders.find((p) => p.serviceProviderType === 'AL')!;
    const ha = answer.serviceProviders.find((p) => p.serviceProviderType === 'HA')!;
    await funnel.user.click(screen.getByRole('checkbox', { name: ha.name }));
    await funnel.user.click(screen.getAllByRole('checkbox', { name: al.name }).find((box) => (box as HTMLInputElement).name === `additional-sp-${al.id}`)!);
    expect(screen.getByText('2 selected')).toBeTruthy();
    await funnel.user.click(screen.getByRole('button', { name: 'Send to selected pros' }));
    await heading('Your request has been sent');
    expect(funnel.received('POST', `/gateway/lead/v2/lead/${leadId}/assign`).map((r) => r.body)).toEqual([
      { serviceProviderIds: [al.id], haServiceProviderIds: [ha.id], serviceRequestId: answer.serviceRequestId },
    ]);
    expect(funnel.received('POST', '/gateway/lead/v1/service-request/send-ol-pro-selection').map((r) => r.body)).toEqual([
      { serviceRequestId: answer.serviceRequestId, haServiceProviderIds: [ha.id] },
    ]);

    // The summary: a confirmation, the three pros waiting — no 'I hired …' before anyone
    // answered — and the phone number typed in the project step, ready to correct.
    expect(await screen.findByText('Done! Your pros have your project and will contact you soon.')).toBeTruthy();
    const pros = screen.getByRole('region', { name: 'Pros who received your request' });
    await waitFor(() => expect(within(pros).getAllByText('Not responded yet')).toHaveLength(3));
    expect(within(pros).queryByRole('button', { name: /^I hired / })).toBeNull();
    expect(field('Phone number')).toHaveProperty('value', '(303) 555-0177');
    // Timing left at its default is shown as it was offered ('Not sure yet', sent as NA).
    expect(await within(screen.getByRole('region', { name: 'What you asked for' })).findByText('Not sure yet')).toBeTruthy();
  });

  it("a pro's card shows the 2 reviews asked for, even when the gateway sends more", async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    const reviews = [1, 2, 3, 4, 5].map((n) => ({
      reviewId: 90_000 + n,
      rating: 5,
      text: `Review text ${n}`,
      reviewerName: `Reviewer ${n}`,
      createDate: '2026-01-0' + n + 'T12:00:00Z',
    }));
    funnel.sandbox.faults.status(200, { reviews, totalCount: 5 }, { route: 'POST /gateway/lead/v1/reviews/getByServiceProviderId' });
    await toSuggestions(funnel);
    const asked = funnel.received('POST', '/gateway/lead/v1/reviews/getByServiceProviderId');
    expect(asked.length).toBeGreaterThan(0);
    // Every review (K5: reviewType 'All', the request's default).
    for (const call of asked) expect(call.body).toMatchObject({ limit: 2, offset: 0, reviewType: 'All' });
    const regions = await screen.findAllByRole('region', { name: /^Reviews of / });
    expect(regions).toHaveLength(asked.length);
    for (const region of regions) {
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => within(item).getByText(/^Review text/).textContent),
      ).toEqual(['Review text 1', 'Review text 2']);
    }
  });

  it('clears every additional-pro field when the suggestions load again', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toSuggestions(funnel);
    const leadId = funnel.sandbox.store.leads.at(-1)!.leadId;
    const first = screen.getAllByRole('checkbox')[0] as HTMLInputElement;
    await funnel.user.click(first);
    expect(first.checked).toBe(true);
    // The office app's routes: the summary, then back to the suggestions (a new load).
    funnel.rerender({ spId: 1001, postalCode: '80202', location: { step: 'summary', leadId } });
    await heading('Your request has been sent');
    funnel.rerender({ spId: 1001, postalCode: '80202', location: { step: 'suggestions', leadId } });
    await heading('Send your request to more pros');
    const boxes = (await screen.findAllByRole('checkbox')) as HTMLInputElement[];
    expect(boxes.every((box) => !box.checked)).toBe(true);
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(funnel.received('POST', '/gateway/lead/v4/serviceproviders/suggestion').length).toBeGreaterThanOrEqual(2);
  });

  it('when the lead or the suggestions cannot be fetched, shows the summary of the lead in the path', async () => {
    const funnel = renderFunnel(
      { location: { step: 'suggestions', leadId: SANDBOX_LEADS.newest } },
      { auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } },
    );
    funnel.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v4/serviceproviders/suggestion' });
    await heading('Your request has been sent');
    expect(funnel.received('POST', '/gateway/lead/v4/serviceproviders/suggestion').map((r) => r.status)).toEqual([500]);
    await waitFor(() =>
      expect(funnel.events('lk-navigate').at(-1)).toEqual({
        url: expect.stringMatching(new RegExp(`/app/lead/request_a_quote/lead/${SANDBOX_LEADS.newest}/summary$`)),
        kind: 'funnel',
        newTab: false,
        replace: false,
      }),
    );
    await waitFor(() => expect(liveRegion().textContent).toBe('Step 4 of 4: Summary'));
  });
});

describe('summary', () => {
  it('shows who received the lead; marking a pro hired and updating the phone send only what they should', async () => {
    const funnel = renderFunnel({ location: { step: 'summary', leadId: SANDBOX_LEADS.newest } }, { auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    const { user, received, sandbox } = funnel;
    await heading('Your request has been sent');
    expect(await screen.findByText('Water Heater Installation')).toBeTruthy();
    const pros = screen.getByRole('region', { name: 'Pros who received your request' });
    const hire = await within(pros).findByRole('button', { name: 'I hired Acme Plumbing & Heating' });
    await user.click(hire);
    await waitFor(() => expect(within(pros).getByText('Hired')).toBeTruthy());
    expect(received('POST', `/gateway/lead/v1/lead/${SANDBOX_LEADS.newest}/service-provider/mark-hired`).map((r) => r.body)).toEqual([
      { serviceProviderType: 'AL', serviceProviderId: 1001 },
    ]);
    expect(within(pros).queryByRole('button', { name: 'I hired Acme Plumbing & Heating' })).toBeNull();

    const phone = field('Phone number');
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Update phone number' }));
    expect(description(phone)).toBe('Please enter a valid phone number');
    expect(received('POST', '/gateway/lead/v1/user/updatePhone')).toHaveLength(0);
    await user.clear(phone);
    // Pasted with the country code (a leading 1 on 11 digits is accepted).
    await user.click(phone);
    await user.paste('+1 720 555 0199');
    expect(phone).toHaveProperty('value', '(720) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Update phone number' }));
    expect(await screen.findByText('Your phone number was updated.')).toBeTruthy();
    expect(received('POST', '/gateway/lead/v1/user/updatePhone').map((r) => r.body)).toEqual([{ phoneNumber: '7205550199' }]);

    // Follow-up deals for the lead's category and ZIP code, as the gateway has them.
    const member = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    const { deals } = await getFollowUpDeals(member, { categoryId: 10002, postalCode: '80202' });
    expect(deals.length).toBeGreaterThan(0);
    const region = await screen.findByRole('region', { name: 'Deals for your project' });
    for (const deal of deals) expect(within(region).getByText(deal.title)).toBeTruthy();
  });
});

describe('the customer’s session', () => {
  it('a token the gateway refuses: the session-ended banner, and a new request starts over', async () => {
    const funnel = renderFunnel({ location: { step: 'summary', leadId: SANDBOX_LEADS.newest } }, { auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    funnel.sandbox.faults.status(401, { message: 'expired' }, { route: 'GET /gateway/lead/v1/lead/:leadId/serviceprovider/comparison' });
    await heading('Your request has been sent');
    const banner = await screen.findByText('Your session has ended. For your security, start a new request to go on.');
    expect(banner.closest('[role="alert"]')).toBeTruthy();
    await funnel.user.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Start a new request' }));
    await heading('Get quotes from local pros');
    await waitFor(() => expect(liveRegion().textContent).toBe('Step 1 of 4: Your service'));
  });
});

describe("the host's getOneTimeToken", () => {
  it('a host function that fails: the send-failure text, everything typed kept; Send again gets the host’s token and the gateway never gets a token call', async () => {
    let fail = true;
    const funnel = renderFunnel(
      { spId: 1001, postalCode: '80202' },
      {
        getOneTimeToken: async () => {
          if (fail) throw new Error('offline');
          return { token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
        },
      },
    );
    await toProject(funnel);
    await fillProject(funnel);
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByText('Your request could not be sent. Everything you typed is still here: please try again.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('We could not reach the server. Check your connection and try again.');
    expect(funnel.received('POST', '/gateway/lead/v3/lead')).toEqual([]);
    expect(field('Street address')).toHaveProperty('value', '1600 Larimer St');
    expect(field('Email')).toHaveProperty('value', 'casey.nguyen@example.com');
    expect(field('Describe your project (optional)')).toHaveProperty('value', 'Kitchen sink drains slowly');

    fail = false;
    await funnel.user.click(screen.getByRole('button', { name: 'Review request' }));
    await funnel.user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
    await heading('Send your request to more pros');
    expect(funnel.received('POST', '/gateway/lead/v3/lead').map((r) => r.headers.authorization)).toEqual([`OneTime ${SANDBOX_MEMBER_TOKEN}`]);
    expect(funnel.received('POST', /one-time-token/)).toEqual([]);
  });
});

describe('a reload', () => {
  it('restores the step, the service and the ZIP code from this tab’s storage — never the token or what the customer typed', async () => {
    const first = renderFunnel({ spId: 1001, postalCode: '80202' });
    await toProject(first);
    await first.user.type(field('First name'), 'Casey');
    const stored = Object.entries(sessionStorage);
    expect(stored.map(([key]) => key)).toEqual(['leadkit:raq-funnel:v1:default']);
    expect(JSON.parse(stored[0]![1])).toMatchObject({ step: 'project', categoryName: 'Plumbing', postalCode: '80202', serviceProviderId: 1001 });
    expect(stored[0]![1]).not.toContain('Casey');
    cleanup();

    // The page again: a new element (store) over the same tab, and no attributes this time.
    renderFunnel();
    await heading('Tell us about your project');
    expect(await screen.findByText('Plumbing')).toBeTruthy();
    await waitFor(() => expect(field('ZIP code')).toHaveProperty('value', '80202'));
    expect(field('First name')).toHaveProperty('value', '');
  });
});

describe('a new request', () => {
  it('starts over at the entry, with the pro the customer came from loaded again', async () => {
    const funnel = renderFunnel(
      { spId: 1002, location: { step: 'summary', leadId: SANDBOX_LEADS.newest } },
      { auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } },
    );
    await heading('Your request has been sent');
    await funnel.user.click(await screen.findByRole('button', { name: 'Start a new request' }));
    await heading('Request a quote from Mile High Electric');
    expect(funnel.received('GET', '/gateway/lead/v1/serviceprovider/1002/details')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Electrical'));
  });
});
