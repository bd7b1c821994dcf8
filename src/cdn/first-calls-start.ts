/**
 * The loader's half of "data with code" (the client's half: gateway/started-first-calls.ts): sends an
 * element's first gateway calls from their build-time recipes (cdn/first-call-recipes.ts) and
 * keeps them on the element for its gateway client to take. Part of the loader bundle, so it
 * imports types only (a value shared with the runtime would become a chunk the loader imports).
 */
import type { FirstCallRecipe, FirstCallRecipes } from './first-call-recipes';
import type { StartedFirstCall } from '../gateway/started-first-calls';

/** gateway/started-first-calls.ts's STARTED_FIRST_CALLS (a registered symbol: the same in both bundles). */
const STARTED_FIRST_CALLS = Symbol.for('leadkit.first-calls');

/** gateway/not-offered.ts's NOT_OFFERED_STORAGE_KEY: the calls a gateway answered "not offered", by its base URL. */
const NOT_OFFERED = 'leadkit:not-offered:v1';

/** The `gateway-credentials` values (contract/tags.ts HOST_ATTRIBUTES, checked equal by first-calls.test.ts): a value, not an import. */
export const CREDENTIALS: readonly RequestCredentials[] = ['same-origin', 'include', 'omit'];

/**
 * An id as the widget reads it (the contract's rule, `idPattern` of the recipes:
 * contract/parse-attribute.ts; `' 0012 '` is 12), as text; else null.
 */
export const readId = (idPattern: string, raw: string | null | undefined): string | null => {
  const match = new RegExp(idPattern).exec(raw ?? '');
  return match ? String(Number(match[1])) : null;
};

/** Each id a recipe needs, from the element, the route's params and the URL's query; null when one is missing or an `unless` is there. */
export function recipeIds(
  recipe: FirstCallRecipe,
  idPattern: string,
  element: Element,
  route: Readonly<Record<string, string>>,
  search: URLSearchParams,
): string[] | null {
  for (const name of recipe.unless) if (name[0] === '?' ? search.has(name.slice(1)) : element.hasAttribute(name)) return null;
  const values: string[] = [];
  for (const source of recipe.ids) {
    const value = readId(
      idPattern,
      source[0] === ':' ? route[source.slice(1)] : source[0] === '?' ? search.get(source.slice(1)) : element.getAttribute(source),
    );
    if (value === null) return null;
    values.push(value);
  }
  return values;
}

/**
 * gateway/started-first-calls.ts's `keepsStartedFirstCalls`, as a value of the loader's own (it
 * bundles nothing of the runtime; first-calls-start.test.ts checks the two agree): a `gateway`
 * config that only adds an `onChallenge`, for the base the recipe uses, still takes these calls.
 */
export function sameCallsGateway(gateway: unknown, gatewayUrl: string | null): boolean {
  if (typeof gateway !== 'object' || gateway === null || Object.getPrototypeOf(gateway) !== Object.prototype) return false;
  const config = gateway as Record<string, unknown>;
  if (
    !Object.keys(config).every((key) => (key === 'baseURL' && typeof config[key] === 'string') || (key === 'onChallenge' && typeof config[key] === 'function'))
  )
    return false;
  const resolve = (url: string) => new URL(url, globalThis.document?.baseURI ?? 'http://page.invalid/').href;
  return resolve((config.baseURL as string | undefined) || '/') === resolve(gatewayUrl || '/');
}

/**
 * Sends the recipe's calls for `element` and keeps them on it, unless its calls will not be
 * the recipe's: a `gateway` or `auth` property (set before the tag was defined), one-time auth,
 * no `sp-id`, an id missing, the tag already defined (the element calls by itself), or
 * the element no longer in the document.
 */
export function startFirstCalls(
  element: Element,
  { headers, requestId, idPattern, tags, routes }: FirstCallRecipes,
  route: { readonly pattern: string; readonly params: Readonly<Record<string, string>> } | null,
): void {
  const target = element as Element & { [STARTED_FIRST_CALLS]?: StartedFirstCall[] };
  const byRoute = route && routes[route.pattern];
  const own = byRoute ? tags[byRoute[0]] : tags[element.localName];
  const recipe = own && (byRoute ? { ids: byRoute[1], unless: byRoute[2], provider: own.provider, calls: own.calls } : own);
  // Defined meanwhile: the element makes its own calls. Rendered on a server (a declarative
  // shadow root): its HTML carries the answers.
  if (
    !recipe ||
    !element.isConnected ||
    element.shadowRoot ||
    customElements.get(element.localName) ||
    target[STARTED_FIRST_CALLS] ||
    // (A `gateway` config that only adds an `onChallenge` for the same gateway keeps the recipe's calls.)
    (Object.hasOwn(element, 'gateway') && !sameCallsGateway((element as { gateway?: unknown }).gateway, element.getAttribute('gateway-url'))) ||
    Object.hasOwn(element, 'auth')
  )
    return;
  // A token given as the `auth` property (a customer's, a provider's) signs the calls: none early.
  if (['one-time', 'provider-token'].includes(element.getAttribute('auth-mode') ?? '') || typeof crypto.randomUUID !== 'function') return;
  const ids = recipeIds(recipe, idPattern, element, route?.params ?? {}, new URLSearchParams(location.search));
  // Provider calls need a provider's element (its sp-id); the provider they act for is their
  // caller (a route's, under <lead-app>), as the client sends them.
  const caller = ids?.[recipe.provider];
  if (!ids || !caller || readId(idPattern, element.getAttribute('sp-id')) === null) return;
  const fill = (text: string) => text.replace(/\{(\w)\}/g, (_, key: string) => (key === 'c' ? caller : (ids[Number(key)] as string)));
  const gatewayUrl = element.getAttribute('gateway-url') ?? '';
  const base = gatewayUrl.replace(/\/+$/, '');
  // What this gateway said it does not offer (a 404 within a day, kept by the element's client under
  // its base URL): not asked again on every load. No storage, or none kept: asked.
  let notOffered: Partial<Record<string, number>> | undefined;
  try {
    notOffered = JSON.parse(localStorage[NOT_OFFERED])[gatewayUrl];
  } catch {
    // None kept, or no storage: every call is sent.
  }
  // The cookies as the element's own client sends them (`gateway-credentials`, a value of the contract's).
  const credentials = CREDENTIALS.find((mode) => mode === element.getAttribute('gateway-credentials'));
  target[STARTED_FIRST_CALLS] = recipe.calls
    .filter((call) => !((notOffered?.[call[3] ?? ''] ?? 0) > Date.now()))
    .map(([method, path, template]) => {
      const url = new URL(base + fill(path), document.baseURI).href;
      const body = template === null ? null : fill(template);
      const controller = new AbortController();
      const sent: Record<string, string> = { [requestId]: crypto.randomUUID() };
      for (const [name, value] of Object.entries(headers)) sent[name] = fill(value);
      if (body !== null) sent['content-type'] = 'application/json';
      const response = fetch(url, { method, headers: sent, body, signal: controller.signal, ...(credentials ? { credentials } : {}) });
      // Not taken (aborted when the element leaves): not an unhandled rejection.
      response.catch(() => {});
      return { method, url, body, response, controller };
    });
}

/** Aborts the element's first calls not taken yet (it left the document before its code arrived). */
export function abortFirstCalls(element: Element): void {
  for (const call of (element as Element & { [STARTED_FIRST_CALLS]?: StartedFirstCall[] })[STARTED_FIRST_CALLS]?.splice(0) ?? []) call.controller.abort();
}
