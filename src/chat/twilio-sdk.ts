import type * as RealTwilioSdk from '@twilio/conversations';

/**
 * What the Twilio chat adapter (twilio-chat-client.ts) takes from `@twilio/conversations`, and
 * how it gets it. The SDK surface the adapter uses is spelled out here (`TwilioSdk` and friends).
 * Tests pass a double of exactly that surface through `loadSdk`; `_RealSdkFits` makes the
 * compiler check that the real SDK's typings fit it, so the double cannot drift from the SDK
 * unnoticed.
 */

/** JSON, as the SDK's attributes take it. */
export type TwilioJson = null | string | number | boolean | TwilioJson[] | { [key: string]: TwilioJson };

/** The promise of a media download URL or an upload (the SDK's CancellablePromise). */
type TwilioCancellable<T> = Promise<T> & { cancel(): unknown };

export interface TwilioMedia {
  readonly sid: string;
  readonly contentType: string;
  readonly filename: string | null;
  readonly size: number;
  getContentTemporaryUrl(): Promise<string | null>;
}

export interface TwilioMessage {
  readonly sid: string;
  readonly index: number;
  readonly author: string | null;
  readonly body: string | null;
  readonly dateCreated: Date | null;
  readonly attributes: unknown;
  readonly attachedMedia: TwilioMedia[] | null;
}

export interface TwilioPaginator<T> {
  readonly items: T[];
  /** With direction 'backwards': older messages exist. */
  readonly hasPrevPage: boolean;
}

interface TwilioMediaPayload {
  contentType: string | null;
  filename?: string;
  media: Blob;
}

interface TwilioMessageBuilder {
  addMedia(payload: TwilioMediaPayload): TwilioMessageBuilder;
  build(): { send(): TwilioCancellable<number | null> };
}

/** A participant (its read horizon; the conversation's typing events name it). */
export interface TwilioParticipant {
  /** Null for participants without one (SMS, WhatsApp). */
  readonly identity: string | null;
  /** The newest message index it has read; null when none (or a channel that keeps none). */
  readonly lastReadMessageIndex: number | null;
}

/** `participantUpdated`: which of its fields changed (the SDK's ParticipantUpdateReason). */
export interface TwilioParticipantUpdate {
  readonly participant: TwilioParticipant;
  readonly updateReasons: readonly string[];
}

export interface TwilioConversation {
  readonly sid: string;
  /** This user's read horizon (null before anything was marked read). */
  readonly lastReadMessageIndex: number | null;
  /** `anchor`: the index of the newest message to return (inclusive); the newest without it. */
  getMessages(pageSize?: number, anchor?: number, direction?: 'backwards' | 'forward'): Promise<TwilioPaginator<TwilioMessage>>;
  sendMessage(message: string | null, messageAttributes?: TwilioJson): Promise<number>;
  prepareMessage(): TwilioMessageBuilder;
  /** Moves this user's read horizon to `index` (the SDK keeps it where it is when `index` is older). */
  advanceLastReadMessageIndex(index: number): Promise<number>;
  /**
   * The joined participants, this user among them. It opens the conversation's messages list
   * and participants map first (conversation.js `_subscribeStreams`), as every call here does.
   */
  getParticipants(): Promise<TwilioParticipant[]>;
  /** This user is typing (the SDK itself sends at most one signal per typing timeout). */
  typing(): Promise<void>;
  on(event: 'messageAdded', listener: (message: TwilioMessage) => void): unknown;
  on(event: 'participantUpdated', listener: (data: TwilioParticipantUpdate) => void): unknown;
  on(event: 'typingStarted' | 'typingEnded', listener: (participant: TwilioParticipant) => void): unknown;
  off(event: 'messageAdded', listener: (message: TwilioMessage) => void): unknown;
  off(event: 'participantUpdated', listener: (data: TwilioParticipantUpdate) => void): unknown;
  off(event: 'typingStarted' | 'typingEnded', listener: (participant: TwilioParticipant) => void): unknown;
}

/**
 * What `initFailed` and `connectionError` carry (the SDK types `{ terminal, message }`; twilsock adds
 * `errorCode`, Twilio's error code — 20104 for an expired token — when the service refused the
 * connection: twilsock.js `emitReplyConnectionError`).
 */
export interface TwilioConnectionError {
  readonly message: string;
  readonly errorCode?: unknown;
}

