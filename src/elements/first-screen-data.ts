/**
 * A widget's first-screen data, fetched where the host's session is — a Next.js server
 * component, a route handler — without rendering anything (no React here: a React Server
 * Component's `react` has no hooks, so the first screen itself is rendered later, by
 * `leadkit/react`'s component while the page renders on the server, from this data).
 *
 *     // app/leads/page.tsx (a server component)
 *     const board = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL, headers: session } });
 *     return <Board firstScreen={board} />;   // a 'use client' component: <LeadBoard spId={1001} firstScreen={firstScreen} … />
 *
 * The data is the gateway answers of the tag's first calls (elements/first-calls.ts), with
 * what the first screen does not show left out (the board's customers' contact details), and
 * never a request's headers: it travels in the page (React's payload and the element's answers).
 */
import { createGatewayClient, type GatewayClient, type GatewayClientConfig } from '../gateway/client';
import type { ChatReader } from '../chat/chat-reader';
import { mayInline, recordingAnswers, requestPath, type ServerAnswer } from '../gateway/server-answers';
import { resolveAuth } from '../runtime/gateway-config';
import type { HostProperties } from '../contract/host-properties';
import { boardServerAnswer } from '../widgets/lead-board/server-answer';
import { threadFirstPageValue, threadServerAnswer, threadWithholds } from '../widgets/message-thread/server-answer';
import { attributeText, isAbsent, parseWholeNumber } from '../contract/parse-attribute';
import { funnelProviderValue } from '../widgets/raq-funnel/server-answer';
import { FIRST_CALLS, type FirstCalls } from './first-calls';
import { TAGS, type LeadkitTag } from '../contract/tags';
import { DEFAULT_APP_BASE } from '../domain/routes';
import { appRouteOf, routeParams, type AppRoute } from '../widgets/lead-app/lead-app-routes';

/**
 * What a first screen made on a server may carry into the page, per tag: `answer` gives an
 * answer as the page may carry it (null: not at all; absent: as answered); `withholds` names the
 * calls the server does not make at all (their data is not on the first screen, and is the
 * customer's own: the widget asks for it in the browser). Only server code applies these.
 */
interface ServerPolicy {
  readonly answer?: (answer: ServerAnswer) => ServerAnswer | null;
  readonly withholds?: (path: string) => boolean;
}

const SERVER_POLICIES: Partial<Record<LeadkitTag, ServerPolicy>> = {
  'lead-board': { answer: boardServerAnswer },
  'message-thread': { answer: threadServerAnswer, withholds: threadWithholds },
};

/** The answers of a server's first screen as they may go in the page. */
export function inlinableAnswers(tag: LeadkitTag, answers: readonly ServerAnswer[]): ServerAnswer[] {
  const inlinable = SERVER_POLICIES[tag]?.answer;
  return inlinable ? answers.flatMap((answer) => inlinable(answer) ?? []) : [...answers];
}

/** Whether a server render of `tag` leaves the call to `path` to the browser (see SERVER_POLICIES). */
export const serverWithholds = (tag: LeadkitTag, path: string): boolean => SERVER_POLICIES[tag]?.withholds?.(path) ?? false;

/** Attribute values as a host writes them (`'sp-id': 1001`); false, null or undefined: absent. */
export type AttributeValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** A tag's first-screen data: pass it as the `firstScreen` prop of its `leadkit/react` component. */
export interface FirstScreenData {
  readonly tag: LeadkitTag;
  /** The answers of its first calls (path, body, status, text), as they may go in the page. */
  readonly answers: readonly ServerAnswer[];
  /** URL of `leadkit/widgets.css` as the host serves it: linked in the shadow root (else the first screen's styles are inlined). */
  readonly stylesheet?: string;
  /** The page's CSP nonce for the inlined styles (a strict `style-src` without `unsafe-inline`). */
  readonly nonce?: string;
  /** `<lead-app>`: the page's path and query, whose route it renders. */
  readonly url?: string;
}

export interface LoadFirstScreenOptions {
  /** The element's attributes, as the component's props will give them (`'sp-id': 1001`). */
  attributes?: AttributeValues;
  /** The gateway as the server reaches it (absolute `baseURL`) with the host's session (`headers`, `fetch`). */
  gateway: Omit<GatewayClientConfig, 'auth'>;
  /** The provider's auth from the host's session; else the `sp-id` attribute's provider. */
  auth?: HostProperties['auth'];
  stylesheet?: string;
  nonce?: string;
  /** `<lead-app>`: the page's URL (path and query; an origin is ignored) — its route's first calls are made. */
  url?: string;
  /**
   * How the server reads a thread's newest messages with the session of the host's `getChatToken`
   * (`<message-thread>` and `<lead-app>`'s thread route): default the sandbox's reader when the
   * tag's `chat-service` is `sandbox`, else none — the browser reads them (Twilio: give a reader
   * of your own, see README "Server rendering").
   */
  chatReader?: ChatReader;
}

/** The page's path and query (an absolute URL's origin dropped). */
export function pageLocationOf(url: string): { path: string; search: string } {
  const parsed = new URL(url, 'http://page.invalid');
  return { path: parsed.pathname, search: parsed.search.replace(/^\?/, '') };
}

