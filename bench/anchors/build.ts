/**
 * Builds the anchor pages (bench/anchors/index.html + main.ts) with Vite, production mode:
 *   <out>/react/   React 19 + react-dom/client
 *   <out>/preact/  the same source with react and react-dom aliased to preact/compat
 * Served by bench/server.ts under /anchors/react/ and /anchors/preact/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const ANCHORS = ['react', 'preact'] as const;
export type Anchor = (typeof ANCHORS)[number];

const PREACT_ALIAS = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export async function buildAnchors(outDir: string): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const anchor of ANCHORS) {
      await build({
        configFile: false,
        root: HERE,
        base: `/anchors/${anchor}/`,
        mode: 'production',
        logLevel: 'error',
        resolve: anchor === 'preact' ? { alias: PREACT_ALIAS } : {},
        build: { outDir: path.join(outDir, anchor), emptyOutDir: true, modulePreload: { polyfill: false }, sourcemap: false },
      });
    }
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
