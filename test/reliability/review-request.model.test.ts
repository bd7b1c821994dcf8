/**
 * Model-based fault runs (docs/reliability.md) — the review request, at the store level (the modal's
 * loadable, review-request-atoms.ts, and the form's sender, review-request.logic.ts: what the
 * components drive), against the in-process sandbox behind the fault layer (./faults.ts), on a
 * fake clock.
 *
 * Per run: the lead (Priya Patel's ClosedWon lead, whose pre-fill is complete, or a lead whose
 * masked phone pre-fills empty, so the form opens at the phone field) of provider 1001.
 *
 * Actions (fc.commands): open the modal (it loads the pre-fill, the provider's categories, the
 * category's parents and the lead's draft), 'Try again' on a load that failed, close it (× or
 * Esc: a request on its way is aborted), edit the form (the description of work — one of three,
 * so it can go back to an earlier text —, work completed, the phone), 'Send Request', a double
 * click on it, time passing (the thank-you closes the modal after 5 s). Around the atoms and the
 * sender, what the components do is done the same way: each opening loads afresh (closing marks
 * the data stale), the form starts from the loaded values in its summary, validates on submit
 * (an invalid field opens the form), keeps what was typed and says 'failed' when a send fails.
 * Not modelled: the draft saves while typing (a timer effect of the form).
 *
 * After the run settles (every timer run: hangs end at the client's time limit; faults still on):
 * - nothing stuck: an open modal is not loading, a form not sending; a failed load offers
 *   'Try again';
 * - no duplicate: one request per form and payload at most on the server — a retry, a double
 *   click or a lost answer never sends a second e-mail (idempotency keys; no request went out
 *   with one key more often than the Sends with it);
 * - the last Send of each form: the thank-you only when the server has it; on a failure the form
 *   says so with what was typed and Send available (unless the customer's details were changed
 *   since, or the modal was closed) — never silently gone;
 * - a form opened after a request reached the server says the customer was already asked
 *   (the lead's draft), and one opened before does not;
 * Then with the faults gone, 'Try again' / Send again where they failed: the last request on the
 * server exactly once and thanked for; no unhandled rejection, no console.error.
 * 100 runs here (≤ 25 actions); `npm run soak` (SOAK=1) runs 1,000 with ≤ 50 actions.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { createStore } from 'jotai/vanilla';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, MAIN_PROVIDER_ID, SANDBOX_LEADS, type SandboxGateway } from '@leadkit/sandbox';
import { firstInvalidField, toBoardRequest, toGatewayRequest, validateReviewForm, type ReviewFormValues } from '../../src/domain/review-form';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/core/client';
import { isRetryableError } from '../../src/gateway/core/errors';
import { ReviewRequestByEmailSchema } from '../../src/gateway/review/schemas';
import { clientAtom } from '../../src/runtime/client-atom';
import {
  reviewRequestInputsAtom,
  reviewRequestLoadableAtom,
  reviewRequestReloadAtom,
  type ReviewRequestData,
} from '../../src/widgets/review-request/review-request-atoms';
import { ReviewRequestSender } from '../../src/widgets/review-request/review-request.logic';
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

const SP_ID = MAIN_PROVIDER_ID;
const SEND_PATH = '/gateway/review/api/v1/review/request-by-email';
const DRAFT_PATH = '/gateway/review/api/v1/draft-review/get-or-create';
/** The thank-you stays this long, then the modal closes (docs/architecture.md#review-constants; written out, not taken from the code under test). */
const SPEC_AUTO_CLOSE_MS = 5000;

const DESCRIPTIONS = ['New AC unit installed', 'Replaced the thermostat too', ''] as const;

const totals = newTotals();
let elapsedMs = 0;
let elapsedCpuMs = 0;

// ---- The system under test: the modal's store and the form's sender, wired as the components wire them

type Store = ReturnType<typeof createStore>;

