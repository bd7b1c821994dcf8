import type { ChatMessageWire } from '../../../../src/gateway/message-center/chat-service-schemas';
import type { ChatConversationRef, SandboxChat } from '../chat';
import { conversationSid, memberIdentity, providerIdentity } from '../chat-identities';
import type { SandboxStore } from '../store';

/**
 * What each Twilio Sync object the Conversations SDK (3.0.1) opens holds, read from the sandbox's
 * chat store (chat.ts, store.threads) every time: nothing is copied, so the thread is the same on
 * both chat adapters. The objects and their data are the ones the SDK reads (node_modules/
 * @twilio/conversations/dist):
 *
 * - `<identity>.conversations`, a map (configuration `sync_objects.my_conversations`;
 *   data/conversations.js): one item per conversation of the user, keyed by its sid, with the
 *   names of its Sync objects, `status: 'joined'` and the user's read horizon
 *   (`lastConsumedMessageIndex`).
 * - `<identity>.info`, a map (`sync_objects.my_user_info`; user.js): `friendlyName` and
 *   `attributes` items (`{ value }`, attributes as JSON text).
 * - `<CH…>.channel`, a document (conversation.js `_subscribe`): the conversation's fields and the
 *   names of its `messages` list and `roster` map.
 * - `<CH…>.messages`, a list (data/messages.js): item index = message index; data `sid`,
 *   `author`, `text`, `timestamp`, `attributes` (JSON text), `type`, `medias` (message.js).
 * - `<CH…>.roster`, a map (data/participants.js): one item per participant, keyed by its sid
 *   (MB…), with `identity`, `type: 'chat'` and its read horizon.
 */

export type SyncObjectRef =
  | { readonly kind: 'map'; readonly role: 'my-conversations' | 'user'; readonly sid: string; readonly identity: string }
  | { readonly kind: 'map'; readonly role: 'roster'; readonly sid: string; readonly conversation: ChatConversationRef }
  | { readonly kind: 'list'; readonly role: 'messages'; readonly sid: string; readonly conversation: ChatConversationRef }
  | { readonly kind: 'document'; readonly role: 'conversation'; readonly sid: string; readonly conversation: ChatConversationRef };

export type SyncKind = SyncObjectRef['kind'];
export type JsonObject = Record<string, unknown>;

/** The Sync object names (used as sid and unique name alike). */
export const syncNames = {
  myConversations: (identity: string) => `${identity}.conversations`,
  userInfo: (identity: string) => `${identity}.info`,
  conversation: (sid: string) => `${sid}.channel`,
  messages: (sid: string) => `${sid}.messages`,
  roster: (sid: string) => `${sid}.roster`,
};

const hex16 = (n: number) => n.toString(16).padStart(16, '0');

/** A participant's sid in a conversation (Twilio's shape: MB + 32 hex digits). */
export function participantSid(conversation: ChatConversationRef, identity: string): string {
  const provider = identity === providerIdentity(conversation.spId);
  return `MB${hex16(provider ? conversation.spId : conversation.memberId)}${hex16(provider ? 1 : 2)}`;
}

/** The sandbox's chat, as the Conversations SDK's Sync objects and REST resources see it. */
export class SyncData {
  constructor(
    private readonly store: SandboxStore,
    readonly chat: SandboxChat,
  ) {}

  /** The user behind an identity (`provider-<id>` / `member-<id>`), when it exists. */
  knownIdentity(identity: string): boolean {
    const match = /^(provider|member)-(\d{1,15})$/.exec(identity);
    if (!match) return false;
    const id = Number(match[2]);
    return match[1] === 'provider' ? this.store.provider(id) !== undefined : this.store.member(id) !== undefined;
  }

  friendlyName(identity: string): string | null {
    const match = /^(provider|member)-(\d{1,15})$/.exec(identity);
    if (!match) return null;
    if (match[1] === 'provider') return this.store.provider(Number(match[2]))?.name ?? null;
    const member = this.store.member(Number(match[2]));
    return member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || null : null;
  }

  /** The conversations `identity` takes part in. */
  conversationsOf(identity: string): ChatConversationRef[] {
    return this.store.threads.flatMap((thread) => {
      if (providerIdentity(thread.spId) !== identity && memberIdentity(thread.memberId) !== identity) return [];
      const conversation = this.chat.conversation(conversationSid(thread.spId, thread.memberId));
      return conversation ? [conversation] : [];
    });
  }

