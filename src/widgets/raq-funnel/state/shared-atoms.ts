import { atom, type Getter } from 'jotai/vanilla';
import { EMPTY_FUNNEL_FORM, isPostalCode, type FunnelFormValues } from '../../../domain/funnel/form';
import { EMPTY_PROJECT_DETAILS, type ProjectDetails, type ProjectField } from '../../../domain/funnel/lead';
import { funnelLocation, type FunnelLocation } from '../../../domain/funnel/routes';
import { INITIAL_FUNNEL_SESSION, persistedFunnel, restoreFunnel, sanitizeReferrer, type FunnelSession } from '../../../domain/funnel/session';
import type { SplitSuggestions } from '../../../domain/funnel/suggestions';
import { isGatewayError, type GatewayError } from '../../../gateway/core/errors';
import type { FetchedLead, ProviderDetails, ProviderSummary } from '../../../gateway/lead/funnel/schemas';
import {
  createOneTimeSession,
  OneTimeTokenHolder,
  type OneTimeSession,
  type OneTimeTokenAhead,
  type OneTimeTokenStatus,
} from '../../../gateway/lead/funnel/one-time-token';
import { clientAtom, requireClient } from '../../../runtime/client-atom';
import type { WidgetStore } from '../../../runtime/store';
import { funnelStorageKey, readPersistedFunnel, sessionStorageOrNull, writePersistedFunnel, type FunnelStorage } from './funnel-storage';

/**
 * The `<raq-funnel>` state: jotai atoms, React-free, one store per element. Pure
 * rules live in src/domain/funnel-*.ts; these atoms hold the state and make the gateway calls.
 * This file holds what the whole funnel shares (inputs, session, form, the one-time session,
 * start and persistence); each step's own state and calls are in its `*-step-atoms.ts`, and
 * each is imported from its own file.
 * Every customer call goes through the one-time session (gateway/one-time-token.ts): the
 * token stays in memory and only ever travels in the Authorization header. What survives a
 * reload is written by `persistFunnel` (only the fields of domain/funnel-session.ts).
 */

// ---- Inputs (attributes, route) ------------------------------------------------------------

export interface FunnelInputs {
  /** Preset category (`category-id` attribute): the spec's "query" category. */
  readonly categoryId: number | null;
  readonly postalCode: string | null;
  /** The provider the customer came from (`sp-id` attribute). */
  readonly serviceProviderId: number | null;
  /** The entry route's `withAlId` query: a provider listing whose AL business is asked for. */
  readonly withAlId: number | null;
  readonly referrer: string | null;
}

export const funnelInputsAtom = atom<FunnelInputs>({ categoryId: null, postalCode: null, serviceProviderId: null, withAlId: null, referrer: null });

// ---- State ----------------------------------------------------------------------------------

export const funnelSessionAtom = atom<FunnelSession>(INITIAL_FUNNEL_SESSION);
export const funnelFormAtom = atom<FunnelFormValues>(EMPTY_FUNNEL_FORM);
/** The project step's fields: contact details live here, in memory (on the device only after a failed send: kept-request-atoms.ts). */
export const projectDetailsAtom = atom<ProjectDetails>(EMPTY_PROJECT_DETAILS);
/** The provider's details once loaded (its categories drive the category rules). */
export const providerAtom = atom<ProviderDetails | null>(null);
/** Where loading the provider stands (the entry step shows a failure with a retry). */
export const providerStatusAtom = atom<{ readonly state: 'idle' | 'loading' | 'loaded' } | { readonly state: 'failed'; readonly error: GatewayError }>({
  state: 'idle',
});
/** The pro the customer came from (withAlId, sp-id, a project route): the frame loads its details once. */
export const wantedProviderIdAtom = atom((get) => {
  const inputs = get(funnelInputsAtom);
  return inputs.withAlId ?? inputs.serviceProviderId ?? get(funnelFormAtom).serviceProviderId;
});
/** Its details (which choose the category) are on their way, or about to be asked for: the entry's Continue waits. */
export const providerPendingAtom = atom((get) => {
  const status = get(providerStatusAtom);
  return status.state === 'loading' || (status.state === 'idle' && get(providerAtom) === null && get(wantedProviderIdAtom) !== null);
});
/** The lead of the suggestion page as fetched (its category and postal code ask for the cards' details). */
export const fetchedLeadAtom = atom<FetchedLead | null>(null);
/** The last lead this funnel created (the view fires `lk-lead-create` once per lead); `seq` tells repeats apart. */
export const createdLeadAtom = atom<{ readonly leadId: number; readonly seq: number } | null>(null);
/** The suggestion page's providers, split into AL and HA. */
export const suggestionsAtom = atom<SplitSuggestions<ProviderSummary> | null>(null);
/** The entry step's eligibility answer and, when not eligible, the alternatives. */
export const eligibilityAtom = atom<{ readonly eligible: boolean; readonly alternatives: SplitSuggestions<ProviderSummary> | null } | null>(null);

