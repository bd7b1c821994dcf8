/**
 * Builds the anchor pages (bench/anchors/index.html + main.ts) with Vite, production mode:
 *   <out>/react/   React 19 + react-dom/client
 *   <out>/preact/  the same source with react and react-dom aliased to preact/compat
 *   <out>/react-card/card.html  the spec-equal card anchor (card.html + card.ts), React 19: the
 *                  interaction bench's card-expand baseline; a build of its own, so the load
 *                  anchors keep their one chunk
 *   <out>/react-ssr/card-ssr.html  the same cards for server rendering (card-ssr.html +
 *                  card-ssr.ts, hydrateRoot), one chunk: bench/server.ts fills it in (server-anchor.ts)
 * Served by bench/server.ts under /anchors/react/, /anchors/preact/ and /anchors/react-card/.
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
    for (const [name, page] of [
      ['react-card', 'card.html'],
      ['react-ssr', 'card-ssr.html'],
    ] as const) {
      await build({
        configFile: false,
        root: HERE,
        base: `/anchors/${name}/`,
        mode: 'production',
        logLevel: 'error',
        build: {
          outDir: path.join(outDir, name),
          emptyOutDir: true,
          modulePreload: { polyfill: false },
          sourcemap: false,
          rollupOptions: { input: path.join(HERE, page) },
        },
      });
    }
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
