import { useLayoutEffect, useRef } from 'react';
import { useStoryLocaleInputs } from './story-locale';

/**
 * Mounts a real custom element the way a host page does: created, configured (attributes and
 * JS properties), then connected, so its first render already has its gateway (a connected
 * element without one would call the page's own origin). Recreated when `setup` changes. In the
 * story's locale, as elementFrame's elements: its `locale` attribute (unless `setup` set one), or
 * the pseudo-locale's texts under the `messages` `setup` gave.
 */
export function ElementHost({ tag, setup, testId = 'element-slot' }: { tag: string; setup: (element: HTMLElement) => void; testId?: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const { locale, messages } = useStoryLocaleInputs();
  useLayoutEffect(() => {
    const element = document.createElement(tag) as HTMLElement & { messages?: Readonly<Record<string, string>> };
    setup(element);
    if (locale && !element.hasAttribute('locale')) element.setAttribute('locale', locale);
    if (messages) element.messages = { ...messages, ...element.messages };
    slot.current?.replaceChildren(element);
    return () => element.remove();
  }, [tag, setup, locale, messages]);
  return <div ref={slot} data-testid={testId} />;
}
