/**
 * Model-based fault runs (docs/reliability.md) — the request-a-quote funnel, at the store level
 * (state/: shared-atoms.ts and the steps' atoms files: the atoms the steps use, wired as the frame and the steps wire them), against
 * the in-process sandbox behind the fault layer (./faults.ts), on a fake clock.
 *
 * Per run: where the customer comes from (Acme's HA listing with `withAlId`, Acme itself, a pro
 * who does not serve the ZIP code — the alternatives — or no pro at all), and whether the host
 * signed the customer in (a host token) or the funnel obtains a guest token itself.
 *
 * Actions (fc.commands): choose a category (a task, a top-level one), 'Continue' on the entry
 * step (eligibility), choose an alternative pro, 'Try again' on the provider's failure; type the
 * project details (one of three descriptions, so a customer can go back to an earlier text),
 * Send (the confirm modal's), a double click on Send, Back to the entry step; on the suggestions,
 * check or uncheck a pro, Send to the chosen pros (or skip), the browser's Back (suggestions →
 * project, summary → suggestions); time passing; and, weighing most, 'forward': the customer
 * waits until the step is ready and does its next thing (so most runs reach the suggestions and
 * the summary). Around the atoms, what the components do is done
 * the same way: the frame loads the pro (and asks again once for a newly chosen one), names a
 * category chosen without its name and announces each created lead (`lk-lead-create`); the
 * project step's click guard, its notices ('failed', 'challenge', 'challenge failed') and its wait
 * for the challenge; the suggestions step's load on every visit, its click guard and failure;
 * the entry step's busy guard and failure; the summary's pros (the comparison call).
 *
 * After the run settles (every timer run: hangs end at the client's time limit; faults still on):
 * - nothing stuck: no Send whose click guard stays on the project step (a dead button), no
 *   suggestions loading or sending for ever, no provider loading, no 'challenge' notice left
 *   after the challenge ended;
 * - every lead the customer sent is on the server at most once (one lead per create body — a
 *   retry, a double click, a 511 replay or a lost answer never makes two), and no request went
 *   out with one idempotency key more often than the customer's Sends plus the challenges
 *   passed; one guest token (member) per funnel at most;
 * - the last Send: its lead is on the server and the funnel shows it (suggestions / summary of
 *   that lead), or the project step says it failed with everything typed still there and Send
 *   available (unless the customer changed the details or left the step since) — never silently
 *   gone;
 * - each pro selection the funnel said was sent is on the server (the lead's pros), and one that
 *   failed is on screen as failed with the same pros checked and Send available; no pro
 *   selection notified twice (idempotency keys);
 * - each created lead announced once; the summary's pros are the server's;
 * Then with the faults gone, Send again where a Send failed (the project step's or the pros'):
 * that lead is on the server exactly once and shown, that selection on the server; no unhandled
 * rejection, no console.error.
 * 100 runs here (≤ 25 actions); `npm run soak` (SOAK=1) runs 1,000 with ≤ 50 actions.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { createStore } from 'jotai/vanilla';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, SANDBOX_MEMBER_TOKEN, type SandboxGateway } from '@leadkit/sandbox';
import { createLeadV3Payload, type ProjectDetails } from '../../src/domain/funnel/lead';
import { additionalFieldName } from '../../src/domain/funnel/suggestions';
import type { TaxonomyResult } from '../../src/domain/funnel/taxonomy';
import type { FunnelStep } from '../../src/domain/funnel/routes';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/core/client';
import { isAbortError, isGatewayError } from '../../src/gateway/core/errors';
import { getProviderComparison } from '../../src/gateway/lead/funnel/calls';
import { CreateLeadV3Schema } from '../../src/gateway/lead/funnel/schemas';
import { clientAtom } from '../../src/runtime/client-atom';
import { loadableOf } from '../../src/runtime/loadable';
import {
  checkEligibilityAtom,
  chooseCategoryResultAtom,
  chooseProviderAtom,
  loadProviderAtom,
  resolveCategoryNameAtom,
} from '../../src/widgets/raq-funnel/state/entry-step-atoms';
import { comparisonAtom } from '../../src/widgets/raq-funnel/state/summary-step-atoms';
import {
  createdLeadAtom,
  eligibilityAtom,
  funnelFormAtom,
  funnelInputsAtom,
  funnelSessionAtom,
  goToStepAtom,
  openLocationAtom,
  projectDetailsAtom,
  providerAtom,
  providerStatusAtom,
  startFunnelAtom,
  suggestionsAtom,
  type FunnelInputs,
} from '../../src/widgets/raq-funnel/state/shared-atoms';
import { loadSuggestionsAtom, sendSelectionAtom, setAdditionalFieldAtom } from '../../src/widgets/raq-funnel/state/suggestions-step-atoms';
import { settleChallengeAtom, submitProjectAtom } from '../../src/widgets/raq-funnel/state/project-step-atoms';
import {
  COMMAND_SETTINGS,
  RUN_SETTINGS,
  RUNS,
  Action,
  addRun,
  advance,
  challengeFateArb,
  countOutcome,
  cpuMs,
  createFaultLayer,
  failing,
  formatTotals,
  installFakeClock,
  newTotals,
  realTick,
  requestFateArb,
  settleTimers,
  watchForErrors,
  type ChallengeFate,
  type FaultLayer,
  type FaultLayerOptions,
  type Model,
  type RequestFate,
  type WireRecord,
} from './faults';

const CREATE_PATH = '/gateway/lead/v3/lead';
const PRO_SELECTION_PATH = '/gateway/lead/v1/service-request/send-ol-pro-selection';
/** Leads the sandbox creates at run time get ids from 400001 (seeded ones are below). */
const FIRST_CREATED_LEAD = 400_001;
const comparisonLoadableAtom = loadableOf(comparisonAtom);

const totals = newTotals();
let elapsedMs = 0;
let elapsedCpuMs = 0;

// ---- Where the customer comes from ------------------------------------------------------------

