// Modules the CDN build generates from the tag table (vite.cdn.config.ts, plugin leadkit:tag-modules).
declare module 'virtual:leadkit/cdn-tags' {
  /** Each tag → `import()` of the CDN chunk that defines it. */
  const chunks: Readonly<Record<string, () => Promise<unknown>>>;
  export default chunks;
}

declare module 'virtual:leadkit/reserve-css' {
  /** The reserve rules of leadkit.css (`reserveCss()` of src/elements/tags.ts). */
  const css: string;
  export default css;
}
