import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './context';

/**
 * Who may talk to the sandbox (issue 77, F6). It holds a developer's tokens and answers with
 * credentials, on the developer's own machine: any web page open in their browser must not be able
 * to use it. So:
 *
 * - **Its own pages** call it freely: an `Origin` of the request's own origin, or of any loopback
 *   name (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`) with the same scheme and port — a page
 *   on `http://localhost:4010` calling `http://127.0.0.1:4010` is the same server.
 * - **Another origin** gets nothing — `403 {message}`, no CORS header, preflights included, for
 *   every route of the sandbox app (gateway, `/sandbox/*` controls, host stand-ins) — unless the
 *   developer names it (`allowedOrigins`; `--allow-origin <origin>` or `SANDBOX_ALLOWED_ORIGINS`
 *   for the servers): a page served by a dev server of its own, a host on another port. A named
 *   origin gets CORS with credentials (`Access-Control-Allow-Origin` it, `…-Credentials: true`).
 * - **No `Origin`** (curl, Node, a same-origin GET, an `<img>`): answered as before. A browser
 *   sends `Origin` on every cross-origin `fetch` and every POST, so a foreign page's calls have
 *   one; what it can send without one (a plain GET of an image or a script) it cannot read.
 * - **The `Host`** (servers only: `refuseForeignHost`): a loopback name, or the host of a named
 *   origin; anything else is 403 before any route — a page that points a DNS name of its own at
 *   127.0.0.1 (DNS rebinding) is same-origin with itself, sends no foreign `Origin`, and is
 *   stopped only here. In-process (`sandbox.fetch`, `app.fetch`) there is no Host to check.
 */

/** Origins whose pages may call the sandbox beyond its own: a list, or a test of the origin (`scheme://host[:port]`). */
export type AllowedOrigins = readonly string[] | ((origin: string) => boolean);

/** The servers' environment variable: origins, comma separated. */
const ALLOWED_ORIGINS_ENV = 'SANDBOX_ALLOWED_ORIGINS';
/** The servers' flag, once per origin. */
const ALLOW_ORIGIN_FLAG = '--allow-origin';

/** How a developer allows an origin, for the servers' messages and `--help`. */
const HOW_TO_ALLOW = (origin: string) =>
  `start the sandbox with ${ALLOW_ORIGIN_FLAG} ${origin} (npx leadkit-sandbox ${ALLOW_ORIGIN_FLAG} …, npm start -- ${ALLOW_ORIGIN_FLAG} …) or ${ALLOWED_ORIGINS_ENV}=${origin} (comma separated), or give createSandboxGateway({ allowedOrigins })`;

/** A loopback name: `localhost`, `*.localhost`, `127.x.x.x`, `[::1]` (a URL's `hostname`). */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** `scheme://host[:port]` of an origin a developer names; throws for anything else (a path, another scheme). */
function normalizeOrigin(value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`An allowed origin is scheme://host[:port], e.g. http://localhost:5173 (got '${value}')`);
  }
  return url.origin;
}

/** The test of a named origin (`origin` as `scheme://host[:port]`). */
function namedTest(allowed: AllowedOrigins | undefined): (origin: string) => boolean {
  if (!allowed) return () => false;
  if (typeof allowed === 'function') return allowed;
  const named = new Set(allowed.map(normalizeOrigin));
  return (origin) => named.has(origin);
}

/** The request's own origin, under any loopback name when it is on one. */
function isOwnOrigin(origin: URL, request: URL): boolean {
  if (origin.origin === request.origin) return true;
  return origin.protocol === request.protocol && origin.port === request.port && isLoopbackHost(origin.hostname) && isLoopbackHost(request.hostname);
}

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null; // `null` (a sandboxed frame, a file: page) or junk
  }
}

/**
 * The answer to a request from a page of another origin, not named: `403 {message}` without any
 * CORS header. Null when the request may go on (no Origin, its own, a named one).
 */
export function refuseForeignOrigin(request: Request, allowed: AllowedOrigins | undefined): Response | null {
  return originRefusal(request, namedTest(allowed));
}

