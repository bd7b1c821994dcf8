/**
 * `leadkit/notifications-sw`: new-lead notifications from push messages, for a host's own service
 * worker (docs/widgets/lead-board.md#push-messages). The host sends the push (its server, its
 * VAPID keys, its subscription); this module shows what the board would show for the lead — the
 * same text, grouped with the notification already shown — and, on a click, focuses the board's
 * page (or opens it) with the lead open and its quick answer ready.
 *
 * ```js
 * // sw.js, the host's service worker (a bundler, or `importScripts` of a built copy)
 * import { handleLeadkitNotificationClick, handleLeadkitPush } from 'leadkit/notifications-sw';
 * self.addEventListener('push', (event) => { if (!handleLeadkitPush(event)) { … the host's own pushes … } });
 * self.addEventListener('notificationclick', (event) => { if (!handleLeadkitNotificationClick(event)) { … } });
 * ```
 *
 * The payload (JSON): `{ "leadkit": "new-lead", "spId": 1001, "lead": { "leadId": 300123,
 * "category": "Plumbing", "city": "Denver", "createDate": "2026-11-28T17:00:00Z" }, "url":
 * "https://office.example.com/app/lead/board/1001?leadId=300123&reply=true", "locale": "en-US" }`
 * — the lead's public fields only: never the customer's name, phone or e-mail. Each field is
 * checked (a positive integer id, a date that parses, strings, a url of the worker's own origin)
 * and the texts are normalised as the board's own notifications are: one clean, capped line per
 * field. No React, no leadkit runtime: only the notification's texts and rules.
 */
import {
  groupNotices,
  isNoticeData,
  noticeContent,
  noticeTag,
  readLeadNotice,
  type LeadNotice,
  type NoticeData,
  type NoticeText,
  type OpenLeadMessage,
} from './domain/new-lead-notice';
import { leadNotificationMessages } from './i18n/en-US/lead-notifications';
import { leadNotificationMessagesEs } from './i18n/es-US/lead-notifications';
import { interpolate, type MessageParams } from './i18n/core/translate';

export type { LeadNotice, OpenLeadMessage } from './domain/new-lead-notice';

/** A push message's payload that this module shows (anything else is the host's). */
export interface LeadkitPushPayload {
  readonly leadkit: 'new-lead';
  readonly spId: number;
  readonly lead: LeadNotice;
  /** The board's page with this lead open and its quick answer ready (the host's route; `leadBoard` of leadkit's routes with `leadId` and `reply: true`). */
  readonly url: string;
  /** The notification's language: `en-US` (default) or `es-US`. */
  readonly locale?: string;
}

/** What of a `PushEvent` this module uses. */
export interface PushEventLike {
  readonly data: { json(): unknown } | null;
  waitUntil(promise: Promise<unknown>): void;
}

