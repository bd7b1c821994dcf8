import { describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { CONTACT_TYPES } from '../../domain/contact-type';
import { createGatewayClient, type GatewayClientConfig } from '../core/client';
import { MESSAGE_SENT_CONTACT_TYPE, messageEntityId, pageSessionStart, readCookie, recordMessageContact } from './message-contact';
import type { RecordContactContext } from './contact-recorder';

const context = { spId: 1001, postalCode: '80202', categoryId: 10002, campaignId: 'spring-25', sessionStartTimestamp: 1_749_655_800_000 };

describe('the contact record after a message send (M7, K1)', () => {
  it('gives MessageSent a code of its own: 10, which no spec contact type uses', () => {
    expect(MESSAGE_SENT_CONTACT_TYPE).toBe(10);
    expect(Object.values(CONTACT_TYPES)).not.toContain(MESSAGE_SENT_CONTACT_TYPE);
  });

  it('sends the contact payload to POST /gateway/lead/v1/contact: a text by its messageId, a photo by <conversationSid>:<index>', async () => {
    const recorder = recordingFetch(() => json(200, { contactIds: [1] }));
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch, retry: { retries: 0 } });
    recordMessageContact(client, context, { messageId: 'msg-1' });
    recordMessageContact(client, context, { conversationSid: 'CH00', index: 7 });
    await expect.poll(() => recorder.requests.length).toBe(2);
    expect(recorder.requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', 'https://gw.test/gateway/lead/v1/contact'],
      ['POST', 'https://gw.test/gateway/lead/v1/contact'],
    ]);
    expect(recorder.requests[0]!.body).toEqual({
      postalCode: '80202',
      payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001] }],
      campaignId: 'spring-25',
      sessionStartTimestamp: 1_749_655_800_000,
      categoryId: 10002,
      contactType: 10,
      entityId: 'msg-1',
      entityType: 'message',
    });
    expect((recorder.requests[1]!.body as { entityId: string }).entityId).toBe('CH00:7');
    expect(messageEntityId({ conversationSid: 'CHx', index: 0 })).toBe('CHx:0');
  });

  it('swallows its errors', async () => {
    const recorder = recordingFetch(() => json(500, {}));
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch, retry: { retries: 0 } });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      recordMessageContact(client, context, { messageId: 'msg-2' });
      await expect.poll(() => recorder.requests.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('reads the campaign id cookie by name only', () => {
    expect(readCookie('a=1; campaignId=spring%202025; x=2', 'campaignId')).toBe('spring 2025');
    expect(readCookie('mycampaignId=1', 'campaignId')).toBeNull();
  });

  it("keeps the page's session start at its first call", () => {
    const first = pageSessionStart(1000);
    expect(pageSessionStart(5000)).toBe(first);
  });
});

describe("the host's recordContact (the contact call's path is not shown)", () => {
  /** A thread's client against the sandbox, with the host's `recordContact`; what the sandbox received of the contact call. */
  function setup(recordContact: GatewayClientConfig['recordContact'], timeoutMs?: number) {
    const sandbox = createSandboxGateway({ latencyMs: 0 });
    const client = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'provider', spId: 1001 },
      retry: { retries: 0 },
      recordContact,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    const contactCalls = () => sandbox.store.requests.filter((request) => request.path === '/gateway/lead/v1/contact');
    return { sandbox, client, contactCalls };
  }

  it("absent: leadkit's call, which the sandbox stores", async () => {
    const { sandbox, client, contactCalls } = setup(undefined);
    const before = sandbox.store.contacts.length;
    recordMessageContact(client, context, { messageId: 'msg-3' });
    await expect.poll(() => sandbox.store.contacts.length).toBe(before + 1);
    expect(contactCalls().map((request) => request.status)).toEqual([200]);
  });

  it('a function: given the contact payload (MessageSent 10 and all) and a signal, instead of the call', async () => {
    const recordContact = vi.fn(async (_payload: unknown, _context: RecordContactContext) => {});
    const { client, contactCalls } = setup(recordContact);
    recordMessageContact(client, context, { conversationSid: 'CH00', index: 3 });
    await expect.poll(() => recordContact.mock.calls.length).toBe(1);
    const [payload, hostContext] = recordContact.mock.calls[0]!;
    expect(payload).toEqual({
      postalCode: '80202',
      payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001] }],
      campaignId: 'spring-25',
      sessionStartTimestamp: 1_749_655_800_000,
      categoryId: 10002,
      contactType: MESSAGE_SENT_CONTACT_TYPE,
      entityId: 'CH00:3',
      entityType: 'message',
    });
    expect(hostContext.signal).toBeInstanceOf(AbortSignal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(contactCalls()).toEqual([]);
  });

  it('`false`: no contact is recorded, and nothing is sent', async () => {
    const { sandbox, client, contactCalls } = setup(false);
    const before = sandbox.store.contacts.length;
    recordMessageContact(client, context, { messageId: 'msg-4' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(contactCalls()).toEqual([]);
    expect(sandbox.store.requests).toEqual([]);
    expect(sandbox.store.contacts).toHaveLength(before);
  });

  it('a function that fails, throws or never answers: swallowed; one that never answers has its signal aborted at the time limit', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const signals: AbortSignal[] = [];
      const failing = [
        () => Promise.reject(new Error('the host’s server is down')),
        () => {
          throw new Error('a bug in the host’s function');
        },
        (_payload: unknown, { signal }: RecordContactContext) => {
          signals.push(signal!);
          return new Promise<void>(() => {});
        },
      ];
      for (const recordContact of failing) {
        const { client, contactCalls } = setup(recordContact as GatewayClientConfig['recordContact'], 50);
        recordMessageContact(client, context, { messageId: 'msg-5' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(contactCalls()).toEqual([]);
      }
      await expect.poll(() => signals[0]?.aborted).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('anything but a function or false is refused as the client is made', () => {
    expect(() => setup('yes' as never)).toThrow(new TypeError('gateway recordContact must be a function or false'));
  });
});
