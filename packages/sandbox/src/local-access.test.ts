import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../test/helpers/raw-request';
import { maskCredentials } from './credentials';
import { createSandboxGateway, MAIN_PROVIDER_ID, SANDBOX_MEMBER_TOKEN } from './index';
import { serverAccessFrom } from './local-access';
import { providerHeaders } from './test-helpers';

/**
 * Who may talk to the sandbox (local-access.ts, issue 77 F6): its own pages under any loopback
 * name, the origins a developer names, no other page; loopback Hosts only (DNS rebinding); and
 * no token in `GET /sandbox/requests` (credentials.ts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The sandbox as `npx leadkit-sandbox` serves it on port 4010 (in-process: the request URL says where it is). */
const SELF = 'http://127.0.0.1:4010';
const PROVIDER_CALL = `/gateway/service-provider-profile/v1/service_provider/${MAIN_PROVIDER_ID}/categories`;
const TOKEN = 'tok-provider-7Hq2x9a1b2';

const call = (
  sandbox: ReturnType<typeof createSandboxGateway>,
  origin: string | null,
  init: { method?: string; path?: string; headers?: Record<string, string> } = {},
) =>
  sandbox.fetch(`${SELF}${init.path ?? PROVIDER_CALL}`, {
    method: init.method ?? 'GET',
    headers: { ...providerHeaders(), ...(origin === null ? {} : { origin }), ...init.headers },
  });

