import { Suspense, type ComponentType, type ReactElement } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/helpers/render-widget';
import { commonMessages } from '../i18n/core/en-US-common';
import { lazyPart, PartFailedView } from '../ui/lazy-part';
import { PartUnavailable } from './part-unavailable';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A part whose module arrives or fails when the test says so. */
function controlledPart(Part: () => ReactElement) {
  const asked = { count: 0 };
  let settle: { arrive(): void; fail(): void } = { arrive: () => undefined, fail: () => undefined };
  const load = () => {
    asked.count += 1;
    return new Promise<{ Part: () => ReactElement }>((resolve, reject) => {
      settle = { arrive: () => resolve({ Part }), fail: () => reject(new TypeError('Failed to fetch dynamically imported module')) };
    });
  };
  return { asked, part: lazyPart(load, (module) => module.Part), arrive: () => settle.arrive(), fail: () => settle.fail() };
}

function renderWithPart(Part: ComponentType) {
  return renderWidget(
    <PartFailedView value={PartUnavailable}>
      <h2>The board</h2>
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
      <button type="button">After the part</button>
    </PartFailedView>,
    commonMessages,
  );
}

describe('PartUnavailable (a part whose code did not arrive)', () => {
  it("says what to do and offers 'Try again' only, after a first failure", async () => {
    const retry = vi.fn(() => Promise.resolve(false));
    renderWidget(<PartUnavailable retry={retry} retrying={false} failures={1} />, commonMessages);
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the page did not load. Check your connection and try again.');
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("offers 'Reload the page' too once a retry failed (Firefox and WebKit keep a failed module until the page reloads)", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    renderWidget(<PartUnavailable retry={vi.fn(() => Promise.resolve(false))} retrying={false} failures={2} />, commonMessages);
    await userEvent.click(await screen.findByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the focus on 'Try again' while the part is on its way and when it fails again; moves it to the part's first control when it comes", async () => {
    const {
      part: Part,
      asked,
      arrive,
      fail,
    } = controlledPart(() => (
      <section>
        <p>The list</p>
        <button type="button">Open the first lead</button>
      </section>
    ));
    renderWithPart(Part);
    await act(async () => fail());
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    // By keyboard: Tab to 'Try again', Enter.
    tryAgain.focus();
    await userEvent.keyboard('{Enter}');
    expect(asked.count).toBe(2);
    // On its way: the view stays (no fallback in its place), the button busy and still focused.
    expect(screen.queryByText('Loading')).toBeNull();
    expect(tryAgain.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(tryAgain);
    await act(async () => fail());
    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(document.activeElement).toBe(tryAgain);
    expect(tryAgain.getAttribute('aria-disabled')).toBeNull();

    await userEvent.keyboard('{Enter}');
    expect(asked.count).toBe(3);
    await act(async () => arrive());
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the first lead' })));
  });

  it('a part without a control of its own takes the focus itself (made focusable by script until it loses it)', async () => {
    const { part: Part, arrive, fail } = controlledPart(() => <p>Nothing to press here</p>);
    renderWithPart(Part);
    await act(async () => fail());
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    await userEvent.click(tryAgain);
    await act(async () => arrive());
    const text = await screen.findByText('Nothing to press here');
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(text.getAttribute('tabindex')).toBe('-1');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the part' }));
    expect(text.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves the focus alone when it had moved on while the part was on its way', async () => {
    const { part: Part, arrive, fail } = controlledPart(() => <button type="button">Open the first lead</button>);
    renderWithPart(Part);
    await act(async () => fail());
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const elsewhere = screen.getByRole('button', { name: 'After the part' });
    elsewhere.focus();
    await act(async () => arrive());
    expect(await screen.findByRole('button', { name: 'Open the first lead' })).toBeTruthy();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(elsewhere);
  });
});
