import { Client } from '@twilio/conversations';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_CHAT_SERVICE_SID } from '../chat-token';
import { createSandboxGateway, MAIN_PROVIDER_ID, providerIdentity } from '../index';
import { SEEDED_PHOTO } from '../seed/chat';
import { twilioControlRoutes } from './controls';
import { startTwilioStandIn, type TwilioStandIn } from './stand-in';
import { nextEvent, until } from './test-waits';

/**
 * The stand-in's HTTP controls (`npm start` serves them under /sandbox/twilio) with the real SDK
 * connected, and where its media URLs point.
 */

const open: { client?: Client; twilio?: TwilioStandIn } = {};

afterEach(async () => {
  await open.client?.shutdown().catch(() => undefined);
  await open.twilio?.close();
  delete open.client;
  delete open.twilio;
});

describe('the Twilio stand-in’s controls', () => {
  it('POST /sandbox/twilio/drop ends the connections (the SDK reconnects); GET /sandbox/twilio/requests lists what was answered', async () => {
    const sandbox = createSandboxGateway();
    const twilio = (open.twilio = await startTwilioStandIn({ sandbox }));
    const controls = twilioControlRoutes(() => twilio);
    const client = (open.client = new Client(sandbox.chat.issueToken(providerIdentity(MAIN_PROVIDER_ID)).token, twilio.clientOptions()));
    const states: string[] = [];
    client.on('connectionStateChanged', (state) => states.push(state));
    await nextEvent(client, 'initialized');
    // Its fetch of the user's conversations, under way after `initialized`, done before the drop (else it rejects, unheard).
    await client.getSubscribedConversations();

    const requests = (await (await controls.fetch(new Request('http://sandbox.local/sandbox/twilio/requests'))).json()) as { requests: { url: string }[] };
    expect(requests.requests.map((r) => r.url)).toContain('aim.us1.twilio.com/Client/v2/Configuration');

    const dropped = await controls.fetch(new Request('http://sandbox.local/sandbox/twilio/drop', { method: 'POST' }));
    expect(await dropped.json()).toEqual({ dropped: 1 });
    await until(() => states.includes('connecting') && states.at(-1) === 'connected', 'connecting, then connected again');
  }, 20_000);

  it('answers 404 while no stand-in runs', async () => {
    const controls = twilioControlRoutes(() => null);
    expect((await controls.fetch(new Request('http://sandbox.local/sandbox/twilio/drop', { method: 'POST' }))).status).toBe(404);
    expect((await controls.fetch(new Request('http://sandbox.local/sandbox/twilio/requests'))).status).toBe(404);
  });

  it('points a media’s temporary URL by `contentOrigin` (given the asking page’s origin; under npm start, the pages’), else at itself', async () => {
    const sandbox = createSandboxGateway();
    const token = sandbox.chat.issueToken(providerIdentity(MAIN_PROVIDER_ID)).token;
    const cases = [
      { contentOrigin: (page: string | undefined) => page ?? 'http://127.0.0.1:4010', page: 'http://127.0.0.1:4999', expected: 'http://127.0.0.1:4999' },
      { contentOrigin: (page: string | undefined) => page ?? 'http://127.0.0.1:4010', page: undefined, expected: 'http://127.0.0.1:4010' },
      { contentOrigin: undefined, page: 'http://127.0.0.1:4999', expected: null },
    ];
    for (const { contentOrigin, page, expected } of cases) {
      const twilio = (open.twilio = await startTwilioStandIn({ sandbox, ...(contentOrigin ? { contentOrigin } : {}) }));
      const record = await fetch(`${twilio.mcsOrigin}/v1/Services/${SANDBOX_CHAT_SERVICE_SID}/Media/${SEEDED_PHOTO.mediaSid}`, {
        headers: { 'X-Twilio-Token': token, ...(page ? { Origin: page } : {}) },
      });
      expect(record.status).toBe(200);
      const url = ((await record.json()) as { links: { content_direct_temporary: string } }).links.content_direct_temporary;
      expect(url.startsWith(`${expected ?? twilio.mcsOrigin}/sandbox/chat/media/`)).toBe(true);
      await twilio.close();
      delete open.twilio;
    }
  });
});
