/**
 * The sandbox itself (it ships as a package and runs in `npm start`): every route
 * it serves, asked with hostile input — odd ids in the path, malformed or prototype-polluting JSON
 * bodies, odd query values, missing or forged caller headers — answers a 4xx (or a 2xx where the
 * input happens to be fine) with a JSON message: never a 500, never a crash, and nothing reaches
 * Object.prototype. (Bodies over the size limit: http-rules.test.ts.)
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_MEMBER_TOKEN } from './index';
import { providerHeaders, setup } from './test-helpers';

const onError = vi.fn();
const { sandbox } = setup({ onError });

/** The gateway routes the sandbox serves (its own control routes under /sandbox too). */
const ROUTES = sandbox.app.routes
  .filter((route) => route.method !== 'ALL' && route.method !== 'OPTIONS' && (route.path.startsWith('/gateway/') || route.path.startsWith('/sandbox/')))
  .map((route) => ({ method: route.method, path: route.path }))
  .filter((route, index, all) => all.findIndex((other) => other.method === route.method && other.path === route.path) === index);

const ODD_SEGMENTS = [
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  '0x10',
  'abc',
  '__proto__',
  'constructor',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%F0%9F%92%A9',
  ' ',
  "1'; DROP TABLE leads;--",
];
const ODD_BODIES = [
  '{',
  '[]',
  'null',
  '"text"',
  '1e309',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `{"leadId":"${'9'.repeat(400)}"}`,
  '{"serviceProviderId":-1,"leadIds":[null,{},[]]}',
];
const HEADER_SETS: Record<string, Record<string, string>> = {
  provider: providerHeaders(),
  'no caller type': { 'content-type': 'application/json' },
  'forged caller id': { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': 'abc' },
  'another provider': providerHeaders(1002),
  'caller type junk': { 'content-type': 'application/json', 'X-Caller-Type': '<script>', 'X-Caller-Id': '1001' },
  member: { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` },
  'member junk token': { 'content-type': 'application/json', 'X-Caller-Type': 'Member', Authorization: 'OneTime %00%E2%80%AE\x7f' },
};

/** The route's path with every `:param` replaced by `segment`. */
const withSegment = (path: string, segment: string) => path.replace(/:[A-Za-z]+/g, segment);

async function ask(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await sandbox.fetch(path, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  const text = await response.text();
  return { status: response.status, text };
}

/** A hostile request's answer: not a 5xx, and JSON with a message when it is a 4xx. */
function expectHandled(answer: { status: number; text: string }, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400 && answer.status !== 413) expect(JSON.parse(answer.text), what).toHaveProperty('message');
}

afterAll(() => {
  expect(onError).not.toHaveBeenCalled();
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

// Generous limits: many requests per test, and the suite must pass on a busy machine.
describe('the sandbox under hostile requests', { timeout: 60_000 }, () => {
  it('serves enough routes for the check to mean something', () => {
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  it.each(ROUTES)('$method $path: odd path ids, odd bodies, forged callers → 4xx JSON, never a 500', async ({ method, path }) => {
    const hasParams = path.includes(':');
    for (const segment of hasParams ? ODD_SEGMENTS : ['']) {
      const url = hasParams ? withSegment(path, segment) : path;
      for (const [name, headers] of Object.entries(HEADER_SETS)) {
        expectHandled(await ask(method, url, headers, '{}'), `${method} ${url} (${name})`);
      }
      for (const body of method === 'GET' ? [] : ODD_BODIES) {
        expectHandled(await ask(method, url, HEADER_SETS.provider!, body), `${method} ${url} body ${body.slice(0, 40)}`);
      }
    }
  });

  it('random query strings and path segments on every route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.string({ maxLength: 30 }),
        fc.dictionary(
          fc.constantFrom(
            'serviceProviderId',
            'leadId',
            'leadIds',
            'limit',
            'offset',
            'interactorId',
            'activityTypes',
            'categoryId',
            'postalCode',
            'pageSize',
            '__proto__',
          ),
          fc.string({ maxLength: 20 }),
        ),
        fc.constantFrom(...Object.keys(HEADER_SETS)),
        async (route, segment, query, headerSet) => {
          const url = `${withSegment(route.path, encodeURIComponent(segment) || 'x')}?${new URLSearchParams(query).toString()}`;
          expectHandled(await ask(route.method, url, HEADER_SETS[headerSet]!, '{}'), `${route.method} ${url}`);
        },
      ),
      { numRuns: process.env.SOAK ? 20_000 : 500 },
    );
  });
});