  /** The Sync object of a name, when it exists (access is the caller's check). */
  resolve(name: string): SyncObjectRef | null {
    const user = /^(.+)\.(conversations|info)$/.exec(name);
    if (user && this.knownIdentity(user[1]!)) {
      return { kind: 'map', role: user[2] === 'info' ? 'user' : 'my-conversations', sid: name, identity: user[1]! };
    }
    const match = /^(CH[0-9a-f]{32})\.(channel|messages|roster)$/.exec(name);
    const conversation = match ? this.chat.conversation(match[1]!) : null;
    if (!match || !conversation) return null;
    if (match[2] === 'channel') return { kind: 'document', role: 'conversation', sid: name, conversation };
    if (match[2] === 'messages') return { kind: 'list', role: 'messages', sid: name, conversation };
    return { kind: 'map', role: 'roster', sid: name, conversation };
  }

  /** Whether `identity` may read the object (its own user objects, any user's info, its conversations'). */
  mayRead(ref: SyncObjectRef, identity: string): boolean {
    if ('identity' in ref) return ref.role === 'user' || ref.identity === identity;
    return ref.conversation.participants.includes(identity);
  }

  // --- maps and the document -------------------------------------------------------------

  /** A map's items now, by key. */
  mapItems(ref: SyncObjectRef & { kind: 'map' }): Map<string, JsonObject> {
    const items = new Map<string, JsonObject>();
    if ('identity' in ref && ref.role === 'my-conversations') {
      for (const conversation of this.conversationsOf(ref.identity)) items.set(conversation.sid, this.myConversationEntry(conversation, ref.identity));
    } else if ('identity' in ref) {
      items.set('friendlyName', { value: this.friendlyName(ref.identity) });
      items.set('attributes', { value: '{}' });
    } else {
      for (const identity of ref.conversation.participants) {
        items.set(participantSid(ref.conversation, identity), {
          identity,
          type: 'chat',
          roleSid: null,
          attributes: '{}',
          dateCreated: this.conversationCreated(ref.conversation),
          dateUpdated: this.conversationCreated(ref.conversation),
          lastConsumedMessageIndex: this.chat.lastRead(ref.conversation, identity),
        });
      }
    }
    return items;
  }

  /** The conversation's entry in a user's conversations (the map item and the REST descriptor share it). */
  myConversationEntry(conversation: ChatConversationRef, identity: string): JsonObject {
    return {
      status: 'joined',
      channel: syncNames.conversation(conversation.sid),
      messages: syncNames.messages(conversation.sid),
      roster: syncNames.roster(conversation.sid),
      lastConsumedMessageIndex: this.chat.lastRead(conversation, identity),
      notificationLevel: 'default',
    };
  }

  /** The conversation document's data. */
  conversationDocument(conversation: ChatConversationRef): JsonObject {
    const count = this.chat.messageCount(conversation);
    const last = count > 0 ? this.messages(conversation, count - 1, count)[0]! : null;
    const created = this.conversationCreated(conversation);
    return {
      messages: syncNames.messages(conversation.sid),
      roster: syncNames.roster(conversation.sid),
      attributes: '{}',
      friendlyName: null,
      uniqueName: null,
      createdBy: 'system',
      dateCreated: created,
      dateUpdated: last?.dateCreated ?? created,
      ...(last ? { lastMessage: { index: last.index, timestamp: last.dateCreated } } : {}),
    };
  }

  private conversationCreated(conversation: ChatConversationRef): string {
    return this.chat.messageCount(conversation) > 0 ? this.messages(conversation, 0, 1)[0]!.dateCreated : new Date(0).toISOString();
  }

  // --- the messages list -----------------------------------------------------------------

  messageCount(conversation: ChatConversationRef): number {
    return this.chat.messageCount(conversation);
  }

  /** The messages of index `start` ≤ index < `end`, oldest first. */
  messages(conversation: ChatConversationRef, start: number, end: number): ChatMessageWire[] {
    if (end <= start) return [];
    return this.chat.page(conversation, { before: end, pageSize: end - start }).messages;
  }

  /** A message as its list item's data (message.js reads these names). */
  messageItem(conversation: ChatConversationRef, message: ChatMessageWire): JsonObject {
    return {
      sid: message.sid,
      author: message.author,
      ...(message.body === null ? {} : { text: message.body }),
      timestamp: message.dateCreated,
      dateUpdated: message.dateCreated,
      attributes: JSON.stringify(message.attributes),
      type: message.media.length > 0 ? 'media' : 'text',
      memberSid: message.author ? participantSid(conversation, message.author) : null,
      medias: message.media.map((m) => ({ sid: m.sid, category: 'media', filename: m.filename, contentType: m.contentType, size: m.size })),
    };
  }
}
