/**
 * Runs `callback` when the page goes away or out of sight — `pagehide` (a closed tab, a reload,
 * a navigation) or `visibilitychange` to hidden (a phone switching apps, which may never come
 * back) — the last moment a page can still send or write something. Returns the unsubscribe.
 * Nothing without a document (a server render).
 */
export function whenPageHides(callback: () => void): () => void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return () => undefined;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') callback();
  };
  window.addEventListener('pagehide', callback);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', callback);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
