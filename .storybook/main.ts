import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin, PluginOption } from 'vite';
import { customElementsManifest } from './custom-elements-plugin';

/**
 * Plugins of the library build (vite.config.ts) that have no place in Storybook, which merges
 * that file into its own Vite config:
 * - vite-plugin-dts (`unplugin-dts`; `vite:dts` in older versions): runs api-extractor and
 *   writes .d.ts files into dist/;
 * - the project's own build-only plugins (`leadkit:*` with `apply: 'build'`, e.g.
 *   `leadkit:clean-library-outputs`, which deletes dist/*.js): `build-storybook` must never
 *   touch the library's dist/.
 */
function isLibraryBuildPlugin(plugin: Plugin): boolean {
  const name = plugin.name ?? '';
  if (/(^|[:/_-])(vite-plugin-|unplugin-)?dts($|[:/_-])/i.test(name)) return true;
  return name.startsWith('leadkit:') && plugin.apply === 'build';
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

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The docs pages (stories/docs/*.mdx) first: the site opens on Getting started.
  stories: ['../stories/docs/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(await withoutLibraryBuildPlugins(viteConfig.plugins)), customElementsManifest()];
    return viteConfig;
  },
};

export default config;
