import * as v from 'valibot';
import { createGatewayClient, type GatewayTransport } from '../gateway/client';
import { HEADERS } from '../gateway/headers';
import { newIdempotencyKey, withQuery, type QueryValue } from '../gateway/request-spec';
import { timeLimit } from '../gateway/time-limit';
import { isGatewayError, isPassingStatus, isRetryableError } from '../gateway/errors';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_PATHS,
  CHAT_READ_EVENT,
  CHAT_TYPING_EVENT,
  CHAT_TYPING_TIMEOUT_MS,
  ChatConversationWireSchema,
  ChatEventSchema,
  ChatMediaUrlSchema,
  ChatMessagePageWireSchema,
  ChatMessageWireSchema,
  ChatReadEventSchema,
  ChatReadResponseSchema,
  ChatTypingEventSchema,
  ChatTypingResponseSchema,
  MEDIA_FILENAME_HEADER,
  type ChatConversationWire,
  type ChatMessageWire,
} from '../gateway/message-center/chat-service-schemas';
import {
  ChatError,
  type ChatClient,
  type ChatClientFactory,
  type ChatClientInit,
  type ChatConnectionState,
  type ChatConversation,
  type ChatMessage,
  type ChatMessagePage,
  type ChatReadHorizon,
  type ChatTypingEvent,
  type GetMessagesOptions,
  type SendMediaOptions,
  type SendTextOptions,
  type SentMessage,
  type Unsubscribe,
} from './chat-client';
import type { ChatReader } from './chat-reader';
import { blobName, chatTimeLimitMs, ConnectionStateCell, Listeners, singleFlight, uploadTimeLimitMs } from './chat-support';
import { fetchEventStream, type EventStreamConnector } from './sse';
import { fetchUpload, xhrUpload, type UploadTransport } from './upload';

/**
 * The chat adapter for the sandbox gateway (`@leadkit/sandbox`): history pages over HTTP, new
 * messages over server-sent events, media uploads with progress. It talks to the sandbox's
 * chat service (src/gateway/message-center/chat-service-schemas.ts) with the session's chat
 * token as `Authorization: Bearer` and the gateway client's own headers (its builder: the host's
 * `headers`, `sourceApplication` and `applicationVersion` included; the caller id is the thread's
 * provider), through the gateway config's `fetch`, within its time limit; a 401 renews the token
 * once (the session's source: the host's `getChatToken` or the session call) and tries again.
 *
 * ```ts
 * const chat = createSandboxChatClientFactory({ fetch: sandbox.fetch }); // in-process sandbox
 * const { conversation } = await openChat({ gateway, factory: chat, thread: { serviceProviderId: 1001, userId: 5001 } });
 * ```
 */

export interface SandboxChatOptions {
  /**
   * Reaches the sandbox (its in-process `sandbox.fetch` in tests and Storybook) instead of the
   * gateway config's `fetch`; default that one, else the global fetch.
   */
  fetch?: typeof globalThis.fetch;
  /** What the chat paths resolve against; default the gateway client's `baseURL`. */
  baseURL?: string;
  /** Opens the live event stream; default a fetch-based SSE reader (src/chat/sse.ts). */
  events?: EventStreamConnector;
  /**
   * Uploads media; default XMLHttpRequest (reports upload progress) when there is one and no
   * `fetch` was given (here or in the gateway config), else fetch.
   */
  upload?: UploadTransport;
  /**
   * How media URLs are handed out: `direct` (the sandbox's temporary URL, for a page served
   * with the sandbox) or `object-url` (the bytes fetched through `fetch` into a `blob:` URL,
   * for an in-process sandbox such as Storybook's, which has no URL to load from).
   */
  mediaUrls?: 'direct' | 'object-url';
  /**
   * Waits between reconnection attempts of the event stream (ms); the last one repeats. Given,
   * they win over the server's `retry:` advice; default the advice, else 1, 2, 5, 10 s.
   */
  reconnectDelaysMs?: readonly number[];
  /**
   * Time limit of one JSON request, and of the event stream's answer to start; default the
   * gateway client's (`timeoutMs` of its config: 15 s). An upload gets this plus its size at 50 kB/s.
   */
  timeoutMs?: number;
}