const preflight = (sandbox: ReturnType<typeof createSandboxGateway>, origin: string, path = PROVIDER_CALL) =>
  sandbox.fetch(`${SELF}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-caller-type' },
  });

async function expectRefused(response: Response, origin: string): Promise<void> {
  expect(response.status).toBe(403);
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  const { message } = (await response.json()) as { message: string };
  expect(message).toContain(`a page on ${origin} may not call it`);
  expect(message).toContain('--allow-origin');
  expect(message).toContain('SANDBOX_ALLOWED_ORIGINS');
}

describe('a page of another origin', () => {
  it('gets 403 and no CORS header: a gateway call, its preflight, the controls, and the provider token stand-in', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN } });
    const evil = 'https://evil.example';
    await expectRefused(await call(sandbox, evil), evil);
    await expectRefused(await preflight(sandbox, evil), evil);
    await expectRefused(await call(sandbox, evil, { path: '/sandbox/requests' }), evil);
    await expectRefused(await preflight(sandbox, evil, '/host-stand-in/provider-token'), evil);
    const token = await sandbox.fetch(`${SELF}/host-stand-in/provider-token`, {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'text/plain' },
      body: '{}',
    });
    await expectRefused(token, evil);
    // Nothing it sent reached a route: the reset did not happen, no request was logged.
    sandbox.store.savedReplies.set(MAIN_PROVIDER_ID, []);
    await expectRefused(await call(sandbox, evil, { method: 'POST', path: '/sandbox/reset' }), evil);
    expect(sandbox.store.savedReplies.get(MAIN_PROVIDER_ID)).toEqual([]);
    expect(sandbox.store.requests).toEqual([]);
  });

  it('includes another port or scheme of a loopback name, `null` (a sandboxed frame, a file: page) and junk', async () => {
    const sandbox = createSandboxGateway();
    for (const origin of ['http://localhost:4011', 'http://127.0.0.1:5173', 'https://127.0.0.1:4010', 'http://evil.example:4010', 'null', 'junk'])
      expect((await call(sandbox, origin)).status, origin).toBe(403);
  });
});

describe('its own pages', () => {
  it('under any loopback name on its port get CORS with credentials (a page on localhost calling 127.0.0.1)', async () => {
    const sandbox = createSandboxGateway();
    for (const origin of [SELF, 'http://localhost:4010', 'http://[::1]:4010', 'http://app.localhost:4010']) {
      const response = await call(sandbox, origin);
      expect(response.status, origin).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect((await preflight(sandbox, origin)).headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('without an Origin (curl, Node, a same-origin GET) are answered as before, with no CORS origin', async () => {
    const sandbox = createSandboxGateway();
    const response = await call(sandbox, null);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('an origin the developer names (allowedOrigins)', () => {
  it('as a list or a test: CORS with credentials on calls and preflights; other origins are still refused', async () => {
    for (const allowedOrigins of [['http://localhost:5173/'], (origin: string) => origin === 'http://localhost:5173']) {
      const sandbox = createSandboxGateway({ allowedOrigins });
      const response = await call(sandbox, 'http://localhost:5173');
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      const allowed = await preflight(sandbox, 'http://localhost:5173');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect((await call(sandbox, 'http://localhost:5174')).status).toBe(403);
    }
  });

  it('is read from --allow-origin (repeatable, `=` form) and SANDBOX_ALLOWED_ORIGINS (comma separated), each once; a non-origin or an unknown argument throws', () => {
    expect(
      serverAccessFrom(['--allow-origin', 'http://localhost:5173', '--allow-origin=https://dev.example/'], {
        SANDBOX_ALLOWED_ORIGINS: ' http://LOCALHOST:5173 , http://10.0.0.5:8080,',
      }),
    ).toEqual({ allowedOrigins: ['http://localhost:5173', 'https://dev.example', 'http://10.0.0.5:8080'], help: false });
    expect(serverAccessFrom([], {})).toEqual({ allowedOrigins: [], help: false });
    expect(serverAccessFrom(['--help'], {}).help).toBe(true);
    expect(() => serverAccessFrom(['--allow-origin'], {})).toThrow(/needs an origin/);
    expect(() => serverAccessFrom(['--allow-origin', 'http://localhost:5173/app'], {})).toThrow(/scheme:\/\/host\[:port\]/);
    expect(() => serverAccessFrom([], { SANDBOX_ALLOWED_ORIGINS: '*' })).toThrow(/got '\*'/);
    expect(() => serverAccessFrom(['--origin', 'x'], {})).toThrow(/Unknown argument '--origin'/);
  });
});

describe('GET /sandbox/requests', () => {
  it('never answers a token: each credential header keeps its scheme and last four characters (cookie names kept)', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN } });
    expect((await call(sandbox, null, { headers: { authorization: `Bearer ${TOKEN}`, cookie: 'lk_session=e2e-session-4kP8w; theme=dark' } })).status).toBe(200);
    const member = await sandbox.fetch(`${SELF}/gateway/lead/v1/projects`, {
      headers: { 'X-Caller-Type': 'Member', authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}`, 'x-session-token': 'session-token-9Qz1xyzw' },
    });
    expect(member.status).toBe(200);
    const answer = await sandbox.fetch(`${SELF}/sandbox/requests`);
    const text = await answer.text();
    for (const secret of [TOKEN, SANDBOX_MEMBER_TOKEN, 'e2e-session-4kP8w', 'session-token-9Qz1xyzw']) expect(text).not.toContain(secret);
    const { requests } = JSON.parse(text) as { requests: { headers: Record<string, string> }[] };
    expect(requests.map(({ headers }) => [headers.authorization, headers.cookie, headers['x-session-token']])).toEqual([
      [`Bearer …${TOKEN.slice(-4)}`, 'lk_session=…kP8w; theme=…', undefined],
      [`OneTime …${SANDBOX_MEMBER_TOKEN.slice(-4)}`, undefined, '…xyzw'],
    ]);
    // Other headers as sent.
    expect(requests[0]!.headers['x-caller-id']).toBe(String(MAIN_PROVIDER_ID));
    // In process, the log is the test's own: what was sent, as sent.
    expect(sandbox.store.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('masks any credential header: nothing of a value under 12 characters, no scheme left as a token', () => {
    expect(
      maskCredentials({
        authorization: 'Bearer short',
        'proxy-authorization': 'Basic dXNlcjpwYXNzd29yZA==',
        'x-api-key': 'key-1234567890abcd',
        'x-auth-token': 'a-token-without-a-scheme',
        cookie: 'a=1; b',
        'idempotency-key': 'k-123',
      }),
    ).toEqual({
      authorization: 'Bearer …',
      'proxy-authorization': 'Basic …ZA==',
      'x-api-key': '…abcd',
      'x-auth-token': '…heme',
      cookie: 'a=…; …',
      'idempotency-key': 'k-123',
    });
  });
});