/** One mounted ReviewRequestForm: its React state and its sender. */
interface Form {
  readonly seq: number;
  readonly data: ReviewRequestData;
  /** The wire log's length when it was made (its data arrived before). */
  readonly madeAt: number;
  readonly sender: ReviewRequestSender;
  values: ReviewFormValues;
  phase: 'summary' | 'edit' | 'sent';
  sending: boolean;
  failed: boolean;
  mounted: boolean;
  autoClose: ReturnType<typeof setTimeout> | null;
}

/** One Send that reached the sender. */
interface SendIntent {
  readonly form: Form;
  /** The request's payload (canonical JSON of the board form). */
  readonly payload: string;
  readonly values: ReviewFormValues;
  outcome: 'pending' | 'sent' | 'failed' | 'aborted' | 'busy';
  /** The form's details were changed after it was sent. */
  edited: boolean;
}

interface Review {
  readonly sandbox: SandboxGateway;
  readonly layer: FaultLayer;
  readonly client: GatewayClient;
  readonly store: Store;
  readonly leadId: number;
  open: boolean;
  form: Form | null;
  readonly forms: Form[];
  readonly sends: SendIntent[];
  /** The form each idempotency key was first sent from (the one on screen then). */
  readonly formOfKey: Map<string, Form>;
  /** The final phase sent the form's request again. */
  finalSend: boolean;
  unsubscribe: () => void;
  actions: number;
  readonly log: string[];
  readonly problems: string[];
}

function openReview(leadId: number, fates: Iterator<RequestFate>, challenges: Iterator<ChallengeFate>, fateFor?: FaultLayerOptions['fateFor']): Review {
  const sandbox = createSandboxGateway({ now: () => new Date() });
  const layer = createFaultLayer({ sandbox, fates, challenges, fateFor });
  const formOfKey = new Map<string, Form>();
  let shown: Form | null = null;
  // Tags each new idempotency key with the form on screen when it first went out.
  const fetch: typeof globalThis.fetch = (input, init) => {
    const key = new Headers(init?.headers).get('idempotency-key');
    if (key && shown && !formOfKey.has(key)) formOfKey.set(key, shown);
    return layer.fetch(input, init);
  };
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', auth: { kind: 'provider', spId: SP_ID }, fetch, onChallenge: layer.onChallenge });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(reviewRequestInputsAtom, { spId: SP_ID, leadId });
  const review: Review = {
    sandbox,
    layer,
    client,
    store,
    leadId,
    open: false,
    form: null,
    forms: [],
    sends: [],
    formOfKey,
    finalSend: false,
    unsubscribe: () => {},
    actions: 0,
    log: [],
    problems: [],
  };
  return Object.defineProperty(review, 'form', {
    get: () => shown,
    set: (form: Form | null) => {
      shown = form;
    },
  });
}

/** ReviewRequestBody: once the data is in (and the modal open), the form mounts with it. */
function onLoadable(review: Review): void {
  const state = review.store.get(reviewRequestLoadableAtom);
  if (!review.open || review.form || state.state !== 'hasData') return;
  const form: Form = {
    seq: review.forms.length + 1,
    data: state.data,
    madeAt: review.layer.log.length,
    sender: new ReviewRequestSender(),
    values: state.data.initial,
    phase: 'summary',
    sending: false,
    failed: false,
    mounted: true,
    autoClose: null,
  };
  review.form = form;
  review.forms.push(form);
}

/** The modal closes (×, Esc, or 5 s after the thank-you): the form unmounts, the data is marked stale. */
function closeModal(review: Review): void {
  if (!review.open) return;
  const { form } = review;
  if (form) {
    form.mounted = false;
    form.sender.abort();
    if (form.autoClose) clearTimeout(form.autoClose);
  }
  review.form = null;
  review.open = false;
  review.unsubscribe();
  review.store.set(reviewRequestReloadAtom, (n) => n + 1);
}

// ---- Actions ---------------------------------------------------------------------------------

const open = new Action<Review>('open', (review) => {
  if (review.open) return;
  review.open = true;
  review.unsubscribe = review.store.sub(reviewRequestLoadableAtom, () => queueMicrotask(() => onLoadable(review)));
  onLoadable(review);
});

