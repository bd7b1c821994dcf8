import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, sniffImageType } from '../../../../src/domain/attachment';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_READ_EVENT,
  CHAT_TYPING_EVENT,
  CHAT_TYPING_TIMEOUT_MS,
  ChatMessagesQuerySchema,
  ChatSendTextRequestSchema,
  MEDIA_FILENAME_HEADER,
} from '../../../../src/gateway/message-center/chat-service-schemas';
import { ChatSessionRequestSchema } from '../../../../src/gateway/message-center/chat-session';
import { requireProvider } from '../access';
import type { ChatConversationRef, SandboxChat } from '../chat';
import { providerIdentity } from '../chat-identities';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, HttpError, notFound, parseBody, parseQuery, unauthorized } from '../http';

/**
 * The chat: the session call of the message center and the sandbox's chat service (the
 * stand-in for Twilio Conversations, packages/sandbox/src/chat.ts), mounted at `/gateway/message-center`;
 * the media content host and chat controls, mounted at `/sandbox/chat`.
 *
 *   POST /v1/chat/session                          {serviceProviderId, userId, leadId?} → {conversationSid, identity, token, expiresAt}
 *   GET  /v1/chat/conversations/:sid               → {sid, participants, lastMessageIndex, lastReadMessageIndex, readHorizons, eventId}
 *   GET  /v1/chat/conversations/:sid/messages      ?before&pageSize → {messages (oldest first), hasOlder, eventId}
 *   POST /v1/chat/conversations/:sid/messages      {body, attributes?} → message (201; Idempotency-Key honoured)
 *   POST /v1/chat/conversations/:sid/media         raw JPEG/PNG bytes, X-Media-Filename → message (201)
 *   POST /v1/chat/conversations/:sid/read          → {lastReadMessageIndex}
 *   POST /v1/chat/conversations/:sid/typing        → {typingTimeoutMs} (the others get a `typing` event)
 *   GET  /v1/chat/media/:mediaSid                  → {url, expiresAt} (a temporary content URL)
 *   GET  /v1/chat/events                           server-sent events `message` and `read` (id = event id; Last-Event-ID
 *                                                  replays them), `typing` (no id, never replayed)
 *
 * `eventId` is the answer's event cursor: the newest event id when it was made (a stream opened
 * with it as Last-Event-ID replays what came after).
 *
 * The chat service routes take the session's token as `Authorization: Bearer <token>` (401
 * without, with an unknown or an expired one: clients renew through the session call) and the
 * gateway's caller headers like every /gateway request.
 */

/** Keep-alive comment interval of the event stream (proxies close idle connections). */
const PING_MS = 20_000;
/** Reconnection delay the event stream advises. */
const RETRY_MS = 2000;

function chatIdentity(c: Context<SandboxEnv>, chat: SandboxChat): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) throw unauthorized('A chat token is required (Authorization: Bearer <token>).');
  const check = chat.checkToken(match[1]!);
  if (check === 'invalid') throw unauthorized('The chat token is not valid.');
  if (check === 'expired') throw unauthorized('The chat token has expired.');
  return check.identity;
}

function participantConversation(c: Context<SandboxEnv>, chat: SandboxChat, identity: string): ChatConversationRef {
  const conversation = chat.conversation(c.req.param('sid') ?? '');
  if (!conversation) throw notFound('Conversation not found.');
  if (!conversation.participants.includes(identity)) throw forbidden('Only a participant may use this conversation.');
  return conversation;
}

function authorOf(conversation: ChatConversationRef, identity: string): { fromProvider: boolean } {
  return { fromProvider: identity === providerIdentity(conversation.spId) };
}

/**
 * A provider's chat session for its thread with a member: the answer of `POST /v1/chat/session`
 * (C1, once the caller is checked), and of the host stand-in's chat-token call
 * (routes/host-stand-in.ts), which stands for a host's own server.
 */
