/**
 * Inside each widget, parts load one way: no import cycle between the files of a widget folder
 * (type-only imports included — a cycle of types is still two files that must change together).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WIDGETS = path.resolve(__dirname, '../src/widgets');
// Static imports, and import() with or without a leading comment (`import(/* lk:first-content */ './part')`).
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?['"](\.[^'"]+)['"]\s*\)/g;
const SOURCE = /\.tsx?$/;

/** Files of a widget folder (tests and stories aside) → the files of the same folder they import. */
function graph(widget: string): Map<string, string[]> {
  const dir = path.join(WIDGETS, widget);
  const files = readdirSync(dir).filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file));
  const resolve = (spec: string) =>
    files.find((file) => file.replace(SOURCE, '') === path.basename(spec).replace(SOURCE, '') && path.dirname(path.join(dir, spec)) === dir);
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) => resolve(match[1] ?? match[2] ?? '')).filter((target): target is string => Boolean(target));
      return [file, targets];
    }),
  );
}

/** Every cycle found by depth-first search, as "a → b → a". */
export function cycles(edges: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('imports inside a widget', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    expect(
      cycles(
        new Map([
          ['a.tsx', ['b.ts']],
          ['b.ts', ['a.tsx']],
        ]),
      ),
    ).toEqual(['a.tsx → b.ts → a.tsx']);
    expect(
      cycles(
        new Map([
          ['a.tsx', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it.each(readdirSync(WIDGETS))('%s: its files import each other one way', (widget) => {
    const edges = graph(widget);
    expect(edges.size).toBeGreaterThan(0);
    expect(cycles(edges)).toEqual([]);
  });
});
