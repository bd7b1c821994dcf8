/**
 * The first-content files of a page's leadkit tags, for a host's server to name in the page's
 * `<head>` as `<link rel="modulepreload">`: the browser then asks for every chunk a widget's first
 * screen needs with the page, instead of one round trip later when the CDN loader has arrived
 * and found the tag (docs/embedding.md#naming-the-first-screens-files). The files are the ones
 * the loader itself starts for the same tags at the same URL — one rule, in
 * src/contract/first-content.ts — read from the CDN build's `first-content.json` (of the flavour
 * the page loads: `first-content-lite.json` beside `leadkit-lite.js`).
 */
import * as v from 'valibot';
import { elementFirstContent, type FirstContent } from '../contract/first-content';
import type { AttributeValues } from '../contract/first-screen-data';
import { attributeText } from '../contract/parse-attribute';
import type { LeadkitTag } from '../contract/tags';

const files = v.array(v.string());
/** first-content.json's shape (src/contract/first-content.ts), checked: a JSON import is typed loosely, and another file may be passed by mistake. */
const FIRST_CONTENT = v.object({
  tags: v.record(v.string(), files),
  routes: v.record(v.string(), v.object({ base: v.string(), patterns: v.array(v.tuple([v.string(), files])) })),
  runtime: v.string(),
  attrs: v.record(v.string(), v.array(v.tuple([v.string(), v.array(v.string()), files, v.nullable(v.string())]))),
}) satisfies v.GenericSchema<unknown, FirstContent>;

/** A leadkit tag of the page: its name, or its name with the attributes it is written with. */
export type PageTag = LeadkitTag | { tag: LeadkitTag; attributes?: AttributeValues };

export interface FirstContentPreloadOptions {
  /**
   * The leadkit tags in the page's HTML, with their attributes where they choose files
   * (`<message-thread chat-service>` its chat adapter; `<lead-app base>` where its routes start).
   */
  tags: readonly PageTag[];
  /**
   * Where the CDN files are served: the URL of the folder that holds `leadkit.js`
   * (`'https://cdn.example.com/leadkit/0.3.0/'`, `'/assets/leadkit/0.3.0/'`); the hints are
   * this folder's files.
   */
  base: string;
  /** The page's URL or path: a `<lead-app>` needs the widget of the route it shows there. */
  url?: string | URL;
}

/**
 * The URLs a page with `tags` preloads (`firstContentJson`: the parsed `first-content.json` of the CDN
 * files the page loads) (`<link rel="modulepreload" href>`, in this order): each
 * tag's first-content files, its route's and its attributes' parts, each file once.
 *
 *     import firstContent from '@leadkit/cdn/first-content.json' with { type: 'json' };
 *     const hints = firstContentPreloads(firstContent, { tags: ['lead-board'], base: '/assets/leadkit/0.3.0/' })
 *       .map((href) => `<link rel="modulepreload" href="${href}" />`)
 *       .join('');
 *
 * A tag the page inserts later from a script is not in the HTML: leave it out (the loader
 * fetches its files when it appears, as without hints).
 */
export function firstContentPreloads(firstContentJson: unknown, { tags, base, url }: FirstContentPreloadOptions): string[] {
  const read = v.safeParse(FIRST_CONTENT, firstContentJson);
  if (!read.success) throw new TypeError(`firstContentPreloads: expected the CDN build's first-content.json, parsed (${v.summarize(read.issues)})`);
  const firstContent = read.output;
  const folder = base.endsWith('/') ? base : `${base}/`;
  const path = url === undefined ? '/' : new URL(url, 'http://page.invalid').pathname;
  const files = new Set<string>();
  for (const pageTag of tags) {
    const { tag, attributes = {} } = typeof pageTag === 'string' ? { tag: pageTag } : pageTag;
    if (!firstContent.tags[tag]) throw new Error(`firstContentPreloads: first-content.json has no <${tag}> (a file of another leadkit version?)`);
    const element = { getAttribute: (name: string) => attributeText(attributes[name]) };
    for (const file of elementFirstContent(firstContent, tag, element, path).files) files.add(file);
  }
  return [...files].map((file) => `${folder}${file}`);
}
