import type { FunnelFormValues, FunnelProviderType } from './form';

/**
 * The suggestion page's rules (form values and checkbox fields, assign v2 and pro
 * selection, three suggestions at a time):
 * - v4 suggestions are split into AL and HA providers by type, keeping the serviceRequestId;
 * - when suggestions load, every additional-provider field is cleared and the defaults set;
 * - checking a provider updates the selected lists, their gateway-order versions and counts;
 * - the assign payload sends the selection (ids as integers) with the serviceRequestId.
 *
 * Decisions where the spec is silent:
 * - The default of each suggested provider's checkbox is unchecked: sending the customer's
 *   request to one more pro is the customer's choice, never pre-made.
 * - The selected lists keep the order the customer checked in; the WithGatewayOrder lists keep
 *   the order of the suggestions, and are what the assign call sends.
 * - A provider the gateway did not suggest cannot be selected (its field is ignored).
 */

/** Suggestions are asked for three at a time (docs/architecture.md#funnel-constants). */
export const SUGGESTION_LIMIT = 3;

/** A suggested provider (id, serviceProviderType), structurally. */
export interface SuggestedProvider {
  readonly id: number;
  readonly serviceProviderType: FunnelProviderType;
}

export interface SplitSuggestions<P extends SuggestedProvider = SuggestedProvider> {
  readonly al: readonly P[];
  readonly ha: readonly P[];
  readonly serviceRequestId: number;
}

/** V4 suggestions split into AL and HA by type, in the gateway's order, with the serviceRequestId. */
export function splitSuggestions<P extends SuggestedProvider>(response: {
  readonly serviceProviders: readonly P[];
  readonly serviceRequestId: number;
}): SplitSuggestions<P> {
  return {
    al: response.serviceProviders.filter((p) => p.serviceProviderType === 'AL'),
    ha: response.serviceProviders.filter((p) => p.serviceProviderType === 'HA'),
    serviceRequestId: response.serviceRequestId,
  };
}

const FIELD_PREFIX: Readonly<Record<FunnelProviderType, string>> = { AL: 'additional-sp-', HA: 'additional-hasp-' };

/** Checkbox field names: `additional-sp-{id}` (AL), `additional-hasp-{id}` (HA). */
export function additionalFieldName(type: FunnelProviderType, id: number): string {
  return `${FIELD_PREFIX[type]}${id}`;
}

/**
 * The provider a checkbox field names, or null for any other name.
 * @internal Exported for tests.
 */
export function parseAdditionalFieldName(name: string): { type: FunnelProviderType; id: number } | null {
  const match = /^additional-(sp|hasp)-(\d{1,15})$/.exec(name);
  if (!match) return null;
  return { type: match[1] === 'sp' ? 'AL' : 'HA', id: Number(match[2]) };
}

/** The selection's derived fields, from the two selected lists in checking order. */
function withSelection(form: FunnelFormValues, suggestions: SplitSuggestions, al: readonly number[], ha: readonly number[]): FunnelFormValues {
  const inGatewayOrder = (providers: readonly SuggestedProvider[], chosen: readonly number[]) => providers.map((p) => p.id).filter((id) => chosen.includes(id));
  return {
    ...form,
    selectedAdditionalSpList: al,
    selectedAdditionalSpListWithGatewayOrder: inGatewayOrder(suggestions.al, al),
    selectedAdditionalSpListCount: al.length,
    selectedAdditionalHaSpList: ha,
    selectedAdditionalHaSpListWithGatewayOrder: inGatewayOrder(suggestions.ha, ha),
    selectedAdditionalHaSpListCount: ha.length,
    selectedAdditionalTotalSpListCount: al.length + ha.length,
  };
}

/**
 * "When suggestions load, all additional-provider fields are cleared and defaults set":
 * fields of earlier suggestions are dropped, each new suggestion's field starts unchecked, the
 * selection is empty and the serviceRequestId is the new one.
 */
export function withSuggestionsLoaded(form: FunnelFormValues, suggestions: SplitSuggestions): FunnelFormValues {
  const additionalFields: Record<string, boolean> = {};
  for (const p of suggestions.al) additionalFields[additionalFieldName('AL', p.id)] = false;
  for (const p of suggestions.ha) additionalFields[additionalFieldName('HA', p.id)] = false;
  return withSelection({ ...form, additionalFields, serviceRequestId: suggestions.serviceRequestId }, suggestions, [], []);
}

/** Checks or unchecks one suggested provider's field (by its name, as a form reports it). */
export function setAdditionalField(form: FunnelFormValues, suggestions: SplitSuggestions, fieldName: string, checked: boolean): FunnelFormValues {
  const field = parseAdditionalFieldName(fieldName);
  if (!field) return form;
  const suggested = (field.type === 'AL' ? suggestions.al : suggestions.ha).some((p) => p.id === field.id);
  if (!suggested) return form;
  const update = (list: readonly number[]) => {
    const without = list.filter((id) => id !== field.id);
    return checked ? [...without, field.id] : without;
  };
  const al = field.type === 'AL' ? update(form.selectedAdditionalSpList) : form.selectedAdditionalSpList;
  const ha = field.type === 'HA' ? update(form.selectedAdditionalHaSpList) : form.selectedAdditionalHaSpList;
  return withSelection({ ...form, additionalFields: { ...form.additionalFields, [fieldName]: checked } }, suggestions, al, ha);
}

/** @internal Only tests use it: no shipped code calls it. */
export function setAdditionalProvider(
  form: FunnelFormValues,
  suggestions: SplitSuggestions,
  type: FunnelProviderType,
  id: number,
  checked: boolean,
): FunnelFormValues {
  return setAdditionalField(form, suggestions, additionalFieldName(type, id), checked);
}

export interface AssignV2Payload {
  serviceProviderIds: number[];
  haServiceProviderIds: number[];
  serviceRequestId: number;
}

function integerId(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${what} must be a non-negative integer id`);
  return value;
}

/**
 * `POST /v2/lead/{leadId}/assign`: the selection in gateway order and the serviceRequestId,
 * ids as integers. Throws a TypeError without a serviceRequestId (suggestions never loaded).
 */
export function assignPayload(form: FunnelFormValues): AssignV2Payload {
  if (form.serviceRequestId === null) throw new TypeError('assign needs the serviceRequestId of loaded suggestions');
  return {
    serviceProviderIds: form.selectedAdditionalSpListWithGatewayOrder.map((id) => integerId(id, 'serviceProviderIds')),
    haServiceProviderIds: form.selectedAdditionalHaSpListWithGatewayOrder.map((id) => integerId(id, 'haServiceProviderIds')),
    serviceRequestId: integerId(form.serviceRequestId, 'serviceRequestId'),
  };
}

/** `send-ol-pro-selection` after assigning: only when HA providers were chosen, else null. */
export function proSelectionPayload(form: FunnelFormValues): { serviceRequestId: number; haServiceProviderIds: number[] } | null {
  const { haServiceProviderIds, serviceRequestId } = assignPayload(form);
  return haServiceProviderIds.length > 0 ? { serviceRequestId, haServiceProviderIds } : null;
}

/** The suggestion request for a lead: its category and postal code, minus the pros it already went to. */
export function suggestionRequest(lead: { readonly categoryId: number; readonly postalCode: string }, alreadyAssigned: readonly number[]) {
  return { categoryId: lead.categoryId, postalCode: lead.postalCode, excludedServiceProviderIds: [...new Set(alreadyAssigned)], limit: SUGGESTION_LIMIT };
}
