/**
 * What the two library builds share — leadkit's (vite.config.ts) and @leadkit/sandbox's
 * (packages/sandbox/vite.config.ts): which imports stay imports, and how api-extractor bundles
 * each entry's .d.ts.
 */
import { readFileSync } from 'node:fs';

/**
 * Every dependency and peer of the package at `packageJson` (subpaths included: react/jsx-runtime,
 * hono/cors…) and every `node:` module stays an import: the host installs one copy of each.
 */
export function externalDependencies(packageJson: URL): RegExp[] {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  const packages = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [new RegExp(`^(${packages.map(escape).join('|')})($|/)`), /^node:/];
}

/**
 * vite-plugin-dts `bundleTypes`: one self-contained .d.ts per entry (api-extractor 7). Forgotten
 * exports (internal types inlined as non-exported declarations) and release tags are
 * api-extractor's API-report rules, not packaging errors; it also walks the whole tsconfig program
 * (eslint's .cts typings too). Any other message fails the build.
 */
export const BUNDLE_TYPES = {
  extractorConfig: {
    messages: {
      extractorMessageReporting: {
        default: { logLevel: 'warning' },
        'ae-forgotten-export': { logLevel: 'none' },
        'ae-missing-release-tag': { logLevel: 'none' },
        'ae-wrong-input-file-type': { logLevel: 'none' },
      },
    },
  },
} as const;
