/**
 * A test's environment is its vitest project's (vitest.config.ts: logic in Node, logic-dom and
 * components in happy-dom, the browser suites in Node driving a browser), never a per-file
 * environment pragma (the `vitest-environment` docblock tag; vitest reads one anywhere in a
 * test file's leading comment): a pragma restating the project's default says nothing, and one
 * that differs hides a second environment inside a project. A `.ts` test that needs a DOM is
 * named `*.dom.test.ts`, which puts it in logic-dom.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const FOLDERS = ['src', 'test', 'packages', 'stories', '.storybook'];
const SKIPPED = new Set(['node_modules', 'dist']);
/** What vitest reads as a file's environment (jest's spelling too). */
const PRAGMA = /@(vitest|jest)-environment\s/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('vitest environments', () => {
  it('are chosen by project: no test file carries an environment pragma', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(100);
    const withPragma = files.filter((file) => PRAGMA.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
    expect(withPragma).toEqual([]);
  });

  it('puts the logic tests that need a DOM in a happy-dom project by their name', () => {
    const config = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    expect(config).toMatch(/name: 'logic',\s+environment: 'node'/);
    expect(config).toMatch(/name: 'logic-dom',\s+environment: 'happy-dom',\s+include: LOGIC_DOM_FILES/);
    const domTests = sourceFiles(path.join(root, 'src')).filter((file) => file.endsWith('.dom.test.ts'));
    expect(domTests.length).toBeGreaterThan(0);
  });
});
