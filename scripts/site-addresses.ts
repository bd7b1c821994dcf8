/**
 * What the packages ship is read away from the repository — their READMEs on npm, the .d.ts
 * comments and the element manifest in an editor, from node_modules — where `docs/…` leads
 * nowhere: no tarball carries docs/. The builds (scripts/library-types.ts, scripts/manifest/build.ts)
 * write each mention of a repository Markdown page as the sources write it (`docs/gateway.md#provider-sign-in`:
 * docs/contributing.md, Conventions) as that page's address on the docs site (package.json
 * `homepage`), at the same heading: stories/docs/site-pages.ts says which page a file is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sitePages } from '../.storybook/doc-pages.ts';
import { siteAddress } from '../stories/docs/site-pages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A repository Markdown page named in a text (`docs/gateway.md#provider-sign-in`, `../../docs/csp.md`), not already part of an address. */
const REPOSITORY_PAGE = /(?<![\w/.-])(?:\.\.\/)*((?:docs\/[\w/-]+|packages\/[\w-]+\/README)\.md)(?:#([\w-]+))?/g;

let site: { pages: Map<string, string>; address: string } | undefined;

/** `text` with every mention of a repository Markdown page written as its docs-site address. */
export function withSiteAddresses(text: string): string {
  site ??= {
    pages: new Map(sitePages(ROOT).map((page) => [page.file, page.entry])),
    address: (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { homepage: string }).homepage,
  };
  const { pages, address } = site;
  return text.replace(REPOSITORY_PAGE, (_, file: string, anchor: string | undefined) => {
    const entry = pages.get(file);
    if (!entry) throw new Error(`${file} is named for readers of the package, and is no page of the docs site`);
    return siteAddress(address, entry, anchor ?? '');
  });
}
