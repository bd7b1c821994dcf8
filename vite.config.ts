import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { externalDependencies } from './scripts/library-build.ts';
import { packageTypes } from './scripts/library-types.ts';
import { CSS_TARGET } from './scripts/css-target.ts';
import { widgetsCss } from './scripts/widgets-css.ts';

/**
 * npm library build (`dist/*.js` + one bundled `.d.ts` per entry). The CDN build is
 * `vite.cdn.config.ts` (everything bundled, minified); `scripts/build.mjs` runs both.
 *
 * Library mode keeps ES output unminified on purpose: the host's bundler minifies, and
 * readable code is easier to debug from node_modules.
 */
// Every dependency and peer (react, react-dom, jotai, ofetch, valibot, wouter,
// @tanstack/react-virtual, the optional @twilio/conversations…) stays an import, subpaths
// included (react/jsx-runtime, react-dom/client, jotai/vanilla…): the host installs one copy of
// each. date-fns and react-day-picker are devDependencies, bundled here instead: date-fns
// installs ≈ 11 MB (every function, locale and build) for the dozen functions the widgets use
// (react-day-picker depends on it), which alone broke the 15 MB install budget (npm run bench);
// bundled and tree-shaken they add ≈ 0.1 MB to dist/chunks, loaded with the date filter only.
const external = externalDependencies(new URL('./package.json', import.meta.url));

/**
 * dist/ also holds the CDN build (dist/cdn), the element manifest and `npm start`'s example
 * builds (dist/examples): instead of emptying dist/, the library build removes only what it
 * writes itself (entry files, their maps and .d.ts, dist/chunks).
 */
function cleanLibraryOutputs(outDir: string): Plugin {
  let active = false;
  return {
    name: 'leadkit:clean-library-outputs',
    apply: 'build',
    // Only for the library build itself: Storybook merges this config but writes elsewhere.
    configResolved(config) {
      active = path.resolve(config.root, config.build.outDir) === outDir && Boolean(config.build.lib);
    },
    buildStart() {
      if (!active) return;
      rmSync(path.join(outDir, 'chunks'), { recursive: true, force: true });
      const files = existsSync(outDir) ? readdirSync(outDir) : [];
      for (const file of files) if (/\.(js|js\.map|d\.ts)$/.test(file)) rmSync(path.join(outDir, file), { force: true });
    },
  };
}

/** Packages whose code needs React (or runs React code) when a module that imports them runs. */
const REACT_PACKAGE = /^(react|react-dom|jotai\/react|wouter|@tanstack\/react-virtual|react-day-picker)(\/|$)/;

/**
 * Keeps React-free code out of chunks that run React at import (a `createContext` at module
 * level): a React Server Component's `react` has no `createContext`, and a server component
 * that imports `leadkit` for its gateway calls or `loadFirstScreen` loads only the chunks those
 * need — which must not be chunks that also define a widget's contexts. The plugin records the
 * static import graph; the library build puts each module whose static imports reach no React
 * package in chunks of their own (per set of entries that use them, so nothing loads earlier).
 */
function reactFreeChunks(): { plugin: Plugin; isReactFree: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  const known = new Map<string, boolean>();
  const isReactFree = (id: string, visiting = new Set<string>()): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    if (REACT_PACKAGE.test(id)) return false;
    if (visiting.has(id)) return true;
    visiting.add(id);
    const free = (imports.get(id) ?? []).every((imported) => isReactFree(imported, visiting));
    visiting.delete(id);
    if (visiting.size === 0 || !free) known.set(id, free);
    return free;
  };
  return {
    plugin: {
      name: 'leadkit:react-free-chunks',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    isReactFree: (id) => imports.has(id) && !id.includes('/node_modules/') && isReactFree(id),
  };
}
const reactFree = reactFreeChunks();

export const LIBRARY_ENTRIES = {
  index: 'src/index.ts',
  define: 'src/define.ts',
  react: 'src/react.tsx',
  // leadkit/react under the `node` export condition: the same components, rendering first screens on a server.
  'react.node': 'src/react.node.tsx',
  twilio: 'src/twilio.ts',
  heic: 'src/heic.ts',
  // A host's service worker imports it (no DOM, no React): new-lead notifications from push messages.
  'notifications-sw': 'src/notifications-sw.ts',
  server: 'src/server.ts',
} as const;

export default defineConfig({
  // The sandbox gateway (packages/sandbox, `@leadkit/sandbox`) is its sources in this repository,
  // as in tsconfig.json's `paths`: Storybook, which merges this file, renders against it.
  resolve: { alias: { '@leadkit/sandbox': fileURLToPath(new URL('./packages/sandbox/src/index.ts', import.meta.url)) } },
  plugins: [
    cleanLibraryOutputs(fileURLToPath(new URL('./dist', import.meta.url))),
    widgetsCss('widgets.css'),
    reactFree.plugin,
    react(),
    packageTypes({ tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)), rootDir: fileURLToPath(new URL('./src', import.meta.url)) }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: false, // see cleanLibraryOutputs
    // No source maps in the npm package: its files are unminified ES modules (readable as they
    // are), and maps doubled the tarball. The CDN build (minified) keeps its maps.
    sourcemap: false,
    target: 'es2022',
    cssTarget: CSS_TARGET,
    lib: {
      entry: LIBRARY_ENTRIES,
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      checks: {
        // The .d.ts bundling (scripts/library-types.ts) is most of the build time, and expected: no timing warning.
        bundlerTimings: false,
        // `<lead-app>` imports each route's widget descriptor lazily (src/widgets/lead-app/route-loaders.ts)
        // while its element imports it too, so in this build the import() finds the descriptor in a
        // chunk already loaded. Expected: a descriptor is a few lines, and loads its widget's code
        // lazily itself; the CDN build, which splits by first screen, is where the split counts.
        ineffectiveDynamicImport: false,
      },
      output: {
        entryFileNames: '[name].js',
        // React-free chunks are named for what they are (their default name lists the entries that use them).
        chunkFileNames: (chunk) => (chunk.name.startsWith('core~') ? 'chunks/core-[hash].js' : 'chunks/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            // The gateway namespaces of `leadkit` (leadGateway, officeGateway, messageCenterGateway:
            // src/gateway/*/*-gateway.ts, imported by src/index.ts alone) in a chunk of their own, not
            // in index.js: a server bundler that finds a used export's code in the entry itself
            // evaluates the whole entry and all it imports (Next.js's Turbopack, in a server component
            // that calls officeGateway, ran the elements' React code under react-server and failed).
            { name: 'gateway-namespaces', test: /[\\/]src[\\/]gateway[\\/][^\\/]+[\\/][^\\/]+-gateway\.ts$/ },
            { name: 'core', test: reactFree.isReactFree, entriesAware: true, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
