import { useEffect, useRef, useState } from 'react';
import { ExternalStore, useExternalStore } from './external-store';

/** Delay after the last keystroke before asking (keeps typing from flooding the gateway). */
const SUGGEST_DEBOUNCE_MS = 200;

export interface SuggestionsState<T> {
  readonly items: readonly T[];
  readonly loading: boolean;
}

/** Asks for the suggestions of a (trimmed) text; `signal` is aborted once the text is superseded. */
export type SuggestionsFetcher<T> = (text: string, signal: AbortSignal) => Promise<readonly T[]>;

/** The latest answer (or the request under way) and the text it is for. */
interface Answer<T> extends SuggestionsState<T> {
  readonly query: string;
}

const NONE: SuggestionsState<never> = { items: [], loading: false };

/**
 * The suggestions' rules, React-free (useSuggestions below holds one per field): a text is asked
 * for after a pause in typing (`debounceMs`); the request of a text that was superseded is
 * aborted, and its answer, come what may, is never shown for another text; each text is asked
 * once (its answer is kept); a text shorter than `minLength` asks nothing. A failed request shows
 * no suggestions, and is asked again when the text comes back.
 * @internal Exported for tests.
 */
export class SuggestionsSource<T> extends ExternalStore<Answer<T>> {
  private readonly cache = new Map<string, readonly T[]>();

  constructor(
    private readonly fetcher: SuggestionsFetcher<T>,
    private readonly rules: { readonly minLength: number; readonly debounceMs: number } = { minLength: 1, debounceMs: SUGGEST_DEBOUNCE_MS },
  ) {
    super({ query: '', items: [], loading: false });
  }

  /** What to show for `text` now: its kept answer, its answer once it came, or loading until then. */
  stateFor(text: string): SuggestionsState<T> {
    const query = text.trim();
    if (query.length < this.rules.minLength) return NONE;
    const cached = this.cache.get(query);
    if (cached) return { items: cached, loading: false };
    const answer = this.snapshot;
    // Never the answer to an older text while a newer one is pending.
    return answer.query === query ? { items: answer.items, loading: answer.loading } : { items: [], loading: true };
  }

  /**
   * `text` is what the field holds now: asked for after the pause, unless it is too short or its
   * answer is kept. Returns its end (the text changed): the pause cleared, the request aborted.
   */
  ask(text: string): () => void {
    const query = text.trim();
    if (query.length < this.rules.minLength || this.cache.has(query)) return () => undefined;
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(() => {
      this.set({ query, items: [], loading: true });
      this.fetcher(query, signal).then(
        (items) => {
          // A right answer for its text, kept; shown only while its text is the one asked for.
          this.cache.set(query, items);
          if (!signal.aborted) this.set({ query, items, loading: false });
        },
        () => {
          if (!signal.aborted) this.set({ query, items: [], loading: false });
        },
      );
    }, this.rules.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }
}

/**
 * Suggestions for a combobox's text (the board's filters, the funnel's category): debounced, the
 * superseded request aborted, each text asked for once, never an older text's answer
 * (SuggestionsSource). The latest `fetcher` is used; a new one does not ask again.
 */
export function useSuggestions<T>(text: string, fetcher: SuggestionsFetcher<T>, minLength = 1): SuggestionsState<T> {
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  const [source] = useState(() => new SuggestionsSource<T>((query, signal) => latest.current(query, signal), { minLength, debounceMs: SUGGEST_DEBOUNCE_MS }));
  useExternalStore(source, source.getSnapshot);
  const query = text.trim();
  useEffect(() => source.ask(query), [source, query]);
  return source.stateFor(query);
}
