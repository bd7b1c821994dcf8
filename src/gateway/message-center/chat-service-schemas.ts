import * as v from 'valibot';
import { IsoDateTime } from '../core/shared-schemas';

/**
 * Wire shapes of the sandbox's chat service: what the sandbox chat adapter
 * (src/chat/sandbox-chat-client.ts) and the sandbox gateway (packages/sandbox/src/routes/chat.ts) say to
 * each other. In production the chat service is Twilio Conversations, reached through its SDK;
 * the sandbox stands in for it under `/gateway/message-center/v1/chat/…` (paths in CHAT_PATHS),
 * authenticated by the chat token of the session call (`Authorization: Bearer <token>`).
 * They live here, not in src/chat, because the sandbox may only import gateway schemas.
 */

const BASE = '/gateway/message-center/v1/chat';

export const CHAT_PATHS = {
  conversation: (sid: string) => `${BASE}/conversations/${encodeURIComponent(sid)}`,
  messages: (sid: string) => `${BASE}/conversations/${encodeURIComponent(sid)}/messages`,
  media: (sid: string) => `${BASE}/conversations/${encodeURIComponent(sid)}/media`,
  read: (sid: string) => `${BASE}/conversations/${encodeURIComponent(sid)}/read`,
  /** This identity is typing (Twilio's typing indicator): the others get a `typing` event. */
  typing: (sid: string) => `${BASE}/conversations/${encodeURIComponent(sid)}/typing`,
  mediaUrl: (mediaSid: string) => `${BASE}/media/${encodeURIComponent(mediaSid)}`,
  /** Server-sent events of every conversation the token's identity takes part in. */
  events: `${BASE}/events`,
} as const;

/** Request header carrying a media upload's file name (percent-encoded UTF-8; never a URL). */
export const MEDIA_FILENAME_HEADER = 'X-Media-Filename';

/** Page sizes the service accepts; the default when none is asked for. */
const CHAT_PAGE_SIZE = { min: 1, max: 100, default: 30 } as const;

/** The SSE event that carries a new message (`data`: ChatEventSchema as JSON, `id`: event id). */
export const CHAT_MESSAGE_EVENT = 'message';
/** The SSE event of a participant's read horizon moving (`data`: ChatReadEventSchema, `id`: event id). */
export const CHAT_READ_EVENT = 'read';
/** The SSE event of a participant starting or stopping to type (`data`: ChatTypingEventSchema; no id: never replayed). */
export const CHAT_TYPING_EVENT = 'typing';
/**
 * How long a typing signal lasts without another: the typing participant is shown typing until
 * then, unless a `typing: false` event or their message comes first (Twilio's default typing
 * timeout, 5 s).
 */
export const CHAT_TYPING_TIMEOUT_MS = 5000;

const ChatMediaWireSchema = v.object({
  sid: v.pipe(v.string(), v.minLength(1)),
  contentType: v.string(),
  filename: v.nullable(v.string()),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const ChatMessageWireSchema = v.object({
  /** Position in the conversation, from 0, never reused. */
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sid: v.pipe(v.string(), v.minLength(1)),
  /** The author's identity (compare with the session's identity to tell own messages). */
  author: v.nullable(v.string()),
  body: v.nullable(v.string()),
  dateCreated: IsoDateTime,
  media: v.array(ChatMediaWireSchema),
  attributes: v.record(v.string(), v.unknown()),
});
export type ChatMessageWire = v.InferOutput<typeof ChatMessageWireSchema>;

const MessageIndex = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * An answer's event cursor: the id of the newest event of the stream (CHAT_PATHS.events) when the
 * answer was made (0 before any). A stream opened with `Last-Event-ID` set to it replays what
 * came after, so a client may read a snapshot before its stream is open and miss nothing.
 * Optional: a service that does not give it leaves the client's stream to start where it opens.
 */
const EventCursor = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));

/** A participant's read horizon (Twilio's `Participant.lastReadMessageIndex`). */
const ChatReadHorizonWireSchema = v.object({
  identity: v.string(),
  /** Messages up to this index are read by `identity`; null when it has read nothing yet. */
  lastReadMessageIndex: v.nullable(MessageIndex),
});

export const ChatConversationWireSchema = v.object({
  sid: v.string(),
  /** Identities taking part. */
  participants: v.array(v.string()),
  /** Index of the newest message; null when the conversation is empty. */
  lastMessageIndex: v.nullable(MessageIndex),
  /** The caller's read horizon; null when it has read nothing yet. */
  lastReadMessageIndex: v.nullable(MessageIndex),
  /** The other participants' read horizons (empty when a service does not say). */
  readHorizons: v.optional(v.array(ChatReadHorizonWireSchema), []),
  eventId: EventCursor,
});
export type ChatConversationWire = v.InferOutput<typeof ChatConversationWireSchema>;

/** GET messages: `before` (exclusive index; newest page without it) and `pageSize`. */
export const ChatMessagesQuerySchema = v.object({
  before: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(CHAT_PAGE_SIZE.min), v.maxValue(CHAT_PAGE_SIZE.max)), CHAT_PAGE_SIZE.default),
});
/** A page, oldest first; `hasOlder` when messages exist before the first one. */
export const ChatMessagePageWireSchema = v.object({
  messages: v.array(ChatMessageWireSchema),
  hasOlder: v.boolean(),
  eventId: EventCursor,
});
export type ChatMessagePageWire = v.InferOutput<typeof ChatMessagePageWireSchema>;

export const ChatSendTextRequestSchema = v.object({
  body: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)),
  attributes: v.optional(v.record(v.string(), v.unknown())),
});

export const ChatReadResponseSchema = v.object({ lastReadMessageIndex: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))) });

/** A temporary URL of a media's content (like Twilio's `getContentTemporaryUrl`). */
export const ChatMediaUrlSchema = v.object({ url: v.pipe(v.string(), v.minLength(1)), expiresAt: IsoDateTime });

/** `data` of a CHAT_MESSAGE_EVENT. */
export const ChatEventSchema = v.object({ conversationSid: v.string(), message: ChatMessageWireSchema });

/** `data` of a CHAT_READ_EVENT: `identity` has read up to `lastReadMessageIndex`. */
export const ChatReadEventSchema = v.object({ conversationSid: v.string(), identity: v.string(), lastReadMessageIndex: v.nullable(MessageIndex) });

/** `data` of a CHAT_TYPING_EVENT: `identity` started (`typing: true`, for CHAT_TYPING_TIMEOUT_MS) or stopped typing. */
export const ChatTypingEventSchema = v.object({ conversationSid: v.string(), identity: v.string(), typing: v.boolean() });

/** The answer to a typing signal: how long it lasts. */
export const ChatTypingResponseSchema = v.object({ typingTimeoutMs: v.pipe(v.number(), v.integer(), v.minValue(0)) });
