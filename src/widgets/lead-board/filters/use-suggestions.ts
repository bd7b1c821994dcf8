import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../gateway/core/errors';

/** Delay after the last keystroke before asking the gateway (keeps typing from flooding it). */
const SUGGEST_DEBOUNCE_MS = 200;

export interface SuggestionsState<T> {
  items: readonly T[];
  loading: boolean;
}

/**
 * Suggestions for a combobox's text: debounced, the superseded request aborted, and each text
 * asked for once (answers are cached per text). Text shorter than `minLength` asks nothing.
 */
export function useSuggestions<T>(text: string, fetcher: (text: string, signal: AbortSignal) => Promise<readonly T[]>, minLength = 1): SuggestionsState<T> {
  const cache = useRef(new Map<string, readonly T[]>());
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const query = text.trim();
  const cached = cache.current.get(query);
  const [state, setState] = useState<{ query: string; items: readonly T[]; loading: boolean }>({ query: '', items: [], loading: false });

  useEffect(() => {
    if (query.length < minLength || cache.current.has(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ query, items: [], loading: true });
      fetcherRef.current(query, controller.signal).then(
        (items) => {
          cache.current.set(query, items);
          setState({ query, items, loading: false });
        },
        (error: unknown) => {
          if (!isAbortError(error)) setState({ query, items: [], loading: false });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, minLength]);

  if (query.length < minLength) return { items: [], loading: false };
  if (cached) return { items: cached, loading: false };
  // Never show the answer to an older text while a newer one is pending.
  return state.query === query ? { items: state.items, loading: state.loading } : { items: [], loading: true };
}
