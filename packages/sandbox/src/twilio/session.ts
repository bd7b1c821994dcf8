import type { RawData, WebSocket } from 'ws';
import type { ChatEventRecord, SandboxChat } from '../chat';
import { CHAT_TYPING_TIMEOUT_MS } from '../../../../src/gateway/message-center/chat-service-schemas';
import { encodePacket, packetId, parsePacket, type TwilsockHeader, type TwilsockPacket } from './framing';
import type { JsonObject } from './sync-data';
import type { SyncModel } from './sync-model';
import { checkTwilioToken } from './token';
import type { UpstreamCaller, UpstreamService } from './upstream';
import type { UpstreamAnswer } from './upstream-types';

/**
 * One twilsock connection, as twilsock 1.0.2 speaks it (node_modules/twilsock/dist: twilsock.js
 * is its state machine, packetinterface.js its requests, services/upstream.js its HTTP calls):
 *
 * - `init` {token, continuation_token, capabilities, registrations} → `reply` 200 with a
 *   continuation token and the capabilities confirmed; a bad token → `reply` 401 with Twilio's
 *   `errorCode` (20104 expired: the SDK says `tokenExpired`; twilsock stops, `denied`).
 * - `update` {token} (client.updateToken while connected) → `reply` 200, or 401 as for init.
 * - `message` (an upstream HTTP request) → `reply` with `http_status`, `http_headers` and the
 *   answer as payload (upstream.ts, sync-routes.ts).
 * - `put_notification_ctx` / `delete_notification_ctx` (the Notifications client's registration) → `reply` 200.
 * - `close` → the socket closes. `reply` (the client's acknowledgements) and `telemetry.v1` need no answer.
 *
 * The server sends `notification` {message_type, payload}: `twilio.sync.event` (Sync's events)
 * and `twilio.ipmsg.typing_indicator` {channel_sid, identity, typing_timeout}; `client_update`
 * {client_update_type: 'token_about_to_expire'} before the token expires (the SDK says
 * `tokenAboutToExpire`); and when it has expired, `close` with status 410 (the SDK says
 * `tokenExpired`, then `disconnected` until `updateToken`).
 *
 * The session hears the sandbox chat's events for its identity (chat.subscribe): a message or a
 * read horizon refreshes the conversation's Sync objects (their events go to every subscriber),
 * a participant typing becomes a typing notification.
 */

export interface SessionHost {
  readonly chat: SandboxChat;
  readonly model: SyncModel;
  readonly upstream: UpstreamService;
  /** The sandbox's clock, in ms. */
  now(): number;
  /** How long before its token's expiry a connection is told `token_about_to_expire`. */
  readonly aboutToExpireMs: number;
  /** An upstream request is being answered (`answered` when its answer is known). */
  answering(): void;
  record(entry: UpstreamRecord): void;
  ended(session: TwilsockSession): void;
}

/** An upstream request the stand-in answered (tests: what the server received). */
export interface UpstreamRecord {
  readonly identity: string;
  readonly method: string;
  /** Host and path, with the query. */
  readonly url: string;
  readonly body: unknown;
  readonly status: number;
}

const OK = { code: 200, status: 'OK' };
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
};

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

interface HttpRequestHeader {
  host?: unknown;
  path?: unknown;
  method?: unknown;
  params?: unknown;
}

