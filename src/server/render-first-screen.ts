/**
 * Step 2 of a server's first screen: render it. From `loadFirstScreen`'s data (load-first-screen.ts),
 * or from the gateway, whose calls go out from here as the widget renders; then serialized
 * (serialize.ts). `renderToString` gives the element around it.
 */
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import type { ChatReader } from '../chat/chat-reader';
import type { AttributeValues, FirstScreenData } from '../contract/first-screen-data';
import { attributeReader, attributeText } from '../contract/parse-attribute';
import { TAGS, type LeadkitTag } from '../contract/tags';
import { gatewayInputsOf, type GatewayInputs } from '../contract/gateway-inputs';
import type { HostProperties } from '../contract/host-properties';
import { ELEMENTS } from '../elements/definitions';
import { WidgetTree } from '../elements/widget-tree';
import type { GatewayClientConfig } from '../gateway/core/client';
import { fetchTakingAnswers, recordingAnswers, requestPath, splitAnswers, type ServerAnswer } from '../gateway/server-answers';
import { loadLocalePack, resolveLocale } from '../i18n/locale';
import { createServerRenderGate } from '../runtime/server-render-gate';
import { elementClient } from '../runtime/gateway-config';
import { ServerLocationContext, type ServerLocation } from '../runtime/server-location';
import { ServerStyles } from '../runtime/styles';
import { appRouteAt, pageLocationOf } from './first-calls-at';
import { firstScreenValues } from './load-first-screen';
import { elementHtml, escapeAttribute, shadowRootHtml } from './serialize';
import { inlinableAnswers, serverWithholds } from './server-widgets';

export interface ServerRenderOptions {
  /** The element's attributes, as a host would write them (`'lead-id': 300002`); `false`/null/undefined: absent. */
  attributes?: AttributeValues;
  /** Host properties (`auth`, `messages`, `flags`, `routes`, `now`…); `gateway` is the option below. */
  properties?: Partial<Omit<HostProperties, 'gateway'>>;
  /**
   * The gateway as the server reaches it: `baseURL` (absolute), and the host's session — its
   * `headers` (the signed-in user's `Cookie` forwarded), `fetch`. The provider's auth comes from
   * `properties.auth` (a bearer `token` there), else the `sp-id` attribute
   * (docs/server-rendering.md#signed-in).
   */
  gateway: Omit<GatewayClientConfig, 'auth'>;
  /** URL of leadkit's widget stylesheet (`leadkit/widgets.css`, served by the host): linked inside the shadow root. Else the first screen's CSS is inlined. */
  stylesheet?: string;
  /** The page's CSP nonce, put on the inlined `<style>` (no `stylesheet`). */
  nonce?: string;
  /** The page's URL (path and query; an origin is ignored): `<lead-app>` renders its route. */
  url?: string;
  /**
   * Reads a thread's newest messages on the server with the session the gateway config's
   * `getChatToken` gives (`loadFirstScreen`'s option of the same name): default the sandbox's
   * reader for `chat-service="sandbox"`, else none (the browser reads them).
   */
  chatReader?: ChatReader;
}

/** `renderFirstScreen` from first-screen data (`loadFirstScreen`) instead of a gateway. */
export interface FirstScreenFromData {
  attributes?: AttributeValues;
  properties?: Partial<Omit<HostProperties, 'gateway'>>;
  from: FirstScreenData;
}

/** Where a render's answers come from, and where its styles go. */
interface RenderInputs {
  props: Record<string, unknown>;
  location: ServerLocation | null;
  /** The gateway config the render's calls go through (the element's client is built from it, as in the browser). */
  gateway: Omit<GatewayClientConfig, 'auth'>;
  /** The answers the page gets (once the render is done). */
  answers: () => readonly ServerAnswer[];
  /** The first-screen values (the thread's newest messages), asked before the render with a client of the element's inputs. */
  values: (inputs: GatewayInputs) => Promise<readonly ServerAnswer[]>;
  stylesheet: string | undefined;
  nonce: string | undefined;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  return html + decoder.decode();
}

/** The attributes as written on the element (its own become the widget's props: `attributeReader`; any other — id, class, aria-* — is only written). */
function writtenAttributes(attributes: AttributeValues | undefined): string[] {
  const written: string[] = [];
  for (const [attribute, value] of Object.entries(attributes ?? {})) {
    const raw = attributeText(value);
    if (raw === null || !/^[a-z][a-z0-9-]*$/i.test(attribute)) continue;
    written.push(raw === '' ? attribute : `${attribute}="${escapeAttribute(raw)}"`);
  }
  return written;
}

/**
 * A fetch that leaves the calls a tag's first screen withholds to the browser: never sent, never
 * answered (aborted with the render), so what waits for them shows loading — as it will in the
 * browser when the element hydrates, before it asks for them itself.
 */
