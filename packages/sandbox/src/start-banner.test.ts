import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { providerSignInFrom } from './provider-auth';
import { providerSignInBanner } from './start-banner';

/** What a sandbox server says as it starts about the sign-in it requires (start-banner.ts). */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TOKEN_HOW =
  '  token: "Authorization: Bearer <token>", <token> being the value of SANDBOX_PROVIDER_TOKEN; in leadkit, auth: { kind: \'provider\', spId, token } (a string, or an async function asked again after a 401), and auth-mode="provider-token" on an element (a token is never an attribute).';
const COOKIE_HOW =
  '  cookie: POST /sandbox/session sets lk_session in a browser; leadkit sends it to the sandbox from a page on another origin with credentials: \'include\' in the gateway config (gateway-credentials="include" on an element).';
const SCOPE = "is answered 401 ('Log in'); the chat service's calls use their chat token, a customer's calls their one-time token.";

describe('providerSignInBanner', () => {
  it('none: says so, and in a spec profile how to require one as a real gateway does', () => {
    expect(providerSignInBanner(providerSignInFrom({}), 'full')).toEqual(['Provider sign-in: none — provider calls need no token or cookie here.']);
    expect(providerSignInBanner(undefined, 'spec-variants')).toEqual([
      'Provider sign-in: none — provider calls need no token or cookie here (a real gateway signs providers in: SANDBOX_PROVIDER_TOKEN or SANDBOX_PROVIDER_COOKIE requires it here too).',
    ]);
  });

  it('a token (SANDBOX_PROFILE=spec-variants SANDBOX_PROVIDER_TOKEN=…): that one is required, and how a page passes it — never the token itself', () => {
    const lines = providerSignInBanner(providerSignInFrom({ SANDBOX_PROVIDER_TOKEN: 'tok-provider-1' }), 'spec-variants');
    expect(lines).toEqual([`Provider sign-in: a bearer token — a provider call under /gateway without it ${SCOPE}`, TOKEN_HOW]);
    expect(lines.join('\n')).not.toContain('tok-provider-1');
    // A token checked by a function (createSandboxGateway's own option).
    expect(providerSignInBanner({ token: (token) => token.startsWith('tok-') }, 'full')[1]).toContain('<token> being a token the sandbox’s check accepts;');
  });

  it('a cookie: its name (never its value) and how a page gets and sends it', () => {
    const lines = providerSignInBanner(providerSignInFrom({ SANDBOX_PROVIDER_COOKIE: 'lk_session=s3cret' }), 'full');
    expect(lines).toEqual([`Provider sign-in: the session cookie lk_session — a provider call under /gateway without it ${SCOPE}`, COOKIE_HOW]);
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('both: either signs in, and both ways are told', () => {
    expect(providerSignInBanner(providerSignInFrom({ SANDBOX_PROVIDER_TOKEN: 'tok-provider-1', SANDBOX_PROVIDER_COOKIE: 'lk_session=s1' }), 'spec')).toEqual([
      `Provider sign-in: a bearer token or the session cookie lk_session — a provider call under /gateway without it ${SCOPE}`,
      TOKEN_HOW,
      COOKIE_HOW,
    ]);
  });
});

describe('npx leadkit-sandbox (serve.ts)', () => {
  it('prints the sign-in under its URL as it starts', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'packages/sandbox/src/serve.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', SANDBOX_PROFILE: 'spec-variants', SANDBOX_PROVIDER_TOKEN: 'tok-provider-1', CHAT_REPLY_MS: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const banner = new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`no banner within 30 s: ${seen}`)), 30_000);
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes(TOKEN_HOW)) {
          clearTimeout(timer);
          resolve(seen);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`serve.ts exited (${code}): ${seen}`)));
    });
    const output = await banner.finally(() => child.kill('SIGTERM'));
    expect(output).toMatch(
      /^leadkit sandbox gateway: http:\/\/127\.0\.0\.1:\d+\/ \(gateway under \/gateway, spec-variants profile\)\nProvider sign-in: a bearer token — /,
    );
    expect(output).not.toContain('tok-provider-1');
  }, 40_000);
});
