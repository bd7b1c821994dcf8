import { describe, expect, it } from 'vitest';
import { groupNotices, leadNotice, noticeContent, type NoticeData } from './domain/new-lead-notice';
import { handleLeadkitNotificationClick, handleLeadkitPush, type WorkerScopeLike } from './notifications-sw';

/*
 * leadkit/notifications-sw in a stand-in of a service worker's scope: what a push message shows
 * (grouped with the notification already there), and where a click goes. The real worker, with a
 * push delivered by Chromium's DevTools protocol: test/e2e/lead-notifications.test.ts.
 */

const NOW = new Date('2026-11-28T17:10:00Z');
const lead = (leadId: number, minutesAgo: number, city: string | null = 'Denver') => ({
  leadId,
  category: 'Plumbing',
  city,
  createDate: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
});
const payload = (leadId: number, minutesAgo: number, extra: Record<string, unknown> = {}) => ({
  leadkit: 'new-lead',
  spId: 1001,
  lead: lead(leadId, minutesAgo),
  url: `https://office.example.com/app/lead/board/1001?leadId=${leadId}&reply=true`,
  ...extra,
});

function worker(windows: { url: string }[] = []) {
  const shown: { title: string; options: { body: string; tag: string; data: NoticeData; renotify?: boolean }; closed: boolean }[] = [];
  const log: string[] = [];
  const clients = windows.map((win) => ({
    url: win.url,
    focus: async () => void log.push(`focus ${win.url}`),
    navigate: async (url: string) => void log.push(`navigate ${win.url} → ${url}`),
    postMessage: (message: unknown) => void log.push(`message ${win.url} ${JSON.stringify(message)}`),
  }));
  const scope: WorkerScopeLike = {
    location: { origin: 'https://office.example.com' },
    registration: {
      showNotification: async (title, options) => {
        for (const notification of shown) if (notification.options.tag === options.tag) notification.closed = true;
        shown.push({ title, options, closed: false });
      },
      getNotifications: async ({ tag }) =>
        shown.filter((n) => n.options.tag === tag && !n.closed).map((n) => ({ data: n.options.data, close: () => void (n.closed = true) })),
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => void log.push(`open ${url}`),
    },
  };
  const waits: Promise<unknown>[] = [];
  const pushEvent = (data: unknown) => ({ data: { json: () => data }, waitUntil: (promise: Promise<unknown>) => void waits.push(promise) });
  const settled = () => Promise.all(waits);
  const open = () => shown.filter((n) => !n.closed);
  return { scope, shown, open, log, pushEvent, settled, waits };
}

describe('a push message in the host’s service worker', () => {
  it('shows the lead’s category, city and age — nothing of the customer — and leaves other pushes to the host', async () => {
    const sw = worker();
    expect(handleLeadkitPush(sw.pushEvent(payload(300123, 3)), { now: () => NOW }, sw.scope)).toBe(true);
    await sw.settled();
    expect(sw.open()).toEqual([
      expect.objectContaining({
        title: 'New lead: Plumbing',
        options: expect.objectContaining({ body: 'Plumbing, Denver · 3 min ago', tag: 'leadkit-new-leads:1001', renotify: true }),
      }),
    ]);
    const withCustomer = payload(300124, 1, { lead: { ...lead(300124, 1), customerName: 'Jordan Diaz', phone: '3035550100' } });
    handleLeadkitPush(sw.pushEvent(withCustomer), { now: () => NOW }, sw.scope);
    await sw.settled();
    expect(JSON.stringify(sw.open())).not.toMatch(/Jordan|3035550100/);
    expect(handleLeadkitPush(sw.pushEvent({ title: 'Your invoice' }), {}, sw.scope)).toBe(false);
    expect(handleLeadkitPush({ data: { json: () => JSON.parse('{') }, waitUntil: () => undefined }, {}, sw.scope)).toBe(false);
  });

  it('groups: five leads make one notification with the count, the newest three named', async () => {
    const sw = worker();
    for (const [i, minutes] of [9, 7, 5, 3, 1].entries()) {
      handleLeadkitPush(sw.pushEvent(payload(300200 + i, minutes)), { now: () => NOW }, sw.scope);
      await sw.settled();
    }
    expect(sw.open()).toHaveLength(1);
    expect(sw.open()[0]!.title).toBe('5 new leads');
    expect(sw.open()[0]!.options.body).toBe('Plumbing, Denver · 1 min ago\nPlumbing, Denver · 3 min ago\nPlumbing, Denver · 5 min ago\nand 2 more leads');
  });

  it('shows pushes one after another: two arriving together make one grouped notification', async () => {
    const sw = worker();
    // Chromium's store: a read while a notification is written but not yet on display deletes it.
    const { registration } = sw.scope;
    let displaying = 0;
    const reads: number[] = [];
    const show = registration.showNotification;
    Object.assign(registration, {
      showNotification: async (...args: Parameters<typeof show>) => {
        displaying += 1;
        await new Promise((resolve) => setTimeout(resolve, 0));
        await show(...args);
        displaying -= 1;
      },
      getNotifications: async (filter: { tag: string }) => {
        reads.push(displaying);
        return sw
          .open()
          .filter((n) => n.options.tag === filter.tag)
          .map((n) => ({ data: n.options.data, close: () => void (n.closed = true) }));
      },
    });
    handleLeadkitPush(sw.pushEvent(payload(300401, 2)), { now: () => NOW }, sw.scope);
    handleLeadkitPush(sw.pushEvent(payload(300402, 1)), { now: () => NOW }, sw.scope);
    await sw.settled();
    expect(reads).toEqual([0, 0]);
    expect(sw.open().map((n) => n.title)).toEqual(['2 new leads']);
  });

  it('says it in Spanish when the payload asks for es-US', async () => {
    const sw = worker();
    handleLeadkitPush(sw.pushEvent(payload(300301, 0, { locale: 'es-US' })), { now: () => NOW }, sw.scope);
    await sw.settled();
    expect(sw.open()[0]).toMatchObject({ title: 'Cliente potencial nuevo: Plumbing', options: { body: 'Plumbing, Denver · ahora mismo' } });
  });
});

