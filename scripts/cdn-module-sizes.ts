import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `dist/cdn/modules.json` (`modules-lite.json` for the lite flavour): each chunk of the CDN build
 * with the modules rolldown rendered into it and their rendered length (bytes of code before
 * minification, unused code removed). The first-screen byte budget (test/first-screen-budget.test.ts,
 * scripts/first-screen-bytes.ts) reads it to say which modules a widget's first screen carries and
 * which of them grew. Not in the npm package (package.json "files"): a build report, like the maps.
 */
export type ModuleSizes = Record<string, Record<string, number>>;

/** A module id as the report names it: relative to the checkout, without rolldown's `\0` prefix for virtual modules. */
export function moduleName(id: string, root: string): string {
  const plain = id.replace(/^\0/, '');
  return path.isAbsolute(plain) ? path.relative(root, plain).split(path.sep).join('/') : plain;
}

/** `moved`: modules a later step put into a chunk (scripts/first-screen-chunks.ts, the bundler's helpers). */
export function cdnModuleSizes(root: string, suffix: string, moved: ReadonlyMap<string, Record<string, number>> = new Map()): Plugin {
  return {
    name: 'leadkit:cdn-module-sizes',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sizes: ModuleSizes = {};
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const modules: Record<string, number> = {};
          for (const [id, length] of Object.entries(moved.get(output.fileName) ?? {})) modules[moduleName(id, root)] = length;
          for (const [id, module] of Object.entries(output.modules)) if (module.renderedLength > 0) modules[moduleName(id, root)] = module.renderedLength;
          sizes[output.fileName] = modules;
        }
        this.emitFile({ type: 'asset', fileName: `modules${suffix}.json`, source: `${JSON.stringify(sizes, null, 1)}\n` });
      },
    },
  };
}
