/**
 * What a host (and a registry) reads from the three packages before adopting them: the licence,
 * where the sources and issues are, one version for leadkit, @leadkit/sandbox and @leadkit/cdn
 * (released together), and the CDN files for self-hosting (`@leadkit/cdn/*`). The packed tarballs
 * themselves are checked by test/packaged (which resolves the export in a real install); this one
 * needs no build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEADKIT_VERSION } from '../src/gateway/core/headers';

const ROOT = path.resolve(__dirname, '..');
/** The one repository the packages name (docs and package.json). */
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
const cdn = manifestOf('packages/cdn');

describe('package metadata', () => {
  it('all three packages are MIT, with the LICENSE file beside each package.json (npm packs it)', () => {
    for (const [dir, manifest] of [
      ['.', leadkit],
      ['packages/sandbox', sandbox],
      ['packages/cdn', cdn],
    ] as const) {
      expect(manifest.license).toBe('MIT');
      const license = readFileSync(path.join(ROOT, dir, 'LICENSE'), 'utf8');
      expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} leadkit contributors\n/);
    }
  });

  it('all three name the one repository, its issues and a homepage, and have keywords', () => {
    for (const manifest of [leadkit, sandbox, cdn]) {
      expect(manifest.repository.url).toBe(`git+${REPOSITORY}.git`);
      expect(manifest.bugs.url).toBe(`${REPOSITORY}/issues`);
      // leadkit's homepage is the docs site (test/docs-site.test.ts); the other two's, their README in the repository.
      expect(manifest.homepage.startsWith(manifest === leadkit ? 'https://leadkit.github.io/leadkit/' : REPOSITORY)).toBe(true);
      expect(manifest.keywords.length).toBeGreaterThan(2);
    }
    expect(sandbox.repository.directory).toBe('packages/sandbox');
    expect(cdn.repository.directory).toBe('packages/cdn');
  });

  it('@leadkit/sandbox and @leadkit/cdn are released with leadkit: the same version, which the gateway client sends', () => {
    expect(sandbox.version).toBe(leadkit.version);
    expect(cdn.version).toBe(leadkit.version);
    expect(LEADKIT_VERSION).toBe(leadkit.version);
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; license?: string }> };
    expect(lock.packages['']).toMatchObject({ version: leadkit.version, license: leadkit.license });
    expect(lock.packages['packages/sandbox']).toMatchObject({ version: sandbox.version, license: sandbox.license });
    expect(lock.packages['packages/cdn']).toMatchObject({ version: cdn.version, license: cdn.license });
  });
});

describe('the CDN files for self-hosting: @leadkit/cdn', () => {
  // Node's own resolver on a stand-in install: the package's package.json with empty files where
  // the build copies them, so the export map is checked without a build.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-exports-'));
  const installed = path.join(dir, 'node_modules', '@leadkit', 'cdn');
  for (const file of ['package.json', 'dist/leadkit.js', 'dist/leadkit.css', 'dist/chunks/runtime.js', 'dist/chunks/AbC123.js']) {
    mkdirSync(path.dirname(path.join(installed, file)), { recursive: true });
    writeFileSync(path.join(installed, file), file === 'package.json' ? JSON.stringify(cdn) : '');
  }
  const require = createRequire(path.join(dir, 'host.js'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('@leadkit/cdn/<file> resolves to dist/<file>: the loader, its stylesheet and the chunks; "files" is that folder', () => {
    for (const file of ['leadkit.js', 'leadkit.css', 'chunks/runtime.js', 'chunks/AbC123.js']) {
      expect(require.resolve(`@leadkit/cdn/${file}`)).toBe(path.join(installed, 'dist', file));
    }
    expect(cdn.files).toEqual(['dist']);
  });

  it('leadkit itself no longer carries them: no dist/cdn in its files, no ./cdn/* export', () => {
    expect((leadkit.files ?? []).filter((entry) => entry.includes('cdn'))).toEqual([]);
    expect(Object.keys(leadkit.exports).filter((key) => key.includes('cdn'))).toEqual([]);
  });
});
