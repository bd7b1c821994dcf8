/**
 * The fenced code blocks of README.md and docs/**\/*.md, with the marker a block carries (every
 * snippet is compiled or run). test/doc-snippets.test.ts type-checks the TS/TSX blocks
 * (and the module scripts of HTML blocks), checks the shell blocks' npm commands and the excerpts
 * of the repository's own files, against leadkit's src/ entries and stand-ins for the frameworks;
 * test/hosts/snippets.ts type-checks the same files (`typeCheckedFiles`) against the PACKED
 * package's .d.ts and the real frameworks' types; test/e2e/doc-snippets.test.ts renders the HTML
 * blocks in Chromium against the sandbox.
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
import { fileURLToPath } from 'node:url';

// import.meta.url, not __dirname: test/hosts/run.ts loads this file as an ES module (tsx).
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

/** The blocks type-checked (with the module scripts of the RENDERED ones). */
export const TYPE_CHECKED = new Set(['ts', 'tsx']);
/** The blocks test/e2e/doc-snippets.test.ts renders (their module scripts are type-checked too). */
export const RENDERED = new Set(['html']);

/** A file to type-check: where it goes (relative, `/`-separated) and where its first line is in the docs. */
export interface SnippetFile {
  /** `<block index>/<file name>`, e.g. `12/app/leads/page.tsx`; `canary/snippet.tsx` for the canary. */
  name: string;
  snippet: Snippet;
  /** Where the file's first line is in the snippet's markdown file. */
  line: number;
  text: string;
}

/** A TS/TSX block as files: split at whole-line comments naming a file (`// app/leads/board.tsx`). */
function filesOf(snippet: Snippet): { name: string; line: number; text: string }[] {
  const ext = snippet.lang === 'tsx' ? 'tsx' : 'ts';
  const files: { name: string; line: number; lines: string[] }[] = [];
  snippet.code.split('\n').forEach((text, index) => {
    const named = /^\/\/\s+([\w./[\]-]+\.tsx?)\b/.exec(text)?.[1];
    if (named && !named.startsWith('.') && !named.includes('..')) files.push({ name: named, line: snippet.line + index, lines: [] });
    else if (files.length === 0) files.push({ name: `snippet.${ext}`, line: snippet.line + index, lines: [] });
    files.at(-1)?.lines.push(text);
  });
  return files.map((file) => ({ name: file.name, line: file.line, text: file.lines.join('\n') }));
}

/** Keeps a file a module (its names its own, top-level await allowed). */
const asModule = (text: string) => `${text}\nexport {};\n`;

export const CANARY = '(canary)';
/**
 * A block that must fail, type-checked with the others: proof that leadkit's entries resolve to
 * their real types (an entry typed `any` would let every mistake through) and that strict is on.
 * Three mistakes the Next.js recipe once had: an env variable as a string, untyped props, a wrong
 * detail field.
 */
export const CANARY_CODE = `import { createGatewayClient } from 'leadkit';
import { LeadBoard } from 'leadkit/react';
createGatewayClient({ baseURL: process.env.GATEWAY_URL, auth: { kind: 'provider', spId: 1001 } });
export function Board({ spId }) { return <LeadBoard spId={spId} onNavigate={(e) => e.detail.path} />; }`;
/** The canary's errors, as `line TScode`. */
export const CANARY_ERRORS = [
  '3 TS2322', // baseURL: string | undefined
  '4 TS7031', // spId: implicitly any
  '4 TS2339', // detail.path: no such field
];

/**
 * The files to type-check: each TS/TSX block (split into its files; a `with` block in place of a
 * file of the block it names), each module script of an HTML block (as `.js`), and the canary.
 */
export function typeCheckedFiles(snippets: readonly Snippet[]): SnippetFile[] {
  const files = new Map<string, SnippetFile>();
  const add = (name: string, snippet: Snippet, line: number, text: string) => files.set(name, { name, snippet, line, text: asModule(text) });
  const tsBlocks = snippets.filter((snippet) => TYPE_CHECKED.has(snippet.lang));
  snippets.forEach((snippet, index) => {
    const dir = `${index}`;
    if (TYPE_CHECKED.has(snippet.lang) && snippet.marker === null) {
      for (const file of filesOf(snippet)) add(`${dir}/${file.name}`, snippet, file.line, file.text);
    } else if (TYPE_CHECKED.has(snippet.lang) && snippet.marker?.kind === 'with') {
      const [doc, anchor] = snippet.marker.target.split('#');
      const base = tsBlocks.find((other) => other.doc === doc && other.anchor === anchor && other.marker === null);
      if (!base) throw new Error(`${where(snippet)}: no TS/TSX block under ${snippet.marker.target}`);
      // The block stands in for the first file of that block unless it names its own files.
      const own = filesOf(snippet).map((file, at) =>
        at === 0 && file.name.startsWith('snippet.') ? { ...file, name: filesOf(base)[0]?.name ?? file.name } : file,
      );
      for (const file of filesOf(base)) if (!own.some((mine) => mine.name === file.name)) add(`${dir}/${file.name}`, base, file.line, file.text);
      for (const file of own) add(`${dir}/${file.name}`, snippet, file.line, file.text);
    } else if (RENDERED.has(snippet.lang) && snippet.marker === null) {
      moduleScripts(snippet.code).forEach((script, scriptIndex) => {
        add(`${dir}/script-${scriptIndex}.js`, snippet, snippet.line + script.lineOffset, script.code);
      });
    }
  });
  add('canary/snippet.tsx', { doc: CANARY, line: 1, lang: 'tsx', code: '', anchor: '', marker: null }, 1, CANARY_CODE);
  return [...files.values()];
}

/** The canary's errors among `doc:line: TScode …` messages, as CANARY_ERRORS has them. */
export const canaryErrors = (errors: readonly string[]): string[] =>
  errors.flatMap((error) => {
    const match = /^\(canary\):(\d+): (TS\d+)/.exec(error);
    return match ? [`${match[1]} ${match[2]}`] : [];
  });
