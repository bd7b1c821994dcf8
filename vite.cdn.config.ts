import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { FirstContent } from './src/contract/first-content.ts';
import { PHONE_VIEWPORT_MAX_WIDTH, reserveCss, TAG_NAMES } from './src/contract/tags.ts';
import { DEFAULT_APP_BASE } from './src/domain/core/app-base.ts';
import { APP_ROUTES, ROUTE_WIDGETS } from './src/widgets/lead-app/lead-app-routes.ts';
import type * as FirstCallRecipes from './src/cdn/first-call-recipes.ts';
import { CDN_FLAVOURS, type CdnFlavour } from './scripts/cdn-flavours.ts';
import { CSS_TARGET } from './scripts/css-target.ts';
import { widgetsCss } from './scripts/widgets-css.ts';
import { cdnModuleSizes } from './scripts/cdn-module-sizes.ts';
import { bundlerHelpersInRuntime, firstScreenGraph, type FirstContentMark, type FirstScreenGraph } from './scripts/first-screen-chunks.ts';

/**
 * CDN build (`dist/cdn/`): for pages without npm, `<script type="module" src=".../leadkit.js">`.
 *
 * An app-mode build (library mode would keep ES unminified) with several inputs:
 * - `leadkit.js`, the loader: stable, unhashed name (pages link to it; cache it briefly);
 *   it statically imports nothing, so it stays tiny (its budget: bench/budgets.mjs, checked by `npm run bench`);
 * - one entry per tag (`src/cdn/<tag>.ts` → `chunks/[hash].js`), imported by the loader when
 *   the tag appears (named in its first-content map); hashed and immutable, like every shared chunk.
 *
 * Everything is bundled, React included: a CDN page has no npm. ESM only — an IIFE cannot
 * code-split, and a lazy `import()` (the Twilio chat adapter) would be inlined into it.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The tag entries and the loader's map come from the tag table (src/contract/tags.ts), not from
 * files: `src/cdn/<tag>.ts` is a virtual module per tag that defines it (its manifest name stays
 * `src/cdn/<tag>.ts`), and the loader imports `virtual:leadkit/cdn-tags`, each tag's first-content
 * files (its entry first; filled in by the first-content plugin), `virtual:leadkit/reserve-css`,
 * the reserve rules `leadkit.css` holds, and `virtual:leadkit/first-calls`, the call recipes.
 */
const tagEntries = Object.fromEntries(TAG_NAMES.map((tag) => [tag, `src/cdn/${tag}.ts`]));
const entryIds = new Map(TAG_NAMES.map((tag) => [path.join(ROOT, 'src', 'cdn', `${tag}.ts`), tag]));
/** The optional peers (package.json peerDependenciesMeta): packages a host opts into. */
const OPTIONAL_PEERS = Object.entries(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { peerDependenciesMeta: Record<string, { optional?: boolean }> }).peerDependenciesMeta,
).flatMap(([name, meta]) => (meta.optional ? [name] : []));
const tagEntryIds = new Map(TAG_NAMES.map((tag) => [tag, path.join(ROOT, 'src', 'cdn', `${tag}.ts`)]));
/** The loader's copy of the rules without the spaces (every byte of the loader counts). */
const compactCss = (css: string) =>
  css
    .replace(/\s*([{}:;,!])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
const camel = (tag: string) => tag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function tagModules(): Plugin {
  const TAGS_ID = 'virtual:leadkit/cdn-tags';
  const CSS_ID = 'virtual:leadkit/reserve-css';
  const CALLS_ID = 'virtual:leadkit/first-calls';
  return {
    name: 'leadkit:tag-modules',
    enforce: 'pre',
    resolveId(source) {
      if (source === TAGS_ID || source === CSS_ID || source === CALLS_ID) return `\0${source}`;
      const file = path.resolve(ROOT, source.replace(/^\//, ''));
      return entryIds.has(file) ? file : null;
    },
    async load(id) {
      // The first gateway calls of each tag and route, made by the widgets' own request functions
      // (through Vite's module runner: they import the widgets' sources, as the app does).
      if (id === `\0${CALLS_ID}`) {
        const { module } = await runnerImport<typeof FirstCallRecipes>(path.join(ROOT, 'src', 'cdn', 'first-call-recipes.ts'), {
          configFile: false,
          root: ROOT,
        });
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(await module.firstCallRecipes()))});\n`;
      }
      // FIRST_CONTENT is filled in by the first-content plugin once the chunks are known.
      // A call, not a string: the minifier would copy a constant string into each use.
      if (id === `\0${TAGS_ID}`) return `export const FIRST_CONTENT = JSON.parse(${JSON.stringify(FIRST_CONTENT_PLACEHOLDER)});\n`;
      if (id === `\0${CSS_ID}`) return `export default ${JSON.stringify(compactCss(reserveCss()))};\n`;
      const tag = entryIds.get(id);
      if (!tag) return null;
      return [
        `// CDN entry: defines <${tag}> (loaded by the loader when the tag appears).`,
        `import { ${camel(tag)}Element } from '/src/elements/${tag}.element.ts';`,
        `import { defineElement } from '/src/elements/define-element.ts';`,
        `defineElement(${camel(tag)}Element);`,
        '',
      ].join('\n');
    },
  };
}

