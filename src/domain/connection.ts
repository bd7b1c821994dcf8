/**
 * The device's connection and the page's visibility, as the browser tells them: the one source
 * for what waits for the connection to come back or the page to be shown again (a failed message
 * sent again: chat/message-sender.ts; a part or a list loaded again: ui/use-when-back.ts), for
 * what must be done before the page goes away (a draft or a change kept: ui/use-draft.tsx), and for saying the device is
 * offline. React-free and stateless. Without a window or a document (a server render, Node) it
 * is online, and nothing ever happens.
 */
export interface ConnectionSource {
  /** False only when the browser says it is offline (`navigator.onLine` false). */
  online(): boolean;
  /** Runs `listener` each time the connection comes back (`online`). Returns the unsubscribe. */
  onBackOnline(listener: () => void): () => void;
  /** Runs `listener` each time the page is shown again (`visibilitychange` to visible). */
  onVisible(listener: () => void): () => void;
  /**
   * Runs `listener` when the page goes away or out of sight — `pagehide` (a closed tab, a reload,
   * a navigation) or `visibilitychange` to hidden (a phone switching apps, which may never come
   * back): the last moment a page can still send or write something.
   */
  onHidden(listener: () => void): () => void;
}

const nothing = () => undefined;

function onVisibility(state: 'visible' | 'hidden', listener: () => void): () => void {
  if (typeof document === 'undefined') return nothing;
  const changed = () => {
    if (document.visibilityState === state) listener();
  };
  document.addEventListener('visibilitychange', changed);
  return () => document.removeEventListener('visibilitychange', changed);
}

/** This browser's connection and page (see ConnectionSource). */
export const browserConnection: ConnectionSource = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onBackOnline(listener) {
    if (typeof window === 'undefined') return nothing;
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
  onVisible: (listener) => onVisibility('visible', listener),
  onHidden(listener) {
    if (typeof window === 'undefined' || typeof document === 'undefined') return nothing;
    window.addEventListener('pagehide', listener);
    const stopVisibility = onVisibility('hidden', listener);
    return () => {
      window.removeEventListener('pagehide', listener);
      stopVisibility();
    };
  },
};
