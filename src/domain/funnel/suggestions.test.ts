import { describe, expect, it } from 'vitest';
import { EMPTY_FUNNEL_FORM } from './form';
import {
  additionalFieldName,
  assignPayload,
  parseAdditionalFieldName,
  proSelectionPayload,
  setAdditionalField,
  setAdditionalProvider,
  splitSuggestions,
  suggestionRequest,
  SUGGESTION_LIMIT,
  withSuggestionsLoaded,
} from './suggestions';

const response = {
  serviceProviders: [
    { id: 1009, serviceProviderType: 'AL' as const, name: 'Denver Rooter Express' },
    { id: 2003, serviceProviderType: 'HA' as const, name: 'Denver Drain Doctors' },
    { id: 1005, serviceProviderType: 'AL' as const, name: 'Handy Helpers' },
    { id: 2001, serviceProviderType: 'HA' as const, name: 'Acme (HA)' },
  ],
  serviceRequestId: 600002,
};
const split = splitSuggestions(response);

describe('AL/HA split of v4 suggestions', () => {
  it('splits by type in the gateway’s order and keeps the serviceRequestId and the providers as given', () => {
    expect(split.al.map((p) => p.id)).toEqual([1009, 1005]);
    expect(split.ha.map((p) => p.id)).toEqual([2003, 2001]);
    expect(split.serviceRequestId).toBe(600002);
    expect(split.al[0]?.name).toBe('Denver Rooter Express');
  });

  it('asks for 3 suggestions excluding the pros the lead already went to', () => {
    expect(SUGGESTION_LIMIT).toBe(3);
    expect(suggestionRequest({ categoryId: 10003, postalCode: '80202' }, [1001, 2003, 1001])).toEqual({
      categoryId: 10003,
      postalCode: '80202',
      excludedServiceProviderIds: [1001, 2003],
      limit: 3,
    });
  });
});

describe('checkbox fields and selected lists', () => {
  it('names fields additional-sp-{id} (AL) and additional-hasp-{id} (HA), and reads them back', () => {
    expect(additionalFieldName('AL', 1009)).toBe('additional-sp-1009');
    expect(additionalFieldName('HA', 2003)).toBe('additional-hasp-2003');
    expect(parseAdditionalFieldName('additional-sp-1009')).toEqual({ type: 'AL', id: 1009 });
    expect(parseAdditionalFieldName('additional-hasp-2003')).toEqual({ type: 'HA', id: 2003 });
    for (const name of ['additional-sp-', 'additional-xx-1', 'additional-sp-1x', 'sp-1', 'additional-sp--1']) expect(parseAdditionalFieldName(name)).toBeNull();
  });

  it('when suggestions load: earlier fields cleared, each suggestion’s field set to its default (unchecked), nothing selected', () => {
    const earlierSplit = splitSuggestions({
      serviceProviders: [
        { id: 1002, serviceProviderType: 'AL' },
        { id: 2002, serviceProviderType: 'HA' },
      ],
      serviceRequestId: 600001,
    });
    let earlier = withSuggestionsLoaded({ ...EMPTY_FUNNEL_FORM, categoryId: 100 }, earlierSplit);
    earlier = setAdditionalProvider(earlier, earlierSplit, 'AL', 1002, true);
    earlier = setAdditionalProvider(earlier, earlierSplit, 'HA', 2002, true);
    expect(earlier.selectedAdditionalTotalSpListCount).toBe(2);
    const loaded = withSuggestionsLoaded(earlier, split);
    expect(loaded.additionalFields).toEqual({
      'additional-sp-1009': false,
      'additional-sp-1005': false,
      'additional-hasp-2003': false,
      'additional-hasp-2001': false,
    });
    expect(loaded).toMatchObject({
      categoryId: 100,
      serviceRequestId: 600002,
      selectedAdditionalSpList: [],
      selectedAdditionalSpListWithGatewayOrder: [],
      selectedAdditionalSpListCount: 0,
      selectedAdditionalHaSpList: [],
      selectedAdditionalHaSpListWithGatewayOrder: [],
      selectedAdditionalHaSpListCount: 0,
      selectedAdditionalTotalSpListCount: 0,
    });
  });

  it('keeps the checking order, the gateway order and the counts as providers are checked and unchecked', () => {
    let form = withSuggestionsLoaded(EMPTY_FUNNEL_FORM, split);
    form = setAdditionalField(form, split, 'additional-sp-1005', true);
    form = setAdditionalField(form, split, 'additional-hasp-2001', true);
    form = setAdditionalField(form, split, 'additional-sp-1009', true);
    form = setAdditionalField(form, split, 'additional-hasp-2003', true);
    expect(form).toMatchObject({
      selectedAdditionalSpList: [1005, 1009],
      selectedAdditionalSpListWithGatewayOrder: [1009, 1005],
      selectedAdditionalSpListCount: 2,
      selectedAdditionalHaSpList: [2001, 2003],
      selectedAdditionalHaSpListWithGatewayOrder: [2003, 2001],
      selectedAdditionalHaSpListCount: 2,
      selectedAdditionalTotalSpListCount: 4,
    });
    expect(form.additionalFields['additional-sp-1005']).toBe(true);
    // Checking twice adds once; unchecking removes.
    form = setAdditionalField(form, split, 'additional-sp-1005', true);
    form = setAdditionalField(form, split, 'additional-hasp-2001', false);
    expect(form).toMatchObject({
      selectedAdditionalSpList: [1009, 1005],
      selectedAdditionalHaSpList: [2003],
      selectedAdditionalHaSpListWithGatewayOrder: [2003],
      selectedAdditionalTotalSpListCount: 3,
    });
    expect(form.additionalFields['additional-hasp-2001']).toBe(false);
  });

  it('ignores fields of providers that were not suggested, or under the wrong type', () => {
    const form = withSuggestionsLoaded(EMPTY_FUNNEL_FORM, split);
    expect(setAdditionalField(form, split, 'additional-sp-4242', true)).toBe(form);
    expect(setAdditionalField(form, split, 'additional-sp-2003', true)).toBe(form);
    expect(setAdditionalField(form, split, 'something-else', true)).toBe(form);
  });
});

describe('assign payload (assign v2, send-ol-pro-selection)', () => {
  it('sends the selection in gateway order with the serviceRequestId, ids as integers', () => {
    let form = withSuggestionsLoaded(EMPTY_FUNNEL_FORM, split);
    form = setAdditionalProvider(form, split, 'AL', 1005, true);
    form = setAdditionalProvider(form, split, 'AL', 1009, true);
    form = setAdditionalProvider(form, split, 'HA', 2001, true);
    const payload = assignPayload(form);
    expect(payload).toEqual({ serviceProviderIds: [1009, 1005], haServiceProviderIds: [2001], serviceRequestId: 600002 });
    expect([...payload.serviceProviderIds, ...payload.haServiceProviderIds, payload.serviceRequestId].every(Number.isInteger)).toBe(true);
    expect(proSelectionPayload(form)).toEqual({ serviceRequestId: 600002, haServiceProviderIds: [2001] });
  });

  it('sends no pro selection without HA providers, and refuses to build without suggestions', () => {
    const form = setAdditionalProvider(withSuggestionsLoaded(EMPTY_FUNNEL_FORM, split), split, 'AL', 1005, true);
    expect(proSelectionPayload(form)).toBeNull();
    expect(() => assignPayload(EMPTY_FUNNEL_FORM)).toThrow(TypeError);
    expect(() => assignPayload({ ...form, serviceRequestId: 1.5 })).toThrow(TypeError);
  });
});
