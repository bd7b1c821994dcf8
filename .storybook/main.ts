import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin, PluginOption } from 'vite';
import { CSS_TARGET } from '../scripts/css-target.js';
import { writeDocPages } from './doc-pages.js';

/**
 * Plugins of the library build (vite.config.ts) that have no place in Storybook, which merges
 * that file into its own Vite config: the project's own build-only plugins (`leadkit:*` with
 * `apply: 'build'`, e.g. `leadkit:clean-library-outputs`, which deletes dist/*.js, and
 * `leadkit:package-types`, which writes the .d.ts files): `build-storybook` must never touch the
 * library's dist/.
 */
function isLibraryBuildPlugin(plugin: Plugin): boolean {
  return (plugin.name ?? '').startsWith('leadkit:') && plugin.apply === 'build';
}

/** Drops those plugins from a (possibly nested, possibly async) Vite plugin list. */
async function withoutLibraryBuildPlugins(plugins: PluginOption[] | undefined): Promise<PluginOption[]> {
  const kept: PluginOption[] = [];
  for (const entry of plugins ?? []) {
    const plugin = await entry;
    if (!plugin) continue;
    if (Array.isArray(plugin)) kept.push(await withoutLibraryBuildPlugins(plugin));
    else if (!('name' in plugin && isLibraryBuildPlugin(plugin as Plugin))) kept.push(plugin);
  }
  return kept;
}

/**
 * `virtual:leadkit/custom-elements`: the contract (custom-elements.json) as the docs site reads
 * it, made by the same generator as the package's dist/custom-elements.json
 * (scripts/manifest/generate.ts) when the dev server or the build first asks for it, so the
 * element pages and the theming table never read a stale dist/ or a copy. The generator runs in
 * a child process (through tsx, as `npm run build` runs it): Storybook loads this config as
 * plain ESM, and the generator's TypeScript imports have no extensions (this file's name their
 * `.js` files, which Storybook's loader maps to the `.ts` ones). Typed in
 * stories/docs/virtual-modules.d.ts.
 */
const CUSTOM_ELEMENTS_MODULE = 'virtual:leadkit/custom-elements';
const RESOLVED = `\0${CUSTOM_ELEMENTS_MODULE}`;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRINT_MANIFEST = "import { createManifest } from './scripts/manifest/generate.ts'; process.stdout.write(JSON.stringify(createManifest(process.cwd())));";

function customElementsManifest(): Plugin {
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

/**
 * The docs site's Markdown pages (README.md, docs/**, …: .storybook/doc-pages.ts), written before
 * Storybook reads its `stories`; in `storybook dev`, again when a Markdown file of the project
 * (which Vite watches) is added, removed or changed, so a new page or a new heading's name appears
 * in the sidebar without a restart.
 */
writeDocPages(ROOT);

function docPagesWatcher(): Plugin {
  return {
    name: 'leadkit-docs:pages',
    apply: 'serve',
    configureServer(server) {
      const markdown = (file: string) => file.endsWith('.md') && !file.includes(`${path.sep}node_modules${path.sep}`);
      const rewrite = (file: string) => {
        if (markdown(file)) writeDocPages(ROOT);
      };
      server.watcher.on('add', rewrite).on('unlink', rewrite).on('change', rewrite);
    },
  };
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The docs pages first (written into stories/docs/pages/ by doc-pages.ts): the site opens on Getting started.
  stories: ['../stories/docs/pages/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(await withoutLibraryBuildPlugins(viteConfig.plugins)), customElementsManifest(), docPagesWatcher()];
    // The widgets' CSS for the browsers it is written for, as in the library's build: Storybook's
    // own build target lowered every `:dir(rtl)` into `:lang(ar)`-like selectors, so the site's
    // right-to-left stories (dir="rtl", lang en or es) read '.No notes yet' (scripts/css-target.ts).
    viteConfig.build = { ...viteConfig.build, cssTarget: CSS_TARGET };
    return viteConfig;
  },
};

export default config;
