import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { CONTACT_TYPES } from '../../domain/contact-type';
import { createGatewayClient } from '../client';
import { MESSAGE_SENT_CONTACT_TYPE, messageEntityId, pageSessionStart, readCookie, recordMessageContact } from './message-contact';

const context = { spId: 1001, postalCode: '80202', categoryId: 10002, campaignId: 'spring-25', sessionStartTimestamp: 1_749_655_800_000 };

describe('the contact record after a message send (M7, K1)', () => {
  it('gives MessageSent a code of its own: 10, which no spec contact type uses', () => {
    expect(MESSAGE_SENT_CONTACT_TYPE).toBe(10);
    expect(Object.values(CONTACT_TYPES)).not.toContain(MESSAGE_SENT_CONTACT_TYPE);
  });

  it("sends §7's payload to POST /gateway/lead/v1/contact: a text by its messageId, a photo by <conversationSid>:<index>", async () => {
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

  it('swallows its errors (§7)', async () => {
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
