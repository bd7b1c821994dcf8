/**
 * Whether a link lands on the docs site where it says: a page the site has, at a heading that page
 * has (GitHub's anchors, as the site gives its headings), or the repository for a file the site
 * does not carry. test/docs-site.test.ts checks every page's links with it; test/packaged checks
 * what the tarballs ship (the README's links, the .d.ts comments' docs-site addresses).
 */
import fs from 'node:fs';
import path from 'node:path';
import { anchorsOf, siteLink, type LinkContext } from '../../stories/docs/site-pages';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** What is wrong with a link written in `file` (its text `source`) on the site, or null. */
export function siteLinkProblem(file: string, href: string, source: string, context: LinkContext): string | null {
  const link = siteLink(file, href, context);
  if (link.kind === 'anchor') {
    const anchor = decodeURIComponent(link.href.slice(1));
    return anchor === '' || anchorsOf(source).includes(anchor) ? null : `${file}: ${href} → no heading #${anchor} on the page`;
  }
  if (link.kind === 'page') {
    const target = [...context.pages.values()].find((page) => page.entry === link.entry);
    if (!target) return `${file}: ${href} → no page ${link.entry}`;
    return link.anchor === '' || anchorsOf(read(target.file)).includes(link.anchor) ? null : `${file}: ${href} → no heading #${link.anchor} in ${target.file}`;
  }
  if (link.kind === 'repository') {
    const target = link.href.replace(/^.*?\/(?:blob|tree)\/main\//, '').replace(/#.*$/, '');
    if (context.pages.has(target)) return `${file}: ${href} → leaves the site for ${target}, a page it carries`;
    return fs.existsSync(path.join(ROOT, target)) ? null : `${file}: ${href} → no ${target} in the repository`;
  }
  return null;
}
