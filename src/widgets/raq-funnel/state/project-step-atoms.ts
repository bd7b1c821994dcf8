import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { createLeadV3Payload, projectProblems } from '../../../domain/funnel/lead';
import { newIdempotencyKey, type ReplayTarget } from '../../../gateway/core/request-spec';
import { isGatewayError, type GatewayError } from '../../../gateway/core/errors';
import { createLeadV3 } from '../../../gateway/lead/funnel/calls';
import type { CreateLeadV3 } from '../../../gateway/lead/funnel/schemas';
import {
  funnelSessionAtom,
  funnelFormAtom,
  projectDetailsAtom,
  providerAtom,
  createdLeadAtom,
  tokenHolderAtom,
  oneTimeSessionAtom,
  tokenFoundMissingAtom,
  type ActionResult,
  ok,
  failed,
} from './shared-atoms';
import { forgetKeptRequestAtom, keepRequestAtom, keptRequestRestoredAtom } from './kept-request-atoms';

/** The project step's state and calls (`<raq-funnel>`, docs/widget-shape.md; what the whole funnel shares is in ../shared-atoms.ts): creating the lead, once per request, through a security challenge. */

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
  // The gateway took a request: none of this funnel stays kept on the device.
  set(forgetKeptRequestAtom);
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
 * lead beside the newer one.
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
 * arrives then. The typed details are kept whatever happens: in memory, and on this device
 * (kept-request-atoms.ts) when the send failed.
 */
export interface SubmitProjectOptions {
  /** Called when the create answers 511 (the spec: "create-lead 511 closes the modal via callback"), before the challenge runs. */
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
  // Sent: the hint about a request put back goes (what is sent now is the customer's again).
  set(keptRequestRestoredAtom, false);
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
      if (isGatewayError(error)) {
        // Whatever the failure (a 511 too: its replay dies with the page), the request stays on
        // this device until the gateway takes it (kept-request-atoms.ts).
        set(keepRequestAtom, { form, details });
        if (error.setup?.cause === 'one-time-token-missing') set(tokenFoundMissingAtom);
      }
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
 * not passed and nothing was sent, while the request had gone); `not-passed` when
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

/** A new request: every request sent is forgotten (startNewRequestAtom). */
export const forgetCreatesAtom = atom(null, (get) => {
  const createState = get(createStateAtom);
  createState.body = null;
  createState.payload = null;
  createState.keys.clear();
  createState.created.clear();
  createState.replayFailures.clear();
});
