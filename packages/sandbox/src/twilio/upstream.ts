import * as v from 'valibot';
import { CHAT_TYPING_TIMEOUT_MS, ChatSendTextRequestSchema } from '../../../../src/gateway/message-center/chat-service-schemas';
import type { ChatConversationRef } from '../chat';
import { providerIdentity } from '../chat-identities';
import { SANDBOX_CHAT_SERVICE_SID } from '../chat-token';
import type { FaultController } from '../faults';
import type { StoredMedia } from '../types';
import type { McsService } from './mcs';
import { answerSync, type SyncSubscriber } from './sync-routes';
import type { FaultOutcome, UpstreamAnswer, UpstreamRequest } from './upstream-types';
import { participantSid, syncNames, type JsonObject, type SyncData } from './sync-data';
import type { SyncModel } from './sync-model';

/**
 * The Conversations service's REST calls, as @twilio/conversations 3.0.1 makes them over
 * twilsock (upstream `message` packets: `http_request` {host, path, method, params, headers},
 * the body as payload; answered by a `reply` with `http_status`). The SDK's command executor
 * (command-executor.js) and network cache (services/network.js) send them to the links of the
 * configuration (`GET https://aim.<region>.twilio.com/Client/v2/Configuration`, client.js
 * `_initialize`); the host names stay Twilio's (twilsock carries every request: nothing leaves
 * the socket), only the media service is a real local URL (mcs.ts). Sync's calls
 * (cds.<region>.twilio.com) are sync-routes.ts.
 *
 *   GET  /Client/v2/Configuration                              links, options, the user's Sync objects
 *   GET  {conversations}/<CH>                                  a conversation (peekConversationBySid)
 *   POST {conversations}/<CH>/Messages  {body, attributes, media_sids}   send (sendMessage, a built message's send)
 *   GET  {conversations}/<CH>/Messages/<IM>/Receipts           detailed delivery receipts (none kept: an empty page)
 *   GET  {users}/<identity>/Conversations[/<CH>]               the user's conversations (fetchConversations, getUnreadMessagesCount)
 *   POST {users}/<identity>/Conversations/<CH>  {last_read_message_index} | {notification_level}   the read horizon
 *   POST {users}/<identity>  {attributes | friendly_name}      accepted, not kept
 *   POST {typing}  ChannelSid=<CH>                             typing (services/typing-indicator.js); the others get a
 *                                                              `twilio.ipmsg.typing_indicator` notification
 *
 * Faults: a request of the same meaning on the sandbox chat's routes (POST …/conversations/<CH>/messages,
 * /read, /typing; GET …/messages) takes the sandbox's fault for it (`sandbox.faults`): a status
 * is answered as the upstream `http_status`, latency delays the reply, a drop ends the socket.
 */

export interface UpstreamCaller extends SyncSubscriber {
  readonly identity: string;
}

const AIM_ORIGIN = 'https://aim.us1.twilio.com';
export const CDS_ORIGIN = 'https://cds.us1.twilio.com';
const SERVICE = `/Client/v2/Services/${SANDBOX_CHAT_SERVICE_SID}`;
const CONVERSATIONS = `${SERVICE}/Conversations`;
const USERS = `${SERVICE}/Users`;
const TYPING = `/Client/v1/Services/${SANDBOX_CHAT_SERVICE_SID}/Typing`;
const CHAT_ROUTE = '/gateway/message-center/v1/chat/conversations';

const error = (status: number, message: string, code = 0): UpstreamAnswer => ({ status, body: { status, code, message } });

export class UpstreamService {
  constructor(
    private readonly data: SyncData,
    private readonly model: SyncModel,
    private readonly mcs: McsService,
    private readonly faults: FaultController,
  ) {}

