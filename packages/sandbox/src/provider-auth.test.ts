import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src/gateway/core/client';
import { fetchLead } from '../../../src/gateway/lead/funnel/calls';
import { getServiceProviderInfo } from '../../../src/gateway/office/calls';
import { createSandboxGateway, MAIN_PROVIDER_ID, providerSignInFrom, SANDBOX_LEADS, SANDBOX_MEMBER_TOKEN } from './index';

/** The sandbox signing providers in as a real gateway does (provider-auth.ts). */

const BASE = 'http://sandbox.test';
const TOKEN = 'tok-provider-1';
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe('the sandbox requiring a provider sign-in', () => {
  it('answers 401 to a provider call without the bearer token or with another one; the token signs in', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN } });
    const as = (token?: string) => createGatewayClient({ baseURL: BASE, fetch: sandbox.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID, token } });
    expect(await status(getServiceProviderInfo(as(), MAIN_PROVIDER_ID))).toBe(401);
    expect(await status(getServiceProviderInfo(as('tok-other'), MAIN_PROVIDER_ID))).toBe(401);
    expect(await status(getServiceProviderInfo(as(TOKEN), MAIN_PROVIDER_ID))).toBe(200);
  });

  it('accepts a predicate, and a session cookie instead when one is required (either signs in)', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: (token) => token.startsWith('tok-'), cookie: 'lk_session=s1' } });
    const client = (headers: Record<string, string>, token?: string) =>
      createGatewayClient({
        baseURL: BASE,
        auth: { kind: 'provider', spId: MAIN_PROVIDER_ID, token },
        fetch: (input, init) => {
          const sent = new Headers(init?.headers);
          for (const [name, value] of Object.entries(headers)) sent.set(name, value);
          return sandbox.fetch(input, { ...init, headers: sent });
        },
      });
    expect(await status(getServiceProviderInfo(client({}, 'tok-any'), MAIN_PROVIDER_ID))).toBe(200);
    expect(await status(getServiceProviderInfo(client({ cookie: 'lk_session=s1' }), MAIN_PROVIDER_ID))).toBe(200);
    expect(await status(getServiceProviderInfo(client({ cookie: 'lk_session=other' }), MAIN_PROVIDER_ID))).toBe(401);
    expect(await status(getServiceProviderInfo(client({}, 'bad'), MAIN_PROVIDER_ID))).toBe(401);
  });

  it('leaves customer calls (one-time tokens) and the sandbox controls alone; POST /sandbox/session sets the cookie', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN, cookie: 'lk_session=s1' } });
    const member = createGatewayClient({ baseURL: BASE, fetch: sandbox.fetch, auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    expect(await status(fetchLead(member, SANDBOX_LEADS.newest))).not.toBe(401);
    const signIn = await sandbox.fetch('/sandbox/session', { method: 'POST' });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('set-cookie')).toMatch(/^lk_session=s1; .*HttpOnly/);
    expect((await sandbox.fetch('/sandbox/reset', { method: 'POST' })).status).toBe(200);
  });

  it('answers a credentialed CORS preflight from an origin it was given, Authorization allowed', async () => {
    const sandbox = createSandboxGateway({ providerSignIn: { token: TOKEN }, allowedOrigins: ['http://127.0.0.1:5173'] });
    const response = await sandbox.fetch('/gateway/office/v1/serviceproviders', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-caller-type' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('reads SANDBOX_PROVIDER_TOKEN and SANDBOX_PROVIDER_COOKIE; none set: no requirement', () => {
    expect(providerSignInFrom({})).toBeUndefined();
    expect(providerSignInFrom({ SANDBOX_PROVIDER_TOKEN: TOKEN })).toEqual({ token: TOKEN, cookie: undefined });
    expect(() => providerSignInFrom({ SANDBOX_PROVIDER_COOKIE: 'no-value' })).toThrow(/name=value/);
  });
});