/**
 * What each tag needs for its first content, so the loader starts all of it at once instead of
 * the browser discovering it chunk by chunk (entry → runtime → widget → list…). A widget marks
 * the parts it loads beside its first data with `import(/* lk:first-content *\/ './part')`; the
 * office app marks each route's widget (`/* lk:first-content route *\/` on the import of
 * `<tag>.widget`): the routes that show it are those ROUTE_WIDGETS gives that tag. A part chosen by an attribute of the element is
 * marked with the attribute's values that choose it (`/* lk:first-content attr:chat-service=sandbox *\/`;
 * an empty value stands for the attribute's absence: `attr:chat-service=,twilio`). For each tag
 * entry this plugin takes the static closure of its chunk plus, transitively, the chunks of the
 * marked imports, and for `<lead-app>` the same per route. The result replaces the loader's
 * placeholder (the loader is unhashed, so its content may change after the chunk hashes are
 * known) and is written to `first-content.json` for the bench and the e2e tests. The marks are
 * read once, by scripts/first-screen-chunks.ts, which also groups the chunks by them.
 */
export const FIRST_CONTENT_PLACEHOLDER = '__LK_FIRST_CONTENT__';

/** The routes that show `tag` (ROUTE_WIDGETS). */
const routesOf = (tag: string) => Object.entries(ROUTE_WIDGETS).flatMap(([route, shown]) => (shown === tag ? [route] : []));