type Entry = 'withAlId' | 'pro' | 'ineligible' | 'none';
const ENTRY_INPUTS: Readonly<Record<Entry, Partial<FunnelInputs>>> = {
  // Acme's HA listing, resolved to its AL business (1001).
  withAlId: { withAlId: 2001 },
  pro: { serviceProviderId: 1001 },
  // Cap City Plumbing (HA) serves Austin only: not eligible in Denver, alternatives offered.
  ineligible: { serviceProviderId: 2005 },
  none: {},
};

/** Autocomplete results the customer may choose (a task under Plumbing, Plumbing itself). */
const CATEGORY_RESULTS: readonly TaxonomyResult[] = [
  { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } },
  { categoryId: 10002, name: 'Water Heater Repair', parentCategory: { categoryId: 100 } },
  { categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } },
];

const DESCRIPTIONS = ['Kitchen sink drains slowly', 'Bathroom sink too', 'Water heater leaks'] as const;
const URGENCIES = [null, 'Within a week'] as const;

function projectDetails(description: number, urgency: number): ProjectDetails {
  return {
    description: DESCRIPTIONS[description % DESCRIPTIONS.length]!,
    urgency: URGENCIES[urgency % URGENCIES.length]!,
    answers: [],
    address: { lineOne: '1600 Larimer St', lineTwo: '', city: 'Denver', state: 'CO', postalCode: '80202' },
    showAddress: false,
    contact: { firstName: 'Casey', lastName: 'Nguyen', email: 'casey.nguyen@example.com', phoneNumber: '(303) 555-0177' },
  };
}

// ---- The system under test: a funnel store wired as the frame and the steps wire it ---------------

type Store = ReturnType<typeof createStore>;

/** The mounted step's own React state (a new one per mount: a remounted step starts afresh). */
interface EntryView {
  readonly step: 'entry';
  mounted: boolean;
  busy: boolean;
  failed: boolean;
}
interface ProjectView {
  readonly step: 'project';
  mounted: boolean;
  /** The click guard (sendingRef): set from a click until its result came back, and kept after a success. */
  guard: boolean;
  sending: boolean;
  notice: 'challenge' | 'challengeFailed' | 'failed' | null;
}
interface SuggestionsView {
  readonly step: 'suggestions';
  mounted: boolean;
  loaded: boolean;
  sending: boolean;
  failed: boolean;
}
interface SummaryView {
  readonly step: 'summary';
  mounted: boolean;
  readonly unsubscribe: () => void;
}
type View = EntryView | ProjectView | SuggestionsView | SummaryView;

/** One Send of the project step that reached submitProjectAtom. */
interface CreateIntent {
  readonly seq: number;
  /** The create body the atom sends for it (canonical JSON). */
  readonly body: string;
  readonly details: ProjectDetails;
  readonly view: ProjectView;
  outcome: 'pending' | 'created' | 'failed' | 'challenge' | 'challenge-failed' | 'problems' | 'aborted';
  /** The customer changed the details after it came back without a lead. */
  edited: boolean;
}

/** One Send of the suggestions step with pros chosen. */
interface SelectionIntent {
  readonly leadId: number;
  readonly al: readonly number[];
  readonly ha: readonly number[];
  readonly serviceRequestId: number;
  readonly view: SuggestionsView;
  outcome: 'pending' | 'sent' | 'failed';
  /** The customer changed the pros checked after sending it. */
  changed: boolean;
}

interface Funnel {
  readonly sandbox: SandboxGateway;
  readonly layer: FaultLayer;
  readonly client: GatewayClient;
  readonly store: Store;
  readonly setup: RunSetup;
  view: View;
  readonly creates: CreateIntent[];
  readonly selections: SelectionIntent[];
  /** Sends per create body (the key check: a body keeps its key until its lead is created). */
  readonly sendsPerBody: Map<string, number>;
  /** Leads the frame announced (`lk-lead-create`), in order. */
  readonly announced: number[];
  /** The frame's provider effect: what it asked for last (askedProvider). */
  askedProvider: string | null;
  /** Members before the run (a guest token the funnel obtains adds one). */
  readonly members: number;
  /** The final phase sent the last request again. */
  sentAgain: boolean;
  /** The first selection the final phase sent again (its index), if it did. */
  selectionsSentAgain: number | null;
  actions: number;
  readonly log: string[];
  readonly problems: string[];
  readonly unsubscribe: () => void;
}

function mount(funnel: Funnel, step: FunnelStep): View {
  const { store } = funnel;
  switch (step) {
    case 'entry':
      return { step, mounted: true, busy: false, failed: false };
    case 'project':
      return { step, mounted: true, guard: false, sending: false, notice: null };
    case 'suggestions': {
      const view: SuggestionsView = { step, mounted: true, loaded: false, sending: false, failed: false };
      // Every visit asks afresh (SuggestionsStep's effect); a failure moves the funnel to the summary.
      void store.set(loadSuggestionsAtom).then((result) => {
        countOutcome(totals, result.ok ? 'suggestions loaded' : 'suggestions failed (to the summary)');
        if (view.mounted && result.ok) view.loaded = true;
      });
      return view;
    }
    case 'summary':
      // The summary shows the pros the lead went to (its loadable, subscribed while shown).
      return { step, mounted: true, unsubscribe: store.sub(comparisonLoadableAtom, () => {}) };
  }
}

