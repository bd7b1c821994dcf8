/**
 * `leadkit/server`: a widget's first screen as HTML, for pages rendered on a server. Works in any
 * JavaScript server (Node 20+, Next.js, Express, Hono…): no DOM, no `customElements`.
 *
 *     import { renderToString } from 'leadkit/server';
 *     const html = await renderToString('lead-page', {
 *       attributes: { 'lead-id': 300002, 'sp-id': 1001 },
 *       gateway: { baseURL: 'https://gateway.internal', headers: sessionHeaders },
 *       stylesheet: '/assets/leadkit-widgets.css',
 *     });
 *
 * gives `<lead-page lead-id="300002" sp-id="1001"><template shadowrootmode="open">…</template></lead-page>`:
 * the element with a declarative shadow root holding its first screen, rendered from the gateway
 * answers the server fetched with the host's gateway config and auth (never from the page), those
 * answers once as `<script type="application/json">` (so the browser does not ask again; never a
 * token), and a `<link rel="stylesheet">` to the widgets' CSS (no inline style: a strict CSP
 * allows it). When the tag is defined in the browser (`leadkit/define`, the CDN loader), the
 * element adopts that root and hydrates it in place.
 */
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { ELEMENTS } from './elements/definitions';
import { parseAttribute } from './elements/element-definition';
import { ANSWERS_ATTRIBUTE, PARSED_ATTRIBUTE, PARSING_ATTRIBUTE, WidgetTree } from './elements/widget-tree';
import { HOST_ATTRIBUTES, kebab, TAGS, type AttributeType, type LeadkitTag } from './elements/tags';
import { createGatewayClient, type GatewayClientConfig } from './gateway/client';
import { resolveAuth } from './runtime/gateway-config';
import { recordingAnswers, serializeAnswers, type ServerAnswer } from './gateway/server-answers';
import { createFirstScreen } from './runtime/first-screen';
import type { HostProperties } from './runtime/host-inputs';
import { loadLocalePack, resolveLocale } from './i18n/locale';
import { boardServerAnswer } from './widgets/lead-board/server-answer';

/**
 * Per tag, what of an answer its server render may put in the page: the answer, one with what
 * the first screen does not show left out, or null for none (absent: as answered). Only here —
 * never in the browser's bundles.
 */
const SERVER_ANSWERS: Partial<Record<LeadkitTag, (answer: ServerAnswer) => ServerAnswer | null>> = {
  'lead-board': boardServerAnswer,
};

export interface ServerRenderOptions {
  /** The element's attributes, as a host would write them (`'lead-id': 300002`); `false`/null/undefined: absent. */
  attributes?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  /** Host properties (`auth`, `messages`, `flags`, `routes`, `now`…); `gateway` is the option below. */
  properties?: Partial<Omit<HostProperties, 'gateway'>>;
  /**
   * The gateway as the server reaches it: `baseURL` (absolute), and the host's session — its
   * `headers`, `fetch`. The provider's auth comes from `properties.auth`, else the `sp-id` attribute.
   */
  gateway: Omit<GatewayClientConfig, 'auth'>;
  /** URL of leadkit's widget stylesheet (`leadkit/widgets.css`, served by the host): linked inside the shadow root. */
  stylesheet?: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  return html + decoder.decode();
}

/** Renders `<tag>` with its first screen in a declarative shadow root (see the module comment). */
export async function renderToString(tag: LeadkitTag, options: ServerRenderOptions): Promise<string> {
  const definition = ELEMENTS[tag];
  if (!definition) throw new Error(`leadkit/server: no tag ${String(tag)}`);
  const attributeTypes: Record<string, AttributeType> = { ...HOST_ATTRIBUTES, ...(TAGS[tag].attributes as Record<string, AttributeType>) };
  const props: Record<string, unknown> = { ...options.properties };
  const written: string[] = [];
  const propOf = new Map(Object.keys(attributeTypes).map((name) => [kebab(name), name]));
  for (const [attribute, value] of Object.entries(options.attributes ?? {})) {
    if (value === undefined || value === null || value === false || !/^[a-z][a-z0-9-]*$/i.test(attribute)) continue;
    const raw = value === true ? '' : String(value);
    written.push(raw === '' ? attribute : `${attribute}="${escapeAttribute(raw)}"`);
    // The tag's own attributes become props; any other (id, class, aria-*…) is only written.
    const name = propOf.get(attribute.toLowerCase());
    if (!name) continue;
    const parsed = parseAttribute(attributeTypes[name] as AttributeType, attribute, raw);
    if (parsed !== 'invalid') props[name] = parsed.value;
  }

  const answers: ServerAnswer[] = [];
  const baseFetch = options.gateway.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  props.gateway = createGatewayClient({
    ...options.gateway,
    auth: resolveAuth({ auth: options.properties?.auth ?? null, authMode: props.authMode as string | undefined, spId: props.spId as number | undefined }),
    fetch: recordingAnswers(baseFetch, answers),
  });
  // The locale's texts before the render (a server cannot see the page's `lang`: only the attribute counts).
  const locale = resolveLocale(props.locale as string | undefined, null);
  await loadLocalePack(locale);
  // The lazy parts of the first screen (its list, the open card's body…) suspend: prerender waits for them.
  const gate = createFirstScreen();
  const tree = createElement(WidgetTree, { definition, props, owner: {}, host: null, gate, stylesheet: options.stylesheet ?? null });
  // One piece of HTML: a large Suspense boundary is never outlined behind its fallback with a
  // script to swap it in (no script runs in a declarative shadow root, nor under a strict CSP).
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await readAll(prelude);
  const inlinable = SERVER_ANSWERS[tag];
  const inlined = inlinable ? answers.flatMap((answer) => inlinable(answer) ?? []) : answers;
  // Always there, `[]` when the first screen asked nothing: it also tells the element that its
  // shadow root is a server's first screen, to hydrate rather than replace.
  const data = `<script type="application/json" ${ANSWERS_ATTRIBUTE}>${serializeAnswers(inlined)}</script>`;
  // Between the markers the first screen stays hidden until all of it is parsed (ui/base.css).
  return `<${tag}${written.length ? ` ${written.join(' ')}` : ''}><template shadowrootmode="open"><span ${PARSING_ATTRIBUTE} hidden></span>${data}${html}<span ${PARSED_ATTRIBUTE} hidden></span></template></${tag}>`;
}

export type { LeadkitTag };
