import { ChatError } from './chat-client';
import type { TwilioClient, TwilioConnectionError, TwilioConnectionState } from './twilio-sdk';

/**
 * How the Twilio adapter (twilio-chat-client.ts) tells how an SDK client's start-up ended, read
 * in the real SDK (@twilio/conversations 3.0, twilsock 1.0: their builds/lib.js).
 */

/** Twilio's error code for an expired access token (twilsock's `tokenExpiredSasCode`). */
const TWILIO_TOKEN_EXPIRED_CODE = 20104;

/** How a start-up ended: initialized, or refused because the token had expired (a new client on a renewed token may start). */
type TwilioStartOutcome = 'initialized' | 'token-expired';

const isExpiry = (error: TwilioConnectionError | undefined) => error?.errorCode === TWILIO_TOKEN_EXPIRED_CODE;

/**
 * Waits for the SDK client's `initialized` (resolves `initialized`) or `initFailed`, at most
 * `timeoutMs`: then the chat is unavailable (the thread says so and offers to try again).
 *
 * A token that had expired before the client started fails its `init`: twilsock answers
 * 401/20104, and its sendInit first finalises the socket, then emits `tokenExpired`, then a
 * `connectionError` with `errorCode` 20104 — each passed on a macrotask later (TwilsockClient
 * re-emits with `setTimeout(…, 0)`). So the client's first `initFailed` ("Twilsock has
 * disconnected.", from the socket's end) names no reason, and the ones that do come right after
 * it. The outcome is settled a macrotask after the first `initFailed`: `token-expired` when
 * anything until then said so (resolves), otherwise a ChatError `unavailable` (rejects).
 */
export function whenInitialized(client: TwilioClient, signal: AbortSignal | undefined, timeoutMs: number): Promise<TwilioStartOutcome> {
  return new Promise<TwilioStartOutcome>((resolve, reject) => {
    let expired = false;
    let failure: TwilioConnectionError | undefined;
    let settling: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      done();
      reject(new ChatError({ kind: 'unavailable', operation: 'chat.connect', cause: new Error(`Twilio did not initialise within ${timeoutMs} ms`) }));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      clearTimeout(settling);
      client.off('initialized', onInitialized);
      client.off('initFailed', onFailed);
      client.off('tokenExpired', onExpired);
      client.off('connectionError', onConnectionError);
      signal?.removeEventListener('abort', onAbort);
    };
    const onInitialized = () => {
      done();
      resolve('initialized');
    };
    const settle = () => {
      done();
      if (expired) resolve('token-expired');
      else reject(new ChatError({ kind: 'unavailable', operation: 'chat.connect', cause: failure }));
    };
    const onFailed = (data: { error?: TwilioConnectionError }) => {
      failure ??= data.error;
      if (isExpiry(data.error)) expired = true;
      settling ??= setTimeout(settle, 0);
    };
    const onExpired = () => {
      expired = true;
    };
    const onConnectionError = (error: TwilioConnectionError) => {
      if (isExpiry(error)) expired = true;
    };
    const onAbort = () => {
      done();
      reject(new ChatError({ kind: 'aborted', operation: 'chat.connect' }));
    };
    client.on('initialized', onInitialized);
    client.on('initFailed', onFailed);
    client.on('tokenExpired', onExpired);
    client.on('connectionError', onConnectionError);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The SDK goes on fetching the user's conversations after `initialized` (client.js `_initialize`:
 * `_conversationsPromise`, which nobody holds until a call that needs it): when that fails — the
 * client shut down while it was under way, a thread closed right after opening — its rejection
 * would be unhandled. Absorbed here: through the SDK's own promise when it is there (no request),
 * else (another SDK version) through `getSubscribedConversations()`, which waits for it (and then
 * reads the user's conversations map once more).
 */
export function absorbConversationsFetch(client: TwilioClient): void {
  const fetching = (client as TwilioClient & { _conversationsPromise?: unknown })._conversationsPromise;
  if (fetching instanceof Promise) fetching.catch(() => undefined);
  else client.getSubscribedConversations().catch(() => undefined);
}

/**
 * Resolves once the SDK client can take a new token. Twilio ends a connection whose token expired
 * with a `close` 410: twilsock says `tokenExpired` as it starts closing, and stays `disconnecting`
 * (its state machine's `waitSocketClosed`, up to its 3 s DISCONNECTING_TIMEOUT) until the socket
 * has closed. A `client.updateToken` then is a transition its state machine does not have
 * (`userUpdateToken` starts only from disconnected, rejected, connecting, retrying or connected):
 * it is dropped with a warning and the returned promise never settles, so the renewed token is
 * never used. Waited out here (at once in any other state); rejects when `signal` aborts.
 */
export function whenTokenCanBeUpdated(client: TwilioClient, signal: AbortSignal): Promise<void> {
  if (client.connectionState !== 'disconnecting') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      client.off('connectionStateChanged', onState);
      signal.removeEventListener('abort', onAbort);
    };
    const onState = (state: TwilioConnectionState) => {
      if (state === 'disconnecting') return;
      done();
      resolve();
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    client.on('connectionStateChanged', onState);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
