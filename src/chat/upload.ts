import { ChatError } from './chat-client';

/**
 * How the sandbox chat adapter uploads media. fetch cannot report upload progress (a
 * streamed request body needs HTTP/2 and is not in every browser), XMLHttpRequest can: it is
 * the default in browsers, fetch is the fallback (and what in-process sandboxes use).
 */

interface UploadRequest {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  signal?: AbortSignal | undefined;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
}

/** The answer's status and parsed JSON body (undefined when it had none or was not JSON). */
interface UploadResponse {
  status: number;
  body: unknown;
}

/** Resolves with any HTTP answer; rejects with a ChatError (`network`, `aborted`) when none came. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadResponse>;

const OPERATION = 'chat.sendMedia';

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Upload with fetch: no progress in between (the adapter reports start and end). */
export function fetchUpload(fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)): UploadTransport {
  return async ({ url, headers, body, signal }) => {
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body, signal });
    } catch (cause) {
      throw new ChatError({ kind: signal?.aborted ? 'aborted' : 'network', operation: OPERATION, cause });
    }
    return { status: response.status, body: parseJson(await response.text().catch(() => '')) };
  };
}

type XhrConstructor = new () => XMLHttpRequest;

/** Upload with XMLHttpRequest: reports `upload.onprogress` as it goes. */
export function xhrUpload(Xhr: XhrConstructor = XMLHttpRequest): UploadTransport {
  return ({ url, headers, body, signal, onProgress }) =>
    new Promise<UploadResponse>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new ChatError({ kind: 'aborted', operation: OPERATION }));
        return;
      }
      const xhr = new Xhr();
      const onAbort = () => xhr.abort();
      xhr.open('POST', url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event: ProgressEvent) => {
        if (event.lengthComputable) onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ChatError({ kind: 'network', operation: OPERATION }));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ChatError({ kind: 'aborted', operation: OPERATION }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
}
