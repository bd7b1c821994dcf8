import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, calls `onOutside` for a press (pointerdown) outside `ref`'s element —
 * elsewhere in its shadow root or anywhere on the page. Inside a shadow root a document
 * listener only sees the host as target, so the root is listened to as well and the real
 * target read from the composed path.
 */
export function usePressOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  const latest = useRef(onOutside);
  useLayoutEffect(() => {
    latest.current = onOutside;
  });
  useEffect(() => {
    if (!active) return;
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const onPointer = (event: Event) => {
      if (!ref.current?.contains(event.composedPath()[0] as Node)) latest.current();
    };
    root?.addEventListener('pointerdown', onPointer);
    if (root !== document) document.addEventListener('pointerdown', onPointer);
    return () => {
      root?.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [ref, active]);
}
