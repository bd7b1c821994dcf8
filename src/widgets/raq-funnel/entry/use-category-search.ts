import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../gateway/core/errors';
import { autocompleteCategories } from '../../../gateway/lead/funnel/calls';
import type { GatewayClient } from '../../../gateway/core/client';
import type { TaxonomyCategory } from '../../../gateway/core/shared-schemas';

/** Delay after the last keystroke before asking the gateway. */
const CATEGORY_SEARCH_DEBOUNCE_MS = 200;
/** The funnel's autocomplete asks for 10 results (the call's default, sent explicitly). */
const FUNNEL_AUTOCOMPLETE_LIMIT = 10;

export interface CategorySearch {
  readonly results: readonly TaxonomyCategory[];
  readonly loading: boolean;
}

/**
 * Autocomplete results for the category field's text (GET /v2/autocomplete, taxonomy 'HA
 * Task', limit 10): debounced, the superseded request aborted, each text asked once. Empty text
 * asks nothing (the field shows the top categories then). A failed search shows no results.
 */
export function useCategorySearch(text: string, client: GatewayClient): CategorySearch {
  const query = text.trim();
  const cache = useRef(new Map<string, readonly TaxonomyCategory[]>());
  const [state, setState] = useState<{ query: string; results: readonly TaxonomyCategory[]; loading: boolean }>({ query: '', results: [], loading: false });

  useEffect(() => {
    if (query === '' || cache.current.has(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ query, results: [], loading: true });
      autocompleteCategories(client, { query, taxonomyName: 'HA Task', limit: FUNNEL_AUTOCOMPLETE_LIMIT }, { signal: controller.signal }).then(
        ({ results }) => {
          cache.current.set(query, results);
          setState({ query, results, loading: false });
        },
        (error: unknown) => {
          if (!isAbortError(error)) setState({ query, results: [], loading: false });
        },
      );
    }, CATEGORY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, client]);

  if (query === '') return { results: [], loading: false };
  const cached = cache.current.get(query);
  if (cached) return { results: cached, loading: false };
  // Never the answer to an older text while a newer one is pending.
  return state.query === query ? { results: state.results, loading: state.loading } : { results: [], loading: true };
}
