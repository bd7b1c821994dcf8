/**
 * Schema fuzzing (docs/reliability.md): every response schema of every gateway call, fed generated
 * answers through the real client (ofetch, the size limit, valibot): no exception escapes the
 * client — a call resolves with a value its schema accepts, or rejects with a GatewayError — and
 * nothing pollutes Object.prototype. The widgets' error states and their 'Try again' after such an
 * answer are tested with each widget (lead-board, lead-page, message-thread tests).
 *
 * Generated: fc.anything / fc.jsonValue, values shaped after the schema itself (from its
 * valibot description) and then mutated (a field replaced, removed or wrapped), and objects with
 * `__proto__` / `constructor` / `prototype` keys. Fixed per schema: a 10⁵-element array, a 1 MB
 * string, an HTML page and truncated JSON with a JSON content type, an empty body.
 * 2,000 generated answers per schema here; `npm run soak` (SOAK=1) runs 100,000.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayClient } from '../../src/gateway/core/client';
import { isGatewayError } from '../../src/gateway/core/errors';

const RUNS = process.env.SOAK ? 100_000 : 2_000;
const GATEWAY = path.resolve(__dirname, '../../src/gateway');

type AnySchema = v.GenericSchema;
const isSchema = (value: unknown): value is AnySchema => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

/**
 * Every exported valibot schema of the gateway modules, by export name: each module of
 * src/gateway (a schema is exported by the module that declares it, wherever that is).
 */
const EXPORTED = new Map<string, AnySchema>();
const GATEWAY_MODULES = import.meta.glob<Record<string, unknown>>(['../../src/gateway/**/*.ts', '!**/*.test.ts'], { eager: true });
for (const module of Object.values(GATEWAY_MODULES)) {
  for (const [name, value] of Object.entries(module)) if (isSchema(value)) EXPORTED.set(name, value);
}

/** The response schemas the calls name (`response: s.X` / `response: X` in the gateway sources). */
function responseSchemaNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (!entry.includes('.')) walk(full);
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/\bresponse: (?:\w+\.)?([A-Z]\w*Schema)\b/g)) names.add(match[1]!);
      }
    }
  };
  walk(GATEWAY);
  return [...names].sort();
}

// ---- answers shaped after a schema ---------------------------------------------------------------

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
  literal?: unknown;
}

/** A value of the schema's shape (its pipe's checks — lengths, patterns — may or may not hold). */
function shaped(schema: SchemaNode, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  switch (schema.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return fc.record(Object.fromEntries(Object.entries(schema.entries ?? {}).map(([key, entry]) => [key, shaped(entry, depth + 1)])), { requiredKeys: [] });
    case 'array':
      return fc.array(shaped(schema.item!, depth + 1), { maxLength: 4 });
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return fc.oneof(shaped(schema.wrapped!, depth + 1), fc.constant(null), fc.constant(undefined));
    case 'picklist':
      return fc.constantFrom(...((schema.options as unknown[]) ?? [null]));
    case 'union':
    case 'variant':
      return fc.oneof(...((schema.options as SchemaNode[]) ?? []).map((option) => shaped(option, depth + 1)));
    case 'literal':
      return fc.constant(schema.literal);
    case 'string':
      return fc.oneof(fc.string(), fc.constantFrom('', '2026-11-23T04:00:00.000Z', '80202', 'https://example.com/x', '<img src=x onerror=alert(1)>'));
    case 'number':
      return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1001, Number.MAX_SAFE_INTEGER));
    case 'boolean':
      return fc.boolean();
    default:
      return fc.anything();
  }
}

/** Replaces, removes or wraps one field of a shaped value (or the whole of it). */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat(), fc.constantFrom('replace', 'remove', 'wrap'), fc.anything()).map(([value, pick, how, other]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return how === 'wrap' ? [value] : other;
    const keys = Object.keys(value);
    if (keys.length === 0) return other;
    const key = keys[pick % keys.length]!;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (how === 'remove') delete copy[key];
    else copy[key] = how === 'wrap' ? [copy[key]] : other;
    return copy;
  });
}

