/**
 * `leadkit/server`: a widget's first screen as HTML, for pages rendered on a server. Works in any
 * JavaScript server (Node 20+, Next.js, Express, Hono…): no DOM, no `customElements`.
 *
 *     import { renderToString } from 'leadkit/server';
 *     const html = await renderToString('lead-page', {
 *       attributes: { 'lead-id': 300002, 'sp-id': 1001 },
 *       gateway: { baseURL: 'https://gateway.internal', headers: { cookie: req.headers.cookie } },
 *       stylesheet: '/assets/leadkit-widgets.css',
 *     });
 *
 * gives `<lead-page lead-id="300002" sp-id="1001"><template shadowrootmode="open">…</template></lead-page>`:
 * the element with a declarative shadow root holding its first screen, rendered from the gateway
 * answers the server fetched with the host's gateway config and auth (never from the page), those
 * answers once as `<script type="application/json">` (so the browser does not ask again; never a
 * token), and its styles: a `<link rel="stylesheet">` to the widgets' CSS when `stylesheet` is
 * given, else the CSS its first screen uses in a `<style>` (pass the page's CSP `nonce` for a
 * strict `style-src`). When the tag is defined in the browser (`leadkit/define`, the CDN loader),
 * the element adopts that root and hydrates it in place.
 *
 * `renderFirstScreen` gives the shadow root's content alone; `leadkit/react`'s components use it
 * (from `loadFirstScreen`'s data) when they render on a server, as in Next.js.
 */
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { ELEMENTS } from './elements/definitions';
import { attributeText, parseAttribute } from './contract/parse-attribute';
import {
  appRouteAt,
  firstScreenValues,
  inlinableAnswers,
  loadFirstScreen,
  pageLocationOf,
  serverWithholds,
  type AttributeValues,
  type FirstScreenData,
  type LoadFirstScreenOptions,
} from './elements/first-screen-data';
import { ANSWERS_ATTRIBUTE, PARSED_ATTRIBUTE, PARSING_ATTRIBUTE, STYLESHEET_ATTRIBUTE, WidgetTree } from './elements/widget-tree';
import { HOST_ATTRIBUTES, kebab, TAGS, type AttributeType, type LeadkitTag } from './contract/tags';
import { createGatewayClient, type GatewayClient, type GatewayClientConfig } from './gateway/client';
import type { GatewayAuth } from './gateway/auth';
import { resolveAuth } from './runtime/gateway-config';
import { fetchTakingAnswers, recordingAnswers, requestPath, serializeAnswers, splitAnswers, type ServerAnswer } from './gateway/server-answers';
import type { ChatReader } from './chat/chat-reader';
import { createFirstScreen } from './runtime/first-screen';
import type { HostProperties } from './contract/host-properties';
import { ServerStyles } from './runtime/styles';
import { ServerLocationContext, type ServerLocation } from './runtime/server-location';
import { loadLocalePack, resolveLocale } from './i18n/locale';
import baseCss from './ui/base.css?inline';

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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  return html + decoder.decode();
}

/** The attributes as written on the element, and as the widget's props. */
function readAttributes(tag: LeadkitTag, attributes: AttributeValues | undefined): { written: string[]; props: Record<string, unknown> } {
  const attributeTypes: Record<string, AttributeType> = { ...HOST_ATTRIBUTES, ...(TAGS[tag].attributes as Record<string, AttributeType>) };
  const propOf = new Map(Object.keys(attributeTypes).map((name) => [kebab(name), name]));
  const written: string[] = [];
  const props: Record<string, unknown> = {};
  for (const [attribute, value] of Object.entries(attributes ?? {})) {
    const raw = attributeText(value);
    if (raw === null || !/^[a-z][a-z0-9-]*$/i.test(attribute)) continue;
    written.push(raw === '' ? attribute : `${attribute}="${escapeAttribute(raw)}"`);
    // The tag's own attributes become props; any other (id, class, aria-*…) is only written.
    const name = propOf.get(attribute.toLowerCase());
    if (!name) continue;
    const parsed = parseAttribute(attributeTypes[name] as AttributeType, attribute, raw);
    if (parsed !== 'invalid') props[name] = parsed.value;
  }
  return { written, props };
}

