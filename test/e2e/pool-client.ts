/**
 * An e2e file's side of the pool of servers and browsers (test/setup/e2e-pool.ts, the e2e
 * projects' globalSetup): borrow the worker's warm example server and Chromium for this file,
 * hand them back when done. Without the pool (another project, a script), a file starts its own.
 */
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { SERVER_START_TIMEOUT_MS, type ExampleServer, type ExampleServerOptions } from './example-server';

/** The variables scripts/start.ts reads: a file's (or its project's) values pick a server started with the same. */
const SERVER_ENV = [
  'SEED',
  'LATENCY_MS',
  'SKIP_BUILD',
  'CHAT_REPLY_MS',
  'CDN_FLAVOUR',
  'SANDBOX_CHAT',
  'SANDBOX_PROFILE',
  'SANDBOX_PROVIDER_TOKEN',
  'SANDBOX_PROVIDER_COOKIE',
];

function poolUrl(): string | undefined {
  try {
    return inject('e2ePool');
  } catch {
    return undefined; // not in a vitest worker
  }
}

async function call<T>(pool: string, route: string, payload?: unknown): Promise<T> {
  const response = await fetch(`${pool}${route}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(SERVER_START_TIMEOUT_MS),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`e2e pool ${route}: ${answer.error ?? response.status}`);
  return answer;
}

/** A pooled example server for this file (reset; `stop()` hands it back), or null without the pool. */
export async function leaseExampleServer({ profile = 'full', env = {} }: ExampleServerOptions = {}): Promise<ExampleServer | null> {
  const pool = poolUrl();
  if (!pool) return null;
  const inherited = Object.fromEntries(SERVER_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] as string]])));
  const { id, origin } = await call<{ id: string; origin: string }>(pool, '/lease', {
    kind: 'server',
    env: { ...inherited, ...env, SANDBOX_PROFILE: profile },
  });
  let released = false;
  return {
    origin,
    output: () => `(a pooled server: what it printed is at ${pool}/output/${id} while the run lasts)`,
    async stop() {
      if (released) return;
      released = true;
      await call(pool, '/release', { id });
    },
  };
}

/**
 * Chromium for this file: the pool's (connected; `close()` closes this file's contexts and hands
 * it back), or one launched for it without the pool.
 */
export async function e2eBrowser(): Promise<Browser> {
  const pool = poolUrl();
  if (!pool) return launchChromium();
  const { id, wsEndpoint } = await call<{ id: string; wsEndpoint: string }>(pool, '/lease', { kind: 'browser' });
  const browser = await chromium.connect(wsEndpoint, { timeout: SERVER_START_TIMEOUT_MS });
  browser.once('disconnected', () => {
    void call(pool, '/release', { id }).catch(() => {});
  });
  return browser;
}
