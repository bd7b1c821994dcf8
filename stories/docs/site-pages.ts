/**
 * The docs site's map, React-free and import-free: .storybook/doc-pages.ts reads it in Node to
 * write one page per Markdown file, the pages read it in the browser to rewrite links. It says
 * which page each Markdown file of the repository is, where a link of one of them goes, and the
 * heading anchors GitHub gives (so `file.md#anchor` lands on the same heading on GitHub and here).
 *
 * The site carries every `docs/**\/*.md`, the README (its first page), the CHANGELOG and the
 * packages' READMEs (`@leadkit/sandbox`, `@leadkit/cdn`): everything a reader of the docs is sent
 * to. The READMEs of source folders (test/hosts/, stories/, examples/) stay in the repository,
 * beside the code they describe: a link to one goes there, as a link to a source file does.
 */

/** The sidebar's groups of Markdown pages, beside `Elements` (one page per tag) and `UI`. */
export type SiteGroup = 'Guides' | 'Reference' | 'Project';

/**
 * Each group's pages in reading order. A file under none of them is a guide, after these: a new
 * docs page is on the site without being named here.
 */
const GROUPS: Readonly<Record<SiteGroup, readonly string[]>> = {
  Guides: [
    'docs/embedding.md',
    'docs/connect-gateway.md',
    'docs/troubleshooting.md',
    'docs/gateway.md',
    'docs/server-rendering.md',
    'docs/theming.md',
    'docs/languages.md',
    'docs/drafts.md',
    'docs/csp.md',
    'docs/browser-support.md',
  ],
  Reference: ['docs/elements.md', 'docs/contract.md', 'docs/gateway-assumptions.md', 'packages/sandbox/README.md', 'packages/cdn/README.md'],
  Project: [
    'docs/architecture.md',
    'docs/widget-shape.md',
    'docs/contributing.md',
    'docs/benchmarks.md',
    'docs/reliability.md',
    'docs/screenshots/README.md',
    'CHANGELOG.md',
  ],
};

/**
 * Sidebar names that are not the page's own heading: the README is the site's first page, a
 * package's name has a slash (Storybook's title separator), and the reference of every element
 * would read "Elements" beside the Elements group.
 */
const NAMES: Readonly<Record<string, string>> = {
  'README.md': 'Getting started',
  'docs/elements.md': 'All elements',
  'packages/sandbox/README.md': 'Sandbox gateway',
  'packages/cdn/README.md': 'CDN files',
};

/** The file whose page is the site's first (its Getting started). */
export const HOME_FILE = 'README.md';

/** A widget's guide, shown on its element's page (`Elements/<tag>`, stories/<tag>/<tag>.stories.tsx). */
const WIDGET_GUIDE = /^docs\/widgets\/([a-z0-9-]+)\.md$/;

export interface SitePage {
  /** The Markdown file, repository-relative (`docs/gateway.md`). */
  readonly file: string;
  /** Storybook's entry id: the page's URL is `?path=/docs/<entry>`. */
  readonly entry: string;
  /** `markdown`: a page of its own (written by .storybook/doc-pages.ts); `element`: the guide on its element's page. */
  readonly kind: 'markdown' | 'element';
  /** The sidebar group of a Markdown page (none: the README, at the top). */
  readonly group?: SiteGroup;
  /** Its place in its group (reading order; unlisted guides after the listed ones). */
  readonly order: number;
}

/** Whether a Markdown file is one the site carries (`docs/**`, the README, the CHANGELOG, a package's README). */
export const isSiteFile = (file: string): boolean =>
  /^docs\/.+\.md$/.test(file) || file === HOME_FILE || file === 'CHANGELOG.md' || /^packages\/[^/]+\/README\.md$/.test(file);

/**
 * The page of a carried file. `isElement(tag)`: whether `<tag>` has an element page (its guide,
 * docs/widgets/<tag>.md, is shown there); a widget guide without one is a Reference page.
 */
export function sitePageOf(file: string, isElement: (tag: string) => boolean): SitePage {
  const tag = WIDGET_GUIDE.exec(file)?.[1];
  if (tag && isElement(tag)) return { file, entry: `elements-${tag}--docs`, kind: 'element', order: 0 };
  if (file === HOME_FILE) return { file, entry: 'getting-started--docs', kind: 'markdown', order: 0 };
  const id = file
    .replace(/^docs\//, '')
    .replace(/(^|\/)README\.md$/i, '')
    .replace(/\.md$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const listed = (Object.keys(GROUPS) as SiteGroup[]).find((group) => GROUPS[group].includes(file));
  const group = listed ?? (tag ? 'Reference' : 'Guides');
  const order = listed ? GROUPS[listed].indexOf(file) : GROUPS[group].length;
  return { file, entry: `${id}--docs`, kind: 'markdown', group, order };
}

/** The meta id of a Markdown page (its entry without `--docs`). */
export const metaIdOf = (page: SitePage): string => page.entry.replace(/--docs$/, '');

/** The text of the file's first `# heading` (outside code blocks), its Markdown marks dropped. */
function firstHeading(source: string): string | null {
  let inCode = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
    const heading = inCode ? null : /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) return headingText(heading[1] ?? '');
  }
  return null;
}

/**
 * A page's name in the sidebar: its own heading up to a colon, a dash or a parenthesis ("Gateway
 * assumptions: what leadkit relies on…" → "Gateway assumptions"), unless NAMES says otherwise.
 */