const close = new Action<Review>('close', (review) => closeModal(review));

/** The error banner's 'Try again'. */
const tryAgain = new Action<Review>('try again', (review) => {
  const state = review.store.get(reviewRequestLoadableAtom);
  if (review.open && state.state === 'hasError' && isRetryableError(state.error)) review.store.set(reviewRequestReloadAtom, (n) => n + 1);
});

type Edit = { field: 'description'; value: number } | { field: 'workCompleted'; value: 'yes' | 'no' } | { field: 'phone' };
const editName = (edit: Edit) =>
  edit.field === 'description' ? `"${DESCRIPTIONS[edit.value]}"` : edit.field === 'workCompleted' ? `work completed ${edit.value}` : 'a phone number';

/** 'Edit', then a change to a field (the form stays editable while a request is on its way). */
const edit = (change: Edit) =>
  new Action<Review>(`edit ${editName(change)}`, (review) => {
    const { form } = review;
    if (!form || form.phase === 'sent') return;
    form.phase = 'edit';
    const values = form.values;
    form.values =
      change.field === 'description'
        ? { ...values, descriptionOfWork: DESCRIPTIONS[change.value]! }
        : change.field === 'workCompleted'
          ? { ...values, workCompleted: change.value }
          : { ...values, phoneNumber: '(720) 555-0199' };
    const last = review.sends.at(-1);
    if (last && last.form === form && JSON.stringify(values) !== JSON.stringify(form.values)) last.edited = true;
  });

/** ReviewRequestForm's submit(): validation, then the sender; the phases as the form sets them. */
async function submitForm(review: Review, form: Form): Promise<void> {
  if (form.sender.sending || form.phase === 'sent') return;
  if (firstInvalidField(validateReviewForm(form.values)) !== null) {
    form.phase = 'edit';
    return;
  }
  const board = toBoardRequest(form.values, { serviceProviderId: form.data.spId, postalCode: form.data.postalCode ?? '' });
  // As it goes on the wire: the gateway variant, through the call's schema.
  const intent: SendIntent = {
    form,
    payload: canonical(v.parse(ReviewRequestByEmailSchema, toGatewayRequest(board))),
    values: form.values,
    outcome: 'pending',
    edited: false,
  };
  review.sends.push(intent);
  form.sending = true;
  form.failed = false;
  const outcome = await form.sender.send(review.client, board);
  intent.outcome = outcome.kind;
  if (outcome.kind === 'aborted' || outcome.kind === 'busy') return;
  form.sending = false;
  if (outcome.kind === 'sent') {
    form.phase = 'sent';
    // The thank-you stays 5 s, then the modal closes.
    form.autoClose = setTimeout(() => {
      if (review.form === form) closeModal(review);
    }, SPEC_AUTO_CLOSE_MS);
  } else {
    form.phase = 'edit';
    form.failed = true;
  }
}

const submit = new Action<Review>('send', (review) => {
  if (review.form) void submitForm(review, review.form);
});

const doubleSubmit = new Action<Review>('send (double click)', (review) => {
  const { form } = review;
  if (!form) return;
  void submitForm(review, form);
  void submitForm(review, form);
});

/** Lets fake time pass, `step` at a time, until `done` or `maxMs` went by. */
async function waitFor(done: () => boolean, maxMs: number, step = 500): Promise<void> {
  for (let waited = 0; waited < maxMs && !done(); waited += step) await advance(step, step);
}

/**
 * What the provider does next (so most runs get to sending): open the modal, wait for it to load
 * ('Try again' when it failed), then Send.
 */
const forward = new Action<Review>('forward', async (review) => {
  if (!review.open) return open.run({}, review);
  await waitFor(() => review.store.get(reviewRequestLoadableAtom).state !== 'loading' && !review.form?.sending, 20_000);
  if (review.store.get(reviewRequestLoadableAtom).state === 'hasError') return tryAgain.run({}, review);
  const { form } = review;
  if (!form) return;
  // A masked phone pre-fills empty: the form opens at the phone field, the provider types one.
  if (form.phase === 'edit' && validateReviewForm(form.values).phoneNumber) return edit({ field: 'phone' }).run({}, review);
  return submit.run({}, review);
});

