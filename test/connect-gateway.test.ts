/**
 * docs/connect-gateway.md's config, as the page has it, against the sandbox's strictest profile
 * (`spec-variants`: only the spec's calls, answered as strictly as the spec allows) with a
 * required provider token — what `SANDBOX_PROFILE=spec-variants SANDBOX_PROVIDER_TOKEN=tok-provider-1
 * npm start` serves, in process. The page's `gateway.ts` (its first TSX block's first file, the one
 * test/doc-snippets.test.ts type-checks) is imported as written — only `'leadkit'` is pointed at
 * src/index.ts — and its origin, `npm start`'s, reaches the in-process sandbox through the global
 * fetch, as the page's `fetch` calls reach the real one. Each of the five pieces a spec-only gateway
 * needs is used the way a widget uses it, and nothing of leadkit's own invented calls is sent.
 * The funnel's and the thread's first snippets (docs/widgets/) likewise, as pasted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway, SANDBOX_LEADS, type SandboxGateway } from '@leadkit/sandbox';
import type { GatewayInput } from '../src/contract/host-properties';
import type { ChatClientFactory } from '../src/chat/chat-client';
import { openChat } from '../src/chat/open-chat';
import type { GatewayAuth } from '../src/gateway/core/auth';
import { createGatewayClient, type GatewayClientConfig } from '../src/gateway/core/client';
import { getProjects } from '../src/gateway/lead/funnel/calls';
import { createOneTimeSession, OneTimeTokenHolder } from '../src/gateway/lead/funnel/one-time-token';
import { recordMessageContact } from '../src/gateway/lead/message-contact';
import { getLeads } from '../src/gateway/office/calls';
import { leadCountsOff } from '../src/gateway/office/lead-counts';
import { createSandboxChatClientFactory } from '../src/chat/sandbox-chat-client';
import { extractSnippets, moduleScripts, ROOT, typeCheckedFiles } from './helpers/doc-snippets';

/** What the page's `gateway.ts` exports. */
interface ConnectConfig {
  GATEWAY_URL: string;
  providerAuth: GatewayAuth;
  gateway: Exclude<GatewayInput, { request: unknown }>;
  chat: ChatClientFactory;
}

const TOKEN = 'tok-provider-1';
const MINUTE = 60_000;
const RUNS = path.join(ROOT, 'test-results', 'connect-gateway');