function firstContent(flavour: CdnFlavour, marks: FirstScreenGraph['marks']): Plugin {
  return {
    name: 'leadkit:first-content',
    // After plainDynamicImports has dropped the preload helper from the chunks' imports.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byModule = new Map<string, (typeof chunks)[number]>();
        for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
        const byFacade = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId as string, chunk]));
        const chunkOf = (id: string) => byFacade.get(id) ?? byModule.get(id);
        type Chunk = (typeof chunks)[number];
        const routed: { routes: string[]; chunk: Chunk }[] = [];
        const chosen: { attr: NonNullable<FirstContentMark['attr']>; chunk: Chunk; route: string | null }[] = [];
        /** Adds the chunk's static closure and its marked parts to `files`; parts of routes and chosen by attributes are set aside. */
        const closure = (chunk: Chunk, files: string[], withRoutes: boolean, route: string | null) => {
          if (files.includes(chunk.fileName)) return;
          files.push(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = bundle[imported];
            if (next?.type === 'chunk') closure(next, files, withRoutes, route);
          }
          for (const id of chunk.moduleIds) {
            for (const mark of marks.get(id) ?? []) {
              const target = chunkOf(mark.target);
              if (!target) continue;
              if (mark.attr) {
                if (!chosen.some((seen) => seen.attr === mark.attr && seen.chunk === target && seen.route === route))
                  chosen.push({ attr: mark.attr, chunk: target, route });
              } else if (mark.routedTag === null) closure(target, files, withRoutes, route);
              else if (withRoutes) {
                const routes = routesOf(mark.routedTag);
                if (routes.length === 0) this.error(`first-content: <${mark.routedTag}> is no routed widget (ROUTE_WIDGETS)`);
                routed.push({ routes, chunk: target });
              }
            }
          }
        };
        const runtime = chunks.find((chunk) => chunk.name === RUNTIME_CHUNK && !chunk.isEntry);
        // Every widget shares it (vite.cdn.config's chunking below); the loader runs it first.
        if (!runtime) this.error(`first-content: no shared runtime chunk (${RUNTIME_CHUNK})`);
        const result: FirstContent = { tags: {}, routes: {}, runtime: runtime.fileName, attrs: {} };
        for (const tag of TAG_NAMES) {
          const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.join(ROOT, 'src', 'cdn', `${tag}.ts`));
          if (!entry) this.error(`first-content: no entry chunk for <${tag}>`);
          routed.length = 0;
          chosen.length = 0;
          const files: string[] = [];
          closure(entry, files, true, null);
          result.tags[tag] = files;
          const routeFiles = new Map<string, string[]>();
          if (routed.length > 0) {
            const patterns: [string, string[]][] = [];
            for (const { routes, chunk } of routed) {
              for (const route of routes) {
                const pattern = APP_ROUTES[route as keyof typeof APP_ROUTES];
                const extra: string[] = [];
                closure(chunk, extra, false, pattern);
                routeFiles.set(pattern, extra);
                patterns.push([pattern, extra.filter((file) => !files.includes(file))]);
              }
            }
            result.routes[tag] = { base: DEFAULT_APP_BASE, patterns };
          }
          const attrs: FirstContent['attrs'][string] = [];
          for (let i = 0; i < chosen.length; i++) {
            const { attr, chunk, route } = chosen[i] as (typeof chosen)[number];
            const before = [...files, ...(route === null ? [] : (routeFiles.get(route) ?? []))];
            const extra: string[] = [];
            closure(chunk, extra, false, route);
            const added = extra.filter((file) => !before.includes(file));
            const same = attrs.find(([name, values, , at]) => name === attr.name && at === route && values.join() === attr.values.join());
            if (same) same[2] = [...new Set([...same[2], ...added])];
            else attrs.push([attr.name, attr.values, added, route]);
          }
          if (attrs.length > 0) result.attrs[tag] = attrs;
        }
        const loader = bundle[flavour.loader];
        if (loader?.type !== 'chunk') this.error(`first-content: no ${flavour.loader}`);
        const placeholder = new RegExp(`JSON\\.parse\\((["'\`])${FIRST_CONTENT_PLACEHOLDER}\\1\\)`, 'g');
        if (loader.code.match(placeholder)?.length !== 1) this.error('first-content: the loader must hold the placeholder exactly once');
        loader.code = loader.code.replace(placeholder, JSON.stringify(compactFirstContent(result)));
        this.emitFile({ type: 'asset', fileName: `first-content${flavour.suffix}.json`, source: `${JSON.stringify(result, null, 2)}\n` });
      },
    },
  };
}

/**
 * The loader's copy: each file named once (`files`, without the `chunks/` folder and `.js`:
 * every file but the loader is there, tag entries too), the lists as indexes into it (a tag's
 * entry first). Every byte of the loader counts.
 */
function compactFirstContent(content: FirstContent) {
  const files: string[] = [];
  const index = (file: string) => {
    const name = /^chunks\/(.+)\.js$/.exec(file)?.[1];
    if (!name) throw new Error(`first-content: ${file} is not a shared chunk`);
    return files.includes(name) ? files.indexOf(name) : files.push(name) - 1;
  };
  const tags = Object.fromEntries(Object.entries(content.tags).map(([tag, list]) => [tag, list.map(index)]));
  const routes = Object.fromEntries(
    Object.entries(content.routes).map(([tag, { base, patterns }]) => [tag, { base, patterns: patterns.map(([pattern, list]) => [pattern, list.map(index)]) }]),
  );
  const attrs = Object.fromEntries(
    Object.entries(content.attrs).map(([tag, list]) => [tag, list.map(([name, values, chosen, route]) => [name, values, chosen.map(index), route])]),
  );
  return { files, tags, routes, runtime: index(content.runtime), attrs };
}

