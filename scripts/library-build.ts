/**
 * What the two library builds share — leadkit's (vite.config.ts) and @leadkit/sandbox's
 * (packages/sandbox/vite.config.ts): which imports stay imports. Their .d.ts files:
 * scripts/library-types.ts.
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
