import { useLayoutEffect, useRef } from 'react';

/**
 * Mounts a real custom element the way a host page does: created, configured (attributes and
 * JS properties), then connected, so its first render already has its gateway (a connected
 * element without one would call the page's own origin). Recreated when `setup` changes.
 */
export function ElementHost({ tag, setup, testId = 'element-slot' }: { tag: string; setup: (element: HTMLElement) => void; testId?: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(tag);
    setup(element);
    slot.current?.replaceChildren(element);
    return () => element.remove();
  }, [tag, setup]);
  return <div ref={slot} data-testid={testId} />;
}
