import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { reserveCss, TAG_NAMES } from './src/elements/tags.ts';

/**
 * CDN build (`dist/cdn/`): for pages without npm, `<script type="module" src=".../leadkit.js">`.
 *
 * An app-mode build (library mode would keep ES unminified) with several inputs:
 * - `leadkit.js`, the loader: stable, unhashed name (pages link to it; cache it briefly);
 *   it statically imports nothing, so it stays tiny (≤ 2 kB gzip, checked by `npm run bench`);
 * - one entry per tag (`src/cdn/<tag>.ts` → `<tag>-[hash].js`), loaded by the loader's
 *   `import()` when the tag appears; hashed and immutable, like every shared chunk.
 *
 * Everything is bundled, React included: a CDN page has no npm. ESM only — an IIFE cannot
 * code-split, and a lazy `import()` (the Twilio chat adapter) would be inlined into it.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The tag entries and the loader's map come from the tag table (src/elements/tags.ts), not from
 * files: `src/cdn/<tag>.ts` is a virtual module per tag that defines it (its manifest name stays
 * `src/cdn/<tag>.ts`), and the loader imports `virtual:leadkit/cdn-tags`, the map of each tag to
 * `import()` of its entry, and `virtual:leadkit/reserve-css`, the reserve rules `leadkit.css` holds.
 */
const tagEntries = Object.fromEntries(TAG_NAMES.map((tag) => [tag, `src/cdn/${tag}.ts`]));
const entryIds = new Map(TAG_NAMES.map((tag) => [path.join(ROOT, 'src', 'cdn', `${tag}.ts`), tag]));
/** The loader's copy of the rules without the spaces (every byte of the loader counts). */
const compactCss = (css: string) => css.replace(/\s*([{}:;,])\s*/g, '$1').replace(/;}/g, '}').trim();
const camel = (tag: string) => tag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function tagModules(): Plugin {
  const TAGS_ID = 'virtual:leadkit/cdn-tags';
  const CSS_ID = 'virtual:leadkit/reserve-css';
  return {
    name: 'leadkit:tag-modules',
    enforce: 'pre',
    resolveId(source) {
      if (source === TAGS_ID || source === CSS_ID) return `\0${source}`;
      const file = path.resolve(ROOT, source.replace(/^\//, ''));
      return entryIds.has(file) ? file : null;
    },
    load(id) {
      if (id === `\0${TAGS_ID}`) {
        const lines = TAG_NAMES.map((tag) => `  ${JSON.stringify(tag)}: () => import(${JSON.stringify(`/src/cdn/${tag}.ts`)}),`);
        return `export default {\n${lines.join('\n')}\n};\n`;
      }
      if (id === `\0${CSS_ID}`) return `export default ${JSON.stringify(compactCss(reserveCss()))};\n`;
      const tag = entryIds.get(id);
      if (!tag) return null;
      return [
        `// CDN entry: defines <${tag}> (loaded by the loader when the tag appears).`,
        `import { ${camel(tag)}Element } from '/src/elements/${tag}.element.ts';`,
        `import { defineElement } from '/src/elements/registry.ts';`,
        `defineElement(${camel(tag)}Element);`,
        '',
      ].join('\n');
    },
  };
}

/**
 * The runtime every widget needs — React, react-dom, r2wc, jotai, ofetch, valibot… and leadkit's
 * own element and runtime layers, the gateway core, the common texts — goes into one
 * `chunks/runtime-[hash].js`, so a page with several widgets downloads it once. The list is
 * explicit: lazily loaded parts of the board and the app count as chunks too, so a rule by share
 * count alone pulled board-only modules (date ranges, date-fns) into every widget's first load.
 * Anything else shared goes to rolldown's automatic common chunks. Only modules in a first load
 * (`$initial`) qualify: a lazily imported library (Twilio) stays in its own lazy chunk.
 */
const RUNTIME = new RegExp(
  [
    String.raw`[\/]node_modules[\/](react|react-dom|scheduler|jotai|ofetch|ufo|destr|valibot|@r2wc)[\/]`,
    String.raw`[\/]src[\/]cdn[\/]lite[\/]`,
    String.raw`[\/]src[\/](runtime|elements)[\/]`,
    String.raw`[\/]src[\/]gateway[\/](client|errors|auth|challenge|shared-schemas)\.`,
    String.raw`[\/]src[\/]i18n[\/](translate|en-US[\/]common)\.`,
    String.raw`[\/]src[\/]ui[\/](skeleton|base)\.`,
    String.raw`[\/]src[\/]domain[\/](email|routes|safe-url|phone)\.`,
    String.raw`^\0rolldown[\/]runtime`,
  ].join('|'),
);

/**
 * `build.modulePreload: false` stops preloading, yet Vite still wraps every `import()` of an
 * app build in its preload helper, a module shared by the loader and the lazy parts of the
 * widgets, so it lands in a chunk of its own that the loader imports statically. Styles are
 * adopted from JS and chunks import their own dependencies, so the wrapper has nothing to do:
 * each `__vitePreload(() => import(x)…, …)` becomes a plain `(import(x)…)` and the helper's import
 * goes with it (`npm run bench` checks that the loader imports nothing statically).
 */
function plainDynamicImports(): Plugin {
  const helperImport = /^import \{ \w+ as __vitePreload \} from "[^"]+";\n/m;
  const wrapped = /(__vitePreload\(\(\) => )([\s\S]*?)(, __VITE_PRELOAD__, import\.meta\.url\))/g;
  return {
    name: 'leadkit:plain-dynamic-imports',
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
        ' * Heights are the loading skeletons\' in a column about 600 px wide; override them for your',
        ' * layout, e.g. `lead-page:not(:defined) { min-height: 900px }`. Generated from src/elements/tags.ts.',
        ' */',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'leadkit.css', source: `${header}\n${reserveCss()}` });
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

export default defineConfig({
  plugins: [tagModules(), plainDynamicImports(), builtinSyncExternalStore(), reserveStylesheet(), react()],
  resolve: { alias: liteAliases },
  base: './',
  publicDir: false,
  build: {
    outDir: 'dist/cdn',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    // No preload helper or polyfill in the loader: chunks import their dependencies themselves.
    modulePreload: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    // tag entry → hashed file, with its imports: for hosts that want to preload, and for the bench.
    manifest: 'manifest.json',
    rolldownOptions: {
      input: { leadkit: 'src/loader.ts', ...tagEntries },
      preserveEntrySignatures: false,
      output: {
        format: 'es',
        entryFileNames: (chunk) => (chunk.name === 'leadkit' ? 'leadkit.js' : '[name]-[hash].js'),
        // Shared chunks (runtime, code two tags use) apart from the tag entries.
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: (id: string) => RUNTIME.test(id) && !/@twilio[\\/]/.test(id),
              tags: ['$initial'],
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