const wait = (ms: number) => new Action<Review>(`wait ${ms}ms`, () => advance(ms));

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.nat({ max: DESCRIPTIONS.length - 1 }).map((value) => ({ field: 'description' as const, value })),
  fc.constantFrom('yes' as const, 'no' as const).map((value) => ({ field: 'workCompleted' as const, value })),
  fc.constant({ field: 'phone' as const }),
);
const waitMs = fc.integer({ min: 0, max: 4000 });

const actions = fc.commands(
  [
    // Forward weighs most, so most runs send (and send again) under faults.
    ...Array.from({ length: 6 }, () => fc.constant(forward)),
    fc.constant(open),
    fc.constant(close),
    fc.constant(tryAgain),
    editArb.map(edit),
    editArb.map(edit),
    fc.constant(submit),
    fc.constant(submit),
    fc.constant(doubleSubmit),
    waitMs.map(wait),
    waitMs.map(wait),
  ],
  COMMAND_SETTINGS,
);

// ---- Settling and the invariants -------------------------------------------------------------

/** JSON with object keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

const isSend = (record: WireRecord) => record.method === 'POST' && record.path === SEND_PATH;
/** The server took it (a 2xx answer, whether or not it reached the client). */
const took = (record: WireRecord) => record.handled && typeof (record.answer as { draftReviewId?: unknown } | undefined)?.draftReviewId === 'string';