export class TwilsockSession implements UpstreamCaller {
  identity = '';
  private token: string | null = null;
  private expiresAtMs = 0;
  /** When the token this connection holds expires, in ms on the sandbox's clock (0: none yet). */
  get tokenExpiresAtMs(): number {
    return this.expiresAtMs;
  }
  private warned = false;
  private expired = false;
  private readonly subscriptions = new Set<string>();
  private stopChat: (() => void) | null = null;
  private over = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
  ) {
    socket.on('message', (data) => void this.receive(toBuffer(data)));
    socket.on('close', () => this.end());
    socket.on('error', () => this.end());
  }

  isSubscribed(objectSid: string): boolean {
    return this.subscriptions.has(objectSid);
  }

  subscribe(objectSid: string): void {
    this.subscriptions.add(objectSid);
  }

  unsubscribe(objectSid: string): void {
    this.subscriptions.delete(objectSid);
  }

  syncEvent(payload: JsonObject): void {
    this.notify('twilio.sync.event', payload);
  }

  /** Ends the socket as a lost network does: no close frame. */
  terminate(): void {
    this.socket.terminate();
  }

  private notify(messageType: string, payload: JsonObject): void {
    this.send({ method: 'notification', id: packetId(), message_type: messageType, payload_type: 'application/json' }, JSON.stringify(payload));
  }

  private send(header: TwilsockHeader, payload = ''): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(encodePacket(header, payload));
  }

  private async receive(data: Buffer): Promise<void> {
    const packet = parsePacket(data);
    if (!packet) return;
    const { header } = packet;
    switch (header.method) {
      case 'init':
        return this.init(header);
      case 'update':
        return this.update(header);
      case 'message':
        return this.message(packet);
      case 'close':
        this.socket.close();
        return;
      case 'put_notification_ctx':
      case 'delete_notification_ctx':
        this.send({ method: 'reply', id: header.id, status: OK });
        return;
      default:
        // `reply` (acknowledgements), `telemetry.v1`: nothing to answer.
        return;
    }
  }

  /** Checks a token for this connection; on failure replies 401 with Twilio's error code. */
  private accept(header: TwilsockHeader): boolean {
    const verdict = checkTwilioToken(this.host.chat, header.token, this.host.now());
    const sameUser = verdict.ok && (this.identity === '' || verdict.identity === this.identity);
    if (!verdict.ok || !sameUser) {
      const errorCode = verdict.ok ? 20101 : verdict.errorCode;
      const description = verdict.ok ? 'The token is for another identity.' : verdict.description;
      this.send({ method: 'reply', id: header.id, status: { code: 401, status: 'UNAUTHORIZED', errorCode, description } });
      return false;
    }
    this.identity = verdict.identity;
    this.token = String(header.token);
    this.expiresAtMs = verdict.expiresAtMs;
    this.warned = false;
    this.expired = false;
    return true;
  }

  private init(header: TwilsockHeader): void {
    if (!this.accept(header)) return;
    this.send({
      method: 'reply',
      id: header.id,
      status: OK,
      continuation_token: `CT-${this.identity}-${packetId()}`,
      continuation_token_status: { reissued: header.continuation_token == null },
      capabilities: Array.isArray(header.capabilities) ? header.capabilities : [],
      init_registrations: [],
    });
    this.stopChat?.();
    this.stopChat = this.host.chat.subscribe(this.identity, null, (event) => this.onChatEvent(event));
  }

  private update(header: TwilsockHeader): void {
    if (this.accept(header)) this.send({ method: 'reply', id: header.id, status: OK });
  }

  private async message(packet: TwilsockPacket): Promise<void> {
    const { header } = packet;
    const http = (header.http_request ?? {}) as HttpRequestHeader;
    if (this.token === null) {
      this.send({ method: 'reply', id: header.id, status: { code: 401, status: 'UNAUTHORIZED', errorCode: 20101 } });
      return;
    }
    // A token that expired ends the connection (`close` 410) rather than answer: as Twilio, whose
    // socket never outlives its token; the request fails with the socket (twilsock: "disconnected").
    this.tick();
    if (this.expired) return;
    const params: Record<string, string> = {};
    if (http.params && typeof http.params === 'object') for (const [key, value] of Object.entries(http.params)) params[key] = String(value);
    const request = {
      method: String(http.method ?? 'GET').toUpperCase(),
      host: String(http.host ?? ''),
      path: String(http.path ?? '/'),
      params,
      payloadType: String(header.payload_type ?? 'application/json'),
      body: packet.payload,
    };
    let answer: UpstreamAnswer;
    this.host.answering();
    try {
      answer = await this.host.upstream.answer(this, request);
    } catch {
      // A stand-in bug must not end the server (npm start): the SDK sees a 500, as from Twilio.
      answer = { status: 500, body: { status: 500, code: 0, message: 'The stand-in failed to answer.' } };
    }
    const query = new URLSearchParams(params).toString();
    let body: unknown = request.body;
    try {
      body = request.payloadType.startsWith('application/json') && request.body ? JSON.parse(request.body) : request.body;
    } catch {
      // Recorded as text.
    }
    this.host.record({
      identity: this.identity,
      method: request.method,
      url: `${request.host}${request.path}${query ? `?${query}` : ''}`,
      body,
      status: answer.drop ? 0 : answer.status,
    });
    if (answer.drop) {
      this.terminate();
      return;
    }
    this.send(
      {
        method: 'reply',
        id: header.id,
        status: OK,
        http_status: { code: answer.status, status: STATUS_TEXT[answer.status] ?? 'Error' },
        http_headers: { 'Content-Type': 'application/json' },
        payload_type: 'application/json',
      },
      JSON.stringify(answer.body ?? {}),
    );
    answer.after?.();
  }

  private onChatEvent(event: ChatEventRecord): void {
    if (event.kind === 'typing') {
      if (event.typing && event.identity !== this.identity) {
        this.notify('twilio.ipmsg.typing_indicator', {
          channel_sid: event.conversationSid,
          identity: event.identity,
          typing_timeout: CHAT_TYPING_TIMEOUT_MS / 1000,
        });
      }
      return;
    }
    this.host.model.refreshConversation(event.conversationSid);
  }

  /**
   * The token's clock: `token_about_to_expire` once before its expiry; at expiry, `close` 410.
   * A token the sandbox forgot (`reset()`) ends the same way: the client renews, as the sandbox
   * chat adapter does on its 401.
   */
  tick(): void {
    if (this.token === null || this.expired || this.over) return;
    const verdict = checkTwilioToken(this.host.chat, this.token, this.host.now());
    if (!verdict.ok) {
      this.expired = true;
      this.send({ method: 'close', id: packetId(), status: { code: 410, status: 'TOKEN_EXPIRED' } });
      // twilsock closes its side on `close`; the server ends the socket if it does not.
      setTimeout(() => this.socket.close(), 1000).unref();
      return;
    }
    if (!this.warned && this.expiresAtMs - this.host.now() <= this.host.aboutToExpireMs) {
      this.warned = true;
      this.send({ method: 'client_update', id: packetId(), client_update_type: 'token_about_to_expire' });
    }
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    this.stopChat?.();
    this.stopChat = null;
    this.host.ended(this);
  }
}
