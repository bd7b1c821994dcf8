/**
 * Example pages rendered on a server (leadkit/server), for `npm start` (scripts/start.ts, from
 * src/ through Vite) and the bench (bench/server.ts, from the built dist/server.js): each leadkit
 * tag of the page with its first screen as declarative shadow DOM; the page's loader then defines
 * the tag and the element hydrates in place.
 */
import { providerInAddress, siteFlags, SITE_ROUTES } from '../examples/site-routes.js';
import type { FirstContent } from '../src/contract/first-content';
import { TAG_NAMES, type LeadkitTag } from '../src/contract/tags';
import type { renderToString as RenderToString } from '../src/server';
import { firstContentPreloads } from '../src/server/first-content-preloads';

/** The example pages (examples/<name>) served rendered on the server too, at /server/<name>. */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set([
  'cms.html',
  'office-board.html',
  'office-thread.html',
  'review-request.html',
  'raq-funnel.html',
  'strict-csp.html',
]);
/**
 * What a server renders once at start, before it serves (warmServerPages): each server-rendered
 * example page, and the office app at its board route (`/app/…?render=server`).
 */
export const WARM_PAGES: readonly { readonly name: string; readonly url?: string }[] = [
  ...[...SERVER_RENDERED_PAGES].map((name) => ({ name })),
  { name: 'app.html', url: '/app/lead/board/1001?render=server' },
];

/**
 * Renders each page once at a server's start and throws the HTML away, so that its first request
 * finds the render path warm — leadkit/server imported and compiled, the first screens' lazy
 * parts loaded, the locale's texts read, the gateway's client made — instead of paying for all
 * of it (seconds through Vite's module runner, ≈ 0.3 s from the built entry) on top of its own
 * render. A page that fails (a gateway that wants a sign-in the server does not have at start)
 * has warmed what it reached; it is named, not thrown. The caller resets what the renders asked
 * of its gateway.
 */
