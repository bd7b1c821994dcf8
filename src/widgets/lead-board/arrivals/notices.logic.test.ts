import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeData } from '../../../domain/new-lead-notice';
import {
  askNotifyPermission,
  NOTIFY_STORAGE_KEY,
  notifyChosen,
  notifyPermission,
  rememberNotifyChoice,
  showNotice,
  type NoticeEnv,
  type NoticeOptions,
  type PageNotification,
} from './notices.logic';

/** A browser's Notification API as a stand-in: its permission, its prompt's answer, the notifications made. */
function notificationApi(permission: string, answer = permission, { pageNotifications = true } = {}) {
  const made: { title: string; options: NoticeOptions; notification: PageNotification & { closed: boolean } }[] = [];
  const asked: string[] = [];
  class FakeNotification implements PageNotification {
    static permission = permission;
    static requestPermission(callback?: (permission: string) => void) {
      asked.push('asked');
      FakeNotification.permission = answer;
      callback?.(answer);
      return Promise.resolve(answer);
    }
    onclick: ((event: Event) => void) | null = null;
    closed = false;
    constructor(title: string, options: NoticeOptions) {
      if (!pageNotifications) throw new TypeError("Failed to construct 'Notification': Illegal constructor.");
      made.push({ title, options, notification: this });
    }
    close() {
      this.closed = true;
    }
  }
  return { api: FakeNotification as unknown as NoticeEnv['Notification'], made, asked };
}

const DATA: NoticeData = { leadkit: 'new-leads', spId: 1001, notices: [], url: 'https://office.example.com/app/lead/board/1001?leadId=1&reply=true' };
const OPTIONS: NoticeOptions = { body: 'Plumbing, Denver · just now', tag: 'leadkit-new-leads:1001', data: DATA, renotify: true };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what the control can offer', () => {
  it('reads the four states: no Notification (or not https) is unsupported, else the permission', () => {
    expect(notifyPermission({})).toBe('unsupported');
    expect(notifyPermission({ Notification: notificationApi('granted').api, isSecureContext: false })).toBe('unsupported');
    expect(notifyPermission({ Notification: notificationApi('default').api, isSecureContext: true })).toBe('default');
    expect(notifyPermission({ Notification: notificationApi('granted').api, isSecureContext: true })).toBe('granted');
    expect(notifyPermission({ Notification: notificationApi('denied').api, isSecureContext: true })).toBe('denied');
  });

  it('asks the browser only when told to, and reads its answer (promise or, older Safari, callback)', async () => {
    const granting = notificationApi('default', 'granted');
    expect(notifyPermission({ Notification: granting.api })).toBe('default');
    expect(granting.asked).toEqual([]);
    await expect(askNotifyPermission({ Notification: granting.api })).resolves.toBe('granted');
    expect(granting.asked).toEqual(['asked']);
    const callbackOnly = notificationApi('default', 'denied');
    const api = callbackOnly.api as unknown as { requestPermission(callback?: (p: string) => void): unknown };
    const promised = api.requestPermission.bind(api);
    api.requestPermission = (callback) => void promised(callback);
    await expect(askNotifyPermission({ Notification: callbackOnly.api })).resolves.toBe('denied');
  });
});

describe("the pro's choice", () => {
  it('is off by default, kept per provider as ids only, and off again when turned off', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) });
    expect(notifyChosen(1001)).toBe(false);
    rememberNotifyChoice(1001, true);
    rememberNotifyChoice(1002, true);
    expect(notifyChosen(1001)).toBe(true);
    expect(JSON.parse(kept.get(NOTIFY_STORAGE_KEY) ?? '')).toEqual({ 1001: true, 1002: true });
    rememberNotifyChoice(1001, false);
    expect(notifyChosen(1001)).toBe(false);
    expect(notifyChosen(1002)).toBe(true);
    expect(kept.get(NOTIFY_STORAGE_KEY)).toBe('{"1002":true}');
  });

  it('without storage, the page keeps it', () => {
    vi.stubGlobal('localStorage', undefined);
    rememberNotifyChoice(1003, true);
    expect(notifyChosen(1003)).toBe(true);
    rememberNotifyChoice(1003, false);
    expect(notifyChosen(1003)).toBe(false);
  });
});

describe('showing a notification', () => {
  it('makes a page notification whose click closes it and opens the lead (not the browser’s default)', async () => {
    const { api, made } = notificationApi('granted');
    const clicks: string[] = [];
    const shown = await showNotice('New lead: Plumbing', OPTIONS, () => clicks.push('open'), { Notification: api });
    expect(shown).not.toBeNull();
    expect(made.map(({ title, options }) => [title, options.body, options.tag])).toEqual([['New lead: Plumbing', OPTIONS.body, OPTIONS.tag]]);
    const event = new Event('click', { cancelable: true });
    made[0]!.notification.onclick?.(event);
    expect(event.defaultPrevented).toBe(true);
    expect(made[0]!.notification.closed).toBe(true);
    expect(clicks).toEqual(['open']);
  });

  it("where a page may not make one (Chrome on Android), shows it through the page's service worker; nothing without one", async () => {
    const { api } = notificationApi('granted', 'granted', { pageNotifications: false });
    const through: { title: string; tag: string }[] = [];
    const closed: string[] = [];
    const registration = {
      showNotification: async (title: string, options: NoticeOptions) => void through.push({ title, tag: options.tag }),
      getNotifications: async ({ tag }: { tag: string }) => [{ close: () => void closed.push(tag) }],
    };
    const shown = await showNotice('2 new leads', OPTIONS, () => undefined, {
      Notification: api,
      navigator: { serviceWorker: { getRegistration: async () => registration } },
    });
    expect(through).toEqual([{ title: '2 new leads', tag: OPTIONS.tag }]);
    shown?.close();
    await vi.waitFor(() => expect(closed).toEqual([OPTIONS.tag]));
    await expect(
      showNotice('2 new leads', OPTIONS, () => undefined, { Notification: api, navigator: { serviceWorker: { getRegistration: async () => undefined } } }),
    ).resolves.toBeNull();
    await expect(showNotice('2 new leads', OPTIONS, () => undefined, {})).resolves.toBeNull();
  });
});
