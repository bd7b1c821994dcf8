/**
 * globalSetup of the e2e projects (vitest.config.ts): a pool of example servers and Chromiums
 * that e2e files borrow and hand back, so a worker runs file after file on one warm server and
 * one browser instead of starting both per file (≈ 32 files: each start cost seconds of two busy
 * cores, and the server's first server render compiled src/ through Vite again).
 *
 * It runs in vitest's main process and answers the workers over HTTP on 127.0.0.1 (its URL is
 * `inject('e2ePool')`; test/e2e/pool-client.ts is the other side):
 *   POST /lease  { kind: 'server', env }  → { id, origin }      a server of that environment, reset
 *   POST /lease  { kind: 'browser' }      → { id, wsEndpoint }  a Chromium (playwright's launchServer)
 *   POST /release { id }                  the file is done with it (it goes back to the pool)
 *   GET  /output/<id>                     what that server printed (for failure messages)
 * A lease is one file's alone: a pooled server or browser is never shared by two files at once
 * (the sandbox is one store; faults and resets of one file must not reach another), so there are
 * at most as many of each as files run at once, per environment. A server is reset (POST
 * /sandbox/reset: data, faults, recorded requests, chat) when it is lent; a browser is lent with
 * no context (closing the connection closes the contexts the file made).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../helpers/browser';
import { spawnExampleServer, type ExampleServer } from '../e2e/example-server';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePool?: string;
  }
}

type Pooled = { id: string; busy: boolean } & ({ kind: 'server'; key: string; server: ExampleServer } | { kind: 'browser'; browser: BrowserServer });

/** One pool for the whole run (the e2e and e2e-lite projects both call setup). */
let running: { url: string; close(): Promise<void>; users: number } | undefined;

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function startPool(): Promise<NonNullable<typeof running>> {
  const items: Pooled[] = [];
  let next = 0;

  /** A free server of this environment, reset; or a new one. */
  const leaseServer = async (env: Record<string, string>): Promise<Pooled & { kind: 'server' }> => {
    const key = JSON.stringify(Object.entries(env).sort());
    for (const item of items) {
      if (item.kind !== 'server' || item.busy || item.key !== key) continue;
      item.busy = true;
      const reset = await fetch(`${item.server.origin}/sandbox/reset`, { method: 'POST' }).then(
        (response) => response.ok,
        () => false,
      );
      if (reset) return item;
      // Gone or broken: out of the pool.
      items.splice(items.indexOf(item), 1);
      await item.server.stop();
    }
    const { SANDBOX_PROFILE: profile, ...rest } = env;
    const item: Pooled & { kind: 'server' } = {
      id: `s${(next += 1)}`,
      busy: true,
      kind: 'server',
      key,
      server: await spawnExampleServer({ profile: profile as 'full' | undefined, env: rest }),
    };
    items.push(item);
    return item;
  };

  const leaseBrowser = async (): Promise<Pooled & { kind: 'browser' }> => {
    const free = items.find((item): item is Pooled & { kind: 'browser' } => item.kind === 'browser' && !item.busy);
    if (free) {
      free.busy = true;
      return free;
    }
    const browser = await chromium.launchServer({ executablePath: resolveChromiumPath(), args: [...CHROMIUM_ARGS] });
    const item: Pooled & { kind: 'browser' } = { id: `b${(next += 1)}`, busy: true, kind: 'browser', browser };
    items.push(item);
    browser.on('close', () => {
      const at = items.indexOf(item);
      if (at >= 0) items.splice(at, 1);
    });
    return item;
  };

  const http: Server = createServer((request, response) => {
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://pool');
      if (request.method === 'POST' && url.pathname === '/lease') {
        const { kind, env } = await body(request);
        if (kind === 'server') {
          const item = await leaseServer((env ?? {}) as Record<string, string>);
          return answer(200, { id: item.id, origin: item.server.origin });
        }
        const item = await leaseBrowser();
        return answer(200, { id: item.id, wsEndpoint: item.browser.wsEndpoint() });
      }
      if (request.method === 'POST' && url.pathname === '/release') {
        const { id } = await body(request);
        const item = items.find((candidate) => candidate.id === id);
        if (item) item.busy = false;
        return answer(200, { released: Boolean(item) });
      }
      const output = /^\/output\/(\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && output) {
        const item = items.find((candidate) => candidate.id === output[1]);
        return answer(200, { output: item?.kind === 'server' ? item.server.output() : '' });
      }
      return answer(404, { error: `${request.method} ${url.pathname}` });
    })().catch((error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    users: 0,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all(items.splice(0).map((item) => (item.kind === 'server' ? item.server.stop() : item.browser.close())));
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  running ??= await startPool();
  running.users += 1;
  project.provide('e2ePool', running.url);
  return async () => {
    if (!running) return;
    running.users -= 1;
    if (running.users > 0) return;
    const pool = running;
    running = undefined;
    await pool.close();
  };
}
