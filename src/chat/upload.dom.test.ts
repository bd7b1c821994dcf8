import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient } from '../gateway/core/client';
import type { ChatClient } from './chat-client';
import { openChat } from './open-chat';
import { createSandboxChatClientFactory } from './sandbox-chat-client';
import { xhrUpload } from './upload';

/**
 * XMLHttpRequest uploads report progress. happy-dom's XMLHttpRequest reports none, so this
 * stands in for the browser's: it hands the request to the in-process sandbox (what the server
 * receives is real) and fires `upload.onprogress` at half and at the end, as a browser does.
 */
function xhrOver(fetchImpl: typeof fetch) {
  const opened: { method: string; url: string; headers: Record<string, string> }[] = [];
  class BrowserLikeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    private controller = new AbortController();
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
      opened.push(this.request);
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.controller.abort();
      this.onabort?.();
    }
    send(body: Blob) {
      const progress = (loaded: number) => this.upload.onprogress?.({ lengthComputable: true, loaded, total: body.size } as ProgressEvent);
      progress(Math.floor(body.size / 2));
      fetchImpl(this.request.url, { method: this.request.method, headers: this.request.headers, body, signal: this.controller.signal }).then(
        async (response) => {
          progress(body.size);
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => {
          if (!this.controller.signal.aborted) this.onerror?.();
        },
      );
    }
  }
  return { Xhr: BrowserLikeXhr as unknown as new () => XMLHttpRequest, opened };
}

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (ch) => ch.charCodeAt(0));

const clients: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('xhrUpload', () => {
  it('reports upload progress through sendMedia, and the server stores the file', async () => {
    const sandbox = createSandboxGateway({ now: () => new Date('2025-06-11T15:30:00Z') });
    const { Xhr, opened } = xhrOver(sandbox.fetch);
    const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const factory = createSandboxChatClientFactory({ fetch: sandbox.fetch, upload: xhrUpload(Xhr) });
    const { client, conversation } = await openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } });
    clients.push(client);
    const file = new Blob([PNG, new Uint8Array(1000)], { type: 'image/png' });
    const progress: [number, number][] = [];
    const { index } = await conversation.sendMedia(file, { filename: 'big.png', onProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(progress).toEqual([
      [0, file.size],
      [Math.floor(file.size / 2), file.size],
      [file.size, file.size],
    ]);
    expect(opened).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/^http:\/\/sandbox\.test\/gateway\/message-center\/v1\/chat\/conversations\/CH[0-9a-f]{32}\/media$/),
        headers: expect.objectContaining({ 'content-type': 'image/png', 'x-media-filename': 'big.png', authorization: expect.stringMatching(/^Bearer /) }),
      },
    ]);
    const page = await conversation.getMessages({ pageSize: 1 });
    expect(page.messages[0]).toMatchObject({ index, media: [{ filename: 'big.png', size: file.size }] });
    expect(sandbox.chat.mediaContent(page.messages[0]!.media[0]!.sid)?.length).toBe(file.size);
  });

  it('aborts with the signal', async () => {
    const never = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const { Xhr } = xhrOver(never);
    const controller = new AbortController();
    const upload = xhrUpload(Xhr)({ url: 'http://sandbox.test/x', headers: {}, body: new Blob([PNG]), signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'ChatError', kind: 'aborted' });
  });
});
