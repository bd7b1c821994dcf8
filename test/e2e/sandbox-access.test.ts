/**
 * `npm start` (scripts/start.ts) answers its own pages only (issue 77, F6;
 * packages/sandbox/README.md#who-may-call-it): a `Host` that is no loopback name — a web page's
 * own DNS name pointed at 127.0.0.1 (DNS rebinding) — is refused on every path; a page of another
 * origin gets 403 and no CORS header under /gateway, /sandbox (the Twilio stand-in's controls
 * too) and /host-stand-in, the provider token above all; the example pages and the CDN files stay
 * public. The sandbox's own tests check the rules one by one (packages/sandbox/src/local-access.test.ts);
 * this checks the server that serves them beside the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHECKED_PROVIDER_TOKEN } from '../../packages/sandbox/src/routes/host-stand-in';
import { rawRequest, type RawAnswer } from '../helpers/raw-request';
import type { ExampleServer } from './example-server';
import { startExampleServer } from './harness';

const EVIL = 'https://evil.example';
const PROVIDER_CALL = '/gateway/service-provider-profile/v1/service_provider/1001/categories';
const PROVIDER_HEADERS = { 'x-caller-type': 'ServiceProvider', 'x-caller-id': '1001' };

let server: ExampleServer;
let port = 0;
beforeAll(async () => {
  server = await startExampleServer();
  port = Number(new URL(server.origin).port);
});
afterAll(() => server?.stop());

/** A request with any Host header (fetch sets its own); a POST sends `{}`. */
const send = (path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> =>
  rawRequest(port, { method, path, headers, body: method === 'POST' ? '{}' : undefined });

describe('npm start: who may call it', () => {
  it('refuses a rebinding Host on every path — pages, CDN files, the gateway — saying what to set', async () => {
    for (const path of ['/', '/examples/cms.html', '/cdn/leadkit.js', PROVIDER_CALL, '/sandbox/requests']) {
      const answer = await send(path, { headers: { host: `evil.example:${port}`, ...PROVIDER_HEADERS } });
      expect(answer.status, path).toBe(403);
      expect((JSON.parse(answer.body) as { message: string }).message).toContain('SANDBOX_ALLOWED_ORIGINS');
    }
  });

  it('refuses a page of another origin under /gateway, /sandbox and /host-stand-in: 403, no CORS, no token', async () => {
    // The provider token stand-in answers its own pages (what the page above is refused).
    const own = await send('/host-stand-in/provider-token', { method: 'POST', headers: { origin: server.origin, 'content-type': 'application/json' } });
    expect(JSON.parse(own.body)).toEqual({ token: UNCHECKED_PROVIDER_TOKEN });
    const refused = [
      await send(PROVIDER_CALL, { headers: { origin: EVIL, ...PROVIDER_HEADERS } }),
      await send(PROVIDER_CALL, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'GET' } }),
      await send('/sandbox/requests', { headers: { origin: EVIL } }),
      await send('/sandbox/twilio/requests', { headers: { origin: EVIL } }),
      await send('/host-stand-in/provider-token', { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain' } }),
    ];
    for (const answer of refused) {
      expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([403, undefined]);
      expect(answer.body).not.toContain(UNCHECKED_PROVIDER_TOKEN);
    }
  });

  it('answers its own pages under another loopback name (localhost) with CORS, and serves pages and CDN files to any origin without CORS', async () => {
    const own = `http://localhost:${port}`;
    const call = await send(PROVIDER_CALL, { headers: { host: `localhost:${port}`, origin: own, ...PROVIDER_HEADERS } });
    expect([call.status, call.headers['access-control-allow-origin'], call.headers['access-control-allow-credentials']]).toEqual([200, own, 'true']);
    for (const path of ['/examples/cms.html', '/cdn/leadkit.js']) {
      const file = await send(path, { headers: { origin: EVIL } });
      expect([file.status, file.headers['access-control-allow-origin']], path).toEqual([200, undefined]);
    }
  });
});
