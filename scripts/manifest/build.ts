/**
 * `tsx scripts/manifest/build.ts` (step 3 of scripts/build.mjs): writes dist/custom-elements.json
 * (scripts/manifest/generate.ts) and the framework typings and VS Code data generated from it
 * (scripts/manifest/typings.ts), their docs links as the docs site's addresses (../site-addresses.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createManifest, elementsOf } from './generate';
import { typingsFiles } from './typings';
import { withSiteAddresses } from '../site-addresses';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');

const manifest = createManifest(ROOT);
mkdirSync(DIST, { recursive: true });
writeFileSync(path.join(DIST, 'custom-elements.json'), withSiteAddresses(`${JSON.stringify(manifest, null, 2)}\n`));
rmSync(path.join(DIST, 'types'), { recursive: true, force: true });
for (const [file, content] of Object.entries(typingsFiles(manifest))) {
  mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
  writeFileSync(path.join(DIST, file), withSiteAddresses(content));
}
const counts = elementsOf(manifest).map(
  (e) =>
    `<${e.tagName}> ${e.attributes.length} attributes, ${e.members.length} properties, ${e.events.length} events, ${e.cssParts.length} parts, ${e.cssProperties.length} custom properties`,
);
console.log(`manifest: dist/custom-elements.json, dist/types/*, dist/vscode.html-custom-data.json\n  ${counts.join('\n  ')}`);
