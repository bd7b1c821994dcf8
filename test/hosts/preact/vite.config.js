import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  // The preset's default: react, react-dom (and react/jsx-runtime) resolve to preact/compat.
  plugins: [preact({ prerender: { enabled: false } })],
  build: { target: 'es2022', reportCompressedSize: false, emptyOutDir: true },
});
