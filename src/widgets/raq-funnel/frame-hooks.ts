/**
 * The funnel frame's jobs, one named hook each (funnel-frame.tsx composes them; the route's sync
 * is frame-route.ts): the element's inputs into the store; the start (what survived a reload,
 * the deep link, the pro a server's first screen named, then kept in sessionStorage); the data
 * the steps show but no step asks for (the pro's details, a preset category's name); the host's
 * events (`lk-lead-create`, `lk-load`; `lk-navigate` is the route's).
 */
import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import type { FunnelLocation } from '../../domain/funnel/routes';
import { useFirstScreenValue } from '../../runtime/first-screen-values';
import { useRuntime } from '../../runtime/runtime';
import { useAtomInput } from '../../runtime/use-atom-input';
import { useStableHandler } from '../../ui/use-stable-handler';
import {
  createdLeadAtom,
  funnelFormAtom,
  funnelInputsAtom,
  funnelLocationAtom,
  funnelSessionAtom,
  openLocationAtom,
  persistFunnel,
  providerAtom,
  providerStatusAtom,
  startFunnelAtom,
  wantedProviderIdAtom,
} from './state/shared-atoms';
import { loadProviderAtom, providerLoadedAtom, resolveCategoryNameAtom } from './state/entry-step-atoms';
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

/**
 * The pro the customer came from (sp-id, withAlId, a project route): its details once, and again
 * for a pro the customer chooses instead. A load in flight is not interrupted, and a pro whose
 * load failed is not asked for again here (the entry step offers a retry).
 */
export function useProviderDetails(): void {
  const wantedProvider = useAtomValue(wantedProviderIdAtom);
  const formProvider = useAtomValue(funnelFormAtom).serviceProviderId;
  const loadedProvider = useAtomValue(providerAtom)?.serviceProviderId ?? null;
  const providerStatus = useAtomValue(providerStatusAtom);
  const loadProvider = useSetAtom(loadProviderAtom);
  const providerLoading = providerStatus.state === 'loading';
  const providerFailed = providerStatus.state === 'failed';
  /** The provider this effect asked for last: after a failure it is not asked again. */
  const askedProvider = useRef<string | null>(null);
  useEffect(() => {
    // A load in flight (the customer chose another pro) is not interrupted.
    if (providerLoading) return;
    const chosen = loadedProvider !== null && formProvider !== null && formProvider !== loadedProvider ? formProvider : null;
    if (loadedProvider !== null && chosen === null) return;
    if (loadedProvider === null && wantedProvider === null) return;
    const key = chosen === null ? `wanted:${wantedProvider}` : `form:${chosen}`;
    if (providerFailed && askedProvider.current === key) return;
    askedProvider.current = key;
    void (chosen === null ? loadProvider() : loadProvider({ serviceProviderId: chosen }));
  }, [wantedProvider, formProvider, loadedProvider, providerLoading, providerFailed, loadProvider]);
}

/** A preset (or restored) category without its name: the taxonomy names it. */
export function useCategoryName(): void {
  const { categoryId, categoryName } = useAtomValue(funnelFormAtom);
  const resolveCategoryName = useSetAtom(resolveCategoryNameAtom);
  useEffect(() => {
    if (categoryId !== null && categoryName === null) void resolveCategoryName();
  }, [categoryId, categoryName, resolveCategoryName]);
}

/** The host told of each created lead: one `lk-lead-create` {leadId} per lead. */
export function useLeadCreatedEvent(): void {
  const { emit } = useRuntime();
  const createdLead = useAtomValue(createdLeadAtom);
  const announcedLead = useRef(createdLead?.seq ?? 0);
  useEffect(() => {
    if (!createdLead || createdLead.seq === announcedLead.current) return;
    announcedLead.current = createdLead.seq;
    emit('lk-lead-create', { leadId: createdLead.leadId });
  }, [createdLead, emit]);
}

/** The host told once that the funnel shows: `lk-load`, fired by the returned handler (called as the first step's chunk is in). */
export function useLoadEvent(): () => void {
  const { emit } = useRuntime();
  const loaded = useRef(false);
  return useStableHandler(() => {
    if (loaded.current) return;
    loaded.current = true;
    emit('lk-load', { widget: 'raq-funnel' });
  });
}
