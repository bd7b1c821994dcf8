/**
 * Where a tag's first calls come from at a page: its own attributes, or — for `<lead-app>` — the
 * route in the page's URL and that route's widget (each widget's server half says which ids its
 * calls take and which attributes stop them: runtime/widget-server.ts).
 */
import type { AttributeValues } from '../contract/first-screen-data';
import { attributeReader, isAbsent, parseWholeNumber } from '../contract/parse-attribute';
import type { LeadkitTag } from '../contract/tags';
import { DEFAULT_APP_BASE } from '../domain/core/app-base';
import type { FirstCalls } from '../runtime/widget-server';
import { checkAppBase } from '../widgets/lead-app/lead-app-paths';
import { appRouteOf, ROUTE_WIDGETS, routeParams, type AppRoute } from '../widgets/lead-app/lead-app-routes';
import { SERVER_WIDGETS } from './server-widgets';

/** The page's path and query (an absolute URL's origin dropped). */
export function pageLocationOf(url: string): { path: string; search: string } {
  const parsed = new URL(url, 'http://page.invalid');
  return { path: parsed.pathname, search: parsed.search.replace(/^\?/, '') };
}

/**
 * What `<lead-app>` shows at a page location when it makes first calls: its route's tag and params
 * (null: a path outside its base, or a route whose widget makes none).
 */
export function appRouteAt(base: unknown, location: { path: string }): { tag: LeadkitTag; params: Record<string, string>; route: AppRoute } | null {
  // The base as the app takes it (the URL gate's rule; refused: the default), so the server shows the route the browser will.
  const root = (typeof base === 'string' ? checkAppBase(base).url : undefined) ?? DEFAULT_APP_BASE;
  if (location.path !== root && !location.path.startsWith(`${root}/`)) return null;
  const path = location.path.slice(root.length) || '/';
  const route = appRouteOf(path);
  const tag = route && SERVER_WIDGETS['lead-app']?.routes?.[route] ? ROUTE_WIDGETS[route] : null;
  const params = route && routeParams(route, path);
  return route && tag && params ? { tag, params, route } : null;
}

/**
 * A tag's first calls at a page (its server half's `firstCalls`, runtime/widget-server.ts): the
 * tag whose calls they are (`<lead-app>`'s route's widget), their ids, or null when none go out.
 */
export function firstCallsAt(
  tag: LeadkitTag,
  attributes: AttributeValues,
  url: string | undefined,
): { callTag: LeadkitTag; calls: FirstCalls; ids: number[] } | null {
  // `<lead-app>` makes its route's widget's first calls, with ids from the route and the query.
  const reader = attributeReader(tag);
  const props = reader.props(attributes);
  const location = url !== undefined ? pageLocationOf(url) : null;
  const routed = tag === 'lead-app' && location ? appRouteAt(props.base, location) : null;
  const callTag = routed?.tag ?? tag;
  const search = new URLSearchParams(location?.search ?? '');
  const sources = routed ? SERVER_WIDGETS['lead-app']?.routes?.[routed.route] : SERVER_WIDGETS[tag]?.firstCalls;
  const calls = SERVER_WIDGETS[callTag]?.firstCalls;
  // Each id by the contract's rule, as the element (its attribute reader) and the CDN loader read it.
  const idOf = (source: string): number | null => {
    if (source.startsWith(':')) return parseWholeNumber(routed?.params[source.slice(1)] ?? '');
    if (source.startsWith('?')) return parseWholeNumber(search.get(source.slice(1)) ?? '');
    const id = props[reader.propOf(source) ?? ''];
    return typeof id === 'number' ? id : null;
  };
  const ids = sources?.ids.map(idOf) ?? [];
  const blocked = sources?.unless.some((source) => (source.startsWith('?') ? search.has(source.slice(1)) : !isAbsent(attributes[source]))) ?? true;
  return calls && sources && !blocked && ids.every((id) => id !== null) ? { callTag, calls, ids: ids as number[] } : null;
}
