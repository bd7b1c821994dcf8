/**
 * `npm start`: the sandbox gateway plus the example host pages, on ONE server (127.0.0.1).
 *
 *   /                         index page: what is here, how the sandbox works (curl, faults)
 *   /gateway/*  /sandbox/*    the sandbox gateway (@leadkit/sandbox, packages/sandbox) and its controls
 *   /sandbox/                 the gateway's own endpoint list
 *   /sandbox/twilio/*         the Twilio stand-in's controls: drop its connections, what it received
 *                             (packages/sandbox/README.md#the-twilio-stand-in)
 *   /cdn/*                    the CDN build (dist/cdn: loader leadkit.js + hashed chunks)
 *   /examples/cms.html        plain-HTML CMS page: the loader script tag and widget tags only
 *   /server/cms.html          the same page rendered on the server (leadkit/server): each widget's
 *                             first screen in the HTML as declarative shadow DOM, hydrated in place
 *   /examples/office-board.html  a provider office page with <lead-board>
 *   /server/office-board.html    the same page with the board's first screen rendered on the server
 *   /examples/office-thread.html a provider office page with one <message-thread> in its HTML
 *   /server/office-thread.html, /server/review-request.html, /server/raq-funnel.html,
 *   /server/strict-csp.html     those pages rendered on the server too (the last with its policy)
 *   /app/…?render=server        the office app with its route rendered on the server
 *   /examples/strict-csp.html the same widgets under a strict Content-Security-Policy
 *   /examples/errors.html     error banners (401, 403) and how to inject others
 *   /examples/react-host.html a React host using `leadkit/react` (built from examples/react-host)
 *   /app, /app/*              the office app (<lead-app base="/app">): every deep link serves app.html
 *   /app-sw.js                the office app's service worker (examples/app-sw.js, bundled here with
 *                             leadkit/notifications-sw: new-lead notifications from push messages)
 *
 * Before serving it builds what the pages need when missing or stale: the CDN bundle
 * (`node scripts/build.mjs --cdn --if-stale`) and the React host (Vite app build of
 * examples/react-host into dist/examples/react-host). A lock keeps two servers starting at
 * once (parallel e2e files) from building into the same folder together.
 *
 * Environment: PORT (default 4010; 0 picks a free port, the printed URL tells which), SEED,
 * LATENCY_MS (latency on every gateway call), SKIP_BUILD=1 (serve dist/ as it is), CHAT_REPLY_MS
 * (the sandbox's simulated customer answers this long after the provider writes; default 2500;
 * `off` turns it off), CDN_FLAVOUR=lite (serve the Preact flavour of the CDN build under the
 * default names: scripts/cdn-flavours.ts), SANDBOX_PROFILE=spec (the sandbox serves only the
 * spec's calls and fields, packages/sandbox/src/spec-profile.ts; the example pages then get the
 * host's token providers from examples/host-stand-ins.js, added to each page's HTML here),
 * SANDBOX_PROFILE=spec-variants (the same, answering as strictly as the spec allows:
 * packages/sandbox/src/spec-variants.ts; the pages get the same providers),
 * SANDBOX_PROVIDER_TOKEN / SANDBOX_PROVIDER_COOKIE (provider calls must be signed in: a bearer
 * token / a session cookie `name=value`, packages/sandbox/README.md#provider-sign-in),
 * TWILIO_PORT (the Twilio stand-in's port, for the real @twilio/conversations SDK: default PORT + 1,
 * a free port when PORT is 0; `off` does not start it; packages/sandbox/README.md#the-twilio-stand-in),
 * SANDBOX_CHAT=twilio (the thread pages and the office app talk to that stand-in through leadkit's
 * Twilio adapter and the real SDK instead of the sandbox's chat service: scripts/sandbox-chat.ts),
 * SANDBOX_ALLOWED_ORIGINS (origins, comma separated, whose pages may call the sandbox beside the
 * server's own; also `npm start -- --allow-origin <origin>`; `npm start -- --help`).
 *
 * Who may call it (packages/sandbox/src/local-access.ts): a request whose Host is no loopback
 * name nor a named origin's host is refused (403, DNS rebinding), whatever its path; under
 * /gateway, /sandbox and /host-stand-in a page of another origin, not named, is refused too
 * (403, no CORS). The pages and the CDN files are public: served to any Origin, with no CORS
 * headers.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { build as viteBuild, createServer as createViteServer } from 'vite';
import type * as ServerModule from '../src/server';
// The dev server hosts the sandbox gateway over HTTP, as the sandbox's own server (packages/sandbox/src/serve.ts) does.
import {
  createSandboxGateway,
  DEFAULT_SEED,
  DROP_HEADER,
  MAIN_PROVIDER_ID,
  SANDBOX_LEADS,
  SANDBOX_MEMBER_ID,
  SANDBOX_MEMBER_TOKEN,
  sandboxProfileFrom,
  providerSignInFrom,
  refuseForeignHost,
  servesSpecOnly,
} from '@leadkit/sandbox';
// Not part of the sandbox's public API: the banner is its servers' own (serve.ts prints it too).
import { providerSignInBanner } from '../packages/sandbox/src/start-banner';
// Not public either: the servers' command line and the origin check before the Twilio controls.
import { ACCESS_HELP, accessBanner, refuseForeignOrigin, serverAccessFrom, type ServerAccessOptions } from '../packages/sandbox/src/local-access';
// Node only, so not in the package's entry: the stand-in for Twilio Conversations (packages/sandbox/README.md#the-twilio-stand-in).
import { startTwilioStandIn, type TwilioStandIn } from '../packages/sandbox/src/twilio/stand-in';
import { twilioControlRoutes } from '../packages/sandbox/src/twilio/controls';
import { sandboxChatFrom, withSandboxChat } from './sandbox-chat';

import { cdnCacheControl, cdnFlavourFromEnv, flavourFile } from './cdn-flavours';
import type { FirstContent } from '../src/contract/first-content';
import { leadkitTagCount, renderServerPage, SERVER_RENDERED_PAGES, warmServerPages, withFirstContentHints } from './server-pages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = path.join(ROOT, 'examples');
const CDN_DIR = path.join(ROOT, 'dist', 'cdn');
const REACT_HOST_SRC = path.join(EXAMPLES, 'react-host');
const REACT_HOST_OUT = path.join(ROOT, 'dist', 'examples', 'react-host');

/** The strict policy of /examples/strict-csp.html: nothing inline, nothing from elsewhere. */
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";

