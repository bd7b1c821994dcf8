import { afterEach, describe, expect, it } from 'vitest';
import { sizeLimitedFetch } from './answer-reading';
import { createGatewayClient } from './client';
import { getServiceProviderInfo } from '../office/calls';

const encoder = new TextEncoder();
const provider = { kind: 'provider', spId: 1001 } as const;
const spInfo = { serviceProviders: [{ id: 1001, name: 'Acme', primaryAddress: { postalCode: '80202' } }] };

/**
 * An answer whose body breaks after its first bytes, as a connection cut mid-answer does (the
 * page left while the answer streamed: Firefox's read then fails with this very TypeError).
 */
function cutAnswer(): Response {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (pulls === 1) controller.enqueue(encoder.encode(JSON.stringify(spInfo).slice(0, 20)));
      else controller.error(new TypeError('Error in input stream'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Unhandled rejections seen while a test runs (Node reports them on the process). */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

describe('sizeLimitedFetch: an answer cut while it is read', () => {
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    unhandled.length = 0;
  });

  // Firefox writes 'Failed to read data from the ReadableStream: …' to the page's console as an
  // error whenever a Response built on a script's stream fails while read — even when the read's
  // rejection is caught. So the answer is read here, by its own reader, and a cut one fails the
  // fetch itself with its own error: no script stream is ever put in a Response.
  it('fails the fetch itself with the body’s own error, never hands on a Response whose body fails later', async () => {
    const limited = sizeLimitedFetch(async () => cutAnswer(), 1024, new WeakSet());
    await expect(limited('/gateway/x')).rejects.toThrow('Error in input stream');
  });

  it('hands on a whole answer as a Response that reads without a script stream', async () => {
    const limited = sizeLimitedFetch(
      async () => new Response(JSON.stringify(spInfo), { status: 201, statusText: 'Created', headers: { 'x-a': '1' } }),
      1024,
      new WeakSet(),
    );
    const response = await limited('/gateway/x');
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Created');
    expect(response.headers.get('x-a')).toBe('1');
    expect(await response.json()).toEqual(spInfo);
  });

  it('through the client: the call fails as a network error (retried, as a GET is), with no unhandled rejection', async () => {
    process.on('unhandledRejection', onUnhandled);
    let asked = 0;
    const fetch = (async () => (++asked === 1 ? cutAnswer() : new Response(JSON.stringify(spInfo), { status: 200 }))) as typeof globalThis.fetch;
    const noRetry = createGatewayClient({ baseURL: '', auth: provider, fetch: (async () => cutAnswer()) as typeof globalThis.fetch, retry: { retries: 0 } });
    await expect(getServiceProviderInfo(noRetry, 1001)).rejects.toMatchObject({ name: 'GatewayError', kind: 'network' });
    const retrying = createGatewayClient({ baseURL: '', auth: provider, fetch, retry: { retries: 1, baseDelayMs: 0, maxDelayMs: 0 } });
    await expect(getServiceProviderInfo(retrying, 1001)).resolves.toMatchObject({ serviceProviders: [{ id: 1001 }] });
    expect(asked).toBe(2);
    // Unhandled rejections are reported after the microtasks of the turn that made them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });

  it('a read the caller aborts mid-answer ends the call as aborted', async () => {
    const controller = new AbortController();
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal;
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(stream) {
          pulls++;
          if (pulls === 1) {
            stream.enqueue(encoder.encode('{"serviceProviders":'));
            // The page is left: the answer's body errors as fetch's does on abort.
            controller.abort();
            stream.error(signal?.reason ?? new DOMException('aborted', 'AbortError'));
          }
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client = createGatewayClient({ baseURL: '', auth: provider, fetch });
    await expect(getServiceProviderInfo(client, 1001, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });
});