export function pageName(file: string, source: string): string {
  const named = NAMES[file];
  if (named) return named;
  const heading = firstHeading(source) ?? file.replace(/^.*\//, '').replace(/\.md$/, '');
  return (
    heading
      .split(/: | — | \(/)[0]
      ?.replace(/\//g, ' ')
      .trim() || heading
  );
}

/** A page's Storybook title: `<group>/<name>`, or the name alone at the top. */
export const pageTitle = (page: SitePage, source: string): string =>
  page.group ? `${page.group}/${pageName(page.file, source)}` : pageName(page.file, source);

// ---------------------------------------------------------------------------------------------
// Heading anchors, as GitHub makes them

/**
 * The text a Markdown heading shows: link targets, images' and HTML tags' markup dropped outside
 * code spans (a code span's `<lead-board>` is text), code-span backticks dropped.
 */
export function headingText(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part.slice(1, -1)
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
            .replace(/<\/?[a-z][^>]*>/gi, ''),
    )
    .join('')
    .trim();
}

/** GitHub's anchor of a heading's text (github-slugger): lower case, punctuation dropped, each space a hyphen. */
export const githubSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/**
 * A document's slugger: each call gives the next heading's anchor, a repeated one numbered as
 * GitHub numbers it (`events`, `events-1`…). `markdown`: the heading is Markdown (its marks are dropped first).
 */
export function githubSlugger(): (heading: string, markdown?: boolean) => string {
  const seen = new Map<string, number>();
  return (heading, markdown = true) => {
    const base = githubSlug(markdown ? headingText(heading) : heading);
    let slug = base;
    while (seen.has(slug)) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      slug = `${base}-${count}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}

/**
 * The anchors of a Markdown file, in order: its headings' (ATX `#` headings outside code blocks)
 * and, unless `headingsOnly`, the `<a id>`/`<a name>` it writes itself.
 */
export function anchorsOf(source: string, { headingsOnly = false } = {}): string[] {
  const slug = githubSlugger();
  const anchors: string[] = [];
  let inCode = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
    if (inCode) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) anchors.push(slug(heading[1] ?? ''));
    if (!headingsOnly) for (const match of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.push(match[1] ?? '');
  }
  return anchors;
}

/**
 * The Markdown as the site's renderer (markdown-to-jsx) reads it as GitHub does: a fenced code
 * block may start right under a line of text (CommonMark lets a fence interrupt a paragraph, and
 * the docs write `…like this:` then the fence, in list items too), which markdown-to-jsx takes
 * for an inline code span unless a blank line comes first: one is put there.
 */
export function withBlankLineBeforeFences(source: string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && opening) {
      if (out.length > 0 && (out.at(-1) ?? '').trim() !== '') out.push('');
      fence = opening;
    } else if (fence !== null && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
    out.push(line);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Links

export type SiteLink =
  /** A heading of the same page. */
  | { kind: 'anchor'; href: string }
  /** Another page of the site (a top-level navigation from the docs frame, or an in-app one). */
  | { kind: 'page'; href: string; entry: string; anchor: string }
  /** The repository on GitHub: a file or folder the site does not carry. */
  | { kind: 'repository'; href: string }
  /** Any other address, as written. */
  | { kind: 'external'; href: string };

export interface LinkContext {
  /** The carried files' pages, by file. */
  readonly pages: ReadonlyMap<string, SitePage>;
  /** https://github.com/owner/name (package.json `repository`). */
  readonly repository: string;
  /** The published site's address (package.json `homepage`: the GitHub Pages site of `repository`). */
  readonly site: string;
}

/** The site's address of a page: the manager's (`?path=/docs/<entry>#anchor`), relative to the site's folder. */
export const pageHref = (entry: string, anchor = ''): string => `./?path=/docs/${entry}${anchor ? `#${anchor}` : ''}`;

/**
 * A page's address on the published site (`site`: package.json `homepage`), for what is read away
 * from the repository — the README in node_modules or on npm, the comments of the shipped .d.ts
 * files — where a link to `docs/…` leads nowhere.
 */
export const siteAddress = (site: string, entry: string, anchor = ''): string => new URL(pageHref(entry, anchor), site).href;

/** The page and anchor a published-site address names (`siteAddress`'s inverse), or null. */
function sitePageAt(href: string, site: string): { entry: string; anchor: string } | null {
  if (!href.startsWith(site)) return null;
  const url = new URL(href);
  const entry = /^\/docs\/(.+)$/.exec(url.searchParams.get('path') ?? '')?.[1];
  return entry && url.origin + url.pathname === site ? { entry, anchor: decodeURIComponent(url.hash.slice(1)) } : null;
}

/** Where a link written in `file` goes on this site: the same page, another page, or the repository. */
export function siteLink(file: string, href: string, context: LinkContext): SiteLink {
  if (href.startsWith('#')) return { kind: 'anchor', href };
  // A page named by its published address (the README's links, written for npm): this site's page.
  const published = sitePageAt(href, context.site);
  if (published) return { kind: 'page', href: pageHref(published.entry, published.anchor), ...published };
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'external', href };
  const resolved = new URL(href, `https://repository.invalid/${file}`);
  const target = decodeURIComponent(resolved.pathname.slice(1));
  const anchor = decodeURIComponent(resolved.hash.slice(1));
  if (target === file) return { kind: 'anchor', href: anchor ? `#${anchor}` : '#' };
  const page = context.pages.get(target);
  if (page) return { kind: 'page', href: pageHref(page.entry, anchor), entry: page.entry, anchor };
  const folder = target === '' || target.endsWith('/');
  return { kind: 'repository', href: `${context.repository}/${folder ? 'tree' : 'blob'}/main/${target.replace(/\/$/, '')}${resolved.hash}` };
}
