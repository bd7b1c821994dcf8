/**
 * `npm run bench`: the budgets of docs/architecture.md#budgets (all in bench/budgets.mjs),
 * on the built artefacts. Three parts, one report (bench/results.json, a table on stdout):
 *
 *   1. sizes of the CDN build (this file), gzip -9 (node zlib, level 9; 1 kB = 1000 bytes):
 *      - the loader (dist/cdn/leadkit.js), within its budget (bench/budgets.mjs); it imports nothing statically and starts each
 *        tag's entry chunk (first in first-content.json);
 *      - each widget's first load, reported: loader + the tag's chunk + every chunk it imports
 *        statically, transitively (read from the `import … from` statements of the built files;
 *        `import()` is lazy and not counted);
 *      - widgets share one runtime chunk (the one holding React);
 *      - no Twilio (`@twilio/conversations`) code in any first load;
 *   2. the npm package: the tarball and a consumer's install beyond React, within their budgets
 *      (scripts/bench-package.mjs);
 *   3. the browser (bench/browser.ts): the board, CMS, thread and funnel pages loaded at 4× CPU
 *      and Fast-3G-like throttling beside React 19 and Preact anchor pages — time to first
 *      content, JS before it, chained round trips, long tasks, CLS; card expand / filter toggle
 *      latency with real input; Lighthouse on the CMS page; gateway calls per idle pro-hour
 *      (bench/idle-calls.ts).
 *
 * Flags: --no-browser (parts 1 and 2 only), --no-package (skip part 2), --browser-only.
 * Environment: BENCH_RUNS (page-load runs, default 3), BENCH_PROTOCOLS (`h1` or `h2` alone; default both), BENCH_LIGHTHOUSE_RUNS (default 3),
 * CHROME_PATH. Runs under tsx (part 3 is TypeScript). Rebuilds dist/ and packages/sandbox/dist
 * when missing or older than their inputs. Exits 1 when a budget is missed, naming each.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';
import { ROOT, ensureBuilt } from './build.mjs';
import { measurePackage, printPackage } from './bench-package.mjs';
import { IDLE_CALL_BUDGETS, INTERACTION_BUDGETS, LIGHTHOUSE_BUDGETS, LOAD_BUDGETS, SIZE_BUDGETS } from '../bench/budgets.mjs';

export const BUDGETS = SIZE_BUDGETS;

const CDN = path.join(ROOT, 'dist', 'cdn');

// ---- what counts as Twilio --------------------------------------------------------------
// Source maps name every bundled module: a path under node_modules/@twilio (or the SDK's
// twilsock transport) is Twilio code. The built text is also searched for strings only the SDK
// carries, in case a build ships without maps.
const TWILIO_SOURCE = /node_modules[\\/](@twilio[\\/]|twilsock[\\/]|twilio[\\/])/;
// The SDK's own words. Not its package name: leadkit's adapter (with the thread since the CDN
// build groups first screens) names it in the hint it gives when the peer is not installed; nor
// what the thread's page options read where it chooses its chat service
// (src/chat/twilio-page-options.ts): leadkit's `<meta name="leadkit-twilsock-uri">` and the
// client option it becomes (`Twilsock: { uri }`), which name the transport they point at.
const TWILIO_TEXT = [/(?<!leadkit-)\btwilsock\b(?!\s*:\s*\{\s*uri\b)/i, /conversations\.twilio\.com/];

export function twilioMarkers(code, sources = []) {
  const found = [];
  for (const source of sources) if (TWILIO_SOURCE.test(source)) found.push(`module ${source.replace(/^.*node_modules[\\/]/, '')}`);
  for (const pattern of TWILIO_TEXT) if (pattern.test(code)) found.push(`text ${pattern}`);
  return found;
}

/** The detector must see a Twilio chunk for what it is, or a clean result would mean nothing. */
function selfCheckTwilioDetector() {
  const fake = twilioMarkers('var e="twilsock";', ['../../node_modules/@twilio/conversations/builds/lib.js']);
  const clean = twilioMarkers(
    'export const chat = () => import("./conversations-x.js"); const hint = "npm install @twilio/conversations"; const m = `leadkit-twilsock-uri`; const o = { Twilsock: { uri: m } };',
    ['../../src/chat/twilio-adapter.ts'],
  );
  if (fake.length !== 2 || clean.length !== 0) throw new Error(`bench: the Twilio detector is broken (${fake}, ${clean})`);
}

