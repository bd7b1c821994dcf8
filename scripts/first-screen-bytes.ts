/**
 * The first-screen byte budget (bench/budgets.mjs FIRST_SCREEN_GZIP; checked in `npm test` by
 * test/first-screen-budget.test.ts): for each widget, the gzip bytes of leadkit's own JS in every
 * chunk the loader starts for its first screen, read from the CDN build — which chunks
 * (dist/cdn/first-content.json, what the loader preloads) and which modules are in each
 * (dist/cdn/modules.json, scripts/cdn-module-sizes.ts). A size: it cannot flake as a timing can.
 *
 * What a widget's budget counts ("leadkit's own JS beyond the shared runtime"): every module of
 * those chunks but
 * - the shared runtime: the one chunk every widget on a page shares and loads once
 *   (first-content.json `runtime`, chunks/runtime.js; scripts/first-screen-chunks.ts says what goes
 *   in): the packages react, react-dom, scheduler, jotai, ofetch (with the CDN's stand-ins for its
 *   ufo and destr) and valibot, and leadkit's element and runtime layers, gateway core and
 *   common texts. leadkit's own modules in it are held by a budget of their own
 *   (RUNTIME_BUDGET_KEY), so nothing leadkit ships before a first screen is left out;
 * - an optional peer the host chooses (the Twilio SDK for `chat-service="twilio"`): the packages
 *   of a chunk that holds an optional peer's module (the CDN build gives it a chunk of its own);
 *   leadkit's own modules in such a chunk still count;
 * - the loader (leadkit.js), which has a budget of its own (SIZE_BUDGETS.loaderGzip).
 * A library leadkit adds to a first screen outside the runtime chunk (wouter,
 * @tanstack/react-virtual, date-fns…) counts as its own: it chose to load it.
 *
 * A chunk's gzip is measured (zlib level 9, as `npm run bench`); a module's share of it is its
 * rendered length's share of the chunk's (an estimate: modules are compressed together).
 *
 * Pure functions over plain data, tested without a build (test/first-screen-bytes.test.ts).
 */

import type { FirstContent } from '../src/contract/first-content';

/** modules.json: chunk file → module name → rendered length. */
export type ChunkModules = Record<string, Record<string, number>>;

/** The budget key (FIRST_SCREEN_GZIP) of leadkit's own modules in the shared runtime chunk. */
export const RUNTIME_BUDGET_KEY = 'runtime';

export type ModuleKind = 'own' | 'runtime' | 'peer';

/** Code that is not leadkit's: a package, or the bundler's own helpers. */
const notLeadkit = (id: string) => /^(node_modules|rolldown|vite)\//.test(id);

/**
 * What a module is: `runtime` in the shared runtime chunk, `peer` for a package in a chunk that
 * holds an optional peer (`optionalPeers`: package.json peerDependenciesMeta, optional), `own` otherwise.
 */
export function moduleKind(
  id: string,
  chunk: string,
  chunkModuleIds: readonly string[],
  runtimeChunk: string | null,
  optionalPeers: readonly string[],
): ModuleKind {
  if (chunk === runtimeChunk) return 'runtime';
  if (id.startsWith('node_modules/') && chunkModuleIds.some((other) => optionalPeers.some((peer) => other.startsWith(`node_modules/${peer}/`)))) return 'peer';
  return 'own';
}

/** One way a widget's first screen can load: its files, and what chose them (an attribute value). */
export interface FirstScreenVariant {
  label: string;
  files: string[];
  /** Of `files`, those an attribute chose (the chat adapter); empty for a tag's or a route's own. */
  chosen: string[];
}

/**
 * The variants of a tag's first screen: its files (with `route`'s for a tag with routes), and for
 * each value of an attribute that adds files (the thread's chat adapter), those files too.
 */