function openFunnel(setup: RunSetup, fates: Iterator<RequestFate>, challenges: Iterator<ChallengeFate>, fateFor?: FaultLayerOptions['fateFor']): Funnel {
  const sandbox = createSandboxGateway({ now: () => new Date() });
  const layer = createFaultLayer({ sandbox, fates, challenges, fateFor });
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    auth: setup.hostToken ? { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } : { kind: 'anonymous' },
    fetch: layer.fetch,
    onChallenge: layer.onChallenge,
  });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(funnelInputsAtom, { categoryId: null, postalCode: '80202', serviceProviderId: null, withAlId: null, referrer: null, ...ENTRY_INPUTS[setup.entry] });
  store.set(startFunnelAtom, { storage: null });
  const funnel: Funnel = {
    sandbox,
    layer,
    client,
    store,
    setup,
    view: { step: 'entry', mounted: true, busy: false, failed: false },
    creates: [],
    selections: [],
    sendsPerBody: new Map(),
    announced: [],
    askedProvider: null,
    members: sandbox.store.members.length,
    sentAgain: false,
    selectionsSentAgain: null,
    actions: 0,
    log: [],
    problems: [],
    unsubscribe: () => {},
  };

  // The frame's effects, after each render that changes what they read.
  const providerEffect = () => {
    const inputs = store.get(funnelInputsAtom);
    const form = store.get(funnelFormAtom);
    const status = store.get(providerStatusAtom);
    const wanted = inputs.withAlId ?? inputs.serviceProviderId ?? form.serviceProviderId;
    const loaded = store.get(providerAtom)?.serviceProviderId ?? null;
    if (status.state === 'loading') return;
    const chosen = loaded !== null && form.serviceProviderId !== null && form.serviceProviderId !== loaded ? form.serviceProviderId : null;
    if (loaded !== null && chosen === null) return;
    if (loaded === null && wanted === null) return;
    const key = chosen === null ? `wanted:${wanted}` : `form:${chosen}`;
    if (status.state === 'failed' && funnel.askedProvider === key) return;
    funnel.askedProvider = key;
    void (chosen === null ? store.set(loadProviderAtom) : store.set(loadProviderAtom, { serviceProviderId: chosen }));
  };
  let lastCategory = '';
  const categoryEffect = () => {
    const { categoryId, categoryName } = store.get(funnelFormAtom);
    const key = `${categoryId}:${categoryName}`;
    if (key === lastCategory) return;
    lastCategory = key;
    if (categoryId !== null && categoryName === null) void store.set(resolveCategoryNameAtom);
  };
  let announcedSeq = 0;
  const announce = () => {
    const created = store.get(createdLeadAtom);
    if (!created || created.seq === announcedSeq) return;
    announcedSeq = created.seq;
    funnel.announced.push(created.leadId);
  };
  const stepChange = () => {
    const { step } = store.get(funnelSessionAtom);
    if (step === funnel.view.step) return;
    funnel.view.mounted = false;
    if (funnel.view.step === 'summary') funnel.view.unsubscribe();
    funnel.view = mount(funnel, step);
  };
  const effects = () =>
    queueMicrotask(() => {
      stepChange();
      providerEffect();
      categoryEffect();
      announce();
    });
  const subs = [funnelFormAtom, providerAtom, providerStatusAtom, funnelSessionAtom, createdLeadAtom].map((watched) => store.sub(watched, effects));
  effects();
  (funnel as { unsubscribe: () => void }).unsubscribe = () => {
    subs.forEach((unsub) => unsub());
    if (funnel.view.step === 'summary') funnel.view.unsubscribe();
  };
  return funnel;
}

// ---- Actions ---------------------------------------------------------------------------------

const chooseCategory = (i: number) =>
  new Action<Funnel>(`choose category ${CATEGORY_RESULTS[i]!.name}`, (funnel) => {
    if (funnel.view.step !== 'entry') return;
    void funnel.store.set(chooseCategoryResultAtom, CATEGORY_RESULTS[i]!);
  });

/** EntryStep's checkAndContinue: the project step when the pro serves the ZIP code. */
async function checkAndContinue(funnel: Funnel, view: EntryView): Promise<void> {
  const { store } = funnel;
  if (store.get(funnelFormAtom).serviceProviderId === null && store.get(providerAtom) === null) {
    store.set(goToStepAtom, 'project');
    return;
  }
  const result = await store.set(checkEligibilityAtom);
  if (!result.ok) {
    if (!(isGatewayError(result.error) && result.error.kind === 'aborted') && view.mounted) view.failed = true;
    return;
  }
  if (result.value) store.set(goToStepAtom, 'project');
}

/** EntryStep's submit ('Continue'): a category and a ZIP code, then the eligibility. */
const continueEntry = new Action<Funnel>('continue', (funnel) => {
  const { view, store } = funnel;
  if (view.step !== 'entry' || view.busy) return;
  view.failed = false;
  if (store.get(funnelFormAtom).categoryId === null) return;
  view.busy = true;
  // Not awaited (the component does not wait either): the clock moves on while it is on its way.
  void checkAndContinue(funnel, view).finally(() => {
    view.busy = false;
  });
});

/** EntryStep's chooseAlternative: the pro becomes the form's, its details load, then the check. */
const chooseAlternative = (i: number) =>
  new Action<Funnel>(`choose alternative ${i}`, (funnel) => {
    const { view, store } = funnel;
    const eligibility = store.get(eligibilityAtom);
    if (view.step !== 'entry' || view.busy || !eligibility || eligibility.eligible || !eligibility.alternatives) return;
    const alternatives = [...eligibility.alternatives.al, ...eligibility.alternatives.ha];
    const pro = alternatives[i % Math.max(1, alternatives.length)];
    if (!pro) return;
    view.busy = true;
    view.failed = false;
    void (async () => {
      try {
        const chosen = await store.set(chooseProviderAtom, pro.id);
        if (!chosen.ok) {
          if (view.mounted) view.failed = true;
          return;
        }
        await checkAndContinue(funnel, view);
      } finally {
        view.busy = false;
      }
    })();
  });

/** The entry step's FailureBanner 'Try again' for the provider. */
const retryProvider = new Action<Funnel>('try again (provider)', (funnel) => {
  if (funnel.view.step !== 'entry' || funnel.store.get(providerStatusAtom).state !== 'failed') return;
  void funnel.store.set(loadProviderAtom);
});

