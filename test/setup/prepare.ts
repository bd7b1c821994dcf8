/**
 * globalSetup of the projects that load built files (vitest.config.ts): what their files need
 * from dist/ is built before the first file starts (when stale: after `npm test`'s own
 * scripts/test-prepare.mjs it is all fresh and this costs a staleness check), never inside a
 * test behind a lock beside other files. The packaged project also gets the three tarballs,
 * packed once (`inject('packed')` in test/packaged).
 */
import type { TestProject } from 'vitest/node';
import { prepareForTests, type PackedPackages } from '../../scripts/test-prepare.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    packed?: PackedPackages;
  }
}

/** What each project's files load: the browser suites the CDN build (e2e-lite its Preact flavour too) and the React host page, the packaged suite what the packages ship, packed. */
const NEEDS: Record<string, { parts: string[]; pack: boolean }> = {
  e2e: { parts: ['cdn', 'reactHost'], pack: false },
  'e2e-lite': { parts: ['cdn', 'cdn-lite', 'reactHost'], pack: false },
  engines: { parts: ['cdn'], pack: false },
  packaged: { parts: ['library', 'cdn', 'manifest', 'sandbox'], pack: true },
};

export default function setup(project: TestProject): void {
  const needs = NEEDS[project.name];
  if (!needs) throw new Error(`test/setup/prepare.ts: no build listed for the ${project.name} project`);
  const packed = prepareForTests(needs);
  if (packed) project.provide('packed', packed);
}