export function firstScreenVariants(content: FirstContent, tag: string, route: string | null = null): FirstScreenVariant[] {
  const base = content.tags[tag];
  if (!base) throw new Error(`first-content.json has no <${tag}>`);
  const files = [...base];
  if (route !== null) {
    const routed = content.routes[tag]?.patterns.find(([pattern]) => pattern === route);
    if (!routed) throw new Error(`first-content.json has no route ${route} for <${tag}>`);
    files.push(...routed[1].filter((file) => !files.includes(file)));
  }
  const chosen = (content.attrs[tag] ?? []).filter(([, , , at]) => at === null || at === route);
  if (chosen.length === 0) return [{ label: `<${tag}>${route ? ` ${route}` : ''}`, files, chosen: [] }];
  return chosen.map(([name, values, extra]) => {
    const added = extra.filter((file) => !files.includes(file));
    return { label: `<${tag} ${name}="${values.join('|')}">${route ? ` ${route}` : ''}`, files: [...files, ...added], chosen: added };
  });
}

export interface ModuleBytes {
  module: string;
  chunk: string;
  kind: ModuleKind;
  /** Estimated gzip bytes (the module's share of its chunk's). */
  gzip: number;
}

export interface FirstScreenBytes {
  label: string;
  files: string[];
  /** gzip of every file. */
  totalGzip: number;
  /** leadkit's own (what the budget holds). */
  ownGzip: number;
  runtimeGzip: number;
  peerGzip: number;
  /** Every module of those files, largest first. */
  modules: ModuleBytes[];
}

