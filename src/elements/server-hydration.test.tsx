import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createSandboxGateway } from '@leadkit/sandbox';
import { holdingFetch } from '../../test/helpers/holding-fetch';
import { leadBoardElement } from './lead-board.element';
import { defineElement } from './define-element';
import { renderToString } from '../server';
import { createGatewayClient } from '../gateway/core/client';
import { preloadBoardParts } from '../../test/support/lead-board';
import { INSURANCE_HIDDEN_STORAGE_KEY } from '../widgets/lead-board/extras/insurance-offer';

/**
 * A board whose first screen came from leadkit/server, hydrated by its element in the browser:
 * the same nodes stay, the server's answers are taken (nothing the server answered is asked
 * again), and the page is fetched once more, quietly, only when the pro reaches for 'Contact': the
 * server left the customers' contact details out of the HTML.
 */
let counter = 0;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function serverRenderedBoard() {
  await preloadBoardParts();
  const sandbox = createSandboxGateway();
  const html = await renderToString('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL: 'https://gw.test', fetch: sandbox.fetch } });
  const prefix = `ssr${++counter}`;
  // As the HTML parser leaves the element before its tag is defined: the declarative root's content in its shadow root.
  const element = document.createElement(`${prefix}-lead-board`) as HTMLElement & { gateway: unknown };
  element.setAttribute('sp-id', '1001');
  element.attachShadow({ mode: 'open' }).innerHTML = /<template shadowrootmode="open">(.*)<\/template>/s.exec(html)?.[1] ?? '';
  sandbox.store.requests.length = 0;
  return { element, sandbox, prefix };
}

/** The calls whose answers the server put in the page: the page of leads, the provider's details. */
const LIST_CALL = 'POST /gateway/lead/office/v6/leads/serviceProvider/1001';
const PROVIDER_CALL = 'GET /gateway/office-home/v4/service_provider';
const answeredByServer = (sent: readonly string[]) => sent.filter((call) => call === LIST_CALL || call === PROVIDER_CALL);

const gatewayCalls = (sandbox: ReturnType<typeof createSandboxGateway>) =>
  sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => `${request.method} ${request.path.split('?')[0]}`);

