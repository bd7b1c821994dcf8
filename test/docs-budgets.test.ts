/**
 * The budgets are written once, in bench/budgets.mjs, and stated for readers in
 * docs/architecture.md#budgets. A page may repeat a size or time budget, but then it must equal
 * the file's figure. A page that still said "loader ≤ 2 kB" after the budget became 3.5 kB is the
 * drift this test catches. A budget figure is a size (kB, MB) or a time (ms) after `≤`,
 * `budget` or `goal`, in README.md or docs/ outside code blocks, even when it runs over a line
 * break.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
/** bench/budgets.mjs (plain JS, outside the typed sources): its exported groups of figures. */
const budgets = (await import(pathToFileURL(path.join(root, 'bench', 'budgets.mjs')).href)) as Record<string, Record<string, number>>;
const figure = (group: string, key: string): number => {
  const value = budgets[group]?.[key];
  if (typeof value !== 'number') throw new Error(`bench/budgets.mjs has no ${group}.${key}`);
  return value;
};

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** Every figure of bench/budgets.mjs by its unit: bytes (keys naming a size) and milliseconds. */
function budgetFigures(): { bytes: Set<number>; ms: Set<number> } {
  const bytes = new Set<number>();
  const ms = new Set<number>();
  for (const group of Object.values(budgets)) {
    for (const [key, value] of Object.entries(group)) {
      if (/Gzip$|^tarball$|^install/.test(key)) bytes.add(value);
      else if (/Ms$/.test(key)) ms.add(value);
    }
  }
  return { bytes, ms };
}

const UNIT = { kB: 1000, MB: 1_000_000, ms: 1 } as const;

/** The budget figures a markdown text states: [as written, value in bytes or ms, unit]. */
function statedBudgets(markdown: string): [string, number, keyof typeof UNIT][] {
  const prose = markdown
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n')
    .replace(/\s+/g, ' ');
  return [...prose.matchAll(/(?:≤|\bbudget|\bgoal)\s+(\d[\d,]*(?:\.\d+)?)\s*(kB|MB|ms)\b/g)].map((match) => {
    const unit = match[2] as keyof typeof UNIT;
    return [match[0], Math.round(Number((match[1] as string).replaceAll(',', '')) * UNIT[unit]), unit];
  });
}

describe('budget figures in the docs', () => {
  const { bytes, ms } = budgetFigures();

  it('reads each budget figure, also across a line break, and not the code blocks', () => {
    expect(statedBudgets('the loader ≤ 3.5 kB gzip, a tarball (budget\n750 kB), 216 ms (budget 250 ms), 65 kB (goal 45 kB)')).toEqual([
      ['≤ 3.5 kB', 3500, 'kB'],
      ['budget 750 kB', 750_000, 'kB'],
      ['budget 250 ms', 250, 'ms'],
      ['goal 45 kB', 45_000, 'kB'],
    ]);
    expect(statedBudgets('```sh\n# loader ≤ 2 kB\n```\nthe install ≤ 15 MB')).toEqual([['≤ 15 MB', 15_000_000, 'MB']]);
  });

  it('finds the size budgets of bench/budgets.mjs in docs/architecture.md#budgets', () => {
    const stated = statedBudgets(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')).map(([, value]) => value);
    for (const value of [figure('SIZE_BUDGETS', 'loaderGzip'), figure('PACKAGE_BUDGETS', 'tarball'), figure('PACKAGE_BUDGETS', 'installBeyondReact')]) {
      expect(stated).toContain(value);
    }
  });

  it('states no size or time budget in README.md or docs/ that bench/budgets.mjs does not hold', () => {
    const wrong = ['README.md', ...markdownFiles('docs')].flatMap((file) =>
      statedBudgets(fs.readFileSync(path.join(root, file), 'utf8'))
        .filter(([, value, unit]) => !(unit === 'ms' ? ms : bytes).has(value))
        .map(([written]) => `${file}: "${written}"`),
    );
    expect(wrong).toEqual([]);
  });
});
