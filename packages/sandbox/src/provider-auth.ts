import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { HEADERS } from '../../../src/gateway/core/headers';
import type { SandboxEnv } from './context';
import { HttpError } from './http';

/**
 * How the sandbox signs providers in. By default it does not: a provider is whoever sends the
 * caller type ServiceProvider and its id as caller id (access.ts). A real gateway signs providers
 * in by their session cookie or a bearer token of its sign-in; with either requirement set, every
 * provider call (caller type ServiceProvider under /gateway) without it is answered 401 — the
 * chat service's calls, which carry the chat token, excepted. Customer calls keep their one-time
 * tokens; /sandbox/* and the host stand-ins are not affected. When both are set, either signs in.
 */
export interface ProviderSignIn {
  /** `Authorization: Bearer <token>`: this token, or any token the predicate accepts. */
  readonly token?: string | ((token: string) => boolean) | undefined;
  /** A session cookie, `name=value` (`POST /sandbox/session` sets it for the sandbox's host). */
  readonly cookie?: string | undefined;
}

/** The chat service's calls (chat-token authenticated), all but the session call. */
const CHAT_SERVICE = /^\/gateway\/message-center\/v1\/chat\/(?!session$)/;

/** `name=value` of a cookie requirement, checked (a host's mistake is thrown at start). */
function sessionCookie(raw: string): { name: string; value: string } {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=([^;,\s]+)$/.exec(raw.trim());
  if (!match?.[1] || !match[2]) throw new Error(`A provider session cookie must be name=value (got '${raw}')`);
  return { name: match[1], value: match[2] };
}

/** The cookie's name in a `name=value` requirement (its value is never printed). */
export const sessionCookieName = (raw: string): string => sessionCookie(raw).name;

/** The requirement from the environment: SANDBOX_PROVIDER_TOKEN, SANDBOX_PROVIDER_COOKIE (none when unset). */
export function providerSignInFrom(env: Readonly<Record<string, string | undefined>>): ProviderSignIn | undefined {
  const token = env.SANDBOX_PROVIDER_TOKEN?.trim() || undefined;
  const cookie = env.SANDBOX_PROVIDER_COOKIE?.trim() || undefined;
  if (cookie) sessionCookie(cookie);
  return token || cookie ? { token, cookie } : undefined;
}

const bearer = (header: string | undefined): string | null => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;

/** 401 for a provider call that is not signed in the required way. */
export function requireProviderSignIn(signIn: ProviderSignIn): MiddlewareHandler<SandboxEnv> {
  const cookie = signIn.cookie ? sessionCookie(signIn.cookie) : null;
  const accepts = (token: string) => (typeof signIn.token === 'function' ? signIn.token(token) : token === signIn.token);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || c.req.header(HEADERS.callerType) !== 'ServiceProvider' || CHAT_SERVICE.test(c.req.path)) return next();
    const token = bearer(c.req.header(HEADERS.authorization));
    const byToken = signIn.token !== undefined && token !== null && accepts(token);
    const byCookie = cookie !== null && getCookie(c, cookie.name) === cookie.value;
    if (!byToken && !byCookie) {
      const ways = [signIn.token !== undefined ? 'Authorization: Bearer <token>' : null, cookie ? `the ${cookie.name} session cookie` : null].filter(Boolean);
      throw new HttpError(401, { message: `The provider is not signed in (${ways.join(' or ')}).` });
    }
    return next();
  };
}

/**
 * `POST /sandbox/session` signs this browser in as the sandbox's provider (sets the required
 * session cookie, HttpOnly, SameSite=Lax: sent to the sandbox from pages of the same site, any
 * port, with `credentials: 'include'`); `DELETE` signs it out. 404 when no cookie is required.
 */
export function sessionRoutes(signIn: ProviderSignIn | undefined) {
  const app = new Hono<SandboxEnv>();
  const cookie = signIn?.cookie ? sessionCookie(signIn.cookie) : null;
  app.post('/', (c) => {
    if (!cookie) return c.json({ message: 'The sandbox requires no session cookie (SANDBOX_PROVIDER_COOKIE).' }, 404);
    setCookie(c, cookie.name, cookie.value, { path: '/', httpOnly: true, sameSite: 'Lax' });
    return c.json({ signedIn: true });
  });
  app.delete('/', (c) => {
    if (cookie) deleteCookie(c, cookie.name, { path: '/' });
    return c.json({ signedIn: false });
  });
  return app;
}