function withholding(tag: LeadkitTag, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    if (!serverWithholds(tag, requestPath(input))) return fetch(input, init);
    return new Promise((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
    });
  };
}

/** Renders `<tag>`'s first screen (its widget tree, as its element renders it) and serializes its shadow root's content. */
async function renderShadowRoot(tag: LeadkitTag, { props, location, gateway, answers, values, stylesheet, nonce }: RenderInputs): Promise<string> {
  const definition = ELEMENTS[tag];
  if (!definition) throw new Error(`leadkit/server: no tag ${String(tag)}`);
  const inputs = gatewayInputsOf(props, TAGS[tag].role);
  props.gateway = elementClient({ ...inputs, gateway }, { server: true });
  // The locale's texts before the render (a server cannot see the page's `lang`: only the attribute
  // counts), beside the first-screen values (the widget takes them as it renders, as in the browser).
  const locale = resolveLocale(props.locale as string | undefined, null);
  const [shown] = await Promise.all([values(inputs), loadLocalePack(locale)]);
  // The lazy parts of the first screen (its list, the open card's body…) suspend: prerender waits for them.
  const gate = createServerRenderGate();
  const styles = new Set<string>();
  const tree = createElement(
    ServerStyles.Provider,
    { value: stylesheet ? null : styles },
    createElement(
      ServerLocationContext.Provider,
      { value: location },
      createElement(WidgetTree, { definition, props, owner: {}, host: null, gate, stylesheet: stylesheet ?? null, answers: [...shown] }),
    ),
  );
  // One piece of HTML: a large Suspense boundary is never outlined behind its fallback with a
  // script to swap it in (no script runs in a declarative shadow root, nor under a strict CSP).
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await readAll(prelude);
  return shadowRootHtml({ html, answers: [...answers(), ...shown], styles: [...styles], stylesheet, nonce });
}

/** The tag whose server half applies: `<lead-app>` shows its route's widget. */
function policyTag(tag: LeadkitTag, props: Record<string, unknown>, location: ServerLocation | null): LeadkitTag {
  return (tag === 'lead-app' && location && appRouteAt(props.base, location)?.tag) || tag;
}

/**
 * The content of `<tag>`'s declarative shadow root (see src/server.ts): from the gateway (the
 * calls go out from here), or from `loadFirstScreen`'s data — then null when the first screen
 * needed a call the data does not answer (the browser renders it).
 */
export async function renderFirstScreen(tag: LeadkitTag, options: ServerRenderOptions | FirstScreenFromData): Promise<string | null> {
  const props = attributeReader(tag).props(options.attributes);
  Object.assign(props, options.properties);
  const url = 'from' in options ? options.from.url : options.url;
  const location = url !== undefined ? pageLocationOf(url) : null;
  // What the page may carry is the shown widget's: `<lead-app>`'s route's tag.
  const policy = policyTag(tag, props, location);
  if ('from' in options) {
    const data = options.from;
    if (data.tag !== tag) throw new Error(`leadkit/server: first-screen data of <${data.tag}> given for <${tag}>`);
    let unanswered = false;
    const html = await renderShadowRoot(tag, {
      props,
      location,
      gateway: {
        baseURL: 'http://leadkit.invalid',
        retry: { retries: 0 },
        fetch: withholding(
          policy,
          fetchTakingAnswers([...data.answers], () => {
            unanswered = true;
            return Promise.reject(new TypeError('leadkit/server: not answered by the first-screen data'));
          }),
        ),
      },
      answers: () => splitAnswers(data.answers).calls,
      values: () => Promise.resolve(splitAnswers(data.answers).values),
      stylesheet: data.stylesheet,
      nonce: data.nonce,
    });
    return unanswered ? null : html;
  }
  const recorded: ServerAnswer[] = [];
  const baseFetch = options.gateway.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  return renderShadowRoot(tag, {
    props,
    location,
    gateway: { ...options.gateway, fetch: recordingAnswers(withholding(policy, baseFetch), recorded) },
    answers: () => inlinableAnswers(policy, recorded),
    // Through the host's config as given: nothing they send is recorded.
    values: (inputs) =>
      firstScreenValues(
        tag,
        options.attributes ?? {},
        options.url,
        elementClient({ ...inputs, gateway: options.gateway }, { server: true }),
        options.chatReader,
      ),
    stylesheet: options.stylesheet,
    nonce: options.nonce,
  });
}

/** Renders `<tag>` with its first screen in a declarative shadow root (see src/server.ts). */
export async function renderToString(tag: LeadkitTag, options: ServerRenderOptions): Promise<string> {
  return elementHtml(tag, writtenAttributes(options.attributes), await renderFirstScreen(tag, options));
}