interface ShadowInputs {
  props: Record<string, unknown>;
  location: ServerLocation | null;
  client: (auth: GatewayAuth) => GatewayClient;
  /** The answers the page gets (once the render is done). */
  answers: () => readonly ServerAnswer[];
  /** The first-screen values (the thread's newest messages), asked before the render with the render's auth. */
  values: (auth: GatewayAuth) => Promise<readonly ServerAnswer[]>;
  stylesheet: string | undefined;
  nonce: string | undefined;
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

/** The declarative shadow root's content: the answers, the styles, the first screen between its markers. */
async function renderShadowRoot(tag: LeadkitTag, { props, location, client, answers, values, stylesheet, nonce }: ShadowInputs): Promise<string> {
  const definition = ELEMENTS[tag];
  if (!definition) throw new Error(`leadkit/server: no tag ${String(tag)}`);
  const auth = resolveAuth({
    role: TAGS[tag].role,
    auth: (props.auth as GatewayAuth | undefined) ?? null,
    authMode: props.authMode as string | undefined,
    spId: props.spId as number | undefined,
  });
  props.gateway = client(auth);
  // The locale's texts before the render (a server cannot see the page's `lang`: only the attribute
  // counts), beside the first-screen values (the widget takes them as it renders, as in the browser).
  const locale = resolveLocale(props.locale as string | undefined, null);
  const [shown] = await Promise.all([values(auth), loadLocalePack(locale)]);
  // The lazy parts of the first screen (its list, the open card's body…) suspend: prerender waits for them.
  const gate = createFirstScreen();
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
  // Always there, `[]` when the first screen asked nothing: it also tells the element that its
  // shadow root is a server's first screen, to hydrate rather than replace.
  const data = `<script type="application/json" ${ANSWERS_ATTRIBUTE}>${serializeAnswers([...answers(), ...shown])}</script>`;
  // Without a stylesheet URL: the CSS this first screen uses (base first; a part's own after the
  // primitives it refines, as the browser adopts them: inner components first). The element
  // adopts it as a constructed sheet and removes the element.
  const inline = stylesheet
    ? ''
    : `<style ${STYLESHEET_ATTRIBUTE}${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${[baseCss, ...[...styles].reverse()].join('\n').replace(/<\//g, '<\\/')}</style>`;
  // Between the markers the first screen stays hidden until all of it is parsed (ui/base.css).
  return `<span ${PARSING_ATTRIBUTE} hidden></span>${data}${inline}${html}<span ${PARSED_ATTRIBUTE} hidden></span>`;
}

/** The tag whose server policy applies: `<lead-app>` shows its route's widget. */
function policyTag(tag: LeadkitTag, props: Record<string, unknown>, location: ServerLocation | null): LeadkitTag {
  return (tag === 'lead-app' && location && appRouteAt(props.base, location)?.tag) || tag;
}

/**
 * The content of `<tag>`'s declarative shadow root (see the module comment): from the gateway
 * (the calls go out from here), or from `loadFirstScreen`'s data — then null when the first
 * screen needed a call the data does not answer (the browser renders it).
 */
export async function renderFirstScreen(tag: LeadkitTag, options: ServerRenderOptions | FirstScreenFromData): Promise<string | null> {
  const { props } = readAttributes(tag, options.attributes);
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
      client: (auth) =>
        createGatewayClient({
          baseURL: 'http://leadkit.invalid',
          auth,
          retry: { retries: 0 },
          fetch: withholding(
            policy,
            fetchTakingAnswers([...data.answers], () => {
              unanswered = true;
              return Promise.reject(new TypeError('leadkit/server: not answered by the first-screen data'));
            }),
          ),
        }),
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
    client: (auth) => createGatewayClient({ ...options.gateway, auth, fetch: recordingAnswers(withholding(policy, baseFetch), recorded) }),
    answers: () => inlinableAnswers(policy, recorded),
    // Through the host's config as given: nothing they send is recorded.
    values: (auth) => firstScreenValues(tag, options.attributes ?? {}, options.url, createGatewayClient({ ...options.gateway, auth }), options.chatReader),
    stylesheet: options.stylesheet,
    nonce: options.nonce,
  });
}

/** Renders `<tag>` with its first screen in a declarative shadow root (see the module comment). */
export async function renderToString(tag: LeadkitTag, options: ServerRenderOptions): Promise<string> {
  const { written } = readAttributes(tag, options.attributes);
  const shadow = await renderFirstScreen(tag, options);
  return `<${tag}${written.length ? ` ${written.join(' ')}` : ''}><template shadowrootmode="open">${shadow ?? ''}</template></${tag}>`;
}

export { loadFirstScreen, type FirstScreenData, type LoadFirstScreenOptions, type LeadkitTag };
export type { ChatReader, ChatReaderInit, ChatFirstPage } from './chat/chat-reader';
export { createSandboxChatReader } from './chat/sandbox-chat-client';
