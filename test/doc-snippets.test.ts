/**
 * Every code block of README.md and docs/ compiled or run: a host developer copies
 * them, so a snippet that does not type-check, names what it never defines, or runs a command
 * that does not exist is a bug of the docs. Which block gets which check, and the markers a
 * block that cannot be checked carries: test/helpers/doc-snippets.ts.
 *
 * - TS/TSX blocks and the module scripts of HTML blocks are type-checked in ONE program with
 *   `strict`, against leadkit's public entries (`leadkit`, `leadkit/react`… mapped to their
 *   src/ entry files, the files the package's .d.ts are built from, so no build is needed), React's
 *   types, Node's, and the stand-ins below for the frameworks not installed here. This is the
 *   quick in-repo check; the same files are type-checked against the PACKED package's .d.ts and
 *   the real frameworks' types (Next.js, Vue, Angular, React Router, Express) by the host
 *   fixtures' `snippets` check (test/hosts/snippets.ts, `npm run test:hosts`).
 * - Shell blocks: each `npm run X` / `npm start|test` names a script of package.json, each
 *   `npm install` names leadkit or one of its dependencies, peers or packages, or a tarball (`.tgz`,
 *   what `npm pack` makes: leadkit's packages are not on the registry yet).
 * - HTML blocks are rendered in Chromium against the sandbox by test/e2e/doc-snippets.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  CANARY,
  CANARY_ERRORS,
  canaryErrors,
  extractSnippets,
  RENDERED,
  ROOT,
  TYPE_CHECKED,
  typeCheckedFiles,
  where,
  type Snippet,
} from './helpers/doc-snippets';

const SHELL = new Set(['sh', 'bash', 'shell']);
/** A block without a language, or `text`: a diagram or an output, not code. */
const NOT_CODE = new Set(['', 'text']);

/** leadkit's entries as a host imports them, to the sources their .d.ts are built from. */
const ENTRY_PATHS: Record<string, string[]> = {
  leadkit: ['src/index.ts'],
  'leadkit/define': ['src/define.ts'],
  'leadkit/react': ['src/react.tsx'],
  'leadkit/server': ['src/server.ts'],
  'leadkit/twilio': ['src/twilio.ts'],
  'leadkit/heic': ['src/heic.ts'],
  'leadkit/notifications-sw': ['src/notifications-sw.ts'],
  '@leadkit/sandbox': ['packages/sandbox/src/index.ts'],
};

/**
 * Stand-ins for the framework APIs the snippets use whose packages are not installed here (the
 * snippets are type-checked against their real types by test/hosts/snippets.ts): the members the snippets call, with the signatures of
 * Next.js 16, React Router 7, @vitejs/plugin-vue 6, Express 5 and Angular 21 (narrowed to
 * what is used).
 */
const FRAMEWORK_STAND_INS = `
declare module 'next/headers' {
  interface RequestCookies { get(name: string): { name: string; value: string } | undefined; has(name: string): boolean; toString(): string }
  export function cookies(): Promise<RequestCookies>;
  export function headers(): Promise<Headers>;
}
declare module 'next/navigation' {
  interface NavigateOptions { scroll?: boolean }
  export function useRouter(): { push(href: string, options?: NavigateOptions): void; replace(href: string, options?: NavigateOptions): void; back(): void; refresh(): void };
}
declare module 'react-router' {
  export function useNavigate(): (to: string, options?: { replace?: boolean }) => void | Promise<void>;
}
declare module '@vitejs/plugin-vue' {
  export default function vue(options?: { template?: { compilerOptions?: { isCustomElement?: (tag: string) => boolean } } }): import('vite').Plugin;
}
declare module 'express' {
  import type { IncomingHttpHeaders } from 'node:http';
  export interface Request { params: Record<string, string>; headers: IncomingHttpHeaders; query: Record<string, unknown>; originalUrl: string }
  export interface Response { send(body: string): Response; status(code: number): Response }
  type Handler = (req: Request, res: Response) => void | Promise<void>;
  export interface Express { get(path: string, handler: Handler): Express; listen(port: number): unknown }
  export default function express(): Express;
}
declare module '@angular/core' {
  export interface SchemaMetadata { name: string }
  export const CUSTOM_ELEMENTS_SCHEMA: SchemaMetadata;
  export function Component(meta: { selector: string; template: string; schemas?: SchemaMetadata[]; imports?: unknown[] }): <T extends abstract new (...args: never[]) => unknown>(target: T, context: ClassDecoratorContext<T>) => void;
  export function inject<T>(token: abstract new (...args: never[]) => T): T;
}
declare module '@angular/router' {
  export class Router { navigateByUrl(url: string, extras?: { replaceUrl?: boolean }): Promise<boolean> }
}
`;

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
  resolveJsonModule: true,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  // Node's for the server snippets; vite/client for the sources' `?inline` CSS imports.
  types: ['node', 'vite/client'],
  baseUrl: ROOT,
  paths: ENTRY_PATHS,
};

