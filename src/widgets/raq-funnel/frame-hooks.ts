/**
 * The funnel frame's jobs, one named hook each (funnel-frame.tsx composes them; the route's sync
 * is frame-route.ts): the element's inputs into the store, and the start (what survived a
 * reload, the deep link, the pro a server's first screen named, then kept in sessionStorage).
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'jotai/react';
import type { FunnelLocation } from '../../domain/funnel/routes';
import { useFirstScreenValue } from '../../runtime/first-screen-values';
import { useRuntime } from '../../runtime/runtime';
import { useAtomInput } from '../../runtime/use-atom-input';
import {
  funnelInputsAtom,
  funnelLocationAtom,
  funnelSessionAtom,
  openLocationAtom,
  persistFunnel,
  providerAtom,
  startFunnelAtom,
  wantedProviderIdAtom,
} from './state/shared-atoms';
import { providerLoadedAtom } from './state/entry-step-atoms';
import { funnelStorageKey, sessionStorageOrNull } from './state/funnel-storage';
import { funnelProviderName, parseFunnelProvider } from './funnel-first-screen';
import { locationKey } from './frame-route';
import type { RaqFunnelProps } from './raq-funnel-props';

/** The `sp-id` attribute as a pro's id, or null when it is none. */
function serviceProviderIdOf(spId: RaqFunnelProps['spId']): number | null {
  return typeof spId === 'number' && Number.isInteger(spId) && spId >= 0 ? spId : null;
}

/** The element's attributes (and the route's withAlId) into the store, on the first render and after every change. */
export function useFunnelInputs({ categoryId = null, postalCode = null, spId = null, referrer = null, location = null }: RaqFunnelProps): void {
  useAtomInput(funnelInputsAtom, {
    categoryId: typeof categoryId === 'number' && Number.isInteger(categoryId) ? categoryId : null,
    postalCode: postalCode?.trim() || null,
    serviceProviderId: serviceProviderIdOf(spId),
    withAlId: location?.step === 'entry' ? location.withAlId : null,
    referrer,
  });
}

/**
 * The funnel's start, on its first render and before any read: what survived a reload restored
 * (once per store), then the deep link opened, then the pro's details a server's first screen had
 * (leadkit/server, given sp-id) taken, so the entry heading names them from the first render, on
 * the server and as the element hydrates. From then on the state is kept in sessionStorage under
 * the host's id.
 */
export function useFunnelStart(spId: RaqFunnelProps['spId'], location: FunnelLocation | null): void {
  const store = useStore();
  const { host } = useRuntime();
  // No Element on a server (leadkit/server): the default key there, as for a host with no id.
  const storageKey = funnelStorageKey(typeof Element !== 'undefined' && host instanceof Element && host.id ? host.id : 'default');

  const serviceProviderId = serviceProviderIdOf(spId);
  const serverProvider = useFirstScreenValue(serviceProviderId === null ? null : funnelProviderName(serviceProviderId), parseFunnelProvider);
  const started = useRef(false);
  if (!started.current) {
    started.current = true;
    if (!store.get(funnelSessionAtom).rehydrateComplete) store.set(startFunnelAtom, { storageKey });
    if (location && locationKey(location) !== locationKey(store.get(funnelLocationAtom))) store.set(openLocationAtom, location);
    const details = serverProvider.value;
    if (details && details.serviceProviderId === store.get(wantedProviderIdAtom) && store.get(providerAtom) === null) store.set(providerLoadedAtom, details);
  }
  const usedServerProvider = useRef(serverProvider.used);
  useEffect(() => usedServerProvider.current(), []);
  useEffect(() => persistFunnel(store, sessionStorageOrNull(), storageKey), [store, storageKey]);
}
