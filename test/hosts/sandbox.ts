/**
 * The sandbox gateway for the host fixtures, as HTTP servers on 127.0.0.1 — origins of their
 * own, so a request a widget sends to the host page's origin stands out. One sandbox (one
 * seeded store) answers on two ports: the hosts start with the first and swap their `gateway`
 * property to a client of the second, and each server logs what it received, so the runner can
 * tell which client a request went through.
 */
import type { AddressInfo } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
// The one import of the sandbox gateway in the host suite.
import { createSandboxGateway, DROP_HEADER } from '@leadkit/sandbox';

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The page's Origin header (absent on same-origin GETs). */
  origin: string | null;
  /** The Cookie header (a server forwarding its user's, or the browser's with `credentials: 'include'`). */
  cookie: string | null;
}

export interface SandboxServers {
  /** The first and the second origin, e.g. `http://127.0.0.1:41234`. */
  readonly origins: readonly [string, string];
  /** What each server received (same order as `origins`), preflights included. */
  readonly received: readonly [ReceivedRequest[], ReceivedRequest[]];
  stop(): Promise<void>;
}

type Bindings = HttpBindings | Http2Bindings;

async function listen(fetch: (request: Request, env: Bindings) => Promise<Response>) {
  return new Promise<{ origin: string; close: () => Promise<void> }>((resolve, reject) => {
    const server = serve({ hostname: '127.0.0.1', port: 0, fetch }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections from the browser would hold close() open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}

export async function startSandbox(): Promise<SandboxServers> {
  const sandbox = createSandboxGateway({
    // The host pages, the Next.js servers and the CDN are on loopback ports of their own, known
    // only as each starts: every such origin may call it (packages/sandbox/README.md#who-may-call-it).
    allowedOrigins: (origin) => /^http:\/\/127\.0\.0\.1:\d+$/.test(origin),
    chat: { customerReplies: false },
    onError: (error) => console.error('[sandbox] route error:', error),
  });
  const received: [ReceivedRequest[], ReceivedRequest[]] = [[], []];
  const handler = (log: ReceivedRequest[]) => async (request: Request, env: Bindings) => {
    const url = new URL(request.url);
    log.push({ method: request.method, path: url.pathname + url.search, origin: request.headers.get('origin'), cookie: request.headers.get('cookie') });
    const response = await sandbox.app.fetch(request, env);
    if (response.headers.has(DROP_HEADER)) (env as HttpBindings).incoming.socket.destroy(); // a dropped request (fault injection)
    return response;
  };
  const servers = await Promise.all([listen(handler(received[0])), listen(handler(received[1]))]);
  return {
    origins: [servers[0].origin, servers[1].origin],
    received,
    async stop() {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
