/**
 * Each widget's first screen, in bytes, on the CDN build (issue 50 §1): leadkit's own JS in the
 * chunks the loader starts for it stays within its budget (bench/budgets.mjs FIRST_SCREEN_GZIP;
 * what counts: scripts/first-screen-bytes.ts), and every chunk a first screen needs is one the
 * loader starts at once — nothing is found a round trip later by a chunk that had to arrive first.
 * The loader itself, which every first load starts with, stays within its own budget
 * (SIZE_BUDGETS.loaderGzip; the bench reported it, and only the bench did until 2026-11-28).
 *
 * Reads the build, never times it. The build is the one the e2e servers use
 * (`scripts/build.mjs --cdn --if-stale`, behind the checkout's build lock): made once, when stale.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkFirstScreenFiles,
  checkFirstScreens,
  firstScreenVariants,
  RUNTIME_BUDGET_KEY,
  type ChunkModules,
  type FileBudget,
} from '../scripts/first-screen-bytes';
import type { FirstContent } from '../src/contract/first-content';
import { TAG_NAMES } from '../src/contract/tags';
import { CDN_FLAVOURS } from '../scripts/cdn-flavours';

const ROOT = path.resolve(__dirname, '..');
/** bench/budgets.mjs (plain JS, outside the typed sources). */
const { FIRST_SCREEN_FILES, FIRST_SCREEN_GZIP, FIRST_SCREEN_ROUTES, LOAD_BUDGETS, SIZE_BUDGETS } = (await import(
  pathToFileURL(path.join(ROOT, 'bench', 'budgets.mjs')).href
)) as {
  FIRST_SCREEN_FILES: FileBudget;
  FIRST_SCREEN_GZIP: Record<string, { gzip: number; reason: string }>;
  FIRST_SCREEN_ROUTES: Record<string, string>;
  LOAD_BUDGETS: { ownJsBeyondRuntimeGzip: number };
  SIZE_BUDGETS: { loaderGzip: number };
};
const CDN = path.join(ROOT, 'dist', 'cdn');
const json = <T>(file: string) => JSON.parse(readFileSync(path.join(CDN, file), 'utf8')) as T;

/** The optional peers (package.json peerDependenciesMeta): bundled by the CDN build in chunks of their own, chosen by the host. */
const OPTIONAL_PEERS = Object.entries(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { peerDependenciesMeta: Record<string, { optional?: boolean }> }).peerDependenciesMeta,
)
  .filter(([, meta]) => meta.optional)
  .map(([name]) => name);

let content: FirstContent;
let chunkModules: ChunkModules;
const gzipSizes = new Map<string, number>();
const gzipOf = (file: string) => {
  let size = gzipSizes.get(file);
  if (size === undefined) gzipSizes.set(file, (size = gzipSync(readFileSync(path.join(CDN, file)), { level: 9 }).length));
  return size;
};

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', '--cdn', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  content = json<FirstContent>('first-content.json');
  chunkModules = json<ChunkModules>('modules.json');
}, 300_000);

describe('the first screen in bytes', () => {
  it('keeps the loader of each flavour within its budget (every first load starts with it; gzip -9, as the bench)', () => {
    const loaders = Object.values(CDN_FLAVOURS).map((flavour) => flavour.loader);
    expect(loaders.length).toBeGreaterThan(1);
    const over = loaders.map((file) => ({ file, gzip: gzipOf(file) })).filter(({ gzip }) => gzip > SIZE_BUDGETS.loaderGzip);
    expect(over, `bench/budgets.mjs SIZE_BUDGETS.loaderGzip is ${SIZE_BUDGETS.loaderGzip} bytes`).toEqual([]);
  });

  it("holds a budget for every widget, the board's within DESIGN's 40 kB", () => {
    expect(FIRST_SCREEN_GZIP['lead-board']?.gzip).toBeLessThanOrEqual(LOAD_BUDGETS.ownJsBeyondRuntimeGzip);
    expect(Object.keys(FIRST_SCREEN_GZIP).sort()).toEqual([...TAG_NAMES, RUNTIME_BUDGET_KEY].sort());
  });

  it("keeps leadkit's own JS on each widget's first screen within its budget", () => {
    const budgets = Object.fromEntries(Object.entries(FIRST_SCREEN_GZIP).map(([tag, { gzip }]) => [tag, gzip]));
    const reasons = Object.fromEntries(Object.entries(FIRST_SCREEN_GZIP).map(([tag, { reason }]) => [tag, reason]));
    const { failures, measured } = checkFirstScreens(content, chunkModules, gzipOf, budgets, {
      routes: FIRST_SCREEN_ROUTES,
      reasons,
      optionalPeers: OPTIONAL_PEERS,
    });
    console.log(
      Object.entries(measured)
        .map(
          ([tag, bytes]) =>
            `${tag}: own ${(bytes.ownGzip / 1000).toFixed(1)} kB of ${(budgets[tag] ?? 0) / 1000} kB (${bytes.label}; all files ${(bytes.totalGzip / 1000).toFixed(1)} kB)`,
        )
        .join('\n'),
    );
    expect(failures.join('\n\n')).toBe('');
  });
});

