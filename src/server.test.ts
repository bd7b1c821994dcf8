import { describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { parseAnswers } from './gateway/server-answers';
import { loadFirstScreen, renderFirstScreen, renderToString } from './server';

/**
 * leadkit/server in Node (no DOM): a tag's first screen as declarative shadow DOM, from the
 * gateway answers the server fetched (the in-process sandbox here), with those answers once in
 * the HTML for the browser.
 */
const ANSWERS = /<script type="application\/json" data-lk-answers data-lk-version="0\.3\.0">(.*?)<\/script>/s;

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

describe('leadkit/server: signed in at a gateway that requires it (docs/server-rendering.md#signed-in)', () => {
  const TOKEN = 'tok-server-render-secret-8Kd2';
  const SESSION = 'lk_session=server-render-session-4Nw7';

  it('a bearer token in properties.auth (a string or a function) signs the server’s calls, and is nowhere in the HTML', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN } });
    for (const token of [TOKEN, async () => TOKEN]) {
      const html = await renderToString('lead-board', {
        attributes: { 'sp-id': 1001, 'auth-mode': 'provider-token' },
        properties: { auth: { kind: 'provider', spId: 1001, token } },
        gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
      });
      expect(html).toMatch(/Showing 1 - 10 of \d+ results/);
      expect(html).not.toContain(TOKEN);
    }
    const calls = sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect([call.headers.authorization, call.status]).toEqual([`Bearer ${TOKEN}`, 200]);
  });

  it('the user’s Cookie header forwarded in gateway.headers signs them in; not in the HTML; without it the board renders its error', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { cookie: SESSION } });
    const render = (headers: Record<string, string>) =>
      renderToString('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, headers } });
    const html = await render({ cookie: `theme=dark; ${SESSION}` });
    expect(html).toMatch(/Showing 1 - 10 of \d+ results/);
    expect(html).not.toContain('server-render-session');
    const refused = await render({});
    expect(refused).not.toMatch(/Showing 1 - 10/);
    expect(sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => request.status)).toContain(401);
  });
});

