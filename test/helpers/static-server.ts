/**
 * A plain static file server (node:http, no framework, nothing Storybook-specific): what any
 * host of the docs site has. GET/HEAD of a file under `dir`, `/` → index.html, 404 otherwise.
 * With `base` (e.g. `/leadkit/`, a GitHub project page) the folder is served under that path
 * only, as such a host serves it: `/leadkit` redirects to `/leadkit/`, and any other path is a 404
 * (a page asking for `/assets/…` instead of a relative address fails).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticServer {
  /** e.g. http://127.0.0.1:39123 (no trailing slash). */
  readonly origin: string;
  /** Where the folder is served: the origin and the base path (with a trailing slash). */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveStatic(dir: string, { base = '/' }: { base?: string } = {}): Promise<StaticServer> {
  const folder = path.resolve(dir);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (`${pathname}/` === prefix) {
      response.writeHead(301, { location: prefix }).end();
      return;
    }
    const relative = pathname.startsWith(prefix) ? pathname.slice(prefix.length - 1) : null;
    const file = relative === null ? '' : path.join(folder, relative.endsWith('/') ? `${relative}index.html` : relative);
    const inside = file === folder || file.startsWith(folder + path.sep);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !inside || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
