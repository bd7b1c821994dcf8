import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSandboxGateway, SANDBOX_MEMBER_TOKEN, type SandboxGatewayOptions } from '@leadkit/sandbox';
import type { GatewayAuth } from '../../gateway/core/auth';
import { createGatewayClient, type GetOneTimeToken } from '../../gateway/core/client';
import type { LeadkitEventMap } from '../../contract/events';
import { WidgetShell } from '../../runtime/widget-shell';
import { RaqFunnelRoot } from './raq-funnel';
import type { RaqFunnelProps } from './raq-funnel-props';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';
import { preloadFunnelParts } from '../../../test/support/raq-funnel';

beforeAll(preloadFunnelParts);

/**
 * <raq-funnel> and its customer's one-time token (docs/widgets/raq-funnel.md#the-customers-token):
 * the token is obtained as the first step shows, so a gateway without the token call (and a page
 * without `getOneTimeToken`) is found before the customer types — the entry step says requests
 * cannot be sent from this page, the developer gets one console line and the element an `lk-error`
 * with the cause. With the host's `getOneTimeToken` or the host's token, nothing is asked ahead.
 * In happy-dom against the in-process sandbox (its spec profile: no invented call), in a file of
 * its own: the console line is said once per page (document).
 */

const MISSING_LINE = /^leadkit: the gateway has no one-time token call/;

interface Options {
  sandbox?: SandboxGatewayOptions;
  auth?: GatewayAuth;
  /** The host's token function; `'stand-in'`: the sandbox's stand-in for a host's server route. */
  getOneTimeToken?: GetOneTimeToken | 'stand-in';
}

function renderFunnel(props: RaqFunnelProps, options: Options = {}) {
  const sandbox = createSandboxGateway(options.sandbox);
  const standIn: GetOneTimeToken = async ({ reason, signal }) => {
    const answer = await sandbox.fetch('http://sandbox.test/host-stand-in/one-time-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason }),
      signal,
    });
    return (await answer.json()) as { token: string; expiresAt: string };
  };
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: options.auth ?? { kind: 'anonymous' },
    retry: { retries: 0 },
    getOneTimeToken: options.getOneTimeToken === 'stand-in' ? standIn : options.getOneTimeToken,
  });
  // The element: what lk-error is fired on (and what the setup report names).
  const element = document.createElement('raq-funnel');
  const errors: LeadkitEventMap['lk-error'][] = [];
  element.addEventListener('lk-error', (event) => errors.push(event.detail));
  render(
    <WidgetShell owner={element} host={element} catalogue={RAQ_FUNNEL_CATALOGUE} inputs={{ gateway: client }} role="customer">
      <RaqFunnelRoot {...props} />
    </WidgetShell>,
  );
  const received = (method: string, path: string | RegExp) =>
    sandbox.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  return { sandbox, errors, received, user: userEvent.setup() };
}

type Funnel = ReturnType<typeof renderFunnel>;

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: string) => screen.getByRole('textbox', { name });

