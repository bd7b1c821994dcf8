import * as v from 'valibot';
import { newIdempotencyKey } from '../gateway/core/request-spec';
import { timeLimit } from '../gateway/time-limit';
import { checkMediaUrl } from '../domain/core/safe-url';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_PATHS,
  CHAT_READ_EVENT,
  CHAT_TYPING_EVENT,
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
  type ChatMessagePageWire,
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
import { blobName, uploadTimeLimitMs } from './chat-support';
import { ConversationChannel } from './sandbox-chat-channel';
import { SandboxChatConnection, statusError, type SandboxChatOptions } from './sandbox-chat-connection';

/**
 * The chat adapter for the sandbox gateway (`@leadkit/sandbox`): history pages over HTTP, new
 * messages over server-sent events, media uploads with progress. It talks to the sandbox's
 * chat service (src/gateway/message-center/chat-service-schemas.ts) with the session's chat
 * token as `Authorization: Bearer` and the gateway client's own headers (its builder: the host's
 * `headers`, `sourceApplication` and `applicationVersion` included; the caller id is the thread's
 * provider), through the gateway config's `fetch`, within its time limit; a 401 renews the token
 * once (the session's source: the host's `getChatToken` or the session call) and tries again.
 * How it reaches the service (calls, the live stream, its options) is sandbox-chat-connection.ts;
 * here is what the answers and events mean: conversations, messages, media.
 *
 * Given the first page's size (`firstPageSize` of ChatClientInit: the thread gives it), the
 * factory resolves at once and `openConversation` asks for the conversation and its newest page
 * at the same time (the first `getMessages` of that size takes the page); the event stream opens
 * once both have answered, from the older of their event cursors (`Last-Event-ID`), so what came
 * after them is replayed and nothing is missed (docs/widgets/message-thread.md#opening). Without
 * it, the factory resolves once the stream is open and each call waits for the one before.
 *
 * ```ts
 * const chat = createSandboxChatClientFactory({ fetch: sandbox.fetch }); // in-process sandbox
 * const { conversation } = await openChat({ gateway, factory: chat, thread: { serviceProviderId: 1001, userId: 5001 } });
 * ```
 */

/** The newest page, asked for beside the conversation: the first `getMessages` of its size takes it. */
interface PrefetchedPage {
  readonly pageSize: number;
  readonly answer: Promise<ChatMessagePageWire>;
}

class SandboxChatClient implements ChatClient {
  readonly identity: string;
  private readonly firstPageSize: number | undefined;
  /** The chat service's calls and live stream. */
  readonly connection: SandboxChatConnection;
  private readonly conversations = new Map<string, ConversationChannel>();
  private readonly objectUrls = new Map<string, Promise<string | null>>();

  constructor(
    private readonly options: SandboxChatOptions,
    init: ChatClientInit,
    /** Whether it opens the event stream (a server's reader does not). */
    private readonly live = true,
  ) {
    this.identity = init.session.identity;
    this.firstPageSize = init.firstPageSize;
    this.connection = new SandboxChatConnection(options, init, (name, data, id) => this.dispatch(name, data, id));
  }

  get connectionState(): ChatConnectionState {
    return this.connection.state.value;
  }

  onConnectionStateChange(listener: (state: ChatConnectionState) => void): Unsubscribe {
    return this.connection.state.subscribe(listener);
  }

