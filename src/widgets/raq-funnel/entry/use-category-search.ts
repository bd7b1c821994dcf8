import { autocompleteCategories } from '../../../gateway/lead/funnel/calls';
import type { GatewayClient } from '../../../gateway/core/client';
import type { TaxonomyCategory } from '../../../gateway/core/shared-schemas';
import { useSuggestions } from '../../../ui/use-suggestions';

/** The funnel's autocomplete asks for 10 results (the call's default, sent explicitly). */
const FUNNEL_AUTOCOMPLETE_LIMIT = 10;

export interface CategorySearch {
  readonly results: readonly TaxonomyCategory[];
  readonly loading: boolean;
}

/**
 * Autocomplete results for the category field's text (GET /v2/autocomplete, taxonomy 'HA
 * Task', limit 10), by the suggestions' rules (ui/use-suggestions.ts: debounced, the superseded
 * request aborted, each text asked once, never an older text's answer). Empty text asks nothing
 * (the field shows the top categories then). A failed search shows no results.
 */
export function useCategorySearch(text: string, client: GatewayClient): CategorySearch {
  const { items, loading } = useSuggestions(text, (query, signal) =>
    autocompleteCategories(client, { query, taxonomyName: 'HA Task', limit: FUNNEL_AUTOCOMPLETE_LIMIT }, { signal }).then(({ results }) => results),
  );
  return { results: items, loading };
}
