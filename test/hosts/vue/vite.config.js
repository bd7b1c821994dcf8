import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('lead-') } } })],
  build: { target: 'es2022', reportCompressedSize: false, emptyOutDir: true },
});
