import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSandboxGateway, type SandboxGateway, type SandboxGatewayOptions } from '@leadkit/sandbox';
import { createGatewayClient, type GetOneTimeToken } from '../../gateway/core/client';
import type { LeadkitEventMap } from '../../contract/events';
import { createDraftStore, memoryDraftBackend } from '../../domain/drafts';
import { WidgetShell } from '../../runtime/widget-shell';
import { DraftStoreProvider } from '../../ui/use-draft';
import { RaqFunnelRoot } from './raq-funnel';
import type { RaqFunnelProps } from './raq-funnel-props';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';
import { preloadFunnelParts } from '../../../test/support/raq-funnel';

beforeAll(preloadFunnelParts);

/**
 * <raq-funnel> never loses a request to a failed send (docs/drafts.md#the-funnels-request):
 * whatever the failure at 'Send request', the request is kept on this device (the drafts store)
 * and `lk-error` fires on the element; a reload (or the tab opened again) puts it back into the
 * project step with a hint, and it can be sent; once the gateway took it, nothing is kept. In
 * happy-dom against the in-process sandbox; the device's IndexedDB is a drafts store in memory,
 * shared by the renders of one test as a page's reloads share the device.
 */

const KEY = 'leadkit:draft:v1:raq-funnel:default';
const FAILED = 'Your request could not be sent. Everything you typed is still here: please try again.';
const RESTORED = 'Your request could not be sent last time, so we kept it on this device. Check it and send it again.';

/** The device: what IndexedDB holds across reloads. */
let device: ReturnType<typeof memoryDraftBackend>;

interface Options {
  sandbox?: SandboxGatewayOptions;
  getOneTimeToken?: GetOneTimeToken;
  /** The network between the page and the gateway (default: straight through). */
  fetch?: (sandbox: SandboxGateway) => typeof fetch;
}

/** One page load: a new element (store) and a new drafts store over the same device. */
function renderFunnel(props: RaqFunnelProps = { spId: 1001, postalCode: '80202' }, options: Options = {}) {
  const sandbox = createSandboxGateway(options.sandbox);
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: options.fetch ? options.fetch(sandbox) : sandbox.fetch,
    auth: { kind: 'anonymous' },
    retry: { retries: 0 },
    getOneTimeToken: options.getOneTimeToken,
  });
  const element = document.createElement('raq-funnel');
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['lk-error', 'lk-lead-create'] as const) element.addEventListener(type, (event) => events.push({ type, detail: event.detail }));
  render(
    <DraftStoreProvider store={createDraftStore({ backend: device })}>
      <WidgetShell owner={element} host={element} catalogue={RAQ_FUNNEL_CATALOGUE} inputs={{ gateway: client }} role="customer">
        <RaqFunnelRoot {...props} />
      </WidgetShell>
    </DraftStoreProvider>,
  );
  const received = (method: string, path: string | RegExp) =>
    sandbox.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  /** `lk-error` details but the setup problems' (their own tests: raq-funnel-token.test.tsx). */
  const sendErrors = () => events.filter((e) => e.type === 'lk-error' && (e.detail as LeadkitEventMap['lk-error']).kind !== 'setup').map((e) => e.detail);
  const creates = () => events.filter((e) => e.type === 'lk-lead-create').map((e) => e.detail);
  return { sandbox, received, sendErrors, creates, events, user: userEvent.setup() };
}

type Funnel = ReturnType<typeof renderFunnel>;

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: string) => screen.getByRole('textbox', { name });
/** What the device holds for the funnel: the request, parsed; null for nothing. */
const kept = () => {
  const entry = device.entries.get(KEY) as { text: string; savedAt: number } | undefined;
  return entry ? (JSON.parse(entry.text) as Record<string, unknown>) : null;
};

async function toProject(funnel: Funnel) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
  await screen.findByText('Denver, CO');
  await funnel.user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Tell us about your project');
  await screen.findByRole('textbox', { name: 'Street address' });
}

async function fillProject({ user }: Funnel) {
  await user.click(screen.getByRole('radio', { name: 'Single-family home' }));
  await user.type(field('Describe your project (optional)'), 'Kitchen sink drains slowly');
  await user.type(field('Street address'), '1600 Larimer St');
  await user.type(field('First name'), 'Casey');
  await user.type(field('Last name'), 'Nguyen');
  await user.type(field('Email'), 'casey.nguyen@example.com');
  await user.type(field('Phone number'), '3035550177');
}

