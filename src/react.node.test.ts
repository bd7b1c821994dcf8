import { createElement, Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { loadFirstScreen } from './server/load-first-screen';
import { setServerRenderer } from './elements/server-renderer';
import { LeadBoard, LeadPage } from './react.node';
import { renderFirstScreen } from './server';

// The package's own leadkit/server, as react.node.tsx imports it at run time from the installed
// package (test/packaged covers that path): here the same renderer from the sources.
setServerRenderer((tag, input) => renderFirstScreen(tag, input));

/**
 * leadkit/react as a server renders it (the `node` export condition: Next.js's server render of a
 * 'use client' component): given first-screen data from a server component, the element comes
 * with its first screen as a declarative shadow root; without, or when that screen cannot be
 * made from the data, the bare element (the browser renders it) — never an error.
 */
async function serverHtml(element: ReturnType<typeof createElement>): Promise<string> {
  const stream = await renderToReadableStream(createElement('main', null, createElement(Suspense, { fallback: 'loading' }, element)));
  await stream.allReady;
  return new Response(stream).text();
}

const gateway = (sandbox: ReturnType<typeof createSandboxGateway>) => ({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch });

describe('leadkit/react rendering on a server', () => {
  it('renders <LeadBoard firstScreen> as the element with its first screen in a declarative shadow root, from the data alone', async () => {
    const sandbox = createSandboxGateway();
    const firstScreen = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: gateway(sandbox) });
    const calls = sandbox.store.requests.length;
    const errors = vi.spyOn(console, 'error');
    const html = await serverHtml(createElement(LeadBoard, { spId: 1001, firstScreen, onNavigate: () => {}, className: 'board' }));
    // The component waited for its first screen: React streams it in its boundary's place (the
    // parser makes the template a shadow root wherever the element is, before React moves it).
    expect(html).toMatch(
      /<lead-board sp-id="1001" class="board"><template shadowrootmode="open"><span data-lk-parsing hidden><\/span><script type="application\/json" data-lk-answers data-lk-version="[^"]+">/,
    );
    expect(html).toMatch(/<h1[^>]*>Leads for Acme Plumbing &amp; Heating<\/h1>/);
    expect(html).toContain('Showing 1 - 10 of');
    expect(html).toContain('data-expanded="true"');
    // Nothing of the component's own props on the element: no `firstscreen` attribute, no handler.
    expect(html).not.toMatch(/firstscreen|onnavigate/i);
    expect(html).toContain('<span data-lk-parsed hidden></span></template></lead-board>');
    expect(html.match(/<template shadowrootmode/g)).toHaveLength(1);
    expect(sandbox.store.requests).toHaveLength(calls);
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders the bare element without first-screen data, or when the data cannot make the first screen (page-size changes the first calls)', async () => {
    const sandbox = createSandboxGateway();
    expect(await serverHtml(createElement(LeadPage, { leadId: 300002, spId: 1001 }))).toBe(
      '<main><!--$--><lead-page lead-id="300002" sp-id="1001"></lead-page><!--/$--></main>',
    );
    const sized = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001, 'page-size': 25 }, gateway: gateway(sandbox) });
    expect(await serverHtml(createElement(LeadBoard, { spId: 1001, pageSize: 25, firstScreen: sized }))).toBe(
      '<main><!--$--><lead-board sp-id="1001" page-size="25"></lead-board><!--/$--></main>',
    );
    // The same data given to a board with other attributes is rendered for those: page-size changes the calls, so none.
    const board = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: gateway(sandbox) });
    const both = await serverHtml(
      createElement(
        'div',
        null,
        createElement(LeadBoard, { spId: 1001, firstScreen: board }),
        createElement(LeadBoard, { spId: 1001, pageSize: 25, firstScreen: board }),
      ),
    );
    expect(both.match(/<template shadowrootmode/g)).toHaveLength(1);
    expect(both).toContain('<lead-board sp-id="1001" page-size="25"></lead-board>');
    // Another tag's data is not this element's first screen.
    const page = await loadFirstScreen('lead-page', { attributes: { 'lead-id': 300002, 'sp-id': 1001 }, gateway: gateway(sandbox) });
    expect(await serverHtml(createElement(LeadBoard, { spId: 1001, firstScreen: page as never }))).toBe(
      '<main><!--$--><lead-board sp-id="1001"></lead-board><!--/$--></main>',
    );
  });

  it('renders <LeadPage firstScreen> with the purchased lead', async () => {
    const sandbox = createSandboxGateway();
    const firstScreen = await loadFirstScreen('lead-page', { attributes: { 'lead-id': 300002, 'sp-id': 1001 }, gateway: gateway(sandbox) });
    const html = await serverHtml(createElement(LeadPage, { leadId: 300002, spId: 1001, firstScreen }));
    expect(html).toContain('<lead-page lead-id="300002" sp-id="1001"><template shadowrootmode="open">');
    expect(html).toContain('Lead Unlocked');
  });
});
