import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useWhenBack } from './use-when-back';

afterEach(() => {
  cleanup();
  // Back to happy-dom's own visibilityState (on the prototype).
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
});

function Probe({ active, calls }: { active: boolean; calls: string[] }) {
  useWhenBack(active, () => calls.push('again'));
  return null;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useWhenBack', () => {
  it('while active: runs when the connection comes back and when the page is shown again, not when it is hidden', () => {
    const calls: string[] = [];
    render(<Probe active calls={calls} />);
    window.dispatchEvent(new Event('online'));
    expect(calls).toEqual(['again']);
    setVisibility('hidden');
    expect(calls).toEqual(['again']);
    setVisibility('visible');
    expect(calls).toEqual(['again', 'again']);
  });

  it('inactive, or once unmounted: never runs', () => {
    const calls: string[] = [];
    const { rerender, unmount } = render(<Probe active={false} calls={calls} />);
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    expect(calls).toEqual([]);
    rerender(<Probe active calls={calls} />);
    window.dispatchEvent(new Event('online'));
    expect(calls).toEqual(['again']);
    unmount();
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    expect(calls).toEqual(['again']);
  });

  it('with ifOnlineAlready: runs at once when it becomes active online (an `online` before it listened is not lost), not while offline', () => {
    const calls: string[] = [];
    function Eager({ active }: { active: boolean }) {
      useWhenBack(active, () => calls.push('again'), { ifOnlineAlready: true });
      return null;
    }
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    let isOnline = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
    try {
      const { rerender } = render(<Eager active={false} />);
      rerender(<Eager active />);
      expect(calls).toEqual([]);
      rerender(<Eager active={false} />);
      isOnline = true;
      rerender(<Eager active />);
      expect(calls).toEqual(['again']);
      // Without the option, becoming active online waits for the next event.
      render(<Probe active calls={calls} />);
      expect(calls).toEqual(['again']);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (online && !Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});
