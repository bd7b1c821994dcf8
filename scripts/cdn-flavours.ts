/**
 * The flavours of the CDN build, both written to dist/cdn (vite.cdn.config.ts builds them):
 * - `react`, the default: React 19 bundled; loader `leadkit.js`;
 * - `lite`: react and react-dom aliased to preact/compat (the components stay React code, only
 *   the bundle differs); loader `leadkit-lite.js`, its other files prefixed `lite-`.
 * `npm start` and the e2e suite serve a flavour's files under the default names when
 * `CDN_FLAVOUR=lite` is set (scripts/start.ts), so every page and test runs on either.
 */
export interface CdnFlavour {
  readonly name: 'react' | 'lite';
  /** The loader's file name. */
  readonly loader: string;
  /** Added to the names of the build's JSON files (manifest, first-content). */
  readonly suffix: string;
  /** Put before the names of its entry and shared chunks. */
  readonly prefix: string;
}

export const CDN_FLAVOURS = {
  react: { name: 'react', loader: 'leadkit.js', suffix: '', prefix: '' },
  lite: { name: 'lite', loader: 'leadkit-lite.js', suffix: '-lite', prefix: 'lite-' },
} as const satisfies Record<string, CdnFlavour>;

/** The flavour named by `CDN_FLAVOUR` (default `react`); an unknown name throws. */
export function cdnFlavourFromEnv(value = process.env.CDN_FLAVOUR): CdnFlavour {
  if (!value) return CDN_FLAVOURS.react;
  const flavour = (CDN_FLAVOURS as Record<string, CdnFlavour>)[value];
  if (!flavour) throw new Error(`CDN_FLAVOUR=${value}: expected one of ${Object.keys(CDN_FLAVOURS).join(', ')}`);
  return flavour;
}

/** The file of dist/cdn that answers for `name` (`leadkit.js`, `manifest.json`, `first-content.json`) in a flavour. */
export function flavourFile(flavour: CdnFlavour, name: string): string {
  if (name === CDN_FLAVOURS.react.loader) return flavour.loader;
  const json = /^(manifest|first-content)\.json$/.exec(name);
  return json ? `${json[1]}${flavour.suffix}.json` : name;
}
