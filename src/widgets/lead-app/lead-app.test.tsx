import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from '../../gateway/core/client';
import { emitLeadkitEvent } from '../../runtime/events';
import { WidgetShell } from '../../runtime/widget-shell';
import { LeadAppRoot } from './lead-app';
import { LEAD_APP_CATALOGUE } from './lead-app-messages';
import { inAppPath } from './lead-app-paths';
import { isAppRoute, parseId } from './lead-app-routes';

const lead = {
  leadId: 5,
  purchased: false,
  info: { title: 'Fix the sink', description: '', urgency: 'Flexible', category: { id: 100, name: 'Plumbing' }, attributes: [] },
  address: { city: 'Denver', state: 'CO', postalCode: '80202' },
};

function renderAt(path: string, spId: number | null = null) {
  window.history.pushState(null, '', path);
  const recorder = recordingFetch(() => json(200, lead));
  const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch });
  const host = new EventTarget();
  render(
    <WidgetShell owner={{}} host={host} catalogue={LEAD_APP_CATALOGUE} inputs={{ gateway: client }}>
      <LeadAppRoot base="/app" spId={spId} />
    </WidgetShell>,
  );
  return { host, requests: recorder.requests };
}

afterEach(async () => {
  // Routes and the board's card body load lazily: let those imports finish before teardown.
  await vi.dynamicImportSettled();
  cleanup();
});

