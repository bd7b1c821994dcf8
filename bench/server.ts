/**
 * The bench's own local server: what a CDN and an API gateway would answer, gzip'ed.
 *
 *   /cdn/*                 dist/cdn (loader and runtime no-cache, hashed chunks immutable, like scripts/start.ts)
 *   /examples/*            examples/ (the CMS, thread and funnel pages)
 *   /app, /app/*           examples/app.html (the office app; every deep link)
 *   /anchors/*             the anchor pages built by bench/anchors/build.ts; /anchors/react-ssr/card-ssr.html
 *                          rendered on each request (bench/anchors/server-anchor.ts)
 *   /server/office-board.html  the office page with the board's first screen rendered on the server by
 *                          the built leadkit/server (dist/server.js), rendered for each request, with
 *                          leadkit's CSS in the HTML (nothing between the HTML and the first paint)
 *   /static/office-board.html  the same first screen as a static page: that HTML with no script at all
 *                          (rendered once), the floor a server-rendered first card is measured against
 *   /gateway/*, /sandbox/* the sandbox gateway (@leadkit/sandbox), seeded, no added latency,
 *                          no simulated customer replies
 *
 * A page asked for with `?lk-flavour=NAME` gets `/cdn/leadkit-NAME.js` instead of the loader
 * `/cdn/leadkit.js`, and that flavour's runtime in its hint (another flavour of the CDN build,
 * e.g. a Preact one: same pages, same data). The example pages name their tags' first-content
 * files in <head> (of the page's flavour), as `npm start` serves them and a host's server would
 * (scripts/server-pages.ts withFirstContentHints); with `?lk-hints=none` they do not (the loader
 * alone: a page with no server of its own). With `?lk-chat=twilio` a page's threads run on
 * leadkit's Twilio adapter and the real @twilio/conversations SDK, against the sandbox's stand-in
 * for Twilio (packages/sandbox/README.md#the-twilio-stand-in), started with the server on a
 * loopback port of its own — a third-party origin, as Twilio's is (scripts/sandbox-chat.ts).
 *
 * Over both protocols at once, the same routes and the same sandbox (`origins`):
 *   - `h1`: plain HTTP/1.1, no TLS — the way `npm start` and many CMS and office origins serve
 *     static files; the browser opens at most six connections to it, so a page of many small
 *     files waits in waves;
 *   - `h2`: HTTP/2 over TLS, as a CDN serves (a self-signed certificate made for the run with
 *     openssl: launch Chromium with BENCH_CHROMIUM_ARGS), every request on one connection.
 * The anchor pages (one file each) are served the same way on both.
 *
 * The server-rendered page's render path is warm when `startBenchServer` resolves, not on the
 * first request: dist/server.js is imported, the page rendered once (that render is the floor's)
 * and asked for once over each protocol (the HTTP stacks and the handler), then the sandbox is
 * reset. Each server-rendered answer says how long its render took
 * (`Server-Timing: render;dur=…`). `bench/server-main.ts` runs it as a process of its own, for
 * the first request after a fresh start.
 *
 * Static files are gzip -9'ed once and sent with a Content-Length (what the size report
 * counts); gateway answers are gzip'ed when the client accepts it and they are 1 kB or more
 * (an event stream passes through untouched). `POST /sandbox/reset` restores the seed data
 * between page loads. It is not scripts/start.ts: that one serves uncompressed and builds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, createSecureServer } from 'node:http2';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve, type HttpBindings } from '@hono/node-server';
import { createSandboxGateway, DEFAULT_SEED, DROP_HEADER } from '@leadkit/sandbox';
import { pathToFileURL } from 'node:url';
import { cdnCacheControl, CDN_FLAVOURS, flavourFile, type CdnFlavour } from '../scripts/cdn-flavours';
import { renderServerPage, withFirstContentHints, withoutScripts } from '../scripts/server-pages';
import { startTwilioStandIn } from '../packages/sandbox/src/twilio/stand-in';
import { withSandboxChat } from '../scripts/sandbox-chat';
import { renderServerAnchor } from './anchors/server-anchor';
import type { FirstContent } from '../src/contract/first-content';
import { PROTOCOL_NAMES, type Protocol } from './protocols';
import type * as ServerEntry from '../src/server';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript)|image\/svg)/;
/** Below this a gzip'ed answer is not worth it (what common servers do). */
const GZIP_MIN_BYTES = 1000;
/** The spec-equal cards rendered on the server and hydrated: the hydration anchor (bench/anchors/card-ssr.ts). */
export const SERVER_ANCHOR_PATH = '/anchors/react-ssr/card-ssr.html';

