import type {
  TwilioClient,
  TwilioClientOptions,
  TwilioConnectionState,
  TwilioConversation,
  TwilioJson,
  TwilioMedia,
  TwilioMessage,
  TwilioPaginator,
  TwilioParticipant,
  TwilioSdk,
} from '../../src/chat/twilio-sdk';

// The message builder's types, as the public TwilioConversation has them (not exported of their own).
type TwilioMessageBuilder = ReturnType<TwilioConversation['prepareMessage']>;
type TwilioMediaPayload = Parameters<TwilioMessageBuilder['addMedia']>[0];
type TwilioCancellable<T> = Promise<T> & { cancel(): unknown };
import recording from '../fixtures/twilio-connection-events.json' with { type: 'json' };

/**
 * A test double of exactly the @twilio/conversations surface the Twilio chat adapter uses
 * (the `Twilio*` types of src/chat/twilio-sdk.ts, which the compiler checks against
 * the real SDK's typings). It behaves as the SDK does where the adapter relies on it: an
 * inclusive `anchor` and ascending items for `getMessages(…, 'backwards')`, `hasPrevPage` for
 * older messages, `messageAdded` for every new message (own ones too), an index per send. Tests
 * drive the SDK's side through `emit…`/`add…` helpers and read what the adapter called.
 *
 * Participants, read horizons and typing follow the real SDK 3.0 (read in its lib.js, shapes
 * checked by the compiler against its typings): `participantUpdated` with `updateReasons`
 * naming `lastReadMessageIndex` when a participant reads further; `typingStarted` on every typing
 * notification of another participant (it repeats while they type) and `typingEnded` once, after
 * the typing timeout or just before that participant's message is added (Conversation's
 * `_onMessageAdded`); `typing()` sends this user's signal. These were not recorded (that needs
 * a Conversations back end, not only twilsock): `joinParticipant`/`readUpTo`/`startTyping`/
 * `endTyping` drive them.
 *
 * Its `connectionStateChanged` sequences are not made up: they are read from
 * test/fixtures/twilio-connection-events.json, what the real SDK emitted in Node against a local
 * fake twilsock server (scripts/record-twilio-connection.ts): starting, a dropped socket, a
 * server down for a while, shutting down. `initialize()`, `dropConnection()`/`restoreConnection()`
 * (or `simulateDrop()`) and `shutdown()` replay them.
 */

// ---------------------------------------------------------------------------------------------
// The recorded connection states (test/fixtures/twilio-connection-events.json).

/** Every state twilsock declares, to check the recording against (the compiler checks the list). */
const TWILIO_CONNECTION_STATES = {
  unknown: true,
  disconnecting: true,
  disconnected: true,
  retrying: true,
  connecting: true,
  connected: true,
  denied: true,
  error: true,
} as const satisfies Record<TwilioConnectionState, true>;

export function isTwilioConnectionState(value: unknown): value is TwilioConnectionState {
  return typeof value === 'string' && Object.hasOwn(TWILIO_CONNECTION_STATES, value);
}

/** The recording as committed (versions, note, scenarios with their timed events). */
export const TWILIO_CONNECTION_RECORDING = recording;

export type RecordedScenarioName = keyof typeof recording.scenarios;
/** The recorded losses of the connection, each from `connected` back to `connected`. */
export type RecordedDropScenario = Exclude<RecordedScenarioName, 'startup' | 'shutdown'>;
export const RECORDED_DROP_SCENARIOS = Object.keys(recording.scenarios).filter(
  (name): name is RecordedDropScenario => name !== 'startup' && name !== 'shutdown',
);

/** A scenario's state before it began and its `connectionStateChanged` values, in order. */
export function recordedConnectionStates(scenario: RecordedScenarioName): { from: TwilioConnectionState; states: TwilioConnectionState[] } {
  const recorded = recording.scenarios[scenario] as { from: string; events: { event?: string; state?: string }[] };
  const states = recorded.events.filter((e) => e.event === 'connectionStateChanged').map((e) => e.state);
  const all = [recorded.from, ...states];
  const wrong = all.filter((state) => !isTwilioConnectionState(state));
  if (wrong.length > 0) throw new Error(`twilio-connection-events.json, ${scenario}: not a twilsock state: ${wrong.join(', ')}`);
  return { from: recorded.from as TwilioConnectionState, states: states as TwilioConnectionState[] };
}