/** Where the state puts the funnel (its routes): withAlId stays until the provider's details arrived. */
export const funnelLocationAtom = atom((get): FunnelLocation => {
  const session = get(funnelSessionAtom);
  const form = get(funnelFormAtom);
  return funnelLocation({
    step: session.step,
    serviceProviderId: form.serviceProviderId,
    leadId: session.leadId,
    withAlId: get(providerAtom) ? null : get(funnelInputsAtom).withAlId,
  });
});

// ---- One-time token -------------------------------------------------------------------------

/** The token the funnel obtained: one holder per element store, kept across client changes. */
export const tokenHolderAtom = atom(() => new OneTimeTokenHolder());

/** The customer session over the element's client: pass `.client` to every call. */
export const oneTimeSessionAtom = atom((get) => createOneTimeSession(requireClient(get(clientAtom)), get(tokenHolderAtom)));

const tokenRevisionAtom = atom(0);
const tokenWatchAtom = atom(
  (get) => get(tokenRevisionAtom),
  (get, set) => get(tokenHolderAtom).subscribe(() => set(tokenRevisionAtom, (n) => n + 1)),
);
tokenWatchAtom.onMount = (subscribe) => subscribe();

/** 'none' | 'active' | 'expired' — the view reports an expired session. */
export const tokenStatusAtom = atom((get): OneTimeTokenStatus => {
  get(tokenWatchAtom);
  return get(oneTimeSessionAtom).status();
});

/** What the funnel found of its token before the customer's first call, for the session it asked in (a new client asks again). */
const tokenAheadAtom = atom<{ readonly session: OneTimeSession; readonly state: OneTimeTokenAhead } | null>(null);

/**
 * No token can be had (the gateway has no token call and the host gave no `getOneTimeToken`): the
 * first two steps say requests cannot be sent from this page, instead of letting the customer type
 * for nothing. Found ahead (`obtainTokenAheadAtom`) or by a send.
 */
export const tokenMissingAtom = atom((get) => {
  const ahead = get(tokenAheadAtom);
  return ahead !== null && ahead.state === 'missing' && ahead.session === get(oneTimeSessionAtom);
});

/**
 * The session's token, obtained as a step before the lead shows (once per session:
 * one-time-token.ts `obtainAhead`), so a missing token call is found before the customer types;
 * the request then goes with that token.
 */
export const obtainTokenAheadAtom = atom(null, async (get, set) => {
  const session = get(oneTimeSessionAtom);
  const state = await session.obtainAhead();
  if (get(oneTimeSessionAtom) === session) set(tokenAheadAtom, { session, state });
});

/** A send met the missing token call (the attempt ahead could not tell: it failed otherwise). */
export const tokenFoundMissingAtom = atom(null, (get, set) => set(tokenAheadAtom, { session: get(oneTimeSessionAtom), state: 'missing' }));

// ---- Stale requests ---------------------------------------------------------------------------

/** One AbortController per kind of request: starting one aborts the previous (a stale answer never lands). */
export const controllersAtom = atom(() => new Map<string, AbortController>());

