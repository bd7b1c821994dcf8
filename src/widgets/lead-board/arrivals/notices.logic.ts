import { localStore } from '../../../domain/local-store';
import type { NoticeData } from '../../../domain/new-lead-notice';

/**
 * The board's new-lead notices outside its own box (docs/widgets/lead-board.md#new-lead-notifications):
 * what the browser allows, the pro's 'Notify me of new leads' choice, the page title's count and
 * showing one system notification. React-free; the browser's objects come in through
 * `NoticeEnv` (tests give stand-ins).
 */

/**
 * What of a page notification the board uses.
 * @internal Exported for tests (their stand-in of the browser's Notification).
 */
export interface PageNotification {
  onclick: ((event: Event) => void) | null;
  close(): void;
}

/** The notification's options (a new one with the same tag replaces the last: one for five leads). */
export interface NoticeOptions {
  readonly body: string;
  readonly tag: string;
  readonly data: NoticeData;
  readonly renotify: boolean;
}

/** What of the browser the notices use (`globalThis` in a page). */
export interface NoticeEnv {
  readonly Notification?: {
    new (title: string, options: NoticeOptions): PageNotification;
    readonly permission: string;
    requestPermission(callback?: (permission: string) => void): Promise<string> | undefined;
  };
  readonly isSecureContext?: boolean;
  readonly navigator?: {
    readonly serviceWorker?: {
      getRegistration(): Promise<
        | {
            showNotification(title: string, options: NoticeOptions): Promise<void>;
            getNotifications(filter: { tag: string }): Promise<readonly { close(): void }[]>;
          }
        | undefined
      >;
    };
  };
}

const pageEnv = (): NoticeEnv => globalThis as unknown as NoticeEnv;

/**
 * What the control can offer: `unsupported` (no notifications in this browser, or not on https),
 * else the site's permission as the browser keeps it (`default`: not asked yet, or the prompt dismissed).
 */
export type NotifyPermission = 'unsupported' | 'default' | 'granted' | 'denied';

export function notifyPermission(env: NoticeEnv = pageEnv()): NotifyPermission {
  const api = env.Notification;
  if (typeof api !== 'function' || env.isSecureContext === false) return 'unsupported';
  return api.permission === 'granted' || api.permission === 'denied' ? api.permission : 'default';
}

/** Asks the browser (its prompt; only when the pro turns the control on). Older Safari answers by callback, not promise. */
export async function askNotifyPermission(env: NoticeEnv = pageEnv()): Promise<NotifyPermission> {
  const api = env.Notification;
  if (typeof api !== 'function') return 'unsupported';
  try {
    await new Promise<unknown>((resolve) => {
      const answer = api.requestPermission(resolve);
      if (answer && typeof answer.then === 'function') answer.then(resolve, resolve);
    });
  } catch {
    // A browser that refuses to ask (an iframe without the permission): what it says now stands.
  }
  return notifyPermission(env);
}

/**
 * localStorage key of the pro's choice: `{ "<spId>": true }` for each provider who turned
 * 'Notify me of new leads' on in this browser — provider ids and a flag only, as the board keeps
 * its answered leads (domain/answered-leads.ts). Without storage the page's memory keeps it.
 * @internal Exported for tests.
 */
export const NOTIFY_STORAGE_KEY = 'leadkit:notify-new-leads:v1';

let memory: Record<string, true> = {};

function readChoices(): Record<string, true> {
  const store = localStore();
  if (!store) return memory;
  try {
    const parsed: unknown = JSON.parse(store.getItem(NOTIFY_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, true>) : {};
  } catch {
    return {};
  }
}

/** Whether this provider's pro turned notifications on in this browser (off by default). */
export function notifyChosen(spId: number): boolean {
  return readChoices()[String(spId)] === true;
}

export function rememberNotifyChoice(spId: number, on: boolean): void {
  const { [String(spId)]: _was, ...others } = readChoices();
  const next: Record<string, true> = on ? { ...others, [String(spId)]: true } : others;
  try {
    const store = localStore();
    if (!store) throw new Error('no storage');
    store.setItem(NOTIFY_STORAGE_KEY, JSON.stringify(next));
  } catch {
    memory = next;
  }
}

/**
 * Shows one notification: a page notification (its click comes back here: `onClick`), or — where
 * a page may not make one (Chrome on Android: only a service worker may) — through the page's
 * service worker registration, whose click the host's worker handles (leadkit/notifications-sw).
 * Null when neither could show it. Returns what closes it.
 */
export async function showNotice(title: string, options: NoticeOptions, onClick: () => void, env: NoticeEnv = pageEnv()): Promise<{ close(): void } | null> {
  const api = env.Notification;
  if (typeof api !== 'function') return null;
  try {
    const notification = new api(title, options);
    notification.onclick = (event) => {
      // The browser would only focus the page: the board does that and opens the lead.
      event.preventDefault();
      notification.close();
      onClick();
    };
    return notification;
  } catch {
    const registration = await env.navigator?.serviceWorker?.getRegistration().catch(() => undefined);
    if (!registration) return null;
    try {
      await registration.showNotification(title, options);
    } catch {
      return null;
    }
    return {
      close: () =>
        void registration.getNotifications({ tag: options.tag }).then(
          (shown) => shown.forEach((notification) => notification.close()),
          () => undefined,
        ),
    };
  }
}