export interface ServerPageBytes {
  /** /server/office-board.html, gzip'ed. */
  serverHtmlGzip: number;
  /** /examples/office-board.html (the board rendered in the browser) as served, gzip'ed. */
  clientHtmlGzip: number;
  /** The inlined answers (their <script>), raw and gzip'ed alone. */
  answersRaw: number;
  answersGzip: number;
  /** The declarative shadow root's markup (answers and stylesheet link included), raw. */
  shadowRootRaw: number;
}

/** What the server did at start, before its first request. */
export interface BenchServerWarmup {
  /** Importing dist/server.js and the first render of the server-rendered page (ms). */
  importMs: number;
  renderMs: number;
  /** Pages rendered (the server-rendered office page, as the floor is made of it). */
  rendered: string[];
}

export interface BenchServer {
  /** The HTTP/2 origin, e.g. https://127.0.0.1:41234 (interactions and Lighthouse load from it). */
  readonly origin: string;
  /** Each protocol's origin: `h1` http://127.0.0.1:…, `h2` https://127.0.0.1:… */
  readonly origins: Readonly<Record<Protocol, string>>;
  /** What was warmed at start (null with `warm: false`). */
  readonly warmup: BenchServerWarmup | null;
  /** Restores the sandbox's seed data (before each page load). */
  reset(): void;
  /** Bytes of the server-rendered office page (gzip -9), of the same page rendered in the browser, and what leadkit/server added to it. */
  serverPageBytes(): Promise<ServerPageBytes>;
  stop(): Promise<void>;
}

/** What a Chromium needs to load the bench server's pages (its certificate is self-signed). */
export const BENCH_CHROMIUM_ARGS = ['--ignore-certificate-errors'];

