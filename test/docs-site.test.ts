/**
 * The docs site as the public docs (issue 62 §4), checked without a build: it carries every
 * Markdown page under docs/ (found by .storybook/doc-pages.ts, not listed by hand, and the
 * browser's list agrees), every link of every page lands on a page of the site at a heading that
 * page has (GitHub's anchors, as the site gives its headings) or on the repository for a file the
 * site does not carry, each element page's usage snippets type-check against leadkit/react and the
 * connect page's module, and one repository URL and one docs-site URL are written everywhere.
 * test/e2e/docs-site.test.ts checks the built site in Chromium, under its base path.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { siteFiles, sitePages, writeDocPages } from '../.storybook/doc-pages';
import { TAG_NAMES, TAGS, type AttributeType, type LeadkitTag } from '../src/contract/tags';
import { CONNECT_MODULE, CONNECT_PAGE, htmlUsage, reactUsage, usageMarkdown } from '../stories/docs/element-usage';
import { REPOSITORY, SITE_FILES, SITE_LINKS } from '../stories/docs/site-files';
import { githubSlug, githubSlugger, siteAddress, siteLink, withBlankLineBeforeFences } from '../stories/docs/site-pages';
import { siteLinkProblem } from './helpers/site-links';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { homepage: string; repository: { url: string } };

/** Every Markdown file under docs/, found here independently of the site's own code. */
function docsMarkdown(dir = 'docs'): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return docsMarkdown(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** The links of a Markdown text (inline `[text](target)`, outside code blocks and code spans). */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
    if (inCode) continue;
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) links.push(match[1] ?? '');
  }
  return links;
}

describe('the pages of the docs site', () => {
  it('carries every Markdown page under docs/, the README, the CHANGELOG and the packages’ READMEs, found by a glob, each once', () => {
    const files = siteFiles(ROOT);
    expect(files).toEqual(expect.arrayContaining([...docsMarkdown(), 'README.md', 'CHANGELOG.md', 'packages/sandbox/README.md', 'packages/cdn/README.md']));
    // The browser's list (import.meta.glob in stories/docs/site-files.ts) is the same.
    expect([...SITE_FILES]).toEqual(files);
    const entries = sitePages(ROOT).map((page) => page.entry);
    expect(new Set(entries).size).toBe(entries.length);
    // The widgets' guides are their elements' pages.
    for (const tag of TAG_NAMES) expect(SITE_LINKS.pages.get(`docs/widgets/${tag}.md`)?.entry).toBe(`elements-${tag}--docs`);
  });

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'leadkit-doc-pages-'));
  // A page of a scratch folder (built, so test/docs.test.ts does not take it for a link of the repository's docs).
  const NEW = ['docs', 'a-new-page.md'].join('/');
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('writes a page for a docs page nobody listed, titled by its heading, and removes the page of a file that is gone', () => {
    fs.mkdirSync(path.join(scratch, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(scratch, 'README.md'), '# leadkit\n');
    fs.writeFileSync(path.join(scratch, NEW), '```md\n# Not this\n```\n# A new page: its subtitle\n');
    fs.writeFileSync(path.join(scratch, 'docs/embedding.md'), '# Embedding leadkit\n');
    writeDocPages(scratch);
    const dir = path.join(scratch, 'stories/docs/pages');
    const written = fs.readdirSync(dir).sort();
    expect(written).toEqual(['.gitignore', '000-getting-started.mdx', '100-embedding.mdx', '110-a-new-page.mdx']);
    const page = fs.readFileSync(path.join(dir, '110-a-new-page.mdx'), 'utf8');
    expect(page).toContain('<Meta title="Guides/A new page" id="a-new-page" />');
    expect(page).toContain(`import source from '../../../${NEW}?raw';`);
    expect(page).toContain(`<DocPage file="${NEW}" source={source} />`);
    // Not committed: the folder ignores itself.
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    fs.rmSync(path.join(scratch, NEW));
    writeDocPages(scratch);
    expect(fs.readdirSync(dir).sort()).toEqual(['.gitignore', '000-getting-started.mdx', '100-embedding.mdx']);
  });

  it('sends every link of every page to a page of the site at a heading it has, or to the repository for what it does not carry', () => {
    const problems = SITE_FILES.flatMap((file) => {
      const source = read(file);
      return linksOf(source).map((href) => siteLinkProblem(file, href, source, SITE_LINKS));
    }).filter(Boolean);
    expect(problems).toEqual([]);
    // It reads the links (a pattern matching nothing would pass): hundreds, many with anchors, many to other pages.
    const links = SITE_FILES.flatMap((file) => linksOf(read(file)).map((href) => siteLink(file, href, SITE_LINKS)));
    expect(links.filter((link) => link.kind === 'page' && link.anchor).length).toBeGreaterThan(15);
    expect(links.filter((link) => link.kind === 'anchor').length).toBeGreaterThan(10);
  });

  it('takes a published page address (the README and the .d.ts files write them: docs/ ships in no tarball) for that page of this site', () => {
    const address = siteAddress(packageJson.homepage, 'gateway--docs', 'provider-sign-in');
    expect(address).toBe('https://leadkit.github.io/leadkit/?path=/docs/gateway--docs#provider-sign-in');
    expect(siteLink('README.md', address, SITE_LINKS)).toEqual({
      kind: 'page',
      href: './?path=/docs/gateway--docs#provider-sign-in',
      entry: 'gateway--docs',
      anchor: 'provider-sign-in',
    });
    // The site's front door and other sites' addresses stay as written.
    expect(siteLink('README.md', packageJson.homepage, SITE_LINKS).kind).toBe('external');
    expect(siteLink('README.md', 'https://example.com/leadkit/?path=/docs/gateway--docs', SITE_LINKS).kind).toBe('external');
  });

  it('reads a fence right under a line of text as a code block, as GitHub does (markdown-to-jsx needs a blank line first)', () => {
    const source = ['- text:', '  ```ts', '  const a = 1;', '', '  ```', 'after', '```', 'code', '```'].join('\n');
    expect(withBlankLineBeforeFences(source)).toBe(['- text:', '', '  ```ts', '  const a = 1;', '', '  ```', 'after', '', '```', 'code', '```'].join('\n'));
    expect(withBlankLineBeforeFences('a\n\n```\nb\n```')).toBe('a\n\n```\nb\n```');
  });

  it('gives headings GitHub’s anchors', () => {
    expect(githubSlug('Provider sign-in')).toBe('provider-sign-in');
    const slug = githubSlugger();
    expect(slug('`<lead-page>`')).toBe('lead-page');
    expect(slug('2. Lead gateway (`/gateway/lead`, `src/gateway/lead/*`)')).toBe('2-lead-gateway-gatewaylead-srcgatewaylead');
    expect(slug('[0.2.0] - 2026-11-26')).toBe('020---2026-11-26');
    expect(slug('A page without a build (CDN)')).toBe('a-page-without-a-build-cdn');
    expect(slug('see [the guide](x.md#y) and <kbd>Esc</kbd>')).toBe('see-the-guide-and-esc');
    expect(slug('snake_case and Ünïcode')).toBe('snake_case-and-ünïcode');
    expect([slug('Events'), slug('Events'), slug('Events-1'), slug('Events')]).toEqual(['events', 'events-1', 'events-1-1', 'events-2']);
  });
});

