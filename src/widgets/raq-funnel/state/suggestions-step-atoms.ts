import { atom, type Getter } from 'jotai/vanilla';
import {
  assignPayload,
  proSelectionPayload,
  setAdditionalField,
  splitSuggestions,
  suggestionRequest,
  withSuggestionsLoaded,
  type SplitSuggestions,
} from '../../../domain/funnel/suggestions';
import { newIdempotencyKey } from '../../../gateway/core/request-spec';
import { isAbortError } from '../../../gateway/core/errors';
import { assignLeadV2, fetchLead, getLeadServiceProviders, getSuggestions, sendProSelection } from '../../../gateway/lead/funnel/calls';
import type { ProviderSummary } from '../../../gateway/lead/funnel/schemas';
import {
  failed,
  fetchedLeadAtom,
  funnelFormAtom,
  funnelSessionAtom,
  ok,
  oneTimeSessionAtom,
  restart,
  suggestionsAtom,
  type ActionResult,
} from './shared-atoms';

/** The suggestions step's state and calls (`<raq-funnel>`, docs/widget-shape.md): more pros for the lead, sending it to those chosen, (the cards' details: suggestion-card-atoms.ts). */

/**
 * The suggestion page (docs/widgets/raq-funnel.md#suggestions): the lead (postal code, category), then v4 suggestions for it without
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
    set(
      funnelFormAtom,
      withSuggestionsLoaded({ ...form, postalCode: lead.postalAddress.postalCode, advertisingZone: lead.postalAddress.advertisingZone ?? null }, split),
    );
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
      // Held by a 511 challenge: each goes on once its replay (same key) answered, in order.
      const assignKey = selectionKey(get, ['assign', leadId, assign]);
      await assignLeadV2(client, leadId, assign, { idempotencyKey: assignKey });
      const selection = proSelectionPayload(form);
      if (selection) {
        const selectionKeyNow = selectionKey(get, ['pro-selection', selection]);
        await sendProSelection(client, selection, { idempotencyKey: selectionKeyNow });
      }
    }
    set(funnelSessionAtom, { ...get(funnelSessionAtom), step: 'summary' });
    return ok(undefined);
  } catch (error) {
    return failed(error);
  }
});