function originRefusal(request: Request, named: (origin: string) => boolean): Response | null {
  const origin = request.headers.get('origin');
  if (origin === null) return null;
  const url = parsed(origin);
  if (url && /^https?:$/.test(url.protocol) && (isOwnOrigin(url, new URL(request.url)) || named(url.origin))) return null;
  const message = `This sandbox answers its own pages only: a page on ${origin} may not call it. To allow that origin, ${HOW_TO_ALLOW(url?.origin ?? '<origin>')}.`;
  return Response.json({ message }, { status: 403, headers: { vary: 'Origin' } });
}

/** The app's first middleware: `refuseForeignOrigin` on every route. */
export function ownOriginsOnly(allowed: AllowedOrigins | undefined): MiddlewareHandler<SandboxEnv> {
  const named = namedTest(allowed);
  return async (c, next) => originRefusal(c.req.raw, named) ?? next();
}

/**
 * The answer to a request whose `Host` is neither a loopback name nor the host of a named origin
 * (DNS rebinding): `403 {message}`. Null when it may go on. For the HTTP servers (serve.ts,
 * scripts/start.ts), before anything else; the URL's host is checked too (an absolute request
 * target names its own).
 */
export function refuseForeignHost(request: Request, allowed: AllowedOrigins | undefined): Response | null {
  const named = namedTest(allowed);
  const url = new URL(request.url);
  const hostHeader = request.headers.get('host');
  const hosts = [url, ...(hostHeader === null ? [] : [parsed(`${url.protocol}//${hostHeader}`)])];
  const foreign = hosts.find((host) => !host || !(isLoopbackHost(host.hostname) || named(host.origin)));
  if (foreign === undefined) return null;
  const name = foreign?.host ?? hostHeader ?? '';
  const message =
    `This sandbox answers loopback names only (localhost, 127.0.0.1, [::1]), not ${JSON.stringify(name)}: a web page could reach it through a DNS name of its own (DNS rebinding). ` +
    `To reach it under that name, ${HOW_TO_ALLOW(foreign ? foreign.origin : '<origin>')}.`;
  return Response.json({ message }, { status: 403 });
}

/** What the servers read from their command line and environment. */
export interface ServerAccessOptions {
  /** The named origins (`--allow-origin`, then SANDBOX_ALLOWED_ORIGINS), normalized, each once. */
  readonly allowedOrigins: readonly string[];
  /** `--help` or `-h`: print the usage and exit. */
  readonly help: boolean;
}

/**
 * `--allow-origin <origin>` (or `=<origin>`, repeatable), `--help`, and SANDBOX_ALLOWED_ORIGINS
 * (comma separated). Throws for an unknown argument or an origin that is not one.
 */
export function serverAccessFrom(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ServerAccessOptions {
  const origins: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === ALLOW_ORIGIN_FLAG) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('-'))
        throw new Error(`${ALLOW_ORIGIN_FLAG} needs an origin, e.g. ${ALLOW_ORIGIN_FLAG} http://localhost:5173`);
      origins.push(normalizeOrigin(value));
    } else if (arg.startsWith(`${ALLOW_ORIGIN_FLAG}=`)) origins.push(normalizeOrigin(arg.slice(ALLOW_ORIGIN_FLAG.length + 1)));
    else throw new Error(`Unknown argument '${arg}' (--help lists the options)`);
  }
  for (const value of (env[ALLOWED_ORIGINS_ENV] ?? '').split(',')) if (value.trim() !== '') origins.push(normalizeOrigin(value));
  return { allowedOrigins: [...new Set(origins)], help };
}

/** The `--help` lines on who may call the sandbox (both servers print them). */
export const ACCESS_HELP: readonly string[] = [
  `  ${ALLOW_ORIGIN_FLAG} <origin>   a page on this origin may call the sandbox (CORS with credentials); once per origin.`,
  `                          Also ${ALLOWED_ORIGINS_ENV}=<origin>,<origin>. Without it, only the sandbox's own origin`,
  `                          (any loopback name on its port) may: other origins get 403, and so does a request`,
  `                          whose Host is not a loopback name or a named origin's host (DNS rebinding).`,
  '  --help                  this text.',
];

/** The start banner's line on who may call it. */
export function accessBanner(allowedOrigins: readonly string[]): string {
  return allowedOrigins.length === 0
    ? `Pages allowed: its own origin only (any loopback name on this port); ${ALLOW_ORIGIN_FLAG} <origin> or ${ALLOWED_ORIGINS_ENV} allows another.`
    : `Pages allowed: its own origin and ${allowedOrigins.join(', ')} (CORS with credentials).`;
}
