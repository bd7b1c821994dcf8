import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from '../../gateway/core/client';
import { refusedLink } from '../../gateway/core/shown-link';
import { sentenceOf } from '../../gateway/core/setup-sentences';
import type { RouteBuilders } from '../../domain/core/routes';
import { emitLeadkitEvent } from '../../runtime/events';
import { WidgetShell } from '../../runtime/widget-shell';
import { LeadAppRoot } from './lead-app';
import { LEAD_APP_CATALOGUE } from './lead-app-messages';

/**
 * `<lead-app base>` and the host's routes through the URL gate (domain/core/safe-url): a base that
 * is not a path on the page's origin is the default `/app`, a refused route the default's URL, and
 * the developer is told once per input — the console line and the element's `lk-error` — naming
 * the input, never the value.
 */

const said = (input: string, refused: string) => `leadkit: ${sentenceOf(refusedLink(input, refused))}`;

function renderApp(path: string, base: string, routes?: Partial<RouteBuilders>) {
  window.history.pushState(null, '', path);
  const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 }, fetch: recordingFetch(() => json(404, {})).fetch });
  const host = new EventTarget();
  const errors: unknown[] = [];
  host.addEventListener('lk-error', (event) => errors.push((event as CustomEvent).detail));
  render(
    <WidgetShell owner={host} host={host} catalogue={LEAD_APP_CATALOGUE} inputs={{ gateway: client, ...(routes ? { routes } : {}) }}>
      <LeadAppRoot base={base} spId={1001} />
    </WidgetShell>,
  );
  return { host, errors };
}

afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
});

describe('<LeadAppRoot> links a host hands over', () => {
  it.each([
    ['javascript:window.__ran=1//', 'not a path from the site’s root'],
    ['//evil.example', 'http://evil.example'],
    ['/\\evil2.example', 'http://evil2.example'],
  ])('base=%j: the app is at /app, its links under it, and the attribute is named once', async (base, refused) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // (A line is said once per input and refusal per page: each row refuses something else.)
    const { host, errors } = renderApp('/app/lead/nope', base);
    await screen.findByRole('heading', { name: 'Page not found' });
    const way = screen.getByRole('link', { name: 'Go to your leads' });
    expect(way.getAttribute('href')).toBe('/app/lead/board/1001');
    // Links between its routes stay client-side navigations under /app.
    let proceeded = true;
    act(() => {
      proceeded = emitLeadkitEvent(host, 'lk-navigate', { url: `${window.location.origin}/app/lead/board/1001`, kind: 'lead-board', newTab: false });
    });
    expect(proceeded).toBe(false);
    expect(window.location.pathname).toBe('/app/lead/board/1001');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(said('`<lead-app base>`', refused)));
    await waitFor(() => expect(errors).toContainEqual(expect.objectContaining({ kind: 'setup', cause: 'link-refused' })));
    expect(warn.mock.calls.flat().join(' ')).not.toContain('__ran');
  });

  it('a refused leadBoard route links to the default board; a navigation to a hostile path is not taken over', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { host } = renderApp('/office/lead/nope', '/office', { leadBoard: () => 'JaVaScRiPt:alert(1)' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to your leads' }).getAttribute('href')).toBe('/office/lead/board/1001');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(said('`routes.leadBoard`', 'javascript:')));
    // `/\host` and an encoded backslash are not the app's paths: left to the browser, not routed.
    for (const url of ['/\\evil.example/office/lead/board/1', '/office/%5C/lead/board/1', 'javascript:alert(1)']) {
      expect(emitLeadkitEvent(host, 'lk-navigate', { url, kind: 'lead-board', newTab: false })).toBe(true);
    }
    expect(window.location.pathname).toBe('/office/lead/nope');
  });
});
