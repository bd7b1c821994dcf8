import { describe, expect, it } from 'vitest';
import { createRef, h, render } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useId } from './preact-compat';

/** Two lazily loaded parts, each under its own Suspense boundary, each labelling something by id: the ids they got once both arrived. */
async function idsOfTwoLazyParts(hook: () => string): Promise<string[]> {
  const seen: string[] = [];
  function Labelled() {
    seen.push(hook());
    return h('p', null, 'part');
  }
  const part = () => lazy(() => Promise.resolve({ default: Labelled }));
  const [First, Second] = [part(), part()];
  const container = document.createElement('div');
  render(h('div', null, h(Suspense, { fallback: null }, h(First, null)), h(Suspense, { fallback: null }, h(Second, null))), container);
  for (let i = 0; i < 10 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  render(null, container);
  return seen;
}

describe("the lite flavour's react: preact/compat with page-unique ids", () => {
  // Preact's own ids repeated across the board's lazily loaded parts in the browser (the filter
  // panel and a card's review modal were both 'P0-0': the lite flavour's e2e review journeys failed
  // on the modal's name); this small tree does not reproduce that, so these check the shim's own promise.
  it('gives each lazily loaded part its own id, in the page-wide lk- series', async () => {
    const [first, second] = await idsOfTwoLazyParts(useId);
    expect(first).toMatch(/^lk-[0-9a-z]+$/);
    expect(second).toMatch(/^lk-[0-9a-z]+$/);
    expect(first).not.toBe(second);
  });

  it('keeps a component’s id across its re-renders', () => {
    const seen: string[] = [];
    function Labelled({ n }: { n: number }) {
      seen.push(useId());
      return h('p', null, String(n));
    }
    const container = document.createElement('div');
    render(h(Labelled, { n: 1 }), container);
    render(h(Labelled, { n: 2 }), container);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});

describe("the lite flavour's Suspense", () => {
  // The board's list holds a ref to its <ul> (focus after an archive, bulk actions) and the first
  // card's body inside it may still be loading when the list first renders. Preact 10.29 left such
  // a ref empty once the body arrived (the list was on screen, its ref null: the lite e2e run's
  // keyboard archive dropped focus to the page); Preact 11 keeps it.
  it("keeps an element's ref when a part inside it suspended on the first render", async () => {
    const listRef = createRef<HTMLUListElement>();
    let arrive!: (part: { default: () => ReturnType<typeof h> }) => void;
    const Body = lazy(() => new Promise<{ default: () => ReturnType<typeof h> }>((resolve) => (arrive = resolve)));
    const container = document.createElement('div');
    document.body.append(container);
    render(h(Suspense, { fallback: h('p', null, 'loading') }, h('ul', { ref: listRef }, h('li', null, 'card', h(Body, null)))), container);
    arrive({ default: () => h('b', null, 'body') });
    for (let i = 0; i < 10 && !container.querySelector('b'); i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('b')?.textContent).toBe('body');
    expect(listRef.current).toBe(container.querySelector('ul'));
    render(null, container);
    container.remove();
  });
});
