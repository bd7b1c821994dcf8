import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { externalDependencies } from '../../scripts/library-build.ts';
import { packageTypes } from '../../scripts/library-types.ts';

/**
 * `@leadkit/sandbox`'s build: dist/index.js (the gateway) and dist/serve.js (the HTTP server,
 * the `leadkit-sandbox` bin), and the bundled .d.ts of its one typed entry (scripts/library-types.ts).
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
    packageTypes({
      tsconfig: fileURLToPath(new URL('./tsconfig.build.json', import.meta.url)),
      // The repository root: the declarations of leadkit's shared sources (../../src) are
      // emitted too, then bundled into the entry's one .d.ts.
      rootDir: fileURLToPath(new URL('../..', import.meta.url)),
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