describe('leadkit/server: <lead-board>', () => {
  it('renders the board’s first screen — heading, filters, the count, the first page with its first card open — from its two calls, sent together', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('lead-board', {
      attributes: { 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
      stylesheet: '/assets/leadkit-widgets.css',
    });
    expect(html.startsWith('<lead-board sp-id="1001"><template shadowrootmode="open">')).toBe(true);
    const calls = sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/'));
    expect(calls.map((call) => `${call.method} ${call.path.split('?')[0]}`).sort()).toEqual([
      'GET /gateway/office-home/v4/service_provider',
      'POST /gateway/lead/office/v6/leads/serviceProvider/1001',
    ]);
    expect(html).toMatch(/<h1 class="lk-board__title">Leads for [^<]+<\/h1>/);
    expect(html).toMatch(/Showing 1 - 10 of \d+ results/);
    expect(html).toContain('Show All Filters');
    // Ten cards, the first open (its body in the HTML), and no skeleton.
    expect(html.match(/data-lead-id="/g)).toHaveLength(10);
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(1);
    expect(html).toContain('Your Notes');
    // No skeleton in the list (the closed filter panel keeps its placeholder until the page is on screen, as in a browser).
    const list = html.slice(html.indexOf('aria-label="Leads"'));
    expect(list).not.toContain('aria-busy="true"');
    expect(list).not.toContain('lk-skeleton');
    // Nothing a strict CSP blocks (no style attribute or element), and one piece of HTML with no
    // script to reveal a part of it (none would run in the template).
    expect(html).not.toMatch(/ style="|<style/);
    expect(html).not.toMatch(/<script(?! type="application\/json" data-lk-answers)/);
  });

  it('puts the page of leads in the HTML without the customers’ contact details (the first screen shows none of them)', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('lead-board', {
      attributes: { 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
    });
    const answers = parseAnswers(ANSWERS.exec(html)?.[1]);
    expect(answers.map((answer) => `${answer.method} ${answer.path.split('?')[0]} ${answer.status}`).sort()).toEqual([
      'GET /gateway/office-home/v4/service_provider 200',
      'POST /gateway/lead/office/v6/leads/serviceProvider/1001 200',
    ]);
    const page = JSON.parse(answers.find((answer) => answer.method === 'POST')?.text ?? '{}') as { leads: { customerInfo: Record<string, unknown> }[] };
    expect(page.leads).toHaveLength(10);
    for (const { customerInfo } of page.leads) {
      expect(customerInfo.userId).toEqual(expect.any(Number));
      expect(customerInfo).not.toHaveProperty('phoneNumber');
      expect(customerInfo).not.toHaveProperty('emailAddress');
      expect(customerInfo).not.toHaveProperty('addressLineOne');
      expect(customerInfo).not.toHaveProperty('phoneUrl');
    }
    expect(html).not.toMatch(/tel:|mailto:|@example\./);
  });
});

describe('leadkit/server: <review-request> and <raq-funnel>', () => {
  it('renders the review request’s button, and an empty answers script that marks the root a server’s (the element hydrates it)', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('review-request', {
      attributes: { 'sp-id': 1001, 'lead-id': 300002 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
    });
    expect(html).toContain('<button type="button" class="lk-button" part="trigger" aria-haspopup="dialog">Request a Review</button>');
    expect(ANSWERS.exec(html)?.[1]).toBe('[]');
  });

  it('renders the funnel’s entry step, in Spanish with locale="es-US"', async () => {
    const sandbox = createSandboxGateway();
    // No sp-id: with one, the heading waits for the pro's name, which the server does not wait for yet.
    const html = await renderToString('raq-funnel', {
      attributes: { 'postal-code': '80202', locale: 'es-US' },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
    });
    expect(html).toContain('data-step="entry"');
    expect(html).not.toContain('Get quotes from local pros');
    expect(html).toContain('Reciba cotizaciones de profesionales locales');
    // No style attribute (a strict CSP refuses them); without a stylesheet URL the styles come in one <style>.
    expect(html).not.toMatch(/ style="/);
    expect(html.match(/<style\b[^>]*>/g)).toEqual(['<style data-lk-stylesheet>']);
  });

  it('given sp-id, heads the entry step with the pro’s name (their details asked as the customer, without a token) and carries the details as a first-screen value; no host token is asked', async () => {
    const sandbox = createSandboxGateway();
    const getOneTimeToken = vi.fn();
    const html = await renderToString('raq-funnel', {
      attributes: { 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getOneTimeToken },
    });
    expect(html).toMatch(/<h2[^>]*>Request a quote from Acme Plumbing &amp; Heating<\/h2>/);
    expect(html).not.toContain('lk-funnel__heading-pending');
    expect(getOneTimeToken).not.toHaveBeenCalled();
    const details = sandbox.store.requests.filter((request) => request.path.includes('/details'));
    expect(details.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /gateway/lead/v1/serviceprovider/1001/details']);
    expect(JSON.stringify(details[0]?.headers ?? {})).not.toMatch(/OneTime|"x-caller-id"/i);
    const answers = parseAnswers(ANSWERS.exec(html)?.[1]);
    expect(answers.map((answer) => `${answer.method} ${answer.path}`)).toEqual(['FIRST-SCREEN raq-funnel/provider?serviceProviderId=1001']);
    // The first-screen data carries them too (the Next.js path).
    const data = await loadFirstScreen('raq-funnel', { attributes: { 'sp-id': 1001 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    expect(data.answers.map((answer) => `${answer.method} ${answer.path}`)).toEqual(['FIRST-SCREEN raq-funnel/provider?serviceProviderId=1001']);
    // A pro the gateway does not know: the heading waits for the browser, as before.
    const unknown = await renderToString('raq-funnel', { attributes: { 'sp-id': 999999 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    expect(unknown).toContain('lk-funnel__heading-pending');
  });
});

describe('leadkit/server: first-screen data (loadFirstScreen) and renderFirstScreen', () => {
  it('loads a board’s first calls with the server’s auth, without the customers’ contact details, and renders the same first screen from them, asking nothing more', async () => {
    const sandbox = createSandboxGateway();
    const data = await loadFirstScreen('lead-board', {
      attributes: { 'sp-id': 1001 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
      nonce: 'n0nce"1',
    });
    expect(data.tag).toBe('lead-board');
    expect(data.answers.map((answer) => `${answer.method} ${answer.path.split('?')[0]} ${answer.status}`)).toEqual([
      'GET /gateway/office-home/v4/service_provider 200',
      'POST /gateway/lead/office/v6/leads/serviceProvider/1001 200',
    ]);
    expect(sandbox.store.requests.find((request) => request.path.includes('/leads/serviceProvider/1001'))?.headers['x-caller-id']).toBe('1001');
    expect(JSON.stringify(data)).not.toMatch(/phoneNumber|emailAddress|x-caller-id/i);
    const calls = sandbox.store.requests.length;
    const shadow = await renderFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, from: data });
    expect(sandbox.store.requests).toHaveLength(calls);
    expect(shadow).toMatch(/<h1[^>]*>Leads for Acme Plumbing &amp; Heating<\/h1>/);
    expect(shadow).toContain('Showing 1 - 10 of');
    expect(shadow).toContain('<style data-lk-stylesheet nonce="n0nce&quot;1">');
    // The answers go in the page as the data had them.
    expect(parseAnswers(ANSWERS.exec(shadow ?? '')?.[1])).toEqual(data.answers);
  });

  it('leaves a first screen to the browser (null) when it needs a call the data does not answer, and refuses another tag’s data', async () => {
    const sandbox = createSandboxGateway();
    const board = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    // A page-size attribute changes the first calls: none are loaded, and the render cannot be made from none.
    const sized = await loadFirstScreen('lead-board', {
      attributes: { 'sp-id': 1001, 'page-size': 25 },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
    });
    expect(sized.answers).toEqual([]);
    expect(await renderFirstScreen('lead-board', { attributes: { 'sp-id': 1001, 'page-size': 25 }, from: sized })).toBeNull();
    await expect(renderFirstScreen('lead-page', { attributes: { 'lead-id': 300002, 'sp-id': 1001 }, from: board })).rejects.toThrow(
      'first-screen data of <lead-board> given for <lead-page>',
    );
  });
});

describe('leadkit/server: <message-thread>', () => {
  const THREAD = { 'sp-id': 1001, 'user-id': 5003, 'lead-id': 300002, 'chat-service': 'sandbox' };

  it('renders the header with the member’s name, the message list loading and the composer; asks only for the lead (no chat, no phone numbers, no activities) and carries it without the customer’s contact', async () => {
    const sandbox = createSandboxGateway();
    const html = await renderToString('message-thread', { attributes: THREAD, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    expect(html).toMatch(/<h1[^>]*>Your messages with Jasmine Anderson<\/h1>/);
    expect(html).toContain('part="view-all-leads"');
    expect(html).toContain('aria-label="Loading messages"');
    expect(html).toMatch(/<textarea[^>]*placeholder="Write a message..."/);
    const calls = sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual(['GET /gateway/lead/office/v2/leads/300002']);
    const answers = parseAnswers(ANSWERS.exec(html)?.[1]);
    expect(answers.map((answer) => answer.path)).toEqual(['/gateway/lead/office/v2/leads/300002?spId=1001']);
    expect(answers[0]?.text).toContain('"firstName":"Jasmine"');
    expect(answers[0]?.text).not.toMatch(/"phone"|"email"|lineOne|@example\./);
  });

  it('loads the thread’s first-screen data without its chat session, phone numbers or activities, and renders the same header from it', async () => {
    const sandbox = createSandboxGateway();
    const data = await loadFirstScreen('message-thread', { attributes: THREAD, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    // The chat session (a credential) and the customer's own data are never asked from here.
    expect(sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => request.path)).toEqual([
      '/gateway/lead/office/v2/leads/300002',
    ]);
    expect(data.answers).toHaveLength(1);
    const shadow = await renderFirstScreen('message-thread', { attributes: THREAD, from: data });
    expect(shadow).toMatch(/<h1[^>]*>Your messages with Jasmine Anderson<\/h1>/);
  });

  /** The host's getChatToken as a host's server gives it: the sandbox's stand-in for the host's own service. */
  const hostChatToken = (sandbox: ReturnType<typeof createSandboxGateway>, tokens: string[]) =>
    vi.fn(async ({ serviceProviderId, userId, leadId }: { serviceProviderId: number; userId: number; leadId?: number }) => {
      const response = await sandbox.fetch('http://sandbox.test/host-stand-in/chat-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serviceProviderId, userId, leadId }),
      });
      const session = (await response.json()) as { token: string };
      tokens.push(session.token);
      return session as never;
    });

  it('with the host’s getChatToken, renders the newest messages (read with that session on the server) and carries them — never the token — as a first-screen value', async () => {
    const sandbox = createSandboxGateway();
    const tokens: string[] = [];
    const getChatToken = hostChatToken(sandbox, tokens);
    const html = await renderToString('message-thread', {
      attributes: THREAD,
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getChatToken },
    });
    expect(getChatToken).toHaveBeenCalledWith(expect.objectContaining({ serviceProviderId: 1001, userId: 5003, leadId: 300002, reason: 'open' }));
    expect(tokens).toHaveLength(1);
    // The messages in the list (rows in the flow, the list at its end), not its loading state.
    expect(html).toContain('data-first-page="true"');
    expect(html).toMatch(/part="message message-(own|member)"/);
    expect(html).not.toContain('aria-label="Loading messages"');
    expect(html).toMatch(/<textarea[^>]*placeholder="Write a message..."/);
    // Neither the token nor leadkit's own session call: only the host's function gave the session.
    expect(html).not.toContain(tokens[0]);
    expect(sandbox.store.requests.map((request) => request.path)).not.toContain('/gateway/message-center/v1/chat/session');
    const answers = parseAnswers(ANSWERS.exec(html)?.[1]);
    expect(answers.map((answer) => `${answer.method} ${answer.path}`)).toEqual([
      'GET /gateway/lead/office/v2/leads/300002?spId=1001',
      'FIRST-SCREEN message-thread/first-page?serviceProviderId=1001&userId=5003&leadId=300002',
    ]);
    const page = JSON.parse(answers[1]!.text) as { identity: string; messages: { body: string | null; media: unknown[] }[] };
    expect(page.messages.length).toBeGreaterThan(0);
    // What a message shows, nothing more (no attributes, no media URL).
    expect(Object.keys(page.messages[0]!).sort()).toEqual(['author', 'body', 'dateCreated', 'index', 'media', 'sid']);
    expect(html).toContain(
      page.messages.at(-1)!.body!.slice(0, 20).replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;'),
    );
    // The chat service's own answers are not in the page either (the value is what it shows).
    expect(JSON.stringify(answers)).not.toMatch(/\/chat\/conversations|token/i);
  });

  it('loads the newest messages into the first-screen data with the host’s getChatToken (the Next.js path) and renders the same list from it', async () => {
    const sandbox = createSandboxGateway();
    const tokens: string[] = [];
    const data = await loadFirstScreen('message-thread', {
      attributes: THREAD,
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getChatToken: hostChatToken(sandbox, tokens) },
    });
    expect(data.answers.map((answer) => answer.method)).toEqual(['GET', 'FIRST-SCREEN']);
    expect(JSON.stringify(data)).not.toContain(tokens[0]);
    const shadow = await renderFirstScreen('message-thread', { attributes: THREAD, from: data });
    expect(shadow).toContain('data-first-page="true"');
    expect(shadow).toMatch(/part="message message-(own|member)"/);
  });

  it('leaves the messages to the browser without getChatToken (leadkit’s session call is never made from a server), without a reader (Twilio), and for an archived thread', async () => {
    const sandbox = createSandboxGateway();
    const getChatToken = hostChatToken(sandbox, []);
    await loadFirstScreen('message-thread', { attributes: THREAD, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
    expect(sandbox.store.requests.map((request) => request.path)).not.toContain('/gateway/message-center/v1/chat/session');
    const twilio = await loadFirstScreen('message-thread', {
      attributes: { ...THREAD, 'chat-service': 'twilio' },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getChatToken },
    });
    expect(twilio.answers.map((answer) => answer.method)).toEqual(['GET']);
    const html = await renderToString('message-thread', {
      attributes: { ...THREAD, archived: true },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getChatToken },
    });
    expect(html).not.toContain('FIRST-SCREEN');
    expect(getChatToken).not.toHaveBeenCalled();
    // A host's own reader is used for any chat service.
    const chatReader = vi.fn(async () => ({ messages: [], hasOlder: false, lastReadMessageIndex: null, readHorizons: [] }));
    const own = await loadFirstScreen('message-thread', {
      attributes: { ...THREAD, 'chat-service': 'twilio' },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, getChatToken },
      chatReader,
    });
    expect(chatReader).toHaveBeenCalledWith(
      expect.objectContaining({ pageSize: 30, provider: 1001, session: expect.objectContaining({ conversationSid: expect.any(String) }) }),
    );
    expect(own.answers.map((answer) => answer.method)).toEqual(['GET', 'FIRST-SCREEN']);
  });
});

describe('leadkit/server: <lead-app> renders the route of the page’s URL', () => {
  const render = (sandbox: ReturnType<typeof createSandboxGateway>, url: string) =>
    renderToString('lead-app', {
      attributes: { 'sp-id': 1001, 'chat-service': 'sandbox' },
      gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch },
      url,
    });

  it('the board route: its first screen, with the board’s answers trimmed as the board’s own are', async () => {
    const sandbox = createSandboxGateway();
    const html = await render(sandbox, 'https://office.example/app/lead/board/1001');
    expect(html).toMatch(/<h1[^>]*>Leads for Acme Plumbing &amp; Heating<\/h1>/);
    expect(html).toContain('Showing 1 - 10 of');
    expect(html).not.toMatch(/tel:|mailto:|"phoneNumber"/);
  });

  it('the thread route: the thread’s header from its lead, without the calls a thread leaves to the browser', async () => {
    const sandbox = createSandboxGateway();
    const html = await render(sandbox, '/app/conversation/1001/thread/5003?leadId=300002');
    expect(html).toMatch(/<h1[^>]*>Your messages with Jasmine Anderson<\/h1>/);
    expect(sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/')).map((request) => request.path)).toEqual([
      '/gateway/lead/office/v2/leads/300002',
    ]);
  });

  it('loads the route’s first-screen data from the page’s URL (its widget’s calls, trimmed as its own) and renders the route from it', async () => {
    const sandbox = createSandboxGateway();
    const gateway = { baseURL: 'http://sandbox.test', fetch: sandbox.fetch };
    const board = await loadFirstScreen('lead-app', { attributes: { 'sp-id': 1001 }, gateway, url: 'https://office.example/app/lead/board/1001?x=1' });
    expect(board.url).toBe('/app/lead/board/1001?x=1');
    expect(board.answers.map((answer) => `${answer.method} ${answer.path.split('?')[0]}`)).toEqual([
      'GET /gateway/office-home/v4/service_provider',
      'POST /gateway/lead/office/v6/leads/serviceProvider/1001',
    ]);
    expect(JSON.stringify(board.answers)).not.toContain('phoneNumber');
    const shadow = await renderFirstScreen('lead-app', { attributes: { 'sp-id': 1001 }, from: board });
    expect(shadow).toMatch(/<h1[^>]*>Leads for Acme Plumbing &amp; Heating<\/h1>/);
    const calls = sandbox.store.requests.length;
    const thread = await loadFirstScreen('lead-app', { attributes: { 'sp-id': 1001 }, gateway, url: '/app/conversation/1001/thread/5003?leadId=300002' });
    expect(sandbox.store.requests.slice(calls).map((request) => request.path)).toEqual(['/gateway/lead/office/v2/leads/300002']);
    expect(await renderFirstScreen('lead-app', { attributes: { 'sp-id': 1001 }, from: thread })).toMatch(/Your messages with Jasmine Anderson/);
    // No URL, or a path outside the app: no calls, and a first screen made from none leaves the route to the browser.
    expect((await loadFirstScreen('lead-app', { attributes: { 'sp-id': 1001 }, gateway })).answers).toEqual([]);
  });

  it('the lead page route keeps the contact its first screen shows, and an unknown path renders the not-found view', async () => {
    const sandbox = createSandboxGateway();
    const lead = await render(sandbox, '/app/lead?leadId=300002&serviceProviderId=1001');
    expect(lead).toContain('Lead Unlocked');
    expect(lead).toMatch(/href="tel:\+1\d{10}"/);
    const missing = await render(sandbox, '/app/nowhere');
    expect(missing).toContain('part="not-found"');
  });
});
