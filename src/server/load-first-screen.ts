/**
 * Step 1 of a server's first screen: load it. `loadFirstScreen` fetches a widget's first-screen
 * data where the host's session is — a Next.js server component, a route handler — without
 * rendering anything (no React here: a React Server Component's `react` has no hooks, so the
 * first screen itself is rendered later, by `leadkit/react`'s component while the page renders
 * on the server, from this data: render-first-screen.ts).
 *
 *     // app/leads/page.tsx (a server component)
 *     const board = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL, headers: session } });
 *     return <Board firstScreen={board} />;   // a 'use client' component: <LeadBoard spId={1001} firstScreen={firstScreen} … />
 *
 * The data is the gateway answers of the tag's first calls (its widget's `<name>.server.ts`),
 * with what the first screen does not show left out (the board's customers' contact details),
 * and never a request's headers: it travels in the page (React's payload and the element's answers).
 */
import type { ChatReader } from '../chat/chat-reader';
import type { AttributeValues, FirstScreenData } from '../contract/first-screen-data';
import { attributeReader } from '../contract/parse-attribute';
import { gatewayInputsOf, type GatewayInputs } from '../contract/gateway-inputs';
import type { HostProperties } from '../contract/host-properties';
import { TAGS, type LeadkitTag } from '../contract/tags';
import type { GatewayClient, GatewayClientConfig } from '../gateway/core/client';
import { mayInline, recordingAnswers, requestPath, type ServerAnswer } from '../gateway/server-answers';
import { elementClient } from '../runtime/gateway-config';
import { firstCallsAt, pageLocationOf } from './first-calls-at';
import { inlinableAnswers, SERVER_WIDGETS, serverWithholds } from './server-widgets';

export interface LoadFirstScreenOptions {
  /** The element's attributes, as the component's props will give them (`'sp-id': 1001`). */
  attributes?: AttributeValues;
  /** The gateway as the server reaches it (absolute `baseURL`) with the host's session (`headers`, `fetch`). */
  gateway: Omit<GatewayClientConfig, 'auth'>;
  /** The provider's auth from the host's session; else the `sp-id` attribute's provider. */
  auth?: HostProperties['auth'];
  stylesheet?: string;
  nonce?: string;
  /** `<lead-app>`: the page's URL (path and query; an origin is ignored) — its route's first calls are made. */
  url?: string;
  /**
   * How the server reads a thread's newest messages with the session of the host's `getChatToken`
   * (`<message-thread>` and `<lead-app>`'s thread route): default the sandbox's reader when the
   * tag's `chat-service` is `sandbox`, else none — the browser reads them (Twilio: give a reader
   * of your own, see docs/server-rendering.md).
   */
  chatReader?: ChatReader;
}

/**
 * The first-screen values of a tag's first screen (its widget's `value`, `<lead-app>`'s route's
 * widget's): the thread's newest messages (read with the host's chat session, whose token never
 * goes in the page) and the pro a funnel given `sp-id` names in its heading. `client` has the
 * host's config (its `getChatToken`) and sends as the host's server; nothing it sends is recorded.
 */
export async function firstScreenValues(
  tag: LeadkitTag,
  attributes: AttributeValues,
  url: string | undefined,
  client: GatewayClient,
  chatReader: ChatReader | undefined,
): Promise<ServerAnswer[]> {
  const at = firstCallsAt(tag, attributes, url);
  const value = await SERVER_WIDGETS[at?.callTag ?? tag]?.value?.({ client, attributes, ids: at?.ids ?? null, chatReader });
  return value ? [value] : [];
}

/**
 * Fetches a tag's first-screen data (its first calls, as the CDN loader sends them early); a tag
 * without first calls, or whose attributes change them, gets none — its component then renders
 * its first screen on the server from no answers, or (a call it needed was not answered) leaves
 * it to the browser.
 */
export async function loadFirstScreen(tag: LeadkitTag, options: LoadFirstScreenOptions): Promise<FirstScreenData> {
  const attributes = options.attributes ?? {};
  const answers: ServerAnswer[] = [];
  const location = options.url !== undefined ? pageLocationOf(options.url) : null;
  const at = firstCallsAt(tag, attributes, options.url);
  const callTag = at?.callTag ?? tag;
  // The element's gateway inputs, as its attributes and `auth` give them: its client, as the element's is built.
  const inputs: GatewayInputs = { ...gatewayInputsOf(attributeReader(tag).props(attributes), TAGS[callTag].role), auth: options.auth ?? null };
  const client = (gateway: GatewayInputs['gateway']) => elementClient({ ...inputs, gateway }, { server: true });
  // The first-screen values beside the calls, through the host's config as given (nothing they send is recorded).
  const values = firstScreenValues(tag, attributes, options.url, client(options.gateway), options.chatReader);
  if (at) {
    const baseFetch = options.gateway.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    // A call whose answer may not go in a page (a credential: the thread's chat session) or that
    // the first screen leaves to the browser is not sent from here at all.
    const sending: typeof fetch = (input, init) => {
      const path = requestPath(input);
      return !mayInline(path) || serverWithholds(callTag, path)
        ? Promise.reject(new TypeError(`leadkit: ${path} is not asked for a first screen`))
        : baseFetch(input, init);
    };
    const recording = client({ ...options.gateway, retry: { retries: 0, ...options.gateway.retry }, fetch: recordingAnswers(sending, answers) });
    // An error answer is data too (the first screen shows its banner); a call that never answered is none.
    await Promise.allSettled(at.calls.send(recording, at.ids));
  }
  return {
    tag,
    answers: [...inlinableAnswers(callTag, answers), ...(await values)],
    ...(options.stylesheet ? { stylesheet: options.stylesheet } : {}),
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...(location ? { url: `${location.path}${location.search ? `?${location.search}` : ''}` } : {}),
  };
}
