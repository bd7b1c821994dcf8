/**
 * The budgets are written once, in bench/budgets.mjs, and stated for readers in one place,
 * docs/architecture.md#budgets; other pages link there. A page may still name a budget (a results
 * table beside a figure), but then it must be the file's figure. A page that still said "loader
 * ≤ 2 kB" after the budget became 3.5 kB, or "filter toggle p75 ≤ 50 ms" when it is 40 ms, is the
 * drift this test catches. A budget figure is a size (kB, MB), a time (ms) or a ratio (×) after
 * `≤`, `budget` or `goal`, in README.md or docs/ outside code blocks, even when it runs over a line
 * break; and each budget named by what it measures ("filter toggle p75 ≤ …") must be that
 * budget's own figure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
/** bench/budgets.mjs (plain JS, outside the typed sources): its exported groups of figures. */
const budgets = (await import(pathToFileURL(path.join(root, 'bench', 'budgets.mjs')).href)) as Record<string, Record<string, unknown>>;
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
const DOCS = ['README.md', ...markdownFiles('docs')];
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every figure of bench/budgets.mjs by its unit: bytes (keys naming a size), milliseconds and ratios. */
function budgetFigures(): Record<Unit, Set<number>> {
  const figures: Record<Unit, Set<number>> = { bytes: new Set(), ms: new Set(), ratio: new Set() };
  for (const group of Object.values(budgets)) {
    for (const [key, value] of Object.entries(group)) {
      if (typeof value !== 'number') continue;
      if (/Gzip$|^tarball$|^install/.test(key)) figures.bytes.add(value);
      else if (/Ms$/.test(key)) figures.ms.add(value);
      else if (/Vs|^vs/.test(key)) figures.ratio.add(value);
    }
  }
  return figures;
}

type Unit = 'bytes' | 'ms' | 'ratio';
const UNIT: Record<string, [Unit, number]> = { kB: ['bytes', 1000], MB: ['bytes', 1_000_000], ms: ['ms', 1], '×': ['ratio', 1] };

/** Prose of a markdown text: code blocks out, whitespace (line breaks too) as one space. */
const prose = (markdown: string) =>
  markdown
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n')
    .replace(/\s+/g, ' ');

/** The budget figures a markdown text states: [as written, value in bytes, ms or as a ratio, unit]. */
function statedBudgets(markdown: string): [string, number, Unit][] {
  return [...prose(markdown).matchAll(/(?:≤|\bbudget|\bgoal)\s+(\d[\d,]*(?:\.\d+)?)\s*(kB|MB|ms|×)(?![\w])/g)].map((match) => {
    const [unit, scale] = UNIT[match[2] as string]!;
    return [match[0], Math.round(Number((match[1] as string).replaceAll(',', '')) * scale * 1000) / 1000, unit];
  });
}

/**
 * Budgets named by what they measure, each with the figure it must have wherever a page states
 * it: [what, pattern (its first group the figure, in the unit of the file's value), figure].
 */
