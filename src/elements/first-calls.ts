/**
 * The gateway calls each tag (and each route of `<lead-app>`) makes first, so the CDN loader can
 * send them beside the code instead of after it (gateway/started-first-calls.ts). Build-time only: the CDN
 * build turns this table into recipes (`firstCallRecipes`) by running the widgets' own request
 * functions through the real gateway client with sentinel ids, and the loader fills the recipes
 * from the element's attributes or the route in the URL. The caller — `X-Caller-Id` — is always
 * the element's `sp-id` (provider auth; `auth-mode="one-time"` or a `gateway`/`auth` property
 * sends nothing early).
 */
import { ARCHIVED_QUERY } from '../domain/routes';
import { createGatewayClient, type GatewayClient } from '../gateway/client';
import { HEADERS } from '../gateway/headers';
import { APP_ROUTES } from '../widgets/lead-app/lead-app-routes';
import { boardFirstCalls } from '../widgets/lead-board/board-request';
import { leadPageFirstCalls } from '../widgets/lead-page/lead-page-atoms';
import { threadFirstCalls } from '../widgets/message-thread/thread-atoms';
import { WHOLE_NUMBER } from '../contract/parse-attribute';
import type { LeadkitTag } from '../contract/tags';

export interface FirstCalls {
  /**
   * Where each id comes from: `sp-id` an attribute of the tag, `:serviceProviderId` a segment
   * of the route, `?leadId` a query parameter of the page's URL. Each must be a whole number
   * (contract/parse-attribute.ts `WHOLE_NUMBER`, as for a number attribute).
   */
  readonly ids: readonly string[];
  /** Attributes (or `?query` parameters) that change the first calls: with one present nothing is sent early. */
  readonly unless: readonly string[];
  readonly send: (client: GatewayClient, ids: readonly number[]) => readonly Promise<unknown>[];
}

export const FIRST_CALLS: {
  readonly tags: Partial<Record<LeadkitTag, FirstCalls>>;
  /** A route's calls are those of a tag's widget, with the ids from the URL. */
  readonly routes: Partial<Record<keyof typeof APP_ROUTES, Pick<FirstCalls, 'ids' | 'unless'> & { readonly tag: LeadkitTag }>>;
} = {
  tags: {
    'lead-board': {
      ids: ['sp-id'],
      unless: ['lead-id', 'page-size', 'new-messages'],
      send: (client, [spId]) => boardFirstCalls(client, spId as number),
    },
    'lead-page': {
      ids: ['lead-id', 'sp-id'],
      unless: ['api-version'],
      send: (client, [leadId, spId]) => leadPageFirstCalls(client, leadId as number, spId as number),
    },
    // A thread without a lead opens with other calls, and the archived one ('Message History')
    // opens no chat: nothing early for them.
    'message-thread': {
      ids: ['sp-id', 'user-id', 'lead-id'],
      unless: ['archived'],
      send: (client, [spId, userId, leadId]) => threadFirstCalls(client, spId as number, userId as number, leadId as number),
    },
  },
  routes: {
    leadBoard: { tag: 'lead-board', ids: [':serviceProviderId'], unless: ['?leadId', '?newMessages'] },
    leadPage: { tag: 'lead-page', ids: ['?leadId', '?serviceProviderId'], unless: [] },
    conversationThread: { tag: 'message-thread', ids: [':serviceProviderId', ':userId', '?leadId'], unless: [`?${ARCHIVED_QUERY}`] },
  },
};

/** One call as a template: `{0}`, `{1}`… stand for the ids, `{c}` for the provider the calls act for (and their caller id). */
export type CallTemplate = [method: string, url: string, body: string | null];

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

/** Runs a table entry through the real client, capturing what it would send (the provider's id is the caller's). */
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

/** The recipes the CDN loader carries (see vite.cdn.config.ts), made from FIRST_CALLS. */
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
      calls.push([call.method, template(call.url, entry.ids.length), call.body === null ? null : template(call.body, entry.ids.length)]);
    }
    return { ids: [...entry.ids], unless: [...entry.unless], provider, calls };
  };
  const result: FirstCallRecipes = { headers: {}, requestId: HEADERS.requestId.toLowerCase(), idPattern: WHOLE_NUMBER.source, tags: {}, routes: {} };
  for (const [tag, entry] of Object.entries(FIRST_CALLS.tags)) result.tags[tag] = await recipe(entry);
  for (const [route, { tag, ids, unless }] of Object.entries(FIRST_CALLS.routes)) {
    const calls = FIRST_CALLS.tags[tag];
    if (!calls || calls.ids.length !== ids.length) throw new Error(`first calls: route ${route} does not fit <${tag}>'s calls`);
    result.routes[APP_ROUTES[route as keyof typeof APP_ROUTES]] = [tag, [...ids], [...unless]];
  }
  result.headers = headers ?? {};
  return result;
}
