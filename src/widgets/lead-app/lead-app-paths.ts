import { DEFAULT_APP_BASE } from '../../domain/core/app-base';
import { checkLink, PAGE_PATH, type LinkCheck } from '../../domain/core/safe-url';
import { isAppRoute } from './lead-app-routes';

/*
 * The app's paths through the URL gate: apart from the route table (lead-app-routes.ts), which
 * the CDN build's config reads and so keeps to plain data.
 */

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
