/** The contract as the docs site reads it (.storybook/custom-elements-plugin.ts). */
declare module 'virtual:leadkit/custom-elements' {
  const manifest: import('../../scripts/manifest/generate').Manifest;
  export default manifest;
}
