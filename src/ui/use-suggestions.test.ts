/**
 * The suggestions' rules (use-suggestions.ts), which the board's filters and the funnel's category
 * field share, without React or a DOM: what is asked for and when (a fake clock for the pause),
 * what each request's signal says, and what is shown for a text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SuggestionsSource } from './use-suggestions';

const PAUSE_MS = 200;

/** A fetcher whose answers the test gives, one request at a time; it ignores its signal (as a slow network might). */
function controlledFetcher() {
  const requests: { text: string; signal: AbortSignal; answer(items: string[]): void; fail(): void }[] = [];
  const fetcher = (text: string, signal: AbortSignal) =>
    new Promise<readonly string[]>((resolve, reject) => requests.push({ text, signal, answer: resolve, fail: () => reject(new Error('down')) }));
  return { fetcher, requests };
}

/** A field over a source: typing ends the text before (as the hook's effect does). */
function field(source: SuggestionsSource<string>) {
  let end = () => {};
  return (text: string) => {
    end();
    end = source.ask(text);
  };
}

/** Lets the answers' promise callbacks run. */
const settled = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('suggestions (SuggestionsSource)', () => {
  it('asks once typing pauses: the text as it is then, trimmed, loading meanwhile', async () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 1, debounceMs: PAUSE_MS });
    const type = field(source);
    type('p');
    vi.advanceTimersByTime(PAUSE_MS - 1);
    type('pl');
    vi.advanceTimersByTime(PAUSE_MS - 1);
    type('plu ');
    expect(requests).toEqual([]);
    expect(source.stateFor('plu ')).toEqual({ items: [], loading: true });
    vi.advanceTimersByTime(PAUSE_MS);
    expect(requests.map((r) => r.text)).toEqual(['plu']);
    requests[0]!.answer(['Plumbing']);
    await settled();
    expect(source.stateFor('plu')).toEqual({ items: ['Plumbing'], loading: false });
  });

  it("a superseded request's signal is aborted, and its answer, come after the newer one's, is never shown", async () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 1, debounceMs: PAUSE_MS });
    const seen: string[][] = [];
    source.subscribe(() => void seen.push([...source.stateFor('roof').items]));
    const type = field(source);
    type('roo');
    vi.advanceTimersByTime(PAUSE_MS);
    type('roof');
    const [older] = requests;
    expect(older?.signal.aborted).toBe(true);
    vi.advanceTimersByTime(PAUSE_MS);
    const newer = requests[1]!;
    expect(newer.signal.aborted).toBe(false);
    newer.answer(['Roofing']);
    await settled();
    older!.answer(['Room addition']);
    await settled();
    expect(source.stateFor('roof')).toEqual({ items: ['Roofing'], loading: false });
    expect(seen.flat()).not.toContain('Room addition');
  });

  it('while a newer text is asked for, the older answer is not shown for it: loading, no items', async () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 1, debounceMs: PAUSE_MS });
    const type = field(source);
    type('tile');
    vi.advanceTimersByTime(PAUSE_MS);
    requests[0]!.answer(['Tile installation']);
    await settled();
    type('tiles');
    expect(source.stateFor('tiles')).toEqual({ items: [], loading: true });
    vi.advanceTimersByTime(PAUSE_MS);
    expect(source.stateFor('tiles')).toEqual({ items: [], loading: true });
  });

  it('a text answered before asks nothing again: its answer at once, not loading', async () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 1, debounceMs: PAUSE_MS });
    const type = field(source);
    type('paint');
    vi.advanceTimersByTime(PAUSE_MS);
    requests[0]!.answer(['Painting']);
    await settled();
    type('painte');
    vi.advanceTimersByTime(PAUSE_MS);
    type('paint');
    expect(source.stateFor('paint')).toEqual({ items: ['Painting'], loading: false });
    vi.advanceTimersByTime(PAUSE_MS * 5);
    expect(requests.map((r) => r.text)).toEqual(['paint', 'painte']);
  });

  it('a text shorter than minLength asks nothing and shows nothing', () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 2, debounceMs: PAUSE_MS });
    field(source)(' a ');
    vi.advanceTimersByTime(PAUSE_MS * 5);
    expect(requests).toEqual([]);
    expect(source.stateFor(' a ')).toEqual({ items: [], loading: false });
  });

  it('a failed request shows no suggestions, and the text is asked again when it comes back', async () => {
    const { fetcher, requests } = controlledFetcher();
    const source = new SuggestionsSource(fetcher, { minLength: 1, debounceMs: PAUSE_MS });
    const type = field(source);
    type('hvac');
    vi.advanceTimersByTime(PAUSE_MS);
    requests[0]!.fail();
    await settled();
    expect(source.stateFor('hvac')).toEqual({ items: [], loading: false });
    type('hva');
    type('hvac');
    vi.advanceTimersByTime(PAUSE_MS);
    expect(requests.map((r) => r.text)).toEqual(['hvac', 'hvac']);
  });
});
