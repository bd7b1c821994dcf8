/**
 * A small HTTP proxy in front of the example server, for the engines suite. It gives every
 * engine the same two things, which WebDriver (WebKit) has no command for:
 * - the page instrumentation before any page script: each HTML answer gets
 *   `<script src="/__engines/instrument.js">` first in its <head> — a same-origin script, so
 *   the strict-CSP page (script-src 'self') runs it too and reports any violation;
 * - what the server received: method, path and body of every request, from the wire.
 * Everything else passes through untouched (streamed: the chat's server-sent events too).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INSTRUMENT } from './in-page';

export const INSTRUMENT_PATH = '/__engines/instrument.js';
const TAG = `<script src="${INSTRUMENT_PATH}"></script>`;

export interface ReceivedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** The query, with its '?', or ''. */
  search: string;
  body: string;
  /** The upstream answer's status (undefined while pending or when the page aborted it). */
  status?: number;
  headers: IncomingHttpHeaders;
}

export interface RecordingProxy {
  readonly origin: string;
  /** Requests whose body was received in full, oldest first. */
  received(): ReceivedRequest[];
  /** JSON bodies of the POSTs to exactly this path, oldest first. */
  posted(path: string): unknown[];
  /** Forgets the requests so far (a new test); refuses and cuts nothing any more. */
  clear(): void;
  /**
   * Drops the connection of every request whose path ends with `suffix`, or that `match` accepts
   * (a chunk that does not arrive, a gateway out of reach: a network error, no answer) until the
   * returned function is called.
   */
  refuse(suffixOrMatch: string | ((path: string) => boolean)): () => void;
  /**
   * Cuts the answer of every request whose path ends with `suffix`, or that `match` accepts, in
   * the middle of its body: the status, the headers and the body's first half are sent, then the
   * connection drops (as when the network goes mid-answer, or a page is left while it arrives)
   * until the returned function is called.
   */
  cut(suffixOrMatch: string | ((path: string) => boolean)): () => void;
  stop(): Promise<void>;
}

/** Puts the instrumentation tag first in the <head> (or first in the document). */
export function instrumentHtml(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + TAG + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return html.slice(0, at) + TAG + html.slice(at);
}

export async function startRecordingProxy(upstreamOrigin: string): Promise<RecordingProxy> {
  const upstream = new URL(upstreamOrigin);
  const log: (ReceivedRequest & { complete: boolean })[] = [];
  const refused = new Set<(path: string) => boolean>();
  const cut = new Set<(path: string) => boolean>();
  const matcher = (suffixOrMatch: string | ((path: string) => boolean)) =>
    typeof suffixOrMatch === 'string' ? (path: string) => path.endsWith(suffixOrMatch) : suffixOrMatch;
  /** This proxy's origin, once it listens (the pages' `Origin`). */
  let ownOrigin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (url.pathname === INSTRUMENT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(INSTRUMENT);
      return;
    }
    const entry = {
      method: req.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: '',
      headers: req.headers,
      complete: false,
    } as ReceivedRequest & { complete: boolean };
    log.push(entry);
    if ([...refused].some((match) => match(url.pathname))) {
      // The connection drops (as on a phone losing its network): no answer at all.
      entry.complete = true;
      req.socket.destroy();
      return;
    }
    // The server sees its own host, and its own origin for the pages' calls: a transparent proxy
    // (the sandbox answers its own pages only: packages/sandbox/README.md#who-may-call-it).
    const headers = { ...req.headers, host: upstream.host, ...(req.headers.origin === ownOrigin ? { origin: upstream.origin } : {}) };
    // Plain bodies (HTML is rewritten); and no revalidation of HTML against a rewritten copy.
    delete headers['accept-encoding'];
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    const chunks: Buffer[] = [];
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      entry.status = answer.statusCode;
      const type = String(answer.headers['content-type'] ?? '');
      if ([...cut].some((match) => match(url.pathname))) {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const body = Buffer.concat(parts);
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': String(body.length) });
          res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.destroy(), 50));
        });
        return;
      }
      if (!type.startsWith('text/html')) {
        // Each page asks for its code again (hashed chunks are immutable to browsers): a test can
        // refuse a chunk an earlier test of the file already loaded.
        const out =
          url.pathname.startsWith('/cdn/') || url.pathname.startsWith('/examples/') ? { ...answer.headers, 'cache-control': 'no-store' } : answer.headers;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        return;
      }
      const parts: Buffer[] = [];
      answer.on('data', (part: Buffer) => parts.push(part));
      answer.on('end', () => {
        const body = Buffer.from(instrumentHtml(Buffer.concat(parts).toString('utf8')), 'utf8');
        const out = { ...answer.headers, 'content-length': String(body.length) };
        delete out.etag;
        delete out['last-modified'];
        delete out['transfer-encoding'];
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(body);
      });
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // The page gave up (an aborted fetch, a closed event stream): so does the proxy.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).toString('utf8');
      entry.complete = true;
    });
    req.pipe(forward);
  });
  // Many keep-alive connections from three engines: no per-socket idle cut-off surprises.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `http://127.0.0.1:${port}`;
  return {
    origin: ownOrigin,
    received: () => log.filter((entry) => entry.complete).map(({ complete: _complete, ...entry }) => entry),
    posted: (path) =>
      log
        .filter((entry) => entry.complete && entry.method === 'POST' && entry.path === path)
        .map((entry) => {
          try {
            return JSON.parse(entry.body) as unknown;
          } catch {
            return entry.body;
          }
        }),
    clear: () => {
      log.length = 0;
      refused.clear();
      cut.clear();
    },
    refuse: (suffixOrMatch) => {
      const match = matcher(suffixOrMatch);
      refused.add(match);
      return () => refused.delete(match);
    },
    cut: (suffixOrMatch) => {
      const match = matcher(suffixOrMatch);
      cut.add(match);
      return () => cut.delete(match);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