const DEFAULT_RECONNECT_MS: readonly number[] = [1000, 2000, 5000, 10_000];
/**
 * Times the first connection of the live stream is tried again (after the reconnection delays)
 * before the chat counts as unavailable: one dropped request or one 5xx no longer ends the chat
 * before it started.
 */
const FIRST_CONNECT_RETRIES = 2;
/**
 * Times a GET (the conversation, a page of history, a media URL) is asked again after a failure
 * that may pass (no answer, 408/429/5xx), within its one time limit — as the gateway client's
 * GETs are (src/gateway/client.ts): tried once, one dropped request failed the page.
 */
const GET_RETRIES = 2;
const GET_RETRY_BASE_MS = 300;

interface RequestSpec<S extends v.GenericSchema> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  idempotencyKey?: string;
  response: S;
  signal?: AbortSignal | undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * What one conversation hears from the event stream: its messages, the other participants' read
 * horizons (kept, so `getReadHorizons` asks nothing) and typing — a typing signal ends by itself
 * after CHAT_TYPING_TIMEOUT_MS (as Twilio's), with a `typing: false` event or with the typist's
 * message.
 */
class ConversationChannel {
  readonly messages = new Listeners<ChatMessage>();
  readonly horizons = new Listeners<ChatReadHorizon>();
  readonly typing = new Listeners<ChatTypingEvent>();
  readonly readHorizons = new Map<string, number | null>();
  private readonly typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly identity: string) {}

  /** The read horizons the conversation call gave (other participants only). */
  seed(info: ChatConversationWire): void {
    for (const horizon of info.readHorizons) if (horizon.identity !== this.identity) this.readHorizons.set(horizon.identity, horizon.lastReadMessageIndex);
  }

  message(message: ChatMessage): void {
    if (message.author !== null && this.typingTimers.has(message.author)) this.setTyping(message.author, false);
    this.messages.emit(message);
  }

  horizon(identity: string, lastReadMessageIndex: number | null): void {
    if (identity === this.identity || this.readHorizons.get(identity) === lastReadMessageIndex) return;
    this.readHorizons.set(identity, lastReadMessageIndex);
    this.horizons.emit({ identity, lastReadMessageIndex });
  }

  setTyping(identity: string, typing: boolean): void {
    if (identity === this.identity) return;
    const timer = this.typingTimers.get(identity);
    if (timer !== undefined) clearTimeout(timer);
    if (typing) {
      this.typingTimers.set(
        identity,
        setTimeout(() => this.setTyping(identity, false), CHAT_TYPING_TIMEOUT_MS),
      );
    } else {
      if (timer === undefined) return;
      this.typingTimers.delete(identity);
    }
    this.typing.emit({ identity, typing });
  }

  clear(): void {
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
    this.messages.clear();
    this.horizons.clear();
    this.typing.clear();
  }
}

function statusError(operation: string, status: number): ChatError {
  if (status === 401 || status === 403) return new ChatError({ kind: 'denied', operation, status });
  if (status === 404) return new ChatError({ kind: 'not-found', operation, status });
  return new ChatError({ kind: 'rejected', operation, status });
}

class SandboxChatClient implements ChatClient {
  readonly identity: string;
  private token: string;
  private readonly state = new ConnectionStateCell('connecting');
  /** Aborts everything in flight when the client closes. */
  private readonly lifetime = new AbortController();
  private readonly conversations = new Map<string, ConversationChannel>();
  private lastEventId: string | null = null;
  private readonly objectUrls = new Map<string, Promise<string | null>>();
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly transport: GatewayTransport;
  private readonly timeoutMs: number;
  private readonly baseURL: string;
  private readonly connect: EventStreamConnector;
  private readonly upload: UploadTransport;
  private readonly renew: () => Promise<void>;

