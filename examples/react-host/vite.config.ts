import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CSS_TARGET } from '../../scripts/css-target';

/**
 * The React host example as a host app would build it: an app-mode Vite build of this folder
 * into dist/examples/react-host (served at /examples/react-host.html by `npm start`).
 * `leadkit/react` resolves to the source (src/react.tsx), so the example never needs the npm
 * build; a real host installs the package and drops the alias.
 */
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/examples/react-host/',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^leadkit\/react$/, replacement: here('../../src/react.tsx') },
      { find: /^leadkit$/, replacement: here('../../src/index.ts') },
    ],
  },
  build: {
    outDir: here('../../dist/examples/react-host'),
    emptyOutDir: true,
    target: 'es2022',
    // leadkit's CSS is compiled here from its source (the alias): for the browsers it is written
    // for, as the package's own build does, or `:dir(rtl)` becomes `:lang(ar)`-like selectors
    // (scripts/css-target.ts). A host installing the package gets it compiled already.
    cssTarget: CSS_TARGET,
    sourcemap: true,
    reportCompressedSize: false,
  },
});