export function restart(get: Getter, kind: string): AbortSignal {
  const controllers = get(controllersAtom);
  controllers.get(kind)?.abort();
  const controller = new AbortController();
  controllers.set(kind, controller);
  return controller.signal;
}

export type ActionResult<T = undefined> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: GatewayError | null; readonly problems?: readonly ProjectField[]; readonly challenge?: boolean };

export const ok = <T>(value: T): ActionResult<T> => ({ ok: true, value });
export function failed(error: unknown): ActionResult<never> {
  if (isGatewayError(error)) return { ok: false, error, challenge: error.kind === 'challenge' };
  throw error;
}

// ---- Start: restore, presets, persistence -----------------------------------------------------

export interface FunnelStartOptions {
  /** Where the state survives a reload (default: this tab's sessionStorage; null: nowhere). */
  readonly storage?: FunnelStorage | null;
  readonly storageKey?: string;
}

/**
 * Restores what survived a reload, then applies the presets the state does not have yet
 * (postal code, category, referrer) and whether the host signed the customer in. Sets
 * rehydrateComplete. A restored lead binds the session: no token is obtained silently after.
 */
export const startFunnelAtom = atom(null, (get, set, options: FunnelStartOptions = {}) => {
  const storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;
  const persisted = readPersistedFunnel(storage, options.storageKey ?? funnelStorageKey());
  const restored = restoreFunnel(persisted, get(funnelSessionAtom), get(funnelFormAtom));
  const inputs = get(funnelInputsAtom);
  let form = restored.form;
  if (form.postalCode === null && isPostalCode(inputs.postalCode)) form = { ...form, postalCode: inputs.postalCode };
  if (form.categoryId === null && inputs.categoryId !== null) form = { ...form, categoryId: inputs.categoryId };
  const session: FunnelSession = {
    ...restored.session,
    isAuthenticatedWorkflow: restored.session.isAuthenticatedWorkflow || get(oneTimeSessionAtom).hostToken,
    entryPointReferrer: restored.session.entryPointReferrer ?? sanitizeReferrer(inputs.referrer),
  };
  if (session.leadId !== null) get(tokenHolderAtom).lockIssuing();
  set(funnelFormAtom, form);
  set(funnelSessionAtom, session);
});

/** What is written to storage; derived, so it changes only when a persisted field does. */
const persistedFunnelAtom = atom((get) => persistedFunnel(get(funnelSessionAtom), get(funnelFormAtom)));

/**
 * Writes the persisted fields whenever they change, once the restore has run (never the
 * defaults over a stored state). Returns the unsubscribe.
 */
export function persistFunnel(store: WidgetStore, storage: FunnelStorage | null, storageKey = funnelStorageKey()): () => void {
  let last = '';
  const write = () => {
    if (!store.get(funnelSessionAtom).rehydrateComplete) return;
    const value = store.get(persistedFunnelAtom);
    const text = JSON.stringify(value);
    if (text === last) return;
    last = text;
    writePersistedFunnel(storage, storageKey, value);
  };
  const unsubscribe = store.sub(persistedFunnelAtom, write);
  write();
  return unsubscribe;
}

/** A deep link (route) opens its step: the provider of a project route, the lead of a lead route. */
export const openLocationAtom = atom(null, (get, set, location: FunnelLocation) => {
  const session = get(funnelSessionAtom);
  switch (location.step) {
    case 'entry':
      set(funnelSessionAtom, { ...session, step: 'entry' });
      return;
    case 'project':
      set(funnelSessionAtom, { ...session, step: 'project' });
      set(funnelFormAtom, { ...get(funnelFormAtom), serviceProviderId: location.serviceProviderId });
      return;
    case 'suggestions':
    case 'summary':
      get(tokenHolderAtom).lockIssuing();
      set(funnelSessionAtom, { ...session, step: location.step, leadId: location.leadId });
  }
});

/** Moves the funnel to a step (Back, Continue, a finished step). */
export const goToStepAtom = atom(null, (get, set, step: FunnelSession['step']) => set(funnelSessionAtom, { ...get(funnelSessionAtom), step }));
