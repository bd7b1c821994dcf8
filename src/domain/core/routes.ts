import { DEFAULT_APP_BASE } from './app-base';
import { LINK, safeHref } from './safe-url';

/**
 * URLs of pages a widget links to but does not own. A host passes its own builders through
 * the `routes` property (partial, per element).
 *
 * Two kinds:
 * - {@link SpecRouteBuilders}: pages the spec's route table locates. They have defaults
 *   under the app's base (/app; `<lead-app base>` changes it), so the app's own pages link to
 *   each other with no host input.
 * - {@link HostRouteBuilders}: pages the spec names but does not locate (call log, office inbox,
 *   connected numbers, service area, services offered, log-in). Only the host knows where they
 *   are: they have no default, and a link to one is shown only when the host gives its builder.
 */
export interface SpecRouteBuilders {
  leadPage(params: { leadId: number; serviceProviderId: number }): string;
  leadBoard(params: { serviceProviderId: number; leadId?: number | null; newMessages?: boolean }): string;
  conversationThread(params: { serviceProviderId: number; userId: number; leadId?: number | null }): string;
  funnelEntry(params: { withAlId?: number | null }): string;
  funnelProject(params: { serviceProviderId: number }): string;
  funnelSuggestions(params: { leadId: number }): string;
  funnelSummary(params: { leadId: number }): string;
  /** The archived message thread ('Message History'). */
  messageHistory(params: { serviceProviderId: number; userId: number; leadId?: number | null }): string;
}

/**
 * The host's pages that the spec does not locate. No defaults: without the host's builder the
 * link it feeds is not rendered (docs/elements.md#routes-a-real-host-must-give).
 */
export interface HostRouteBuilders {
  /** The office inbox, filtered to one customer ("with a userId query"; its path is not shown). The board's Message link when the `office_inbox` flag is on. */
  officeInbox(params: { serviceProviderId: number; userId: number }): string;
  /** 'View Call Log' in the board's header. */
  callLog(params: { serviceProviderId: number }): string;
  /** 'Add another number' in 'Phone number added!'. */
  connectedNumbers(params: { serviceProviderId: number }): string;
  /** The thank-you link for 'Out of service area' feedback. */
  editServiceArea(params: { serviceProviderId: number }): string;
  /** The thank-you link for 'I don't do this work' feedback. */
  servicesOffered(params: { serviceProviderId: number }): string;
  /**
   * The site's log-in page, coming back to `returnUrl` (this page's path and query) after it:
   * 'Log in', the way on from a 401 (the spec is silent).
   */
  logIn(params: { returnUrl: string }): string;
}

/** Every route builder a host may give (`routes` takes any part of it). */
export type RouteBuilders = SpecRouteBuilders & HostRouteBuilders;

/**
 * A host page's route as a widget has it: its URL, or null when the URL gate refused what the
 * host's builder gave (the link is then not rendered, as without the builder).
 */
type HostRoute<K extends keyof HostRouteBuilders> = (params: Parameters<HostRouteBuilders[K]>[0]) => string | null;

/**
 * What a widget has: the spec's routes always (a host's URL the gate refused falls back to the
 * default), the host's pages only where the host gave them (null where the gate refused the URL).
 */
export type ResolvedRoutes = SpecRouteBuilders & { readonly [K in keyof HostRouteBuilders]?: HostRoute<K> };

/**
 * What every URL a host's builder gives passes (domain/core/safe-url's gate): the URL to link to,
 * or null when refused. The runtime's says the refusal to the developer, naming `routes.<route>`.
 */
export type RouteGate = (url: string, route: keyof RouteBuilders) => string | null;

/** The gate without a page or a developer to tell (a test, a caller of its own): links as `checkLink` takes them. */
const QUIET_GATE: RouteGate = (url) => safeHref(url, LINK);

function withSearch(path: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== false) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const seg = (value: number) => encodeURIComponent(String(value));

/**
 * RT6 (ours; the spec gives 'Message History' no path): the thread's own route with
 * `archived=true` is the archived thread. `messageHistory` writes it, `<lead-app>` reads it
 * (`isMessageHistory`), and the CDN loader sends no early chat calls for it (widgets/lead-app/lead-app.server.ts).
 */
export const ARCHIVED_QUERY = 'archived';

/** Whether a thread route's query asks for 'Message History' (RT6). */
export const isMessageHistory = (query: URLSearchParams): boolean => query.get(ARCHIVED_QUERY) === 'true';

/** The spec-located routes under `base` (the host's pages have no default). */
export function defaultRoutes(base = DEFAULT_APP_BASE): SpecRouteBuilders {
  return {
    leadPage: ({ leadId, serviceProviderId }) => withSearch(`${base}/lead`, { leadId, serviceProviderId }),
    leadBoard: ({ serviceProviderId, leadId, newMessages }) =>
      withSearch(`${base}/lead/board/${seg(serviceProviderId)}`, { leadId, newMessages: newMessages ? true : null }),
    conversationThread: ({ serviceProviderId, userId, leadId }) =>
      withSearch(`${base}/conversation/${seg(serviceProviderId)}/thread/${seg(userId)}`, { leadId }),
    funnelEntry: ({ withAlId }) => withSearch(`${base}/lead/request_a_quote`, { withAlId }),
    funnelProject: ({ serviceProviderId }) => `${base}/lead/request_a_quote/${seg(serviceProviderId)}/project`,
    funnelSuggestions: ({ leadId }) => `${base}/lead/request_a_quote/lead/${seg(leadId)}/suggestions`,
    funnelSummary: ({ leadId }) => `${base}/lead/request_a_quote/lead/${seg(leadId)}/summary`,
    messageHistory: ({ serviceProviderId, userId, leadId }) =>
      withSearch(`${base}/conversation/${seg(serviceProviderId)}/thread/${seg(userId)}`, { leadId, [ARCHIVED_QUERY]: true }),
  };
}

// Each name once; the mapped type makes the compiler reject a missing or unknown one.
const HOST_ROUTES: { readonly [K in keyof HostRouteBuilders]-?: true } = {
  officeInbox: true,
  callLog: true,
  connectedNumbers: true,
  editServiceArea: true,
  servicesOffered: true,
  logIn: true,
};

/**
 * A host's partial builders over the spec's defaults, plus the host's own pages it gave (functions
 * only). Every URL a host's builder gives goes through `gate`: a refused spec route is the
 * default's URL, a refused host page's route null (its link is not rendered).
 */
export function resolveRoutes(overrides?: Partial<RouteBuilders> | null, base?: string, gate: RouteGate = QUIET_GATE): ResolvedRoutes {
  const defaults = defaultRoutes(base);
  if (!overrides) return defaults;
  const resolved: Record<string, unknown> = { ...defaults };
  for (const key of [...Object.keys(defaults), ...Object.keys(HOST_ROUTES)] as (keyof RouteBuilders)[]) {
    const override = overrides[key] as unknown;
    if (typeof override !== 'function') continue;
    const fallback = (defaults as Partial<Record<keyof RouteBuilders, (params: unknown) => string>>)[key];
    resolved[key] = (params: unknown) => {
      const url: unknown = override.call(overrides, params);
      const gated = typeof url === 'string' ? gate(url, key) : null;
      return gated ?? fallback?.(params) ?? null;
    };
  }
  return resolved as unknown as ResolvedRoutes;
}