type Listener = (...args: never[]) => void;

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }
  listenerCount(event?: string): number {
    if (event) return this.listeners.get(event)?.size ?? 0;
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

export class DoubleMedia implements TwilioMedia {
  urlRequests = 0;
  constructor(
    readonly sid: string,
    readonly contentType: string,
    readonly filename: string | null,
    readonly size: number,
  ) {}
  getContentTemporaryUrl(): Promise<string | null> {
    this.urlRequests++;
    return Promise.resolve(`https://media.twilio.test/${this.sid}?expires=${this.urlRequests}`);
  }
}

export class DoubleMessage implements TwilioMessage {
  constructor(
    readonly index: number,
    readonly author: string | null,
    readonly body: string | null,
    readonly dateCreated: Date | null,
    readonly attributes: unknown = {},
    readonly attachedMedia: DoubleMedia[] | null = null,
  ) {}
  get sid(): string {
    return `IM${String(this.index).padStart(32, '0')}`;
  }
}

/** A participant as the SDK keeps it (identity, read horizon, typing). */
export class DoubleParticipant implements TwilioParticipant {
  isTyping = false;
  constructor(
    readonly identity: string | null,
    public lastReadMessageIndex: number | null = null,
  ) {}
}

/** A CancellablePromise like the SDK's: `cancel()` rejects it. */
function cancellable<T>(work: Promise<T>, onCancel: () => void): TwilioCancellable<T> {
  let rejectIt: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((resolve, reject) => {
    rejectIt = reject;
    work.then(resolve, reject);
  }) as TwilioCancellable<T>;
  promise.cancel = () => {
    onCancel();
    rejectIt(new Error('Cancelled'));
    return promise;
  };
  return promise;
}

export class DoubleConversation extends Emitter implements TwilioConversation {
  readonly messages: DoubleMessage[] = [];
  /** Every call the adapter made, in order (what "the server received"). */
  readonly calls: (
    | { method: 'getMessages'; pageSize: number | undefined; anchor: number | undefined; direction: string | undefined }
    | { method: 'sendMessage'; text: string | null; attributes: TwilioJson | undefined }
    | { method: 'sendMedia'; media: TwilioMediaPayload[] }
    | { method: 'advanceLastReadMessageIndex'; index: number }
    | { method: 'getParticipants' }
    | { method: 'typing' }
  )[] = [];
  /** The other participants (this user is one too: see getParticipants). */
  readonly participants = new Map<string, DoubleParticipant>();
  lastReadMessageIndex: number | null = null;
  cancelledUploads = 0;
  /** When set, the next upload waits for this promise before it is stored. */
  uploadGate: Promise<void> | null = null;
  private mediaSeq = 0;

  constructor(
    readonly sid: string,
    private readonly identity: () => string,
    private readonly now: () => Date,
  ) {
    super();
  }

  /** Adds a message as the service would (e.g. the customer's): ends its author's typing, then fires messageAdded (the SDK's order). */
  add(author: string | null, body: string | null, media: DoubleMedia[] | null = null, attributes: unknown = {}): DoubleMessage {
    const message = new DoubleMessage(this.messages.length, author, body, this.now(), attributes, media);
    this.messages.push(message);
    if (author !== null) this.endTyping(author);
    this.emit('messageAdded', message);
    return message;
  }

  /** Another participant (the customer) in the conversation, with its read horizon. */
  joinParticipant(identity: string | null, lastReadMessageIndex: number | null = null): DoubleParticipant {
    const participant = new DoubleParticipant(identity, lastReadMessageIndex);
    this.participants.set(identity ?? `sms-${this.participants.size}`, participant);
    return participant;
  }

  private participant(identity: string): DoubleParticipant {
    const participant = this.participants.get(identity);
    if (!participant) throw new Error(`no participant ${identity} (joinParticipant first)`);
    return participant;
  }

  /** A participant read up to `index`: its horizon moves and participantUpdated says why. */
  readUpTo(identity: string, index: number): void {
    const participant = this.participant(identity);
    participant.lastReadMessageIndex = index;
    this.emit('participantUpdated', { participant, updateReasons: ['lastReadMessageIndex', 'lastReadTimestamp'] });
  }

  /** A typing notification of a participant: typingStarted (again on every one, as the SDK). */
  startTyping(identity: string): void {
    const participant = this.participant(identity);
    participant.isTyping = true;
    this.emit('typingStarted', participant);
  }

  /** Its typing timeout ran out (or its message came): typingEnded, once. */
  endTyping(identity: string): void {
    const participant = this.participants.get(identity);
    if (!participant?.isTyping) return;
    participant.isTyping = false;
    this.emit('typingEnded', participant);
  }

  async getParticipants(): Promise<DoubleParticipant[]> {
    this.calls.push({ method: 'getParticipants' });
    return [new DoubleParticipant(this.identity(), this.lastReadMessageIndex), ...this.participants.values()];
  }

  async typing(): Promise<void> {
    this.calls.push({ method: 'typing' });
  }

  /** Seeds history without events. */
  seed(count: number, authorOf: (index: number) => string): void {
    for (let i = 0; i < count; i++)
      this.messages.push(new DoubleMessage(this.messages.length, authorOf(i), `Message ${i}`, new Date(Date.UTC(2025, 5, 1, 12, i))));
  }

  async getMessages(pageSize = 30, anchor?: number, direction: 'backwards' | 'forward' = 'forward'): Promise<TwilioPaginator<TwilioMessage>> {
    this.calls.push({ method: 'getMessages', pageSize, anchor, direction });
    if (direction !== 'backwards') throw new Error('the double pages backwards only (what the adapter uses)');
    const last = anchor ?? this.messages.length - 1;
    const page = this.messages.filter((m) => m.index <= last).slice(-pageSize);
    return { items: [...page].sort((a, b) => a.index - b.index), hasPrevPage: (page[0]?.index ?? 0) > 0 };
  }

  async sendMessage(text: string | null, attributes?: TwilioJson): Promise<number> {
    this.calls.push({ method: 'sendMessage', text, attributes });
    return this.add(this.identity(), text, null, attributes ?? {}).index;
  }

  prepareMessage(): TwilioMessageBuilder {
    const media: TwilioMediaPayload[] = [];
    const builder: TwilioMessageBuilder = {
      addMedia: (payload) => {
        media.push(payload);
        return builder;
      },
      build: () => ({
        send: () => {
          this.calls.push({ method: 'sendMedia', media });
          let cancelled = false;
          const work = (async () => {
            if (this.uploadGate) await this.uploadGate;
            if (cancelled) return null;
            const attached = media.map(
              (m) =>
                new DoubleMedia(
                  `ME${String(++this.mediaSeq).padStart(32, '0')}`,
                  m.contentType ?? 'application/octet-stream',
                  m.filename ?? null,
                  m.media.size,
                ),
            );
            return this.add(this.identity(), null, attached).index;
          })();
          return cancellable(work, () => {
            cancelled = true;
            this.cancelledUploads++;
          });
        },
      }),
    };
    return builder;
  }

  /** As the SDK: the horizon moves to `index` (stays where it is when that is older). */
  async advanceLastReadMessageIndex(index: number): Promise<number> {
    this.calls.push({ method: 'advanceLastReadMessageIndex', index });
    this.lastReadMessageIndex = Math.max(this.lastReadMessageIndex ?? -1, index);
    return this.messages.length - 1 - this.lastReadMessageIndex;
  }
}

export class DoubleClient extends Emitter implements TwilioClient {
  /** As the real client before it connects ('unknown', the recording's start). */
  connectionState: TwilioConnectionState = recordedConnectionStates('startup').from;
  readonly tokens: string[];
  readonly updatedTokens: string[] = [];
  shutdowns = 0;

  constructor(
    token: string,
    readonly options: TwilioClientOptions | null | undefined,
    private readonly sdk: TwilioDouble,
  ) {
    super();
    this.tokens = [token];
  }

  /** The rest of a drop being replayed: the states of the reconnection. */
  private pendingReconnect: TwilioConnectionState[] | null = null;

  /** The SDK finished starting: the recorded start (connecting, connected), then `initialized`. */
  initialize(): void {
    this.replay(recordedConnectionStates('startup').states);
    this.emit('initialized');
  }
  failInit(message = 'Token is invalid'): void {
    this.setConnectionState('denied');
    this.emit('initFailed', { error: { message } });
  }
  /**
   * Its token had expired before it started, as the real SDK says it (twilsock answered `init`
   * 401/20104): initFailed naming no reason, tokenExpired, then connectionError and initFailed
   * with errorCode 20104 — each a macrotask after the one before.
   */
  failInitExpired(): void {
    const error = { terminal: true, message: 'Connection error: Access Token expired or expiration date invalid', httpStatusCode: 401, errorCode: 20104 };
    const steps = [
      () => this.setConnectionState('denied'),
      () => this.emit('initFailed', { error: { terminal: true, message: 'Twilsock has disconnected.' } }),
      () => this.emit('tokenExpired'),
      () => {
        this.emit('connectionError', error);
        this.emit('initFailed', { error });
      },
    ];
    for (const step of steps) setTimeout(step, 0);
  }
  /** What the client's `getSubscribedConversations()` gives: the user's conversations (none here), or set to fail. */
  subscribedConversations: () => Promise<unknown> = async () => [];
  getSubscribedConversationsCalls = 0;
  getSubscribedConversations(): Promise<unknown> {
    this.getSubscribedConversationsCalls++;
    return this.subscribedConversations();
  }
  /** Emits `connectionStateChanged` — as the real client does, only for a change of state. */
  setConnectionState(state: TwilioConnectionState): void {
    if (state === this.connectionState) return;
    this.connectionState = state;
    this.emit('connectionStateChanged', state);
  }

  /**
   * The connection drops as recorded in `scenario`: emits the states the real SDK went through
   * while the link was down (all but the final `connected`) and returns them. The client must be
   * connected (where every recording starts). `restoreConnection()` replays the reconnection.
   */
  dropConnection(scenario: RecordedDropScenario = 'drop-and-reconnect'): TwilioConnectionState[] {
    const { from, states } = recordedConnectionStates(scenario);
    if (this.connectionState !== from)
      throw new Error(`dropConnection('${scenario}'): the recording starts '${from}', the client is '${this.connectionState}'`);
    if (this.pendingReconnect) throw new Error('dropConnection: the connection is already down (restoreConnection first)');
    const back = states.lastIndexOf('connected');
    if (back < 0) throw new Error(`dropConnection('${scenario}'): the recording never reconnects`);
    const down = states.slice(0, back);
    this.pendingReconnect = states.slice(back);
    this.replay(down);
    return down;
  }

  /** The link is back: emits the rest of the recorded drop (the reconnection) and returns it. */
  restoreConnection(): TwilioConnectionState[] {
    const states = this.pendingReconnect;
    if (!states) throw new Error('restoreConnection: no dropConnection() to restore from');
    this.pendingReconnect = null;
    this.replay(states);
    return states;
  }

  /** A whole recorded drop and reconnection; returns every state emitted. */
  simulateDrop(scenario: RecordedDropScenario = 'drop-and-reconnect'): TwilioConnectionState[] {
    return [...this.dropConnection(scenario), ...this.restoreConnection()];
  }

  private replay(states: readonly TwilioConnectionState[]): void {
    for (const state of states) this.setConnectionState(state);
  }

  /** As the SDK's `client.user`: the identity the token stands for. */
  get user(): { identity: string } {
    return { identity: this.sdk.identity };
  }

  async updateToken(token: string): Promise<DoubleClient> {
    this.updatedTokens.push(token);
    this.tokens.push(token);
    return this;
  }

  async getConversationBySid(sid: string): Promise<DoubleConversation> {
    if (this.sdk.getConversationError) throw this.sdk.getConversationError;
    const conversation = this.sdk.conversations.get(sid);
    // What the real SDK throws (3.x lib.js, getConversationBySid): a plain Error, no status.
    if (!conversation) throw new Error(`Conversation with SID ${sid} was not found.`);
    return conversation;
  }

  /** As the real client: the recorded shutdown states (disconnecting, disconnected). */
  async shutdown(): Promise<void> {
    this.shutdowns++;
    this.pendingReconnect = null;
    if (this.connectionState !== 'disconnected') this.replay(recordedConnectionStates('shutdown').states);
  }
}

/** The double's module: `loadSdk: async () => double` (or its `module` shape for the import path). */
export class TwilioDouble implements TwilioSdk {
  readonly clients: DoubleClient[] = [];
  readonly conversations = new Map<string, DoubleConversation>();
  /** When set, getConversationBySid throws it (an SDK failure shape under test). */
  getConversationError: unknown = null;
  /** Whether a new client initializes by itself (as after a real connect) and how. */
  autoInit: 'initialized' | 'failed' | 'expired' | 'manual' = 'initialized';
  /** How the next clients start, one each, before `autoInit` applies again. */
  readonly nextInits: ('initialized' | 'failed' | 'expired')[] = [];
  readonly Client: new (
    token: string,
    options?: TwilioClientOptions | null,
  ) => DoubleClient;

  constructor(
    /** The identity a token stands for (Twilio reads it from the token). */
    readonly identity = 'provider-1001',
    readonly now: () => Date = () => new Date('2025-06-11T15:30:00Z'),
  ) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sdk = this;
    this.Client = class extends DoubleClient {
      constructor(token: string, options?: TwilioClientOptions | null) {
        super(token, options, sdk);
        sdk.clients.push(this);
        const init = sdk.nextInits.shift() ?? sdk.autoInit;
        if (init !== 'manual') {
          queueMicrotask(() => (init === 'initialized' ? this.initialize() : init === 'expired' ? this.failInitExpired() : this.failInit()));
        }
      }
    };
  }

  conversation(sid: string): DoubleConversation {
    let conversation = this.conversations.get(sid);
    if (!conversation) {
      conversation = new DoubleConversation(sid, () => this.identity, this.now);
      this.conversations.set(sid, conversation);
    }
    return conversation;
  }

  get client(): DoubleClient {
    const client = this.clients.at(-1);
    if (!client) throw new Error('no client was made');
    return client;
  }
}
