import { describe, expect, it } from 'vitest';
import { createSseParser, fetchEventStream } from './sse';

/** What the parser gives (sse.ts's SseEvent, not exported: no other module names it). */
type SseEvent = ReturnType<ReturnType<typeof createSseParser>['push']>[number];

describe('createSseParser (HTML event-stream format)', () => {
  it('reads events split anywhere across chunks, with CRLF, CR or LF line ends', () => {
    const parser = createSseParser();
    const text = 'event: message\r\nid: 7\r\ndata: {"a":1}\r\n\r\n: a comment\n\ndata: line one\rdata: line two\r\r';
    const events: SseEvent[] = [];
    // One character at a time: every split point, including between CR and LF.
    for (const ch of text) events.push(...parser.push(ch));
    expect(events).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: '7', event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('keeps the last id, takes retry advice, ignores unknown fields and data-less events', () => {
    const parser = createSseParser();
    expect(parser.push('retry: 2500\n\nid: 3\nfoo: bar\n\nevent: ping\ndata\n\n')).toEqual([{ id: '3', event: 'ping', data: '' }]);
    expect(parser.retryMs).toBe(2500);
    expect(parser.push('data:no space\n\n')).toEqual([{ id: '3', event: 'message', data: 'no space' }]);
  });
});

describe('fetchEventStream', () => {
  const stream = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });

  it('sends the headers and Last-Event-ID, and yields the events', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return new Response(stream(['id: 1\ndata: a\n\n', 'id: 2\nda', 'ta: b\n\n']), { headers: { 'content-type': 'text/event-stream' } });
    }) as unknown as typeof fetch;
    const connection = await fetchEventStream(fetchImpl)({
      url: 'http://x.test/events',
      headers: { Authorization: 'Bearer t' },
      lastEventId: '41',
      signal: new AbortController().signal,
    });
    const events: SseEvent[] = [];
    for await (const event of connection.events) events.push(event);
    expect(events.map((e) => [e.id, e.data])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer t');
    expect(seen[0]!.headers.get('last-event-id')).toBe('41');
    expect(seen[0]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('turns refusals and failures into ChatErrors', async () => {
    const answer = (status: number) => (async () => new Response('{}', { status })) as unknown as typeof fetch;
    const request = { url: 'http://x.test/events', headers: {}, lastEventId: null, signal: new AbortController().signal };
    await expect(fetchEventStream(answer(401))(request)).rejects.toMatchObject({ kind: 'denied', status: 401 });
    await expect(fetchEventStream(answer(503))(request)).rejects.toMatchObject({ kind: 'rejected', status: 503 });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(fetchEventStream(offline)(request)).rejects.toMatchObject({ kind: 'network' });
  });
});