/**
 * The shared runtime, `chunks/runtime.js` (a stable name: scripts/cdn-flavours.ts): what the first
 * screens of two or more widgets need — React, react-dom, jotai, ofetch, valibot, leadkit's element
 * and runtime layers, the gateway client, the translator and common texts, and the pieces several
 * widgets share (drafts, formats) — plus the bundler's helpers, so a page with several widgets
 * downloads it once and a first screen is the loader, the runtime and the widget's own chunk.
 * scripts/first-screen-chunks.ts computes which module goes where from the module graph; only
 * first screens count (a lazily loaded part shared with another widget — date ranges, date-fns,
 * Twilio — never pulls a module into every widget's first load).
 */
/** The name of the runtime chunk's group (its file: the flavour's `runtime`). */
const RUNTIME_CHUNK = 'runtime';

/**
 * The funnel's state (raq-funnel/state/: the shared atoms, each step's atoms, the storage) and
 * the rules and calls only it uses (domain/funnel/, gateway/lead/funnel/): one chunk, named so,
 * as when the state was one file (each step's atoms would otherwise be a chunk of their own, by
 * the set of their readers: 1.1 kB more and three files more on the funnel's first screen).
 */
const FUNNEL_STATE = new RegExp(String.raw`[\/]src[\/](widgets[\/]raq-funnel[\/]state|domain[\/]funnel|gateway[\/]lead[\/]funnel)[\/]`);

/**
 * `build.modulePreload: false` stops preloading, yet Vite still wraps every `import()` of an
 * app build in its preload helper, a module shared by the loader and the lazy parts of the
 * widgets, so it lands in a chunk of its own that the loader imports statically. Styles are
 * adopted from JS and chunks import their own dependencies, so the wrapper has nothing to do:
 * each `__vitePreload(() => import(x)…, …)` becomes a plain `(import(x)…)` and the helper's import
 * goes with it (`npm run bench` checks that the loader imports nothing statically).
 * The helper itself is a one-line stand-in: when rolldown puts it in a shared chunk (the
 * runtime), that chunk exports it before the wrappers are gone, and an export is never
 * tree-shaken — Vite's helper (≈ 0.5 kB gzip) stayed in every first load.
 */
function plainDynamicImports(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  const helperImport = /^import \{ \w+ as __vitePreload \} from "[^"]+";\n/m;
  const wrapped = /(__vitePreload\(\(\) => )([\s\S]*?)(, __VITE_PRELOAD__, import\.meta\.url\))/g;
  return {
    name: 'leadkit:plain-dynamic-imports',
    enforce: 'pre',
    load: (id) => (id === helperId ? { code: 'export const __vitePreload = (load) => load();', moduleSideEffects: false } : null),
    renderChunk(code) {
      if (!code.includes('__vitePreload')) return null;
      // Same-length blanks, so the chunk's source map (lines and columns) stays true.
      const blank = (text: string) => text.replace(/[^\n]/g, ' ');
      const plain = code
        .replace(helperImport, blank)
        .replace(wrapped, (_all, head: string, body: string, tail: string) => `(${blank(head).slice(1)}${body})${blank(tail).slice(1)}`);
      if (plain.includes('__vitePreload(')) this.error('an import() kept its preload wrapper');
      return { code: plain, map: null };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk' && /(^|\/)preload-helper-/.test(fileName)) delete bundle[fileName];
      }
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') output.imports = output.imports.filter((file) => !/(^|\/)preload-helper-/.test(file));
      }
    },
  };
}

/**
 * wouter imports `use-sync-external-store/shim` (a CommonJS polyfill for React < 18, plus
 * rolldown's CommonJS interop). React 19 has the hook built in: the CDN bundle takes React's.
 */
