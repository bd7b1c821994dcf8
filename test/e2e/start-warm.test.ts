/**
 * `npm start` (scripts/start.ts) warms its render path before it serves: every server-rendered
 * page is rendered once at start (scripts/server-pages.ts warmServerPages) — leadkit/server
 * compiled through Vite and imported, the first screens' lazy parts loaded — so its first request
 * is not the one that pays for it. Observed in what it prints: the warm-up, whole, before its URL.
 * A server of its own (not the pool's: its start is what is checked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARM_PAGES } from '../../scripts/server-pages';
import { spawnExampleServer, SERVER_START_TIMEOUT_MS, type ExampleServer } from './example-server';

let server: ExampleServer;
beforeAll(async () => {
  server = await spawnExampleServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server?.stop());

describe('npm start at start', () => {
  it('renders every server-rendered page once before it prints its URL, the sandbox reset after', async () => {
    const lines = server.output().split('\n');
    const warm = lines.findIndex((line) => line.startsWith('start: server rendering warm:'));
    const url = lines.findIndex((line) => line.startsWith('leadkit examples: '));
    expect(warm, server.output()).toBeGreaterThanOrEqual(0);
    expect(warm).toBeLessThan(url);
    expect(lines[warm]).toMatch(new RegExp(`^start: server rendering warm: ${WARM_PAGES.length} pages rendered at start in [\\d.]+ s$`));
    // The warm-up's calls are not in the sandbox's log: the first visitor finds it as seeded.
    const { requests } = (await (await fetch(`${server.origin}/sandbox/requests`)).json()) as { requests: unknown[] };
    expect(requests).toEqual([]);
  });
});
