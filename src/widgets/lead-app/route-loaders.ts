import type { Widget } from '../../runtime/widget';
import { withMessages } from '../../runtime/runtime';
import { lazyPart, type LazyPart } from '../../ui/lazy-part';
import { DEFAULT_APP_BASE } from '../../domain/core/app-base';
import { checkAppBase } from './lead-app-paths';
import { appRouteOf, ROUTE_WIDGETS, type RouteTag } from './lead-app-routes';

/** A route's widget as a part of the app, and a way to start its first screen: its code, then its own parts. */
type RouteWidget<P extends object, M> = LazyPart<P, M> & { preloadFirstScreen(): Promise<unknown> };

/**
 * A route's widget as a part of the app (docs/widget-shape.md): its descriptor's component with
 * its texts, and, once its code is here, the parts of its own first screen (its `preload`).
 */
function routeWidget<M, P extends object>(load: () => Promise<M>, pick: (module: M) => Widget<P>): RouteWidget<P, M> {
  const part = lazyPart(
    load,
    (module) => withMessages(pick(module).component, pick(module).catalogue),
    // Started, not awaited: a part that fails shows so where it renders.
    (module) =>
      void pick(module)
        .preload?.()
        ?.catch(() => undefined),
  );
  return Object.assign(part, { preloadFirstScreen: () => part.preload().then((module) => pick(module).preload?.()) });
}

// Each route's widget loads when the route is first shown, with its own texts: the app's first
// load stays small.
// The marks tell the CDN build that the routes showing the widget (ROUTE_WIDGETS) need it: the
// loader starts the widget of the route in the URL beside the app (see vite.cdn.config.ts, firstContent).
export const LeadBoardPart = routeWidget(
  () => import(/* lk:first-content route */ '../lead-board/lead-board.widget'),
  (module) => module.leadBoardWidget,
);
export const LeadPagePart = routeWidget(
  () => import(/* lk:first-content route */ '../lead-page/lead-page.widget'),
  (module) => module.leadPageWidget,
);
export const MessageThreadPart = routeWidget(
  () => import(/* lk:first-content route */ '../message-thread/message-thread.widget'),
  (module) => module.messageThreadWidget,
);
export const RaqFunnelPart = routeWidget(
  () => import(/* lk:first-content route */ '../raq-funnel/raq-funnel.widget'),
  (module) => module.raqFunnelWidget,
);

/** Each routed widget's part (its tag: ROUTE_WIDGETS says which routes show it). */
const ROUTE_PARTS: Readonly<Record<RouteTag, { preloadFirstScreen(): Promise<unknown> }>> = {
  'lead-page': LeadPagePart,
  'lead-board': LeadBoardPart,
  'message-thread': MessageThreadPart,
  'raq-funnel': RaqFunnelPart,
};

/**
 * The app's base: its `base` attribute (default `/app`) without a trailing slash, through the URL
 * gate (lead-app-paths.ts `checkAppBase`): a base that is not a path on the page's origin is the
 * default (lead-app.tsx tells the developer).
 */
export const appBaseOf = (base: string | null | undefined): string => checkAppBase(base).url ?? DEFAULT_APP_BASE;

/**
 * Starts the widget of the route in the page's URL, and that widget's own first screen, as the
 * element connects (see ui/lazy-part.ts); later routes load as they are shown. Settles once
 * they are all here.
 */
export function preloadLeadApp(element?: Element): Promise<unknown> {
  if (typeof location === 'undefined') return Promise.resolve();
  const base = appBaseOf(element?.getAttribute('base'));
  const path = location.pathname;
  if (path !== base && !path.startsWith(`${base}/`)) return Promise.resolve();
  const route = appRouteOf(path.slice(base.length) || '/');
  return route ? ROUTE_PARTS[ROUTE_WIDGETS[route]].preloadFirstScreen() : Promise.resolve();
}