/** A throwaway key and self-signed certificate for 127.0.0.1. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-bench-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A GET to this server itself, the answer read whole: over HTTP/2 for an https origin (its certificate is the run's own). */
async function selfRequest(origin: string, pathname: string): Promise<void> {
  if (origin.startsWith('http:')) {
    const answer = await fetch(`${origin}${pathname}`, { headers: { 'accept-encoding': 'gzip' } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`bench: the warm-up GET ${pathname} answered ${answer.status}`);
    return;
  }
  const session = connect(origin, { rejectUnauthorized: false });
  try {
    await new Promise<void>((resolve, reject) => {
      const stream = session.request({ ':path': pathname, 'accept-encoding': 'gzip' });
      stream.on('response', (headers) => {
        if (headers[':status'] !== 200) reject(new Error(`bench: the warm-up GET ${pathname} answered ${headers[':status']}`));
      });
      stream.on('error', reject);
      stream.resume();
      stream.on('end', () => resolve());
      stream.end();
    });
  } finally {
    session.close();
  }
}

export interface BenchServerOptions {
  root: string;
  /** The CDN build to serve (default <root>/dist/cdn). */
  cdnDir?: string;
  /** Built anchor pages (served under /anchors/). */
  anchorsDir?: string;
  /** Warm the server-rendered page's render path before resolving (default true; false: the first request pays for it, to measure what warming saves). */
  warm?: boolean;
}

interface StaticFile {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

export async function startBenchServer({ root, cdnDir = path.join(root, 'dist', 'cdn'), anchorsDir, warm = true }: BenchServerOptions): Promise<BenchServer> {
  const examples = path.join(root, 'examples');
  const sandbox = createSandboxGateway({ seed: DEFAULT_SEED, latencyMs: 0, chat: { customerReplies: false } });
  // The sandbox's stand-in for Twilio (its chat store): the thread on Twilio's real SDK, `?lk-chat=twilio`.
  const twilio = await startTwilioStandIn({ sandbox });
  const cache = new Map<string, StaticFile | null>();

  const load = (dir: string, sub: string): StaticFile | null => {
    const file = path.resolve(dir, `.${path.posix.normalize(`/${decodeURIComponent(sub)}`)}`);
    if (!file.startsWith(dir + path.sep)) return null;
    if (cache.has(file)) return cache.get(file) ?? null;
    const type = CONTENT_TYPES[path.extname(file)];
    const found = type && existsSync(file) && statSync(file).isFile() ? readFileSync(file) : null;
    const entry = found ? { body: found, gzip: gzipSync(found, { level: 9 }), type: type as string } : null;
    cache.set(file, entry);
    return entry;
  };

  const firstContent = (flavour: CdnFlavour): FirstContent | undefined => {
    const file = path.join(cdnDir, flavourFile(flavour, 'first-content.json'));
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstContent) : undefined;
  };
  const html = (text: string): StaticFile => {
    const body = Buffer.from(text);
    return { body, gzip: gzipSync(body, { level: 9 }), type: CONTENT_TYPES['.html'] as string };
  };
  /** An example page as served: in the flavour asked for, with its first-content hints (unless `?lk-hints=none`). */
  const examplePage = (request: Request, found: StaticFile | null): StaticFile | null | Response => {
    if (!found?.type.startsWith('text/html')) return found;
    const { searchParams } = new URL(request.url);
    const name = searchParams.get('lk-flavour');
    if (name && !/^[a-z0-9]+$/.test(name)) return new Response('bad flavour', { status: 400 });
    const flavour = name ? (CDN_FLAVOURS as Record<string, CdnFlavour>)[name] : CDN_FLAVOURS.react;
    if (!flavour) return new Response('unknown flavour', { status: 400 });
    let page = withSandboxChat(found.body.toString('utf8'), searchParams.get('lk-chat') === 'twilio' ? 'twilio' : 'sandbox', twilio.twilsockUri);
    if (flavour !== CDN_FLAVOURS.react) {
      page = page
        .replaceAll(`/cdn/${CDN_FLAVOURS.react.loader}`, `/cdn/${flavour.loader}`)
        .replaceAll(`/cdn/${CDN_FLAVOURS.react.runtime}`, `/cdn/${flavour.runtime}`);
    }
    return html(withFirstContentHints(page, { firstContent: firstContent(flavour), url: request.url }));
  };

  const sendStatic = (request: Request, found: StaticFile | null | Response, cacheControl = 'no-cache'): Response => {
    if (found instanceof Response) return found;
    if (!found) return new Response('not found', { status: 404 });
    const entry = found;
    const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') && COMPRESSIBLE.test(entry.type);
    const body = gzip ? entry.gzip : entry.body;
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'content-length': String(body.length),
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    if (gzip) headers['content-encoding'] = 'gzip';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers });
  };

  const gateway = async (request: Request, env: HttpBindings): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/sandbox/reset') {
      sandbox.reset();
      return Response.json({ ok: true });
    }
    const answer = await sandbox.app.fetch(request, env);
    // HTTP/2 forbids HTTP/1 connection headers (the event stream sets some).
    const plain = new Headers(answer.headers);
    for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'upgrade']) plain.delete(name);
    const response = new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: plain });
    if (response.headers.has(DROP_HEADER)) {
      // Over HTTP/2 only this request's stream is cut, not the connection every request shares.
      const incoming = env.incoming as typeof env.incoming & { stream?: { destroy(): void } };
      if (incoming.stream) incoming.stream.destroy();
      else incoming.socket.destroy();
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !COMPRESSIBLE.test(type) || !/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response;
    const raw = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    if (raw.length < GZIP_MIN_BYTES) {
      headers.set('content-length', String(raw.length));
      return new Response(new Uint8Array(raw), { status: response.status, statusText: response.statusText, headers });
    }
    const body = gzipSync(raw, { level: 6 });
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(body.length));
    headers.append('vary', 'accept-encoding');
    return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers });
  };

  // The office page rendered on the server by the built entry (React's production build, as a
  // server runs it: set before dist/server.js first imports react), and its script-less floor.
  process.env.NODE_ENV ??= 'production';
  let serverEntry: Promise<typeof ServerEntry> | null = null;
  const entry = () => (serverEntry ??= import(pathToFileURL(path.join(root, 'dist', 'server.js')).href) as Promise<typeof ServerEntry>);
  const serverPage = async (origin: string, variant: URLSearchParams = new URLSearchParams()) => {
    const { renderToString } = await entry();
    return renderServerPage(readFileSync(path.join(examples, 'office-board.html'), 'utf8'), renderToString, {
      gateway: { baseURL: origin, fetch: sandbox.fetch },
      // leadkit's CSS arrives with the HTML (the first screen's in its root, leadkit.css in <head>);
      // `?css=linked`, `?preloads=eager|none`: the variants docs/benchmarks.md#server-rendered-first-card compares.
      stylesheet: variant.get('css') === 'linked' ? '/cdn/widgets.css' : null,
      pageCss: readFileSync(path.join(cdnDir, 'leadkit.css'), 'utf8'),
      preloads: (variant.get('preloads') as 'eager' | 'none' | null) ?? 'low',
      firstContent: firstContent(CDN_FLAVOURS.react),
    });
  };
  let floor: StaticFile | null = null;

  const handle = async (request: Request, env: HttpBindings): Promise<Response> => {
    const { pathname, origin, searchParams } = new URL(request.url);
    if (pathname === '/server/office-board.html') {
      const started = performance.now();
      const rendered = html(await serverPage(origin, searchParams));
      const answer = sendStatic(request, rendered, 'no-store');
      answer.headers.set('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      return answer;
    }
    if (pathname === '/static/office-board.html')
      return searchParams.size
        ? sendStatic(request, html(withoutScripts(await serverPage(origin, searchParams))), 'no-store')
        : sendStatic(request, (floor ??= html(withoutScripts(await serverPage(origin)))));
    if (/^\/(gateway|sandbox)(\/|$)/.test(pathname)) return gateway(request, env);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('method not allowed', { status: 405 });
    if (pathname === '/favicon.ico') return new Response(null, { status: 204 });
    if (pathname.startsWith('/cdn/')) {
      const name = pathname.slice('/cdn/'.length);
      return sendStatic(request, load(cdnDir, name), cdnCacheControl(name));
    }
    if (pathname === '/app' || pathname.startsWith('/app/')) return sendStatic(request, examplePage(request, load(examples, 'app.html')));
    if (pathname.startsWith('/examples/')) return sendStatic(request, examplePage(request, load(examples, pathname.slice('/examples/'.length))));
    if (anchorsDir && pathname === SERVER_ANCHOR_PATH) {
      const started = performance.now();
      const cards = Number(searchParams.get('cards') ?? 10);
      if (!Number.isInteger(cards) || cards < 1 || cards > 100) return new Response('cards: 1 to 100', { status: 400 });
      const rendered = html(await renderServerAnchor(path.join(anchorsDir, 'react-ssr'), origin, sandbox.fetch, cards));
      const answer = sendStatic(request, rendered, 'no-store');
      answer.headers.set('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      return answer;
    }
    if (anchorsDir && pathname.startsWith('/anchors/')) {
      const sub = pathname.slice('/anchors/'.length);
      return sendStatic(request, load(anchorsDir, sub.endsWith('/') || sub === '' ? `${sub}index.html` : sub));
    }
    return new Response('not found', { status: 404 });
  };

  const listen = (options: Partial<Parameters<typeof serve>[0]>) =>
    new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ hostname: '127.0.0.1', port: 0, fetch: (request, env) => handle(request, env as HttpBindings), ...options }, () =>
        resolve(started),
      );
    });
  const servers: Record<Protocol, ReturnType<typeof serve>> = {
    // node:http's server: HTTP/1.1, keep-alive.
    h1: await listen({}),
    h2: await listen({ createServer: createSecureServer, serverOptions: { ...selfSignedCertificate(), allowHTTP1: true } }),
  };
  const portOf = (protocol: Protocol) => (servers[protocol].address() as AddressInfo).port;
  const origins = { h1: `http://127.0.0.1:${portOf('h1')}`, h2: `https://127.0.0.1:${portOf('h2')}` };

  // The render path warmed at start: the entry imported, the page rendered once (the floor), then
  // asked for once over each protocol, through the whole path a request takes (the HTTP stack,
  // the handler, the answer's compression): what a first request would otherwise pay for.
  let warmup: BenchServerWarmup | null = null;
  if (warm) {
    const started = performance.now();
    await entry();
    const imported = performance.now();
    floor = html(withoutScripts(await serverPage(origins.h2)));
    await selfRequest(origins.h1, '/server/office-board.html');
    await selfRequest(origins.h2, '/server/office-board.html');
    warmup = {
      importMs: Math.round(imported - started),
      renderMs: Math.round(performance.now() - imported),
      rendered: ['/server/office-board.html', `${PROTOCOL_NAMES.h1} GET /server/office-board.html`, `${PROTOCOL_NAMES.h2} GET /server/office-board.html`],
    };
    sandbox.reset();
  }
  return {
    origin: origins.h2,
    origins,
    warmup,
    reset: () => sandbox.reset(),
    serverPageBytes: async () => {
      sandbox.reset();
      const rendered = await serverPage(origins.h2);
      const answers = /<script type="application\/json" data-lk-answers>[\s\S]*?<\/script>/.exec(rendered)?.[0] ?? '';
      const shadow = /<template shadowrootmode="open">[\s\S]*<\/template>/.exec(rendered)?.[0] ?? '';
      return {
        serverHtmlGzip: gzipSync(rendered, { level: 9 }).length,
        // As served: with its first-content hints, as the server page has its preloads.
        clientHtmlGzip: (examplePage(new Request(`${origins.h2}/examples/office-board.html`), load(examples, 'office-board.html')) as StaticFile).gzip.length,
        answersRaw: Buffer.byteLength(answers),
        answersGzip: gzipSync(answers, { level: 9 }).length,
        shadowRootRaw: Buffer.byteLength(shadow),
      };
    },
    stop: () =>
      Promise.all([
        twilio.close(),
        ...Object.values(servers).map(
          (server) =>
            new Promise<void>((resolve) => {
              // Event streams keep connections open: end them too.
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
              server.close(() => resolve());
            }),
        ),
      ]).then(() => undefined),
  };
}
