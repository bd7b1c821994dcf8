/**
 * The CDN loader's recipes for the gateway calls each tag (and each route of `<lead-app>`) makes
 * first, so it can send them beside the code instead of after it (gateway/started-first-calls.ts).
 * Build-time only (vite.cdn.config.ts, `virtual:leadkit/first-calls`): each widget's first calls
 * are its server half's (`firstCalls` in `src/widgets/<name>/<name>.server.ts`, bound to their
 * tags by src/server/server-widgets.ts); they run here through the real gateway client with
 * sentinel ids, and the loader fills the recipes from the element's attributes or the route in
 * the URL. The caller — `X-Caller-Id` — is always the element's `sp-id` (provider auth;
 * `auth-mode="one-time"` or a `gateway`/`auth` property sends nothing early).
 */
import { createGatewayClient } from '../gateway/core/client';
import { HEADERS } from '../gateway/core/headers';
import { APP_ROUTES, ROUTE_WIDGETS } from '../widgets/lead-app/lead-app-routes';
import { WHOLE_NUMBER } from '../contract/parse-attribute';
import type { FirstCalls } from '../runtime/widget-server';
import { SERVER_WIDGETS } from '../server/server-widgets';
import { CHAT_SESSION_PATH } from '../gateway/message-center/chat-session';
import type { InventedCall } from '../gateway/not-offered';

/** The invented calls a widget may make first, by their path (the chat session, C1). */
const INVENTED_FIRST_CALLS: Readonly<Record<string, InventedCall>> = { [CHAT_SESSION_PATH]: 'C1' };

/**
 * One call as a template: `{0}`, `{1}`… stand for the ids, `{c}` for the provider the calls act for
 * (and their caller id); a call leadkit invented carries its name (gateway/not-offered.ts), so the
 * loader leaves it out where the gateway answered that it does not offer it.
 */
export type CallTemplate = [method: string, url: string, body: string | null, invented?: InventedCall];

export interface FirstCallRecipe {
  ids: string[];
  unless: string[];
  /** Which of `ids` is the provider (`{c}`): the element's `sp-id`, a route's provider. */
  provider: number;
  calls: CallTemplate[];
}

/** A route's recipe: the tag whose calls it makes, where its ids come from, what stops it. */
export type RouteRecipe = [tag: string, ids: string[], unless: string[]];

export interface FirstCallRecipes {
  /** Headers of every call (`X-Request-Id` is made per call; `content-type` goes with a body). */
  headers: Record<string, string>;
  /** The request id header's name (its value is made per call). */
  requestId: string;
  /** The rule an id follows (`WHOLE_NUMBER.source`, the contract's: the loader reads ids as the elements do). */
  idPattern: string;
  tags: Record<string, FirstCallRecipe>;
  /** By the route's pattern (APP_ROUTES). */
  routes: Record<string, RouteRecipe>;
}

const CALLER = 970_000_000;
const sentinel = (index: number) => CALLER + 1 + index;

/** Replaces each sentinel with its placeholder; fails when one is left or a value is not covered. */
function template(text: string, ids: number): string {
  let result = text.replaceAll(String(CALLER), '{c}');
  for (let i = 0; i < ids; i++) result = result.replaceAll(String(sentinel(i)), `{${i}}`);
  if (/97000000\d/.test(result)) throw new Error(`first calls: a sentinel is left in ${result}`);
  return result;
}

interface Captured {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
}

/** Runs a widget's first calls through the real client, capturing what it would send (the provider's id is the caller's). */
async function capture(entry: FirstCalls, provider: number): Promise<Captured[]> {
  const captured: Captured[] = [];
  const client = createGatewayClient({
    baseURL: '',
    auth: { kind: 'provider', spId: CALLER },
    retry: { retries: 0 },
    fetch: async (input, init) => {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      captured.push({ method: init?.method ?? 'GET', url: String(input), body: typeof init?.body === 'string' ? init.body : null, headers });
      throw new Error('captured');
    },
  });
  const calls = entry.send(
    client,
    entry.ids.map((_, i) => (i === provider ? CALLER : sentinel(i))),
  );
  await Promise.allSettled(calls);
  if (captured.length !== calls.length) throw new Error(`first calls: ${calls.length} calls, ${captured.length} sent`);
  return captured;
}

/** The recipes the CDN loader carries (see vite.cdn.config.ts), made from each widget's first calls. */
export async function firstCallRecipes(): Promise<FirstCallRecipes> {
  let headers: Record<string, string> | null = null;
  const recipe = async (entry: FirstCalls): Promise<FirstCallRecipe> => {
    const calls: CallTemplate[] = [];
    const provider = entry.ids.indexOf('sp-id');
    if (provider < 0) throw new Error('first calls: no sp-id among the ids');
    for (const call of await capture(entry, provider)) {
      const { [HEADERS.requestId.toLowerCase()]: requestId, 'content-type': contentType, ...rest } = call.headers;
      if (!requestId) throw new Error('first calls: no request id');
      if ((call.body === null) !== (contentType === undefined)) throw new Error(`first calls: content-type ${contentType} with body ${call.body}`);
      const shared = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, template(value, entry.ids.length)]));
      if (headers === null) headers = shared;
      else if (JSON.stringify(headers) !== JSON.stringify(shared)) throw new Error('first calls: calls with different headers');
      const url = template(call.url, entry.ids.length);
      const invented = INVENTED_FIRST_CALLS[url.split('?')[0] ?? ''];
      const body = call.body === null ? null : template(call.body, entry.ids.length);
      calls.push(invented ? [call.method, url, body, invented] : [call.method, url, body]);
    }
    return { ids: [...entry.ids], unless: [...entry.unless], provider, calls };
  };
  const result: FirstCallRecipes = { headers: {}, requestId: HEADERS.requestId.toLowerCase(), idPattern: WHOLE_NUMBER.source, tags: {}, routes: {} };
  for (const [tag, server] of Object.entries(SERVER_WIDGETS)) if (server.firstCalls) result.tags[tag] = await recipe(server.firstCalls);
  for (const [route, { ids, unless }] of Object.entries(SERVER_WIDGETS['lead-app']?.routes ?? {})) {
    const tag = ROUTE_WIDGETS[route as keyof typeof ROUTE_WIDGETS];
    const calls = SERVER_WIDGETS[tag]?.firstCalls;
    if (!calls || calls.ids.length !== ids.length) throw new Error(`first calls: route ${route} does not fit <${tag}>'s calls`);
    result.routes[APP_ROUTES[route as keyof typeof APP_ROUTES]] = [tag, [...ids], [...unless]];
  }
  result.headers = headers ?? {};
  return result;
}
