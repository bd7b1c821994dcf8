/**
 * A small Node host that renders a lead board on the server for a gateway on ANOTHER origin,
 * signed in as the page's provider — the runnable example of docs/server-rendering.md#signed-in.
 * Plain Node (no framework): `leadkit/server` renders the board's first screen into the HTML,
 * the CDN loader (dist/cdn, served here under /cdn/) hydrates it in the browser.
 *
 *   npm run example:server-host          # builds what is stale, then runs this file
 *
 * Environment:
 *   GATEWAY_URL   the gateway's origin (default http://127.0.0.1:4010: `npm start` or `npx leadkit-sandbox`,
 *                 which must name this host's origin — `SANDBOX_ALLOWED_ORIGINS=http://127.0.0.1:4020` —
 *                 for the browser's own calls: the sandbox answers no other page)
 *   PORT          this host's port (default 4020; 0 picks a free one — the printed URL tells)
 *   SP_ID         the signed-in provider (default 1001)
 *   SIGN_IN       `cookie` (default) or `token`: how the gateway signs providers in
 *   PROVIDER_TOKEN  with SIGN_IN=token, the provider's token (a real host gets it from its
 *                 identity provider for the user's session; never from the page)
 *
 * What the server passes to `renderToString` (the only thing that differs between the two):
 * - cookie: the signed-in user's `Cookie` header, forwarded in the gateway config's `headers`
 *   (the gateway's session cookie reaches this host when both share a site: here the same host,
 *   another port; in production e.g. `Domain=example.com` for app.example.com and
 *   gateway.example.com). The page then says `gateway-credentials="include"` so the browser's
 *   own calls carry the cookie too.
 * - token: `properties.auth = { kind: 'provider', spId, token }`: leadkit sends
 *   `Authorization: Bearer <token>`. The page gets the same token from this host's `/token`
 *   (same origin, the user's session) through a token function given as the `auth` property.
 * Neither the cookie nor the token is ever written into the HTML.
 *
 * Warm before serving: the host renders the board once at start (its HTML thrown away) and only
 * then listens, so its first visitor does not pay for what a first render loads and compiles —
 * the board's lazy parts, the locale's texts, the connection to the gateway — on top of the
 * render itself. Without a visitor's session the gateway may refuse that render (a sign-in
 * error is rendered): what it reached is warm all the same.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'leadkit/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CDN = path.join(ROOT, 'dist', 'cdn');
const GATEWAY_URL = (process.env.GATEWAY_URL || 'http://127.0.0.1:4010').replace(/\/+$/, '');
const SP_ID = Number(process.env.SP_ID || 1001);
const SIGN_IN = process.env.SIGN_IN || 'cookie';
const PROVIDER_TOKEN = process.env.PROVIDER_TOKEN || '';
if (!['cookie', 'token'].includes(SIGN_IN)) throw new Error('SIGN_IN must be cookie or token');
if (SIGN_IN === 'token' && !PROVIDER_TOKEN) throw new Error('SIGN_IN=token needs PROVIDER_TOKEN');

const escape = (text) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the server passes to leadkit for this request: the gateway config and the provider's auth. */
function signedIn(request) {
  if (SIGN_IN === 'token') {
    return {
      gateway: { baseURL: GATEWAY_URL },
      properties: { auth: { kind: 'provider', spId: SP_ID, token: PROVIDER_TOKEN } },
      attributes: { 'auth-mode': 'provider-token' },
    };
  }
  const cookie = request.headers.cookie;
  return {
    gateway: { baseURL: GATEWAY_URL, headers: cookie ? { cookie } : {} },
    properties: {},
    attributes: { 'gateway-credentials': 'include' },
  };
}

/** The browser's half for SIGN_IN=token: the token from this host, as the board's `auth` property. */
const TOKEN_SCRIPT = `<script type="module">
      document.querySelector('lead-board').auth = {
        kind: 'provider',
        spId: ${SP_ID},
        token: () => fetch('/token', { credentials: 'same-origin' }).then((answer) => answer.text()),
      };
    </script>`;

async function boardPage(request) {
  const { gateway, properties, attributes } = signedIn(request);
  const board = await renderToString('lead-board', {
    attributes: { 'sp-id': SP_ID, 'gateway-url': GATEWAY_URL, ...attributes },
    properties,
    gateway,
  });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Leads — server-rendered</title>
    <script type="module" src="/cdn/leadkit.js"></script>
    ${SIGN_IN === 'token' ? TOKEN_SCRIPT : ''}
  </head>
  <body>
    <h1>Leads of provider ${escape(String(SP_ID))}</h1>
    ${board}
  </body>
</html>`;
}

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** One render of the board at start, as for a visitor without a session; the time it took (ms). */
async function warmUp() {
  const started = performance.now();
  try {
    await boardPage({ headers: {} });
  } catch (error) {
    console.error(`server-host: the warm-up render failed (the first request renders cold): ${error instanceof Error ? error.message : String(error)}`);
  }
  return Math.round(performance.now() - started);
}

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://host.local');
  try {
    if (pathname === '/' || pathname === '/board') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(await boardPage(request));
    } else if (pathname === '/token' && SIGN_IN === 'token') {
      // A real host checks its own session here before answering.
      response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(PROVIDER_TOKEN);
    } else if (pathname.startsWith('/cdn/') && !pathname.includes('..')) {
      const file = path.join(CDN, pathname.slice('/cdn/'.length));
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  } catch (error) {
    // Never the request's headers (the session) in a log: the message only.
    console.error(`server-host: ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
    if (!response.headersSent) response.writeHead(pathname.startsWith('/cdn/') ? 404 : 500).end();
  }
});

const warmMs = await warmUp();
server.listen(Number(process.env.PORT ?? 4020), '127.0.0.1', () => {
  process.stdout.write(`leadkit server host: warm (the board rendered once at start, in ${warmMs} ms)\n`);
  process.stdout.write(`leadkit server host: http://127.0.0.1:${server.address().port}/ (gateway ${GATEWAY_URL}, sign-in by ${SIGN_IN})\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
