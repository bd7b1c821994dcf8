import { NOTIFY_STORAGE_KEY } from '../../src/widgets/lead-board/arrivals/notices.logic';

/**
 * The device's notifications for a story (docs/widgets/lead-board.md#new-lead-notifications): the
 * browser's `Notification` as a stand-in — its permission (`unsupported`: none at all), what its
 * prompt answers, the notifications it was asked to show — and the pro's choice as this browser
 * keeps it. Not inputs of the element: the state of the device it opens on. A story's `beforeEach`;
 * everything is put back after it.
 */

export interface StoryNotification {
  readonly title: string;
  readonly options: { readonly body: string; readonly tag: string };
  /** The pro clicks it, as the system would tell the page. */
  click(): void;
}

/** What the stand-in was asked to show, in order. */
export const shownNotifications: StoryNotification[] = [];

export function deviceNotifications(
  permission: 'default' | 'granted' | 'denied' | 'unsupported',
  { answer = 'granted', chosen = false }: { answer?: 'granted' | 'denied'; chosen?: boolean } = {},
) {
  return () => {
    const had = Object.getOwnPropertyDescriptor(window, 'Notification');
    shownNotifications.length = 0;
    class StandInNotification {
      static permission: string = permission;
      static requestPermission(callback?: (permission: string) => void) {
        StandInNotification.permission = answer;
        callback?.(answer);
        return Promise.resolve(answer);
      }
      onclick: ((event: Event) => void) | null = null;
      constructor(title: string, options: { body: string; tag: string }) {
        shownNotifications.push({ title, options, click: () => this.onclick?.(new Event('click', { cancelable: true })) });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', {
      value: permission === 'unsupported' ? undefined : StandInNotification,
      configurable: true,
      writable: true,
    });
    if (chosen) localStorage.setItem(NOTIFY_STORAGE_KEY, JSON.stringify({ 1001: true }));
    return () => {
      localStorage.removeItem(NOTIFY_STORAGE_KEY);
      if (had) Object.defineProperty(window, 'Notification', had);
      else Reflect.deleteProperty(window, 'Notification');
    };
  };
}

/**
 * The page out of sight (another tab, a phone in another app) or shown again, as the browser says
 * it (`document.hidden`, `visibilityState`, `visibilitychange`). Returns what puts the page back.
 */
export function pageHidden(hidden: boolean): () => void {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  return () => {
    Reflect.deleteProperty(document, 'hidden');
    Reflect.deleteProperty(document, 'visibilityState');
    document.dispatchEvent(new Event('visibilitychange'));
  };
}
