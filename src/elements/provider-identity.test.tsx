import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createSandboxGateway, MAIN_PROVIDER_ID, type RecordedRequest } from '@leadkit/sandbox';
import { HEADERS } from '../gateway/core/headers';
import { leadAppElement } from './lead-app.element';
import { leadBoardElement } from './lead-board.element';
import { defineElement } from './define-element';

/**
 * An element's provider is one value (docs/gateway.md#one-provider-per-widget), from which a
 * request's path and its caller id both derive — they never disagree, also while the provider
 * changes with calls on the way.
 */
const OTHER_PROVIDER = 2002;
let counter = 0;

/** The providers a request the sandbox received names: in its path, its query or its body. */
function namedProviders(request: RecordedRequest): string[] {
  const inPath = [...request.path.matchAll(/serviceprovider\/(\d+)|service_provider\/(\d+)/gi)].map((match) => match[1] ?? match[2] ?? '');
  const inQuery = ['serviceProviderId', 'serviceProviderIds', 'spId'].flatMap((name) => [request.query[name] ?? []].flat());
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const inBody = ['serviceProviderId', 'spId', 'senderEntityId'].filter((name) => name in body).map((name) => String(body[name]));
  return [...inPath, ...inQuery, ...inBody];
}

/** The in-process sandbox behind a fetch whose page-of-leads calls for `heldProvider` wait until released. */
function sandboxHolding(heldProvider: number) {
  const sandbox = createSandboxGateway();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new RegExp(`/v6/leads/serviceProvider/${heldProvider}$`).test(url)) {
      held.push(url);
      await released;
    }
    return sandbox.fetch(input, init);
  }) as typeof globalThis.fetch;
  return { sandbox, gateway: { baseURL: 'http://sandbox.test', fetch }, held, release };
}

/** Every provider call the sandbox received: what it names and its caller id, and its answer. */
const providerCalls = (requests: readonly RecordedRequest[]) =>
  requests
    .filter((request) => namedProviders(request).length > 0)
    .map((request) => ({
      path: request.path,
      named: [...new Set(namedProviders(request))],
      callerId: request.headers[HEADERS.callerId.toLowerCase()],
      status: request.status,
    }));

const text = (element: Element) => element.shadowRoot?.textContent ?? '';

afterEach(async () => {
  await vi.dynamicImportSettled();
  document.body.innerHTML = '';
});

describe('one provider per element: a request never names one provider with another caller id', () => {
  it("<lead-board> whose sp-id changes while its first page is on the way: every call's caller id is the provider it names, none refused", async () => {
    const prefix = `pi${++counter}`;
    defineElement(leadBoardElement, { prefix });
    const { sandbox, gateway, held, release } = sandboxHolding(MAIN_PROVIDER_ID);
    const board = document.createElement(`${prefix}-lead-board`) as HTMLElement & { gateway: unknown };
    board.gateway = gateway;
    board.setAttribute('sp-id', String(MAIN_PROVIDER_ID));
    document.body.append(board);
    await waitFor(() => expect(held).toHaveLength(1), { timeout: 15_000 });
    board.setAttribute('sp-id', String(OTHER_PROVIDER));
    release();
    await waitFor(() => expect(text(board)).toContain('Leads for Peak HVAC Pros'), { timeout: 15_000 });
    await waitFor(() => expect(text(board)).toMatch(/Showing \d+ - \d+ of \d+ results|No leads yet/), { timeout: 15_000 });
    // Nothing of the first provider's board was sent as the other's (its open lead marked read,
    // its business name in the other's page of leads) nor said to have failed.
    expect(text(board)).not.toContain('We could not update this lead');
    const otherPages = sandbox.store.requests.filter((request) => request.path.endsWith(`/v6/leads/serviceProvider/${OTHER_PROVIDER}`));
    expect(
      otherPages
        .map((request) => (request.body as { businessName?: string }).businessName ?? null)
        .filter((name) => name !== null && name !== 'Peak HVAC Pros'),
    ).toEqual([]);
    const calls = providerCalls(sandbox.store.requests);
    expect(calls.some((call) => call.named.includes(String(OTHER_PROVIDER)))).toBe(true);
    for (const call of calls) {
      expect(call.named, call.path).toEqual([call.callerId]);
      expect(call.status, call.path).not.toBe(403);
    }
  });

  it("<lead-app> led by the host to another provider's board, its sp-id following a moment later: the board's calls name that provider with its caller id, none refused", async () => {
    const prefix = `pi${++counter}`;
    defineElement(leadAppElement, { prefix });
    const { sandbox, gateway, release } = sandboxHolding(-1);
    release();
    window.history.pushState(null, '', `/app/lead/board/${MAIN_PROVIDER_ID}`);
    const app = document.createElement(`${prefix}-lead-app`) as HTMLElement & { gateway: unknown };
    app.gateway = gateway;
    app.setAttribute('base', '/app');
    app.setAttribute('sp-id', String(MAIN_PROVIDER_ID));
    document.body.append(app);
    await waitFor(() => expect(text(app)).toContain('Leads for Acme Plumbing'), { timeout: 15_000 });
    // The host's router moves to the other provider's board; its sp-id follows after that render.
    window.history.pushState(null, '', `/app/lead/board/${OTHER_PROVIDER}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(sandbox.store.requests.some((request) => request.path.endsWith(`/v6/leads/serviceProvider/${OTHER_PROVIDER}`))).toBe(true), {
      timeout: 15_000,
    });
    app.setAttribute('sp-id', String(OTHER_PROVIDER));
    await waitFor(() => expect(text(app)).toContain('Leads for Peak HVAC Pros'), { timeout: 15_000 });
    await waitFor(() => expect(text(app)).toMatch(/Showing \d+ - \d+ of \d+ results|No leads yet/), { timeout: 15_000 });
    expect(text(app)).not.toContain('We could not update this lead');
    const calls = providerCalls(sandbox.store.requests);
    for (const call of calls) {
      expect(call.named, call.path).toEqual([call.callerId]);
      expect(call.status, call.path).not.toBe(403);
    }
  });
});