// ---- the built files --------------------------------------------------------------------
const files = new Map();
function file(name) {
  let info = files.get(name);
  if (info) return info;
  const full = path.join(CDN, name);
  const code = readFileSync(full, 'utf8');
  const mapFile = `${full}.map`;
  const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
  const staticImports = [];
  const dynamicImports = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      staticImports.push(node.source.value);
    }
    if (node.type === 'ImportExpression') {
      const { source } = node; // the minifier writes import(`./x.js`)
      if (source.type === 'Literal') dynamicImports.push(source.value);
      else if (source.type === 'TemplateLiteral' && source.expressions.length === 0) dynamicImports.push(source.quasis[0].value.cooked);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(parseAst(code));
  const resolve = (specifier) => {
    if (!specifier.startsWith('.')) throw new Error(`bench: ${name} imports '${specifier}': a CDN chunk must bundle everything`);
    return path.posix.normalize(path.posix.join(path.posix.dirname(name), specifier));
  };
  info = {
    name,
    raw: Buffer.byteLength(code),
    gzip: gzipSync(code, { level: 9 }).length,
    sources,
    hasReactDom: sources.some((source) => /node_modules[\\/]react-dom[\\/]/.test(source)),
    twilio: twilioMarkers(code, sources),
    staticImports: staticImports.map(resolve),
    dynamicImports: dynamicImports.map(resolve),
  };
  files.set(name, info);
  return info;
}

/** `name` and everything it imports statically, transitively (depth-first, no duplicates). */
function staticClosure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const imported of file(name).staticImports) staticClosure(imported, seen);
  return seen;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

