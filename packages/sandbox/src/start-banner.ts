import { sessionCookieName, type ProviderSignIn } from './provider-auth';
import { servesSpecOnly, type SandboxProfile } from './spec-profile';

/**
 * What a sandbox server says as it starts, after its URL (`npx leadkit-sandbox`: serve.ts; leadkit's
 * `npm start`: scripts/start.ts): the sign-in its provider calls require — none, a bearer token, a
 * session cookie, or either — and how a leadkit page passes it. A page set up for another sign-in
 * gets 401s ('Log in') with nothing else to go on; this says which one is wanted before the first
 * call. Never the token or the cookie's value: a terminal is a log.
 */
export function providerSignInBanner(signIn: ProviderSignIn | undefined, profile: SandboxProfile): string[] {
  const token = signIn?.token;
  const cookie = signIn?.cookie ? sessionCookieName(signIn.cookie) : null;
  if (token === undefined && cookie === null) {
    return [
      'Provider sign-in: none — provider calls need no token or cookie here' +
        (servesSpecOnly(profile) ? ' (a real gateway signs providers in: SANDBOX_PROVIDER_TOKEN or SANDBOX_PROVIDER_COOKIE requires it here too).' : '.'),
    ];
  }
  const which = typeof token === 'function' ? 'a token the sandbox’s check accepts' : 'the value of SANDBOX_PROVIDER_TOKEN';
  const required = [token === undefined ? null : 'a bearer token', cookie === null ? null : `the session cookie ${cookie}`]
    .filter((way) => way !== null)
    .join(' or ');
  const lines = [
    `Provider sign-in: ${required} — a provider call under /gateway without it is answered 401 ('Log in'); the chat service's calls use their chat token, a customer's calls their one-time token.`,
  ];
  if (token !== undefined) {
    lines.push(
      `  token: "Authorization: Bearer <token>", <token> being ${which}; in leadkit, auth: { kind: 'provider', spId, token } (a string, or an async function asked again after a 401), and auth-mode="provider-token" on an element (a token is never an attribute).`,
    );
  }
  if (cookie !== null) {
    lines.push(
      `  cookie: POST /sandbox/session sets ${cookie} in a browser; leadkit sends it to the sandbox from a page on another origin with credentials: 'include' in the gateway config (gateway-credentials="include" on an element).`,
    );
  }
  return lines;
}
