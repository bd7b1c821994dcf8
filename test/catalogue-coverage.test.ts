import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enUS } from '../src/i18n/en-US';
import { ELEMENT_DEFINITIONS } from '../src/elements/definitions';

/**
 * Each element passes only its parts of the catalogue to its translator (smaller first
 * loads). This walks the source an element's widget can run and checks that every catalogue
 * key it names — literally, or as a template like `leadStatus.${status}` — is in its parts.
 */
const SRC = path.resolve(__dirname, '../src');
const ALL_KEYS = Object.keys(enUS);
// Type-only imports load nothing.
const IMPORT_RE = /(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.[^'"]+)['"]/g;
// A comment may come first: `import(/* lk:first-content */ './part')`.
const DYNAMIC_IMPORT_RE = /import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?['"](\.[^'"]+)['"]\s*\)/g;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Files reachable from `entry` by static relative imports — and by `import()` too when `lazy` —
 * (CSS and the catalogue itself excluded).
 */
function reachable(entry: string, lazy = false): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const imports = [...text.matchAll(IMPORT_RE), ...(lazy ? text.matchAll(DYNAMIC_IMPORT_RE) : [])];
    for (const match of imports) {
      const target = resolve(file, match[1]!);
      // The gateway shows no text (its schemas import domain enums whose label keys no widget needs to show).
      // Another locale's catalogue (i18n/es-US…) names every key: it translates texts, shows none of its own.
      if (
        target &&
        !target.includes(`${path.sep}i18n${path.sep}en-US`) &&
        !target.includes(`${path.sep}i18n${path.sep}es-US`) &&
        !target.includes(`${path.sep}gateway${path.sep}`) &&
        !/\.test\.tsx?$/.test(target)
      )
        stack.push(target);
    }
  }
  return [...seen];
}

function keysNamedIn(files: string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/['"`]([a-zA-Z]+\.[\w.]+)['"`]/g)) if (ALL_KEYS.includes(match[1]!)) keys.add(match[1]!);
    for (const match of text.matchAll(/`([a-zA-Z]+\.[\w.]*)\$\{/g)) for (const key of ALL_KEYS) if (key.startsWith(match[1]!)) keys.add(key);
  }
  return keys;
}

/** Keys of the catalogue parts that lazily loaded parts bring with them (`*-messages.ts` modules they reach). */
async function lazyParts(files: string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('-messages.ts'))) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const part of Object.values(module)) if (part && typeof part === 'object') for (const key of Object.keys(part)) keys.add(key);
  }
  return keys;
}

describe('each element ships the catalogue parts its widget shows', () => {
  it.each(ELEMENT_DEFINITIONS.map((definition) => [definition.tag, definition] as const))(
    '%s: its first load names only keys of its own parts',
    (tag, definition) => {
      const entry = path.join(SRC, 'elements', `${tag}.element.ts`);
      const named = keysNamedIn(reachable(entry));
      // A first load may be as small as a button (<review-request>), but it shows some text.
      expect(named.size).toBeGreaterThan(0);
      const missing = [...named].filter((key) => !Object.hasOwn(definition.catalogue, key));
      expect(missing).toEqual([]);
    },
  );

  it.each(ELEMENT_DEFINITIONS.map((definition) => [definition.tag, definition] as const))(
    '%s: its lazy parts bring the keys they name',
    async (tag, definition) => {
      const entry = path.join(SRC, 'elements', `${tag}.element.ts`);
      const files = reachable(entry, true);
      const named = keysNamedIn(files);
      expect(named.size).toBeGreaterThan(5);
      const parts = await lazyParts(files);
      const missing = [...named].filter((key) => !Object.hasOwn(definition.catalogue, key) && !parts.has(key));
      expect(missing).toEqual([]);
    },
  );
});
