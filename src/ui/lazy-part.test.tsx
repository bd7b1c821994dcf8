import { Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

afterEach(cleanup);

/** A part whose module arrives when the test says so, counting how often it was asked for. */
function controlledPart(text: string) {
  const asked = { count: 0 };
  let arrive: (module: { Part: () => ReactElement }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = () => {
    asked.count += 1;
    return new Promise<{ Part: () => ReactElement }>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  };
  const module = { Part: () => <p>{text}</p> };
  return { asked, load, arrive: () => arrive(module), fail: (error: Error) => fail(error) };
}

/** Renders `children` under a Suspense boundary whose fallback counts its renders. */
function renderInBoundary(children: ReactElement) {
  const fallback = { renders: 0 };
  function Fallback() {
    fallback.renders += 1;
    return <p>Loading</p>;
  }
  const view = render(<Suspense fallback={<Fallback />}>{children}</Suspense>);
  return { fallback, view };
}

describe('lazyPart', () => {
  it('preloaded before its first render, it renders in that render: no fallback, one load', async () => {
    const part = controlledPart('The list');
    const Part = lazyPart(part.load, (module) => module.Part);
    const preloaded = Part.preload();
    part.arrive();
    await preloaded;
    const { fallback } = renderInBoundary(<Part />);
    // Synchronously, in the first commit: nothing to wait for.
    expect(screen.getByText('The list')).toBeTruthy();
    expect(fallback.renders).toBe(0);
    expect(part.asked.count).toBe(1);
  });

  it('not here yet, it suspends once (the fallback shows) and renders when it arrives, loading once', async () => {
    const part = controlledPart('The body');
    const Part = lazyPart(part.load, (module) => module.Part);
    const { fallback } = renderInBoundary(<Part />);
    expect(screen.getByText('Loading')).toBeTruthy();
    void Part.preload(); // asked again while loading: the same load
    await act(async () => part.arrive());
    expect(await screen.findByText('The body')).toBeTruthy();
    expect(fallback.renders).toBeGreaterThan(0);
    expect(part.asked.count).toBe(1);
  });

  it("starts the part's own parts once its module is here, whether preloaded or rendered", async () => {
    const started: string[] = [];
    const part = controlledPart('The route');
    const Part = lazyPart(part.load, (module) => module.Part, () => started.push('its list'));
    const preloaded = Part.preload();
    expect(started).toEqual([]);
    part.arrive();
    await preloaded;
    expect(started).toEqual(['its list']);
    renderInBoundary(<Part />);
    expect(started).toEqual(['its list']);
  });

  it('a failed load is asked for again by the next preload', async () => {
    const part = controlledPart('Later');
    const Part = lazyPart(part.load, (module) => module.Part);
    const first = Part.preload();
    part.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = Part.preload();
    expect(part.asked.count).toBe(2);
    part.arrive();
    await second;
    renderInBoundary(<Part />);
    expect(screen.getByText('Later')).toBeTruthy();
  });
});