const typeDetails = ({ description, urgency }: { description: number; urgency: number }) =>
  new Action<Funnel>(`type details "${DESCRIPTIONS[description]}" ${URGENCIES[urgency] ?? 'NA'}`, (funnel) => {
    // The form is under the confirm modal while it sends.
    if (funnel.view.step !== 'project' || funnel.view.sending) return;
    // A failed Send whose details the customer changes is theirs to send again (or not).
    const last = funnel.creates.at(-1);
    if (last && last.view === funnel.view && last.outcome !== 'created' && last.outcome !== 'pending') last.edited = true;
    funnel.store.set(projectDetailsAtom, projectDetails(description, urgency));
  });

/** The create body the atom sends for what the store holds now (null when the details cannot be sent). */
function createBody(funnel: Funnel): string | null {
  const { store } = funnel;
  try {
    const payload = createLeadV3Payload(store.get(funnelFormAtom), store.get(projectDetailsAtom), store.get(providerAtom)?.serviceProviderType ?? 'AL');
    // As it goes on the wire (the call's schema adds its defaults).
    return canonical(v.parse(CreateLeadV3Schema, payload));
  } catch {
    return null;
  }
}

/** ProjectStep's send(): one request per click run, the notices, the wait for a challenge. */
async function sendProject(funnel: Funnel): Promise<void> {
  const { view, store } = funnel;
  if (view.step !== 'project' || view.guard) return;
  view.guard = true;
  view.sending = true;
  const body = createBody(funnel);
  const intent: CreateIntent | null =
    body === null ? null : { seq: funnel.creates.length + 1, body, details: store.get(projectDetailsAtom), view, outcome: 'pending', edited: false };
  if (intent) {
    funnel.creates.push(intent);
    funnel.sendsPerBody.set(intent.body, (funnel.sendsPerBody.get(intent.body) ?? 0) + 1);
  }
  const result = await store.set(submitProjectAtom, {});
  view.sending = false;
  if (result.ok) {
    if (intent) intent.outcome = 'created';
    return; // the funnel moves on to the suggestions (the click guard stays)
  }
  view.guard = false;
  if (result.problems?.length) {
    if (intent) intent.outcome = 'problems';
    return;
  }
  if (result.challenge) {
    if (intent) intent.outcome = 'challenge';
    if (view.mounted) view.notice = 'challenge';
    // Passed: the replayed create moves the funnel on. Not passed: nothing was created. Passed
    // but no lead came back: a failed send.
    const settled = await store.set(settleChallengeAtom);
    if (settled.kind === 'not-passed') {
      if (intent && intent.outcome === 'challenge') intent.outcome = 'challenge-failed';
      if (view.mounted) view.notice = 'challengeFailed';
    } else if (settled.kind === 'failed' && !isAbortError(settled.error)) {
      if (intent && intent.outcome === 'challenge') intent.outcome = 'failed';
      if (view.mounted) view.notice = 'failed';
    }
    return;
  }
  if (result.error && isAbortError(result.error)) {
    if (intent) intent.outcome = 'aborted';
    return;
  }
  if (intent) intent.outcome = 'failed';
  if (view.mounted) view.notice = 'failed';
}

const send = new Action<Funnel>('send', (funnel) => {
  if (funnel.view.step === 'project') funnel.view.notice = null; // 'Review request' clears the notice, then Send
  void sendProject(funnel);
});

const doubleSend = new Action<Funnel>('send (double click)', (funnel) => {
  if (funnel.view.step === 'project') funnel.view.notice = null;
  void sendProject(funnel);
  void sendProject(funnel);
});

/** The project step's Back button; the browser's Back on the suggestions and the summary. */
const back = new Action<Funnel>('back', (funnel) => {
  const { store } = funnel;
  const { step, leadId } = store.get(funnelSessionAtom);
  const { serviceProviderId } = store.get(funnelFormAtom);
  if (step === 'project') {
    if (funnel.view.step === 'project' && !funnel.view.sending) store.set(goToStepAtom, 'entry');
  } else if (step === 'suggestions') {
    // The project route needs the pro; without one the project step stays on the entry route.
    store.set(openLocationAtom, serviceProviderId !== null ? { step: 'project', serviceProviderId } : { step: 'entry', withAlId: null });
  } else if (step === 'summary' && leadId !== null) store.set(openLocationAtom, { step: 'suggestions', leadId });
});

const togglePro = (i: number) =>
  new Action<Funnel>(`toggle pro ${i}`, (funnel) => {
    const { view, store } = funnel;
    const suggestions = store.get(suggestionsAtom);
    if (view.step !== 'suggestions' || !view.loaded || !suggestions) return;
    const pros = [...suggestions.al, ...suggestions.ha];
    const pro = pros[i % Math.max(1, pros.length)];
    if (!pro) return;
    const name = additionalFieldName(pro.serviceProviderType, pro.id);
    // A selection the customer changes (while it is sent, or after it failed) is theirs to send again, or not.
    const last = funnel.selections.at(-1);
    if (last && last.view === view && last.outcome !== 'sent') last.changed = true;
    store.set(setAdditionalFieldAtom, { name, checked: store.get(funnelFormAtom).additionalFields[name] !== true });
  });

/** SuggestionsStep's send(). */
async function sendPros(funnel: Funnel): Promise<void> {
  const { view, store } = funnel;
  if (view.step !== 'suggestions' || !view.loaded || view.sending) return;
  view.sending = true;
  view.failed = false;
  const form = store.get(funnelFormAtom);
  const { leadId } = store.get(funnelSessionAtom);
  let intent: SelectionIntent | null = null;
  if (leadId !== null && form.selectedAdditionalTotalSpListCount > 0 && form.serviceRequestId !== null) {
    intent = {
      leadId,
      al: form.selectedAdditionalSpListWithGatewayOrder,
      ha: form.selectedAdditionalHaSpListWithGatewayOrder,
      serviceRequestId: form.serviceRequestId,
      view,
      outcome: 'pending',
      changed: false,
    };
    funnel.selections.push(intent);
  }
  const result = await store.set(sendSelectionAtom);
  view.sending = false;
  if (intent) intent.outcome = result.ok ? 'sent' : 'failed';
  if (!result.ok && !(result.error && isAbortError(result.error)) && view.mounted) view.failed = true;
}

