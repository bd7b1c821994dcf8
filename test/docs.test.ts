/**
 * The README is a one-screen map and docs/ holds the rest: the README keeps its
 * two commands (the test command is the one `.ci/run` runs), each host's embedding fits in ten
 * lines, and every link in the README, docs/ and the examples' and host fixtures' READMEs — and
 * every `docs/….md#anchor` or sandbox README anchor a code comment cites — reaches a file and a
 * heading that exist. What a reader of the repository cannot open is not cited: the project's
 * issue tracker ("issue 48 §1") and the design notes kept outside the repository.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const slug = (heading[1] ?? '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

/** Relative links of a markdown file — `[text](target)`, `[ref]: target`, `<a href="target">` — outside code blocks and code spans. */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    const text = line.replace(/`[^`]*`/g, '');
    const targets = [
      ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? ''),
      ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)].map((match) => match[1] ?? ''),
      ...[...text.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ];
    for (const target of targets) if (!/^[a-z]+:/.test(target)) links.push(target);
  }
  return links;
}

/** What is wrong with a link from `from` (a repository path) to `target`, or null. */
function brokenLink(from: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
  if (!fs.existsSync(path.join(root, resolved))) return `${from}: ${target} (no ${resolved})`;
  if (anchor === undefined || fs.statSync(path.join(root, resolved)).isDirectory()) return null;
  return anchorsOf(read(resolved)).has(anchor) ? null : `${from}: ${target} (no heading #${anchor} in ${resolved})`;
}

function codeBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let block: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      if (block) blocks.push(block);
      block = block ? null : [];
    } else block?.push(line);
  }
  return blocks;
}

describe('README', () => {
  const readme = read('README.md');

  it('is a map of at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('gives the two commands, and its test command is what CI runs', () => {
    const blocks = codeBlocks(readme).map((lines) => lines.join('\n'));
    expect(blocks).toContain('npm ci && npm start');
    expect(blocks).toContain('npm ci && npm test');
    const ci = read('.ci/run')
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    const install = ci.findIndex((line) => /^npm ci\b/.test(line));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(ci.slice(install + 1)).toContain('npm test');
  });

  it('embeds each host in at most ten lines', () => {
    const embedding = readme.slice(readme.indexOf('## Embedding'), readme.indexOf('\n## ', readme.indexOf('## Embedding') + 1));
    const blocks = codeBlocks(embedding);
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const block of blocks) expect(block.length, block.join('\n')).toBeLessThanOrEqual(10);
    for (const host of ['CDN', 'React (Vite)', 'Next.js', 'Vue 3', 'Svelte 5', 'Preact', 'Angular', 'Node server']) expect(embedding).toContain(host);
  });
});

describe('docs', () => {
  it('has a page per widget', () => {
    for (const tag of ['lead-board', 'lead-page', 'message-thread', 'raq-funnel', 'review-request', 'lead-app']) {
      expect(fs.existsSync(path.join(root, `docs/widgets/${tag}.md`)), tag).toBe(true);
    }
  });

  it('links only to files and headings that exist (README, docs/, the examples and host fixtures)', () => {
    const files = ['README.md', ...markdownFiles('docs'), 'examples/README.md', 'test/hosts/README.md'];
    const broken = files.flatMap((file) => linksOf(read(file)).map((target) => brokenLink(file, target)));
    expect(broken.filter(Boolean)).toEqual([]);
    // It reads every kind of link (a pattern matching nothing would pass).
    expect(linksOf('[a](x.md) [b](https://example.com)\n[c]: ../y.md\n<a href="z.md#q">z</a>\n`[d](no.md)`')).toEqual(['x.md', '../y.md', 'z.md#q']);
    expect(brokenLink('docs/csp.md', '../shared/DESIGN.md')).toMatch(/no shared\/DESIGN\.md/);
  });

  it('cites nothing a reader of the repository cannot open: no issue of the tracker, no design notes kept outside it (docs/ and src/)', () => {
    // "issue 48", "Issue 53 §1", "issue #8", "issues #7"; not the verb ("the sandbox issues 30 minutes").
    const UNREADABLE = /\b(?:issue #?\d+|issues #\d+|spec\.md|DESIGN(?:\.md|'s)|TOOLCHAIN\.md)|\.\.\/shared\//gi;
    const sources = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const file = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) return sources(file);
        return /\.(ts|tsx|js|mjs|css|md)$/.test(entry.name) ? [file] : [];
      });
    const files = [...markdownFiles('docs'), ...sources('src')];
    expect(files.length).toBeGreaterThan(300);
    const cited = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => [...line.matchAll(UNREADABLE)].map((match) => `${file}:${index + 1}: ${match[0]}`)),
    );
    expect(cited).toEqual([]);
    // What it catches, and what it leaves (a one-time token's `reason: 'issue'`, a spec section).
    expect('(issue 48 §1) Issue 53 issues #12 DESIGN.md spec.md ../shared/x'.match(UNREADABLE)).toHaveLength(6);
    expect("reason: 'issue' | 'renew'; §7 of the spec; the sandbox issues 30 minutes".match(UNREADABLE)).toBeNull();
  });

  it('names only code paths that exist (README and docs/)', () => {
    // What a command writes (bench/results.json, test-results/) is git-ignored: named, not kept.
    const ignoredByGit = (named: string) => spawnSync('git', ['check-ignore', '-q', named], { cwd: root }).status === 0;
    // A path the docs name — in a code span, a code block or the text: `src/server/load-first-screen.ts`,
    // stories/support/, scripts/build.mjs — is a file or a folder of the repository. Patterns
    // (`src/widgets/<name>/`, `*.stories.tsx`, `…`) and built output (dist/, storybook-static/) are not checked.
    const ROOTS = 'src|test|scripts|stories|examples|bench|packages|eslint|docs|\\.storybook|\\.ci';
    const pathPattern = new RegExp(`(?<![\\w./@-])(?:${ROOTS})/[\\w./<>*{}…:-]*`, 'g');
    const missing = new Set<string>();
    for (const file of ['README.md', ...markdownFiles('docs')]) {
      for (const match of read(file).matchAll(pathPattern)) {
        const named = match[0].replace(/[.:)]+$/, '').replace(/:\d+$/, '');
        if (/[<>*{}…]/.test(named) || named.includes('/dist/')) continue;
        // `packages/sandbox/src/index.ts:42` or a line range is the file; a trailing slash is a folder.
        if (!fs.existsSync(path.join(root, named)) && !ignoredByGit(named)) missing.add(`${file}: ${named}`);
      }
    }
    expect([...missing]).toEqual([]);
    // It reads what the docs name (a pattern matching nothing would pass).
    expect(['README.md', ...markdownFiles('docs')].reduce((sum, file) => sum + [...read(file).matchAll(pathPattern)].length, 0)).toBeGreaterThan(200);
  });

  it('has every docs/….md#anchor (and packages/sandbox/README.md#…) a code comment cites', () => {
    const cited = new Set<string>();
    const scan = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const file = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) scan(file);
        else if (/\.(ts|tsx|js|mjs)$/.test(entry.name))
          for (const match of read(file).matchAll(/\b(?:docs\/[\w/-]+|packages\/sandbox\/README)\.md(?:#[\w-]+)?/g)) cited.add(match[0]);
      }
    };
    for (const dir of ['src', 'test', 'scripts', 'packages', 'stories', 'examples', 'bench', 'eslint']) if (fs.existsSync(path.join(root, dir))) scan(dir);
    const broken = [...cited].map((target) => brokenLink('README.md', target)).filter(Boolean);
    expect(broken).toEqual([]);
  });
});
