// @ts-check
/**
 * leadkit's no-cycle rule: no file may import (statically, dynamically, or for types only) a
 * file that leads back to it. Type-only imports count: a loop of types is still a loop a reader
 * has to untangle, and it is how runtime import loops start. The fix is to move what
 * both sides need down into a module of its own (i18n/locale-types.ts, runtime/host-inputs.ts,
 * gateway/message-center/chat-session-schema.ts are the examples).
 *
 * eslint-plugin-import-x's `no-cycle` skips `import type` by design and has no option to count
 * it, hence this rule. It follows relative specifiers only (a package name, an alias such as
 * `@leadkit/sandbox`, `virtual:` modules and non-code files such as `./x.css?inline` are
 * leaves). The linted file's imports come from its AST; every other file's from
 * `ts.preProcessFile` (imports, exports, `import()` — also in type positions — and
 * `import x = require()`; comments and strings are not imports), read once and read again only
 * when its mtime or size changes, so one lint run reads each file once and an editor sees edits.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const CANDIDATE_SUFFIXES = ['', ...CODE_EXTENSIONS, ...CODE_EXTENSIONS.map((ext) => `/index${ext}`)];

/** @param {string} file */
const isCodeFile = (file) => CODE_EXTENSIONS.includes(path.extname(file)) && !file.endsWith('.d.ts');

/** @param {string} file */
function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The code file a relative specifier names, or null (a package, an alias, a stylesheet…).
 * @param {string} from the importing file
 * @param {string} specifier
 */
export function resolveRelative(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.resolve(path.dirname(from), bare);
  const candidates = CANDIDATE_SUFFIXES.map((suffix) => base + suffix);
  // TypeScript's ESM style: './x.js' names ./x.ts.
  const js = /\.(m|c)?js$/.exec(bare);
  if (js) candidates.push(base.replace(/\.(m|c)?js$/, `.${js[1] ?? ''}ts`), base.replace(/\.js$/, '.tsx'));
  for (const candidate of candidates) {
    if (isCodeFile(candidate) && !candidate.includes(`${path.sep}node_modules${path.sep}`) && isFile(candidate)) return candidate;
  }
  return null;
}

/** @type {Map<string, { mtimeMs: number, size: number, imports: string[] }>} */
const cache = new Map();

/**
 * The files a file on disk imports (resolved, code files only), cached by mtime and size.
 * @param {string} file
 * @returns {string[]}
 */
function importsOnDisk(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    cache.delete(file);
    return [];
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.imports;
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, false);
  const imports = [...new Set(importedFiles.map((ref) => resolveRelative(file, ref.fileName)).filter((target) => target !== null))];
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, imports });
  return imports;
}

/**
 * The way from `start` back to `goal` through the files' imports, or null. `dead` holds files
 * already known not to lead to `goal` (shared by the searches of one linted file).
 * @param {string} start
 * @param {string} goal
 * @param {Set<string>} dead
 * @returns {string[] | null}
 */
function pathBack(start, goal, dead) {
  if (start === goal) return [start];
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  /** @type {string[]} */
  const stack = [start];
  while (stack.length > 0) {
    const current = /** @type {string} */ (stack.pop());
    for (const next of importsOnDisk(current)) {
      if (next === goal) {
        const way = [goal];
        for (let at = /** @type {string | null} */ (current); at !== null; at = parent.get(at) ?? null) way.unshift(at);
        return way;
      }
      if (parent.has(next) || dead.has(next)) continue;
      parent.set(next, current);
      stack.push(next);
    }
  }
  for (const file of parent.keys()) dead.add(file);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{way}}. Type-only imports count too: move what both sides need down into a module of their own.',
    },
  },
  create(context) {
    const file = context.filename;
    if (!isCodeFile(file) || !path.isAbsolute(file)) return {};
    /** @type {Set<string>} */
    const dead = new Set();
    /** @type {Map<string, string[] | null>} */
    const found = new Map();
    /** @param {string} at */
    const shown = (at) => path.relative(context.cwd, at).split(path.sep).join('/');

    /**
     * @param {import('estree').Node} node
     * @param {unknown} source
     */
    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveRelative(file, source);
      if (target === null) return;
      if (!found.has(target)) found.set(target, pathBack(target, file, dead));
      const way = found.get(target);
      if (way) context.report({ node, messageId: 'cycle', data: { way: [file, ...way].map(shown).join(' → ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      // typescript-eslint's nodes: `import('./x').T` in a type, `import x = require('./x')`.
      /** @param {any} node */
      TSImportType: (node) => check(node, node.source?.value ?? node.argument?.literal?.value),
      /** @param {any} node */
      TSExternalModuleReference: (node) => check(node, node.expression?.value),
    };
  },
};

export default { rules: { 'no-cycle': noCycleRule } };
