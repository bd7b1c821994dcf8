import {
  ChatError,
  type ChatClient,
  type ChatClientFactory,
  type ChatClientInit,
  type ChatConnectionState,
  type ChatConversation,
  type ChatMedia,
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
import { DEFAULT_TIMEOUT_MS } from '../gateway/core/client';
import {
  isSdkNotInstalled,
  TWILIO_SDK_MISSING_HINT,
  type TwilioClient,
  type TwilioClientOptions,
  type TwilioConnectionState,
  type TwilioConversation,
  type TwilioMedia,
  type TwilioMessage,
  type TwilioParticipant,
  type TwilioPaginator,
  type TwilioJson,
  type TwilioParticipantUpdate,
  type TwilioSdk,
} from './twilio-sdk';
import { attributesObject, blobName, chatTimeLimitMs, ConnectionStateCell, Listeners, singleFlight, uploadTimeLimitMs, withinTimeLimit } from './chat-support';
import { absorbConversationsFetch, whenInitialized, whenTokenCanBeUpdated } from './twilio-start';

/**
 * The chat adapter for Twilio Conversations. `@twilio/conversations` (≈ 138 kB gzip and a long
 * task to start) is imported with a dynamic `import()` — in the `leadkit/twilio` entry
 * (src/twilio.ts), never here — only when a thread opens, so it is never in a widget's first load. It is an optional peer dependency of leadkit (≈ 40 MB installed):
 * when the import fails because it is not installed, the factory rejects with a ChatError of
 * kind `sdk-missing` whose hint says how to add it or use another adapter. The token comes from the thread's chat session (the host's
 * `getChatToken`, else the gateway's session call) and is renewed from the same source on
 * `tokenAboutToExpire` and `tokenExpired` — and once at start-up, when the first token had already
 * expired (a new SDK client on the renewed token: the refused one cannot take a new token); the SDK reconnects by itself and its
 * `connectionStateChanged` is surfaced as the client's connection state. Its start-up (the SDK's
 * import, then `initialized`) and every SDK call have the gateway client's time limit
 * (docs/gateway.md#time-limit: a Twilio that never answers ends like a gateway that never answers); an
 * upload that plus its size at 50 kB/s.
 *
 * The SDK surface the adapter uses, and how it is loaded, is twilio-sdk.ts.
 */

export interface TwilioChatOptions {
  /** Loads the SDK; default: `import('@twilio/conversations')` (a chunk of its own, when the first thread opens). Tests pass a double. */
  loadSdk?: () => Promise<TwilioSdk>;
  /** Options for the SDK client; default `{ logLevel: 'silent' }` (its logs may hold customer text). */
  clientOptions?: TwilioClientOptions;
  /**
   * How long the SDK may take to say `initialized` or `initFailed` before the chat counts as
   * unavailable (a blocked websocket or an endless reconnect says neither). Default the gateway
   * client's time limit (`timeoutMs` of its config: 15 s).
   */
  initTimeoutMs?: number;
}

/**
 * What a developer reads when the token's identity is not the chat session's.
 * @internal Exported for tests.
 */
export const TWILIO_IDENTITY_MISMATCH_HINT =
  "The chat token's identity is not the chat session's identity: the gateway's chat session must return the identity its token was issued for.";

/**
 * See `TwilioChatOptions.initTimeoutMs`: a gateway call's time limit, with a gateway client of default `timeoutMs`.
 * @internal Exported for tests.
 */
export const TWILIO_INIT_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;

/**
 * Twilsock state → the chat layer's: retrying is connecting, an error is disconnected. What the
 * real SDK (3.0) emits when the network drops is recorded in test/fixtures/twilio-connection-events.json:
 * connecting (socket lost), retrying (connections refused), then connected — all transient, as
 * twilsock retries by itself (without limit by default); disconnecting/disconnected came only with shutdown.
 * @internal Exported for tests.
 */
export function mapTwilioConnectionState(state: TwilioConnectionState): ChatConnectionState {
  switch (state) {
    case 'connected':
      return 'connected';
    case 'denied':
      return 'denied';
    case 'connecting':
    case 'retrying':
    case 'unknown':
      return 'connecting';
    case 'disconnecting':
    case 'disconnected':
    case 'error':
      return 'disconnected';
  }
}

function toMedia(media: TwilioMedia, timeoutMs: number): ChatMedia {
  return {
    sid: media.sid,
    contentType: media.contentType,
    filename: media.filename,
    size: media.size,
    getUrl: (options) => withinTimeLimit('chat.mediaUrl', timeoutMs, options?.signal, () => Promise.resolve(media.getContentTemporaryUrl())),
  };
}

function toMessage(message: TwilioMessage, timeoutMs: number): ChatMessage {
  return {
    index: message.index,
    sid: message.sid,
    author: message.author,
    body: message.body,
    dateCreated: message.dateCreated,
    attributes: attributesObject(message.attributes),
    media: (message.attachedMedia ?? []).map((media) => toMedia(media, timeoutMs)),
  };
}

/**
 * How the real SDK (3.x, read in its lib.js) says a conversation is unknown: a plain `Error`
 * with this message and no status (`getConversationBySid`).
 */
const SDK_CONVERSATION_NOT_FOUND = /^Conversation with SID \S+ was not found\.?$/;

/**
 * Any SDK failure as a ChatError (its message is read only to classify, then dropped: it may
 * quote customer text). The real SDK's shapes: a plain Error for an unknown conversation
 * (→ not-found), twilsock's `TransportUnavailableError` (→ network), REST errors with an HTTP
 * `status` (401/403 → denied, 404 → not-found, others → rejected); anything else is network.
 */
function sdkError(operation: string, error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  if (error instanceof Error && SDK_CONVERSATION_NOT_FOUND.test(error.message)) return new ChatError({ kind: 'not-found', operation, cause: error });
  if (error instanceof Error && error.name === 'TransportUnavailableError') return new ChatError({ kind: 'network', operation, cause: error });
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  if (status === 401 || status === 403) return new ChatError({ kind: 'denied', operation, status, cause: error });
  if (status === 404) return new ChatError({ kind: 'not-found', operation, status, cause: error });
  return new ChatError({ kind: status === null ? 'network' : 'rejected', operation, status, cause: error });
}

class TwilioChatClient implements ChatClient {
  readonly identity: string;
  /** Each SDK call's time limit (the gateway client's). */
  readonly timeoutMs: number;
  private readonly state: ConnectionStateCell;
  private closed = false;
  /** Initialized: until then an expired token is the factory's (it starts a new client). */
  private started = false;
  /** A `tokenExpired` before `initialized` that did not fail the start-up: renewed once started. */
  private expiredEarly = false;
  private readonly onExpired: () => void;
  private readonly cleanups: (() => void)[] = [];
  private readonly renew: () => Promise<void>;

  constructor(
    private readonly client: TwilioClient,
    init: ChatClientInit,
  ) {
    this.identity = init.session.identity;
    this.timeoutMs = chatTimeLimitMs(init.gateway);
    this.state = new ConnectionStateCell(mapTwilioConnectionState(client.connectionState));
    this.renew = singleFlight(async () => {
      const session = await init.renewSession();
      if (this.closed) return;
      // A token expired ends the connection: the SDK takes the new one once it has closed.
      await this.call('chat.renewToken', undefined, async (ends) => {
        await whenTokenCanBeUpdated(client, ends);
        await client.updateToken(session.token);
      });
    });
    const onConnection = (state: TwilioConnectionState) => this.state.set(mapTwilioConnectionState(state));
    // Renew ahead of expiry; a failure here is retried when the token has expired.
    const onAboutToExpire = () => void this.renew().catch(() => undefined);
    // Expired: without a new token nothing works any more.
    const onExpired = (this.onExpired = () => {
      if (!this.started) {
        this.expiredEarly = true;
        return;
      }
      void this.renew().catch(() => {
        if (!this.closed) this.state.set('denied');
      });
    });
    client.on('connectionStateChanged', onConnection);
    client.on('tokenAboutToExpire', onAboutToExpire);
    client.on('tokenExpired', onExpired);
    this.cleanups.push(
      () => client.off('connectionStateChanged', onConnection),
      () => client.off('tokenAboutToExpire', onAboutToExpire),
      () => client.off('tokenExpired', onExpired),
    );
  }

  /** The SDK client said `initialized`. */
  markStarted(): void {
    this.started = true;
    absorbConversationsFetch(this.client);
    if (this.expiredEarly) this.onExpired();
  }

  get connectionState(): ChatConnectionState {
    return this.state.value;
  }

  onConnectionStateChange(listener: (state: ChatConnectionState) => void): Unsubscribe {
    return this.state.subscribe(listener);
  }

  ensureOpen(operation: string): void {
    if (this.closed) throw new ChatError({ kind: 'closed', operation });
  }

  /** An SDK call within the time limit (`timeoutMs`, or the one given), its failure as a ChatError. */
  async call<T>(operation: string, signal: AbortSignal | undefined, work: (ends: AbortSignal) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    this.ensureOpen(operation);
    try {
      return await withinTimeLimit(operation, timeoutMs, signal, work);
    } catch (error) {
      throw sdkError(operation, error);
    }
  }

  /** Registers what `close` undoes. */
  addCleanup(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /**
   * The conversation, with its messages list and participants open: `getConversationBySid` may
   * resolve on the conversation's document alone while the SDK is still opening them (its
   * fetch of the user's conversations, data/conversations.js `_upsertConversation`), and a
   * message added before they are open never comes as `messageAdded`. `getParticipants()` waits
   * for them (conversation.js `_subscribeStreams`) and adds no request of its own: the thread's
   * first page would open them anyway, so its first load makes the same requests as before.
   * Their failure leaves the opening as it was: the first page tries again (and fails as a page).
   */
  async openConversation(sid: string, options: { signal?: AbortSignal } = {}): Promise<ChatConversation> {
    const conversation = await this.call('chat.openConversation', options.signal, async () => {
      const found = await this.client.getConversationBySid(sid);
      await found.getParticipants().catch(() => undefined);
      return found;
    });
    return new TwilioChatConversation(this, conversation);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.state.set('disconnected');
    this.state.clear();
    await this.client.shutdown().catch(() => undefined);
  }
}

class TwilioChatConversation implements ChatConversation {
  private readonly listeners = new Listeners<ChatMessage>();
  private readonly horizons = new Listeners<ChatReadHorizon>();
  private readonly typists = new Listeners<ChatTypingEvent>();
  /** The newest message this client sent here (markAllRead reads at least that far). */
  private newestSent = -1;

  constructor(
    private readonly owner: TwilioChatClient,
    private readonly conversation: TwilioConversation,
  ) {
    const onAdded = (message: TwilioMessage) => this.listeners.emit(toMessage(message, owner.timeoutMs));
    // Another participant read further (the SDK names why a participant was updated).
    const onParticipant = ({ participant, updateReasons }: TwilioParticipantUpdate) => {
      if (!updateReasons.includes('lastReadMessageIndex') || !this.isOther(participant)) return;
      this.horizons.emit({ identity: participant.identity, lastReadMessageIndex: participant.lastReadMessageIndex });
    };
    const onTypingStarted = (participant: TwilioParticipant) => {
      if (this.isOther(participant)) this.typists.emit({ identity: participant.identity, typing: true });
    };
    const onTypingEnded = (participant: TwilioParticipant) => {
      if (this.isOther(participant)) this.typists.emit({ identity: participant.identity, typing: false });
    };
    conversation.on('messageAdded', onAdded);
    conversation.on('participantUpdated', onParticipant);
    conversation.on('typingStarted', onTypingStarted);
    conversation.on('typingEnded', onTypingEnded);
    owner.addCleanup(() => {
      conversation.off('messageAdded', onAdded);
      conversation.off('participantUpdated', onParticipant);
      conversation.off('typingStarted', onTypingStarted);
      conversation.off('typingEnded', onTypingEnded);
      this.listeners.clear();
      this.horizons.clear();
      this.typists.clear();
    });
  }

  /** A participant other than this user, with an identity (SMS participants have none). */
  private isOther(participant: TwilioParticipant): participant is TwilioParticipant & { identity: string } {
    return participant.identity !== null && participant.identity !== this.owner.identity;
  }

  get sid(): string {
    return this.conversation.sid;
  }

  get lastReadMessageIndex(): number | null {
    return this.conversation.lastReadMessageIndex;
  }

  async getMessages({ pageSize, before, signal }: GetMessagesOptions): Promise<ChatMessagePage> {
    this.owner.ensureOpen('chat.getMessages');
    if (before === 0) return { messages: [], hasOlder: false };
    // Twilio's anchor is inclusive: the page before index n ends at n - 1.
    const page: TwilioPaginator<TwilioMessage> = await this.owner.call('chat.getMessages', signal, () =>
      this.conversation.getMessages(pageSize, before === undefined ? undefined : before - 1, 'backwards'),
    );
    const messages = page.items.map((message) => toMessage(message, this.owner.timeoutMs)).sort((a, b) => a.index - b.index);
    return { messages, hasOlder: page.hasPrevPage && (messages[0]?.index ?? 0) > 0 };
  }

  onMessageAdded(listener: (message: ChatMessage) => void): Unsubscribe {
    return this.listeners.add(listener);
  }

  async sendText(text: string, options: SendTextOptions = {}): Promise<SentMessage> {
    const index = await this.owner.call('chat.sendText', options.signal, () =>
      this.conversation.sendMessage(text, options.attributes as TwilioJson | undefined),
    );
    this.newestSent = Math.max(this.newestSent, index);
    return { index };
  }

  async sendMedia(file: Blob, options: SendMediaOptions = {}): Promise<SentMessage> {
    const operation = 'chat.sendMedia';
    this.owner.ensureOpen(operation);
    const total = file.size;
    const filename = options.filename ?? blobName(file);
    options.onProgress?.(0, total);
    // The SDK reports no upload progress: start and end only.
    const sending = this.conversation
      .prepareMessage()
      .addMedia({ contentType: options.contentType ?? (file.type || null), ...(filename ? { filename } : {}), media: file })
      .build()
      .send();
    // Cancelled when its signal aborts or its time is up (the SDK's upload itself has no limit).
    const index = await this.owner.call(
      operation,
      options.signal,
      (ends) => {
        ends.addEventListener('abort', () => void sending.cancel(), { once: true });
        return sending;
      },
      uploadTimeLimitMs(this.owner.timeoutMs, total),
    );
    if (index === null) throw new ChatError({ kind: 'invalid-response', operation });
    this.newestSent = Math.max(this.newestSent, index);
    options.onProgress?.(total, total);
    return { index };
  }

  /**
   * What the SDK's `setAllMessagesRead` does — the read horizon to the newest message it knows
   * (conversation.js: `getMessages(1)`, served from its cache once a page was read) — but at least
   * to the newest message sent here: a send's reply comes before its `messageAdded` (twilsock
   * passes notifications on a turn later), so right after a send the SDK does not know it yet.
   * One request, as setAllMessagesRead's.
   */
  async markAllRead(): Promise<void> {
    await this.owner.call('chat.markAllRead', undefined, async () => {
      const newest = (await this.conversation.getMessages(1, undefined, 'backwards')).items.at(-1)?.index ?? -1;
      const index = Math.max(newest, this.newestSent);
      if (index >= 0) await this.conversation.advanceLastReadMessageIndex(index);
    });
  }

  async getReadHorizons(options: { signal?: AbortSignal | undefined } = {}): Promise<readonly ChatReadHorizon[]> {
    const participants = await this.owner.call('chat.getReadHorizons', options.signal, () => this.conversation.getParticipants());
    return participants.filter((p) => this.isOther(p)).map((p) => ({ identity: p.identity!, lastReadMessageIndex: p.lastReadMessageIndex }));
  }

  onReadHorizonChange(listener: (horizon: ChatReadHorizon) => void): Unsubscribe {
    return this.horizons.add(listener);
  }

  onTyping(listener: (event: ChatTypingEvent) => void): Unsubscribe {
    return this.typists.add(listener);
  }

  async typing(): Promise<void> {
    await this.owner.call('chat.typing', undefined, () => this.conversation.typing());
  }
}

/**
 * A new token from the session's source, for a client whose first token had expired before it
 * started (the refused SDK client cannot take it: client.js `updateToken` needs what only a
 * start-up makes, its media client).
 */
async function renewedToken(init: ChatClientInit): Promise<string> {
  try {
    return (await init.renewSession(init.signal)).token;
  } catch (cause) {
    if (init.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: 'chat.renewToken', cause });
    throw cause instanceof ChatError ? cause : new ChatError({ kind: 'unavailable', operation: 'chat.renewToken', cause });
  }
}

/**
 * A chat client factory for Twilio Conversations (see the module comment) over the SDK `loadSdk`
 * gives. Hosts take `createTwilioChatClientFactory` from `leadkit/twilio`, which gives it the
 * SDK's import: no other module of leadkit names the optional peer, so a bundler never has to
 * resolve it for a host that did not ask for Twilio.
 */
export function createTwilioChatAdapter(options: TwilioChatOptions & { loadSdk: () => Promise<TwilioSdk> }): ChatClientFactory {
  const { loadSdk } = options;
  return async (init) => {
    if (init.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: 'chat.connect' });
    const timeoutMs = chatTimeLimitMs(init.gateway);
    let sdk: TwilioSdk;
    try {
      // The SDK's chunk too: one that never arrives ends the start-up as unavailable.
      sdk = await withinTimeLimit('chat.loadSdk', timeoutMs, init.signal, () => loadSdk());
    } catch (cause) {
      if (cause instanceof ChatError && cause.kind === 'aborted') throw cause;
      if (isSdkNotInstalled(cause)) throw new ChatError({ kind: 'sdk-missing', operation: 'chat.loadSdk', cause, hint: TWILIO_SDK_MISSING_HINT });
      throw new ChatError({ kind: 'unavailable', operation: 'chat.loadSdk', cause });
    }
    const start = async (token: string): Promise<TwilioChatClient | null> => {
      if (init.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: 'chat.connect' });
      const client = new sdk.Client(token, options.clientOptions ?? { logLevel: 'silent' });
      // Listen for token expiry and connection changes from the start.
      const chat = new TwilioChatClient(client, init);
      try {
        if ((await whenInitialized(client, init.signal, options.initTimeoutMs ?? timeoutMs)) === 'token-expired') {
          await chat.close();
          return null;
        }
        // Own messages are told by identity: the token's (the SDK's user) must be the session's,
        // else every bubble would sit on the wrong side. Fail the opening (the thread reports
        // `lk-error` kind `chat-identity-mismatch`) rather than show that.
        const identity = client.user?.identity;
        if (identity && identity !== init.session.identity) {
          throw new ChatError({ kind: 'identity-mismatch', operation: 'chat.connect', hint: TWILIO_IDENTITY_MISMATCH_HINT });
        }
      } catch (error) {
        await chat.close();
        throw error;
      }
      chat.markStarted();
      return chat;
    };
    const chat = (await start(init.session.token)) ?? (await start(await renewedToken(init)));
    // The renewed token was refused as expired too: renewing did not help.
    if (!chat) throw new ChatError({ kind: 'denied', operation: 'chat.connect' });
    return chat;
  };
}