/** Twilsock's connection states. */
export type TwilioConnectionState = 'unknown' | 'disconnecting' | 'disconnected' | 'retrying' | 'connecting' | 'connected' | 'denied' | 'error';

export interface TwilioClient {
  readonly connectionState: TwilioConnectionState;
  /** The signed-in user once initialized: its identity is the one the token stands for. */
  readonly user: { readonly identity: string };
  on(event: 'initialized' | 'tokenAboutToExpire' | 'tokenExpired', listener: () => void): unknown;
  on(event: 'initFailed', listener: (data: { error?: TwilioConnectionError }) => void): unknown;
  on(event: 'connectionError', listener: (error: TwilioConnectionError) => void): unknown;
  on(event: 'connectionStateChanged', listener: (state: TwilioConnectionState) => void): unknown;
  off(event: 'initialized' | 'tokenAboutToExpire' | 'tokenExpired', listener: () => void): unknown;
  off(event: 'initFailed', listener: (data: { error?: TwilioConnectionError }) => void): unknown;
  off(event: 'connectionError', listener: (error: TwilioConnectionError) => void): unknown;
  off(event: 'connectionStateChanged', listener: (state: TwilioConnectionState) => void): unknown;
  updateToken(token: string): Promise<unknown>;
  getConversationBySid(conversationSid: string): Promise<TwilioConversation>;
  /** The user's conversations, once the SDK has fetched them (it starts that as it initialises). */
  getSubscribedConversations(): Promise<unknown>;
  shutdown(): Promise<void>;
}

export interface TwilioClientOptions {
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Twilsock's options: `uri`, where its WebSocket connects (default Twilio's; the sandbox's Twilio stand-in in development). */
  Twilsock?: { uri: string };
}

/** What the adapter takes from `@twilio/conversations`. */
export interface TwilioSdk {
  Client: new (token: string, options?: TwilioClientOptions | null) => TwilioClient;
}

// Compile-time check that the real SDK fits the surface above (a type-only import: erased).
type FitsSdk<T extends TwilioSdk> = T;
type _RealSdkFits = FitsSdk<typeof RealTwilioSdk>;
// …and that the connection states are exactly the SDK's (the double checks its recording against them).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _SameConnectionStates = Holds<Same<TwilioConnectionState, RealTwilioSdk.ConnectionState>>;

/** What a developer reads when the SDK is not installed (ChatError hint, `lk-error` message). */
export const TWILIO_SDK_MISSING_HINT =
  'The Twilio Conversations SDK is not installed: it is an optional peer dependency of leadkit. Run `npm install @twilio/conversations`, or give <message-thread> a `chat` property (a ChatClientFactory), or set chat-service="sandbox" to use the sandbox gateway\'s chat.';

/**
 * Whether a failed `import('@twilio/conversations')` means the package is not installed: Node
 * (`ERR_MODULE_NOT_FOUND`), webpack (`MODULE_NOT_FOUND`), Vite's stand-in for a missing optional
 * peer ("Could not resolve "@twilio/conversations" … Is it installed?") and a browser without
 * an import map ("Failed to resolve module specifier "@twilio/conversations"") all say so, or
 * name the package. A chunk of the CDN build that failed to download names a hashed file, not
 * the package: that is a network failure (`unavailable`), worth a retry.
 */
export function isSdkNotInstalled(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.includes('@twilio/conversations');
}

/** The SDK module, however the bundler hands a CommonJS module to `import()`. */
function sdkOf(module: unknown): TwilioSdk {
  const candidate = module as Partial<TwilioSdk> & { default?: Partial<TwilioSdk> };
  // `in`, not a read: a missing named export may throw on read (module namespace proxies).
  const sdk = 'Client' in candidate && candidate.Client ? candidate : candidate.default;
  // E.g. a bundler told to leave the missing package out (webpack `resolve.fallback: false`).
  if (!sdk?.Client) throw new Error('@twilio/conversations did not export Client');
  return sdk as TwilioSdk;
}

/**
 * The SDK from `importSdk` (the `import('@twilio/conversations')` of the `leadkit/twilio` entry,
 * a failed import or an empty module in tests), however the bundler hands it over.
 */
export const loadTwilioSdk = async (importSdk: () => Promise<unknown>): Promise<TwilioSdk> => sdkOf(await importSdk());
