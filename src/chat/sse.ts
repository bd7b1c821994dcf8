import { ChatError } from './chat-client';

/**
 * Server-sent events over fetch. The sandbox chat adapter reads its live stream with this
 * rather than `EventSource`, because EventSource cannot send headers: the gateway wants its
 * caller headers on every request, and the chat token belongs in `Authorization`, never in a
 * URL. It works the same in browsers, happy-dom and Node (with the in-process sandbox fetch),
 * and aborts with a signal. Reconnecting (with `Last-Event-ID`) is the caller's job.
 */

interface SseEvent {
  /** The last event id seen on this stream (the spec's "last event ID buffer"); null before any. */
  readonly id: string | null;
  /** `event:` field; 'message' when absent. */
  readonly event: string;
  readonly data: string;
}

/** A parsed stream: events, and the server's `retry:` advice when it gave one. */
interface SseParser {
  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[];
  /** Reconnection delay the server asked for (ms), or null. */
  readonly retryMs: number | null;
  /** The last event ID buffer: the last `id:` field read, with an event or without one; null before any. */
  readonly lastEventId: string | null;
}

/**
 * An incremental parser per the HTML event-stream format (fields, comments, CR/LF/CRLF lines).
 * @internal Exported for tests.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let data: string[] = [];
  let eventType = '';
  let lastId: string | null = null;
  let retryMs: number | null = null;
  let skipLf = false;

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length > 0) out.push({ id: lastId, event: eventType || 'message', data: data.join('\n') });
      data = [];
      eventType = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
    }
  }

  return {
    push(text) {
      // A CR that ended the previous chunk ended a line; an LF right after it belongs to it.
      if (skipLf && text.startsWith('\n')) text = text.slice(1);
      skipLf = false;
      buffer += text;
      const out: SseEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        if (match[0] === '\r' && match.index === buffer.length - 1) skipLf = true;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastId;
    },
  };
}

interface EventStreamRequest {
  url: string;
  headers: Record<string, string>;
  /** Sent as `Last-Event-ID` so the server replays what was missed while away. */
  lastEventId: string | null;
  signal: AbortSignal;
}

interface EventStream {
  /** Events until the server ends the stream; rejects with a ChatError when it breaks. */
  readonly events: AsyncIterable<SseEvent>;
  /** The server's `retry:` advice seen so far (ms), or null. */
  readonly retryMs: () => number | null;
  /**
   * The last `id:` the stream named, also one sent without an event (a server names its position
   * when the stream opens): what to resume from. Optional for connectors written before it.
   */
  readonly lastEventId?: () => string | null;
}

/**
 * Opens a stream: resolves once the answer's headers arrived with a 2xx event stream (the
 * connection is up), rejects with a ChatError (`denied` for 401/403, `rejected` for another
 * status, `network` without an answer, `aborted`).
 */
export type EventStreamConnector = (request: EventStreamRequest) => Promise<EventStream>;

const OPERATION = 'chat.events';

/** The default connector: `fetch` (give the in-process sandbox fetch in tests and Storybook). */
export function fetchEventStream(fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)): EventStreamConnector {
  return async ({ url, headers, lastEventId, signal }) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers: { ...headers, accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'Last-Event-ID': lastEventId }) },
        signal,
        cache: 'no-store',
      });
    } catch (cause) {
      throw new ChatError({ kind: signal.aborted ? 'aborted' : 'network', operation: OPERATION, cause });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      const kind = response.status === 401 || response.status === 403 ? 'denied' : 'rejected';
      throw new ChatError({ kind, operation: OPERATION, status: response.status });
    }
    const parser = createSseParser();
    const body = response.body;
    async function* events(): AsyncGenerator<SseEvent> {
      const reader = body.getReader();
      const decoder = new TextDecoder();
      const onAbort = () => void reader.cancel().catch(() => undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (cause) {
            throw new ChatError({ kind: signal.aborted ? 'aborted' : 'network', operation: OPERATION, cause });
          }
          if (chunk.done) return;
          yield* parser.push(decoder.decode(chunk.value, { stream: true }));
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        // Leaving early (a break, or the consumer stopped): let the server see the hang-up.
        await reader.cancel().catch(() => undefined);
      }
    }
    return { events: events(), retryMs: () => parser.retryMs, lastEventId: () => parser.lastEventId };
  };
}
