/**
 * The fenced code blocks of README.md and docs/**\/*.md, with the marker a block carries (issue
 * 49 §1: every snippet compiled or run). test/doc-snippets.test.ts type-checks the TS/TSX blocks
 * (and the module scripts of HTML blocks), checks the shell blocks' npm commands and the excerpts
 * of the repository's own files; test/e2e/doc-snippets.test.ts renders the HTML blocks in
 * Chromium against the sandbox.
 *
 * A block the checks cannot run says so on the line right before its fence, never silently:
 * - `<!-- snippet: not-checked (why) -->` — skipped, and listed with its reason;
 * - `<!-- snippet: with <markdown file>#<heading anchor> -->` — type-checked beside the files of
 *   the first TS/TSX block under that heading, in place of its first file (a recipe whose other
 *   file is on another page);
 * - `<!-- snippet: excerpt src/path.ts -->` — a piece of the repository's own code: each of its
 *   code lines must be in that file, in order.
 * Inside a TS/TSX block, a whole-line comment naming a file (`// app/leads/board.tsx …`) starts
 * that file, so a block can hold a recipe of several files that import each other.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export type SnippetMarker = { kind: 'not-checked'; reason: string } | { kind: 'with'; target: string } | { kind: 'excerpt'; source: string };

export interface Snippet {
  /** The markdown file, repository-relative. */
  doc: string;
  /** The 1-based line of the block's first code line in `doc`. */
  line: number;
  /** The fence's info string's first word, lower case ('' when none). */
  lang: string;
  /** The block's text, its fence's indentation removed. */
  code: string;
  /** The nearest heading above the block, as its GitHub anchor. */
  anchor: string;
  marker: SnippetMarker | null;
}

/** README.md and every docs/**\/*.md, sorted. */
export function snippetDocs(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.md') ? [file] : [];
    });
  return ['README.md', ...walk('docs').sort()];
}

/** GitHub's heading anchor (as test/docs.test.ts computes it; repeats are not numbered here). */
export const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const MARKER = /^<!--\s*snippet:\s*(not-checked|with|excerpt)\s*(.*?)\s*-->$/;

function markerOf(line: string | undefined): SnippetMarker | null | 'malformed' {
  const text = line?.trim() ?? '';
  if (!text.startsWith('<!--') || !/snippet:/.test(text)) return null;
  const match = MARKER.exec(text);
  if (!match) return 'malformed';
  const [, kind, arg = ''] = match;
  if (kind === 'not-checked') {
    const reason = /^\((.+)\)$/.exec(arg)?.[1];
    return reason ? { kind, reason } : 'malformed';
  }
  if (!arg) return 'malformed';
  return kind === 'with' ? { kind, target: arg } : { kind: 'excerpt', source: arg };
}

export interface Extracted {
  snippets: Snippet[];
  /** `doc:line: what` for a marker the test cannot read (a typo must not skip a block). */
  malformed: string[];
}

export function extractSnippets(docs: readonly string[] = snippetDocs()): Extracted {
  const snippets: Snippet[] = [];
  const malformed: string[] = [];
  for (const doc of docs) {
    const lines = fs.readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
    let anchor = '';
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] ?? '';
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      if (heading) anchor = anchorOf(heading[1] ?? '');
      const fence = /^(\s*)(`{3,})\s*([\w-]*)/.exec(line);
      if (!fence) continue;
      const [, indent = '', ticks = '```', lang = ''] = fence;
      const body: string[] = [];
      let end = index + 1;
      for (; end < lines.length; end++) {
        const inner = lines[end] ?? '';
        if (inner.trim().startsWith(ticks) && inner.trim().replace(/`/g, '') === '') break;
        body.push(inner.startsWith(indent) ? inner.slice(indent.length) : inner.trimStart());
      }
      const marker = markerOf(lines[index - 1]);
      if (marker === 'malformed') malformed.push(`${doc}:${index}: ${lines[index - 1]?.trim()}`);
      snippets.push({ doc, line: index + 2, lang: lang.toLowerCase(), code: body.join('\n'), anchor, marker: marker === 'malformed' ? null : marker });
      index = end;
    }
  }
  return { snippets, malformed };
}

/** Where a snippet is, for messages: `docs/embedding.md:111`. */
export const where = (snippet: Pick<Snippet, 'doc' | 'line'>): string => `${snippet.doc}:${snippet.line}`;

/** The module scripts of an HTML block (`<script type="module">…</script>`), with their first line in the block. */
export function moduleScripts(html: string): { code: string; lineOffset: number }[] {
  const scripts: { code: string; lineOffset: number }[] = [];
  for (const match of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
    const before = html.slice(0, (match.index ?? 0) + match[0].indexOf('>') + 1);
    scripts.push({ code: match[1] ?? '', lineOffset: before.split('\n').length - 1 });
  }
  return scripts;
}
