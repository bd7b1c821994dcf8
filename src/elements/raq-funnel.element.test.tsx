import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createSandboxGateway, SANDBOX_MEMBER_TOKEN } from '@leadkit/sandbox';
import { raqFunnelElement } from './raq-funnel.element';
import { defineElement } from './define-element';

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

const text = (element: Element) => element.shadowRoot?.textContent ?? '';

describe('<raq-funnel> element', () => {
  it('takes the partner attributes, the customer’s token as a property only, and renders in its shadow root', async () => {
    defineElement(raqFunnelElement, { prefix: 'funnel-test' });
    const sandbox = createSandboxGateway();
    const element = document.createElement('funnel-test-raq-funnel') as HTMLElement & { gateway: unknown; auth: unknown };
    element.gateway = { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, retry: { retries: 0 } };
    element.auth = { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN };
    element.setAttribute('sp-id', '1001');
    element.setAttribute('postal-code', '80202');
    element.setAttribute('referrer', 'https://partner.example.com/acme?email=someone%40example.com');
    document.body.append(element);
    await waitFor(() => expect(text(element)).toContain('Request a quote from Acme Plumbing & Heating'));
    await waitFor(() => expect(text(element)).toContain('Denver, CO'));
    // The token is nowhere in the page's DOM (attributes are what session-replay tools record).
    expect(document.documentElement.outerHTML).not.toContain(SANDBOX_MEMBER_TOKEN);
    expect(element.shadowRoot?.innerHTML).not.toContain(SANDBOX_MEMBER_TOKEN);
    // The pro's details were asked for as the customer (Member), the ZIP code's city too.
    const details = sandbox.store.requests.find((r) => r.path === '/gateway/lead/v1/serviceprovider/1001/details');
    expect(details?.headers['x-caller-type']).toBe('Member');
    expect(details?.headers['x-caller-id']).toBeUndefined();
    // The referrer is kept without its query (it held an e-mail address).
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('leadkit:raq-funnel:v1:default') ?? '{}')).toMatchObject({
        entryPointReferrer: 'https://partner.example.com/acme',
      }),
    );
  });
});
