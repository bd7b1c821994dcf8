// Modules the CDN build generates from the tag table (vite.cdn.config.ts, plugin leadkit:tag-modules).
declare module 'virtual:leadkit/cdn-tags' {
  import type { FirstContentAttr, FirstContentRoutes } from '../contract/first-content';
  /**
   * What each tag needs before its first content (compactFirstContent of vite.cdn.config.ts):
   * the files once (`chunks/<name>.js` by name), each tag's list (its entry first: the chunk
   * that defines it) and each route's as indexes into them.
   */
  export const FIRST_CONTENT: {
    readonly files: readonly string[];
    readonly tags: Readonly<Record<string, readonly number[]>>;
    readonly routes: Readonly<Record<string, FirstContentRoutes<number>>>;
    /** The shared runtime chunk (React…) as an index into `files`. */
    readonly runtime: number;
    /** Files chosen by an element's attribute: [attribute, values ('' = absent), files, route pattern or null]. */
    readonly attrs: Readonly<Record<string, FirstContentAttr<number>[]>>;
  };
}

declare module 'virtual:leadkit/reserve-css' {
  /** The reserve rules of leadkit.css (`reserveCss()` of src/contract/tags.ts). */
  const css: string;
  export default css;
}

declare module 'virtual:leadkit/first-calls' {
  /** Each tag's and route's first gateway calls as recipes (`firstCallRecipes()` of src/cdn/first-call-recipes.ts). */
  import type { FirstCallRecipes } from './first-call-recipes';
  const recipes: FirstCallRecipes;
  export default recipes;
}