const sendSelection = new Action<Funnel>('send to the chosen pros', (funnel) => void sendPros(funnel));

/** Lets fake time pass, `step` at a time, until `done` or `maxMs` went by. */
async function waitFor(done: () => boolean, maxMs: number, step = 500): Promise<void> {
  for (let waited = 0; waited < maxMs && !done(); waited += step) await advance(step, step);
}

/** Whether the step on screen takes input: not loading, busy or sending. */
function ready({ view, store }: Funnel): boolean {
  switch (view.step) {
    case 'entry':
      return !view.busy && store.get(providerStatusAtom).state !== 'loading';
    case 'project':
      return !view.sending;
    case 'suggestions':
      return view.loaded && !view.sending;
    case 'summary':
      return true;
  }
}

/**
 * What the customer does next where they are (so most runs get through the funnel): choose a
 * category, then Continue (or an alternative pro); type the details, then Send; check a pro,
 * then Send to the chosen pros.
 */
const forward = (i: number) =>
  new Action<Funnel>(`forward ${i}`, async (funnel) => {
    // The customer waits for the step to be ready (loaded, not busy) before acting on it.
    await waitFor(() => ready(funnel), 20_000);
    const { view, store } = funnel;
    if (view.step === 'entry') {
      const eligibility = store.get(eligibilityAtom);
      if (store.get(funnelFormAtom).categoryId === null) await chooseCategory(i % CATEGORY_RESULTS.length).run({}, funnel);
      else if (eligibility && !eligibility.eligible) await chooseAlternative(i).run({}, funnel);
      else await continueEntry.run({}, funnel);
    } else if (view.step === 'project') {
      if (store.get(projectDetailsAtom).contact.email === '')
        await typeDetails({ description: i % DESCRIPTIONS.length, urgency: i % URGENCIES.length }).run({}, funnel);
      else await send.run({}, funnel);
    } else if (view.step === 'suggestions') {
      if (store.get(funnelFormAtom).selectedAdditionalTotalSpListCount === 0 && i > 0) await togglePro(i).run({}, funnel);
      else await sendSelection.run({}, funnel);
    }
  });

const wait = (ms: number) => new Action<Funnel>(`wait ${ms}ms`, () => advance(ms));

const waitMs = fc.integer({ min: 0, max: 4000 });
const details = fc.record({ description: fc.nat({ max: DESCRIPTIONS.length - 1 }), urgency: fc.nat({ max: URGENCIES.length - 1 }) });

const actions = fc.commands(
  [
    // Forward weighs most: a third of the actions, so most runs reach the suggestions and the summary.
    ...Array.from({ length: 9 }, () => fc.nat({ max: 3 }).map(forward)),
    fc.nat({ max: CATEGORY_RESULTS.length - 1 }).map(chooseCategory),
    fc.constant(continueEntry),
    fc.constant(continueEntry),
    fc.nat({ max: 2 }).map(chooseAlternative),
    fc.constant(retryProvider),
    details.map(typeDetails),
    details.map(typeDetails),
    fc.constant(send),
    fc.constant(doubleSend),
    fc.constant(back),
    fc.nat({ max: 2 }).map(togglePro),
    fc.nat({ max: 2 }).map(togglePro),
    fc.constant(sendSelection),
    waitMs.map(wait),
    waitMs.map(wait),
  ],
  COMMAND_SETTINGS,
);

// ---- Settling and the invariants -------------------------------------------------------------

/** JSON with object keys sorted (a parsed request body and a built one list their keys in different orders). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

const isCreate = (record: WireRecord) => record.method === 'POST' && record.path === CREATE_PATH;

/** The leads created in the run, each with the create bodies that answered with it. */
function createdLeads(funnel: Funnel): Map<number, Set<string>> {
  const leads = new Map<number, Set<string>>();
  for (const lead of funnel.sandbox.store.leads) if (lead.leadId >= FIRST_CREATED_LEAD) leads.set(lead.leadId, new Set());
  for (const record of funnel.layer.log) {
    const leadId = (record.answer as { leadId?: unknown } | undefined)?.leadId;
    if (isCreate(record) && record.handled && typeof leadId === 'number') leads.get(leadId)?.add(canonical(record.body));
  }
  return leads;
}

/** Whether the project step shows the customer's last Send as failed, with what they typed and Send available. */
function failureShown(funnel: Funnel, intent: CreateIntent): boolean {
  const { view } = funnel;
  return (
    view === intent.view &&
    view.mounted &&
    !view.guard &&
    (view.notice === 'failed' || view.notice === 'challengeFailed') &&
    canonical(funnel.store.get(projectDetailsAtom)) === canonical(intent.details)
  );
}