const NAMED: [string, RegExp, () => number][] = [
  ['the CDN loader', /\bloader ≤ (\d+(?:\.\d+)?) kB/g, () => figure('SIZE_BUDGETS', 'loaderGzip') / 1000],
  ['the npm tarball', /\btarball ≤ (\d+) kB/g, () => figure('PACKAGE_BUDGETS', 'tarball') / 1000],
  ['the install beyond React', /\binstall beyond React ≤ (\d+) MB/g, () => figure('PACKAGE_BUDGETS', 'installBeyondReact') / 1_000_000],
  [
    "the board's first card, client-only",
    /\bboard's first card ≤ (\d+(?:\.\d+)?)× the React anchor/g,
    () => figure('LOAD_BUDGETS', 'boardFirstContentVsReactAnchor'),
  ],
  ['… on a busy machine', /\(≤ (\d+(?:\.\d+)?)× when the run finds the machine busy/g, () => figure('LOAD_BUDGETS', 'boardFirstContentVsReactAnchorBusy')],
  ['chained round trips', /≤ (\d+) chained round trips/g, () => figure('LOAD_BUDGETS', 'boardChainedRoundTrips')],
  ['long tasks before the first card', /\blong tasks before it ≤ (\d+(?:\.\d+)?)×/g, () => figure('LOAD_BUDGETS', 'boardLongTasksVsReactAnchor')],
  ["the Preact flavour's JS", /\bPreact flavour's JS before the board's first card ≤ (\d+) kB/g, () => figure('LOAD_BUDGETS', 'flavourBoardJsGzip') / 1000],
  ["leadkit's own JS beyond the runtime", /\bbeyond the shared runtime chunk, ≤ (\d+) kB/g, () => figure('LOAD_BUDGETS', 'ownJsBeyondRuntimeGzip') / 1000],
  ['the server-rendered first card', /\bboard's first card ≤ (\d+(?:\.\d+)?)× the static floor/g, () => figure('LOAD_BUDGETS', 'serverFirstCardVsStatic')],
  [
    'live after a server render',
    /\blive \(hydrated, the first card's expand working\) ≤ (\d+(?:\.\d+)?)×/g,
    () => figure('LOAD_BUDGETS', 'serverLiveVsClientFirstCard'),
  ],
  ['hydration long tasks', /\bhydration long tasks ≤ (\d+(?:\.\d+)?)×/g, () => figure('LOAD_BUDGETS', 'hydrationLongTasksVsReactAnchor')],
  ['layout shift', /\blayout shift ≤ (\d+(?:\.\d+)?)/g, () => figure('LOAD_BUDGETS', 'cls')],
  ['DOM nodes of the thread', /≤ (\d+) DOM nodes/g, () => figure('THREAD_BUDGETS', 'maxDomNodes')],
  ["the thread's heap", /\bheap ≤ (\d+(?:\.\d+)?)×/g, () => figure('THREAD_BUDGETS', 'heapVs1000')],
  ['card expand', /\bcard expand p75 ≤ (\d+(?:\.\d+)?)×/g, () => figure('INTERACTION_BUDGETS', 'vsReactAnchorExpand')],
  ['filter toggle', /\bfilter toggle p75 ≤ (\d+) ms/g, () => figure('INTERACTION_BUDGETS', 'filterToggleP75Ms')],
  ['Lighthouse', /\bLighthouse mobile performance ≥ (\d+)/g, () => figure('LIGHTHOUSE_BUDGETS', 'performanceScore')],
  ['idle calls, a hidden board', /\bhidden board with notifications off (\d+) calls/g, () => figure('IDLE_CALL_BUDGETS', 'boardHidden')],
  ['idle calls, a visible board', /\bvisible idle board ≤ (\d+) calls/g, () => figure('IDLE_CALL_BUDGETS', 'boardVisible')],
  ['idle calls, a hidden board watching', /\bhidden board watching for the pro ≤ (\d+) calls/g, () => figure('IDLE_CALL_BUDGETS', 'boardHiddenWatching')],
  ['idle calls, an open thread', /\bopen thread (\d+) calls/g, () => figure('IDLE_CALL_BUDGETS', 'threadOpen')],
];

/** What a named budget says in a text: [what, as written, figure written]. */
function namedBudgets(markdown: string): [string, string, number][] {
  const text = prose(markdown);
  return NAMED.flatMap(([what, pattern]) => [...text.matchAll(pattern)].map((match): [string, string, number] => [what, match[0], Number(match[1])]));
}

describe('budget figures in the docs', () => {
  const figures = budgetFigures();

  it('reads each budget figure, also across a line break, and not the code blocks', () => {
    expect(
      statedBudgets(
        'the loader ≤ 3.5 kB gzip, a tarball (budget\n750 kB), 216 ms (budget 250 ms), 65 kB (goal 45 kB), 1.22× (goal 1.2×; why), 1.06× (budget 1.0× idle)',
      ),
    ).toEqual([
      ['≤ 3.5 kB', 3500, 'bytes'],
      ['budget 750 kB', 750_000, 'bytes'],
      ['budget 250 ms', 250, 'ms'],
      ['goal 45 kB', 45_000, 'bytes'],
      ['goal 1.2×', 1.2, 'ratio'],
      ['budget 1.0×', 1, 'ratio'],
    ]);
    expect(statedBudgets('```sh\n# loader ≤ 2 kB\n```\nthe install ≤ 15 MB')).toEqual([['≤ 15 MB', 15_000_000, 'bytes']]);
    expect(namedBudgets('card expand p75 ≤ 1.5× a React card, filter toggle p75\n≤ 50 ms at 4× CPU')).toEqual([
      ['card expand', 'card expand p75 ≤ 1.5×', 1.5],
      ['filter toggle', 'filter toggle p75 ≤ 50 ms', 50],
    ]);
  });

  it('states every budget of bench/budgets.mjs, by what it measures, in docs/architecture.md#budgets', () => {
    const architecture = read('docs/architecture.md');
    const section = architecture.slice(
      architecture.indexOf('<a id="budgets"></a>'),
      architecture.indexOf('\n## ', architecture.indexOf('<a id="budgets"></a>')),
    );
    const stated = new Set(namedBudgets(section).map(([what]) => what));
    expect(NAMED.map(([what]) => what).filter((what) => !stated.has(what))).toEqual([]);
  });

  it('names no budget in README.md or docs/ with another figure than its own in bench/budgets.mjs', () => {
    const wrong = DOCS.flatMap((file) =>
      namedBudgets(read(file)).flatMap(([what, written, value]) => {
        const expected = NAMED.find(([name]) => name === what)![2]();
        return value === expected ? [] : [`${file}: "${written}" (${what}: bench/budgets.mjs says ${expected})`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('states no size, time or ratio budget in README.md or docs/ that bench/budgets.mjs does not hold', () => {
    const wrong = DOCS.flatMap((file) =>
      statedBudgets(read(file))
        .filter(([, value, unit]) => !figures[unit].has(value))
        .map(([written]) => `${file}: "${written}"`),
    );
    expect(wrong).toEqual([]);
  });
});
