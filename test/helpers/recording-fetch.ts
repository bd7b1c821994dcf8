/** A fetch that records what was sent and answers from a script, for client tests. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** fetch's credentials mode, when the client set one. */
  credentials: RequestCredentials | undefined;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function recordingFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: RecordedRequest = { method: init.method ?? 'GET', url, headers, body, credentials: init.credentials };
    requests.push(request);
    const signal = init.signal;
    if (signal?.aborted) throw signal.reason;
    const answer = responder(request, requests.length - 1);
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve(answer).then(resolve, reject);
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
