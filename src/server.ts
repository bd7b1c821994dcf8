/**
 * `leadkit/server`: a widget's first screen as HTML, for pages rendered on a server. Works in any
 * JavaScript server (Node 20+, Next.js, Express, Hono…): no DOM, no `customElements`.
 *
 *     import { renderToString } from 'leadkit/server';
 *     const html = await renderToString('lead-page', {
 *       attributes: { 'lead-id': 300002, 'sp-id': 1001 },
 *       gateway: { baseURL: 'https://gateway.internal', headers: { cookie: req.headers.cookie ?? '' } },
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
 * `firstContentPreloads` gives the URLs of the chunks a page's tags need before their first
 * screens (from the CDN build's `first-content.json`), for `<link rel="modulepreload">` hints in
 * a page the server writes — rendered on the server or not (docs/embedding.md#naming-the-first-screens-files).
 *
 * `renderFirstScreen` gives the shadow root's content alone; `leadkit/react`'s components use it
 * (from `loadFirstScreen`'s data) when they render on a server, as in Next.js.
 *
 * The code is the server layer, src/server/, read top to bottom: load-first-screen.ts →
 * render-first-screen.ts → serialize.ts.
 */
export { loadFirstScreen, type LoadFirstScreenOptions } from './server/load-first-screen';
export { firstContentPreloads, type FirstContentPreloadOptions, type PageTag } from './server/first-content-preloads';
export { renderFirstScreen, renderToString, type FirstScreenFromData, type ServerRenderOptions } from './server/render-first-screen';
export type { FirstScreenData } from './contract/first-screen-data';
export type { LeadkitTag } from './contract/tags';
export type { ChatReader, ChatReaderInit, ChatFirstPage } from './chat/chat-reader';
export { createSandboxChatReader } from './chat/sandbox-chat-client';
