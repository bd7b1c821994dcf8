import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';
import { BUNDLE_TYPES, externalDependencies } from '../../scripts/library-build';

/**
 * `@leadkit/sandbox`'s build: dist/index.js (the gateway) and dist/serve.js (the HTTP server,
 * the `leadkit-sandbox` bin), one bundled .d.ts per entry.
 *
 * The gateway schemas and domain rules it shares with leadkit are imported from leadkit's
 * sources (../../src/gateway, ../../src/domain) and bundled into dist/: one copy in the
 * repository, no runtime dependency on leadkit (see README.md, "One copy of the contract").
 * The package's own dependencies (hono, valibot, date-fns, @hono/node-server) stay imports.
 */
const external = externalDependencies(new URL('./package.json', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    dts({
      tsconfigPath: fileURLToPath(new URL('./tsconfig.build.json', import.meta.url)),
      // The repository root: the declarations of leadkit's shared sources (../../src) are
      // emitted inside dist/ too, then bundled into each entry's one .d.ts.
      entryRoot: fileURLToPath(new URL('../..', import.meta.url)),
      bundleTypes: BUNDLE_TYPES,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: they would point at sources the package does not ship.
    sourcemap: false,
    // Readable in node_modules; a host's bundler minifies.
    minify: false,
    target: 'es2022',
    lib: {
      // Absolute: the build also runs from the repository root (scripts/build.mjs --config …).
      entry: { index: fileURLToPath(new URL('./src/index.ts', import.meta.url)), serve: fileURLToPath(new URL('./src/serve.ts', import.meta.url)) },
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      checks: { bundlerTimings: false },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/sandbox-[hash].js',
      },
    },
  },
});