/** JSON texts with keys that would pollute a prototype if merged naively. */
const polluting = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue())
  .map(([key, value]) => `{"${key}":{"polluted":true,"prototype":{"polluted":true}},"serviceProviders":[],"leads":[],"value":${JSON.stringify(value)}}`);

function answers(schema: AnySchema): fc.Arbitrary<string> {
  const shape = shaped(schema as unknown as SchemaNode);
  return fc.oneof(
    { arbitrary: fc.anything().map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 2 },
    { arbitrary: shape.map((value) => JSON.stringify(value) ?? 'null'), weight: 3 },
    { arbitrary: mutated(shape).map((value) => JSON.stringify(value) ?? 'null'), weight: 3 },
    { arbitrary: polluting, weight: 1 },
    { arbitrary: fc.string().map((text) => `{"truncated": "${text}`), weight: 1 },
  );
}

/** Answers no generator should be relied on to find: huge, HTML, truncated, empty. */
const FIXED: readonly [name: string, body: () => string][] = [
  ['a 10⁵-element array', () => JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ id: i })))],
  ['a 1 MB string', () => JSON.stringify({ value: 'x'.repeat(1024 * 1024) })],
  ['an HTML page', () => '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>'],
  ['truncated JSON', () => '{"leads":[{"leadId":1,"customerInfo":{"firstName":"Ann'],
  ['an empty body', () => ''],
];

// ---- the client under fuzz -----------------------------------------------------------------------

let body = '';
const client = createGatewayClient({
  baseURL: '',
  auth: { kind: 'provider', spId: 1001 },
  fetch: (async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch,
  retry: { retries: 0 },
});

/** What a call with this answer ends in: a value the schema accepts, or a GatewayError. Anything else escaped. */
async function outcome(schema: AnySchema, answer: string): Promise<'value' | 'gateway-error'> {
  body = answer;
  try {
    const value = await client.request({ operation: 'fuzz', method: 'GET', path: '/gateway/fuzz', response: schema });
    expect(v.safeParse(schema, value).success).toBe(true);
    return 'value';
  } catch (error) {
    if (isGatewayError(error)) return 'gateway-error';
    throw error;
  }
}

const NAMES = responseSchemaNames();

// Nothing written to the console by a hostile answer (a host's console is not ours to fill).
const consoleCalls: unknown[][] = [];
beforeAll(() => {
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push([method, ...args]));
});

afterAll(() => {
  expect(consoleCalls).toEqual([]);
  vi.restoreAllMocks();
  // No answer reached Object.prototype.
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

// Generous limits: thousands of answers per test, and the suite must pass on a busy machine.
describe('response fuzzing', { timeout: process.env.SOAK ? 3_600_000 : 60_000 }, () => {
  it('covers every response schema the calls name', () => {
    expect(NAMES.length).toBeGreaterThan(25);
    expect(NAMES.filter((name) => !EXPORTED.has(name))).toEqual([]);
  });

  describe.each(NAMES)('%s', (name) => {
    const schema = EXPORTED.get(name)!;

    it(`${RUNS} generated answers: a value it accepts, or a GatewayError — never another exception`, async () => {
      const seen = { value: 0, 'gateway-error': 0 };
      await fc.assert(
        fc.asyncProperty(answers(schema), async (answer) => {
          seen[await outcome(schema, answer)]++;
        }),
        { numRuns: RUNS },
      );
      expect(seen.value + seen['gateway-error']).toBeGreaterThanOrEqual(RUNS);
    });

    it.each(FIXED)('%s is a GatewayError (or a value it accepts)', async (_, make) => {
      expect(['value', 'gateway-error']).toContain(await outcome(schema, make()));
    });
  });
});