  constructor(
    private readonly options: SandboxChatOptions,
    private readonly init: ChatClientInit,
  ) {
    this.identity = init.session.identity;
    this.token = init.session.token;
    // A host's own GatewayClient may have no transport: its headers are then built as a client of
    // its base URL and auth would (the same builder), with the platform's fetch.
    this.transport = init.gateway.transport ?? createGatewayClient({ baseURL: init.gateway.baseURL, auth: () => init.gateway.auth }).transport!;
    const given = options.fetch ?? this.transport.fetch;
    this.fetchImpl = given ?? ((...args) => globalThis.fetch(...args));
    this.timeoutMs = options.timeoutMs ?? chatTimeLimitMs(init.gateway);
    this.baseURL = options.baseURL ?? init.gateway.baseURL;
    this.connect = options.events ?? fetchEventStream(this.fetchImpl);
    this.upload = options.upload ?? (given === undefined && typeof XMLHttpRequest !== 'undefined' ? xhrUpload() : fetchUpload(this.fetchImpl));
    this.renew = singleFlight(async () => {
      try {
        const session = await init.renewSession(this.lifetime.signal);
        this.token = session.token;
      } catch (cause) {
        // Refused (401/403/404…), the chat is denied; a session call that failed for now (no
        // answer, 5xx, 429, a challenge) leaves it unavailable, to be tried again — as 'denied'
        // it ended the thread without 'Try again' (found by the thread's fault run,
        // test/reliability/thread.model.test.ts).
        const transient = isGatewayError(cause) ? isRetryableError(cause) : !(cause instanceof ChatError && cause.kind === 'aborted');
        throw new ChatError({ kind: transient && !this.closed ? 'unavailable' : 'denied', operation: 'chat.renewToken', cause });
      }
    });
  }

  get connectionState(): ChatConnectionState {
    return this.state.value;
  }

  onConnectionStateChange(listener: (state: ChatConnectionState) => void): Unsubscribe {
    return this.state.subscribe(listener);
  }

