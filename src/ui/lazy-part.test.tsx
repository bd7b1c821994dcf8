import { Suspense, type ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { lazyPart, PartFailedView, type PartFailedViewProps } from './lazy-part';

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

  it('two parts of one module load it once; when it came for one, the other renders in its first render', async () => {
    const part = controlledPart('The dialogs');
    const Dialogs = lazyPart(part.load, (module) => module.Part);
    const Panel = lazyPart(part.load, () => () => <p>The panel</p>);
    const loaded = Dialogs.preload();
    void Panel.preload(); // asked while the module is on its way: the same load
    part.arrive();
    await loaded;
    const { fallback } = renderInBoundary(<Panel />);
    expect(screen.getByText('The panel')).toBeTruthy();
    expect(fallback.renders).toBe(0);
    expect(part.asked.count).toBe(1);
  });

  it('a part never preloaded renders at once when its module came for another part', async () => {
    const part = controlledPart('The dialogs');
    const Dialogs = lazyPart(part.load, (module) => module.Part);
    const Offer = lazyPart(part.load, () => () => <p>The offer</p>);
    const loaded = Dialogs.preload();
    part.arrive();
    await loaded;
    const { fallback } = renderInBoundary(<Offer />);
    expect(screen.getByText('The offer')).toBeTruthy();
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
    const Part = lazyPart(
      part.load,
      (module) => module.Part,
      () => started.push('its list'),
    );
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

  describe('a part that fails to load', () => {
    function FailedView({ retry, failures }: PartFailedViewProps) {
      return (
        <p role="alert">
          Did not load ({failures})
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      );
    }

    it('shows the view in its place — the rest of the widget stays — and Try again loads it again', async () => {
      const part = controlledPart('The filters');
      const Part = lazyPart(part.load, (module) => module.Part);
      render(
        <PartFailedView value={FailedView}>
          <h2>The board</h2>
          <Suspense fallback={<p>Loading</p>}>
            <Part />
          </Suspense>
        </PartFailedView>,
      );
      await act(async () => part.fail(new TypeError('Failed to fetch dynamically imported module')));
      expect((await screen.findByRole('alert')).textContent).toContain('Did not load (1)');
      expect(screen.getByRole('heading', { name: 'The board' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(part.asked.count).toBe(2);
      await act(async () => part.fail(new TypeError('again')));
      expect((await screen.findByRole('alert')).textContent).toContain('Did not load (2)');
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await act(async () => part.arrive());
      expect(await screen.findByText('The filters')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(part.asked.count).toBe(3);
    });

    it('without a view its place stays empty, and it loads again when the device is back online', async () => {
      const part = controlledPart('The list');
      const Part = lazyPart(part.load, (module) => module.Part);
      const { container } = render(
        <Suspense fallback={<p>Loading</p>}>
          <Part />
        </Suspense>,
      );
      await act(async () => part.fail(new TypeError('offline')));
      await waitFor(() => expect(screen.queryByText('Loading')).toBeNull());
      expect(container.textContent).toBe('');
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      expect(part.asked.count).toBe(2);
      await act(async () => part.arrive());
      expect(await screen.findByText('The list')).toBeTruthy();
    });

    it('a preload nobody waits for fails quietly: no unhandled rejection', async () => {
      const unhandled: unknown[] = [];
      const listen = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listen);
      try {
        const part = controlledPart('Later');
        const Part = lazyPart(part.load, (module) => module.Part);
        void Part.preload();
        part.fail(new TypeError('offline'));
        // Node reports unhandled rejections after the microtask queue drains, before timers run.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', listen);
      }
    });
  });
});