/** What `<lead-app>` shows at a page location: its route's tag and params (null: a path outside its base). */
export function appRouteAt(base: unknown, location: { path: string }): { tag: LeadkitTag; params: Record<string, string>; route: AppRoute } | null {
  const root = (typeof base === 'string' && base ? base : DEFAULT_APP_BASE).replace(/\/+$/, '');
  if (location.path !== root && !location.path.startsWith(`${root}/`)) return null;
  const path = location.path.slice(root.length) || '/';
  const route = appRouteOf(path);
  const tag = route && FIRST_CALLS.routes[route]?.tag;
  const params = route && routeParams(route, path);
  return route && tag && params ? { tag, params, route } : null;
}

/** A tag's first calls at a page: the tag whose calls they are (a route's widget), their ids, or null when none go out. */
function firstCallsAt(tag: LeadkitTag, attributes: AttributeValues, url: string | undefined): { callTag: LeadkitTag; calls: FirstCalls; ids: number[] } | null {
  // `<lead-app>` makes its route's widget's first calls, with ids from the route and the query.
  const location = url !== undefined ? pageLocationOf(url) : null;
  const routed = tag === 'lead-app' && location ? appRouteAt(attributes.base, location) : null;
  const callTag = routed?.tag ?? tag;
  const search = new URLSearchParams(location?.search ?? '');
  const sources = routed ? FIRST_CALLS.routes[routed.route] : FIRST_CALLS.tags[tag];
  const calls = FIRST_CALLS.tags[callTag];
  const valueOf = (source: string) =>
    source.startsWith(':') ? routed?.params[source.slice(1)] : source.startsWith('?') ? search.get(source.slice(1)) : attributeText(attributes[source]);
  // Each id by the contract's rule, as the element and the CDN loader read it.
  const ids = sources?.ids.map((source) => parseWholeNumber(valueOf(source) ?? '')) ?? [];
  const blocked = sources?.unless.some((source) => (source.startsWith('?') ? search.has(source.slice(1)) : !isAbsent(attributes[source]))) ?? true;
  return calls && sources && !blocked && ids.every((id) => id !== null) ? { callTag, calls, ids: ids as number[] } : null;
}

/**
 * The first-screen values of a tag's first screen (gateway/server-answers.ts `firstScreenValue`):
 * what it shows that the browser would otherwise ask for after its first render — the thread's
 * newest messages (read with the host's chat session, whose token never goes in the page) and the
 * pro a funnel given `sp-id` names in its heading. `client` has the host's config (its
 * `getChatToken`) and sends as the host's server; nothing it sends is recorded.
 */
export async function firstScreenValues(
  tag: LeadkitTag,
  attributes: AttributeValues,
  url: string | undefined,
  client: GatewayClient,
  chatReader: ChatReader | undefined,
): Promise<ServerAnswer[]> {
  const at = firstCallsAt(tag, attributes, url);
  let value: ServerAnswer | null = null;
  if (at?.callTag === 'message-thread') {
    const [spId, userId, leadId] = at.ids as [number, number, number];
    const reader = chatReader ?? (attributes['chat-service'] === 'sandbox' ? (await import('../chat/sandbox-chat-client')).createSandboxChatReader() : null);
    value = await threadFirstPageValue({ client, reader, spId, userId, leadId });
  } else if (tag === 'raq-funnel') {
    const spId = parseWholeNumber(attributeText(attributes['sp-id']) ?? '');
    if (spId !== null) value = await funnelProviderValue(client, spId);
  }
  return value ? [value] : [];
}

/**
 * Fetches a tag's first-screen data (its first calls, as the CDN loader sends them early); a tag
 * without first calls, or whose attributes change them, gets none — its component then renders
 * its first screen on the server from no answers, or (a call it needed was not answered) leaves
 * it to the browser.
 */
export async function loadFirstScreen(tag: LeadkitTag, options: LoadFirstScreenOptions): Promise<FirstScreenData> {
  const attributes = options.attributes ?? {};
  const spId = parseWholeNumber(attributeText(attributes['sp-id']) ?? '') ?? undefined;
  const answers: ServerAnswer[] = [];
  const location = options.url !== undefined ? pageLocationOf(options.url) : null;
  const at = firstCallsAt(tag, attributes, options.url);
  const callTag = at?.callTag ?? tag;
  const config = {
    ...options.gateway,
    auth: resolveAuth({ role: TAGS[callTag].role, auth: options.auth ?? null, authMode: attributeText(attributes['auth-mode']) ?? undefined, spId }),
  };
  // The first-screen values beside the calls, through the host's config as given (nothing they send is recorded).
  const values = firstScreenValues(tag, attributes, options.url, createGatewayClient(config), options.chatReader);
  if (at) {
    const baseFetch = options.gateway.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    // A call whose answer may not go in a page (a credential: the thread's chat session) or that
    // the first screen leaves to the browser is not sent from here at all.
    const sending: typeof fetch = (input, init) => {
      const path = requestPath(input);
      return !mayInline(path) || serverWithholds(callTag, path)
        ? Promise.reject(new TypeError(`leadkit: ${path} is not asked for a first screen`))
        : baseFetch(input, init);
    };
    const client = createGatewayClient({ ...config, retry: { retries: 0, ...options.gateway.retry }, fetch: recordingAnswers(sending, answers) });
    // An error answer is data too (the first screen shows its banner); a call that never answered is none.
    await Promise.allSettled(at.calls.send(client, at.ids));
  }
  return {
    tag,
    answers: [...inlinableAnswers(callTag, answers), ...(await values)],
    ...(options.stylesheet ? { stylesheet: options.stylesheet } : {}),
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...(location ? { url: `${location.path}${location.search ? `?${location.search}` : ''}` } : {}),
  };
}