  private get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  private url(path: string, query?: Readonly<Record<string, QueryValue>>): string {
    const target = withQuery(path, query);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || this.baseURL === '') return target;
    return new URL(target, this.baseURL).href;
  }

  /**
   * The gateway client's headers for a call acting for the thread's provider (its builder: a new
   * request id each time), `extra`, and the chat token.
   */
  private async headers(extra: Record<string, string> = {}, idempotencyKey?: string): Promise<Record<string, string>> {
    return {
      ...(await this.transport.headers({ provider: this.init.provider, idempotencyKey })),
      ...extra,
      [HEADERS.authorization]: `Bearer ${this.token}`,
    };
  }

  ensureOpen(operation: string): void {
    if (this.closed) throw new ChatError({ kind: 'closed', operation });
  }

  /**
   * One JSON call; a 401 renews the token once and tries again (same idempotency key); a GET
   * that failed for now is asked again (GET_RETRIES), within the call's one time limit.
   */
  async request<S extends v.GenericSchema>(spec: RequestSpec<S>, renewed = false): Promise<v.InferOutput<S>> {
    this.ensureOpen(spec.operation);
    // Its time limit's timer ends with the call (AbortSignal.timeout's ran on for 20 s: see timeLimit).
    const timeout = timeLimit(this.timeoutMs);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.requestWithin(spec, renewed, timeout.signal);
        } catch (error) {
          const mayPass = error instanceof ChatError && (error.kind === 'network' || (error.kind === 'rejected' && isPassingStatus(error.status)));
          if (spec.method !== 'GET' || attempt >= GET_RETRIES || !mayPass || timeout.signal.aborted || spec.signal?.aborted || this.closed) throw error;
          const backoff = GET_RETRY_BASE_MS * 2 ** attempt;
          await sleep(
            backoff / 2 + Math.random() * (backoff / 2),
            AbortSignal.any([this.lifetime.signal, timeout.signal, ...(spec.signal ? [spec.signal] : [])]),
          );
          if (this.closed) throw new ChatError({ kind: 'closed', operation: spec.operation });
          if (spec.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: spec.operation });
          if (timeout.signal.aborted) throw error;
        }
      }
    } finally {
      timeout.clear();
    }
  }

  private async requestWithin<S extends v.GenericSchema>(spec: RequestSpec<S>, renewed: boolean, timeout: AbortSignal): Promise<v.InferOutput<S>> {
    const signals = [this.lifetime.signal, timeout, ...(spec.signal ? [spec.signal] : [])];
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(spec.path, spec.query), {
        method: spec.method,
        headers: await this.headers(spec.body === undefined ? {} : { 'content-type': 'application/json' }, spec.idempotencyKey),
        body: spec.body === undefined ? null : JSON.stringify(spec.body),
        signal: AbortSignal.any(signals),
      });
    } catch (cause) {
      if (this.closed) throw new ChatError({ kind: 'closed', operation: spec.operation });
      if (spec.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: spec.operation });
      throw new ChatError({ kind: 'network', operation: spec.operation, cause });
    }
    if (response.status === 401 && !renewed) {
      await response.body?.cancel().catch(() => undefined);
      await this.renew();
      return this.request(spec, true);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    if (!response.ok) throw statusError(spec.operation, response.status);
    const parsed = v.safeParse(spec.response, data);
    if (!parsed.success) throw new ChatError({ kind: 'invalid-response', operation: spec.operation, status: response.status });
    return parsed.output;
  }

  // --- the live stream ----------------------------------------------------------------------

  /** Connects the event stream; resolves once it is open, then keeps it open until close. */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      void this.run(resolve, reject);
    });
  }

  private async run(opened: () => void, failed: (error: ChatError) => void): Promise<void> {
    let first = true;
    let renewed = false;
    let failures = 0;
    // Delays given to the adapter win; else the server's `retry:` advice; else the defaults.
    const given = this.options.reconnectDelaysMs;
    const delays = given ?? DEFAULT_RECONNECT_MS;
    const delay = (advice: number | null) => (given ? undefined : advice) ?? delays[Math.min(failures, delays.length - 1)] ?? 1000;
    while (!this.closed) {
      this.state.set('connecting');
      let stream;
      // The stream's answer must start within the time limit: one that never does (a proxy
      // holding it) kept the thread loading for ever, or the connection 'connecting' for ever
      // (found by the thread's fault run, test/reliability/thread.model.test.ts). Once it is up,
      // only closing the client ends it.
      const limit = timeLimit(this.timeoutMs);
      try {
        stream = await this.connect({
          url: this.url(CHAT_PATHS.events),
          headers: await this.headers(),
          lastEventId: this.lastEventId,
          signal: AbortSignal.any([this.lifetime.signal, limit.signal]),
        });
      } catch (error) {
        limit.clear();
        if (this.closed) {
          if (first) failed(new ChatError({ kind: 'closed', operation: 'chat.connect' }));
          break;
        }
        let chatError = limit.signal.aborted
          ? new ChatError({ kind: 'network', operation: 'chat.events', cause: error })
          : error instanceof ChatError
            ? error
            : new ChatError({ kind: 'network', operation: 'chat.events', cause: error });
        // Renewed once per refusal: a connection that failed otherwise (no answer, 5xx) after a
        // renewal may be refused next time because the renewed token expired meanwhile — it then
        // renews again (it gave up as 'denied', the stream gone for good, the thread 'reconnecting'
        // for ever: found by the thread's fault run, test/reliability/thread.model.test.ts).
        if (chatError.kind !== 'denied') renewed = false;
        if (chatError.kind === 'denied' && !renewed) {
          // An expired token: renew once through the session call, then try again at once.
          renewed = true;
          try {
            await this.renew();
            continue;
          } catch (renewError) {
            // A renewal that failed for now is a connection failure (tried again after the delay,
            // renewing again); a refused one falls through to 'denied'.
            if (renewError instanceof ChatError && renewError.kind === 'unavailable') {
              chatError = renewError;
              renewed = false;
            }
          }
        }
        if (chatError.kind === 'denied') {
          this.state.set('denied');
          if (first) failed(chatError);
          return;
        }
        // The first connection is tried again too (a few times: the chat has not started yet), unless
        // it used up its time limit — then the chat counts as unavailable (with 'Try again').
        if (first && (failures >= FIRST_CONNECT_RETRIES || limit.signal.aborted)) {
          this.state.set('disconnected');
          failed(new ChatError({ kind: 'unavailable', operation: 'chat.connect', status: chatError.status, cause: chatError }));
          return;
        }
        this.state.set('disconnected');
        await sleep(delay(null), this.lifetime.signal);
        failures++;
        continue;
      }
      limit.clear();
      renewed = false;
      failures = 0;
      this.state.set('connected');
      if (first) {
        first = false;
        opened();
      }
      try {
        for await (const event of stream.events) {
          if (event.id !== null) this.lastEventId = event.id;
          this.dispatch(event.event, event.data);
        }
      } catch {
        // The stream broke: reconnect below.
      }
      // Resume from the last position the stream named, with an event or without: the server
      // names it when the stream opens, so what is written while a stream that carried no event
      // yet is down still comes after the reconnection (it never did: found by the thread's fault
      // run, test/reliability/thread.model.test.ts).
      this.lastEventId = stream.lastEventId?.() ?? this.lastEventId;
      if (this.closed) break;
      this.state.set('disconnected');
      await sleep(delay(stream.retryMs()), this.lifetime.signal);
      failures++;
    }
    this.state.set('disconnected');
  }

  private dispatch(name: string | null, data: string): void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // An event that does not fit its schema (or of a kind this client does not know) is dropped.
    if (name === CHAT_MESSAGE_EVENT) {
      const parsed = v.safeParse(ChatEventSchema, json);
      if (parsed.success) this.conversations.get(parsed.output.conversationSid)?.message(this.toMessage(parsed.output.message));
    } else if (name === CHAT_READ_EVENT) {
      const parsed = v.safeParse(ChatReadEventSchema, json);
      if (parsed.success) this.conversations.get(parsed.output.conversationSid)?.horizon(parsed.output.identity, parsed.output.lastReadMessageIndex);
    } else if (name === CHAT_TYPING_EVENT) {
      const parsed = v.safeParse(ChatTypingEventSchema, json);
      if (parsed.success) this.conversations.get(parsed.output.conversationSid)?.setTyping(parsed.output.identity, parsed.output.typing);
    }
  }

  // --- messages and media -------------------------------------------------------------------

  toMessage(wire: ChatMessageWire): ChatMessage {
    return {
      index: wire.index,
      sid: wire.sid,
      author: wire.author,
      body: wire.body,
      dateCreated: new Date(wire.dateCreated),
      attributes: wire.attributes,
      media: wire.media.map((media) => ({
        sid: media.sid,
        contentType: media.contentType,
        filename: media.filename,
        size: media.size,
        getUrl: (options?: { signal?: AbortSignal }) => this.mediaUrl(media.sid, options?.signal),
      })),
    };
  }

  private async mediaUrl(mediaSid: string, signal: AbortSignal | undefined): Promise<string | null> {
    if (this.options.mediaUrls !== 'object-url') {
      const { url } = await this.request({
        operation: 'chat.mediaUrl',
        method: 'GET',
        path: CHAT_PATHS.mediaUrl(mediaSid),
        response: ChatMediaUrlSchema,
        signal,
      });
      return this.url(url);
    }
    // One object URL per media for the client's life (revoked on close).
    let cached = this.objectUrls.get(mediaSid);
    if (!cached) {
      cached = (async () => {
        const { url } = await this.request({ operation: 'chat.mediaUrl', method: 'GET', path: CHAT_PATHS.mediaUrl(mediaSid), response: ChatMediaUrlSchema });
        // Within the time limit (the bytes included: an answer that stalls fails too).
        const limit = timeLimit(this.timeoutMs);
        try {
          const response = await this.fetchImpl(this.url(url), { signal: AbortSignal.any([this.lifetime.signal, limit.signal]) });
          if (!response.ok) throw statusError('chat.mediaContent', response.status);
          return URL.createObjectURL(await response.blob());
        } catch (cause) {
          if (cause instanceof ChatError) throw cause;
          throw new ChatError({ kind: this.closed ? 'closed' : 'network', operation: 'chat.mediaContent', cause });
        } finally {
          limit.clear();
        }
      })();
      this.objectUrls.set(mediaSid, cached);
      cached.catch(() => this.objectUrls.delete(mediaSid));
    }
    return cached;
  }

  async sendMedia(sid: string, file: Blob, options: SendMediaOptions, renewed = false): Promise<SentMessage> {
    const operation = 'chat.sendMedia';
    this.ensureOpen(operation);
    const total = file.size;
    const filename = options.filename ?? blobName(file);
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
    // Progress once per amount (the transport's last report and ours at the end are the same).
    let reported = -1;
    const onProgress = (loaded: number) => {
      if (loaded === reported) return;
      reported = loaded;
      options.onProgress?.(loaded, total);
    };
    if (!renewed) onProgress(0);
    // A time limit for the upload, by its size (the slowest rate it allows for, plus the JSON
    // calls' limit): an upload that never answered stayed 'sending' for ever, without Retry
    // (found by the thread's fault run, test/reliability/thread.model.test.ts).
    const limit = timeLimit(uploadTimeLimitMs(this.timeoutMs, file.size));
    const signal = AbortSignal.any([...(options.signal ? [options.signal] : []), this.lifetime.signal, limit.signal]);
    let answer;
    try {
      answer = await this.upload({
        url: this.url(CHAT_PATHS.media(sid)),
        headers: await this.headers(
          {
            'content-type': options.contentType ?? (file.type || 'application/octet-stream'),
            ...(filename ? { [MEDIA_FILENAME_HEADER]: encodeURIComponent(filename) } : {}),
          },
          idempotencyKey,
        ),
        body: file,
        signal,
        onProgress: (loaded) => onProgress(loaded),
      });
    } catch (error) {
      if (this.closed) throw new ChatError({ kind: 'closed', operation });
      if (limit.signal.aborted) throw new ChatError({ kind: 'network', operation, cause: error });
      throw error instanceof ChatError ? error : new ChatError({ kind: 'network', operation, cause: error });
    } finally {
      limit.clear();
    }
    if (answer.status === 401 && !renewed) {
      await this.renew();
      return this.sendMedia(sid, file, { ...options, idempotencyKey, onProgress: (loaded) => onProgress(loaded) }, true);
    }
    if (answer.status < 200 || answer.status >= 300) throw statusError(operation, answer.status);
    const parsed = v.safeParse(ChatMessageWireSchema, answer.body);
    if (!parsed.success) throw new ChatError({ kind: 'invalid-response', operation, status: answer.status });
    onProgress(total);
    return { index: parsed.output.index };
  }

  // --- ChatClient ---------------------------------------------------------------------------

  async openConversation(sid: string, options: { signal?: AbortSignal } = {}): Promise<ChatConversation> {
    const info = await this.request({
      operation: 'chat.openConversation',
      method: 'GET',
      path: CHAT_PATHS.conversation(sid),
      response: ChatConversationWireSchema,
      signal: options.signal,
    });
    let channel = this.conversations.get(info.sid);
    if (!channel) {
      channel = new ConversationChannel(this.identity);
      this.conversations.set(info.sid, channel);
    }
    channel.seed(info);
    return new SandboxConversation(this, info.sid, channel, info.lastReadMessageIndex);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.lifetime.abort();
    for (const channel of this.conversations.values()) channel.clear();
    this.conversations.clear();
    this.state.set('disconnected');
    this.state.clear();
    for (const url of this.objectUrls.values()) {
      void url.then((href) => href && URL.revokeObjectURL(href)).catch(() => undefined);
    }
    this.objectUrls.clear();
  }
}