export async function warmServerPages(
  render: (page: (typeof WARM_PAGES)[number]) => Promise<unknown>,
  pages: readonly (typeof WARM_PAGES)[number][] = WARM_PAGES,
): Promise<{ rendered: string[]; failed: string[]; ms: number }> {
  const started = performance.now();
  const rendered: string[] = [];
  const failed: string[] = [];
  // One after another: the first one alone pays for the imports the others reuse.
  for (const page of pages) {
    const name = page.url ?? page.name;
    try {
      await render(page);
      rendered.push(name);
    } catch (error) {
      failed.push(`${name} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { rendered, failed, ms: Math.round(performance.now() - started) };
}

/** A leadkit tag written empty in a page, with its attributes. */
const LEADKIT_TAG = new RegExp(`<(${TAG_NAMES.join('|')})([^>]*)></\\1>`, 'g');

export interface ServerPageOptions {
  /** The gateway as the server reaches it (here: the sandbox in the same process). */
  gateway: { baseURL: string; fetch: typeof fetch };
  /**
   * URL of the widgets' stylesheet (linked in each shadow root, preloaded from <head>); null: all
   * of leadkit's CSS the first paint needs arrives with the HTML — each shadow root carries the
   * CSS its first screen uses (leadkit/server without `stylesheet`), and the page's leadkit.css
   * (the space kept for tags until defined) is written into <head> in place of its link (`pageCss`).
   */
  stylesheet: string | null;
  /** With `stylesheet: null`: the text of the CDN build's leadkit.css, put in <head> where the page links it. */
  pageCss?: string;
  /**
   * How the hydrating chunks are preloaded from <head>: at low priority (default: the first card's
   * HTML and CSS come first — docs/benchmarks.md#server-rendered-first-card), at once, or not at all.
   */
  preloads?: 'eager' | 'low' | 'none';
  /** The page's URL (`<lead-app>` renders its route). */
  url?: string;
  /**
   * The CDN build's first-content.json (of the flavour the page loads; paths under /cdn/): each
   * rendered tag's files, and for `<lead-app>` its route's, are preloaded from <head>, so the code
   * that hydrates the first screen is asked for with the page instead of after the loader ran
   * (one round trip sooner, or two for the app's route and its parts).
   */
  firstContent?: FirstContent;
}

/** Where the example servers serve the CDN build (dist/cdn). */
const CDN_BASE = '/cdn/';

/** The leadkit tags written (empty) in a page: each with its attributes, where it is. */
function pageTags(page: string) {
  return [...page.matchAll(LEADKIT_TAG)].map((match) => ({
    tag: match[1] as LeadkitTag,
    attributes: Object.fromEntries([...(match[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name as string, value as string])),
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
}

/** How many leadkit tags a page's HTML holds (each rendered on the server). */
export const leadkitTagCount = (page: string): number => pageTags(page).length;

/** `<link rel="modulepreload">` for each URL the page does not name already. */
function modulePreloads(page: string, hrefs: readonly string[], attributes = ''): string {
  return hrefs
    .filter((href) => !page.includes(`href="${href}"`))
    .map((href) => `    <link rel="modulepreload" href="${href}"${attributes} />\n`)
    .join('');
}

/**
 * A page rendered in the browser with the first-content files of the leadkit tags in its HTML
 * named in <head>, as a host's server writes them with leadkit/server's `firstContentPreloads`
 * (docs/embedding.md#naming-the-first-screens-files): right after the loader's script, so the
 * browser asks for them with the page and the loader, not a round trip after the loader. A
 * thread's at low priority: its first message waits on the chat calls the loader starts, and
 * files at the loader's priority share the link with it (docs/benchmarks.md#client-board).
 * Unchanged without a CDN build, without leadkit tags in its HTML, or asked for with
 * `?lk-hints=none` (the loader alone, as on a page with no server of its own: the load-path e2e
 * and the bench's reference).
 */
export function withFirstContentHints(page: string, { firstContent, url }: { firstContent: FirstContent | undefined; url: string }): string {
  if (!firstContent || new URL(url, 'http://localhost').searchParams.get('lk-hints') === 'none') return page;
  const tags = pageTags(page);
  const hrefs = (thread: boolean) =>
    firstContentPreloads(firstContent, { tags: tags.filter(({ tag }) => (tag === 'message-thread') === thread), base: CDN_BASE, url });
  const first = hrefs(false);
  const hints =
    modulePreloads(page, first) +
    modulePreloads(
      page,
      hrefs(true).filter((href) => !first.includes(href)),
      ' fetchpriority="low"',
    );
  if (!hints) return page;
  const loader = /<script type="module" src="\/cdn\/leadkit(?:-\w+)?\.js"><\/script>\n/.exec(page);
  const at = loader ? loader.index + loader[0].length : page.indexOf('  </head>');
  if (at < 0) return page;
  const note = '    <!-- The first-content files of the tags below (leadkit/server firstContentPreloads): fetched with the loader, not after it. -->\n';
  return `${page.slice(0, at)}${note}${hints}${page.slice(at)}`;
}

/**
 * The host properties the page's own scripts give its tags before they render, so the server's
 * first screen is the one the browser hydrates: the site's routes (site-host.js, app-host.js),
 * and the office app's flags for the provider its address names (app-host.js).
 */
function pageProperties(page: string, url: string | undefined): Parameters<typeof RenderToString>[1]['properties'] {
  const routes = /\/examples\/(?:site|app)-host\.js"/.test(page) ? { routes: SITE_ROUTES } : {};
  if (!url || !page.includes('/examples/app-host.js"')) return routes;
  const address = new URL(url, 'http://localhost');
  return { ...routes, flags: siteFlags(providerInAddress(address.pathname, address.search)) };
}

/**
 * What the host's server gives leadkit/server besides the gateway: the chat session of the signed-in
 * provider's thread (`getChatToken`, so the thread's newest messages are on its first screen), from
 * the host's own service — here the sandbox's stand-in for one (`/host-stand-in`, beside the
 * gateway), as examples/host-stand-ins.js gives it to the browser in the spec profile.
 */
export function hostServerProviders({ baseURL, fetch }: ServerPageOptions['gateway']) {
  const post = async (path: string, body: unknown, signal: AbortSignal | undefined) => {
    const response = await fetch(new URL(path, baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  return {
    getChatToken: ({ serviceProviderId, userId, leadId, signal }: { serviceProviderId: number; userId: number; leadId?: number; signal?: AbortSignal }) =>
      post('/host-stand-in/chat-token', { serviceProviderId, userId, ...(leadId === undefined ? {} : { leadId }) }, signal),
  };
}

/** An example page's HTML with each leadkit tag's first screen rendered in it. */
export async function renderServerPage(
  page: string,
  renderToString: typeof RenderToString,
  { gateway: reached, stylesheet, url, firstContent, preloads: preloading = 'low', pageCss }: ServerPageOptions,
): Promise<string> {
  const gateway = { ...reached, ...hostServerProviders(reached) };
  const properties = pageProperties(page, url);
  const tags = pageTags(page);
  const parts: string[] = [];
  let last = 0;
  for (const { tag, attributes, start, end } of tags) {
    parts.push(
      page.slice(last, start),
      await renderToString(tag, { attributes, properties, gateway, ...(stylesheet ? { stylesheet } : {}), ...(url ? { url } : {}) }),
    );
    last = end;
  }
  parts.push(page.slice(last));
  // The widgets' stylesheet fetched from <head> at once, first (preload: never applied to the page
  // itself — its rules are for shadow roots: `*` there would reach the page's elements and the
  // hosts). The hydrating code with the page, after it: `fetchpriority="low"` (those the page
  // already preloads itself are left as they are).
  const hrefs = firstContent && preloading !== 'none' ? firstContentPreloads(firstContent, { tags, base: CDN_BASE, ...(url ? { url } : {}) }) : [];
  const modules = modulePreloads(page, hrefs, preloading === 'low' ? ' fetchpriority="low"' : '');
  const style = stylesheet ? `    <link rel="preload" as="style" href="${stylesheet}" fetchpriority="high" />\n` : '';
  const head = `${style}${modules}  </head>`;
  const html = parts.join('').replace('<title>', '<title>Server-rendered · ').replace('  </head>', head);
  return stylesheet || pageCss === undefined ? html : withPageCssInline(html, pageCss);
}

/** The page's `<link rel="stylesheet">` to leadkit.css replaced by its text: no request between the HTML and the first paint. */
export function withPageCssInline(html: string, css: string): string {
  const link = /<link rel="stylesheet" href="\/cdn\/leadkit(?:-\w+)?\.css" \/>/;
  return link.test(html) ? html.replace(link, () => `<style data-lk-page-css>${css.replace(/<\//g, '<\\/')}</style>`) : html;
}

/** The same page with no script at all: the floor a server-rendered page's first screen is measured against. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}