export function openChatSession({ store, chat }: Pick<SandboxContext, 'store' | 'chat'>, body: v.InferOutput<typeof ChatSessionRequestSchema>) {
  const spId = body.serviceProviderId;
  if (!store.member(body.userId)) throw notFound('Member not found.');
  const holdsLeadOf = (memberId: number) =>
    store.leads.some((lead) => lead.memberId === memberId && (lead.assignments.some((a) => a.spId === spId) || lead.haProviderIds.includes(spId)));
  if (body.leadId !== undefined) {
    const lead = store.lead(body.leadId);
    const related = lead && lead.memberId === body.userId && (lead.assignments.some((a) => a.spId === spId) || lead.haProviderIds.includes(spId));
    if (!related) throw badRequest('Invalid request: leadId must be a lead between this provider and member.', ['leadId']);
  }
  // A provider may message a member it holds a lead of, or one it already has a thread with.
  if (!store.thread(spId, body.userId) && !holdsLeadOf(body.userId)) throw forbidden('This provider has no conversation with this member.');
  store.threadFor(spId, body.userId);
  const identity = providerIdentity(spId);
  const { token, expiresAt } = chat.issueToken(identity);
  const member = store.member(body.userId)!;
  return {
    conversationSid: chat.conversationSid(spId, body.userId),
    identity,
    token,
    expiresAt,
    member: { firstName: member.firstName, lastName: member.lastName },
  };
}

