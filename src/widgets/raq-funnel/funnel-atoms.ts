import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { EMPTY_FUNNEL_FORM, isPostalCode, withCategory, withoutCategory, type FunnelFormValues } from '../../domain/funnel-form';
import { createLeadV3Payload, EMPTY_PROJECT_DETAILS, projectProblems, type ProjectDetails, type ProjectField } from '../../domain/funnel-lead';
import { applyProviderCategory, chooseProviderCategory } from '../../domain/funnel-provider-category';
import { funnelLocation, type FunnelLocation } from '../../domain/funnel-routes';
import { INITIAL_FUNNEL_SESSION, persistedFunnel, restoreFunnel, sanitizeReferrer, type FunnelSession } from '../../domain/funnel-session';
import {
  assignPayload,
  proSelectionPayload,
  setAdditionalField,
  splitSuggestions,
  SUGGESTION_LIMIT,
  suggestionRequest,
  withSuggestionsLoaded,
  type SplitSuggestions,
} from '../../domain/funnel-suggestions';
import { selectTaxonomyResult, type TaxonomyOutcome, type TaxonomyResult } from '../../domain/funnel-taxonomy';
import { normalizePhone } from '../../domain/phone';
import { newIdempotencyKey, type ReplayTarget } from '../../gateway/client';
import { isAbortError, isGatewayError, type GatewayError } from '../../gateway/errors';
import {
  assignLeadV2,
  createLeadV3,
  fetchLead,
  getCityAndStateByPostalCode,
  getFollowUpDeals,
  getLeadServiceProviders,
  getPostalCodeEligibility,
  getProviderComparison,
  getServiceProviderDetails,
  getSuggestions,
  getTaxonomyCategory,
  getTopCategories,
  markHired,
  sendProSelection,
  updateUserPhone,
} from '../../gateway/lead/funnel-calls';
import type { CreateLeadV3, FetchedLead, ProviderDetails, ProviderSummary } from '../../gateway/lead/funnel-schemas';
import { createOneTimeSession, OneTimeTokenHolder, type OneTimeTokenStatus } from '../../gateway/one-time-token';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import type { WidgetStore } from '../../runtime/store';
import { funnelStorageKey, readPersistedFunnel, sessionStorageOrNull, writePersistedFunnel, type FunnelStorage } from './funnel-storage';

/**
 * The `<raq-funnel>` state (issue #8): jotai atoms, React-free, one store per element. Pure
 * rules live in src/domain/funnel-*.ts; these atoms hold the state and make the gateway calls.
 * Every customer call goes through the one-time session (gateway/one-time-token.ts): the
 * token stays in memory and only ever travels in the Authorization header. What survives a
 * reload is written by `persistFunnel` (only the fields of domain/funnel-session.ts).
 */

// ---- Inputs (attributes, route) ------------------------------------------------------------

export interface FunnelInputs {
  /** Preset category (`category-id` attribute): the "query" category of §4. */
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
/** The project step's fields: contact details live here, in memory only (never persisted). */
export const projectDetailsAtom = atom<ProjectDetails>(EMPTY_PROJECT_DETAILS);
/** The provider's details once loaded (its categories drive the category rules). */
export const providerAtom = atom<ProviderDetails | null>(null);
/** Where loading the provider stands (the entry step shows a failure with a retry). */
export const providerStatusAtom = atom<{ readonly state: 'idle' | 'loading' | 'loaded' } | { readonly state: 'failed'; readonly error: GatewayError }>({ state: 'idle' });
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

/** Where the state puts the funnel (§2 routes): withAlId stays until the provider's details arrived. */
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
const tokenHolderAtom = atom(() => new OneTimeTokenHolder());

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

// ---- Stale requests ---------------------------------------------------------------------------

/** One AbortController per kind of request: starting one aborts the previous (a stale answer never lands). */
const controllersAtom = atom(() => new Map<string, AbortController>());

function restart(get: Getter, kind: string): AbortSignal {
  const controllers = get(controllersAtom);
  controllers.get(kind)?.abort();
  const controller = new AbortController();
  controllers.set(kind, controller);
  return controller.signal;
}

export type ActionResult<T = undefined> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: GatewayError | null; readonly problems?: readonly ProjectField[]; readonly challenge?: boolean };