  async answer(caller: UpstreamCaller, request: UpstreamRequest): Promise<UpstreamAnswer> {
    if (request.host.startsWith('cds.')) return answerSync(this.data, this.model, caller, request, (method, path) => this.fault(method, path));
    if (request.method === 'GET' && request.path === '/Client/v2/Configuration') return { status: 200, body: this.configuration(caller.identity) };
    const typing = request.method === 'POST' && request.path === TYPING;
    if (typing) return this.typing(caller, request);
    const mine = new RegExp(`^${USERS}/([^/]+)/Conversations(?:/(CH[0-9a-f]{32}))?$`).exec(request.path);
    if (mine) {
      if (decodeURIComponent(mine[1]!) !== caller.identity) return error(403, 'Only the user may read its conversations.', 50400);
      return mine[2] ? this.myConversation(caller, request, mine[2]) : this.myConversations(caller.identity);
    }
    if (request.method === 'POST' && new RegExp(`^${USERS}/[^/]+$`).test(request.path)) return { status: 200, body: { identity: caller.identity } };
    const conversationPath = new RegExp(`^${CONVERSATIONS}/(CH[0-9a-f]{32})(/Messages(?:/([^/]+)/Receipts)?)?$`).exec(request.path);
    if (conversationPath) {
      const conversation = this.data.chat.conversation(conversationPath[1]!);
      if (!conversation) return error(404, 'Conversation not found.', 50350);
      if (!conversation.participants.includes(caller.identity)) return error(403, 'User is not a participant of the conversation.', 50400);
      if (conversationPath[3]) return { status: 200, body: { delivery_receipts: [], meta: { previous_token: null, next_token: null } } };
      if (conversationPath[2] && request.method === 'POST') return this.send(caller, conversation, request);
      if (!conversationPath[2] && request.method === 'GET') return { status: 200, body: this.conversationResource(conversation) };
    }
    return error(404, `The stand-in has no ${request.method} ${request.host}${request.path}.`, 20404);
  }

