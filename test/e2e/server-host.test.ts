/**
 * The server-rendering example (examples/server-host/server.mjs, `npm run example:server-host`)
 * against the sandbox on another origin that requires a provider sign-in (SANDBOX_PROVIDER_TOKEN
 * / SANDBOX_PROVIDER_COOKIE): the host forwards the signed-in user's session cookie — or passes
 * the provider's bearer token in `auth` — to `renderToString`; the board's first screen is in
 * the HTML (never the cookie or the token), the browser hydrates it and goes on with its own
 * calls, signed in the same way. What the gateway received is read from GET /sandbox/requests
 * (credentials masked to their last four characters).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardReady, closedPort, ROOT, sandboxProviderCalls, useE2eSession, visible, watchPage } from './harness';

const TOKEN = 'tok-e2e-server-host-3Jm7';
/** The library build, when dist/ is stale (minutes on a busy two-core machine), and the two hosts' start. */
const BUILD_TIMEOUT_MS = 600_000;
const SESSION = { name: 'lk_session', value: 'e2e-server-session-9Qz1' } as const;

/** A credential as `GET /sandbox/requests` lists it: its last four characters (packages/sandbox/src/credentials.ts). */
const masked = (secret: string) => `…${secret.slice(-4)}`;

/**
 * The two hosts' ports, taken before the sandbox starts: it answers the browser's calls from their
 * pages only once their origins are named (SANDBOX_ALLOWED_ORIGINS; packages/sandbox/README.md#who-may-call-it).
 */
const HOST_PORTS = { cookie: await closedPort(), token: await closedPort() };
const hostOrigin = (port: number) => `http://127.0.0.1:${port}`;

const e2e = useE2eSession({
  coldCache: true,
  env: {
    SANDBOX_PROVIDER_TOKEN: TOKEN,
    SANDBOX_PROVIDER_COOKIE: `${SESSION.name}=${SESSION.value}`,
    SANDBOX_ALLOWED_ORIGINS: [HOST_PORTS.cookie, HOST_PORTS.token].map(hostOrigin).join(','),
  },
});

interface Host {
  origin: string;
  child: ChildProcess;
  /** What it printed until it served. */
  output: string;
}

/** Runs the example host as its script does (after the build), and waits for its URL. */
async function startHost(env: Record<string, string>): Promise<Host> {
  const child = spawn(process.execPath, [path.join(ROOT, 'examples', 'server-host', 'server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', GATEWAY_URL: e2e.server.origin, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example host printed no URL:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /leadkit server host: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the example host exited (${code}):\n${output}`));
    });
  });
  return { origin, child, output };
}

const hosts: Host[] = [];
let cookieHost: Host;
let tokenHost: Host;

beforeAll(async () => {
  // The host imports the built `leadkit/server` (dist/server.js), as a real one does.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--no-check'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  // The gateway's origin is known once the example server is up (the session's own beforeAll).
  cookieHost = await startHost({ SIGN_IN: 'cookie', PORT: String(HOST_PORTS.cookie) });
  tokenHost = await startHost({ SIGN_IN: 'token', PROVIDER_TOKEN: TOKEN, PORT: String(HOST_PORTS.token) });
  hosts.push(cookieHost, tokenHost);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  for (const { child } of hosts) child.kill('SIGTERM');
});

/** The provider calls the sandbox received (since the test began: its reset). */
const providerCalls = () => sandboxProviderCalls(e2e.server.origin);

/** A card of the board's first page, as the server wrote it into the HTML. */
const CARD_IN_HTML = /<li[^>]*data-lead-id="\d+"/;

describe('the example host at start', () => {
  it('renders the board once before it listens (warm for its first visitor), then prints its URL', () => {
    for (const host of [cookieHost, tokenHost]) {
      const lines = host.output.split('\n');
      const warm = lines.findIndex((line) => /^leadkit server host: warm \(the board rendered once at start, in \d+ ms\)$/.test(line));
      expect(warm, host.output).toBeGreaterThanOrEqual(0);
      expect(warm).toBeLessThan(lines.findIndex((line) => line.startsWith('leadkit server host: http://')));
      expect(host.output).not.toContain('warm-up render failed');
    }
  });
});

describe('a server-rendered board, signed in, for a gateway on another origin', { timeout: 90_000 }, () => {
  it('cookie: the host forwards the session cookie; the cards are in the HTML (the cookie is not) and the browser goes on with the cookie', async () => {
    expect((await e2e.context.request.post(`${e2e.server.origin}/sandbox/session`)).status()).toBe(200);
    // What the server rendered for this browser (its cookies sent, as a navigation does).
    const html = await (await e2e.context.request.get(`${cookieHost.origin}/board`)).text();
    expect(html).toMatch(CARD_IN_HTML);
    expect(html).not.toContain(SESSION.value);
    const rendered = await providerCalls();
    expect(rendered.length).toBeGreaterThan(0);
    for (const call of rendered) {
      expect(call.headers.cookie, `${call.method} ${call.path}`).toContain(`${SESSION.name}=${masked(SESSION.value)}`);
      expect(call.status).toBe(200);
    }

    const page = await e2e.context.newPage();
    await watchPage(page);
    await page.goto(`${cookieHost.origin}/board`);
    await boardReady(page.locator('lead-board'));
    await visible(page.locator('lead-board li[data-lead-id]'));
    // The browser's own calls (cross-origin, so with an Origin header the server's have not) carry
    // the cookie too: the page again for the contact details the server left out, once 'Contact' is reached.
    await page.locator('lead-board').getByRole('button', { name: 'Contact', exact: true }).click();
    const fromBrowser = async () => (await providerCalls()).filter((call) => call.headers.origin === cookieHost.origin);
    await expect.poll(async () => (await fromBrowser()).length).toBeGreaterThan(0);
    for (const call of await fromBrowser()) {
      expect(call.headers.cookie, `${call.method} ${call.path}`).toContain(`${SESSION.name}=${masked(SESSION.value)}`);
      expect(call.status, `${call.method} ${call.path}`).toBe(200);
    }
  });

  it('cookie, not signed in: the server render is refused (401) and shows no card', async () => {
    const html = await (await fetch(`${cookieHost.origin}/board`)).text();
    expect(html).not.toMatch(CARD_IN_HTML);
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.status).toBe(401);
  });

  it('token: the host passes the bearer token in auth; never in the HTML; the browser signs in with it from the host', async () => {
    const html = await (await fetch(`${tokenHost.origin}/board`)).text();
    expect(html).toMatch(CARD_IN_HTML);
    expect(html).not.toContain(TOKEN);
    const page = await e2e.context.newPage();
    await watchPage(page);
    await page.goto(`${tokenHost.origin}/board`);
    await boardReady(page.locator('lead-board'));
    // The browser's own calls: the page again for the contact details, once 'Contact' is reached.
    await page.locator('lead-board').getByRole('button', { name: 'Contact', exact: true }).click();
    await expect.poll(async () => (await providerCalls()).filter((call) => call.headers.origin === tokenHost.origin).length).toBeGreaterThan(0);
    const calls = await providerCalls();
    expect(calls.some((call) => call.headers.origin === undefined)).toBe(true);
    for (const call of calls) {
      expect(call.headers.authorization, `${call.method} ${call.path}`).toBe(`Bearer ${masked(TOKEN)}`);
      expect(call.status).toBe(200);
    }
    expect(await page.content()).not.toContain(TOKEN);
  });
});