const ok = <T>(value: T): ActionResult<T> => ({ ok: true, value });
function failed(error: unknown): ActionResult<never> {
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
export const persistedFunnelAtom = atom((get) => persistedFunnel(get(funnelSessionAtom), get(funnelFormAtom)));

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

// ---- Entry: provider, category, postal code, eligibility ------------------------------------

/**
 * §4: loads the provider the customer came from (withAlId resolves a listing to its AL
 * business); on success the form's serviceProviderId is the response's, the category follows
 * the provider category choice, and the location drops withAlId.
 */
export const loadProviderAtom = atom(null, async (get, set, chosen?: { serviceProviderId: number }): Promise<ActionResult<ProviderDetails | null>> => {
  const inputs = get(funnelInputsAtom);
  const withAlId = chosen ? false : inputs.withAlId !== null;
  const requested = chosen?.serviceProviderId ?? inputs.withAlId ?? inputs.serviceProviderId ?? get(funnelFormAtom).serviceProviderId;
  if (requested === null) return ok(null);
  const signal = restart(get, 'provider');
  set(providerStatusAtom, { state: 'loading' });
  try {
    const details = await getServiceProviderDetails(get(oneTimeSessionAtom).client, { serviceProviderId: requested, withAlId }, { signal });
    const form = get(funnelFormAtom);
    const chosen = chooseProviderCategory({ formCategoryId: form.categoryId, queryCategoryId: inputs.categoryId }, details.categories);
    set(funnelFormAtom, applyProviderCategory({ ...form, serviceProviderId: details.serviceProviderId }, chosen));
    set(providerAtom, details);
    set(providerStatusAtom, { state: 'loaded' });
    return ok(details);
  } catch (error) {
    if (isGatewayError(error) && !isAbortError(error)) set(providerStatusAtom, { state: 'failed', error });
    return failed(error);
  }
});

/** §7 GET /v1/topCategories: what the category field offers before anything is typed (none when they cannot be had). */
export const topCategoriesAtom = atom(async (get, { signal }) => {
  try {
    return (await getTopCategories(get(oneTimeSessionAtom).client, { signal })).categories;
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return [];
  }
});

/** §4 taxonomy rule for a chosen autocomplete result; a parent's unknown name is looked up. */
export const chooseCategoryResultAtom = atom(null, async (get, set, result: TaxonomyResult): Promise<TaxonomyOutcome> => {
  const provider = get(providerAtom);
  const outcome = selectTaxonomyResult(result, {
    providerCategoryIds: provider ? provider.categories.map((c) => c.categoryId) : null,
    nameOf: (id) => provider?.categories.find((c) => c.categoryId === id)?.categoryName,
  });
  if (!outcome.ok) return outcome;
  const { selection } = outcome;
  set(funnelFormAtom, withCategory(get(funnelFormAtom), selection));
  set(eligibilityAtom, null);
  if (selection.categoryName === null) await resolveCategoryName(get, set, selection.categoryId);
  return outcome;
});

/** A category chosen without a name (a parent, a preset): its name from the taxonomy call. */
export const resolveCategoryNameAtom = atom(null, async (get, set) => {
  const { categoryId, categoryName } = get(funnelFormAtom);
  if (categoryId !== null && categoryName === null) await resolveCategoryName(get, set, categoryId);
});

async function resolveCategoryName(get: Getter, set: Setter, categoryId: number): Promise<void> {
  const signal = restart(get, 'categoryName');
  try {
    const category = await getTaxonomyCategory(get(oneTimeSessionAtom).client, categoryId, { signal });
    const form = get(funnelFormAtom);
    // Only if the choice is still the same category.
    if (form.categoryId === categoryId && form.categoryName === null) set(funnelFormAtom, { ...form, categoryName: category.name });
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    // The name stays unknown; the view shows the task name or asks again.
  }
}

/** Clearing the category (and task category) un-chooses it: the eligibility answer goes with it. */
export const clearCategoryAtom = atom(null, (get, set) => {
  set(funnelFormAtom, withoutCategory(get(funnelFormAtom)));
  set(eligibilityAtom, null);
});

/** The postal code as typed: kept only when it is five digits; a change drops the eligibility answer. */
export const setPostalCodeAtom = atom(null, (get, set, postalCode: string) => {
  const value = postalCode.trim();
  const form = get(funnelFormAtom);
  const next = isPostalCode(value) ? value : null;
  if (next === form.postalCode) return;
  set(funnelFormAtom, { ...form, postalCode: next, advertisingZone: null });
  set(eligibilityAtom, null);
});

/** City and state of the postal code (shown beside the field); null when unknown. Stale lookups are aborted. */
export const cityStateAtom = atom(async (get, { signal }) => {
  const { postalCode } = get(funnelFormAtom);
  if (!isPostalCode(postalCode)) return null;
  try {
    return await getCityAndStateByPostalCode(get(oneTimeSessionAtom).client, postalCode, { signal });
  } catch (error) {
    if (isGatewayError(error) && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
});

/**
 * §4 eligibility: can the provider serve this postal code? When not, the alternatives for the
 * category and postal code are fetched (v4 suggestions, the one-time session's token).
 */
export const checkEligibilityAtom = atom(null, async (get, set): Promise<ActionResult<boolean>> => {
  const form = get(funnelFormAtom);
  if (form.serviceProviderId === null || !isPostalCode(form.postalCode)) return ok(true);
  const signal = restart(get, 'eligibility');
  const { client } = get(oneTimeSessionAtom);
  try {
    const { eligible } = await getPostalCodeEligibility(client, { serviceProviderId: form.serviceProviderId, postalCode: form.postalCode }, { signal });
    let alternatives: SplitSuggestions<ProviderSummary> | null = null;
    if (!eligible && form.categoryId !== null) {
      const response = await getSuggestions(
        client,
        { categoryId: form.categoryId, postalCode: form.postalCode, excludedServiceProviderIds: [form.serviceProviderId], limit: SUGGESTION_LIMIT },
        { signal },
      );
      alternatives = splitSuggestions(response);
    }
    set(eligibilityAtom, { eligible, alternatives });
    return ok(eligible);
  } catch (error) {
    return failed(error);
  }
});

/**
 * The customer picks a provider (an alternative): its details load, and once they are in it is
 * the form's provider (loadProviderAtom sets it from the answer). Not before: when they cannot be
 * had, the form kept the chosen id beside the previous provider's details, Continue went on to
 * the project step with it, and the lead was created with the previous provider's type — an AL
 * pro sent as an HA one, refused (400) on every Send (found by the funnel's fault run,
 * test/reliability/funnel.model.test.ts). Now the previous provider stays, with its alternatives.
 */
export const chooseProviderAtom = atom(null, async (_get, set, serviceProviderId: number) => {
  set(eligibilityAtom, null);
  return set(loadProviderAtom, { serviceProviderId });
});

export const goToStepAtom = atom(null, (get, set, step: FunnelSession['step']) => set(funnelSessionAtom, { ...get(funnelSessionAtom), step }));

// ---- Project: create the lead ------------------------------------------------------------------

/**
 * The create call in flight (a double click joins it), the request waiting for its lead (the
 * last one sent and not created yet), the key of each request sent and not created yet, and the
 * lead each request created (the same request again gets that lead, nothing sent).
 *
 * A key per request, not only the last one's: after a Send whose create reached the gateway (its
 * answer lost), changed details that failed too, and the details changed back, the first request
 * went again under a new key — two identical leads (found with the funnel's fault run,
 * test/reliability/funnel.model.test.ts).
 */
const createStateAtom = atom(() => ({
  inFlight: null as Promise<ActionResult<number>> | null,
  body: null as string | null,
  /** The payload of `body` (what a replay sends: see latestCreate). */
  payload: null as CreateLeadV3 | null,
  keys: new Map<string, string>(),
  created: new Map<string, number>(),
  /** This funnel's creates, one group in the client's replay queue: the newest one queued stands for the others. */
  replayGroup: `raq-funnel.create:${newIdempotencyKey()}`,
  /** Requests replayed after a passed challenge that brought no lead back, with why (until sent again). */
  replayFailures: new Map<string, GatewayError>(),
}));

function leadCreated(get: Getter, set: Setter, leadId: number, body: string): void {
  get(tokenHolderAtom).lockIssuing();
  const state = get(createStateAtom);
  // The same lead a second time — a create replayed after a passed challenge and Send again with
  // the same key both answer with it, in either order — is in hand already: not announced again,
  // the funnel not moved again. It fired `lk-lead-create` twice for one lead (found by the funnel's
  // fault run, test/reliability/funnel.model.test.ts).
  if ([...state.created.values()].includes(leadId)) return;
  state.created.set(body, leadId);
  state.keys.delete(body);
  if (state.body === body) {
    state.body = null;
    state.payload = null;
  }
  set(funnelSessionAtom, { ...get(funnelSessionAtom), leadId, step: 'suggestions' });
  set(createdLeadAtom, { leadId, seq: (get(createdLeadAtom)?.seq ?? 0) + 1 });
}

/**
 * What a create replayed after a passed challenge sends: the request the customer confirmed last
 * and that is not created yet — the changed details they sent while the challenge went on, not
 * the older ones that met it — under that request's own key; nothing when it was created
 * meanwhile (or a new request was started). A replay of the older request created the older
 * lead beside the newer one (issue 36 §5).
 */
function latestCreate(get: Getter, set: Setter): ReplayTarget<Awaited<ReturnType<typeof createLeadV3>>, CreateLeadV3> | null {
  const state = get(createStateAtom);
  const text = state.body;
  const key = text === null ? undefined : state.keys.get(text);
  if (text === null || state.payload === null || key === undefined) return null;
  return {
    body: state.payload,
    idempotencyKey: key,
    onReplayed: (outcome) => {
      if (!outcome.ok) {
        state.replayFailures.set(text, outcome.error);
        return;
      }
      // Only while it is still the request on screen: a replay answering after the customer
      // changed the details and sent those (created, or on their way) took the funnel back to
      // the older lead (found by the funnel's fault run, test/reliability/funnel.model.test.ts).
      if (state.body === text) leadCreated(get, set, outcome.value.leadId, text);
    },
  };
}

/**
 * Submits the project step: creates the lead (POST /v3/lead) with one Idempotency-Key per
 * user action — a double click joins the call in flight, a retry of the same request reuses
 * the key — so it is never created twice. On a 511 the result says `challenge` (the view
 * closes its modal); once the challenge is passed the call is replayed once and the lead id
 * arrives then. The typed details are kept whatever happens.
 */
export interface SubmitProjectOptions {
  /** Called when the create answers 511 (§4 "create-lead 511 closes the modal via callback"), before the challenge runs. */
  readonly onChallenge?: () => void;
}

export const submitProjectAtom = atom(null, (get, set, options: SubmitProjectOptions = {}): Promise<ActionResult<number>> => {
  const state = get(createStateAtom);
  if (state.inFlight) return state.inFlight;
  const form = get(funnelFormAtom);
  const details = get(projectDetailsAtom);
  const problems = projectProblems(details, form);
  if (problems.length > 0) return Promise.resolve({ ok: false, error: null, problems });
  const body = createLeadV3Payload(form, details, get(providerAtom)?.serviceProviderType ?? 'AL');
  const text = JSON.stringify(body);
  // The same request again after its lead was created (a late second click, or Send again after
  // Back from the suggestions): that lead, nothing sent, and on to its suggestions as after the
  // first answer (not announced again). It stayed on the project step, the view's click guard on:
  // a dead Send button (found by the funnel's fault run, test/reliability/funnel.model.test.ts).
  const created = state.created.get(text);
  if (created !== undefined) {
    set(funnelSessionAtom, { ...get(funnelSessionAtom), leadId: created, step: 'suggestions' });
    return Promise.resolve(ok(created));
  }
  let key = state.keys.get(text);
  if (key === undefined) {
    key = newIdempotencyKey();
    state.keys.set(text, key);
  }
  state.body = text;
  state.payload = body;
  state.replayFailures.delete(text);
  const run = async (): Promise<ActionResult<number>> => {
    try {
      const { leadId } = await createLeadV3(get(oneTimeSessionAtom).client, body, {
        idempotencyKey: key,
        // After a passed challenge, what the customer confirmed last is sent, once (latestCreate).
        replayGroup: state.replayGroup,
        replayLatest: () => latestCreate(get, set),
      });
      leadCreated(get, set, leadId, text);
      return ok(leadId);
    } catch (error) {
      if (isGatewayError(error) && error.kind === 'challenge') options.onChallenge?.();
      return failed(error);
    } finally {
      state.inFlight = null;
    }
  };
  state.inFlight = run();
  return state.inFlight;
});

/** How a challenge met by a create ended, for that request (see settleChallengeAtom). */
export type ChallengeSettled =
  | { readonly kind: 'created'; readonly leadId: number }
  /** Not passed (or no host handles challenges): nothing was sent again. */
  | { readonly kind: 'not-passed' }
  /** Passed, and the request was sent again, but no lead came back: its answer was lost, or it was refused. */
  | { readonly kind: 'failed'; readonly error: GatewayError };

/**
 * After a create answered 511: waits until the challenge (the host's `onChallenge`) and the
 * replay it triggers are settled. Resolves the lead that request created; `failed` when the check
 * was passed but the replay brought no lead back (its answer lost: the step said the check was
 * not passed and nothing was sent, while the request had gone — issue 36 §5); `not-passed` when
 * no lead came of it otherwise (the challenge failed, or the host handles no challenges). That
 * request's own lead, not the session's: after Back with changed details, a lead created earlier
 * made a failed check look passed — the step kept saying the request would be sent, and it never
 * was (found by the funnel's fault run, test/reliability/funnel.model.test.ts).
 */
export const settleChallengeAtom = atom(null, async (get): Promise<ChallengeSettled> => {
  const state = get(createStateAtom);
  // The request that met the challenge: the last one sent and not created yet.
  const body = state.body;
  await get(oneTimeSessionAtom).client.whenChallengeSettled();
  if (body === null) return { kind: 'not-passed' };
  const leadId = state.created.get(body);
  if (leadId !== undefined) return { kind: 'created', leadId };
  const error = state.replayFailures.get(body);
  return error ? { kind: 'failed', error } : { kind: 'not-passed' };
});

// ---- Suggestions ---------------------------------------------------------------------------------

/**
 * §4 suggestion page: the lead (postal code, category), then v4 suggestions for it without
 * the pros it already went to (limit 3), split into AL and HA; the additional-provider fields
 * are cleared and set to their defaults. If the lead or the suggestions cannot be fetched the
 * funnel goes to the summary of that lead.
 */
export const loadSuggestionsAtom = atom(null, async (get, set): Promise<ActionResult<SplitSuggestions<ProviderSummary>>> => {
  const { leadId } = get(funnelSessionAtom);
  if (leadId === null) return { ok: false, error: null };
  const signal = restart(get, 'suggestions');
  const { client } = get(oneTimeSessionAtom);
  try {
    const [lead, assigned] = await Promise.all([fetchLead(client, leadId, { signal }), getLeadServiceProviders(client, leadId, { signal })]);
    const request = suggestionRequest(
      { categoryId: lead.category.id, postalCode: lead.postalAddress.postalCode },
      assigned.serviceProviders.map((p) => p.id),
    );
    const split = splitSuggestions(await getSuggestions(client, request, { signal }));
    const form = get(funnelFormAtom);
    set(funnelFormAtom, withSuggestionsLoaded({ ...form, postalCode: lead.postalAddress.postalCode, advertisingZone: lead.postalAddress.advertisingZone ?? null }, split));
    set(fetchedLeadAtom, lead);
    set(suggestionsAtom, split);
    return ok(split);
  } catch (error) {
    if (isAbortError(error)) return failed(error);
    set(funnelSessionAtom, { ...get(funnelSessionAtom), step: 'summary' });
    return failed(error);
  }
});

/** A checkbox `additional-sp-{id}` / `additional-hasp-{id}` changed. */
export const setAdditionalFieldAtom = atom(null, (get, set, change: { name: string; checked: boolean }) => {
  const suggestions = get(suggestionsAtom);
  if (!suggestions) return;
  set(funnelFormAtom, setAdditionalField(get(funnelFormAtom), suggestions, change.name, change.checked));
});

/**
 * The Idempotency-Key of each assign and pro-selection call sent, by its payload: the same call
 * again (Send again after a failure, also after other pros were checked meanwhile) reuses its
 * key, so a call whose answer was lost is not done twice. Without keys the HA pros were notified
 * twice (found by the funnel's fault run, test/reliability/funnel.model.test.ts).
 */
const selectionKeysAtom = atom(() => new Map<string, string>());

function selectionKey(get: Getter, payload: unknown): string {
  const keys = get(selectionKeysAtom);
  const text = JSON.stringify(payload);
  let key = keys.get(text);
  if (key === undefined) {
    key = newIdempotencyKey();
    keys.set(text, key);
  }
  return key;
}

/**
 * Sends the request to the chosen pros: assign v2 (ids as integers, the serviceRequestId) and,
 * for HA pros, send-ol-pro-selection; then the summary. Nothing chosen: straight to the summary.
 */
export const sendSelectionAtom = atom(null, async (get, set): Promise<ActionResult> => {
  const { leadId } = get(funnelSessionAtom);
  const form = get(funnelFormAtom);
  if (leadId === null) return { ok: false, error: null };
  try {
    if (form.selectedAdditionalTotalSpListCount > 0) {
      const { client } = get(oneTimeSessionAtom);
      const assign = assignPayload(form);
      await assignLeadV2(client, leadId, assign, { idempotencyKey: selectionKey(get, ['assign', leadId, assign]) });
      const selection = proSelectionPayload(form);
      if (selection) await sendProSelection(client, selection, { idempotencyKey: selectionKey(get, ['pro-selection', selection]) });
    }
    set(funnelSessionAtom, { ...get(funnelSessionAtom), step: 'summary' });
    return ok(undefined);
  } catch (error) {
    return failed(error);
  }
});

// ---- Summary ----------------------------------------------------------------------------------------

/** Bumped after a change the summary shows (a pro marked hired). */
const summaryRevisionAtom = atom(0);

/** The pros the lead went to (the comparison call), with hired and responded flags. */
export const comparisonAtom = atom(async (get, { signal }) => {
  get(summaryRevisionAtom);
  const { leadId, step } = get(funnelSessionAtom);
  if (leadId === null || step !== 'summary') return null;
  return getProviderComparison(get(oneTimeSessionAtom).client, leadId, { signal });
});

/**
 * The summary's lead as the gateway has it (title, description, timing, category, postal code):
 * null when it cannot be had (e.g. after a reload the session's token is gone).
 */
export const summaryLeadAtom = atom(async (get, { signal }) => {
  const { leadId, step } = get(funnelSessionAtom);
  if (leadId === null || step !== 'summary') return null;
  try {
    return await fetchLead(get(oneTimeSessionAtom).client, leadId, { signal });
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return null;
  }
});

/** Follow-up deals for the lead's category and postal code; none when there are none or they cannot be had. */
export const followUpDealsAtom = atom(async (get, { signal }) => {
  const { step } = get(funnelSessionAtom);
  const { categoryId, taskCategoryId, postalCode: formPostalCode } = get(funnelFormAtom);
  const lead = step === 'summary' ? await get(summaryLeadAtom) : null;
  // The lead's own category and postal code when it could be fetched (a deep link has no form).
  const category = lead?.category.id ?? taskCategoryId ?? categoryId;
  const postalCode = lead?.postalAddress.postalCode ?? formPostalCode;
  if (step !== 'summary' || category === null || !isPostalCode(postalCode)) return [];
  try {
    return (await getFollowUpDeals(get(oneTimeSessionAtom).client, { categoryId: category, postalCode }, { signal })).deals;
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return [];
  }
});

/** §5: the phone update sends only phoneNumber (10 digits). */
export const updatePhoneAtom = atom(null, async (get, _set, raw: string): Promise<ActionResult<string>> => {
  const phoneNumber = normalizePhone(raw);
  if (!phoneNumber) return { ok: false, error: null, problems: ['phoneNumber'] };
  try {
    return ok((await updateUserPhone(get(oneTimeSessionAtom).client, phoneNumber)).phoneNumber);
  } catch (error) {
    return failed(error);
  }
});

export const markHiredAtom = atom(null, async (get, set, pro: { serviceProviderId: number; serviceProviderType: 'AL' | 'HA' }): Promise<ActionResult> => {
  const { leadId } = get(funnelSessionAtom);
  if (leadId === null) return { ok: false, error: null };
  try {
    await markHired(get(oneTimeSessionAtom).client, leadId, pro);
    set(summaryRevisionAtom, (n) => n + 1);
    return ok(undefined);
  } catch (error) {
    return failed(error);
  }
});

/**
 * A new request: the funnel's own token is ended at the gateway, everything but the session
 * flags (authenticated workflow, referrer) goes back to the start.
 */
export const startNewRequestAtom = atom(null, async (get, set) => {
  for (const controller of get(controllersAtom).values()) controller.abort();
  await get(oneTimeSessionAtom).end();
  const session = get(funnelSessionAtom);
  set(funnelSessionAtom, { ...INITIAL_FUNNEL_SESSION, rehydrateComplete: session.rehydrateComplete, isAuthenticatedWorkflow: session.isAuthenticatedWorkflow, entryPointReferrer: session.entryPointReferrer });
  set(funnelFormAtom, EMPTY_FUNNEL_FORM);
  set(projectDetailsAtom, EMPTY_PROJECT_DETAILS);
  const createState = get(createStateAtom);
  createState.body = null;
  createState.payload = null;
  createState.keys.clear();
  createState.created.clear();
  createState.replayFailures.clear();
  set(providerAtom, null);
  set(providerStatusAtom, { state: 'idle' });
  set(suggestionsAtom, null);
  set(fetchedLeadAtom, null);
  set(eligibilityAtom, null);
});
