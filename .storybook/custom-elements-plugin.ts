import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

/**
 * `virtual:leadkit/custom-elements`: the contract (custom-elements.json) as the docs site reads
 * it, made by the same generator as the package's dist/custom-elements.json
 * (scripts/manifest/generate.ts) when the dev server or the build first asks for it, so the
 * element pages and the theming table never read a stale dist/ or a copy. The generator runs in
 * a child process (through tsx, as `npm run build` runs it): Storybook loads this config as
 * plain ESM, and the generator's TypeScript imports have no extensions. Typed in
 * stories/docs/virtual-modules.d.ts.
 */
export const CUSTOM_ELEMENTS_MODULE = 'virtual:leadkit/custom-elements';
const RESOLVED = `\0${CUSTOM_ELEMENTS_MODULE}`;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRINT_MANIFEST = "import { createManifest } from './scripts/manifest/generate.ts'; process.stdout.write(JSON.stringify(createManifest(process.cwd())));";

export function customElementsManifest(): Plugin {
  let manifest: Promise<string> | undefined;
  return {
    name: 'leadkit-docs:custom-elements',
    resolveId: (id) => (id === CUSTOM_ELEMENTS_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      manifest ??= promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PRINT_MANIFEST], {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
      }).then(({ stdout }) => stdout);
      return `export default ${await manifest};`;
    },
  };
}
