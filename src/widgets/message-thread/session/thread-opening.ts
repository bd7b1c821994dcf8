import type { ChatClientFactory } from '../../../chat/chat-client';
import { chatFactoryFor, hasChatFactory } from '../../../chat/chat-factory';
import { openChat, type OpenedChat } from '../../../chat/open-chat';
import type { GatewayClient } from '../../../gateway/core/client';
import { chatSessionRequest } from '../../../gateway/message-center/chat-session';
import type { ElementStart } from '../../../runtime/widget';

/**
 * The thread's chat, opened as its element connects (docs/widgets/message-thread.md#opening):
 * the element's `preload` starts it as soon as this part is here, with the gateway client its
 * tree will render with, so the conversation and its first page are asked for while the
 * element's first render runs — not after its commit. The body's session takes it when it opens
 * with the same inputs; one with other inputs (a prop changed meanwhile) gives it up and opens
 * its own. An opening nobody took is given up when the element leaves the document, or after
 * UNCLAIMED_MS (the body never rendered: the thread showed its error instead).
 *
 * A part of its own (an `import()`): the CDN build puts it in the thread's first-screen chunk
 * (scripts/first-screen-chunks.ts), an npm host's bundler may split it; either way the opening
 * waits for the chat adapter's code and the session's answer, not for the first render.
 */

/** Messages per page (recent messages on open, then each older page). */
export const THREAD_PAGE_SIZE = 30;

/** A chat opening under way, and how to stop it. */
export interface StartedOpening {
  readonly opened: Promise<OpenedChat>;
  /** Stops it while under way (it rejects as `aborted`). */
  abort(): void;
}

/** Nobody will use this opening: stopped while under way, its client closed once opened. */
export function giveUpOpening(started: StartedOpening): void {
  started.abort();
  started.opened.then(
    (opened) => opened.client.close(),
    () => undefined,
  );
}

/**
 * Opens a thread's chat (chat/open-chat.ts) with the thread's first page asked for beside the
 * conversation. The adapter's code loads while the gateway is asked for the session (not one
 * after the other); a factory that throws instead of rejecting fails the opening the same way.
 */
export function openThreadChat({
  gateway,
  factory,
  spId,
  userId,
  leadId,
  signal,
}: {
  gateway: GatewayClient;
  /** The chat client factory (the host's, or the default adapter, loaded lazily). */
  factory: () => Promise<ChatClientFactory>;
  spId: number;
  userId: number;
  leadId: number | null;
  signal: AbortSignal;
}): Promise<OpenedChat> {
  const adapter = Promise.resolve().then(() => factory());
  adapter.catch(() => undefined); // its failure is openChat's
  return openChat({
    gateway,
    factory: async (init) => (await adapter)(init),
    thread: chatSessionRequest(spId, userId, leadId),
    firstPageSize: THREAD_PAGE_SIZE, // the adapter may ask for it beside the conversation
    signal,
  });
}

/** What an opening is for: a session with other inputs opens its own. */
export interface ThreadOpeningInputs {
  readonly client: GatewayClient;
  /** The host's `chat` property, or null (then `chatService` names the adapter). */
  readonly chat: ChatClientFactory | null;
  readonly chatService: string | null;
  readonly spId: number;
  readonly userId: number;
  readonly leadId: number | null;
}

interface Started extends StartedOpening {
  readonly inputs: ThreadOpeningInputs;
  readonly timer: ReturnType<typeof setTimeout>;
}

const started = new WeakMap<object, Started>();
/** Long after any first render (a slow locale pack included): the body never came. */
const UNCLAIMED_MS = 30_000;

function sameInputs(a: ThreadOpeningInputs, b: ThreadOpeningInputs): boolean {
  return (Object.keys(a) as (keyof ThreadOpeningInputs)[]).every((name) => Object.is(a[name], b[name]));
}

/**
 * Starts the chat of a live thread element — not an archived one, nor one without its ids or
 * without a chat adapter (they open none as they connect). Once per element.
 */
export function startThreadOpening(host: object, start: ElementStart): void {
  const props = start.props();
  const { spId, userId, leadId } = props;
  if (start.signal.aborted || started.has(host) || props.archived === true || typeof spId !== 'number' || typeof userId !== 'number') return;
  const chat = (props.chat as ChatClientFactory | null | undefined) ?? null;
  const chatService = (props.chatService as string | null | undefined) ?? null;
  // No adapter (npm's leadkit before the host gives `chat`): nothing to open; the thread says so when it renders.
  if (!hasChatFactory(chat, chatService)) return;
  const inputs: ThreadOpeningInputs = { client: start.client(), chat, chatService, spId, userId, leadId: typeof leadId === 'number' ? leadId : null };
  const controller = new AbortController();
  const opened = openThreadChat({
    gateway: inputs.client,
    factory: chatFactoryFor(inputs.chat, inputs.chatService),
    spId,
    userId,
    leadId: inputs.leadId,
    signal: controller.signal,
  });
  opened.catch(() => undefined); // its failure is the session's that takes it
  const unclaimed = () => {
    if (started.get(host) !== entry) return;
    started.delete(host);
    giveUpOpening(entry);
  };
  const entry: Started = { inputs, opened, abort: () => controller.abort(), timer: setTimeout(unclaimed, UNCLAIMED_MS) };
  started.set(host, entry);
  start.signal.addEventListener('abort', unclaimed, { once: true });
}

/** The opening its element started for these inputs (taken: once), or null — then the session opens its own. */
export function takeThreadOpening(host: object | null, inputs: ThreadOpeningInputs): StartedOpening | null {
  const entry = host ? started.get(host) : undefined;
  if (!host || !entry) return null;
  started.delete(host);
  clearTimeout(entry.timer);
  if (sameInputs(entry.inputs, inputs)) return entry;
  giveUpOpening(entry);
  return null;
}