/** What is wrong now; `final`: after the faults went and what failed was tried again. */
function checkReview(review: Review, phase: string, final: boolean): string[] {
  const problems: string[] = [];
  const { store, sandbox, layer, form } = review;
  const state = store.get(reviewRequestLoadableAtom);
  if (review.open && state.state === 'loading') problems.push(`${phase}: the modal is still loading`);
  if (review.open && state.state === 'hasError' && !isRetryableError(state.error))
    problems.push(`${phase}: the modal failed (${String(state.error)}) without 'Try again'`);
  if (form?.sending) problems.push(`${phase}: the form is still sending`);

  // Requests by key: which form and payload each key was sent for, and whether the server took it.
  const sends = layer.log.filter(isSend);
  const keyed = new Map<string, { payload: string; requests: number; took: boolean }>();
  for (const record of sends) {
    const key = record.idempotencyKey ?? '(none)';
    const entry = keyed.get(key) ?? { payload: canonical(record.body), requests: 0, took: false };
    // A request a 511 challenge held is sent again once it is passed (same key): one send, counted by its replay.
    if (record.fate.fault !== 'challenge') entry.requests++;
    entry.took ||= took(record);
    keyed.set(key, entry);
  }
  if (keyed.has('(none)')) problems.push(`${phase}: a review request went without an Idempotency-Key`);
  const taken = [...keyed.values()].filter((entry) => entry.took).length;
  if (sandbox.store.reviewRequests.length !== taken) {
    totals.duplicated++;
    problems.push(`${phase}: the server holds ${sandbox.store.reviewRequests.length} review requests for ${taken} keys it took`);
  }
  // One request per form and payload: the keys the server took for one form's payload.
  const keysByFormPayload = new Map<string, Set<string>>();
  for (const [key, entry] of keyed) {
    const sender = review.formOfKey.get(key);
    if (!entry.took || !sender) continue;
    const id = `${sender.seq}:${entry.payload}`;
    keysByFormPayload.set(id, (keysByFormPayload.get(id) ?? new Set()).add(key));
  }
  for (const [id, keys] of keysByFormPayload) {
    if (keys.size > 1) {
      totals.duplicated++;
      problems.push(`${phase}: form ${id.split(':')[0]} sent one request ${keys.size} times (keys ${[...keys].map((key) => key.slice(0, 8)).join(', ')})`);
    }
  }
  // No key sent more often than the Sends with it.
  for (const [key, entry] of keyed) {
    const presses = review.sends.filter((intent) => intent.outcome !== 'busy' && intent.payload === entry.payload && keyOf(review, intent) === key).length;
    if (entry.requests > presses) problems.push(`${phase}: key ${key.slice(0, 8)} was sent ${entry.requests} times for ${presses} Sends`);
  }

  // Each form's last Send: thanked only when the server has it; failed, on screen with what was typed.
  for (const shown of review.forms) {
    const last = review.sends.filter((intent) => intent.form === shown).at(-1);
    if (!last) continue;
    const key = keyOf(review, last);
    const onServer = key !== null && keyed.get(key)?.took === true;
    countOutcome(totals, `${phase} last send ${last.outcome}${onServer ? ' (on the server)' : ''}${last.edited ? ' then edited' : ''}`);
    if (last.outcome === 'sent' && !onServer) {
      totals.stale++;
      problems.push(`${phase}: form ${shown.seq} thanked for a request the server does not have`);
    }
    if (shown.phase === 'sent' && last.outcome !== 'sent') problems.push(`${phase}: form ${shown.seq} thanks, its last Send ${last.outcome}`);
    if (last.outcome === 'failed' && shown.mounted && !last.edited) {
      if (!shown.failed || shown.sending || shown.phase !== 'edit' || canonical(shown.values) !== canonical(last.values)) {
        totals.lost++;
        problems.push(`${phase}: form ${shown.seq}'s request failed and the form does not show it failed with what was typed`);
      }
    }
    if (final && shown === review.form && review.finalSend && !(last.outcome === 'sent' && onServer)) {
      totals.lost++;
      problems.push(`${phase}: sent again with the faults gone, form ${shown.seq}'s request is ${last.outcome}${onServer ? '' : ', not on the server'}`);
    }
  }

  // A form says the customer was already asked exactly when a request that filled in the lead's
  // draft reached the server before the draft was read. (One sent while the draft could not be had
  // starts a draft of its own on the sandbox: the lead's draft does not know of it.)
  for (const shown of review.forms) {
    if (shown.data.draftReviewId === null) continue;
    const read = layer.log
      .slice(0, shown.madeAt)
      .filter((record) => record.path === DRAFT_PATH && record.answered && record.status === 200)
      .at(-1);
    if (!read || read.handledAt === null) continue;
    const before = sends.some(
      (record) =>
        took(record) &&
        (record.answer as { draftReviewId: string }).draftReviewId === shown.data.draftReviewId &&
        (record.handledAt ?? Infinity) < (read.handledAt ?? 0),
    );
    if (before !== (shown.data.requestedAt !== null)) {
      totals.stale++;
      problems.push(
        `${phase}: form ${shown.seq} ${shown.data.requestedAt ? 'says' : 'does not say'} the customer was already asked; a request reached the server before: ${before}`,
      );
    }
  }
  return problems;
}

/** The key a Send went with: its form's key for its payload (null when it never went out). */
function keyOf(review: Review, intent: SendIntent): string | null {
  const record = review.layer.log.find(
    (candidate) =>
      isSend(candidate) &&
      candidate.idempotencyKey !== null &&
      review.formOfKey.get(candidate.idempotencyKey) === intent.form &&
      canonical(candidate.body) === intent.payload,
  );
  return record?.idempotencyKey ?? null;
}

// ---- The property -----------------------------------------------------------------------------

interface RunSetup {
  readonly seed: number;
  readonly leadId: number;
}