export function chatRoutes({ store, chat }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  // POST /v1/chat/session — the provider's session for its thread with a member.
  app.post('/v1/chat/session', (c) => {
    const body = parseBody(c, ChatSessionRequestSchema);
    requireProvider(c, store, body.serviceProviderId);
    return c.json(openChatSession({ store, chat }, body));
  });

  app.get('/v1/chat/conversations/:sid', (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    const count = chat.messageCount(conversation);
    return c.json({
      sid: conversation.sid,
      participants: [...conversation.participants],
      lastMessageIndex: count > 0 ? count - 1 : null,
      lastReadMessageIndex: chat.lastRead(conversation, identity),
      readHorizons: chat.readHorizons(conversation, identity),
      eventId: chat.eventPosition,
    });
  });

  app.get('/v1/chat/conversations/:sid/messages', (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    const query = parseQuery(c, { before: 'int', pageSize: 'int' }, ChatMessagesQuerySchema);
    return c.json({ ...chat.page(conversation, query), eventId: chat.eventPosition });
  });

  app.post('/v1/chat/conversations/:sid/messages', (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    const body = parseBody(c, ChatSendTextRequestSchema);
    const { wire } = chat.post({
      spId: conversation.spId,
      memberId: conversation.memberId,
      leadId: null,
      ...authorOf(conversation, identity),
      text: body.body,
      attributes: body.attributes,
    });
    return c.json(wire, 201);
  });

  app.post('/v1/chat/conversations/:sid/media', async (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw badRequest('Invalid request: the media body is empty.', ['body']);
    if (bytes.length > ATTACHMENT_MAX_BYTES) throw new HttpError(413, { message: `Media may be at most ${ATTACHMENT_MAX_BYTES} bytes.`, fields: ['body'] });
    // The content decides (domain/attachment): only JPEG and PNG, whatever the declared type.
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new HttpError(415, { message: 'Only JPEG and PNG images can be sent.', fields: ['body'] });
    let filename: string | null = null;
    const rawName = c.req.header(MEDIA_FILENAME_HEADER);
    if (rawName) {
      try {
        filename = decodeURIComponent(rawName).slice(0, 255);
      } catch {
        throw badRequest(`Invalid request: the ${MEDIA_FILENAME_HEADER} header must be percent-encoded UTF-8.`, [MEDIA_FILENAME_HEADER]);
      }
    }
    const media = chat.storeMedia(bytes, contentType, filename);
    const { wire } = chat.post({
      spId: conversation.spId,
      memberId: conversation.memberId,
      leadId: null,
      ...authorOf(conversation, identity),
      text: '',
      media: [media],
    });
    return c.json(wire, 201);
  });

  app.post('/v1/chat/conversations/:sid/read', (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    return c.json({ lastReadMessageIndex: chat.markAllRead(conversation, identity) });
  });

  // Twilio's typing indicator: the caller is typing; its signal lasts CHAT_TYPING_TIMEOUT_MS.
  app.post('/v1/chat/conversations/:sid/typing', (c) => {
    const identity = chatIdentity(c, chat);
    const conversation = participantConversation(c, chat, identity);
    chat.setTyping(conversation, identity, true);
    return c.json({ typingTimeoutMs: CHAT_TYPING_TIMEOUT_MS });
  });

  app.get('/v1/chat/media/:mediaSid', (c) => {
    const identity = chatIdentity(c, chat);
    const found = chat.findMedia(c.req.param('mediaSid'));
    if (!found) throw notFound('Media not found.');
    if (!found.conversation.participants.includes(identity)) throw forbidden('Only a participant may see this media.');
    return c.json(chat.grantMediaUrl(found.media.mediaSid));
  });

  app.get('/v1/chat/events', (c) => {
    const identity = chatIdentity(c, chat);
    const header = c.req.header('Last-Event-ID');
    const lastEventId = header && /^\d{1,15}$/.test(header) ? Number(header) : null;
    return streamSSE(c, async (stream) => {
      // Writes go one after another (an event and a ping never interleave). A stream opened
      // without Last-Event-ID first names its position (an `id:` without an event), so a client
      // that reconnects before any event came resumes from there and misses nothing.
      const position = lastEventId === null ? `id: ${chat.eventPosition}\n` : '';
      let writing: Promise<unknown> = stream.write(`${position}retry: ${RETRY_MS}\n\n`);
      const write = (next: () => Promise<unknown>) => {
        writing = writing.then(next, next);
      };
      const unsubscribe = chat.subscribe(identity, lastEventId, (event) =>
        write(() => {
          switch (event.kind) {
            case 'message':
              return stream.writeSSE({
                id: String(event.id),
                event: CHAT_MESSAGE_EVENT,
                data: JSON.stringify({ conversationSid: event.conversationSid, message: event.message }),
              });
            case 'read':
              return stream.writeSSE({
                id: String(event.id),
                event: CHAT_READ_EVENT,
                data: JSON.stringify({ conversationSid: event.conversationSid, identity: event.identity, lastReadMessageIndex: event.lastReadMessageIndex }),
              });
            case 'typing':
              return stream.writeSSE({
                event: CHAT_TYPING_EVENT,
                data: JSON.stringify({ conversationSid: event.conversationSid, identity: event.identity, typing: event.typing }),
              });
          }
        }),
      );
      const ping = setInterval(() => write(() => stream.write(': ping\n\n')), PING_MS);
      (ping as { unref?: () => void }).unref?.();
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      clearInterval(ping);
      unsubscribe();
    });
  });

  return app;
}

const CustomerRepliesSchema = v.union([v.object({ delayMs: v.pipe(v.number(), v.minValue(0), v.maxValue(600_000)) }), v.object({ enabled: v.literal(false) })]);

/**
 * Under `/sandbox/chat` (no caller headers, never faulted):
 *   GET  /media/:grant        media content behind a temporary URL (what `<img>` loads)
 *   POST /customer-replies    {delayMs} turns the simulated customer on, {enabled: false} off
 *   POST /expire-tokens       every chat token issued so far expires (clients renew)
 */
export function chatSandboxRoutes({ chat }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  app.get('/media/:grant', (c) => {
    const content = chat.grantedContent(c.req.param('grant'));
    if (!content) throw notFound('This media URL is unknown or has expired.');
    return c.body(content.bytes.slice().buffer, 200, {
      'content-type': content.contentType,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    });
  });

  app.post('/customer-replies', (c) => {
    const body = parseBody(c, CustomerRepliesSchema);
    chat.setCustomerReplies('delayMs' in body ? { delayMs: body.delayMs } : false);
    return c.json({ customerReplies: chat.customerReplies });
  });

  app.post('/expire-tokens', (c) => {
    chat.expireTokens();
    return c.json({ expired: true });
  });

  return app;
}