describe('<lead-board> hydrating a server’s first screen', () => {
  it('keeps the server’s nodes, tells the host of one page, asks nothing again; reaching for Contact fetches the page once more, quietly (never dimmed)', async () => {
    const { element, sandbox, prefix } = await serverRenderedBoard();
    const errors = vi.spyOn(console, 'error');
    const quietList = holdingFetch(sandbox.fetch, /\/leads\/serviceProvider\/1001$/);
    // What the element sent (the sandbox sees a held call only once it is let through).
    const sent: string[] = [];
    element.gateway = {
      baseURL: 'https://gw.test',
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return quietList.fetch(input, init);
      },
    };
    const loads: Event[] = [];
    element.addEventListener('lk-load', (event) => loads.push(event));
    document.body.append(element);
    const heading = element.shadowRoot?.querySelector('h1');
    const firstCard = element.shadowRoot?.querySelector('[data-expanded="true"]');
    expect(heading?.textContent).toMatch(/^Leads for /);
    // No stylesheet URL given: the server inlined the first screen's styles in one <style>.
    expect(element.shadowRoot?.querySelectorAll('style[data-lk-stylesheet]')).toHaveLength(1);
    defineElement(leadBoardElement, { prefix });
    // Adopted as a constructed sheet by the constructor, in the task that defined the tag: the <style> is out of the tree React hydrates.
    expect(element.shadowRoot?.querySelector('style')).toBeNull();
    expect(element.shadowRoot?.adoptedStyleSheets.length).toBeGreaterThan(0);
    await waitFor(() => expect(loads).toHaveLength(1));
    // Hydrated in place: the very nodes the server wrote, now live.
    expect(element.shadowRoot?.querySelector('h1')).toBe(heading);
    expect(element.shadowRoot?.querySelector('[data-expanded="true"]')).toBe(firstCard);
    // Hydrated: nothing the server answered was asked again, once the parts that
    // follow the first screen are there too (the filter panel comes after the first page).
    await waitFor(() => expect(element.shadowRoot?.querySelector('.lk-filters__panel--loading')).toBeNull());
    expect(answeredByServer(sent)).toEqual([]);
    // Reaching for 'Contact' (the pointer over it) fetches the page once more, quietly (held here): the list is
    // not dimmed, and 'Contact' shows its placeholder until the page is there.
    const contact = [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Contact');
    // The pointer comes over it (React's onPointerEnter is made from `pointerover`).
    contact?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    await waitFor(() => expect(answeredByServer(sent)).toEqual([LIST_CALL]));
    expect(element.shadowRoot?.querySelector('[aria-busy="true"]:not(.lk-filters__panel)')).toBeNull();
    contact?.click();
    await waitFor(() => expect(element.shadowRoot?.querySelector('.lk-contact__list')?.textContent).toContain('Loading contact details…'));
    expect(element.shadowRoot?.querySelector('.lk-contact__list')?.getAttribute('aria-busy')).toBe('true');
    quietList.release();
    await waitFor(() => expect(element.shadowRoot?.querySelector('.lk-contact__list a[href^="tel:"]')).not.toBeNull());
    expect(element.shadowRoot?.querySelector('.lk-contact__list')?.hasAttribute('aria-busy')).toBe(false);
    // The open card's parts that follow its first frame came too (the insurance offer in its placeholder's place).
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="insurance-banner"]:not(.lk-insurance--placeholder)')).not.toBeNull());
    // One page told of (the quiet one is the same page), one list call, no hydration error. (React
    // warns here of two renderers of one context: the server render ran in this same process.)
    expect(loads).toHaveLength(1);
    expect(answeredByServer(sent)).toEqual([LIST_CALL]);
    expect(gatewayCalls(sandbox)).toContain(LIST_CALL);
    expect(errors.mock.calls.map(String).filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual([]);
  });

  it('another leadkit version’s markup is rendered afresh, not hydrated, and the developer is told once (console and lk-error)', async () => {
    const { element, sandbox, prefix } = await serverRenderedBoard();
    const answers = element.shadowRoot?.querySelector('script[data-lk-answers]');
    expect(answers?.getAttribute('data-lk-version')).toBe('0.3.0');
    answers?.setAttribute('data-lk-version', '0.2.9');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const errors: unknown[] = [];
    element.addEventListener('lk-error', (event) => errors.push((event as CustomEvent).detail));
    element.gateway = { baseURL: 'https://gw.test', fetch: sandbox.fetch };
    const loads: Event[] = [];
    element.addEventListener('lk-load', (event) => loads.push(event));
    document.body.append(element);
    const serverHeading = element.shadowRoot?.querySelector('h1');
    defineElement(leadBoardElement, { prefix });
    await waitFor(() => expect(loads).toHaveLength(1), { timeout: 15_000 });
    // Its own nodes, from its own calls: the server's were replaced.
    expect(element.shadowRoot?.querySelector('h1')?.textContent).toMatch(/^Leads for /);
    expect(element.shadowRoot?.querySelector('h1')).not.toBe(serverHeading);
    expect(gatewayCalls(sandbox)).toContain(LIST_CALL);
    const lines = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('leadkit 0.2.9'));
    expect(lines).toEqual([
      expect.stringMatching(/^leadkit: this page's server-rendered widget was rendered by leadkit 0\.2\.9, and the browser runs a different version/),
    ]);
    expect(errors).toContainEqual(expect.objectContaining({ widget: 'lead-board', kind: 'setup', cause: 'server-version-mismatch' }));
  });

  it('takes the server’s answers with a host’s own ready client too (the `gateway` property): the provider is not asked again', async () => {
    const { element, sandbox, prefix } = await serverRenderedBoard();
    const sent: string[] = [];
    element.gateway = createGatewayClient({
      baseURL: 'https://gw.test',
      auth: { kind: 'provider', spId: 1001 },
      fetch: (input, init) => {
        sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return sandbox.fetch(input, init);
      },
    });
    const loads: Event[] = [];
    element.addEventListener('lk-load', (event) => loads.push(event));
    document.body.append(element);
    const heading = element.shadowRoot?.querySelector('h1');
    defineElement(leadBoardElement, { prefix });
    await waitFor(() => expect(loads).toHaveLength(1));
    expect(element.shadowRoot?.querySelector('h1')).toBe(heading);
    await waitFor(() => expect(element.shadowRoot?.querySelector('.lk-filters__panel--loading')).toBeNull());
    expect(answeredByServer(sent)).toEqual([]);
    // The page fetched again for the contact details goes through the host's client.
    const contact = [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Contact');
    contact?.click();
    await waitFor(() => expect(element.shadowRoot?.querySelector('.lk-contact__list a[href^="tel:"]')).not.toBeNull());
    expect(answeredByServer(sent)).toEqual([LIST_CALL]);
  });

  it('reads the insurance offers this browser hid only once hydrated: no mismatch, and the hidden offer goes', async () => {
    const { element, sandbox, prefix } = await serverRenderedBoard();
    // The server offered insurance on the first lead (it cannot know); this browser hid it before.
    expect(element.shadowRoot?.querySelector('[part="insurance-banner"]')).not.toBeNull();
    localStorage.setItem(INSURANCE_HIDDEN_STORAGE_KEY, JSON.stringify(['300001']));
    const warnings = vi.spyOn(console, 'warn');
    element.gateway = { baseURL: 'https://gw.test', fetch: sandbox.fetch };
    const loads: Event[] = [];
    element.addEventListener('lk-load', (event) => loads.push(event));
    document.body.append(element);
    const firstCard = element.shadowRoot?.querySelector('[data-expanded="true"]');
    defineElement(leadBoardElement, { prefix });
    await waitFor(() => expect(loads).toHaveLength(1));
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="insurance-banner"]')).toBeNull());
    // Hydrated, not rendered afresh (a mismatch says so in a warning and replaces the nodes).
    expect(element.shadowRoot?.querySelector('[data-expanded="true"]')).toBe(firstCard);
    expect(warnings.mock.calls.map(String).filter((message) => message.includes('rendered afresh'))).toEqual([]);
    localStorage.removeItem(INSURANCE_HIDDEN_STORAGE_KEY);
  });
});
