import { checkMediaUrl } from '../../../domain/core/safe-url';

/**
 * The thread's media URLs through the page's rule (domain/core/safe-url `checkMediaUrl`): a URL
 * the thread refuses shows as a placeholder, and the developer is told why in the console —
 * once per source per page, naming the source's origin only (never the path or query, which may
 * name a customer's file).
 */

/**
 * What a developer reads when the thread refuses a media URL (`source`: its origin, or its scheme).
 * @internal Exported for tests.
 */
export function refusedMediaHint(source: string, pageOrigin: string): string {
  const own = pageOrigin === 'null' ? "this page's own origin" : `this page's own origin (${pageOrigin})`;
  return `leadkit: <message-thread> shows a placeholder instead of media from ${source} — a message's photos and files load only from https: URLs, blob: URLs or ${own}. Serve the media over https: (or from this page's origin) to show it.`;
}

/**
 * The sources already warned about, per page. Keyed by the Document (as runtime/styles.ts keeps
 * what each root adopted): the memory belongs to the page, not to the module — two threads on
 * one page warn once, another document (an iframe, a test's fresh page) warns afresh, and a
 * page's memory goes with it.
 */
const warnedSources = new WeakMap<Document, Set<string>>();

/** `url` when the thread may load it on `page`; otherwise null, with the developer's warning (once per source per page). */
export function shownMediaUrl(url: string, page: Document): string | null {
  const pageOrigin = page.location?.origin ?? 'null';
  const check = checkMediaUrl(url, page.baseURI, pageOrigin);
  if (check.url !== undefined) return check.url;
  let warned = warnedSources.get(page);
  if (!warned) warnedSources.set(page, (warned = new Set()));
  if (!warned.has(check.refused)) {
    warned.add(check.refused);
    console.warn(refusedMediaHint(check.refused, pageOrigin));
  }
  return null;
}
