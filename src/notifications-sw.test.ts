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

/** A window of the site; `uncontrolled`: outside the worker's scope, its `navigate()` rejects (as the browser's does). */
function worker(windows: { url: string; uncontrolled?: boolean }[] = []) {
  const shown: { title: string; options: { body: string; tag: string; data: NoticeData; renotify?: boolean }; closed: boolean }[] = [];
  const log: string[] = [];
  const clients = windows.map((win) => ({
    url: win.url,
    focus: async () => void log.push(`focus ${win.url}`),
    navigate: async (url: string) => {
      if (win.uncontrolled) throw new TypeError('This service worker is not the client’s active service worker.');
      log.push(`navigate ${win.url} → ${url}`);
    },
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

describe('a push message’s text and fields', () => {
  const withLead = (fields: Record<string, unknown>) => payload(300500, 3, { lead: { ...lead(300500, 3), ...fields } });

  it('shows a city with control characters, fake lines and a right-to-left override as one clean line', async () => {
    const sw = worker();
    const city = 'Denver\u0000\u001B[2J\nNew lead: Roofing, Aspen\u2028\u202Eworb\u202C\u0007';
    handleLeadkitPush(sw.pushEvent(withLead({ category: 'Plumbing\r\n\u2066\u200F', city })), { now: () => NOW }, sw.scope);
    await sw.settled();
    expect(sw.open()).toEqual([
      expect.objectContaining({
        title: 'New lead: Plumbing',
        options: expect.objectContaining({ body: 'Plumbing, Denver[2J New lead: Roofing, Aspen worb · 3 min ago' }),
      }),
    ]);
    // The notification's data (read back for the next push, and on a click) holds the clean text too.
    expect(sw.open()[0]!.options.data.notices[0]).toMatchObject({ category: 'Plumbing', city: 'Denver[2J New lead: Roofing, Aspen worb' });
  });

  it('caps a 5,000-character city (and category) at 50 characters, the title at 80', async () => {
    const sw = worker();
    handleLeadkitPush(sw.pushEvent(withLead({ category: 'C'.repeat(5000), city: 'D'.repeat(5000) })), { now: () => NOW }, sw.scope);
    await sw.settled();
    const [shown] = sw.open();
    expect(shown!.title).toBe(`New lead: ${'C'.repeat(49)}…`);
    expect(shown!.options.body).toBe(`${'C'.repeat(49)}…, ${'D'.repeat(49)}… · 3 min ago`);
  });

  it('an invalid payload — wrong types, ids that are not positive integers, a date that does not parse, a url that does not parse or is another site’s — shows nothing and throws nothing', async () => {
    const invalid = [
      withLead({ city: { name: 'Denver' } }),
      withLead({ city: ['Denver'] }),
      withLead({ category: { name: 'Plumbing' } }),
      withLead({ category: ' \u202E\n' }),
      withLead({ leadId: 300500.5 }),
      withLead({ leadId: '300500' }),
      withLead({ leadId: -1 }),
      withLead({ leadId: 2 ** 60 }),
      withLead({ createDate: 'yesterday' }),
      withLead({ createDate: 1764349200000 }),
      withLead({ createDate: `2026-11-28T17:00:00Z${' '.repeat(5000)}` }),
      payload(300500, 3, { lead: null }),
      payload(300500, 3, { lead: 'Plumbing' }),
      payload(300500, 3, { spId: 1001.5 }),
      payload(300500, 3, { spId: '1001' }),
      payload(300500, 3, { spId: 0 }),
      payload(300500, 3, { url: 'https://[::1' }),
      payload(300500, 3, { url: { href: '/app/lead/board/1001' } }),
      payload(300500, 3, { url: 'https://evil.example.net/app/lead/board/1001' }),
      payload(300500, 3, { url: 'javascript:alert(1)' }),
      payload(300500, 3, { locale: { lang: 'es' } }),
      null,
      'new-lead',
      [payload(300500, 3)],
    ];
    const sw = worker();
    for (const data of invalid) expect(handleLeadkitPush(sw.pushEvent(data), { now: () => NOW }, sw.scope)).toBe(false);
    expect(handleLeadkitPush({ data: null, waitUntil: () => undefined }, {}, sw.scope)).toBe(false);
    await sw.settled();
    expect(sw.shown).toEqual([]);
    expect(sw.waits).toEqual([]);
  });

  it('a relative url is the worker’s own site', async () => {
    const sw = worker();
    handleLeadkitPush(sw.pushEvent(payload(300501, 3, { url: '/app/lead/board/1001?leadId=300501&reply=true' })), { now: () => NOW }, sw.scope);
    await sw.settled();
    expect(sw.open()[0]!.options.data.url).toBe('https://office.example.com/app/lead/board/1001?leadId=300501&reply=true');
  });

  it('keeps the newest 50 leads of a group of 500, and drops what an earlier notification holds that is no lead', async () => {
    const sw = worker();
    const notices = [
      ...Array.from({ length: 500 }, (_, i) => lead(301000 + i, 500 - i)),
      { leadId: 'x', category: 'Plumbing', city: null, createDate: NOW.toISOString() },
      { leadId: 302000, category: 'Plumbing', city: { evil: true }, createDate: NOW.toISOString() },
    ];
    const data = { leadkit: 'new-leads', spId: 1001, notices, url: 'https://office.example.com/app/lead/board/1001' };
    await sw.scope.registration.showNotification('500 new leads', { body: '', tag: 'leadkit-new-leads:1001', data: data as NoticeData });
    handleLeadkitPush(sw.pushEvent(payload(303000, 0)), { now: () => NOW }, sw.scope);
    await sw.settled();
    const [shown] = sw.open();
    expect(shown!.title).toBe('50 new leads');
    expect(shown!.options.data.notices.map((notice) => notice.leadId)).toEqual([303000, ...Array.from({ length: 49 }, (_, i) => 301499 - i)]);
    expect(shown!.options.body.split('\n')).toEqual([
      'Plumbing, Denver · just now',
      'Plumbing, Denver · 1 min ago',
      'Plumbing, Denver · 2 min ago',
      'and 47 more leads',
    ]);
  });
});

describe('a click on the notification', () => {
  async function clicked(
    windows: { url: string; uncontrolled?: boolean }[],
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

  it('from a window of the site the worker cannot navigate (outside its scope, uncontrolled): opens the lead in a new one', async () => {
    expect((await clicked([{ url: 'https://office.example.com/help/faq', uncontrolled: true }])).log).toEqual([
      'open https://office.example.com/app/lead/board/1001?leadId=300123&reply=true',
    ]);
  });

  it('a url that does not parse: the notification closes, nothing opens, nothing throws', async () => {
    for (const url of ['https://[::1', 'http://exa mple.com:99999/', 'https://office.example.com:99999/app']) {
      const { handled, closed, log } = await clicked([{ url: 'https://office.example.com/app/inbox' }], url);
      expect([handled, closed, log]).toEqual([true, true, []]);
    }
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

  it('the board’s page path: a lead from the gateway keeps one clean, capped line of its category and city', () => {
    const hostile = {
      leadId: 2,
      category: { name: 'Plumbing\u202E\n' },
      customerInfo: { city: `\u0000Denver\nCall 555\u2029${'D'.repeat(5000)}` },
      createDate: '2026-11-28T17:00:00Z',
    };
    const notice = leadNotice(hostile);
    expect(notice).toEqual({ leadId: 2, category: 'Plumbing', city: `Denver Call 555 ${'D'.repeat(33)}…`, createDate: '2026-11-28T17:00:00Z' });
    expect(noticeContent([notice], NOW, text as never).body).toBe(
      `notify.line{"category":"Plumbing","city":"Denver Call 555 ${'D'.repeat(33)}…"} · notify.age.minutes{"count":10}`,
    );
    // A notice as it comes (an older notification's data): its text is normalised all the same.
    expect(noticeContent([{ ...notice, category: 'Roof\ning\u202E', city: '\u2067Aspen\n' }], NOW, text as never).title).toBe(
      'notify.title.one{"category":"Roof ing"}',
    );
  });

  it('groups the leads shown and the new ones, newest first, each once', () => {
    expect(groupNotices([lead(1, 9), lead(2, 5)], [lead(3, 1), lead(2, 5)]).map((notice) => notice.leadId)).toEqual([3, 2, 1]);
  });

  it('a lead without a city is its category; a day-old lead has no age', () => {
    expect(noticeContent([lead(1, 60 * 25, null)], NOW, text as never)).toEqual({ title: 'notify.title.one{"category":"Plumbing"}', body: 'Plumbing' });
  });
});