/** The bytes of a first screen; `gzipOf(file)`: the file's gzip size. */
export function measureFirstScreen(
  variant: FirstScreenVariant,
  chunkModules: ChunkModules,
  gzipOf: (file: string) => number,
  runtimeChunk: string | null,
  optionalPeers: readonly string[],
): FirstScreenBytes {
  const modules: ModuleBytes[] = [];
  let totalGzip = 0;
  for (const file of variant.files) {
    const gzip = gzipOf(file);
    totalGzip += gzip;
    const rendered = chunkModules[file];
    if (!rendered) throw new Error(`modules.json has no ${file}`);
    const ids = Object.keys(rendered);
    const length = ids.reduce((sum, id) => sum + (rendered[id] ?? 0), 0);
    for (const id of ids)
      modules.push({
        module: id,
        chunk: file,
        kind: moduleKind(id, file, ids, runtimeChunk, optionalPeers),
        gzip: length ? (gzip * (rendered[id] ?? 0)) / length : 0,
      });
  }
  modules.sort((a, b) => b.gzip - a.gzip);
  const sum = (kind: ModuleKind) => Math.round(modules.filter((module) => module.kind === kind).reduce((total, module) => total + module.gzip, 0));
  return { label: variant.label, files: variant.files, totalGzip, ownGzip: sum('own'), runtimeGzip: sum('runtime'), peerGzip: sum('peer'), modules };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The failure message of a first screen over its budget: its own modules with their sizes, largest first. */
export function overBudgetMessage(measured: FirstScreenBytes, budget: number, reason: string, shown = 40): string {
  const own = measured.modules.filter((module) => module.kind === 'own');
  const lines = own.slice(0, shown).map((module) => `  ${kB(module.gzip).padStart(8)}  ${module.module}  (${module.chunk})`);
  if (own.length > shown) lines.push(`  … and ${own.length - shown} smaller modules`);
  return [
    `${measured.label}: leadkit's own JS on its first screen is ${kB(measured.ownGzip)} gzip, over its budget of ${kB(budget)} (+${kB(measured.ownGzip - budget)}; bench/budgets.mjs FIRST_SCREEN_GZIP: ${reason}).`,
    `Its chunks (${measured.files.length}, ${kB(measured.totalGzip)} in all, of which the shared runtime's ${kB(measured.runtimeGzip)}) hold these modules of its own, by estimated gzip:`,
    ...lines,
    'Move what the first screen does not show behind a lazy part loaded after the first card (docs/architecture.md#decision-lazy-parts), or raise the budget with a reason.',
  ].join('\n');
}

/** leadkit's own modules in the shared runtime chunk (not the packages, not the bundler's helpers), as a first screen's figures. */
export function measureRuntime(content: FirstContent, chunkModules: ChunkModules, gzipOf: (file: string) => number): FirstScreenBytes {
  const measured = measureFirstScreen(
    { label: `the shared runtime (${content.runtime})`, files: [content.runtime], chosen: [] },
    chunkModules,
    gzipOf,
    null,
    [],
  );
  const modules = measured.modules.map((module) => ({ ...module, kind: notLeadkit(module.module) ? ('runtime' as const) : ('own' as const) }));
  const own = Math.round(modules.filter((module) => module.kind === 'own').reduce((total, module) => total + module.gzip, 0));
  return { ...measured, modules, ownGzip: own, runtimeGzip: measured.totalGzip - own };
}

/**
 * Each budget against its first screen — a tag's largest variant, or for RUNTIME_BUDGET_KEY
 * leadkit's modules in the shared runtime chunk: the failures (empty when all fit) and the figures.
 */
export function checkFirstScreens(
  content: FirstContent,
  chunkModules: ChunkModules,
  gzipOf: (file: string) => number,
  budgets: Readonly<Record<string, number>>,
  {
    routes = {},
    reasons = {},
    optionalPeers = [],
  }: { routes?: Readonly<Record<string, string>>; reasons?: Readonly<Record<string, string>>; optionalPeers?: readonly string[] } = {},
): { failures: string[]; measured: Record<string, FirstScreenBytes> } {
  const failures: string[] = [];
  const measured: Record<string, FirstScreenBytes> = {};
  for (const [key, budget] of Object.entries(budgets)) {
    const largest =
      key === RUNTIME_BUDGET_KEY
        ? measureRuntime(content, chunkModules, gzipOf)
        : firstScreenVariants(content, key, routes[key] ?? null)
            .map((variant) => measureFirstScreen(variant, chunkModules, gzipOf, content.runtime, optionalPeers))
            .reduce((a, b) => (b.ownGzip > a.ownGzip ? b : a));
    measured[key] = largest;
    if (largest.ownGzip > budget) failures.push(overBudgetMessage(largest, budget, reasons[key] ?? 'no reason written'));
  }
  return { failures, measured };
}

/** The file budget (bench/budgets.mjs FIRST_SCREEN_FILES). */
export interface FileBudget {
  /** JS files before a first content, the loader included. */
  js: number;
  /** Files a part chosen by an attribute (the chat adapter) may add. */
  chosenPart: number;
}

/**
 * Every first screen — each tag's, each route of a tag with routes, each attribute choice — in
 * files: the loader, then what first-content.json lists. Over HTTP/1.1 a browser asks an origin
 * for six files at once, so each file beyond a handful waits for a round trip. The failures
 * (empty when all fit) name the variant and its files.
 */
export function checkFirstScreenFiles(content: FirstContent, budget: FileBudget): { failures: string[]; counts: Record<string, number> } {
  const failures: string[] = [];
  const counts: Record<string, number> = {};
  for (const tag of Object.keys(content.tags)) {
    for (const route of [null, ...(content.routes[tag]?.patterns.map(([pattern]) => pattern) ?? [])]) {
      for (const variant of firstScreenVariants(content, tag, route)) {
        const js = 1 + variant.files.length;
        counts[variant.label] = js;
        const own = js - variant.chosen.length;
        if (own > budget.js || variant.chosen.length > budget.chosenPart)
          failures.push(
            `${variant.label}: ${js} JS files before its first content (the loader and ${variant.files.join(', ')}), over ${budget.js}` +
              `${variant.chosen.length ? ` + ${budget.chosenPart} for the part its attribute chose (${variant.chosen.join(', ')})` : ''}` +
              ' (bench/budgets.mjs FIRST_SCREEN_FILES; the build groups a first screen by scripts/first-screen-chunks.ts).',
          );
      }
    }
  }
  return { failures, counts };
}