function builtinSyncExternalStore(): Plugin {
  const id = '\0leadkit:use-sync-external-store';
  return {
    name: 'leadkit:builtin-use-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (/^use-sync-external-store\/shim(\/index(\.js)?)?$/.test(source) ? id : null),
    load: (source) => (source === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * Twilio's SDK (the thread's chat chunk) is Babel output that `require`s ~80 core-js polyfills:
 * 38 kB gzip of code for features every browser of the es2022 target has natively, and code that
 * may replace a host page's own built-ins (Promise, URL, RegExp#exec…), which an embedded widget
 * must never touch. The CDN build resolves them to nothing; the npm build leaves Twilio to the
 * host's bundler and its own browser targets.
 */
function noGlobalPolyfills(): Plugin {
  const id = '\0leadkit:no-polyfill';
  return {
    name: 'leadkit:no-global-polyfills',
    enforce: 'pre',
    // core-js (not core-js-pure) is imported for its side effects only: nothing reads a value of it.
    resolveId: (source) => (/^core-js(\/|$)/.test(source) ? id : null),
    load: (source) => (source === id ? 'export {};' : null),
  };
}

/**
 * `leadkit.css`: the space kept for undefined tags, for pages to link in their <head> (the
 * loader applies the same rules, but only after the first paint). Unhashed, like the loader.
 */
function reserveStylesheet(): Plugin {
  return {
    name: 'leadkit:reserve-stylesheet',
    generateBundle() {
      const header = [
        '/*',
        ' * leadkit.css — space kept for each leadkit tag until it is defined and rendered, so the page',
        ' * does not jump while widgets load (link it in <head>: the loader applies the same rules, but a',
        ' * module script runs after the first paint), and `hidden` hiding a tag before it is defined.',
        " * Heights are the loading skeletons' on a desktop page, and on a phone (a",
        ` * viewport up to ${PHONE_VIEWPORT_MAX_WIDTH}) where they differ; override them for your layout, e.g.`,
        ' * `lead-page:not(:defined) { min-height: 900px }`. Generated from src/contract/tags.ts.',
        ' */',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'leadkit.css', source: `${header}\n${reserveCss()}` });
    },
  };
}

/**
 * The CDN build bundles the optional peers (Twilio, the HEIC converter): a thread on a page
 * without npm talks Twilio and converts iPhone photos by default. The npm build names neither
 * outside the entries a host imports on purpose (src/chat/peer-defaults.ts says why); here that
 * module is swapped for src/cdn/peer-defaults.ts, which imports each in a lazy chunk.
 */
function bundledPeerDefaults(): Plugin {
  const npm = path.join(ROOT, 'src', 'chat', 'peer-defaults.ts');
  const cdn = path.join(ROOT, 'src', 'cdn', 'peer-defaults.ts');
  return {
    name: 'leadkit:bundled-peer-defaults',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('peer-defaults') || importer === cdn) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === npm ? cdn : null;
    },
  };
}

/**
 * ofetch stays the gateway's fetch layer, but of its two dependencies it needs only `withBase`,
 * `withQuery` and a JSON parse: the CDN build takes small stand-ins (src/cdn/lite/, checked
 * against the real ones by their test) instead of ufo's URL toolkit and destr, ≈1.5 kB gzip off
 * every widget's first load. The npm build keeps the real packages (the host's bundler dedupes them).
 */
const liteAliases = {
  ufo: fileURLToPath(new URL('./src/cdn/lite/ufo.ts', import.meta.url)),
  destr: fileURLToPath(new URL('./src/cdn/lite/destr.ts', import.meta.url)),
};

/** react and react-dom as preact/compat (with page-unique ids: src/cdn/lite/preact-compat.ts), for the lite flavour. */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: fileURLToPath(new URL('./src/cdn/lite/preact-compat.ts', import.meta.url)) },
];