/** What is wrong with the funnel now; `final`: after the faults went and every failed Send was sent again. */
async function checkFunnel(funnel: Funnel, phase: string, final: boolean): Promise<string[]> {
  const problems: string[] = [];
  const { store, sandbox, view, layer } = funnel;
  const session = store.get(funnelSessionAtom);

  // Nothing stuck.
  if (store.get(providerStatusAtom).state === 'loading') problems.push(`${phase}: the pro is still loading`);
  if (view.step === 'entry' && view.busy) problems.push(`${phase}: the entry step is still busy`);
  if (view.step === 'project') {
    if (view.sending) problems.push(`${phase}: the project step is still sending`);
    else if (view.guard) problems.push(`${phase}: Send does nothing any more (its click guard stayed on after a success that did not move the funnel on)`);
    if (view.notice === 'challenge')
      problems.push(`${phase}: the project step still says the request is sent once the security check is passed, after the check ended`);
  }
  if (view.step === 'suggestions') {
    if (!view.loaded) problems.push(`${phase}: the suggestions are still loading`);
    if (view.sending) problems.push(`${phase}: the suggestions step is still sending`);
  }

  // Leads: one per create body; the last Send on the server and shown, or shown as failed.
  const leads = createdLeads(funnel);
  const leadsByBody = new Map<string, number[]>();
  for (const [leadId, bodies] of leads) {
    if (bodies.size === 0) problems.push(`${phase}: lead ${leadId} was created by no create request the run sent`);
    for (const body of bodies) leadsByBody.set(body, [...(leadsByBody.get(body) ?? []), leadId]);
  }
  for (const [body, ids] of leadsByBody) {
    if (ids.length > 1) {
      totals.duplicated++;
      problems.push(`${phase}: one request made ${ids.length} leads (${ids.join(', ')}): ${body.slice(0, 160)}…`);
    }
  }
  const last = funnel.creates.at(-1);
  if (last) {
    const lead = leadsByBody.get(last.body)?.[0] ?? null;
    const shown = session.leadId === lead && lead !== null && (session.step === 'suggestions' || session.step === 'summary');
    countOutcome(totals, `${phase} last send ${last.outcome}${lead === null ? '' : ' (on the server)'}`);
    if (!final) countOutcome(totals, `ended on ${session.step}`);
    if (final && funnel.sentAgain) {
      // Sent again with the faults gone: on the server, and the funnel moved on with it.
      if (lead === null || !shown) {
        totals.lost++;
        problems.push(
          `${phase}: the last request (#${last.seq}, ${last.outcome}) is ${lead === null ? 'not on the server' : `lead ${lead}, but the funnel shows ${session.step} of ${session.leadId}`}`,
        );
      }
    } else if (last.outcome === 'created' && !(lead !== null && (shown || view.step === 'entry' || view.step === 'project'))) {
      totals.lost++;
      problems.push(
        `${phase}: the last request (#${last.seq}) said created, the server has ${lead ?? 'no lead'} for it, the funnel shows ${session.step} of ${session.leadId}`,
      );
    } else if (last.outcome !== 'created' && !last.edited && !shown && last.view === view && view.mounted && !failureShown(funnel, last)) {
      // Still on the step it was sent from: failed with what was typed, or moved on with its lead.
      totals.lost++;
      problems.push(
        `${phase}: the last request (#${last.seq}, ${last.outcome}) is ${lead === null ? 'not on the server' : `lead ${lead}`} and the project step does not show it failed (notice ${view.step === 'project' ? view.notice : '-'})`,
      );
    }
  }

  // The session's lead is one the customer sent.
  if (session.leadId !== null && session.leadId >= FIRST_CREATED_LEAD && !leads.has(session.leadId)) {
    totals.stale++;
    problems.push(`${phase}: the funnel shows lead ${session.leadId}, which the server does not have`);
  }
  // Each created lead announced once.
  if (new Set(funnel.announced).size !== funnel.announced.length) {
    totals.duplicated++;
    problems.push(`${phase}: lk-lead-create announced ${funnel.announced.join(', ')} (a lead twice)`);
  }

  // Pro selections.
  for (const selection of funnel.selections) {
    countOutcome(totals, `${phase} selection ${selection.outcome}${selection.changed ? ' (then changed)' : ''}`);
    const lead = sandbox.store.lead(selection.leadId);
    const onServer =
      !!lead && selection.al.every((id) => lead.assignments.some((a) => a.spId === id)) && selection.ha.every((id) => lead.haProviderIds.includes(id));
    if (selection.outcome === 'sent' && !onServer) {
      totals.lost++;
      problems.push(
        `${phase}: pros ${[...selection.al, ...selection.ha].join(', ')} said sent, lead ${selection.leadId} went to ${lead ? [...lead.assignments.map((a) => a.spId), ...lead.haProviderIds].join(', ') : 'nobody'}`,
      );
    }
    if (selection.outcome === 'failed' && !selection.changed && selection === funnel.selections.at(-1) && selection.view === view && view.mounted) {
      const form = store.get(funnelFormAtom);
      const same =
        canonical(form.selectedAdditionalSpListWithGatewayOrder) === canonical(selection.al) &&
        canonical(form.selectedAdditionalHaSpListWithGatewayOrder) === canonical(selection.ha);
      if (view.step !== 'suggestions' || !view.failed || view.sending || !same) {
        totals.lost++;
        problems.push(
          `${phase}: the selection ${[...selection.al, ...selection.ha].join(', ')} failed and the suggestions step does not show it failed with those pros`,
        );
      }
    }
    if (final && funnel.selectionsSentAgain !== null && funnel.selections.indexOf(selection) >= funnel.selectionsSentAgain && !onServer) {
      totals.lost++;
      problems.push(`${phase}: the last selection (${[...selection.al, ...selection.ha].join(', ')}, ${selection.outcome}) is not on the server`);
    }
  }
  const notified = new Map<string, number>();
  for (const sent of sandbox.store.sentNotifications) {
    if (sent.kind !== 'pro-selection') continue;
    const key = `${sent.serviceRequestId}`;
    notified.set(key, (notified.get(key) ?? 0) + 1);
  }
  for (const [serviceRequestId, count] of notified) {
    const requests = layer.log.filter(
      (record) =>
        record.path === PRO_SELECTION_PATH && record.handled && (record.body as { serviceRequestId?: number }).serviceRequestId === Number(serviceRequestId),
    );
    const bodies = new Set(requests.map((record) => canonical(record.body)));
    if (count > bodies.size) {
      totals.duplicated++;
      problems.push(`${phase}: the pro selection of service request ${serviceRequestId} was notified ${count} times for ${bodies.size} selection(s)`);
    }
  }

  // One guest token per funnel (a host's token: none).
  const members = sandbox.store.members.length - funnel.members;
  if (members > (funnel.setup.hostToken ? 0 : 1)) {
    totals.duplicated++;
    problems.push(`${phase}: ${members} guest members were made for one funnel`);
  }

  // One idempotency key: no more requests than the customer's Sends and the challenges passed.
  const passed = layer.challengeOutcomes.filter(Boolean).length;
  const byKey = new Map<string, { count: number; body: string }>();
  for (const record of layer.log) {
    if (!isCreate(record) || !record.idempotencyKey) continue;
    const entry = byKey.get(record.idempotencyKey) ?? { count: 0, body: canonical(record.body) };
    entry.count++;
    byKey.set(record.idempotencyKey, entry);
  }
  for (const [key, { count, body }] of byKey) {
    const sends = funnel.sendsPerBody.get(body) ?? 0;
    if (count > sends + passed) problems.push(`${phase}: key ${key} was sent ${count} times for ${sends} Sends and ${passed} passed challenges`);
  }

  // The summary's pros are the server's.
  if (view.step === 'summary') {
    const shown = store.get(comparisonLoadableAtom);
    const lead = session.leadId === null ? undefined : sandbox.store.lead(session.leadId);
    if (shown.state === 'hasData' && shown.data && lead) {
      // Asked with a token of the lead's member (a host's, or the guest one the funnel obtained).
      const token = Object.keys(sandbox.store.tokens).find((candidate) => sandbox.store.tokens[candidate] === lead.memberId);
      const clean = createGatewayClient({
        baseURL: 'http://sandbox.test',
        auth: token ? { kind: 'oneTime', token } : { kind: 'anonymous' },
        fetch: sandbox.fetch,
      });
      const now = await getProviderComparison(clean, lead.leadId);
      const ids = (list: { id: number }[]) => JSON.stringify(list.map((p) => p.id).sort((a, b) => a - b));
      if (ids(shown.data.serviceProviders) !== ids(now.serviceProviders)) {
        totals.stale++;
        problems.push(`${phase}: the summary shows pros ${ids(shown.data.serviceProviders)}, the server has ${ids(now.serviceProviders)}`);
      }
    }
  }
  return problems;
}

