import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { TAG_NAMES } from 'leadkit';

// The shape docs/embedding.md#vue-3 gives a host: the tags from `TAG_NAMES` (all six), not a prefix.
const leadkitTags = new Set(TAG_NAMES);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => leadkitTags.has(tag) } } })],
  build: { target: 'es2022', reportCompressedSize: false, emptyOutDir: true },
});
