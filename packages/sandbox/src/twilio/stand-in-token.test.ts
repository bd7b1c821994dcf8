import { Client, type Conversation } from '@twilio/conversations';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationSid, createSandboxGateway, MAIN_PROVIDER_ID, providerIdentity, SANDBOX_HISTORY_THREAD, type SandboxGateway } from '../index';
import { startTwilioStandIn, type TwilioStandIn } from './stand-in';
import { nextEvent, until } from './test-waits';

/**
 * The REAL @twilio/conversations SDK (3.0.1) against the Twilio stand-in: token expiry and
 * renewal (`tokenAboutToExpire`, `tokenExpired`, `client.updateToken`), a token the stand-in
 * refuses, and the sandbox's faults on the Twilio path.
 */

const identity = providerIdentity(MAIN_PROVIDER_ID);
const sid = conversationSid(SANDBOX_HISTORY_THREAD.spId, SANDBOX_HISTORY_THREAD.memberId);
const open: { client?: Client; twilio?: TwilioStandIn } = {};

async function start(options: { tokenTtlMs?: number; tokenAboutToExpireMs?: number } = {}): Promise<{ sandbox: SandboxGateway; twilio: TwilioStandIn }> {
  const sandbox = createSandboxGateway({ chat: { tokenTtlMs: options.tokenTtlMs ?? 3_600_000 } });
  const twilio = await startTwilioStandIn({ sandbox, tokenAboutToExpireMs: options.tokenAboutToExpireMs ?? 60_000 });
  open.twilio = twilio;
  return { sandbox, twilio };
}

async function connect(sandbox: SandboxGateway, twilio: TwilioStandIn): Promise<{ client: Client; states: string[]; events: string[] }> {
  const client = new Client(sandbox.chat.issueToken(identity).token, twilio.clientOptions());
  open.client = client;
  const states: string[] = [];
  const events: string[] = [];
  client.on('connectionStateChanged', (state) => states.push(state));
  client.on('tokenAboutToExpire', () => events.push('tokenAboutToExpire'));
  client.on('tokenExpired', () => events.push('tokenExpired'));
  await nextEvent(client, 'initialized');
  return { client, states, events };
}

afterEach(async () => {
  await open.client?.shutdown().catch(() => undefined);
  await open.twilio?.close();
  delete open.client;
  delete open.twilio;
});

describe('tokens on the Twilio stand-in, with the real SDK', () => {
  it('warns before expiry, renews with updateToken while connected, and after expiry reconnects on a new token', async () => {
    // Tokens of 4 s, warned 3 s before their expiry.
    const { sandbox, twilio } = await start({ tokenTtlMs: 4000, tokenAboutToExpireMs: 3000 });
    const { client, states, events } = await connect(sandbox, twilio);
    await nextEvent(client, 'tokenAboutToExpire', undefined, 5000);
    await client.updateToken(sandbox.chat.issueToken(identity).token);
    expect(client.connectionState).toBe('connected');
    const conversation: Conversation = await client.getConversationBySid(sid);

    // The renewed token is not renewed: it expires (twilsock's `close` 410), the SDK says so and disconnects.
    await nextEvent(client, 'tokenExpired', undefined, 10_000);
    await until(() => client.connectionState === 'disconnected', 'disconnected');
    expect(events).toEqual(['tokenAboutToExpire', 'tokenAboutToExpire', 'tokenExpired']);
    await client.updateToken(sandbox.chat.issueToken(identity).token);
    await until(() => client.connectionState === 'connected', 'connected on the new token');
    expect(states).toEqual(['connecting', 'connected', 'disconnecting', 'disconnected', 'connecting', 'connected']);
    // Nothing missed while disconnected: a message sent then comes, and the thread goes on.
    const index = await conversation.sendMessage('Back on a new token.');
    expect(sandbox.store.messages.at(-1)!.text).toBe('Back on a new token.');
    expect((await conversation.getMessages(1)).items[0]?.index).toBe(index);
  }, 30_000);

  it('the sandbox’s expire-tokens control and its reset end the connection with tokenExpired; a new token reconnects', async () => {
    const { sandbox, twilio } = await start();
    const { client } = await connect(sandbox, twilio);
    // The SDK goes on fetching the user's conversations after `initialized`; an expiry in the
    // middle of that rejects a promise nobody holds (client.js `_conversationsPromise`): let it end.
    await client.getSubscribedConversations();
    const expired = nextEvent(client, 'tokenExpired', undefined, 5000);
    sandbox.chat.expireTokens();
    await expired;
    await until(() => client.connectionState === 'disconnected', 'disconnected');
    await client.updateToken(sandbox.chat.issueToken(identity).token);
    await until(() => client.connectionState === 'connected', 'connected on the new token');
    // A reset forgets every token (as for the sandbox adapter's 401): the same way out.
    const forgotten = nextEvent(client, 'tokenExpired', undefined, 5000);
    sandbox.reset();
    await forgotten;
  }, 20_000);

  it('refuses a token it did not issue, as Twilio refuses a bad signature: initFailed, denied', async () => {
    const { sandbox, twilio } = await start();
    // JWT-shaped, the right claims, but never issued by the sandbox.
    const [header, , signature] = sandbox.chat.issueToken(identity).token.split('.');
    const claims = { grants: { identity, chat: { service_sid: 'IS0' } }, exp: Math.floor(Date.now() / 1000) + 3600 };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const client = new Client(forged, twilio.clientOptions());
    open.client = client;
    const refused = nextEvent<{ terminal: boolean; message: string; httpStatusCode: number; errorCode: number }>(client, 'connectionError');
    const failed = nextEvent(client, 'initFailed');
    expect(await refused).toMatchObject({ terminal: true, message: 'Connection error: Invalid Access Token', httpStatusCode: 401, errorCode: 20101 });
    await failed;
    await until(() => client.connectionState === 'denied', 'denied');
    expect(twilio.received).toEqual([]);
  }, 15_000);
});

describe('the sandbox’s faults on the Twilio path', () => {
  it('a 500 on the chat’s send route fails the SDK’s send once (status 500), then sends go through', async () => {
    const { sandbox, twilio } = await start();
    const { client } = await connect(sandbox, twilio);
    const conversation = await client.getConversationBySid(sid);
    const count = sandbox.store.messages.length;
    sandbox.faults.status(500, { message: 'boom' }, { route: 'POST /gateway/message-center/v1/chat/conversations/:sid/messages', times: 1 });
    await expect(conversation.sendMessage('First try')).rejects.toMatchObject({ status: 500 });
    expect(sandbox.store.messages.length).toBe(count);
    await conversation.sendMessage('Second try');
    expect(sandbox.store.messages.at(-1)!.text).toBe('Second try');
  }, 15_000);

  it('a dropped send (after the server stored it) ends the socket; the message arrives once after the return', async () => {
    const { sandbox, twilio } = await start();
    const { client } = await connect(sandbox, twilio);
    const conversation = await client.getConversationBySid(sid);
    await conversation.getMessages(5);
    const added: number[] = [];
    conversation.on('messageAdded', (message) => added.push(message.index));
    sandbox.faults.drop({ route: 'POST /gateway/message-center/v1/chat/conversations/:sid/messages', times: 1, afterHandling: true });
    await expect(conversation.sendMessage('Lost answer')).rejects.toBeDefined();
    expect(sandbox.store.messages.at(-1)!.text).toBe('Lost answer');
    await until(() => client.connectionState === 'connected' && added.length > 0, 'the stored message heard after the return', 15_000);
    expect(added).toEqual([SANDBOX_HISTORY_THREAD.messageCount]);
  }, 25_000);
});
