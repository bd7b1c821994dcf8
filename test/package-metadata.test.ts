/**
 * What a host (and a registry) reads from the two packages before adopting them: the licence,
 * where the sources and issues are, one version for leadkit and @leadkit/sandbox (released
 * together), and the CDN files exported for self-hosting (`leadkit/cdn/*`). The packed tarball
 * itself is checked by test/packaged (which resolves the export in a real install); this one
 * needs no build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEADKIT_VERSION } from '../src/gateway/core/headers';

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

describe('the CDN files exported for self-hosting', () => {
  // Node's own resolver on a stand-in install: leadkit's package.json with empty files where
  // the build writes them, so the export map is checked without a build.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-exports-'));
  const installed = path.join(dir, 'node_modules', 'leadkit');
  for (const file of ['package.json', 'dist/cdn/leadkit.js', 'dist/cdn/leadkit.css', 'dist/cdn/chunks/runtime.js', 'dist/cdn/chunks/AbC123.js']) {
    mkdirSync(path.dirname(path.join(installed, file)), { recursive: true });
    writeFileSync(path.join(installed, file), file === 'package.json' ? JSON.stringify(leadkit) : '');
  }
  const require = createRequire(path.join(dir, 'host.js'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leadkit/cdn/<file> resolves to dist/cdn/<file>: the loader, its stylesheet and the chunks', () => {
    for (const file of ['leadkit.js', 'leadkit.css', 'chunks/runtime.js', 'chunks/AbC123.js']) {
      expect(require.resolve(`leadkit/cdn/${file}`)).toBe(path.join(installed, 'dist', 'cdn', file));
    }
  });

  it('the folder the export names is in the package ("files"), and no exclusion drops the loader or the runtime', () => {
    const files = leadkit.files ?? [];
    /** npm's "files" globs, as far as they are used here: `**` any path, `*` within a folder, a folder its contents. */
    const glob = (pattern: string) => {
      const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      const source = escaped
        .split('**')
        .map((part) => part.replaceAll('*', '[^/]*'))
        .join('.*');
      return new RegExp(`^${source}(/.*)?$`);
    };
    expect(leadkit.exports['./cdn/*']).toBe('./dist/cdn/*');
    expect(files).toContain('dist/cdn');
    const excluded = files.filter((entry) => entry.startsWith('!')).map((entry) => glob(entry.slice(1)));
    for (const file of ['dist/cdn/leadkit.js', 'dist/cdn/leadkit.css', 'dist/cdn/chunks/runtime.js']) {
      expect(excluded.filter((pattern) => pattern.test(file))).toEqual([]);
    }
    // …while the exclusions do match what they are for (a pattern that matched nothing would hide a typo).
    expect(excluded.some((pattern) => pattern.test('dist/cdn/chunks/heic-AbC123.js'))).toBe(true);
  });
});