export function cdnConfig(flavour: CdnFlavour) {
  const lite = flavour.name === 'lite';
  const graph = firstScreenGraph(tagEntryIds, OPTIONAL_PEERS);
  const helpersInRuntime = bundlerHelpersInRuntime(flavour.runtime, `manifest${flavour.suffix}.json`);
  /** A first screen's module: in the runtime when two widgets' first screens need it, else in its widget's first-screen chunk. */
  const isTwilio = (id: string) => /[\\/]@twilio[\\/]/.test(id);
  const widgetOwners = (id: string) => [...graph.ownersOf(id)].filter((owner) => !owner.startsWith('attr:'));
  return defineConfig({
    plugins: [
      tagModules(),
      bundledPeerDefaults(),
      graph.plugin,
      helpersInRuntime,
      firstContent(flavour, graph.marks),
      cdnModuleSizes(ROOT, flavour.suffix, helpersInRuntime.moved),
      plainDynamicImports(),
      builtinSyncExternalStore(),
      noGlobalPolyfills(),
      ...(lite ? [] : [reserveStylesheet(), widgetsCss('widgets.css')]),
      react(),
    ],
    resolve: { alias: [...Object.entries(liteAliases).map(([find, replacement]) => ({ find, replacement })), ...(lite ? preactAliases : [])] },
    base: './',
    publicDir: false,
    build: {
      outDir: 'dist/cdn',
      // The default flavour builds first and empties the folder; the lite one adds its files.
      emptyOutDir: !lite,
      target: 'es2022',
      cssTarget: CSS_TARGET,
      minify: true,
      // Maps for the bench and local debugging, without a sourceMappingURL comment: the published
      // package does not ship them, and a CDN would answer the comment with a 404.
      sourcemap: 'hidden',
      // No preload helper or polyfill in the loader: chunks import their dependencies themselves.
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      // Vite's 500 kB notice fits an app's first load, not this build: its one chunk over it is the
      // HEIC converter (≈ 3 MB, fetched only when an iPhone photo is picked, left out of
      // @leadkit/cdn), and what a page loads has its own budgets (bench/budgets.mjs, npm test).
      chunkSizeWarningLimit: 4000,
      // tag entry → hashed file, with its imports: for hosts that want to preload, and for the bench.
      manifest: `manifest${flavour.suffix}.json`,
      rolldownOptions: {
        input: { leadkit: 'src/loader.ts', ...tagEntries },
        preserveEntrySignatures: false,
        // The first-screen plugins above are most of the build's time, and expected: no timing report.
        checks: { bundlerTimings: false },
        output: {
          format: 'es',
          // Tag entries and shared chunks (runtime, code two tags use) in chunks/, with hash-only
          // names of 7 characters (the fewest Rolldown accepts for this many chunks; it refuses
          // the build when there are too many): the loader lists every first-content file, and
          // each byte of it counts (manifest.json maps sources to files).
          entryFileNames: (chunk) => (chunk.name === 'leadkit' ? flavour.loader : `chunks/${flavour.prefix}[hash:7].js`),
          // The HEIC converter (heic-to, ≈ 3 MB, fetched only when an iPhone photo is picked) is
          // named, so the npm package can leave it out (package.json "files"; README § iPhone photos).
          // The shared runtime keeps a stable name (scripts/cdn-flavours.ts): a host page may start
          // it beside the loader (README § Embedding); it is served with revalidation, as the loader.
          chunkFileNames: (chunk) =>
            chunk.name === RUNTIME_CHUNK && !chunk.isEntry
              ? flavour.runtime
              : `chunks/${flavour.prefix}${chunk.moduleIds.some((id) => /[\\/]heic-to[\\/]/.test(id)) ? 'heic-' : ''}[hash:7].js`,
          assetFileNames: `assets/${flavour.prefix}[name]-[hash][extname]`,
          codeSplitting: {
            groups: [
              {
                // What the first screens of two or more widgets need, and the bundler's helpers
                // (rolldown keeps those in a chunk of their own; bundlerHelpersInRuntime moves them).
                name: RUNTIME_CHUNK,
                test: (id: string) => id.startsWith('\0rolldown/runtime') || (!isTwilio(id) && widgetOwners(id).length > 1),
                priority: 10,
              },
              {
                // One first-screen chunk per widget…
                name: (id: string) => `first-${widgetOwners(id)[0]}`,
                debugName: 'first-<widget>',
                test: (id: string) => widgetOwners(id).length === 1,
                priority: 8,
              },
              {
                // …and one per part an attribute chooses (the chat adapter), after them: a module
                // both need stays with the widget (a group takes its modules' imports along).
                name: (id: string) => `first-${[...graph.ownersOf(id)][0]}`,
                debugName: 'first-<part>',
                test: (id: string) => graph.ownersOf(id).size === 1,
                priority: 7,
              },
              {
                // The funnel's state (FUNNEL_STATE) in one chunk beside its frame.
                name: 'funnel-atoms',
                test: FUNNEL_STATE,
                includeDependenciesRecursively: false,
                priority: 5,
              },
            ],
          },
        },
      },
    },
  });
}

export default cdnConfig(CDN_FLAVOURS.react);
