/**
 * The static docs site (`npm run docs:build`, Storybook's build) for the suites that open it: the
 * site's own checks (test/e2e/docs-site.test.ts) and the stories' visual snapshots
 * (test/visual/suite.ts). CI builds it once before `npm test` and names it in DOCS_SITE_DIR
 * (.ci/run); without that, the first of these files to need it builds it into
 * node_modules/.cache/leadkit-docs-site, once, and the others take it from there (a build lock:
 * two files of one run build it once; a later run builds again when an input is newer than it).
 * It is served as its public host serves it: under the base path of package.json's `homepage` (a
 * GitHub project page, `/leadkit/`), by a file server that knows nothing of Storybook.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isStale, ROOT, withLock } from '../../scripts/build.mjs';
import { serveStatic, type StaticServer } from './static-server';

export interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'docs' | 'story';
  tags?: string[];
}

/** What the site's build reads besides the library's own sources (scripts/build.mjs INPUTS). */
const SITE_INPUTS = ['stories', '.storybook', 'docs', 'README.md', 'CHANGELOG.md', 'packages/sandbox/src'];
const CACHED_SITE = path.join(ROOT, 'node_modules', '.cache', 'leadkit-docs-site');
/** Written once the build has finished: a build cut off halfway is not taken for a site. */
const STAMP = '.leadkit-built';

const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { homepage: string };
/** Where the site is published (package.json `homepage`): its path is the base path served here. */
export const SITE_BASE_PATH = new URL(packageJson.homepage).pathname;

/** The built site's folder: DOCS_SITE_DIR, or the cached build, built first when missing or older than an input. */
export function docsSiteDir(): string {
  if (process.env.DOCS_SITE_DIR) return process.env.DOCS_SITE_DIR;
  return withLock('docs-site', () => {
    const stamp = path.join(CACHED_SITE, STAMP);
    const fresh = existsSync(stamp) && !isStale([path.relative(ROOT, stamp)], SITE_INPUTS);
    if (!fresh) {
      // Built beside it, then put in its place: a build that takes longer than the lock's life (a
      // busy machine) and a second one started meanwhile each write their own folder.
      const building = `${CACHED_SITE}-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      execFileSync(
        process.execPath,
        [path.join(ROOT, 'node_modules/storybook/dist/bin/dispatcher.js'), 'build', '-o', building, '--quiet', '--disable-telemetry'],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      writeFileSync(path.join(building, STAMP), `${new Date().toISOString()}\n`);
      rmSync(CACHED_SITE, { recursive: true, force: true });
      renameSync(building, CACHED_SITE);
    }
    return CACHED_SITE;
  });
}

/** The site's index of entries (docs pages and stories), by id. */
export function siteIndex(dir: string): Record<string, IndexEntry> {
  return (JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }).entries;
}

/** The site served under its base path; `url` ends with that path's slash. */
export function serveSite(dir: string): Promise<StaticServer> {
  if (!statSync(path.join(dir, 'iframe.html'), { throwIfNoEntry: false })) throw new Error(`docs site: ${dir} has no iframe.html (not a built site)`);
  return serveStatic(dir, { base: SITE_BASE_PATH });
}