class SandboxConversation implements ChatConversation {
  constructor(
    private readonly client: SandboxChatClient,
    readonly sid: string,
    private readonly channel: ConversationChannel,
    readonly lastReadMessageIndex: number | null,
  ) {}

  async getMessages({ pageSize, before, signal }: GetMessagesOptions): Promise<ChatMessagePage> {
    // Nothing is older than index 0: no call.
    if (before === 0) return { messages: [], hasOlder: false };
    const page = await this.client.request({
      operation: 'chat.getMessages',
      method: 'GET',
      path: CHAT_PATHS.messages(this.sid),
      query: { pageSize, before },
      response: ChatMessagePageWireSchema,
      signal,
    });
    return { messages: page.messages.map((m) => this.client.toMessage(m)), hasOlder: page.hasOlder };
  }

  onMessageAdded(listener: (message: ChatMessage) => void): Unsubscribe {
    return this.channel.messages.add(listener);
  }

  async sendText(text: string, options: SendTextOptions = {}): Promise<SentMessage> {
    const message = await this.client.request({
      operation: 'chat.sendText',
      method: 'POST',
      path: CHAT_PATHS.messages(this.sid),
      body: { body: text, ...(options.attributes ? { attributes: options.attributes } : {}) },
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      response: ChatMessageWireSchema,
      signal: options.signal,
    });
    return { index: message.index };
  }