// ---- The property -----------------------------------------------------------------------------

interface RunSetup {
  readonly seed: number;
  readonly entry: Entry;
  readonly hostToken: boolean;
}

async function runFunnel(
  setup: RunSetup,
  fates: Iterable<RequestFate>,
  challenges: Iterable<ChallengeFate>,
  commands: Iterable<fc.AsyncCommand<Model, Funnel>>,
  fateFor?: FaultLayerOptions['fateFor'],
) {
  const restoreClock = installFakeClock(setup.seed);
  const watch = watchForErrors();
  const funnel = openFunnel(setup, fates[Symbol.iterator](), challenges[Symbol.iterator](), fateFor);
  try {
    await advance(0);
    await fc.asyncModelRun(() => ({ model: {}, real: funnel }), commands);
    await settleTimers();
    const problems = await checkFunnel(funnel, 'settled', false);
    if (problems.length === 0) {
      // The faults go; the customer sends again what failed (again if that met a call still on its way).
      funnel.layer.enabled = false;
      for (let round = 0; round < 3; round++) {
        const { view } = funnel;
        const last = funnel.creates.at(-1);
        const selection = funnel.selections.at(-1);
        if (view.step === 'project' && last && last.view === view && (view.notice === 'failed' || view.notice === 'challengeFailed')) {
          countOutcome(totals, 'send again after the faults');
          funnel.sentAgain = true;
          await send.run({}, funnel);
        } else if (view.step === 'suggestions' && view.failed && selection?.view === view && selection.outcome === 'failed') {
          countOutcome(totals, 'send the pros again after the faults');
          funnel.selectionsSentAgain ??= funnel.selections.length;
          await sendSelection.run({}, funnel);
        } else break;
        await settleTimers();
      }
      problems.push(...(await checkFunnel(funnel, 'after sending again', true)));
    }
    await realTick();
    problems.push(...funnel.problems, ...watch.problems);
    addRun(totals, funnel.layer, funnel.actions);
    if (problems.length) {
      const wire = process.env.DEBUG_RUNS
        ? `\nrequests:\n  ${funnel.layer.log.map((r) => `#${r.seq} ${r.method} ${r.path} ${JSON.stringify(r.body)?.slice(0, 100)} key ${r.idempotencyKey?.slice(0, 8) ?? '-'} ${r.fate.fault ?? 'ok'} ${r.fate.beforeMs}+${r.fate.afterMs}ms handled ${r.handledAt} ${r.answered ? r.status : 'unanswered'}`).join('\n  ')}`
        : '';
      throw new Error(
        `${problems.join('\n')}\nentry ${setup.entry}, ${setup.hostToken ? "host's token" : 'guest token'}\nactions:\n  ${funnel.log.join('\n  ')}${wire}`,
      );
    }
  } finally {
    funnel.unsubscribe();
    await advance(0);
    watch.stop();
    restoreClock();
  }
}

const setupArb: fc.Arbitrary<RunSetup> = fc.record({
  seed: fc.integer(),
  entry: fc.constantFrom<Entry>('withAlId', 'pro', 'ineligible', 'none'),
  hostToken: fc.boolean(),
});