describe('the first screen in files', () => {
  it('keeps every first screen (each tag, each app route, each chat adapter) within its JS files, the loader included', () => {
    const { failures, counts } = checkFirstScreenFiles(content, FIRST_SCREEN_FILES);
    console.log(
      Object.entries(counts)
        .map(([label, files]) => `${label}: ${files} JS files`)
        .join('\n'),
    );
    expect(Object.keys(counts).length).toBeGreaterThan(TAG_NAMES.length);
    expect(failures.join('\n')).toBe('');
  });

  it('puts no bundler helpers in a chunk of their own: every first screen would fetch it', () => {
    const helpers = Object.entries(chunkModules).filter(([, modules]) => Object.keys(modules).every((id) => id.startsWith('rolldown/')));
    expect(helpers.map(([file]) => file)).toEqual([]);
    expect(Object.keys(chunkModules[content.runtime] ?? {})).toContain('rolldown/runtime.js');
  });
});

describe('source maps of the edited chunks', () => {
  /** Where a text first comes in a chunk of the build, and in a source file: 0-based line and column. */
  const at = (text: string, needle: string) => {
    const before = text.slice(0, text.indexOf(needle)).split('\n');
    return { line: before.length - 1, column: before.at(-1)!.length };
  };
  /** The source position `chunk`'s map gives for the first `needle` in it (a string literal the minifier keeps). */
  const mapped = (chunk: string, needle: string) => {
    const code = readFileSync(path.join(CDN, chunk), 'utf8');
    expect(code, chunk).toContain(needle);
    const map = new SourceMap(JSON.parse(readFileSync(path.join(CDN, `${chunk}.map`), 'utf8')) as never);
    const { line, column } = at(code, needle);
    const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
    return { source: entry.originalSource?.replace(/^(\.\.\/)+/, ''), line: entry.originalLine };
  };
  const inSource = (file: string, needle: string) => ({ source: file, line: at(readFileSync(path.join(ROOT, file), 'utf8'), needle).line });

  it('map the runtime chunk (the bundler helpers put before it) and a chunk importing them back to the right source lines', () => {
    const runtime = 'leadkit: a widget rendered outside its RuntimeProvider';
    expect(mapped(content.runtime, runtime)).toEqual(inSource('src/runtime/runtime.tsx', runtime));
    const board = 'SP : Lead Board';
    const boardChunk = content.tags['lead-board']?.find((file) => file !== content.runtime) ?? 'the board has no chunk of its own';
    expect(mapped(boardChunk, board)).toEqual(inSource('src/widgets/lead-board/lead-board.tsx', board));
  });
});

describe("the loader's preload list", () => {
  type ManifestEntry = { file: string; imports?: string[] };
  const staticImports = () => {
    const manifest = json<Record<string, ManifestEntry>>('manifest.json');
    const byFile = new Map<string, string[]>();
    for (const entry of Object.values(manifest))
      byFile.set(
        entry.file,
        (entry.imports ?? []).map((key) => manifest[key]?.file ?? key),
      );
    return byFile;
  };

  it("holds the static import closure of every first screen (each tag's, each app route's, each chat adapter's)", () => {
    const imports = staticImports();
    const screens = TAG_NAMES.flatMap((tag) =>
      [null, ...(content.routes[tag]?.patterns.map(([pattern]) => pattern) ?? [])].flatMap((route) => firstScreenVariants(content, tag, route)),
    );
    expect(screens.length).toBeGreaterThan(TAG_NAMES.length);
    const missing = screens.flatMap(({ label, files }) =>
      files.flatMap((file) =>
        (imports.get(file) ?? []).filter((imported) => !files.includes(imported)).map((imported) => `${label}: ${file} imports ${imported}, not preloaded`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('is what the loader itself holds: each first-screen file is named in leadkit.js', () => {
    const loader = readFileSync(path.join(CDN, 'leadkit.js'), 'utf8');
    const files = new Set(Object.values(content.tags).flat());
    for (const { patterns } of Object.values(content.routes)) for (const [, list] of patterns) for (const file of list) files.add(file);
    const unnamed = [...files].filter((file) => !loader.includes(`"${/^chunks\/(.+)\.js$/.exec(file)?.[1]}"`));
    expect(unnamed).toEqual([]);
  });
});

describe('server code in the CDN build', () => {
  it('is in no chunk of either flavour: neither src/server/ nor a widget’s <name>.server.ts (their first calls are recipes in the loader)', () => {
    const SERVER_CODE = /^src\/server(\.ts|\/)|^src\/widgets\/[^/]+\/[^/]+\.server\.tsx?$/;
    for (const file of ['modules.json', 'modules-lite.json']) {
      const modules = Object.values(json<ChunkModules>(file)).flatMap((chunk) => Object.keys(chunk));
      // The modules are named as the pattern reads them: a widget's descriptor and its request functions are there.
      expect(modules, file).toContain('src/widgets/lead-board/lead-board.widget.ts');
      expect(modules, file).toContain('src/widgets/lead-board/board-request.ts');
      const shipped = modules.filter((module) => SERVER_CODE.test(module));
      expect(shipped, file).toEqual([]);
    }
  });
});