describe('the element pages’ usage', () => {
  /** A value of every attribute of the tag, by its type: every prop is in the snippet. */
  const everyAttribute = (tag: LeadkitTag) =>
    Object.fromEntries(
      Object.entries(TAGS[tag].attributes as Readonly<Record<string, AttributeType>>).map(([prop, type]) => [
        prop,
        type === 'number' ? 1001 : type === 'boolean' ? true : type === 'string' ? 'a value' : type[0],
      ]),
    );

  it('shows the tag with the live element’s values, its component, and the link to the connect page', () => {
    expect(htmlUsage('lead-board', { spId: 1001, 'page-size': 5, newMessages: true, pageSize: undefined })).toBe(
      '<lead-board sp-id="1001" new-messages page-size="5" gateway-url="https://gateway.example.com" gateway-credentials="include"></lead-board>',
    );
    expect(reactUsage('raq-funnel', { spId: 1001, postalCode: '80202', authMode: 'one-time' })).toBe(
      [
        "import { RaqFunnel } from 'leadkit/react';",
        "import { gateway } from './gateway'; // the connect page's config",
        '',
        'export const Example = () => <RaqFunnel postalCode="80202" spId={1001} gateway={gateway} />;',
      ].join('\n'),
    );
    expect(reactUsage('message-thread', { spId: 1001, userId: 5001, leadId: 300001 })).toContain(
      '<MessageThread spId={1001} userId={5001} leadId={300001} gateway={gateway} auth={providerAuth} chat={chat} />',
    );
    for (const tag of TAG_NAMES) {
      const markdown = usageMarkdown(tag, {});
      const problems = linksOf(markdown).map((href) => siteLinkProblem(`docs/widgets/${tag}.md`, href, markdown, SITE_LINKS));
      expect(problems.filter(Boolean)).toEqual([]);
      expect(linksOf(markdown)).toContain(CONNECT_PAGE);
    }
  });

  /**
   * The connect page's module the snippets import (`./gateway`): the file `gateway.ts` of its
   * first TSX block that names one (`// gateway.ts: …` starts it, the next `// <file>.tsx` ends it).
   */
  function connectModule(): string {
    const source = read('docs/connect-gateway.md');
    for (const block of source.matchAll(/^```tsx?\n([\s\S]*?)^```/gm)) {
      const lines = (block[1] ?? '').split('\n');
      const start = lines.findIndex((line) => /^\/\/\s+gateway\.ts\b/.test(line));
      if (start === -1) continue;
      const end = lines.findIndex((line, index) => index > start && /^\/\/\s+[\w./-]+\.tsx?\b/.test(line));
      return lines.slice(start, end === -1 ? undefined : end).join('\n');
    }
    throw new Error(`${CONNECT_PAGE} has no TSX block with the file gateway.ts: the element pages' React snippets import it as ${CONNECT_MODULE}`);
  }

  /** Type-checks the files (name → text) in one program against leadkit's sources; the errors of `checked`. */
  function typeCheck(files: Map<string, string>, checked: (file: string) => boolean): string[] {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      resolveJsonModule: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node', 'vite/client'],
      baseUrl: ROOT,
      paths: { leadkit: ['src/index.ts'], 'leadkit/react': ['src/react.tsx'], '@leadkit/sandbox': ['packages/sandbox/src/index.ts'] },
    };
    const host = ts.createCompilerHost(options, true);
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
    host.directoryExists = (dir) =>
      [...files.keys()].some((file) => file.startsWith(`${dir}${path.sep}`)) || (directoryExists?.call(host, dir) ?? fs.existsSync(dir));
    host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
    host.getSourceFile = (file, language, onError, fresh) => {
      const text = files.get(file);
      return text === undefined ? getSourceFile.call(host, file, language, onError, fresh) : ts.createSourceFile(file, text, language, true);
    };
    const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
    return [...files.keys()].filter(checked).flatMap((file) => {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`${file} was not in the program`);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (diagnostic) => `${path.basename(file)}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
      );
    });
  }

  it('type-checks every tag’s React snippet, with every attribute set, against leadkit/react and the connect page’s module', { timeout: 120_000 }, () => {
    const dir = path.join(ROOT, '.docs-site-usage');
    const files = new Map<string, string>([[path.join(dir, 'gateway.ts'), connectModule()]]);
    for (const tag of TAG_NAMES) {
      const markdown = usageMarkdown(tag, everyAttribute(tag));
      const snippet = /```tsx\n([\s\S]*?)\n```/.exec(markdown)?.[1];
      expect(snippet, tag).toBeDefined();
      files.set(path.join(dir, `${tag}.tsx`), snippet ?? '');
    }
    // Canaries that must fail (the check resolves leadkit/react to its real types): an id given as
    // text, a component leadkit/react does not have.
    const board = reactUsage('lead-board', { spId: 1001 });
    files.set(path.join(dir, 'canary-type.tsx'), board.replace('spId={1001}', 'spId="1001"'));
    files.set(path.join(dir, 'canary-name.tsx'), board.replace(/LeadBoard/g, 'LeadBoards'));
    const errors = typeCheck(files, (file) => file.endsWith('.tsx'));
    expect(errors.filter((error) => !error.startsWith('canary-'))).toEqual([]);
    expect(errors.filter((error) => error.startsWith('canary-')).map((error) => error.split(': ')[1]?.split(' ')[0])).toEqual(['TS2322', 'TS2724']);
  });
});

describe('the URLs the project writes', () => {
  const repository = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  const [, owner = '', name = ''] = /^https:\/\/github\.com\/([^/]+)\/([^/]+)$/.exec(repository) ?? [];
  /** The docs site: the repository's GitHub Pages project site. */
  const site = `https://${owner.toLowerCase()}.github.io/${name}/`;

  it('names one repository everywhere: package.json `repository`, the docs site’s links, the packages, the docs and the code', () => {
    expect(repository).toBe('https://github.com/leadkit/leadkit');
    expect(REPOSITORY).toBe(repository);
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(
        (file) => /\.(md|mdx|json|ts|tsx|js|mjs|cjs|ya?ml|html)$/.test(file) && !file.endsWith('package-lock.json') && fs.existsSync(path.join(ROOT, file)),
      );
    const other: string[] = [];
    let named = 0;
    for (const file of files) {
      for (const match of read(file).matchAll(/(?:github\.com|raw\.githubusercontent\.com)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?=[/#?)\s"'`>]|$)/gi)) {
        const [, user = '', repo = ''] = match;
        // Another project's repository (a dependency's) is not ours.
        if (!/leadkit/i.test(user) && !/leadkit/i.test(repo)) continue;
        named++;
        if (`https://github.com/${user}/${repo}` !== repository) other.push(`${file}: ${match[0]}`);
      }
      for (const match of read(file).matchAll(/https?:\/\/[\w.-]+\.github\.io\/[\w./-]*/gi)) if (!match[0].startsWith(site)) other.push(`${file}: ${match[0]}`);
    }
    expect(other).toEqual([]);
    expect(named).toBeGreaterThan(3);
  });

  it('points package.json `homepage` and the README’s first screen to the docs site, its GitHub Pages project site', () => {
    expect(packageJson.homepage).toBe(site);
    const firstScreen = read('README.md').split('\n').slice(0, 20).join('\n');
    expect(firstScreen).toContain(`](${site})`);
  });
});