async function send({ user }: Funnel) {
  await user.click(screen.getByRole('button', { name: 'Review request' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
}

/** The project step as the customer left it, put back. */
async function expectPutBack() {
  await heading('Tell us about your project');
  // Shown beside 'Discard this request', and said by the step's polite live region.
  const [shown] = await screen.findAllByText(RESTORED, { selector: '[part="funnel-restored"] p' });
  expect(within(shown!.closest('[part="funnel-restored"]') as HTMLElement).getByRole('button', { name: 'Discard this request' })).toBeTruthy();
  expect(screen.getAllByRole('status').some((node) => node.textContent === RESTORED)).toBe(true);
  expect(field('Describe your project (optional)')).toHaveProperty('value', 'Kitchen sink drains slowly');
  expect(field('Street address')).toHaveProperty('value', '1600 Larimer St');
  expect(field('First name')).toHaveProperty('value', 'Casey');
  expect(field('Email')).toHaveProperty('value', 'casey.nguyen@example.com');
  expect(field('Phone number')).toHaveProperty('value', '(303) 555-0177');
  expect(screen.getByRole('radio', { name: 'Single-family home' })).toHaveProperty('checked', true);
}

/** A failed send, as the customer sees it: the request kept on the device. */
async function failSend(funnel: Funnel) {
  await toProject(funnel);
  await fillProject(funnel);
  await send(funnel);
  await screen.findByText(FAILED);
  await waitFor(() => expect(kept()).not.toBeNull());
}

beforeEach(() => {
  sessionStorage.clear();
  device = memoryDraftBackend();
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  vi.restoreAllMocks();
});

describe('a request that could not be sent', () => {
  it('is kept on this device — the customer’s request, never the token or the key — and a reload puts it back; sent, it is deleted', async () => {
    const first = renderFunnel();
    await toProject(first);
    await fillProject(first);
    first.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead', times: 1 });
    await send(first);
    await screen.findByText(FAILED);
    await waitFor(() => expect(kept()).not.toBeNull());
    expect(kept()).toEqual({
      version: 1,
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
    });
    const stored = JSON.stringify([...device.entries]);
    const create = first.received('POST', '/gateway/lead/v3/lead')[0]!;
    expect(stored).not.toContain(create.headers.authorization!.replace('OneTime ', ''));
    expect(stored).not.toContain(create.headers['idempotency-key']!);
    expect(first.sendErrors()).toEqual([{ widget: 'raq-funnel', status: 500, kind: 'http' }]);
    cleanup();

    // A reload: this tab's storage has the step, the device the request.
    const again = renderFunnel();
    await expectPutBack();
    await send(again);
    await heading('Send your request to more pros');
    expect(again.received('POST', '/gateway/lead/v3/lead').map((r) => r.body)).toEqual([create.body]);
    await waitFor(() => expect(again.creates()).toHaveLength(1));
    await waitFor(() => expect(kept()).toBeNull());
    expect(again.sendErrors()).toEqual([]);
  });

  it('the tab closed and opened again (its own storage gone): the entry step moves on to the request, put back', async () => {
    const first = renderFunnel();
    first.sandbox.faults.status(503, { message: 'busy' }, { route: 'POST /gateway/lead/v3/lead' });
    await failSend(first);
    cleanup();
    sessionStorage.clear();

    const again = renderFunnel();
    await expectPutBack();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Your project');
    await send(again);
    await heading('Send your request to more pros');
    await waitFor(() => expect(kept()).toBeNull());
  });

  it('a request sent again that fails again stays kept, as last sent; one that goes through on the same page deletes it', async () => {
    const funnel = renderFunnel();
    funnel.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead' });
    await failSend(funnel);
    await funnel.user.clear(field('Describe your project (optional)'));
    await funnel.user.type(field('Describe your project (optional)'), 'Kitchen and bathroom sinks');
    await send(funnel);
    await waitFor(() => expect((kept()?.details as { description: string }).description).toBe('Kitchen and bathroom sinks'));
    funnel.sandbox.faults.clear();
    await send(funnel);
    await heading('Send your request to more pros');
    await waitFor(() => expect(kept()).toBeNull());
  });

  it('Discard this request: deleted from the device, and its fields emptied', async () => {
    const first = renderFunnel();
    first.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead' });
    await failSend(first);
    cleanup();

    const again = renderFunnel();
    await expectPutBack();
    await again.user.click(screen.getByRole('button', { name: 'Discard this request' }));
    await waitFor(() => expect(kept()).toBeNull());
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(field('First name')).toHaveProperty('value', '');
    expect(field('Email')).toHaveProperty('value', '');
    expect(field('Street address')).toHaveProperty('value', '');
    expect(field('Describe your project (optional)')).toHaveProperty('value', '');
  });

  it('is not put back on a funnel for another pro (another sp-id): it stays kept', async () => {
    const first = renderFunnel();
    first.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead' });
    await failSend(first);
    cleanup();
    sessionStorage.clear();

    const read = vi.spyOn(device, 'get');
    renderFunnel({ spId: 1002 });
    await heading('Request a quote from Mile High Electric');
    // Read (after the first paint), and its answer let through.
    await waitFor(() => expect(read).toHaveBeenCalledWith(KEY));
    await act(() => read.mock.results.at(-1)?.value as Promise<unknown>);
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Your service');
    expect(kept()).not.toBeNull();
  });
});

describe('drafts="off"', () => {
  it('keeps nothing on the device and puts nothing back; lk-error fires all the same', async () => {
    device.entries.set(KEY, { text: '{"version":1}', savedAt: Date.now() });
    const read = vi.spyOn(device, 'get');
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202', drafts: 'off' });
    funnel.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead' });
    await toProject(funnel);
    await fillProject(funnel);
    await send(funnel);
    await screen.findByText(FAILED);
    await waitFor(() => expect(funnel.sendErrors()).toEqual([{ widget: 'raq-funnel', status: 500, kind: 'http' }]));
    expect(read).not.toHaveBeenCalled();
    expect([...device.entries.values()]).toEqual([{ text: '{"version":1}', savedAt: expect.any(Number) as number }]);
  });
});

describe('every failure at Send fires lk-error on the element and keeps the request', () => {
  const notOfferedLater: Options = {
    // The token call ahead gets no answer (the funnel cannot tell), the one at Send a 404: not offered.
    sandbox: { profile: 'spec' },
    fetch: (sandbox) => {
      let asked = 0;
      return (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/gateway/lead/v1/one-time-token') && ++asked === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return sandbox.fetch(input, init);
      };
    },
  };
  it.each([
    ['the network (no answer)', (s: SandboxGateway) => s.faults.drop({ route: 'POST /gateway/lead/v3/lead' }), {}, { status: null, kind: 'network' }],
    ['a 4xx', (s: SandboxGateway) => s.faults.status(400, { message: 'bad' }, { route: 'POST /gateway/lead/v3/lead' }), {}, { status: 400, kind: 'http' }],
    [
      'a 5xx',
      (s: SandboxGateway) => s.faults.status(502, { message: 'bad gateway' }, { route: 'POST /gateway/lead/v3/lead' }),
      {},
      { status: 502, kind: 'http' },
    ],
    ['a 511 nobody handles', (s: SandboxGateway) => s.faults.challenge({ route: 'POST /gateway/lead/v3/lead' }), {}, { status: 511, kind: 'challenge' }],
    ['the token call not offered', () => undefined, notOfferedLater, { status: 404, kind: 'http' }],
    [
      'the host’s getOneTimeToken failing',
      () => undefined,
      {
        getOneTimeToken: () => Promise.reject(new Error('offline')),
      } satisfies Options,
      { status: null, kind: 'network' },
    ],
  ] as const)('%s', async (_name, fault, options, error) => {
    const funnel = renderFunnel(undefined, options);
    fault(funnel.sandbox);
    await toProject(funnel);
    await fillProject(funnel);
    await send(funnel);
    await waitFor(() => expect(funnel.sendErrors()).toEqual([{ widget: 'raq-funnel', ...error }]));
    await waitFor(() => expect((kept()?.details as { contact: { email: string } }).contact.email).toBe('casey.nguyen@example.com'));
    expect(funnel.received('POST', '/gateway/lead/v3/lead').filter((r) => r.status === 200)).toEqual([]);
  });

  it('the token call not offered: the project step says requests cannot be sent from this page, and the element hears the cause', async () => {
    const funnel = renderFunnel(undefined, notOfferedLater);
    await toProject(funnel);
    expect(screen.queryByText('Requests cannot be sent from this page right now')).toBeNull();
    await fillProject(funnel);
    await send(funnel);
    const notice = await screen.findByText('Requests cannot be sent from this page right now');
    expect(notice.closest('[role="alert"]')?.textContent).toContain('Everything you typed stays on this device.');
    await waitFor(() =>
      expect(funnel.events.map((e) => e.detail)).toContainEqual(
        expect.objectContaining({ kind: 'setup', cause: 'one-time-token-missing', widget: 'raq-funnel' }),
      ),
    );
    expect(field('First name')).toHaveProperty('value', 'Casey');
  });
});
