import type { LeadkitTag } from '../../contract/tags';

/** The office app's route table (docs/widgets/lead-app.md#routes), relative to the app's base. */
export const APP_ROUTES = {
  leadPage: '/lead',
  leadBoard: '/lead/board/:serviceProviderId',
  conversationThread: '/conversation/:serviceProviderId/thread/:userId',
  funnelEntry: '/lead/request_a_quote',
  funnelProject: '/lead/request_a_quote/:serviceProviderId/project',
  funnelSuggestions: '/lead/request_a_quote/lead/:id/suggestions',
  funnelSummary: '/lead/request_a_quote/lead/:leadId/summary',
} as const;

/** A route or query id: a non-negative integer, else null (an unknown path shows not-found). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export type AppRoute = keyof typeof APP_ROUTES;

/**
 * The widget each route shows, written once: the app renders it (lead-app.tsx), loads it
 * (route-loaders.ts), makes its first calls on a server and in the CDN loader
 * (lead-app.server.ts), and the CDN build starts its code with the app's (vite.cdn.config.ts).
 */
export const ROUTE_WIDGETS = {
  leadPage: 'lead-page',
  leadBoard: 'lead-board',
  conversationThread: 'message-thread',
  funnelEntry: 'raq-funnel',
  funnelProject: 'raq-funnel',
  funnelSuggestions: 'raq-funnel',
  funnelSummary: 'raq-funnel',
} as const satisfies Readonly<Record<AppRoute, LeadkitTag>>;

/** A tag one of the app's routes shows. */
export type RouteTag = (typeof ROUTE_WIDGETS)[AppRoute];

/** The route table as patterns: a `:name` segment is any one segment. */
const ROUTE_PATTERNS: readonly (readonly [AppRoute, RegExp])[] = Object.entries(APP_ROUTES).map(([name, route]) => [
  name as AppRoute,
  new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`),
]);

/** The route a path (relative to the base, without its query) is, or null. */
export function appRouteOf(path: string): AppRoute | null {
  return ROUTE_PATTERNS.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
}

/** A route's `:name` segments of a path (relative to the base, without its query), or null when it is not that route. */
export function routeParams(route: AppRoute, path: string): Record<string, string> | null {
  const pattern = APP_ROUTES[route].split('/');
  const segments = path.replace(/\/$/, '').split('/');
  if (segments.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
    else if (part !== segment) return null;
  }
  return params;
}

/**
 * Whether a path (relative to the base, without its query) is one of the app's routes.
 */
export function isAppRoute(path: string): boolean {
  return appRouteOf(path) !== null;
}
