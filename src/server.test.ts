// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { parseAnswers } from './gateway/server-answers';
import { renderToString } from './server';

/**
 * leadkit/server in Node (no DOM): a tag's first screen as declarative shadow DOM, from the
 * gateway answers the server fetched (the in-process sandbox here), with those answers once in
 * the HTML for the browser.
 */
const ANSWERS = /<script type="application\/json" data-lk-answers>(.*?)<\/script>/s;

describe('leadkit/server', () => {
  it('renders <lead-page> with its first screen (the purchased lead) in a declarative shadow root, from the server’s own gateway call', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('lead-page', {
      attributes: { 'lead-id': 300002, 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
      stylesheet: '/assets/leadkit-widgets.css',
    });
    expect(typeof document).toBe('undefined');
    expect(html.startsWith('<lead-page lead-id="300002" sp-id="1001"><template shadowrootmode="open">')).toBe(true);
    expect(html.endsWith('</template></lead-page>')).toBe(true);
    // The first screen itself, not the loading skeleton.
    expect(html).toContain('Lead Unlocked');
    expect(html).toMatch(/href="tel:\+1\d{10}"/);
    expect(html).not.toContain('aria-busy="true"');
    // Styles by a link (a strict CSP allows it), no inline style element.
    expect(html).toContain('<link rel="stylesheet" href="/assets/leadkit-widgets.css" data-lk-stylesheet=""/>');
    expect(html).not.toContain('<style');
    // The server's call, once, answered into the page; the request's headers (auth) are not.
    const calls = sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /gateway/lead/office/v2/leads/300002']);
    const answers = parseAnswers(ANSWERS.exec(html)?.[1]);
    expect(answers.map((answer) => `${answer.method} ${answer.path} ${answer.status}`)).toEqual(['GET /gateway/lead/office/v2/leads/300002?spId=1001 200']);
    expect(ANSWERS.exec(html)?.[1]).not.toMatch(/caller|authorization|x-request-id/i);
  });

  it('renders in Spanish for locale="es-US" and escapes what it writes (attributes, the answers’ text)', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('lead-page', {
      attributes: { 'lead-id': 300002, 'sp-id': 1001, locale: 'es-US', 'gateway-url': 'http://x"><script>alert(1)</script>' },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
    });
    expect(html).toContain('gateway-url="http://x&quot;>&lt;script>alert(1)&lt;/script>"');
    expect(html).not.toContain('Lead Unlocked');
    expect(html).toContain('Cliente potencial desbloqueado');
    expect(ANSWERS.exec(html)?.[1]).not.toContain('</');
  });

  it('renders the lead page’s error banner when the gateway answers an error, and carries that answer too', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(403, undefined, { route: 'GET /gateway/lead/office/v2/leads/300002' });
    const html = await renderToString('lead-page', {
      attributes: { 'lead-id': 300002, 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, retry: { retries: 0 } },
    });
    expect(html).toContain('Forbidden');
    expect(parseAnswers(ANSWERS.exec(html)?.[1]).map((answer) => answer.status)).toEqual([403]);
  });
});