/** Who may call the sandbox (`--allow-origin`, SANDBOX_ALLOWED_ORIGINS), read before any build. */
let access: ServerAccessOptions;
try {
  access = serverAccessFrom(process.argv.slice(2), process.env);
} catch (error) {
  console.error(
    `start: ${error instanceof Error ? error.message : String(error)}\n\nUsage: npm start -- [--allow-origin <origin>]…\n${ACCESS_HELP.join('\n')}`,
  );
  process.exit(2);
}
if (access.help) {
  console.log(
    `Usage: npm start -- [--allow-origin <origin>]…\nThe example pages and the sandbox gateway on one server (the environment: scripts/start.ts).\n\n${ACCESS_HELP.join('\n')}`,
  );
  process.exit(0);
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Builds (only when missing or stale)

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A cross-process lock (mkdir is atomic); a lock older than two minutes is taken as abandoned. */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `leadkit-start-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // removed meanwhile: try again
      }
      await sleep(150);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

// Builds are production builds whatever the caller's NODE_ENV (vitest sets 'test', and Vite
// would then bundle React's development build into the pages).
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

function runCdnBuild(args: string[]): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--cdn', ...args], { cwd: ROOT, stdio: 'inherit', env: BUILD_ENV });
  if (result.status !== 0) throw new Error(`CDN build failed (exit ${result.status ?? result.signal})`);
}

/** True when dist/cdn carries React's development build (a build run under NODE_ENV=test or development). */
function cdnHasDevelopmentReact(): boolean {
  const dir = CDN_DIR;
  const files = (sub: string): string[] =>
    readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(sub, entry.name)) : entry.name.endsWith('.js') ? [path.join(sub, entry.name)] : [],
    );
  try {
    return files('').some((file) => readFileSync(path.join(dir, file), 'utf8').includes('react.dev/link/react-devtools'));
  } catch {
    return false;
  }
}

function buildCdnIfStale(): void {
  runCdnBuild(['--if-stale']);
  if (cdnHasDevelopmentReact()) {
    console.warn('start: dist/cdn holds a development build of React (built with NODE_ENV other than production); rebuilding it for production');
    runCdnBuild([]);
  }
}

async function buildReactHostIfStale(): Promise<void> {
  const output = path.join(REACT_HOST_OUT, 'index.html');
  const inputs = Math.max(...[path.join(ROOT, 'src'), REACT_HOST_SRC, path.join(ROOT, 'package.json')].map(newestMtime));
  if (existsSync(output) && newestMtime(output) >= inputs) return;
  const started = performance.now();
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({ configFile: path.join(REACT_HOST_SRC, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`start: React host build (dist/examples/react-host) done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.env.SKIP_BUILD !== '1') {
  await withBuildLock(async () => {
    buildCdnIfStale();
    await buildReactHostIfStale();
  });
}

