import packageJson from '../../package.json';
import { TAG_NAMES, type LeadkitTag } from '../../src/contract/tags';
import { isSiteFile, sitePageOf, type LinkContext } from './site-pages';

/**
 * The Markdown files the docs site carries, as the browser knows them: the same folders that
 * .storybook/doc-pages.ts writes a page for (test/docs-site.test.ts checks that the two lists
 * agree). Only the names are read here; a page imports its own file.
 */
const FILES = import.meta.glob(['../../docs/**/*.md', '../../README.md', '../../CHANGELOG.md', '../../packages/*/README.md'], {
  query: '?raw',
  import: 'default',
});

export const SITE_FILES: readonly string[] = Object.keys(FILES)
  .map((key) => key.replace(/^(\.\.\/)+/, ''))
  .filter(isSiteFile)
  .sort();

/** https://github.com/owner/name, from package.json's `repository` (the one place it is written). */
export const REPOSITORY = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

const isTag = (name: string): name is LeadkitTag => (TAG_NAMES as readonly string[]).includes(name);

/** Where the links of a carried page go (./site-pages.ts `siteLink`): every element has its page. */
export const SITE_LINKS: LinkContext = {
  pages: new Map(SITE_FILES.map((file) => [file, sitePageOf(file, isTag)])),
  repository: REPOSITORY,
  site: packageJson.homepage,
};