describe('<LeadAppRoot> routes', () => {
  it('shows the lead page for /app/lead with leadId and serviceProviderId', async () => {
    const { requests } = renderAt('/app/lead?leadId=5&serviceProviderId=1001');
    expect(await screen.findByRole('heading', { name: 'Fix the sink' })).toBeTruthy();
    expect(requests[0]?.url).toContain('/gateway/lead/office/v2/leads/5?spId=1001');
  });

  it.each([
    ['/app/lead/request_a_quote?withAlId=3', 'Get quotes from local pros', 'Your service'],
    ['/app/lead/request_a_quote/1001/project', 'Tell us about your project', 'Your project'],
    // The suggestion page cannot fetch this lead here: it shows the lead's summary instead.
    ['/app/lead/request_a_quote/lead/5/suggestions', 'Your request has been sent', 'Summary'],
    ['/app/lead/request_a_quote/lead/5/summary', 'Your request has been sent', 'Summary'],
  ])('opens the request-a-quote funnel on %s at its step', async (path, heading, step) => {
    sessionStorage.clear();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain(step);
  });

  it.each(['/app/lead/nope', '/app/conversation/1001', '/app/lead/board/abc', '/app/lead?leadId=x&serviceProviderId=1', '/app/conversation/1/thread/2/extra'])(
    'shows the not-found view for %s',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    },
  );

  it('shows the lead board for /app/lead/board/:serviceProviderId with leadId and newMessages', async () => {
    const { requests } = renderAt('/app/lead/board/1001?leadId=5&newMessages=true');
    await waitFor(() => expect(requests.some((r) => r.url.includes('/gateway/lead/office/v6/leads/serviceProvider/1001'))).toBe(true));
    const body = requests.find((r) => r.url.includes('/v6/leads/'))?.body as Record<string, unknown>;
    expect(body).toMatchObject({ featuredLeadId: 5, filters: { hasUnreadMessages: true } });
    // The app names the page on its board route (a lone <lead-board> only with set-title).
    await waitFor(() => expect(document.title).toBe('Business Center'));
  });

  it('turns a widget link inside the app into a client-side navigation', async () => {
    const { host } = renderAt('/app/lead/nope');
    await screen.findByRole('heading', { name: 'Page not found' });
    let proceeded = true;
    act(() => {
      proceeded = emitLeadkitEvent(host, 'lk-navigate', { url: `${window.location.origin}/app/lead/board/1001`, kind: 'lead-board', newTab: false });
    });
    expect(proceeded).toBe(false);
    expect(window.location.pathname).toBe('/app/lead/board/1001');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it("offers the provider's leads from the not-found view, followed inside the app", async () => {
    renderAt('/app/lead/nope', 1001);
    await screen.findByRole('heading', { name: 'Page not found' });
    const way = screen.getByRole('link', { name: 'Go to your leads' });
    expect(way.getAttribute('href')).toBe('/app/lead/board/1001');
    act(() => way.click());
    await waitFor(() => expect(window.location.pathname).toBe('/app/lead/board/1001'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('offers no way on when the app does not know the provider', async () => {
    renderAt('/app/lead/nope');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.queryByRole('link', { name: 'Go to your leads' })).toBeNull();
  });

  it('shows one not-found view for a path outside its base', async () => {
    renderAt('/elsewhere/page');
    expect(await screen.findAllByRole('heading', { name: 'Page not found' })).toHaveLength(1);
  });

  it('leaves links outside the app, and new-tab links, to the browser', async () => {
    const { host } = renderAt('/app/lead/nope');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(emitLeadkitEvent(host, 'lk-navigate', { url: 'https://insurer.example.com/q', kind: 'insurer', newTab: false })).toBe(true);
    expect(emitLeadkitEvent(host, 'lk-navigate', { url: `${window.location.origin}/app/lead/board/1`, kind: 'lead-board', newTab: true })).toBe(true);
    // The office inbox (a host may put its route under the base) is a page of the host's, not an
    // app route: a real navigation, not the app's "Page not found".
    expect(
      emitLeadkitEvent(host, 'lk-navigate', { url: `${window.location.origin}/app/office/1003/inbox?userId=5005`, kind: 'office-inbox', newTab: false }),
    ).toBe(true);
    expect(window.location.pathname).toBe('/app/lead/nope');
  });
});

describe('route helpers', () => {
  it('parses ids strictly', () => {
    expect(parseId('1001')).toBe(1001);
    expect(parseId('10.5')).toBeNull();
    expect(parseId('-1')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('finds the in-app path of a URL only within the base and origin', () => {
    expect(inAppPath('https://a.test/app/lead?x=1', '/app', 'https://a.test')).toBe('/lead?x=1');
    expect(inAppPath('https://a.test/application', '/app', 'https://a.test')).toBeNull();
    expect(inAppPath('https://b.test/app/lead', '/app', 'https://a.test')).toBeNull();
    expect(inAppPath('https://a.test/app/lead/board/1001/', '/app/', 'https://a.test')).toBe('/lead/board/1001/');
  });

  it("takes only the app's own routes: the office pages the spec names without a route are the host's", () => {
    expect(isAppRoute('/lead/board/1001')).toBe(true);
    expect(isAppRoute('/conversation/1001/thread/5001')).toBe(true);
    expect(isAppRoute('/lead/request_a_quote/lead/9/summary')).toBe(true);
    for (const page of [
      '/office/1003/inbox',
      '/office/1001/call-log',
      '/ads/1001/connected-numbers',
      '/office/1001/service-area',
      '/office/1001/services',
      '/',
      '/lead/board',
    ]) {
      expect(isAppRoute(page)).toBe(false);
      expect(inAppPath(`https://a.test/app${page}?userId=5`, '/app', 'https://a.test')).toBeNull();
    }
  });
});

describe('<LeadAppRoot> message thread route', () => {
  /** The app at `path` (under `base`) over a fresh sandbox and its chat service. */
  async function renderThreadRoute(path: (lead: number) => string, { base = '/app', spId }: { base?: string; spId?: number } = {}) {
    const { createSandboxGateway, SANDBOX_LEADS } = await import('@leadkit/sandbox');
    const { createSandboxChatClientFactory } = await import('../../chat/sandbox-chat-client');
    const sandbox = createSandboxGateway();
    window.history.pushState(null, '', path(SANDBOX_LEADS.newest));
    const client = createGatewayClient({ baseURL: 'http://sandbox.test', auth: { kind: 'provider', spId: 1001 }, fetch: sandbox.fetch, retry: { retries: 0 } });
    render(
      <WidgetShell
        owner={{}}
        host={new EventTarget()}
        catalogue={LEAD_APP_CATALOGUE}
        inputs={{ gateway: client, chat: createSandboxChatClientFactory({ fetch: sandbox.fetch }) }}
      >
        <LeadAppRoot base={base} spId={spId ?? null} />
      </WidgetShell>,
    );
    return { sandbox, lead: SANDBOX_LEADS.newest };
  }

  it('shows the thread for /app/conversation/:serviceProviderId/thread/:userId with the leadId query', async () => {
    const { sandbox, lead } = await renderThreadRoute((newest) => `/app/conversation/1001/thread/5001?leadId=${newest}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe(`/app/lead/board/1001?leadId=${lead}`);
    await waitFor(() => expect(sandbox.store.requests.some((r) => r.path === '/gateway/message-center/v1/chat/session')).toBe(true));
  });

  it('keeps links between its widgets under its base (<lead-app base="/office">), and follows them in the app', async () => {
    const { lead } = await renderThreadRoute((newest) => `/office/conversation/1001/thread/5001?leadId=${newest}`, { base: '/office', spId: 1001 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeTruthy();
    const leads = screen.getByRole('link', { name: 'Leads' });
    expect(leads.getAttribute('href')).toBe(`/office/lead/board/1001?leadId=${lead}`);
    expect(screen.getByRole('link', { name: 'View All Leads' }).getAttribute('href')).toMatch(/^\/office\/lead\/board\/1001/);
    act(() => leads.click());
    await waitFor(() => expect(window.location.pathname).toBe('/office/lead/board/1001'));
    expect(await screen.findByRole('heading', { level: 1, name: /^Leads for / })).toBeTruthy();
  });

  it("follows 'Message History' to the archived thread, and 'Back to Messages' to the live one", async () => {
    const { lead } = await renderThreadRoute((newest) => `/app/conversation/1001/thread/5001?leadId=${newest}`, { spId: 1001 });
    const history = await screen.findByRole('link', { name: 'Message History' });
    act(() => history.click());
    await waitFor(() => expect(window.location.search).toBe(`?leadId=${lead}&archived=true`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Message history with Jordan Rivera' })).toBeTruthy();
    expect(await screen.findByText('Glad to hear it! Reach out any time.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a message...' })).toBeNull();

    act(() => screen.getByRole('link', { name: 'Back to Messages' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeTruthy();
    expect(window.location.search).toBe(`?leadId=${lead}`);
    expect(await screen.findByRole('textbox', { name: 'Write a message...' })).toBeTruthy();
  });

  it('shows the not-found view for a thread with a malformed leadId', async () => {
    renderAt('/app/conversation/1001/thread/5001?leadId=abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