// ---------------------------------------------------------------------------------------------
// Static files

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file under `root` for a URL sub-path, or null (outside root, missing, a folder, unknown type). */
function resolveFile(root: string, subPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(subPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (!(path.extname(file) in CONTENT_TYPES)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

async function sendFile(c: Context, file: string, headers: Record<string, string> = {}): Promise<Response> {
  const body = await readFile(file);
  return new Response(c.req.method === 'HEAD' ? null : body, {
    headers: { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', ...headers },
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function notFoundPage(c: Context, detail: string): Response {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · leadkit examples</title><link rel="stylesheet" href="/examples/examples.css"></head>
<body><main class="page"><h1>Not found</h1><p>${escapeHtml(detail)}</p><p><a href="/">Back to the examples</a></p></main></body></html>`,
    404,
  );
}

/** examples/index.html with the sandbox's facts filled in (origin, ids, token). */
function indexPage(origin: string): string {
  const leads = Object.entries(SANDBOX_LEADS)
    .map(([name, id]) => {
      const label = escapeHtml(name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
      return `<li><a href="/app/lead?leadId=${id}&amp;serviceProviderId=${MAIN_PROVIDER_ID}"><code>${id}</code></a> ${label}</li>`;
    })
    .join('\n        ');
  const values: Record<string, string> = {
    ORIGIN: escapeHtml(origin),
    PROVIDER_ID: String(MAIN_PROVIDER_ID),
    MEMBER_ID: String(SANDBOX_MEMBER_ID),
    MEMBER_TOKEN: escapeHtml(SANDBOX_MEMBER_TOKEN),
    PURCHASED: String(SANDBOX_LEADS.purchased),
    UNAVAILABLE: String(SANDBOX_LEADS.unavailableExpired),
    NOT_OFFERED: String(SANDBOX_LEADS.notOffered),
    NEWEST: String(SANDBOX_LEADS.newest),
    LEADS: leads,
  };
  return readFileSync(path.join(EXAMPLES, 'index.html'), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

// ---------------------------------------------------------------------------------------------
// The server

const providerSignIn = providerSignInFrom(process.env);
const sandboxChat = sandboxChatFrom(process.env.SANDBOX_CHAT);
/** The Twilio stand-in, once started (below, beside the server). */
let twilio: TwilioStandIn | null = null;
if (sandboxChat === 'twilio' && process.env.TWILIO_PORT === 'off') {
  console.error('start: SANDBOX_CHAT=twilio needs the Twilio stand-in: leave TWILIO_PORT unset (or give it a port).');
  process.exit(1);
}
const sandbox = createSandboxGateway({
  seed: numberFromEnv('SEED', DEFAULT_SEED),
  latencyMs: numberFromEnv('LATENCY_MS', 0),
  chat: { customerReplies: process.env.CHAT_REPLY_MS === 'off' ? false : { delayMs: numberFromEnv('CHAT_REPLY_MS', 2500) } },
  onError: (error) => console.error('[sandbox] route error:', error),
  profile: sandboxProfileFrom(process.env.SANDBOX_PROFILE),
  providerSignIn,
  allowedOrigins: access.allowedOrigins,
});

/**
 * In the spec profiles (`spec`, `spec-variants`) every example page gets the host's token providers (examples/host-stand-ins.js),
 * as its first module script: module scripts run in document order, so it configures the
 * elements before the loader and the page's own scripts see them. The full profile serves the
 * pages as they are.
 */
const HOST_STAND_INS = '<script type="module" src="/examples/host-stand-ins.js"></script>';
function forProfile(page: string): string {
  // SANDBOX_CHAT=twilio: the pages' threads on the Twilio stand-in (scripts/sandbox-chat.ts).
  const html = withSandboxChat(page, sandboxChat, twilio?.twilsockUri ?? null);
  if (!servesSpecOnly(sandbox.profile)) return html;
  const first = html.search(/<script type="module"/);
  return first < 0 ? html.replace('</head>', `${HOST_STAND_INS}</head>`) : `${html.slice(0, first)}${HOST_STAND_INS}\n    ${html.slice(first)}`;
}

/**
 * An example page's HTML file, as a host's server would serve it: with its tags' first-content
 * files named in <head> (withFirstContentHints), and in the spec profiles the host's stand-ins.
 */
function sendPage(c: Context, file: string, headers: Record<string, string> = {}): Response {
  const page = withFirstContentHints(forProfile(readFileSync(file, 'utf8')), { firstContent: cdnFirstContent(), url: c.req.url });
  return c.html(page, 200, { 'cache-control': 'no-cache', ...headers });
}

const site = new Hono();

site.get('/', (c) => c.html(indexPage(new URL(c.req.url).origin)));
// Browsers ask for it on every page; no icon, and no 404 in the console either.
site.get('/favicon.ico', () => new Response(null, { status: 204 }));

// The CDN bundle. The loader and the runtime keep stable names (revalidate); other chunks are content-hashed.
const CDN_FLAVOUR = cdnFlavourFromEnv();
/**
 * The served flavour's first-content.json (the pages name its files: scripts/server-pages.ts),
 * read again for each page (a rebuild beside a running server changes it); none without a CDN build.
 */
function cdnFirstContent(): FirstContent | undefined {
  try {
    return JSON.parse(readFileSync(path.join(CDN_DIR, flavourFile(CDN_FLAVOUR, 'first-content.json')), 'utf8')) as FirstContent;
  } catch {
    return undefined;
  }
}
site.get('/cdn/*', async (c) => {
  const file = resolveFile(CDN_DIR, flavourFile(CDN_FLAVOUR, c.req.path.slice('/cdn/'.length)));
  if (!file) return notFoundPage(c, `${c.req.path} is not in dist/cdn. Is the CDN build there (node scripts/build.mjs --cdn)?`);
  return sendFile(c, file, { 'cache-control': cdnCacheControl(c.req.path.slice('/cdn/'.length)) });
});

site.get('/examples/strict-csp.html', (c) => sendPage(c, path.join(EXAMPLES, 'strict-csp.html'), { 'content-security-policy': STRICT_CSP }));

site.get('/examples/react-host.html', (c) => {
  const file = path.join(REACT_HOST_OUT, 'index.html');
  if (!existsSync(file)) return notFoundPage(c, 'The React host is not built (start without SKIP_BUILD=1).');
  return sendFile(c, file);
});
site.get('/examples/react-host/*', (c) => {
  const file = resolveFile(REACT_HOST_OUT, c.req.path.slice('/examples/react-host/'.length));
  return file ? sendFile(c, file) : notFoundPage(c, `${c.req.path} is not in the React host build.`);
});

/**
 * The office app's service worker (examples/app-sw.js), bundled as a host's bundler would bundle
 * it — `leadkit/notifications-sw` from src/ — once, on its first request; served from the root so
 * its scope may be /app/.
 */
let appWorker: Promise<string> | undefined;
async function bundleAppWorker(): Promise<string> {
  const result = await viteBuild({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { 'leadkit/notifications-sw': path.join(ROOT, 'src', 'notifications-sw.ts') } },
    build: { write: false, minify: false, lib: { entry: path.join(EXAMPLES, 'app-sw.js'), formats: ['iife'], name: 'leadkitAppWorker' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: { type: string; code?: string }[] }[];
  const code = outputs.flatMap((output) => output.output ?? []).find((chunk) => chunk.type === 'chunk')?.code;
  if (!code) throw new Error('start: examples/app-sw.js did not bundle');
  return code;
}
site.get('/app-sw.js', async (c) => {
  appWorker ??= bundleAppWorker().catch((error: unknown) => {
    appWorker = undefined;
    throw error;
  });
  return c.body(await appWorker, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
});

// Page files of examples/ (not the React host's sources or config).
site.get('/examples/*', (c) => {
  const sub = c.req.path.slice('/examples/'.length);
  const file = sub.startsWith('react-host/') || sub === 'index.html' ? null : resolveFile(EXAMPLES, sub);
  if (!file) return notFoundPage(c, `There is no example at ${c.req.path}.`);
  return file.endsWith('.html') ? sendPage(c, file) : sendFile(c, file);
});

// Example pages rendered on the server (leadkit/server, from src/ through Vite's module runner;
// scripts/server-pages.ts), from the sandbox's answers.
type ServerEntry = typeof ServerModule;
let serverEntry: Promise<ServerEntry> | undefined;
const loadServerEntry = () =>
  (serverEntry ??= createViteServer({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, entries: [] },
    server: { middlewareMode: true, hmr: false, ws: false },
  }).then((vite) => vite.ssrLoadModule('/src/server.ts') as Promise<ServerEntry>));
/**
 * An example page rendered on the server (leadkit/server): a page of SERVER_RENDERED_PAGES, or
 * app.html at `url`. A page with one widget carries leadkit's CSS in its HTML (nothing between
 * the HTML and the first paint); a page with several links the shared stylesheet (once for all),
 * and so does the strict-CSP page (its policy allows no inline style).
 */
async function serverRendered(name: string, origin: string, url?: string): Promise<string> {
  const { renderToString } = await loadServerEntry();
  const page = readFileSync(path.join(EXAMPLES, name), 'utf8');
  const inline = name !== 'strict-csp.html' && leadkitTagCount(page) === 1;
  return forProfile(
    await renderServerPage(page, renderToString, {
      gateway: { baseURL: origin, fetch: sandbox.fetch },
      stylesheet: inline ? null : '/cdn/widgets.css',
      ...(inline ? { pageCss: readFileSync(path.join(CDN_DIR, 'leadkit.css'), 'utf8') } : {}),
      ...(url ? { url } : {}),
      firstContent: cdnFirstContent(),
    }),
  );
}
site.get('/server/:page', async (c) => {
  const name = c.req.param('page');
  if (!SERVER_RENDERED_PAGES.has(name)) return notFoundPage(c, `There is no server-rendered example at ${c.req.path}.`);
  const html = await serverRendered(name, new URL(c.req.url).origin);
  // The strict CSP page keeps its policy rendered on the server too (the first screens link their styles).
  return c.html(html, 200, { 'cache-control': 'no-store', ...(name === 'strict-csp.html' ? { 'content-security-policy': STRICT_CSP } : {}) });
});

// The office app: every path under /app is the same page (deep links, reloads, back/forward).
// With `?render=server`, the app's route is rendered on the server (leadkit/server with the page's
// URL), hydrated in place by the loader.
const appPage = async (c: Context) => {
  if (c.req.query('render') !== 'server') return sendPage(c, path.join(EXAMPLES, 'app.html'));
  return c.html(await serverRendered('app.html', new URL(c.req.url).origin, c.req.url), 200, { 'cache-control': 'no-store' });
};
site.get('/app', appPage);
site.get('/app/*', appPage);

site.notFound((c) => notFoundPage(c, `Nothing is served at ${c.req.path}.`));

const twilioControls = twilioControlRoutes(() => twilio);
const isSandboxPath = (pathname: string) => /^\/(gateway|sandbox|host-stand-in)(\/|$)/.test(pathname);

// The render path warmed before serving, not on the first request (scripts/server-pages.ts
// warmServerPages): each server-rendered page asked for once through the site's own handler
// (leadkit/server compiled and imported, each page rendered, the answer made), then the sandbox
// as it was.
const warmed = await warmServerPages(async ({ name, url }) => {
  const answer = await site.fetch(new Request(`http://127.0.0.1${url ?? `/server/${name}`}`));
  await answer.text();
  if (!answer.ok) throw new Error(`answered ${answer.status}`);
});
sandbox.reset();
console.log(
  `start: server rendering warm: ${warmed.rendered.length} pages rendered at start in ${(warmed.ms / 1000).toFixed(1)} s${warmed.failed.length ? `; not rendered: ${warmed.failed.join(', ')}` : ''}`,
);

const port = numberFromEnv('PORT', 4010);
/** The pages' origin, once the server listens. */
let siteOrigin = '';
/**
 * Where the Twilio stand-in's photo URLs point (its `contentOrigin`): on the asking page's own
 * origin, as the sandbox chat's URLs are (leadkit shows media only from there, https: or blob:) —
 * this server's, or a loopback proxy's in front of it (test/engines/proxy.ts); else this server's.
 */
const pagesContentOrigin = (pageOrigin: string | undefined): string =>
  pageOrigin && /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(pageOrigin) ? pageOrigin : siteOrigin;
// The Twilio stand-in on its own port (a WebSocket server and the media service), from the same
// sandbox: the same conversations on the Twilio adapter. Not fatal when it cannot start. Started
// before the server listens: a page served once the URL is printed names its socket
// (SANDBOX_CHAT=twilio), never the sandbox's chat for want of it.
if (process.env.TWILIO_PORT !== 'off') {
  const twilioPort = process.env.TWILIO_PORT ? numberFromEnv('TWILIO_PORT', 0) : port === 0 ? 0 : port + 1;
  try {
    twilio = await startTwilioStandIn({ sandbox, port: twilioPort, contentOrigin: pagesContentOrigin });
    console.log(`Twilio stand-in: ${twilio.twilsockUri} (the SDK's client option Twilsock: { uri }), media service ${twilio.mcsOrigin}`);
    if (sandboxChat === 'twilio') console.log('SANDBOX_CHAT=twilio: the example threads talk to it through leadkit/twilio and the real SDK.');
  } catch (error) {
    console.error(
      `start: the Twilio stand-in did not start on port ${twilioPort} (${error instanceof Error ? error.message : String(error)}); set TWILIO_PORT.`,
    );
    // Its pages would quietly stay on the sandbox's chat: a Twilio run that is not one.
    if (sandboxChat === 'twilio') process.exit(1);
  }
}

const server = serve(
  {
    hostname: '127.0.0.1',
    port,
    fetch: async (request, env) => {
      // A Host that is no loopback name nor a named origin's (DNS rebinding), whatever the path.
      const foreignHost = refuseForeignHost(request, access.allowedOrigins);
      if (foreignHost) return foreignHost;
      const url = new URL(request.url);
      if (!isSandboxPath(url.pathname)) return site.fetch(request, env);
      // A page of another origin, not named (the sandbox app checks it too; the Twilio controls do not).
      const foreignOrigin = refuseForeignOrigin(request, access.allowedOrigins);
      if (foreignOrigin) return foreignOrigin;
      // The stand-in's own controls (drop its connections, what it received): packages/sandbox/src/twilio/controls.ts.
      if (url.pathname.startsWith('/sandbox/twilio/')) return twilioControls.fetch(request);
      // A reset forgets what the stand-in received too (the sandbox's recorded requests go with it).
      if (request.method === 'POST' && url.pathname === '/sandbox/reset') twilio?.clearReceived();
      // /sandbox and /sandbox/ show the gateway's own home page (its endpoint list).
      const forward = request.method === 'GET' && /^\/sandbox\/?$/.test(url.pathname) ? new Request(new URL('/', url), request) : request;
      const response = await sandbox.app.fetch(forward, env);
      if (response.headers.has(DROP_HEADER)) {
        // A dropped request: close the connection without an answer (the client sees a reset).
        (env as HttpBindings).incoming.socket.destroy();
      }
      return response;
    },
  },
  (info) => {
    siteOrigin = `http://127.0.0.1:${info.port}`;
    console.log(`leadkit examples: http://127.0.0.1:${info.port}/ (gateway under /gateway, sandbox controls under /sandbox, ${sandbox.profile} profile)`);
    // The sign-in the sandbox's provider calls require, and how to pass it (as `npx leadkit-sandbox` says it).
    console.log(providerSignInBanner(providerSignIn, sandbox.profile).join('\n'));
    console.log(accessBanner(access.allowedOrigins));
  },
);

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `start: port ${port} is in use; set PORT to another one (PORT=0 picks a free port).` : `start: ${error.message}`);
  process.exit(1);
});

const stop = () => {
  void twilio?.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
