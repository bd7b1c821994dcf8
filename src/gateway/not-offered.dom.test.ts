import { afterEach, describe, expect, it, vi } from 'vitest';
import { setup } from '../../packages/sandbox/src/test-helpers';
import { boardLeadCounts, leadCountsOff } from './office/lead-counts';
import { chatSession } from './message-center/chat-session';
import { recordMessageContact } from './lead/message-contact';
import { getProjects } from './lead/funnel/calls';
import { createOneTimeSession, OneTimeTokenHolder } from './lead/funnel/one-time-token';
import { isNotOffered, NOT_OFFERED_FOR_MS, NOT_OFFERED_STORAGE_KEY, rememberNotOffered } from './not-offered';

/**
 * An invented call answered 404 is "not offered" — remembered per gateway and call for a
 * day, so it is not asked again on every load. The sandbox's spec profile answers every invented call 404.
 */
afterEach(() => {
  // The storage stand-in goes before the next file: this project shares one environment (isolate: false).
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem(NOT_OFFERED_STORAGE_KEY);
  vi.useRealTimers();
});

const COUNTS = /\/counts$/;
const asked = (sandbox: ReturnType<typeof setup>['sandbox'], path: RegExp) => sandbox.store.requests.filter((request) => path.test(request.path)).length;

describe('not offered: a 404 from an invented call', () => {
  it('the board counts (O3): one 404, then no request and no counts, also for the next page load (a new client)', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    expect(leadCountsOff(provider)).toBe(false);
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    expect(asked(sandbox, COUNTS)).toBe(1);
    expect(leadCountsOff(provider)).toBe(true);
    // The next load: a new client of the same gateway.
    const next = setup({ profile: 'spec' });
    expect(leadCountsOff(next.provider)).toBe(true);
    await expect(boardLeadCounts(next.provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    expect(asked(next.sandbox, COUNTS)).toBe(0);
  });

  it('is per gateway: another base URL is still asked', async () => {
    const { provider } = setup({ profile: 'spec' });
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    const other = setup({ profile: 'spec' }, { baseURL: 'http://other-gateway.test' });
    expect(leadCountsOff(other.provider)).toBe(false);
    await expect(boardLeadCounts(other.provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    expect(asked(other.sandbox, COUNTS)).toBe(1);
  });

  it('lasts a day: after it the call is asked again (a gateway that added it is used)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { provider } = setup({ profile: 'spec' });
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    vi.setSystemTime(Date.now() + NOT_OFFERED_FOR_MS + 1);
    const full = setup();
    expect(leadCountsOff(full.provider)).toBe(false);
    await expect(boardLeadCounts(full.provider, 1001, { filters: {} })).resolves.toMatchObject({ unreadCount: expect.any(Number) });
  });

  it('the chat session (C1): one 404, then the unavailable state without a request', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    const thread = { serviceProviderId: 1001, userId: 5001 };
    await expect(chatSession(provider, thread, 'open')).rejects.toMatchObject({ status: 404 });
    await expect(chatSession(provider, thread, 'open')).rejects.toMatchObject({ status: 404 });
    expect(asked(sandbox, /\/chat\/session$/)).toBe(1);
  });

  it('the one-time token (L1): one 404, then no request on the next ask, nor on the next load; no console error, the setup line once', async () => {
    const consoleErrors = vi.spyOn(console, 'error');
    const consoleWarnings = vi.spyOn(console, 'warn');
    const TOKEN = /\/one-time-token$/;
    const { sandbox, anonymous } = setup({ profile: 'spec' });
    const session = createOneTimeSession(anonymous, new OneTimeTokenHolder());
    // A customer call that needs a token asks for one: the gateway has no such call.
    await expect(getProjects(session.client)).rejects.toMatchObject({ status: 404 });
    expect(asked(sandbox, TOKEN)).toBe(1);
    expect(isNotOffered('http://sandbox.test', 'L1')).toBe(true);
    // The next ask (Send again): the same 404 at once, nothing sent.
    const before = sandbox.store.requests.length;
    await expect(getProjects(session.client)).rejects.toMatchObject({ status: 404 });
    expect(sandbox.store.requests.length).toBe(before);
    expect(session.status()).toBe('none');
    // The next load: a new session over a new client of the same gateway.
    const next = setup({ profile: 'spec' });
    await expect(getProjects(createOneTimeSession(next.anonymous, new OneTimeTokenHolder()).client)).rejects.toMatchObject({ status: 404 });
    expect(next.sandbox.store.requests).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    // What to give instead (docs/troubleshooting.md#one-time-token-missing), once for the page however often it is met.
    // (Written once its sentence's chunk is here; the earlier tests' lines may land meanwhile.)
    const tokenLines = () => consoleWarnings.mock.calls.map(([line]) => String(line)).filter((line) => line.endsWith('#one-time-token-missing'));
    await vi.waitFor(() => expect(tokenLines()).toHaveLength(1));
    expect(tokenLines()[0]).toMatch(/^leadkit: the gateway has no one-time token call /);
  });

  it('the contact record (M7): one 404, then nothing sent after a message', async () => {
    const { sandbox, provider } = setup({ profile: 'spec' });
    const context = { spId: 1001, postalCode: '80202', categoryId: 10002, campaignId: null, sessionStartTimestamp: 1_749_655_800_000 };
    const send = () => recordMessageContact(provider, context, { messageId: 'm-1' });
    send();
    await vi.waitFor(() => expect(isNotOffered('http://sandbox.test', 'M7')).toBe(true));
    send();
    // Sent or not, it would be logged by now: the sandbox logs a request as it arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked(sandbox, /\/v1\/contact$/)).toBe(1);
  });

  it('stores nothing personal: gateways, call rows and times only', async () => {
    const { provider } = setup({ profile: 'spec' });
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    const stored = JSON.parse(localStorage.getItem(NOT_OFFERED_STORAGE_KEY)!) as Record<string, Record<string, number>>;
    expect(Object.keys(stored)).toEqual(['http://sandbox.test']);
    expect(Object.keys(stored['http://sandbox.test']!)).toEqual(['O3']);
    expect(JSON.stringify(stored)).not.toContain('1001');
  });

  it('storage that throws remembers nothing and breaks nothing: the call is asked again', async () => {
    // A stand-in storage whose every use throws (a spy on happy-dom's localStorage itself would
    // outlive the file: its methods are the storage's own keys).
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: denied, setItem: denied, removeItem: denied, key: denied, clear: denied, length: 0 });
    const { sandbox, provider } = setup({ profile: 'spec' });
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    await expect(boardLeadCounts(provider, 1001, { filters: {} })).rejects.toMatchObject({ status: 404 });
    expect(asked(sandbox, COUNTS)).toBe(2);
    expect(() => rememberNotOffered('http://sandbox.test', 'O3')).not.toThrow();
  });
});
