/**
 * Versions and releases (docs/contributing.md#releasing): one version for leadkit,
 * @leadkit/sandbox and @leadkit/cdn, written the same everywhere else (LEADKIT_VERSION, the docs'
 * versioned asset paths and tarball names); CHANGELOG.md's section for it; changesets set up to
 * move the three together and leave the one CHANGELOG to the release's version step
 * (scripts/release-version.mjs), whose cut is checked here on the real CHANGELOG and, with a real
 * `changeset version`, in a copy; and each package builds what it ships when packed (prepack).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LEADKIT_VERSION } from '../src/gateway/core/headers';
import { withLock } from '../scripts/build.mjs';
import {
  bumpKind,
  cutRelease,
  NOT_YET,
  NOT_YET_NOTE,
  PACKAGES,
  readChangesets,
  releasesOf,
  versionMentions,
  versionStep,
} from '../scripts/release-version.mjs';

const ROOT = path.resolve(__dirname, '..');
const readJson = <T>(file: string, root = ROOT) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
interface Manifest {
  name: string;
  version: string;
  workspaces?: string[];
  files?: string[];
  scripts?: Record<string, string>;
}
const { version } = readJson<Manifest>('package.json');
const CHANGELOG = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');

describe('one version, written the same everywhere', () => {
  it('the three packages, LEADKIT_VERSION and package-lock.json say package.json’s version', () => {
    for (const { name, dir } of PACKAGES) expect(readJson<Manifest>(path.join(dir, 'package.json')), dir).toMatchObject({ name, version });
    expect(LEADKIT_VERSION).toBe(version);
    const lock = readJson<{ version: string; packages: Record<string, { version?: string }> }>('package-lock.json');
    expect(lock.version).toBe(version);
    for (const { dir } of PACKAGES) expect(lock.packages[dir === '.' ? '' : dir]?.version, dir).toBe(version);
  });

  it('every versioned asset path (`/assets/leadkit/X.Y.Z/`) and tarball name in the docs and sources is this version', () => {
    const mentions = versionMentions();
    // It sees them: the docs' self-hosting paths, README's, the header constant.
    expect(mentions.filter((mention) => mention.what === 'a versioned asset path').map((mention) => mention.file)).toEqual(
      expect.arrayContaining(['docs/embedding.md', 'packages/cdn/README.md']),
    );
    expect(mentions.some((mention) => mention.what === 'LEADKIT_VERSION')).toBe(true);
    expect(mentions.filter((mention) => mention.version !== version)).toEqual([]);
  });

  it('a mention of another version is found (a copy of the docs with an old path)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-versions-'));
    try {
      mkdirSync(path.join(dir, 'guide'));
      // Written so that this file itself names no other version (the test above reads it too).
      const old = ['0', '1', '0'].join('.');
      writeFileSync(path.join(dir, 'guide', 'page.md'), `Load \`/assets/leadkit/${old}/leadkit.js\`, or \`npm install ./leadkit-cdn-${old}.tgz\`.\n`);
      writeFileSync(path.join(dir, 'CHANGELOG.md'), `Until ${old} the files were at \`/assets/leadkit/${old}/\`.\n`);
      expect(versionMentions(dir, ['guide/page.md', 'CHANGELOG.md']).map(({ file, version: found }) => `${file} ${found}`)).toEqual([
        'guide/page.md 0.1.0',
        'guide/page.md 0.1.0',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CHANGELOG.md and the version', () => {
  const releases = releasesOf(CHANGELOG);

  it('has [Unreleased] on top, then this version’s section: dated, or "unreleased" with its note while not published', () => {
    expect(releases[0]?.version).toBe('Unreleased');
    const current = releases[1];
    expect(current?.version).toBe(version);
    if (current?.date === NOT_YET) expect(current.text.replace(/\s+/g, ' ')).toContain(NOT_YET_NOTE);
    else expect(current?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Every other release is dated, newest first.
    const dated = releases.slice(2);
    for (const release of dated) expect(release.date, release.title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a release with a Breaking entry is a breaking bump: a new minor while 0.x (0.3.0 after 0.2.0)', () => {
    const versions = releases.filter((release) => /^\d/.test(release.version));
    expect(versions.length).toBeGreaterThanOrEqual(2);
    versions.slice(0, -1).forEach((release, i) => {
      const before = versions[i + 1]!;
      if (/\*\*Breaking\b/.test(release.text)) expect(bumpKind(before.version, release.version), `${before.version} → ${release.version}`).toBe('major');
    });
    expect(bumpKind('0.2.0', '0.3.0')).toBe('major');
    expect(bumpKind('0.3.0', '0.3.1')).toBe('patch');
    expect(bumpKind('1.2.0', '1.3.0')).toBe('minor');
  });

  it('cutting this version loses no entry: only its heading (dated) and the not-yet note change', () => {
    const cut = cutRelease(CHANGELOG, { version, date: '2099-01-31' });
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() && !line.includes(NOT_YET_NOTE) && !/^## \[/.test(line));
    expect(lines(cut)).toEqual(lines(CHANGELOG));
    expect(
      releasesOf(cut)
        .map((release) => `${release.version} ${release.date}`)
        .slice(0, 2),
    ).toEqual(['Unreleased ', `${version} 2099-01-31`]);
    expect(cut).not.toContain(NOT_YET_NOTE);
  });
});

describe('the version step’s CHANGELOG cut', () => {
  const before = [
    '# Changelog',
    '',
    'Intro.',
    '',
    '## [Unreleased]',
    '',
    '### Fixed',
    '- A fix written by hand.',
    '',
    '## [1.0.0] - 2026-01-02',
    '',
    '### Added',
    '- The first.',
    '',
  ].join('\n');

  it('moves [Unreleased] and the changesets’ texts into the new section, in Keep a Changelog’s order', () => {
    const after = cutRelease(before, { version: '1.1.0', date: '2026-02-03', entries: ['### Added\n- **New**: a thing.', 'Plain text, under Changed.'] });
    expect(after).toBe(
      [
        '# Changelog',
        '',
        'Intro.',
        '',
        '## [Unreleased]',
        '',
        '## [1.1.0] - 2026-02-03',
        '',
        '### Added',
        '- **New**: a thing.',
        '',
        '### Changed',
        '- Plain text, under Changed.',
        '',
        '### Fixed',
        '- A fix written by hand.',
        '',
        '## [1.0.0] - 2026-01-02',
        '',
        '### Added',
        '- The first.',
        '',
      ].join('\n'),
    );
  });

  it('refuses a Breaking entry on a bump that is not breaking', () => {
    expect(() => cutRelease(before, { version: '1.0.1', date: '2026-02-03', entries: ['### Changed\n- **Breaking**: gone.'] })).toThrow(/Breaking/);
    expect(() => cutRelease(before, { version: '2.0.0', date: '2026-02-03', entries: ['### Changed\n- **Breaking**: gone.'] })).not.toThrow();
  });
});

describe('changesets', () => {
  const config = readJson<{ fixed: string[][]; changelog: unknown; commit: unknown }>('.changeset/config.json');

  it('moves the three packages together, sees the root package (a workspace of itself) and writes no changelog of its own', () => {
    expect(config.fixed).toEqual([PACKAGES.map((pkg) => pkg.name)]);
    expect(config.changelog).toBe(false);
    expect(config.commit).toBe(false);
    expect(readJson<Manifest>('package.json').workspaces).toEqual(['.', 'packages/*']);
    for (const { dir } of PACKAGES.slice(1)) expect(existsSync(path.join(ROOT, dir, 'CHANGELOG.md')), dir).toBe(false);
  });

  it('pending changesets name only the three packages', () => {
    const names = new Set(PACKAGES.map((pkg) => pkg.name));
    for (const changeset of readChangesets())
      for (const release of changeset.releases) expect(names.has(release.name), `${changeset.id}: ${release.name}`).toBe(true);
  });

  describe('the version step in a copy, with a real `changeset version`', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-version-step-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a minor changeset: the three at the next minor, its text and [Unreleased] in the dated section, the version everywhere, the changeset gone', () => {
      const files = [
        'package.json',
        'package-lock.json',
        'packages/sandbox/package.json',
        'packages/cdn/package.json',
        '.changeset/config.json',
        'CHANGELOG.md',
        'src/gateway/core/headers.ts',
        'packages/cdn/README.md',
      ];
      for (const file of files) cpSync(path.join(ROOT, file), path.join(dir, file));
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      writeFileSync(path.join(dir, '.changeset', 'quick-fox.md'), "---\n'leadkit': minor\n---\n\n### Added\n- **Something new** for hosts.\n");
      execFileSync('git', ['init', '-q'], { cwd: dir });
      const [major, minor] = version.split('.').map(Number);
      const next = `${major}.${(minor ?? 0) + 1}.0`;

      const result = versionStep({ root: dir, date: '2099-01-31', log: () => {} });

      expect(result).toMatchObject({ version: next, changesets: 1 });
      expect(result.changed).toEqual(
        expect.arrayContaining([
          'package.json',
          'CHANGELOG.md',
          'src/gateway/core/headers.ts',
          'packages/cdn/README.md',
          'package-lock.json',
          '.changeset/quick-fox.md',
        ]),
      );
      for (const { dir: packageDir } of PACKAGES) expect(readJson<Manifest>(path.join(packageDir, 'package.json'), dir).version).toBe(next);
      expect(existsSync(path.join(dir, '.changeset', 'quick-fox.md'))).toBe(false);
      expect(existsSync(path.join(dir, 'packages', 'sandbox', 'CHANGELOG.md'))).toBe(false);
      const changelog = releasesOf(readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8'));
      expect(changelog[1]).toMatchObject({ version: next, date: '2099-01-31' });
      expect(changelog[1]?.text).toContain('- **Something new** for hosts.');
      expect(changelog[2]?.version).toBe(version);
      expect(readFileSync(path.join(dir, 'src/gateway/core/headers.ts'), 'utf8')).toContain(`LEADKIT_VERSION = '${next}'`);
      expect(versionMentions(dir).filter((mention) => mention.version !== next)).toEqual([]);
      expect(readJson<{ packages: Record<string, { version?: string }> }>('package-lock.json', dir).packages['packages/cdn']?.version).toBe(next);

      // Run again: nothing pending, the section dated — nothing changes.
      expect(versionStep({ root: dir, date: '2099-02-01', log: () => {} }).changed).toEqual([]);
    });
  });
});

describe('each package builds what it ships when packed (prepack)', () => {
  /** The scripts/build.mjs parts whose outputs each package ships. */
  const PARTS: Record<string, string[]> = { leadkit: ['library', 'manifest'], '@leadkit/sandbox': ['sandbox'], '@leadkit/cdn': ['cdn'] };

  it('a prepack run inside a build (its package check packs) does not wait for the lock that build holds', () => {
    const child = `import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', 'build.mjs')).href)}).then((m) => m.withLock('release-test', () => console.log('inner ran')))`;
    const inner = withLock('release-test', () =>
      execFileSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    expect(inner).toContain('inner ran');
    expect(inner).not.toContain('waiting');
  });

  it('scripts/build.mjs --only= takes the parts by name and refuses one it does not know', () => {
    const result = spawnSync(process.execPath, ['scripts/build.mjs', '--only=sandbox,nope', '--if-stale'], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('build: no part named nope (library, cdn, cdn-lite, manifest, sandbox)');
  });

  it('its prepack builds its parts when stale, printing on stderr (npm pack --json owns stdout)', () => {
    for (const { name, dir } of PACKAGES) {
      const prepack = readJson<Manifest>(path.join(dir, 'package.json')).scripts?.prepack ?? '';
      const script = path.relative(path.join(ROOT, dir), path.join(ROOT, 'scripts', 'build.mjs'));
      expect(prepack, name).toBe(`node ${script} --only=${PARTS[name]?.join(',')} --if-stale --no-check >&2`);
    }
  });
});
