import { DEFAULT_APP_BASE } from '../../domain/core/routes';
import { checkLink, PAGE_PATH, type LinkCheck } from '../../domain/core/safe-url';
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
 * @internal Exported for tests.
 */
export function isAppRoute(path: string): boolean {
  return appRouteOf(path) !== null;
}

/**
 * The in-app path for a URL that a widget is about to follow, or null when the URL leaves
 * the app: another origin (or a URL the URL gate refuses), outside its base, or a page under the base the app has no route for
 * (the office inbox, call log, connected numbers, service area, services offered: the host's
 * own pages, reached by a real navigation after `lk-navigate`).
 */
export function inAppPath(url: string, base: string, origin: string): string | null {
  // Through the URL gate: a path that stays on this origin once the browser has read it.
  const onOrigin = checkLink(url, PAGE_PATH, `${origin}/`, origin).url;
  if (onOrigin === undefined) return null;
  const parsed = new URL(onOrigin, origin);
  const normalizedBase = base.replace(/\/+$/, '');
  if (parsed.pathname !== normalizedBase && !parsed.pathname.startsWith(`${normalizedBase}/`)) return null;
  const path = parsed.pathname.slice(normalizedBase.length) || '/';
  return isAppRoute(path) ? path + parsed.search : null;
}

/**
 * `<lead-app base>` through the URL gate: a path from the site's root that stays on the page's
 * origin (no scheme, no `//host` or `/\\host`, no query or fragment), as the app's base — the path
 * the browser would go to, without a trailing slash ('' for the site's root). An empty or absent
 * base is the default; anything else is `refused` (the app then uses the default, and the
 * developer is told).
 */
export function checkAppBase(base: string | null | undefined): LinkCheck {
  if (!base?.trim()) return { url: DEFAULT_APP_BASE };
  if (!base.trim().startsWith('/')) return { refused: 'not a path from the site’s root' };
  const check = checkLink(base, PAGE_PATH);
  if (check.url === undefined) return check;
  if (/[?#]/.test(check.url)) return { refused: 'a path with a query or fragment' };
  return { url: check.url.replace(/\/+$/, '') };
}