  private dispatch(name: string | null, data: string, id: string | null): void {
    // Messages and reads carry their own id (the cursor they are compared with); typing none.
    const eventId = id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // An event that does not fit its schema (or of a kind this client does not know) is dropped.
    if (name === CHAT_MESSAGE_EVENT) {
      const parsed = v.safeParse(ChatEventSchema, json);
      if (parsed.success) this.conversations.get(parsed.output.conversationSid)?.message(this.toMessage(parsed.output.message), eventId);
    } else if (name === CHAT_READ_EVENT) {
      const parsed = v.safeParse(ChatReadEventSchema, json);
      if (parsed.success) this.conversations.get(parsed.output.conversationSid)?.horizon(parsed.output.identity, parsed.output.lastReadMessageIndex, eventId);
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

  /**
   * A media's URL: the sandbox's temporary URL where the page may load it (`direct`, and by default
   * when it is https: or on the page's own origin), else its bytes as an object URL (`object-url`,
   * and by default for a sandbox on another http: origin — the thread loads media only from https:,
   * blob: or its own origin, so the direct URL would stay a placeholder there).
   */
  private async mediaUrl(mediaSid: string, signal: AbortSignal | undefined): Promise<string | null> {
    const mode = this.options.mediaUrls;
    let direct: string | undefined;
    if (mode !== 'object-url' && !this.objectUrls.has(mediaSid)) {
      direct = this.connection.url(await this.temporaryUrl(mediaSid, signal));
      if (mode === 'direct' || pageLoads(direct)) return direct;
    }
    // One object URL per media for the client's life (revoked on close).
    let cached = this.objectUrls.get(mediaSid);
    if (!cached) {
      cached = (async () => {
        const url = direct ?? this.connection.url(await this.temporaryUrl(mediaSid, undefined));
        // Within the time limit (the bytes included: an answer that stalls fails too).
        const limit = timeLimit(this.connection.timeoutMs);
        try {
          const response = await this.connection.fetchImpl(url, {
            signal: AbortSignal.any([this.connection.lifetime.signal, limit.signal]),
          });
          if (!response.ok) throw statusError('chat.mediaContent', response.status);
          return URL.createObjectURL(await response.blob());
        } catch (cause) {
          if (cause instanceof ChatError) throw cause;
          throw new ChatError({ kind: this.connection.closed ? 'closed' : 'network', operation: 'chat.mediaContent', cause });
        } finally {
          limit.clear();
        }
      })();
      this.objectUrls.set(mediaSid, cached);
      cached.catch(() => this.objectUrls.delete(mediaSid));
    }
    return cached;
  }

  /** The sandbox's temporary URL of a media (as it gives it: a path or an absolute URL). */
  private async temporaryUrl(mediaSid: string, signal: AbortSignal | undefined): Promise<string> {
    const { url } = await this.connection.request({
      operation: 'chat.mediaUrl',
      method: 'GET',
      path: CHAT_PATHS.mediaUrl(mediaSid),
      response: ChatMediaUrlSchema,
      signal,
    });
    return url;
  }

  async sendMedia(sid: string, file: Blob, options: SendMediaOptions, renewed = false): Promise<SentMessage> {
    const operation = 'chat.sendMedia';
    this.connection.ensureOpen(operation);
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
    const limit = timeLimit(uploadTimeLimitMs(this.connection.timeoutMs, file.size));
    const signal = AbortSignal.any([...(options.signal ? [options.signal] : []), this.connection.lifetime.signal, limit.signal]);
    let answer;
    try {
      answer = await this.connection.upload({
        url: this.connection.url(CHAT_PATHS.media(sid)),
        headers: await this.connection.headers(
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
      if (this.connection.closed) throw new ChatError({ kind: 'closed', operation });
      if (limit.signal.aborted) throw new ChatError({ kind: 'network', operation, cause: error });
      throw error instanceof ChatError ? error : new ChatError({ kind: 'network', operation, cause: error });
    } finally {
      limit.clear();
    }
    if (answer.status === 401 && !renewed) {
      await this.connection.renew();
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
    const known = this.conversations.get(sid);
    const channel = known ?? new ConversationChannel(this.identity);
    // Before the calls: what an open stream brings while they are on their way is heard.
    this.conversations.set(sid, channel);
    const conversation = this.connection.request({
      operation: 'chat.openConversation',
      method: 'GET',
      path: CHAT_PATHS.conversation(sid),
      response: ChatConversationWireSchema,
      signal: options.signal,
    });
    // The newest page beside it (not after it): one round trip for both.
    const stop = new AbortController();
    const page =
      this.firstPageSize === undefined
        ? null
        : this.prefetchPage(sid, this.firstPageSize, channel, AbortSignal.any([stop.signal, ...(options.signal ? [options.signal] : [])]));
    let info: ChatConversationWire;
    try {
      info = await conversation;
    } catch (error) {
      stop.abort();
      if (!known) this.conversations.delete(sid);
      throw error;
    }
    channel.seed(info);
    if (info.sid !== sid) this.conversations.set(info.sid, channel);
    if (this.live) void this.startStream(info, page);
    return new SandboxConversation(this, info.sid, channel, info.lastReadMessageIndex, page);
  }

  private prefetchPage(sid: string, pageSize: number, channel: ConversationChannel, signal: AbortSignal): PrefetchedPage {
    const answer = this.connection.request({
      operation: 'chat.getMessages',
      method: 'GET',
      path: CHAT_PATHS.messages(sid),
      query: { pageSize },
      response: ChatMessagePageWireSchema,
      signal,
    });
    // Its failure is the first getMessages' (or nobody's, when no one takes it).
    answer.then((page) => (channel.pageCursor = page.eventId ?? null)).catch(() => undefined);
    return { pageSize, answer };
  }

  /**
   * Opens the event stream once the snapshots have answered, from the older of their cursors
   * (a page that failed has none: the conversation's). Once per client: a stream already open
   * (or opened by the factory) hears the conversation from its channel's creation on.
   */
  private async startStream(info: ChatConversationWire, page: PrefetchedPage | null): Promise<void> {
    const pageCursor = page ? (await page.answer.catch(() => null))?.eventId : undefined;
    const cursors = [info.eventId, pageCursor].filter((cursor) => cursor !== undefined);
    this.connection.startLive(cursors.length > 0 ? String(Math.min(...cursors)) : null);
  }

  async close(): Promise<void> {
    if (this.connection.closed) return;
    this.connection.lifetime.abort();
    for (const channel of this.conversations.values()) channel.clear();
    this.conversations.clear();
    this.connection.state.set('disconnected');
    this.connection.state.clear();
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
    /** The newest page asked for with the conversation, until the first getMessages of its size takes it. */
    private prefetched: PrefetchedPage | null,
  ) {}

  async getMessages({ pageSize, before, signal }: GetMessagesOptions): Promise<ChatMessagePage> {
    // Nothing is older than index 0: no call.
    if (before === 0) return { messages: [], hasOlder: false };
    const prefetched = before === undefined && this.prefetched?.pageSize === pageSize ? this.prefetched : null;
    if (prefetched) this.prefetched = null;
    const page = prefetched
      ? await untilAborted(prefetched.answer, signal)
      : await this.client.connection.request({
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
    return this.channel.onMessage(listener);
  }

  async sendText(text: string, options: SendTextOptions = {}): Promise<SentMessage> {
    const message = await this.client.connection.request({
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
    await this.client.connection.request({ operation: 'chat.markAllRead', method: 'POST', path: CHAT_PATHS.read(this.sid), response: ChatReadResponseSchema });
  }

  /** From the conversation call and the `read` events since: no request. */
  async getReadHorizons(): Promise<readonly ChatReadHorizon[]> {
    this.client.connection.ensureOpen('chat.getReadHorizons');
    return [...this.channel.readHorizons].map(([identity, lastReadMessageIndex]) => ({ identity, lastReadMessageIndex }));
  }

  onReadHorizonChange(listener: (horizon: ChatReadHorizon) => void): Unsubscribe {
    return this.channel.horizons.add(listener);
  }

  onTyping(listener: (event: ChatTypingEvent) => void): Unsubscribe {
    return this.channel.typing.add(listener);
  }

  async typing(): Promise<void> {
    await this.client.connection.request({ operation: 'chat.typing', method: 'POST', path: CHAT_PATHS.typing(this.sid), response: ChatTypingResponseSchema });
  }
}

/** `answer`, or a rejection as `aborted` as soon as `signal` aborts (the caller gave up on a prefetched page). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  const aborted = () => new ChatError({ kind: 'aborted', operation: 'chat.getMessages' });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A chat client factory for the sandbox gateway (see the module comment). */
export function createSandboxChatClientFactory(options: SandboxChatOptions = {}): ChatClientFactory {
  return async (init) => {
    const client = new SandboxChatClient(options, init);
    if (init.firstPageSize !== undefined) {
      // At once: its stream opens once its conversation's snapshots are in (openConversation).
      if (!init.signal?.aborted) return client;
      await client.close();
      throw new ChatError({ kind: 'aborted', operation: 'chat.connect' });
    }
    const onAbort = () => void client.close();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (init.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: 'chat.connect' });
      await Promise.race([
        client.connection.start(),
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
 * screen: the conversation and its newest page over HTTP with the session's token, asked for
 * together — no event stream, nothing left open.
 */
export function createSandboxChatReader(options: SandboxChatOptions = {}): ChatReader {
  return async (init) => {
    // The page asked for beside the conversation; no event stream.
    const client = new SandboxChatClient(options, { ...init, firstPageSize: init.pageSize }, false);
    try {
      const conversation = await client.openConversation(init.session.conversationSid, init.signal ? { signal: init.signal } : {});
      const page = await conversation.getMessages({ pageSize: init.pageSize, signal: init.signal });
      return { ...page, lastReadMessageIndex: conversation.lastReadMessageIndex ?? null, readHorizons: (await conversation.getReadHorizons?.()) ?? [] };
    } finally {
      await client.close();
    }
  };
}

/** Whether the page would load `url` as a message's media (the thread's rule, domain/core/safe-url); true without a page (a server). */
function pageLoads(url: string): boolean {
  if (typeof location === 'undefined' || typeof document === 'undefined') return true;
  return checkMediaUrl(url, document.baseURI, location.origin).url !== undefined;
}
