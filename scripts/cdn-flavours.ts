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
  /**
   * The shared runtime chunk (React or Preact, the element and runtime layers…), under a stable
   * name like the loader's, so a host page can start it beside the loader:
   * `<link rel="modulepreload" href="…/chunks/runtime.js">` (docs/embedding.md#a-page-without-a-build-cdn).
   */
  readonly runtime: string;
}

export const CDN_FLAVOURS = {
  react: { name: 'react', loader: 'leadkit.js', suffix: '', prefix: '', runtime: 'chunks/runtime.js' },
  lite: { name: 'lite', loader: 'leadkit-lite.js', suffix: '-lite', prefix: 'lite-', runtime: 'chunks/lite-runtime.js' },
} as const satisfies Record<string, CdnFlavour>;

/** The flavour named by `CDN_FLAVOUR` (default `react`); an unknown name throws. */
export function cdnFlavourFromEnv(value = process.env.CDN_FLAVOUR): CdnFlavour {
  if (!value) return CDN_FLAVOURS.react;
  const flavour = (CDN_FLAVOURS as Record<string, CdnFlavour>)[value];
  if (!flavour) throw new Error(`CDN_FLAVOUR=${value}: expected one of ${Object.keys(CDN_FLAVOURS).join(', ')}`);
  return flavour;
}

/**
 * The file of dist/cdn that answers for `name` (`leadkit.js`, `chunks/runtime.js`,
 * `manifest.json`, `first-content.json`, `modules.json`) in a flavour. (A page's runtime hint then fetches the
 * flavour's runtime under the default name, which its chunks do not import by: fetched twice,
 * run once — on a development server only.)
 */
export function flavourFile(flavour: CdnFlavour, name: string): string {
  if (name === CDN_FLAVOURS.react.loader) return flavour.loader;
  if (name === CDN_FLAVOURS.react.runtime) return flavour.runtime;
  const json = /^(manifest|first-content|modules)\.json$/.exec(name);
  return json ? `${json[1]}${flavour.suffix}.json` : name;
}

/**
 * How long a browser may keep a file of dist/cdn (`name` relative to it): content-hashed chunks
 * for good; the stable names — the loaders, the runtimes, leadkit.css, the JSON maps — only with
 * revalidation, so a release at the same path is never mixed with files of the one before.
 */
export function cdnCacheControl(name: string): string {
  const stable = Object.values(CDN_FLAVOURS).some((flavour) => name === flavour.runtime) || !name.startsWith('chunks/');
  return stable ? 'no-cache' : 'public, max-age=31536000, immutable';
}