describe('a click on the notification', () => {
  async function clicked(
    windows: { url: string }[],
    url = 'https://office.example.com/app/lead/board/1001?leadId=300123&reply=true',
    { focusRefused = false } = {},
  ) {
    const sw = worker(windows);
    // A browser refuses to focus a window for a click that is not the pro's (no user activation).
    if (focusRefused)
      for (const client of await sw.scope.clients.matchAll({ type: 'window', includeUncontrolled: true }))
        Object.assign(client, { focus: () => Promise.reject(new Error('Not allowed to focus a window.')) });
    const notification = {
      data: { leadkit: 'new-leads', spId: 1001, notices: [lead(300123, 2)], url } satisfies NoticeData,
      closed: false,
      close: () => void (notification.closed = true),
    };
    const waits: Promise<unknown>[] = [];
    const handled = handleLeadkitNotificationClick({ notification, waitUntil: (promise) => void waits.push(promise) }, sw.scope);
    await Promise.all(waits);
    return { handled, closed: notification.closed, log: sw.log };
  }

  it('focuses the board’s page and tells it to open the lead with its quick answer ready', async () => {
    const { handled, closed, log } = await clicked([
      { url: 'https://office.example.com/app/inbox' },
      { url: 'https://office.example.com/app/lead/board/1001' },
    ]);
    expect([handled, closed]).toEqual([true, true]);
    expect(log).toEqual([
      'focus https://office.example.com/app/lead/board/1001',
      'message https://office.example.com/app/lead/board/1001 {"leadkit":"open-lead","leadId":300123,"reply":true}',
    ]);
  });

  it('brings another page of the site to the board, or opens a window; never another origin', async () => {
    expect((await clicked([{ url: 'https://office.example.com/app/inbox' }])).log).toEqual([
      'navigate https://office.example.com/app/inbox → https://office.example.com/app/lead/board/1001?leadId=300123&reply=true',
      'focus https://office.example.com/app/inbox',
    ]);
    expect((await clicked([])).log).toEqual(['open https://office.example.com/app/lead/board/1001?leadId=300123&reply=true']);
    expect((await clicked([], 'https://evil.example.net/x')).log).toEqual([]);
  });

  it('opens the lead even when the browser refuses to focus the window', async () => {
    const board = 'https://office.example.com/app/lead/board/1001';
    expect((await clicked([{ url: board }], undefined, { focusRefused: true })).log).toEqual([
      `message ${board} {"leadkit":"open-lead","leadId":300123,"reply":true}`,
    ]);
    expect((await clicked([{ url: 'https://office.example.com/app/lead?leadId=300002' }], undefined, { focusRefused: true })).log).toEqual([
      `navigate https://office.example.com/app/lead?leadId=300002 → ${board}?leadId=300123&reply=true`,
    ]);
  });

  it('leaves the host’s own notifications alone', async () => {
    const sw = worker();
    const notification = { data: { kind: 'invoice' }, close: () => undefined };
    expect(handleLeadkitNotificationClick({ notification, waitUntil: () => undefined }, sw.scope)).toBe(false);
  });
});

describe('the notice rules (domain/new-lead-notice.ts)', () => {
  const text = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;

  it('keeps a lead’s category, city and creation only', () => {
    expect(
      leadNotice({ leadId: 1, category: { name: 'Roofing' }, customerInfo: { city: '  ', firstName: 'Jordan' } as never, createDate: '2026-11-28T17:00:00Z' }),
    ).toEqual({ leadId: 1, category: 'Roofing', city: null, createDate: '2026-11-28T17:00:00Z' });
  });

  it('groups the leads shown and the new ones, newest first, each once', () => {
    expect(groupNotices([lead(1, 9), lead(2, 5)], [lead(3, 1), lead(2, 5)]).map((notice) => notice.leadId)).toEqual([3, 2, 1]);
  });

  it('a lead without a city is its category; a day-old lead has no age', () => {
    expect(noticeContent([lead(1, 60 * 25, null)], NOW, text as never)).toEqual({ title: 'notify.title.one{"category":"Plumbing"}', body: 'Plumbing' });
  });
});