/** Part 1 (and 2 unless `withPackage` is false): the size figures, their failures, and their report. */
function measureSizes({ withPackage = true } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(CDN, 'manifest.json'), 'utf8'));
  const FIRST_CONTENT = JSON.parse(readFileSync(path.join(CDN, 'first-content.json'), 'utf8'));
  const loaderEntry = manifest['src/loader.ts'];
  if (loaderEntry?.file !== 'leadkit.js') throw new Error('bench: the manifest has no src/loader.ts → leadkit.js entry');
  const tags = Object.values(manifest)
    .filter((entry) => entry.isEntry && entry.src?.startsWith('src/cdn/'))
    .map((entry) => ({ tag: path.basename(entry.src, '.ts'), file: entry.file }))
    .sort((a, b) => a.tag.localeCompare(b.tag));

  const failures = [];
  const loader = file('leadkit.js');
  if (loader.staticImports.length) failures.push(`the loader imports ${loader.staticImports.join(', ')} statically: it must only import() the tag chunks`);
  if (loader.gzip > BUDGETS.loaderGzip) failures.push(`loader ${kB(loader.gzip)} > ${kB(BUDGETS.loaderGzip)}`);

  const widgets = tags.map(({ tag, file: chunk }) => {
    if (FIRST_CONTENT.tags[tag]?.[0] !== chunk) failures.push(`the loader does not start ${chunk} for <${tag}> (first-content.json)`);
    const closure = [...staticClosure(chunk)];
    const firstLoad = ['leadkit.js', ...closure.filter((name) => name !== 'leadkit.js')];
    const gzip = firstLoad.reduce((sum, name) => sum + file(name).gzip, 0);
    const raw = firstLoad.reduce((sum, name) => sum + file(name).raw, 0);
    const twilio = firstLoad.flatMap((name) => file(name).twilio.map((marker) => `${name}: ${marker}`));
    const reactChunks = firstLoad.filter((name) => file(name).hasReactDom);
    if (twilio.length) failures.push(`<${tag}> first load contains Twilio code: ${twilio.join('; ')}`);
    if (reactChunks.length !== 1) failures.push(`<${tag}> first load has ${reactChunks.length} chunks with react-dom (${reactChunks.join(', ')}), expected 1`);
    // What the loader starts for the tag: the CDN build writes it from the widgets' lk:first-content marks.
    const firstContent = [...new Set(['leadkit.js', ...(FIRST_CONTENT.tags[tag] ?? [])])];
    for (const name of firstContent) if (!existsSync(path.join(CDN, name))) throw new Error(`bench: first-content.json names ${name}, not in dist/cdn`);
    const firstContentGzip = firstContent.reduce((sum, name) => sum + file(name).gzip, 0);
    return { tag, chunk, firstLoad, gzip, raw, twilio, reactChunk: reactChunks[0] ?? null, firstContent, firstContentGzip };
  });

  // Chunks in the first load of two or more widgets: what a page with several widgets loads once.
  const usedBy = new Map();
  for (const widget of widgets) for (const name of widget.firstLoad) if (name !== 'leadkit.js') usedBy.set(name, [...(usedBy.get(name) ?? []), widget.tag]);
  const shared = [...usedBy]
    .filter(([, users]) => users.length > 1)
    .map(([name, users]) => ({ file: name, gzip: file(name).gzip, raw: file(name).raw, usedBy: users }));
  const runtimeChunks = [...new Set(widgets.map((widget) => widget.reactChunk))];
  if (widgets.length > 1 && runtimeChunks.length !== 1) failures.push(`widgets do not share one runtime chunk: ${runtimeChunks.join(', ')}`);

  const lazy = [...files.values()].flatMap((info) =>
    info.dynamicImports.filter((name) => name !== info.name && info.name !== 'leadkit.js').map((name) => ({ from: info.name, chunk: name })),
  );

  // Chunk files are named by hash only (every byte of the loader's map counts): the manifest names them.
  const sourceName = new Map(Object.values(manifest).map((entry) => [entry.file, entry.name ?? path.basename(entry.src ?? '', '.ts')]));
  const allChunks = [...files.values()]
    .sort((a, b) => b.gzip - a.gzip)
    .map(({ name, raw, gzip, staticImports, dynamicImports }) => ({
      file: name,
      name: sourceName.get(name) ?? '',
      kind:
        name === 'leadkit.js'
          ? 'loader'
          : runtimeChunks.includes(name)
            ? 'runtime'
            : tags.some((t) => t.file === name)
              ? 'tag entry'
              : usedBy.get(name)?.length > 1
                ? 'shared'
                : 'widget',
      raw,
      gzip,
      imports: staticImports,
      lazyImports: dynamicImports,
    }));

  const npmPackage = withPackage ? measurePackage() : null;
  if (npmPackage) failures.push(...npmPackage.failures);

  const results = {
    unit: 'bytes; gzip -9 (node zlib level 9)',
    budgets: BUDGETS,
    loader: { file: 'leadkit.js', raw: loader.raw, gzip: loader.gzip },
    runtime: runtimeChunks.map((name) => ({ file: name, raw: file(name).raw, gzip: file(name).gzip, usedBy: usedBy.get(name) ?? [] })),
    shared,
    widgets: widgets.map(({ tag, chunk, firstLoad, raw, gzip, twilio, firstContent, firstContentGzip }) => ({
      tag,
      chunk,
      chunkGzip: file(chunk).gzip,
      firstLoad: firstLoad.map((name) => ({ file: name, gzip: file(name).gzip })),
      firstLoadRaw: raw,
      firstLoadGzip: gzip,
      firstContentGzip,
      preloadedAtMount: firstContent.filter((name) => !firstLoad.includes(name)),
      twilio,
    })),
    lazyChunks: lazy,
    chunks: allChunks,
    package: npmPackage,
  };

  const print = () => {
    // ---- report ---------------------------------------------------------------------------
    const pad = (text, width) => String(text).padEnd(width);
    const num = (bytes) => kB(bytes).padStart(10);
    const width = Math.max(...allChunks.map((chunk) => chunk.file.length));
    console.log('\nCDN chunks (dist/cdn)');
    console.log(`  ${pad('file', width)} ${pad('name', 22)} ${pad('kind', 10)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)}  imports`);
    for (const chunk of allChunks)
      console.log(
        `  ${pad(chunk.file, width)} ${pad(chunk.name, 22)} ${pad(chunk.kind, 10)} ${num(chunk.raw)} ${num(chunk.gzip)}  ${chunk.imports.join(', ')}`,
      );
    console.log('\nFirst load per widget (loader + tag chunk + static imports)');
    console.log(`  ${pad('tag', 16)} ${'chunk'.padStart(10)} ${'first load'.padStart(11)} ${'first content'.padStart(13)}  files`);
    for (const widget of widgets) {
      console.log(
        `  ${pad(`<${widget.tag}>`, 16)} ${num(file(widget.chunk).gzip)} ${num(widget.gzip).padStart(11)} ${num(widget.firstContentGzip).padStart(13)}  ${widget.firstLoad.join(' + ')}`,
      );
    }
    console.log(
      '  (first content, a static estimate: what the loader starts for the tag, dist/cdn/first-content.json — its first load plus the parts it loads beside its first data; the browser part below measures what is really fetched)',
    );
    console.log(`\nLoader: ${kB(loader.gzip)} gzip (budget ${kB(BUDGETS.loaderGzip)}) ${loader.gzip > BUDGETS.loaderGzip ? 'OVER' : 'ok'}`);
    console.log(
      `Shared runtime chunk: ${runtimeChunks.join(', ')} (${runtimeChunks.map((name) => kB(file(name).gzip)).join(', ')}) used by ${runtimeChunks
        .flatMap((name) => usedBy.get(name) ?? [])
        .map((tag) => `<${tag}>`)
        .join(', ')}`,
    );
    console.log(`Shared by several widgets: ${shared.map((s) => `${s.file} (${kB(s.gzip)}: ${s.usedBy.join(', ')})`).join('; ') || 'none'}`);
    console.log(
      `Twilio in a first load: ${widgets.some((w) => w.twilio.length) ? 'YES' : 'no'}${lazy.length ? `; lazy chunks: ${lazy.map((l) => `${l.from} → ${l.chunk}`).join(', ')}` : ''}`,
    );
    if (npmPackage) printPackage(npmPackage);
  };
  return { results, failures, print };
}