interface VirtualFile {
  snippet: Snippet;
  /** Where the file's first line is in the snippet's markdown file. */
  line: number;
  text: string;
}

const VIRTUAL_ROOT = path.join(ROOT, '.doc-snippets');

function virtualFiles(snippets: readonly Snippet[]): Map<string, VirtualFile> {
  const files = new Map<string, VirtualFile>();
  for (const file of typeCheckedFiles(snippets)) files.set(path.join(VIRTUAL_ROOT, ...file.name.split('/')), file);
  files.set(path.join(VIRTUAL_ROOT, 'framework-stand-ins.d.ts'), {
    snippet: { doc: 'test/doc-snippets.test.ts', line: 0, lang: 'ts', code: '', anchor: '', marker: null },
    line: 0,
    text: FRAMEWORK_STAND_INS,
  });
  return files;
}

/** Type-checks the files in one program; the errors as `doc:line: message`. */
function typeCheck(files: Map<string, VirtualFile>): string[] {
  const host = ts.createCompilerHost(OPTIONS, true);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  const isVirtualDir = (dir: string) => dir === VIRTUAL_ROOT || [...files.keys()].some((file) => file.startsWith(`${dir}${path.sep}`));
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.text ?? readFile.call(host, file);
  host.directoryExists = (dir) => isVirtualDir(dir) || (directoryExists?.call(host, dir) ?? fs.existsSync(dir));
  host.getSourceFile = (file, language, onError, fresh) => {
    const virtual = files.get(file);
    return virtual ? ts.createSourceFile(file, virtual.text, language, true) : getSourceFile.call(host, file, language, onError, fresh);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: OPTIONS, host });
  const errors: string[] = [];
  for (const [file, virtual] of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} was not in the program`);
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      errors.push(`${virtual.snippet.doc}:${virtual.line + line}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
  }
  return errors;
}

const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const sandboxPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/sandbox/package.json'), 'utf8')) as { name: string };
const cdnPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/cdn/package.json'), 'utf8')) as { name: string };