/** What of a `NotificationEvent` this module uses. */
export interface NotificationEventLike {
  readonly notification: { readonly data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

/** What of the service worker's global scope this module uses (`self` by default). */
export interface WorkerScopeLike {
  readonly registration: {
    showNotification(title: string, options: { body: string; tag: string; data: NoticeData; renotify?: boolean; icon?: string; badge?: string }): Promise<void>;
    getNotifications(filter: { tag: string }): Promise<readonly { readonly data: unknown; close(): void }[]>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly location: { readonly origin: string };
}

export interface LeadkitPushOptions {
  /** The notification's icon and badge (the host's images). */
  readonly icon?: string;
  readonly badge?: string;
  /** The clock (tests). */
  readonly now?: () => Date;
}

const defaultScope = (): WorkerScopeLike => globalThis as unknown as WorkerScopeLike;

/**
 * The worker's last push still being shown. Pushes are shown one after another: Chromium's
 * `getNotifications()` deletes from its store a notification written but not yet on display, so a
 * push read while the one before it was being shown would lose that lead from the group (and every
 * later read would too).
 */
const showing = new WeakMap<WorkerScopeLike, Promise<unknown>>();

/** The longest `url` a payload may carry. */
const URL_MAX = 2048;

/** `url` as the worker's origin reads it, when it is a page of that origin; else null (unparsable, or another origin's). */
function sameOriginUrl(url: unknown, origin: string): URL | null {
  if (typeof url !== 'string' || url.length > URL_MAX) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed : null;
  } catch {
    return null;
  }
}

/** A provider's id: a positive integer. */
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * A push message's payload read field by field (docs/widgets/lead-board.md#push-messages):
 * `leadkit: 'new-lead'`, a positive integer `spId`, a `lead` as `readLeadNotice` takes it, a `url`
 * of the worker's own origin, a `locale` that is a string or absent. Null when any is not so —
 * the push is then not leadkit's to show. Only these fields are read.
 */
function readPushPayload(value: unknown, origin: string): { spId: number; lead: LeadNotice; url: string; locale: string | undefined } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { leadkit, spId, lead, url, locale } = value as Record<string, unknown>;
  if (leadkit !== 'new-lead' || !isId(spId) || (locale !== undefined && typeof locale !== 'string')) return null;
  const notice = readLeadNotice(lead);
  const target = sameOriginUrl(url, origin);
  return notice && target ? { spId, lead: notice, url: target.href, locale } : null;
}

/** The notification's texts in the payload's language (en-US unless it asks for es-US). */
function textsOf(locale: string | undefined): NoticeText {
  const spanish = locale?.toLowerCase().startsWith('es') === true;
  return (key, params?: MessageParams) => interpolate((spanish ? leadNotificationMessagesEs[key] : undefined) ?? leadNotificationMessages[key], params);
}

/** The leads a notification's data names that read as notices (a page or an older worker wrote it). */
const noticesOf = (data: NoticeData): LeadNotice[] => data.notices.flatMap((notice) => readLeadNotice(notice) ?? []);

/**
 * Shows a leadkit push message's notification, grouped with the provider's one already shown (one
 * notification for five leads), its text normalised (domain/notification-text.ts). Returns false —
 * and shows nothing, throws nothing — when the push is not leadkit's or its payload is not as
 * documented, field by field: the host's code decides then (a browser wants a notification for
 * each push; without one it shows its own generic one).
 */
export function handleLeadkitPush(event: PushEventLike, options: LeadkitPushOptions = {}, scope: WorkerScopeLike = defaultScope()): boolean {
  let payload: ReturnType<typeof readPushPayload>;
  try {
    payload = readPushPayload(event.data?.json(), scope.location.origin);
  } catch {
    payload = null;
  }
  if (!payload) return false;
  const { spId, url, lead } = payload;
  const tag = noticeTag(spId);
  const shownBefore = showing.get(scope) ?? Promise.resolve();
  const done = shownBefore.then(() =>
    scope.registration.getNotifications({ tag }).then((shown) => {
      const before = shown.flatMap((notification) => (isNoticeData(notification.data) ? noticesOf(notification.data) : []));
      const notices = groupNotices(before, [lead]);
      const { title, body } = noticeContent(notices, options.now?.() ?? new Date(), textsOf(payload.locale));
      const data: NoticeData = { leadkit: 'new-leads', spId, notices, url };
      return scope.registration.showNotification(title, {
        body,
        tag,
        data,
        renotify: true,
        ...(options.icon ? { icon: options.icon } : {}),
        ...(options.badge ? { badge: options.badge } : {}),
      });
    }),
  );
  showing.set(
    scope,
    done.catch(() => undefined),
  );
  event.waitUntil(done);
  return true;
}

/** Focuses a window; a browser may refuse (no click of the pro's behind the event): the lead opens all the same. */
const focus = (client: WindowClientLike): Promise<unknown> => client.focus().catch(() => undefined);

/**
 * A click on a leadkit notification: focuses a page of the board's route (the same path) and
 * tells it to open the newest lead with its quick answer ready, or navigates another page of the
 * site there — or, where the browser will not navigate it (a window outside the worker's scope,
 * or not controlled by it), opens a window — or opens one. A `url` that does not parse or names
 * another origin opens nothing. Returns false — and does nothing — for the host's own notifications.
 */
export function handleLeadkitNotificationClick(event: NotificationEventLike, scope: WorkerScopeLike = defaultScope()): boolean {
  const data = event.notification.data;
  if (!isNoticeData(data)) return false;
  event.notification.close();
  const { origin } = scope.location;
  // Only the site's own pages: a url naming another origin, or none that parses, opens nothing.
  const target = sameOriginUrl(data.url, origin);
  if (!target) return true;
  const newest = noticesOf(data)[0];
  event.waitUntil(
    scope.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then(async (windows) => {
        const sameOrigin = windows.filter((client) => sameOriginUrl(client.url, origin));
        // The board's page: the same path (its query — which lead — may differ).
        const onBoard = sameOrigin.find((client) => sameOriginUrl(client.url, origin)?.pathname === target.pathname);
        if (onBoard) {
          await focus(onBoard);
          if (newest) onBoard.postMessage({ leadkit: 'open-lead', leadId: newest.leadId, reply: true } satisfies OpenLeadMessage);
          return;
        }
        const other = sameOrigin[0];
        if (other) {
          // navigate() rejects for a window this worker does not control (outside its scope, say): open one instead.
          const navigated = await other.navigate(target.href).then(
            () => true,
            () => false,
          );
          if (navigated) {
            await focus(other);
            return;
          }
        }
        await scope.clients.openWindow(target.href);
      })
      // Nothing left to do when the browser refuses a window too (a click's activation gone): the notification is closed.
      .catch(() => undefined),
  );
  return true;
}