async function main() {
  const started = performance.now();
  const args = process.argv.slice(2);
  const browserOnly = args.includes('--browser-only');
  const withBrowser = !args.includes('--no-browser');
  const withPackage = !browserOnly && !args.includes('--no-package');
  selfCheckTwilioDetector();
  // The whole package: the tarball and install figures need the library build too.
  // The browser part's server-rendered page needs the library's dist/server.js.
  const built = ensureBuilt({
    parts: withPackage ? ['library', 'cdn', 'cdn-lite', 'manifest', 'sandbox'] : withBrowser ? ['library', 'cdn', 'cdn-lite'] : ['cdn', 'cdn-lite'],
    ifStale: true,
  });
  if (!built.cdn) console.log('bench: reusing dist/cdn (newer than its inputs)');

  const sizes = browserOnly ? null : measureSizes({ withPackage });
  let browser = null;
  if (withBrowser) {
    // TypeScript (playwright-core, the sandbox): `npm run bench` runs this file under tsx.
    const { runBrowserBench } = await import('../bench/browser.ts');
    browser = await runBrowserBench();
  }
  const failures = [...(sizes?.failures ?? []), ...(browser?.failures ?? [])];
  const results = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    ...(sizes?.results ?? {}),
    browser: browser
      ? { budgets: { load: LOAD_BUDGETS, interactions: INTERACTION_BUDGETS, lighthouse: LIGHTHOUSE_BUDGETS, idleCalls: IDLE_CALL_BUDGETS }, ...browser }
      : null,
    failures,
    ok: failures.length === 0,
  };
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

  sizes?.print();
  if (browser) {
    const { printBrowser } = await import('../bench/browser.ts');
    printBrowser(browser);
  }
  console.log(`\nbench: wrote bench/results.json in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.error(`\nbench: ${failures.length} budget(s) missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('bench: all budgets met');
}

await main();