  /** The sandbox's fault for a request of the same meaning on its chat routes. */
  private async fault(method: string, path: string): Promise<FaultOutcome> {
    const decision = this.faults.decide(method, path);
    if (decision.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.latencyMs));
    const action = decision.action;
    if (!action) return null;
    if (action.kind === 'drop') return action.afterHandling ? { kind: 'drop-after' } : { kind: 'answer', answer: { status: 0, body: null, drop: true } };
    if (action.kind === 'status') return { kind: 'answer', answer: { status: action.status, body: action.body } };
    return { kind: 'answer', answer: error(511, 'Network authentication required.') };
  }

  private configuration(identity: string): JsonObject {
    const users = `${AIM_ORIGIN}${USERS}`;
    return {
      identity,
      links: {
        my_conversations: `${users}/${encodeURIComponent(identity)}/Conversations`,
        conversations: `${AIM_ORIGIN}${CONVERSATIONS}`,
        users,
        current_user: `${users}/${encodeURIComponent(identity)}`,
        typing: `${AIM_ORIGIN}${TYPING}`,
        messages_receipts: `${AIM_ORIGIN}${CONVERSATIONS}/%s/Messages/%s/Receipts`,
        ...this.mcs.links(),
      },
      options: {
        media_attachments_count_limit: 10,
        media_attachment_size_limit_in_mb: 150,
        media_attachments_total_size_limit_in_mb: 150,
        email_histories_allowed_mime_types: [],
        email_bodies_allowed_mime_types: [],
        user_infos_to_subscribe: 100,
        reachability_enabled: false,
        http_cache_interval: 'PT5S',
        consumption_report_interval: 'PT5S',
      },
      sync_objects: { my_conversations: syncNames.myConversations(identity), my_user_info: syncNames.userInfo(identity) },
    };
  }

  private syncObjects(conversation: ChatConversationRef): JsonObject {
    return {
      conversation: syncNames.conversation(conversation.sid),
      messages: syncNames.messages(conversation.sid),
      participants: syncNames.roster(conversation.sid),
    };
  }

  private conversationResource(conversation: ChatConversationRef): JsonObject {
    const document = this.data.conversationDocument(conversation);
    return {
      sid: conversation.sid,
      service_sid: SANDBOX_CHAT_SERVICE_SID,
      url: `${AIM_ORIGIN}${CONVERSATIONS}/${conversation.sid}`,
      status: 'joined',
      friendly_name: null,
      unique_name: null,
      attributes: '{}',
      created_by: 'system',
      date_created: document.dateCreated,
      date_updated: document.dateUpdated,
      participants_count: conversation.participants.length,
      messages_count: this.data.messageCount(conversation),
      sync_objects: this.syncObjects(conversation),
    };
  }

  private myConversationResource(conversation: ChatConversationRef, identity: string): JsonObject {
    const count = this.data.messageCount(conversation);
    const lastRead = this.data.chat.lastRead(conversation, identity);
    return {
      ...this.conversationResource(conversation),
      conversation_sid: conversation.sid,
      last_read_message_index: lastRead,
      unread_messages_count: lastRead === null ? count : Math.max(0, count - 1 - lastRead),
      notification_level: 'default',
    };
  }

  private myConversations(identity: string): UpstreamAnswer {
    const conversations = this.data.conversationsOf(identity).map((conversation) => this.myConversationResource(conversation, identity));
    return { status: 200, body: { conversations, meta: { page_size: conversations.length, previous_token: null, next_token: null } } };
  }

  private async myConversation(caller: UpstreamCaller, request: UpstreamRequest, sid: string): Promise<UpstreamAnswer> {
    const conversation = this.data.chat.conversation(sid);
    if (!conversation || !conversation.participants.includes(caller.identity)) return error(404, 'Conversation not found.', 50350);
    if (request.method === 'GET') return { status: 200, body: this.myConversationResource(conversation, caller.identity) };
    if (request.method !== 'POST') return error(405, 'Method not allowed.');
    const body = parseJson(request.body);
    if ('last_read_message_index' in body) {
      const index = body.last_read_message_index;
      if (index !== null && !(typeof index === 'number' && Number.isInteger(index) && index >= 0)) {
        return error(400, 'last_read_message_index must be a message index or null.', 50366);
      }
      const faulted = await this.fault('POST', `${CHAT_ROUTE}/${sid}/read`);
      if (faulted?.kind === 'answer') return faulted.answer;
      const last = this.data.messageCount(conversation) - 1;
      this.data.chat.setLastRead(conversation, caller.identity, index === null || last < 0 ? null : Math.min(index, last));
      return { status: 200, body: this.myConversationResource(conversation, caller.identity), drop: faulted?.kind === 'drop-after' };
    }
    return { status: 200, body: this.myConversationResource(conversation, caller.identity) };
  }

  private async send(caller: UpstreamCaller, conversation: ChatConversationRef, request: UpstreamRequest): Promise<UpstreamAnswer> {
    const body = parseJson(request.body);
    const mediaSids = Array.isArray(body.media_sids) ? body.media_sids.map(String) : [];
    const text = typeof body.body === 'string' ? body.body : '';
    let attributes: Record<string, unknown> | undefined;
    if (typeof body.attributes === 'string') {
      const parsed = parseJson(body.attributes);
      attributes = Object.keys(parsed).length > 0 ? parsed : undefined;
    }
    const route = `${CHAT_ROUTE}/${conversation.sid}/${mediaSids.length > 0 ? 'media' : 'messages'}`;
    // The photo's fault applied to its upload (mcs.ts): the message that carries it is not faulted again.
    const faulted = mediaSids.length > 0 ? null : await this.fault('POST', route);
    if (faulted?.kind === 'answer') return faulted.answer;
    let media: StoredMedia[] | undefined;
    if (mediaSids.length > 0) {
      media = [];
      for (const sid of mediaSids) {
        const upload = this.mcs.takeUpload(sid, caller.identity);
        if (!upload) return error(400, `Media ${sid} is not an upload of this user's.`, 50511);
        media.push(upload);
      }
    } else {
      const checked = v.safeParse(ChatSendTextRequestSchema, { body: text, ...(attributes ? { attributes } : {}) });
      if (!checked.success) return error(400, 'A message needs a body of 1 to 10000 characters.', 50511);
    }
    const { wire } = this.data.chat.post({
      spId: conversation.spId,
      memberId: conversation.memberId,
      leadId: null,
      fromProvider: caller.identity === providerIdentity(conversation.spId),
      text,
      media,
      attributes,
    });
    return {
      status: 201,
      drop: faulted?.kind === 'drop-after',
      body: {
        sid: wire.sid,
        index: wire.index,
        conversation_sid: conversation.sid,
        service_sid: SANDBOX_CHAT_SERVICE_SID,
        author: wire.author,
        body: wire.body,
        attributes: JSON.stringify(wire.attributes),
        participant_sid: participantSid(conversation, caller.identity),
        media: wire.media.length > 0 ? wire.media.map((m) => ({ sid: m.sid, content_type: m.contentType, filename: m.filename, size: m.size })) : null,
        date_created: wire.dateCreated,
        date_updated: wire.dateCreated,
        url: `${AIM_ORIGIN}${CONVERSATIONS}/${conversation.sid}/Messages/${wire.sid}`,
        delivery: null,
      },
    };
  }

  private async typing(caller: UpstreamCaller, request: UpstreamRequest): Promise<UpstreamAnswer> {
    const sid = new URLSearchParams(request.body).get('ChannelSid') ?? '';
    const conversation = this.data.chat.conversation(sid);
    if (!conversation || !conversation.participants.includes(caller.identity)) return error(404, 'Conversation not found.', 50350);
    const faulted = await this.fault('POST', `${CHAT_ROUTE}/${sid}/typing`);
    if (faulted?.kind === 'answer') return faulted.answer;
    this.data.chat.setTyping(conversation, caller.identity, true);
    return { status: 200, body: { typing_timeout: CHAT_TYPING_TIMEOUT_MS / 1000 }, drop: faulted?.kind === 'drop-after' };
  }
}

/** A JSON object payload, or `{}`. */
function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
