/**
 * What a tag needs before its first content, as the CDN build writes it (vite.cdn.config.ts, the
 * first-content plugin): `first-content.json` with file paths (relative to the loader's folder),
 * and the loader's compact copy with indexes into its file list. Two readers choose from it the
 * same way, with the functions below: the loader (src/loader.ts), for an element as it appears,
 * and `firstContentPreloads` of leadkit/server, for a page a host's server writes (its
 * `<link rel="modulepreload">` hints).
 *
 * React-free and tiny: the loader imports it.
 */

/** A tag's routes (`<lead-app>`): the default base and each pattern (relative to it) with its extra files. */
export interface FirstContentRoutes<File = string> {
  base: string;
  patterns: [pattern: string, files: File[]][];
}

/**
 * Extra files chosen by an element's attribute: the attribute, the values that choose them ('' =
 * the attribute is absent), the files, and the route pattern they belong to (null: every route).
 */
export type FirstContentAttr<File = string> = [attribute: string, values: string[], files: File[], route: string | null];

/** `first-content.json` (dist/cdn, and `first-content-lite.json` for the Preact flavour). */
export interface FirstContent {
  /** tag → files it needs before its first content, its entry (the chunk that defines it) first. */
  tags: Record<string, string[]>;
  /** tag → its routes. */
  routes: Record<string, FirstContentRoutes>;
  /** The shared runtime chunk (React…; in every tag's list), which the loader runs a task before a tag's entry. */
  runtime: string;
  /** tag → the extra files its attributes choose. */
  attrs: Record<string, FirstContentAttr[]>;
}

/** The route a path shows, for a tag with routes. */
export interface FirstContentRoute<File> {
  pattern: string;
  params: Record<string, string>;
  files: readonly File[];
}

/** What the choice reads of an element: its attributes (null when absent). */
export interface AttributeSource {
  getAttribute(name: string): string | null;
}

/** What an element needs before its first content: its route (a tag with routes), and the files. */
export interface ElementFirstContent<File> {
  route: FirstContentRoute<File> | null;
  /** The tag's files (its entry first), its route's, and those its attributes choose. */
  files: File[];
}

/**
 * The files `element` (a `tag`) needs before its first content on a page at `path`: the tag's;
 * for a tag with routes (`<lead-app>`) those of the route `path` shows under the element's `base`
 * (absent or empty: the routes' default; outside it, no route); and the parts its attributes
 * choose (`chat-service`: the chat adapter).
 */
export function elementFirstContent<File>(
  content: {
    tags: Readonly<Record<string, readonly File[]>>;
    routes: Readonly<Record<string, FirstContentRoutes<File>>>;
    attrs: Readonly<Record<string, FirstContentAttr<File>[]>>;
  },
  tag: string,
  element: AttributeSource,
  path: string,
): ElementFirstContent<File> {
  const routes = content.routes[tag];
  let route: FirstContentRoute<File> | null = null;
  const root = routes ? (element.getAttribute('base') || routes.base).replace(/\/+$/, '') : '';
  if (routes && (path === root || path.startsWith(`${root}/`))) {
    const rest = path.slice(root.length) || '/';
    for (const [pattern, files] of routes.patterns) {
      const match = new RegExp(`^${pattern.replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`).exec(rest);
      if (match) {
        route = { pattern, params: { ...match.groups }, files };
        break;
      }
    }
  }
  const files = [...(content.tags[tag] ?? []), ...(route?.files ?? [])];
  for (const [name, values, chosen, pattern] of content.attrs[tag] ?? []) {
    if ((pattern === null || pattern === route?.pattern) && values.includes(element.getAttribute(name) ?? '')) files.push(...chosen);
  }
  return { route, files };
}
