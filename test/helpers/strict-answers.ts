import { compileRoute } from '../../packages/sandbox/src/faults';

/**
 * A fetch around the sandbox's in-process one that reshapes its answers the way a strict real
 * gateway might (issue 48 §1): the sandbox's route still runs — the change is made, as a real
 * gateway makes it — and only the answer the client reads is replaced. Each rule names a route
 * (the sandbox's fault pattern: `'POST /gateway/lead/office/v2/leads/:leadId/status'`) and what
 * the client gets instead:
 *
 * - `204`: no body at all;
 * - `'empty'`: a 200 with an empty body;
 * - `{ json }`: a 200 with that JSON (e.g. `{}`);
 * - `{ reshape }`: a 200 with the sandbox's JSON answer changed by the function (nulls for
 *   optional fields, unknown extra fields, a variant spelling…);
 * - `{ status }`: that status with a `{ message }` body (a 404 "not offered"…).
 */
export type StrictAnswer = 204 | 'empty' | { json: unknown } | { reshape: (answer: unknown) => unknown } | { status: number };

export interface StrictRule {
  route: string;
  answer: StrictAnswer;
}

export function strictAnswers(fetch: typeof globalThis.fetch, rules: readonly StrictRule[]): typeof globalThis.fetch {
  const compiled = rules.map((rule) => ({ matches: compileRoute(rule.route), answer: rule.answer }));
  return async (input, init) => {
    const request = new Request(typeof input === 'string' && input.startsWith('/') ? `http://sandbox.test${input}` : input, init);
    const path = new URL(request.url).pathname;
    const rule = compiled.find(({ matches }) => matches(request.method, path));
    if (rule && typeof rule.answer === 'object' && 'status' in rule.answer) {
      return new Response(JSON.stringify({ message: 'Not Found' }), { status: rule.answer.status, headers: { 'content-type': 'application/json' } });
    }
    const response = await fetch(input, init);
    if (!rule || response.status < 200 || response.status >= 300) return response;
    const answer = rule.answer as Exclude<StrictAnswer, { status: number }>;
    if (answer === 204) return new Response(null, { status: 204 });
    if (answer === 'empty') return new Response('', { status: 200 });
    const json = 'json' in answer ? answer.json : answer.reshape(await response.json());
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** A JSON value with unknown extra fields added to every object in it (deep), as a gateway with more fields sends. */
export function withExtraFields<T>(value: T, extra: Record<string, unknown> = { gatewayOnly: 'x', nested: { a: 1 } }): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withExtraFields(item, extra)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = { ...extra };
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) copy[key] = withExtraFields(item, extra);
  return copy as T;
}

/**
 * Lead 300013's review pre-fill as the spec's gateway variant of a review request (§3:
 * `emailAddress`, the lead's categories as ids, `descriptionOfWork`, `workCompleted`), with the
 * nulls a strict gateway sends — what the sandbox's spec-variants profile answers.
 */
export const REVIEW_PREFILL_GATEWAY_VARIANT = {
  serviceProviderId: 1001,
  postalCode: '80210',
  emailAddress: 'priya.patel@example.com',
  phoneNumber: '7205550178',
  firstName: 'Priya',
  lastName: 'Patel',
  descriptionOfWork: null,
  workCompleted: null,
  categories: [10102],
} as const;
