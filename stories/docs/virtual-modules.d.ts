/** The contract as the docs site reads it (the `customElementsManifest` plugin of .storybook/main.ts). */
declare module 'virtual:leadkit/custom-elements' {
  // An ambient module's types come from an import() type: a top-level import would make this file a module.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const manifest: import('../../scripts/manifest/generate').Manifest;
  export default manifest;
}