async function runReview(
  setup: RunSetup,
  fates: Iterable<RequestFate>,
  challenges: Iterable<ChallengeFate>,
  commands: Iterable<fc.AsyncCommand<Model, Review>>,
  fateFor?: FaultLayerOptions['fateFor'],
) {
  const restoreClock = installFakeClock(setup.seed);
  const watch = watchForErrors();
  const review = openReview(setup.leadId, fates[Symbol.iterator](), challenges[Symbol.iterator](), fateFor);
  try {
    await advance(0);
    await fc.asyncModelRun(() => ({ model: {}, real: review }), commands);
    await settleTimers();
    const problems = checkReview(review, 'settled', false);
    if (problems.length === 0) {
      // The faults go; the provider tries again what failed (again if that met a call still on its way).
      review.layer.enabled = false;
      for (let round = 0; round < 3; round++) {
        const state = review.store.get(reviewRequestLoadableAtom);
        if (review.open && state.state === 'hasError') await tryAgain.run({}, review);
        else if (review.form?.failed && review.form.phase === 'edit') {
          countOutcome(totals, 'send again after the faults');
          review.finalSend = true;
          await submit.run({}, review);
        } else break;
        await settleTimers();
      }
      problems.push(...checkReview(review, 'after trying again', true));
    }
    await realTick();
    problems.push(...review.problems, ...watch.problems);
    addRun(totals, review.layer, review.actions);
    if (problems.length) {
      const wire = process.env.DEBUG_RUNS
        ? `\nrequests:\n  ${review.layer.log.map((r) => `#${r.seq} ${r.method} ${r.path} ${JSON.stringify(r.body)?.slice(0, 100)} key ${r.idempotencyKey?.slice(0, 8) ?? '-'} ${r.fate.fault ?? 'ok'} ${r.fate.beforeMs}+${r.fate.afterMs}ms handled ${r.handledAt} ${r.answered ? r.status : 'unanswered'}`).join('\n  ')}`
        : '';
      throw new Error(`${problems.join('\n')}\nlead ${setup.leadId}\nactions:\n  ${review.log.join('\n  ')}${wire}`);
    }
  } finally {
    review.unsubscribe();
    await advance(0);
    watch.stop();
    restoreClock();
  }
}

const setupArb: fc.Arbitrary<RunSetup> = fc.record({
  seed: fc.integer(),
  leadId: fc.constantFrom<number>(SANDBOX_LEADS.closedWon, SANDBOX_LEADS.maskedActive),
});

describe('review request: model run under faults', () => {
  afterAll(() => {
    console.log(formatTotals('review request', totals, elapsedMs, elapsedCpuMs));
  });

  // Failing runs found with this harness, kept as fixed examples: the fates of the calls that
  // mattered (every other request answers at once), the actions, and what each one broke before its fix.
  const none: never[] = [];
  const priya = { seed: 1, leadId: SANDBOX_LEADS.closedWon };

  it('regression: a request whose answer was lost, another that failed, then the first again goes with its own key (the customer was asked twice)', async () => {
    // A directed run (the 3,000 random soak runs before it did not meet this mix): the form kept
    // the last payload's key only (keyRef in review-request-form.tsx, now ReviewRequestSender).
    const fates = [failing('lost-answer'), failing('server-error')];
    const actions = [
      forward,
      wait(1000),
      forward,
      wait(1000),
      edit({ field: 'description', value: 1 }),
      submit,
      wait(1000),
      edit({ field: 'description', value: 2 }),
      submit,
      wait(3000),
    ];
    await runReview(priya, none, none, actions, (request) => (request.path === SEND_PATH ? fates.shift() : undefined));
  });

  it(`${RUNS} runs: every review request on the server once or shown failed, none duplicated, the form the server's`, async () => {
    Object.assign(totals, newTotals());
    const started = performance.now();
    const startedCpu = cpuMs();
    await fc.assert(
      fc.asyncProperty(setupArb, fc.infiniteStream(requestFateArb), fc.infiniteStream(challengeFateArb), actions, (setup, fates, challenges, commands) =>
        runReview(setup, fates, challenges, commands),
      ),
      RUN_SETTINGS,
    );
    elapsedMs = performance.now() - started;
    elapsedCpuMs = cpuMs() - startedCpu;
    expect(totals.lost + totals.duplicated + totals.stale).toBe(0);
  }, 600_000);
});