async function sendRequest(funnel: Funnel) {
  const { user } = funnel;
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
  await screen.findByText('Denver, CO');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Tell us about your project');
  await user.click(await screen.findByRole('radio', { name: 'Single-family home' }));
  await user.type(field('Street address'), '1600 Larimer St');
  await user.type(field('First name'), 'Casey');
  await user.type(field('Last name'), 'Nguyen');
  await user.type(field('Email'), 'casey.nguyen@example.com');
  await user.type(field('Phone number'), '3035550177');
  await user.click(screen.getByRole('button', { name: 'Review request' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Send your request?' })).getByRole('button', { name: 'Send request' }));
  await heading('Send your request to more pros');
}

let warn: MockInstance<typeof console.warn>;
const missingLines = () => warn.mock.calls.filter(([line]) => typeof line === 'string' && MISSING_LINE.test(line));

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  vi.restoreAllMocks();
});

describe('no getOneTimeToken, on a gateway without the token call (the spec profile)', () => {
  it('the entry step says at once that requests cannot be sent from this page, instead of its form; the developer is told once, the element by lk-error', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' }, { sandbox: { profile: 'spec' } });
    await heading('Request a quote from Acme Plumbing & Heating');
    const notice = await screen.findByText('Requests cannot be sent from this page right now');
    expect(notice.closest('[role="alert"]')?.textContent).toContain(
      'We are sorry: what you enter here would not reach the pros. Please try again later, or contact the pro another way, such as by phone.',
    );
    // Nothing to type two steps for.
    expect(screen.queryByRole('combobox', { name: 'What do you need help with?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(funnel.received('POST', '/gateway/lead/v1/one-time-token').map((r) => r.status)).toEqual([404]);
    await waitFor(() => expect(funnel.errors.filter((e) => e.kind === 'setup')).toHaveLength(1));
    expect(funnel.errors).toEqual([
      {
        widget: 'raq-funnel',
        status: null,
        kind: 'setup',
        cause: 'one-time-token-missing',
        message: expect.stringContaining('Give `gateway.getOneTimeToken`') as string,
      },
    ]);
    expect(missingLines()).toHaveLength(1);
    expect(missingLines()[0]?.[0]).toContain('#one-time-token-missing');
    cleanup();

    // The page again (its not-offered memory: a day): said at once, without asking the gateway;
    // lk-error on the new element, and no second line on the page.
    const again = renderFunnel({ spId: 1001, postalCode: '80202' }, { sandbox: { profile: 'spec' } });
    await screen.findByText('Requests cannot be sent from this page right now');
    expect(again.received('POST', '/gateway/lead/v1/one-time-token')).toEqual([]);
    await waitFor(() => expect(again.errors.map((e) => e.cause)).toEqual(['one-time-token-missing']));
    expect(missingLines()).toHaveLength(1);
  });

  it('with the host’s getOneTimeToken on the same gateway: the funnel works as before — nothing asked ahead, the request goes with the host’s token, no lk-error', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' }, { sandbox: { profile: 'spec' }, getOneTimeToken: 'stand-in' });
    await heading('Request a quote from Acme Plumbing & Heating');
    expect(funnel.received('POST', /one-time-token/)).toEqual([]);
    await sendRequest(funnel);
    const issued = funnel.received('POST', '/host-stand-in/one-time-token');
    expect(issued.map((r) => r.body)).toEqual([{ reason: 'issue' }]);
    const creates = funnel.received('POST', '/gateway/lead/v3/lead');
    expect(creates.map((r) => r.status)).toEqual([200]);
    expect(creates[0]?.headers.authorization).toMatch(/^OneTime /);
    expect(funnel.received('POST', '/gateway/lead/v1/one-time-token')).toEqual([]);
    expect(screen.queryByText('Requests cannot be sent from this page right now')).toBeNull();
    expect(funnel.errors).toEqual([]);
    expect(missingLines()).toEqual([]);
  });
});

describe('the gateway’s own token call (the sandbox’s full profile)', () => {
  it('obtains the token once as the entry step shows, before anything is typed; the request goes with it', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' });
    await heading('Request a quote from Acme Plumbing & Heating');
    await waitFor(() => expect(funnel.received('POST', '/gateway/lead/v1/one-time-token').map((r) => r.status)).toEqual([200]));
    const [issued] = funnel.received('POST', '/gateway/lead/v1/one-time-token');
    // Back from the project step and on again: no other token.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'What do you need help with?' })).toHaveProperty('value', 'Plumbing'));
    await screen.findByText('Denver, CO');
    await funnel.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Tell us about your project');
    await funnel.user.click(await screen.findByRole('button', { name: 'Back' }));
    await heading('Request a quote from Acme Plumbing & Heating');
    await sendRequest(funnel);
    expect(funnel.received('POST', '/gateway/lead/v1/one-time-token')).toEqual([issued]);
    const member = funnel.sandbox.store.members.at(-1)!;
    const create = funnel.received('POST', '/gateway/lead/v3/lead')[0]!;
    expect(funnel.sandbox.store.memberIdForToken(create.headers.authorization!.replace('OneTime ', ''))).toBe(member.id);
    expect(funnel.sandbox.store.leads.at(-1)?.memberId).toBe(member.id);
    expect(funnel.errors).toEqual([]);
  });

  it('a signed-in customer (the host’s token in `auth`): nothing is obtained', async () => {
    const funnel = renderFunnel({ spId: 1001, postalCode: '80202' }, { auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    await sendRequest(funnel);
    expect(funnel.received('POST', /one-time-token/)).toEqual([]);
    expect(funnel.received('POST', '/gateway/lead/v3/lead')[0]?.headers.authorization).toBe(`OneTime ${SANDBOX_MEMBER_TOKEN}`);
  });
});