/** What is wrong with a shell block's npm commands. */
function shellProblems(snippet: Snippet): string[] {
  const problems: string[] = [];
  const installable = new Set([
    'leadkit',
    sandboxPackage.name,
    cdnPackage.name,
    ...Object.keys(packageJson.dependencies),
    ...Object.keys(packageJson.peerDependencies),
  ]);
  for (const command of snippet.code.split(/\n|&&/).map((part) => part.replace(/#.*$/, '').trim())) {
    const words = command.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
    if (words[0] !== 'npm') continue;
    const [verb = '', ...rest] = words.slice(1);
    const args = rest.filter((word) => !word.startsWith('-'));
    if (verb === 'run' && !packageJson.scripts[args[0] ?? '']) problems.push(`${where(snippet)}: npm run ${args[0]}: no such script`);
    if ((verb === 'start' || verb === 'test') && !packageJson.scripts[verb]) problems.push(`${where(snippet)}: npm ${verb}: no such script`);
    if (verb === 'install' || verb === 'i')
      for (const name of args)
        if (!installable.has(name) && !name.endsWith('.tgz'))
          problems.push(
            `${where(snippet)}: npm install ${name}: not leadkit, the sandbox, the CDN files, one of leadkit's dependencies or peers, or a tarball`,
          );
  }
  return problems;
}

/** What is wrong with an excerpt of the repository's code: a code line that is not in its file, in order. */
function excerptProblems(snippet: Snippet, source: string): string[] {
  const file = path.join(ROOT, source);
  if (!fs.existsSync(file)) return [`${where(snippet)}: excerpt of ${source}, which does not exist`];
  const text = fs.readFileSync(file, 'utf8');
  let from = 0;
  const problems: string[] = [];
  for (const line of snippet.code.split('\n').map((code) => code.trim())) {
    if (line === '' || line.startsWith('//')) continue;
    const at = text.indexOf(line, from);
    if (at === -1) problems.push(`${where(snippet)}: "${line}" is not in ${source} (after what the excerpt quoted before it)`);
    else from = at + line.length;
  }
  return problems;
}

describe('doc snippets', () => {
  const { snippets, malformed } = extractSnippets();

  it('finds the blocks, and every marker reads', () => {
    expect(snippets.length).toBeGreaterThan(30);
    expect(malformed).toEqual([]);
  });

  it('checks every block or says why it does not', () => {
    const unchecked = snippets.filter(
      (snippet) =>
        snippet.marker === null && !TYPE_CHECKED.has(snippet.lang) && !RENDERED.has(snippet.lang) && !SHELL.has(snippet.lang) && !NOT_CODE.has(snippet.lang),
    );
    expect(
      unchecked.map(
        (snippet) => `${where(snippet)}: a \`${snippet.lang}\` block no check runs: mark it <!-- snippet: not-checked (why) --> on the line before its fence`,
      ),
    ).toEqual([]);
    const skipped = snippets.flatMap((snippet) =>
      snippet.marker?.kind === 'not-checked' ? [`${where(snippet)} (${snippet.lang}): ${snippet.marker.reason}`] : [],
    );
    const notCode = snippets.filter((snippet) => NOT_CODE.has(snippet.lang)).map((snippet) => `${where(snippet)}: no language (a diagram or an output)`);
    const counts = {
      typeChecked: snippets.filter((snippet) => TYPE_CHECKED.has(snippet.lang) && (snippet.marker === null || snippet.marker.kind === 'with')).length,
      rendered: snippets.filter((snippet) => RENDERED.has(snippet.lang) && snippet.marker === null).length,
      shell: snippets.filter((snippet) => SHELL.has(snippet.lang) && snippet.marker === null).length,
      excerpts: snippets.filter((snippet) => snippet.marker?.kind === 'excerpt').length,
      notChecked: skipped.length,
      notCode: notCode.length,
    };
    console.info(`doc snippets: ${JSON.stringify(counts)}\nnot checked:\n  ${[...skipped, ...notCode].join('\n  ')}`);
  });

  it('type-checks every TS/TSX block and HTML module script with strict', () => {
    const errors = typeCheck(virtualFiles(snippets));
    expect(errors.filter((error) => !error.startsWith(CANARY))).toEqual([]);
    expect(canaryErrors(errors)).toEqual(CANARY_ERRORS);
  }, 120_000);

  it('runs only npm commands that exist', () => {
    expect(snippets.filter((snippet) => SHELL.has(snippet.lang) && snippet.marker === null).flatMap(shellProblems)).toEqual([]);
  });

  it('quotes the repository files its excerpts name', () => {
    expect(snippets.flatMap((snippet) => (snippet.marker?.kind === 'excerpt' ? excerptProblems(snippet, snippet.marker.source) : []))).toEqual([]);
  });

  it('lets a host route lk-navigate itself only for same-tab links on its own origin', () => {
    // Every snippet that cancels lk-navigate (checked or not: a host pastes both) leaves Cmd/Ctrl-click
    // (newTab) and links to another origin (external, insurer, tel:, mailto:) to the browser first.
    const cancelling = snippets.filter((snippet) => /preventDefault\(\)/.test(snippet.code) && /navigate|Navigate/.test(snippet.code));
    expect(cancelling.length).toBeGreaterThan(5);
    expect(cancelling.filter((snippet) => !/newTab/.test(snippet.code)).map(where)).toEqual([]);
    expect(cancelling.filter((snippet) => !/\.origin\s*[!=]==?\s*(?:window\.)?location\.origin/.test(snippet.code)).map(where)).toEqual([]);
  });

  it('routes the whole URL and honours `replace` in every handler that routes lk-navigate itself', () => {
    // A router given `pathname + search` drops the link's fragment; `replace` (the funnel dropping
    // `withAlId` from its URL) asks to replace the history entry, not to add one.
    const cancelling = snippets.filter((snippet) => /preventDefault\(\)/.test(snippet.code) && /navigate|Navigate/.test(snippet.code));
    expect(cancelling.length).toBeGreaterThan(5);
    expect(cancelling.filter((snippet) => !/\.hash\b/.test(snippet.code)).map(where)).toEqual([]);
    expect(cancelling.filter((snippet) => !/\.detail\.replace\b/.test(snippet.code)).map(where)).toEqual([]);
  });

  it("forwards Node's Cookie header (string | undefined) with a fallback wherever a string is required", () => {
    // `headers: { cookie: req.headers.cookie }` does not type-check in a host's strict project: the
    // gateway config's headers are strings. README, docs/ (text and blocks) and leadkit's JSDoc.
    const walk = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const file = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) return walk(file);
        return /\.(md|ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
      });
    const files = ['README.md', ...walk('docs'), ...walk('src')];
    const bare = files.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (/\bcookie:\s*req\.headers\.cookie\b(?!\s*\?\?)/.test(text) ? [`${file}:${index + 1}`] : [])),
    );
    expect(bare).toEqual([]);
  });

  it("gives the gateway's origin, not '', unless the line says the gateway is on the page's own origin", () => {
    // `baseURL: ''` works only where the gateway is proxied on the page's origin: pasted into an
    // app talking to a gateway elsewhere, every call 404s. The docs' placeholder is
    // https://gateway.example.com (the e2e snippet test maps it to the sandbox).
    const empty = snippets.flatMap((snippet) =>
      snippet.code
        .split('\n')
        .flatMap((text, index) =>
          /\bbaseURL:\s*(?:''|""|``)/.test(text) && !/\/\/.*\bown origin\b/.test(text) ? [`${snippet.doc}:${snippet.line + index}`] : [],
        ),
    );
    expect(empty).toEqual([]);
  });
});
