/**
 * URLs of pages a widget links to but does not own. A host passes its own builders through
 * the `routes` property; these defaults follow the office app's route table (spec §2) and,
 * for pages whose path the spec does not show, paths of our own under /app.
 */
export interface RouteBuilders {
  leadPage(params: { leadId: number; serviceProviderId: number }): string;
  leadBoard(params: { serviceProviderId: number; leadId?: number | null; newMessages?: boolean }): string;
  conversationThread(params: { serviceProviderId: number; userId: number; leadId?: number | null }): string;
  /** The office inbox, filtered to one customer (spec §2: "with a userId query"; path ours). */
  officeInbox(params: { serviceProviderId: number; userId: number }): string;
  callLog(params: { serviceProviderId: number }): string;
  connectedNumbers(params: { serviceProviderId: number }): string;
  editServiceArea(params: { serviceProviderId: number }): string;
  servicesOffered(params: { serviceProviderId: number }): string;
  funnelEntry(params: { withAlId?: number | null }): string;
  funnelProject(params: { serviceProviderId: number }): string;
  funnelSuggestions(params: { leadId: number }): string;
  funnelSummary(params: { leadId: number }): string;
  /** The archived message thread ('Message History'). */
  messageHistory(params: { serviceProviderId: number; userId: number; leadId?: number | null }): string;
  /**
   * The site's log-in page, coming back to `returnUrl` (this page's path and query) after it:
   * the way on from a 401 (spec silent; path ours, outside the app's base).
   */
  logIn(params: { returnUrl: string }): string;
}

function withSearch(path: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== false) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const seg = (value: number) => encodeURIComponent(String(value));

/** Where the office app is mounted unless a host says otherwise (`<lead-app base>`). */
export const DEFAULT_APP_BASE = '/app';

export function defaultRoutes(base = DEFAULT_APP_BASE): RouteBuilders {
  return {
    leadPage: ({ leadId, serviceProviderId }) => withSearch(`${base}/lead`, { leadId, serviceProviderId }),
    leadBoard: ({ serviceProviderId, leadId, newMessages }) =>
      withSearch(`${base}/lead/board/${seg(serviceProviderId)}`, { leadId, newMessages: newMessages ? true : null }),
    conversationThread: ({ serviceProviderId, userId, leadId }) =>
      withSearch(`${base}/conversation/${seg(serviceProviderId)}/thread/${seg(userId)}`, { leadId }),
    officeInbox: ({ serviceProviderId, userId }) => withSearch(`${base}/office/${seg(serviceProviderId)}/inbox`, { userId }),
    callLog: ({ serviceProviderId }) => `${base}/office/${seg(serviceProviderId)}/call-log`,
    connectedNumbers: ({ serviceProviderId }) => `${base}/ads/${seg(serviceProviderId)}/connected-numbers`,
    editServiceArea: ({ serviceProviderId }) => `${base}/office/${seg(serviceProviderId)}/service-area`,
    servicesOffered: ({ serviceProviderId }) => `${base}/office/${seg(serviceProviderId)}/services`,
    funnelEntry: ({ withAlId }) => withSearch(`${base}/lead/request_a_quote`, { withAlId }),
    funnelProject: ({ serviceProviderId }) => `${base}/lead/request_a_quote/${seg(serviceProviderId)}/project`,
    funnelSuggestions: ({ leadId }) => `${base}/lead/request_a_quote/lead/${seg(leadId)}/suggestions`,
    funnelSummary: ({ leadId }) => `${base}/lead/request_a_quote/lead/${seg(leadId)}/summary`,
    messageHistory: ({ serviceProviderId, userId, leadId }) =>
      withSearch(`${base}/conversation/${seg(serviceProviderId)}/thread/${seg(userId)}`, { leadId, archived: true }),
    logIn: ({ returnUrl }) => withSearch('/login', { returnUrl }),
  };
}

/** A host's partial builders over the defaults. */
export function resolveRoutes(overrides?: Partial<RouteBuilders> | null, base?: string): RouteBuilders {
  const defaults = defaultRoutes(base);
  if (!overrides) return defaults;
  const resolved = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof RouteBuilders)[]) {
    const override = overrides[key];
    if (typeof override === 'function') (resolved as Record<string, unknown>)[key] = override;
  }
  return resolved;
}