describe('request-a-quote funnel: model run under faults', () => {
  afterAll(() => {
    console.log(formatTotals('request-a-quote funnel', totals, elapsedMs, elapsedCpuMs));
  });

  // Failing runs the property found, kept as fixed examples: the fates of the calls that mattered
  // (every other request answers at once), the actions, and what each one broke before its fix.
  // The seeds are those of the runs that found them, with this file's action mix of the time
  // (SOAK=1 where noted); the mix changed as the file grew, so the examples, not the seeds, replay.
  const none: never[] = [];

  const when = (
    match: (request: { method: string; path: string; body: unknown }) => boolean,
    fate: RequestFate,
    times = Infinity,
  ): FaultLayerOptions['fateFor'] => {
    let left = times;
    return (request) => (left > 0 && match(request) ? (left--, fate) : undefined);
  };
  const isPath = (suffix: string) => (request: { path: string }) => request.path.endsWith(suffix);
  const fromAcme = { seed: 1, entry: 'pro', hostToken: false } as const;
  /** Continue, type the details, Send. */
  const toSent = [forward(0), forward(0), forward(0)];

  it('regression: Send again after the token request lost its answer gets the same guest (it made a second member)', async () => {
    // Seed -1384733658, path 13: the token request's answer was lost, the next Send asked for another token.
    await runFunnel(fromAcme, none, none, [...toSent, wait(1000), forward(0), wait(3000)], when(isPath('/v1/one-time-token'), failing('lost-answer'), 1));
  });

  it("regression: an alternative pro whose details cannot be had is not the form's pro (the lead went to it as the other pro's type: 400 on every Send)", async () => {
    // SOAK=1 seed 184242579, path 50:0:6:15:16:19:18:19:21:20:16:16:16:16:16 (FC_REPLAY ///L:P).
    const busy = failing('rate-limited', { retryAfterSeconds: 14 });
    await runFunnel(
      { seed: 1, entry: 'ineligible', hostToken: true },
      none,
      none,
      [...Array.from({ length: 6 }, () => forward(0)), wait(1000)],
      when(isPath('/serviceprovider/1001/details'), busy),
    );
  });

  it('regression: Send again after the pro selection lost its answer notifies the pros once (they were notified twice)', async () => {
    // SOAK=1 seed 2070248594, path 25. Acme's lead; its suggestions are 1009 (AL) and 2003 (HA): 2003 chosen.
    await runFunnel(
      fromAcme,
      none,
      none,
      [...toSent, wait(1000), forward(1), forward(0), wait(1000), forward(0), wait(1000)],
      when(isPath(PRO_SELECTION_PATH), failing('lost-answer'), 1),
    );
  });

  it('regression: Send again with another pro checked as well notifies the HA pro once (a key per selection: its pro selection went again under a new key)', async () => {
    // SOAK=1 seed 1590469469, path 53: 2003 (HA) sent, its pro selection's answer lost; 1009 (AL) checked too, Send.
    const actions = [...toSent, wait(1000), forward(1), forward(0), wait(1000), togglePro(0), forward(0), wait(1000)];
    await runFunnel(fromAcme, none, none, actions, when(isPath(PRO_SELECTION_PATH), failing('lost-answer'), 1));
  });

  it('regression: a create replayed after the customer sent changed details does not take the funnel back to the older lead (it showed that lead)', async () => {
    // SOAK=1 seed 153171490, path 15: the first create met a 511; before the check passed the customer changed the timing and sent.
    const actions = [forward(0), forward(0), forward(0), wait(500), typeDetails({ description: 0, urgency: 1 }), forward(0), wait(4000)];
    await runFunnel(fromAcme, none, [{ pass: true, afterMs: 3000 }], actions, when(isPath(CREATE_PATH), failing('challenge'), 1));
  });

  it('regression: a create replayed after a passed challenge and Send again meanwhile announce the lead once (lk-lead-create fired twice)', async () => {
    // SOAK=1 seed 2007564893, path 36: the create met a 511; while the check went on, Send again (same key) created the lead, then the replay answered with it too.
    await runFunnel(
      fromAcme,
      none,
      [{ pass: true, afterMs: 2000 }],
      [...toSent, wait(500), forward(0), wait(3000)],
      when(isPath(CREATE_PATH), failing('challenge'), 1),
    );
  });

  it("regression: a failed security check after Back with changed details says so (the earlier lead made it look passed: 'sent once the check is passed', never sent)", async () => {
    // SOAK=1 seed -412013560, path 65: after Back, the changed details met a 511 and a failed check.
    const changed = (request: { path: string; body: unknown }) =>
      request.path === CREATE_PATH && (request.body as { description?: string }).description === DESCRIPTIONS[1];
    const actions = [...toSent, wait(1000), back, typeDetails({ description: 1, urgency: 0 }), forward(0), wait(3000)];
    await runFunnel(fromAcme, none, [{ pass: false, afterMs: 500 }], actions, when(changed, failing('challenge'), 1));
  });

  it('regression: a create whose answer was lost, changed details that failed, then the first details again: one lead (it made two)', async () => {
    // A directed run (the random soak runs had not met this mix): submitProjectAtom kept the last request's key only.
    const fates = [failing('lost-answer'), failing('server-error')];
    const actions = [
      ...toSent,
      wait(1000),
      typeDetails({ description: 1, urgency: 0 }),
      forward(0),
      wait(1000),
      typeDetails({ description: 0, urgency: 0 }),
      forward(0),
      wait(3000),
    ];
    await runFunnel(fromAcme, none, none, actions, (request) => (request.path === CREATE_PATH ? fates.shift() : undefined));
  });

  it('regression: Send after Back from the suggestions, details unchanged, goes on to that lead (Send did nothing, its button dead)', async () => {
    // Seed -1546120133, path 14:0:0:0:5:9:14:19:21:18:26:27:25:23:21:21:21:22.
    await runFunnel(fromAcme, none, none, [...toSent, wait(1000), back, forward(0), wait(1000)]);
  });

  it(`${RUNS} runs: every lead and selection on the server once or shown failed, none duplicated, the screen the server's`, async () => {
    Object.assign(totals, newTotals());
    const started = performance.now();
    const startedCpu = cpuMs();
    await fc.assert(
      fc.asyncProperty(setupArb, fc.infiniteStream(requestFateArb), fc.infiniteStream(challengeFateArb), actions, (setup, fates, challenges, commands) =>
        runFunnel(setup, fates, challenges, commands),
      ),
      RUN_SETTINGS,
    );
    elapsedMs = performance.now() - started;
    elapsedCpuMs = cpuMs() - startedCpu;
    expect(totals.lost + totals.duplicated + totals.stale).toBe(0);
  }, 600_000);
});