/** The page's gateway.ts, imported with `leadkit` resolved to its sources. */
async function importPageConfig(): Promise<ConnectConfig> {
  const files = typeCheckedFiles(extractSnippets(['docs/connect-gateway.md']).snippets).filter((file) => file.name.endsWith('/gateway.ts'));
  expect(files.map((file) => file.snippet.doc)).toEqual(['docs/connect-gateway.md']);
  // Inside the repository (the test's module loader serves its files only), in a git-ignored folder, removed after.
  fs.mkdirSync(RUNS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RUNS, 'run-'));
  const at = path.join(dir, 'gateway.ts');
  fs.writeFileSync(at, files[0]!.text.replaceAll("from 'leadkit'", `from ${JSON.stringify(path.join(ROOT, 'src/index.ts'))}`));
  try {
    return (await import(/* @vite-ignore */ at)) as ConnectConfig;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let sandbox: SandboxGateway;
let page: ConnectConfig;

// Its first import transforms leadkit's entry: seconds on a busy machine.
beforeAll(async () => {
  page = await importPageConfig();
}, 60_000);

beforeEach(() => {
  sandbox = createSandboxGateway({ profile: 'spec-variants', providerSignIn: { token: TOKEN } });
  // The page's origin is `npm start`'s; here every fetch of the page reaches the sandbox in process.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(input, init));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (auth: GatewayAuth): GatewayClientConfig => ({ ...page.gateway, auth, retry: { retries: 0 } });
const standIn = (route: string) => sandbox.store.requests.filter((request) => request.path === `/host-stand-in/${route}`);
const gatewayCalls = () => sandbox.store.requests.filter((request) => request.path.startsWith('/gateway/'));

describe('docs/connect-gateway.md against SANDBOX_PROFILE=spec-variants with a provider token', () => {
  it("gives npm start's sandbox as the gateway, and nothing the spec lacks is left to leadkit's own calls", () => {
    expect(page.GATEWAY_URL).toBe('http://127.0.0.1:4010');
    expect(page.gateway).toMatchObject({ baseURL: page.GATEWAY_URL, leadCounts: false });
    for (const provider of ['recordContact', 'getChatToken', 'getOneTimeToken'] as const) expect(typeof page.gateway[provider], provider).toBe('function');
    expect(page.providerAuth).toMatchObject({ kind: 'provider', spId: 1001, token: expect.any(Function) });
  });

  it("signs the provider in with the token your server's route gives, lists the leads, and asks for no counts", async () => {
    const client = createGatewayClient(config(page.providerAuth));
    const { leads } = await getLeads(client, 1001, { limit: 10 });
    expect(leads.length).toBeGreaterThan(0);
    expect(standIn('provider-token').map((request) => [request.status, request.body])).toEqual([[200, { reason: 'initial' }]]);
    expect(gatewayCalls().map((request) => [request.status, request.headers['authorization']])).toEqual([[200, `Bearer ${TOKEN}`]]);
    expect(leadCountsOff(client)).toBe(true);
  });

  it("gets the funnel's one-time token from your server, and renews it there with the token leadkit gives the renewal", async () => {
    let now = Date.now();
    const session = createOneTimeSession(createGatewayClient(config({ kind: 'anonymous' })), new OneTimeTokenHolder({ now: () => now }));
    await getProjects(session.client);
    const token = /^OneTime (\S+)$/.exec(gatewayCalls()[0]?.headers['authorization'] ?? '')?.[1];
    expect(token).toBeDefined();
    // 26 minutes on: less than 5 of its 30 are left, so leadkit renews it before the next call.
    now += 26 * MINUTE;
    await getProjects(session.client);
    expect(standIn('one-time-token').map((request) => [request.status, request.body, request.headers['authorization']])).toEqual([
      [200, { reason: 'issue' }, undefined],
      [200, { reason: 'renew' }, `OneTime ${token}`],
    ]);
    expect(gatewayCalls().map((request) => [request.path, request.status, request.headers['authorization']])).toEqual([
      ['/gateway/lead/v1/projects', 200, `OneTime ${token}`],
      ['/gateway/lead/v1/projects', 200, `OneTime ${token}`],
    ]);
    expect(session.status()).toBe('active');
  });

  it("opens the thread's chat with the session your server's route gives, and records a sent message's contact there", async () => {
    const client = createGatewayClient(config(page.providerAuth));
    const chat = await openChat({ gateway: client, factory: page.chat, thread: { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest } });
    try {
      expect(chat.client.identity).toBe('provider-1001');
      expect(standIn('chat-token').map((request) => [request.status, request.body])).toEqual([
        [200, { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest }],
      ]);
    } finally {
      await chat.client.close();
    }
    const contacts = sandbox.store.contacts.length;
    recordMessageContact(client, { spId: 1001, postalCode: '80202', categoryId: 10002, campaignId: null, sessionStartTimestamp: 1 }, { messageId: 'msg-1' });
    await vi.waitFor(() => expect(standIn('contact').map((request) => request.status)).toEqual([200]));
    expect(sandbox.store.contacts.slice(contacts)).toEqual([expect.objectContaining({ entityId: 'msg-1', serviceProviderId: 1001, contactType: 10 })]);
  });

  afterEach(() => {
    // Only the spec's calls went to the gateway: none of leadkit's own (the sandbox answers those 404 in this profile).
    expect(gatewayCalls().filter((request) => request.status === 404)).toEqual([]);
    expect(
      sandbox.store.requests.filter(
        (request) => /\/(chat\/session|one-time-token|counts|v1\/contact)$/.test(request.path) && request.path.startsWith('/gateway'),
      ),
    ).toEqual([]);
  });
});

/**
 * The first snippet of a widget's page (an HTML block whose module script configures its tag), its
 * script run as pasted against a document holding the block's tag: the `gateway` it gives the tag
 * and the tag's attributes.
 */
async function firstSnippet(doc: string, tag: string): Promise<{ gateway: Omit<GatewayClientConfig, 'auth'>; attributes: Map<string, string> }> {
  const [first] = extractSnippets([doc]).snippets;
  expect(first?.lang, `${doc}: its first block is HTML`).toBe('html');
  const scripts = moduleScripts(first!.code);
  expect(scripts).toHaveLength(1);
  // The page's one element of that tag (its attributes as written), and a document that finds it.
  const attributes = new Map(
    [...(new RegExp(`<${tag}\\b([^>]*)>`).exec(first!.code)?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
  const element: { localName: string; gateway?: Omit<GatewayClientConfig, 'auth'>; getAttribute(name: string): string | null; addEventListener(): void } = {
    localName: tag,
    getAttribute: (name) => attributes.get(name) ?? null,
    addEventListener: () => {},
  };
  const page = { querySelector: (selector: string) => (selector === tag ? element : null) };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (document: unknown) => Promise<void>;
  await new AsyncFunction('document', scripts[0]!.code)(page);
  expect(element.gateway, `${doc}: its script sets the gateway of <${tag}>`).toBeDefined();
  return { gateway: element.gateway!, attributes };
}

describe("the widget pages' first snippets, as pasted, against SANDBOX_PROFILE=spec-variants", () => {
  const COOKIE = 'lk_session=s1';

  beforeEach(() => {
    sandbox = createSandboxGateway({ profile: 'spec-variants', providerSignIn: { cookie: COOKIE } });
    // The browser's cookie jar, as far as the sandbox's origin goes: a credentialed fetch carries the session cookie.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      sandbox.fetch(input, init?.credentials === 'include' ? { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), cookie: COOKIE } } : init),
    );
  });

  it("docs/widgets/raq-funnel.md: the funnel gets its one-time token from your server's route, and renews the token it is given", async () => {
    const { gateway } = await firstSnippet('docs/widgets/raq-funnel.md', 'raq-funnel');
    let now = Date.now();
    const session = createOneTimeSession(
      createGatewayClient({ ...gateway, auth: { kind: 'anonymous' }, retry: { retries: 0 } }),
      new OneTimeTokenHolder({ now: () => now }),
    );
    await getProjects(session.client);
    now += 26 * MINUTE;
    await getProjects(session.client);
    const token = /^OneTime (\S+)$/.exec(gatewayCalls()[0]?.headers['authorization'] ?? '')?.[1];
    expect(standIn('one-time-token').map((request) => [request.status, request.body, request.headers['authorization']])).toEqual([
      [200, { reason: 'issue' }, undefined],
      [200, { reason: 'renew' }, `OneTime ${token}`],
    ]);
    expect(gatewayCalls().map((request) => [request.status, request.headers['authorization']])).toEqual([
      [200, `OneTime ${token}`],
      [200, `OneTime ${token}`],
    ]);
  });

  it("docs/widgets/message-thread.md: the thread's chat opens with the session from your server's route, its provider calls carry the cookie, a send's contact is recorded", async () => {
    const { gateway, attributes } = await firstSnippet('docs/widgets/message-thread.md', 'message-thread');
    // Its tag's `chat-service="sandbox"`: the sandbox adapter.
    expect(attributes.get('chat-service')).toBe('sandbox');
    const client = createGatewayClient({ ...gateway, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
    const { leads } = await getLeads(client, 1001, { limit: 5 });
    expect(leads.length).toBeGreaterThan(0);
    const chat = await openChat({
      gateway: client,
      factory: createSandboxChatClientFactory(),
      thread: { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
    });
    await chat.client.close();
    expect(standIn('chat-token').map((request) => request.status)).toEqual([200]);
    recordMessageContact(client, { spId: 1001, postalCode: '80202', categoryId: 10002, campaignId: null, sessionStartTimestamp: 1 }, { messageId: 'msg-2' });
    await vi.waitFor(() => expect(standIn('contact').map((request) => request.status)).toEqual([200]));
    expect(gatewayCalls().filter((request) => (request.status ?? 0) >= 400)).toEqual([]);
  });
});