  sendMedia(file: Blob, options: SendMediaOptions = {}): Promise<SentMessage> {
    return this.client.sendMedia(this.sid, file, options);
  }

  async markAllRead(): Promise<void> {
    await this.client.request({ operation: 'chat.markAllRead', method: 'POST', path: CHAT_PATHS.read(this.sid), response: ChatReadResponseSchema });
  }

  /** From the conversation call and the `read` events since: no request. */
  async getReadHorizons(): Promise<readonly ChatReadHorizon[]> {
    this.client.ensureOpen('chat.getReadHorizons');
    return [...this.channel.readHorizons].map(([identity, lastReadMessageIndex]) => ({ identity, lastReadMessageIndex }));
  }

  onReadHorizonChange(listener: (horizon: ChatReadHorizon) => void): Unsubscribe {
    return this.channel.horizons.add(listener);
  }

  onTyping(listener: (event: ChatTypingEvent) => void): Unsubscribe {
    return this.channel.typing.add(listener);
  }

  async typing(): Promise<void> {
    await this.client.request({ operation: 'chat.typing', method: 'POST', path: CHAT_PATHS.typing(this.sid), response: ChatTypingResponseSchema });
  }
}

/** A chat client factory for the sandbox gateway (see the module comment). */
export function createSandboxChatClientFactory(options: SandboxChatOptions = {}): ChatClientFactory {
  return async (init) => {
    const client = new SandboxChatClient(options, init);
    const onAbort = () => void client.close();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (init.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: 'chat.connect' });
      await Promise.race([
        client.start(),
        new Promise<never>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new ChatError({ kind: 'aborted', operation: 'chat.connect' })), { once: true });
        }),
      ]);
      return client;
    } catch (error) {
      await client.close();
      throw error;
    } finally {
      init.signal?.removeEventListener('abort', onAbort);
    }
  };
}

/**
 * A chat reader for the sandbox's chat service (src/chat/chat-reader.ts), for a server's first
 * screen: the conversation and its newest page over HTTP with the session's token — no event
 * stream, nothing left open.
 */
export function createSandboxChatReader(options: SandboxChatOptions = {}): ChatReader {
  return async (init) => {
    const client = new SandboxChatClient(options, init);
    try {
      const conversation = await client.openConversation(init.session.conversationSid, init.signal ? { signal: init.signal } : {});
      const page = await conversation.getMessages({ pageSize: init.pageSize, signal: init.signal });
      return { ...page, lastReadMessageIndex: conversation.lastReadMessageIndex ?? null, readHorizons: (await conversation.getReadHorizons?.()) ?? [] };
    } finally {
      await client.close();
    }
  };
}
