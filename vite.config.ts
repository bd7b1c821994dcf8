import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Library build of the public entries. The CDN build, the custom-element entries and the
// bundled .d.ts arrive with the delivery issue (#3).
export default defineConfig({
  plugins: [react()],
  build: {
    lib: {
      entry: { index: 'src/index.ts', demo: 'src/demo/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^hono($|\/)/, /^@hono\//, 'node:http', 'node:stream'],
    },
  },
});
