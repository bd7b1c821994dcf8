/**
 * Where the funnel is, kept in step both ways (funnel-frame.tsx): the host's route (the element's
 * `location`) opens its step in the state, and every step the state moves to is told to the host
 * as an `lk-navigate` {url, kind: 'funnel'} (the office app routes by it; a partner page may follow).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai/react';
import type { FunnelLocation } from '../../domain/funnel/routes';
import type { SpecRouteBuilders } from '../../domain/core/routes';
import { useRuntime } from '../../runtime/runtime';
import { funnelLocationAtom, openLocationAtom } from './state/shared-atoms';

/** A location as one comparable string. */
export function locationKey(location: FunnelLocation): string {
  switch (location.step) {
    case 'entry':
      return `entry:${location.withAlId ?? ''}`;
    case 'project':
      return `project:${location.serviceProviderId}`;
    default:
      return `${location.step}:${location.leadId}`;
  }
}

/** The URL of a location through the host's route builders (absolute when the page has a base URL). */
function locationUrl(routes: SpecRouteBuilders, location: FunnelLocation): string {
  const path =
    location.step === 'entry'
      ? routes.funnelEntry({ withAlId: location.withAlId })
      : location.step === 'project'
        ? routes.funnelProject({ serviceProviderId: location.serviceProviderId })
        : location.step === 'suggestions'
          ? routes.funnelSuggestions({ leadId: location.leadId })
          : routes.funnelSummary({ leadId: location.leadId });
  try {
    return new URL(path, globalThis.document?.baseURI).href;
  } catch {
    return path;
  }
}

/**
 * The route → the state (the office app's back/forward, a link to another step), before the
 * browser paints; the state → the host: every step change (and withAlId dropped) is an
 * `lk-navigate`. The same step with a new URL (withAlId dropped) replaces the history entry: Back
 * then leaves the funnel instead of landing on the URL it just dropped.
 */
export function useRouteSync(location: FunnelLocation | null): void {
  const store = useStore();
  const { emit, routes } = useRuntime();
  const stateLocation = useAtomValue(funnelLocationAtom);

  const routeKey = location ? locationKey(location) : null;
  const lastRoute = useRef(routeKey);
  useLayoutEffect(() => {
    if (!location || routeKey === lastRoute.current) return;
    lastRoute.current = routeKey;
    if (routeKey !== locationKey(store.get(funnelLocationAtom))) store.set(openLocationAtom, location);
  }, [location, routeKey, store]);

  const stateKey = locationKey(stateLocation);
  const lastState = useRef({ key: stateKey, step: stateLocation.step });
  useEffect(() => {
    const last = lastState.current;
    if (stateKey === last.key) return;
    lastState.current = { key: stateKey, step: stateLocation.step };
    if (stateKey === routeKey) return;
    emit('lk-navigate', { url: locationUrl(routes, stateLocation), kind: 'funnel', newTab: false, replace: last.step === stateLocation.step });
  }, [stateKey, routeKey, stateLocation, emit, routes]);
}
