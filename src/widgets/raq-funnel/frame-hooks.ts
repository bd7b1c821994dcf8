/**
 * The funnel frame's jobs, one named hook each (funnel-frame.tsx composes them; the route's sync,
 * both ways, is frame-route.ts): the element's inputs into the store; the start (what survived
 * a reload, the deep link, the pro a server's first screen named; then kept in sessionStorage);
 * the data the steps show but no step asks for (the pro's details, a preset category's name);
 * the host's events (`lk-lead-create`, `lk-load`; `lk-navigate` is the route's); the customer's
 * token ahead of the first call, and the request kept on this device after a failed send; each
 * step's arrival (announced, scrolled to, its heading focused), its heading, and the next step's
 * code loaded ahead.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { FUNNEL_STEPS, type FunnelLocation, type FunnelStep } from '../../domain/funnel/routes';
import type { MessageKey } from '../../i18n/en-US';
import { funnelRequestDraftKey } from '../../domain/draft-keys';
import { useFirstScreenValue } from '../../runtime/first-screen-values';
import { useRuntime } from '../../runtime/runtime';
import { useAtomInput } from '../../runtime/use-atom-input';
import { afterNextPaint } from '../../ui/after-next-paint';
import { useDraftStore } from '../../ui/use-draft';
import {
  createdLeadAtom,
  funnelFormAtom,
  funnelInputsAtom,
  funnelLocationAtom,
  funnelSessionAtom,
  obtainTokenAheadAtom,
  oneTimeSessionAtom,
  openLocationAtom,
  persistFunnel,
  providerAtom,
  providerPendingAtom,
  providerStatusAtom,
  startFunnelAtom,
  wantedProviderIdAtom,
} from './state/shared-atoms';
import { loadProviderAtom, providerLoadedAtom, resolveCategoryNameAtom } from './state/entry-step-atoms';
import { keptRequestPlaceAtom, restoreKeptRequestAtom } from './state/kept-request-atoms';
import { funnelStorageKey, sessionStorageOrNull } from './state/funnel-storage';
import { funnelProviderName, parseFunnelProvider } from './funnel-first-screen';
import { locationKey } from './frame-route';
import { STEP_PARTS } from './step-loaders';
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
/** Which funnel of the page this is, for what it keeps: its element's id ('default' without one, and on a server). */
function useFunnelScope(): string {
  const { host } = useRuntime();
  return typeof Element !== 'undefined' && host instanceof Element && host.id ? host.id : 'default';
}

export function useFunnelStart(spId: RaqFunnelProps['spId'], location: FunnelLocation | null): void {
  const store = useStore();
  const storageKey = funnelStorageKey(useFunnelScope());

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

/**
 * The customer's one-time token, obtained as soon as a step before the lead shows (the entry step,
 * or the project step of a deep link or a reload) rather than at 'Send request': a gateway without
 * the token call (and no `getOneTimeToken`) is found before the customer types, and the steps say
 * so (`tokenMissingAtom`). Once per session (a client the host sets later asks again); the request
 * goes with that token. Not on a server's render (an effect).
 */
export function useTokenAhead(step: FunnelStep): void {
  const session = useAtomValue(oneTimeSessionAtom);
  const { leadId } = useAtomValue(funnelSessionAtom);
  const obtainTokenAhead = useSetAtom(obtainTokenAheadAtom);
  const beforeLead = leadId === null && (step === 'entry' || step === 'project');
  useEffect(() => {
    if (beforeLead) void obtainTokenAhead();
  }, [beforeLead, session, obtainTokenAhead]);
}

/**
 * The request kept on this device after a failed send (state/kept-request-atoms.ts): its place
 * (the page's drafts store, this funnel's key) from the first render on, and the kept one put
 * back once the first step has painted (its storage code is not fetched before). `keep` false
 * (`drafts="off"`): no place, nothing written or read.
 */
export function useKeptRequest(keep: boolean): void {
  const store = useStore();
  const drafts = useDraftStore();
  const key = funnelRequestDraftKey(useFunnelScope());
  const place = store.get(keptRequestPlaceAtom);
  const wanted = keep ? { store: drafts, key } : null;
  if (place?.store !== wanted?.store || place?.key !== wanted?.key) store.set(keptRequestPlaceAtom, wanted);
  const restore = useSetAtom(restoreKeptRequestAtom);
  useEffect(() => {
    if (!keep) return;
    let live = true;
    afterNextPaint(() => {
      if (live) void restore();
    });
    return () => {
      live = false;
    };
  }, [keep, key, restore]);
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

/**
 * The host told once that the funnel shows: `lk-load`, fired by the returned handler (stable; the
 * first step calls it as its chunk is in). The runtime's latest `emit` is kept in a ref here: no
 * shared helper for it, which would move into the runtime chunk every widget's first screen loads.
 */
export function useLoadEvent(): () => void {
  const { emit } = useRuntime();
  const loaded = useRef(false);
  const emitRef = useRef(emit);
  useLayoutEffect(() => {
    emitRef.current = emit;
  });
  return useCallback(() => {
    if (loaded.current) return;
    loaded.current = true;
    emitRef.current('lk-load', { widget: 'raq-funnel' });
  }, []);
}

function prefersReducedMotion(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Each step change, in the returned panel and heading: announced (the returned text, for a live
 * region), the panel scrolled into view (smoothly unless the user prefers reduced motion), focus
 * on the new step's heading.
 */
export function useStepArrival(step: FunnelStep) {
  const { t } = useRuntime();
  const index = FUNNEL_STEPS.indexOf(step);
  const title = t(`funnel.step.${step}` as MessageKey);
  const [announcement, setAnnouncement] = useState('');
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    setAnnouncement(t('funnel.progress.announce', { number: index + 1, total: FUNNEL_STEPS.length, title }));
    panelRef.current?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, index, title, t]);
  return { announcement, panelRef, headingRef };
}

const NEXT_STEP: Readonly<Record<FunnelStep, FunnelStep | null>> = { entry: 'project', project: 'suggestions', suggestions: 'summary', summary: null };

/** The next step's chunk loads while this one is shown, when the browser is idle (no wait on the way forward). */
export function usePreloadNextStep(step: FunnelStep): void {
  useEffect(() => {
    const next = NEXT_STEP[step];
    if (!next) return;
    const load = () => void STEP_PARTS[next].preload();
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 300);
    return () => clearTimeout(timer);
  }, [step]);
}

/**
 * The step's heading; on the entry step, coming from a pro, it names them ('Request a quote from
 * …', two lines on a phone), or 'this pro' when their details carry no name (not in the spec).
 * Until their details are in, `pending`: its lines are held, so neither the text nor the form
 * under it changes when the name arrives.
 */
export function useStepHeading(step: FunnelStep): { heading: string; pending: boolean } {
  const { t } = useRuntime();
  const provider = useAtomValue(providerAtom);
  const providerPending = useAtomValue(providerPendingAtom);
  const heading =
    step === 'entry' && provider
      ? provider.name
        ? t('funnel.heading.entryPro', { name: provider.name })
        : t('funnel.heading.entryProUnnamed')
      : t(`funnel.heading.${step}` as MessageKey);
  return { heading, pending: step === 'entry' && provider === null && providerPending };
}
