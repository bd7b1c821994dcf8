/**
 * What a host (and a registry) reads from the two packages before adopting them: the licence,
 * where the sources and issues are, one version for leadkit and @leadkit/sandbox (released
 * together). The packed tarball itself is checked by test/packaged; this one needs no build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEADKIT_VERSION } from '../src/gateway/client';

const ROOT = path.resolve(__dirname, '..');
/** The one repository both packages name (docs and package.json). */
const REPOSITORY = 'https://github.com/leadkit/leadkit';

interface Manifest {
  name: string;
  version: string;
  license: string;
  repository: { type: string; url: string; directory?: string };
  homepage: string;
  bugs: { url: string };
  keywords: string[];
  exports: Record<string, unknown>;
  files?: string[];
}
const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
const leadkit = manifestOf('.');
const sandbox = manifestOf('packages/sandbox');

describe('package metadata', () => {
  it('both packages are MIT, with the LICENSE file beside each package.json (npm packs it)', () => {
    for (const [dir, manifest] of [
      ['.', leadkit],
      ['packages/sandbox', sandbox],
    ] as const) {
      expect(manifest.license).toBe('MIT');
      const license = readFileSync(path.join(ROOT, dir, 'LICENSE'), 'utf8');
      expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} leadkit contributors\n/);
    }
  });

  it('both name the one repository, its issues and a homepage, and have keywords', () => {
    for (const manifest of [leadkit, sandbox]) {
      expect(manifest.repository.url).toBe(`git+${REPOSITORY}.git`);
      expect(manifest.bugs.url).toBe(`${REPOSITORY}/issues`);
      expect(manifest.homepage.startsWith(REPOSITORY)).toBe(true);
      expect(manifest.keywords.length).toBeGreaterThan(2);
    }
    expect(sandbox.repository.directory).toBe('packages/sandbox');
  });

  it('@leadkit/sandbox is released with leadkit: the same version, which the gateway client sends', () => {
    expect(sandbox.version).toBe(leadkit.version);
    expect(LEADKIT_VERSION).toBe(leadkit.version);
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; license?: string }> };
    expect(lock.packages['']).toMatchObject({ version: leadkit.version, license: leadkit.license });
    expect(lock.packages['packages/sandbox']).toMatchObject({ version: sandbox.version, license: sandbox.license });
  });
});