// ---- over HTTP: `npx leadkit-sandbox` (serve.ts) -------------------------------------------------

/** Runs serve.ts with `args` and `env`; resolves with its port once it printed its URL. */
function startServer(args: string[], env: Record<string, string>): { child: ChildProcess; port: Promise<number>; output: () => string } {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'packages/sandbox/src/serve.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', CHAT_REPLY_MS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Pages allowed: .*$/m.test(output) ? /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output) : null;
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.ts exited (${code}): ${output}`));
    });
  });
  return { child, port, output: () => output };
}

/** What serve.ts does with these arguments and exits: its exit code and output. */
function runServer(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'packages/sandbox/src/serve.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npx leadkit-sandbox --allow-origin http://localhost:5173, SANDBOX_ALLOWED_ORIGINS=http://dev.example:8080', { timeout: 40_000 }, () => {
  let server: ReturnType<typeof startServer>;
  let port = 0;
  beforeAll(async () => {
    server = startServer(['--allow-origin', 'http://localhost:5173'], { SANDBOX_ALLOWED_ORIGINS: 'http://dev.example:8080', SANDBOX_PROVIDER_TOKEN: TOKEN });
    port = await server.port;
  }, 40_000);
  afterAll(() => {
    server?.child.kill('SIGTERM');
  });

  it('says who may call it as it starts', () => {
    expect(server.output()).toContain('Pages allowed: its own origin and http://localhost:5173, http://dev.example:8080 (CORS with credentials).');
  });

  it('refuses a rebinding Host (a DNS name of a web page pointed at 127.0.0.1) on every path, with what to configure', async () => {
    for (const path of ['/', PROVIDER_CALL, '/sandbox/requests', '/host-stand-in/provider-token']) {
      const refused = await rawRequest(port, { path, headers: { host: `evil.example:${port}` } });
      expect(refused.status, path).toBe(403);
      const { message } = JSON.parse(refused.body) as { message: string };
      expect(message).toContain(`not "evil.example:${port}"`);
      expect(message).toContain(`--allow-origin http://evil.example:${port}`);
    }
    // An absolute request target names its host too.
    expect((await rawRequest(port, { path: `http://evil.example:${port}/` })).status).toBe(403);
  });

  it('answers loopback Hosts and the host of a named origin (a proxy or a tunnel in front of it)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'dev.example:8080'])
      expect((await rawRequest(port, { path: PROVIDER_CALL, headers: { ...providerHeaders(), authorization: `Bearer ${TOKEN}`, host } })).status, host).toBe(
        200,
      );
  });

  it('gives CORS with credentials to the origins named by flag and by env, its own under another loopback name; refuses any other', async () => {
    for (const origin of ['http://localhost:5173', 'http://dev.example:8080', `http://localhost:${port}`]) {
      const answer = await rawRequest(port, { path: PROVIDER_CALL, headers: { ...providerHeaders(), authorization: `Bearer ${TOKEN}`, origin } });
      expect([answer.status, answer.headers['access-control-allow-origin'], answer.headers['access-control-allow-credentials']], origin).toEqual([
        200,
        origin,
        'true',
      ]);
    }
    for (const path of [PROVIDER_CALL, '/host-stand-in/provider-token']) {
      const refused = await rawRequest(port, { method: 'POST', path, headers: { origin: 'https://evil.example', 'content-type': 'text/plain' } });
      expect([refused.status, refused.headers['access-control-allow-origin']], path).toEqual([403, undefined]);
      expect(refused.body).not.toContain(TOKEN);
    }
  });
});

describe('npx leadkit-sandbox on its command line', { timeout: 40_000 }, () => {
  it('--help lists --allow-origin and SANDBOX_ALLOWED_ORIGINS; a bad origin or argument exits 2 with the usage', async () => {
    const help = await runServer(['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('--allow-origin <origin>');
    expect(help.output).toContain('SANDBOX_ALLOWED_ORIGINS');
    for (const args of [['--allow-origin', 'localhost:5173/x'], ['--verbose']]) {
      const wrong = await runServer(args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.output).toMatch(/^leadkit-sandbox: .+\n\nUsage: npx leadkit-sandbox/);
    }
  });
});
