/**
 * The version step of a release (`npm run release`, scripts/release.mjs; alone: `npm run release
 * -- --version-only`): what changes in the repository when a release is cut, all of it one
 * reviewed commit (docs/contributing.md#releasing).
 *   1. `changeset version` when changesets are pending (.changeset/*.md): the three packages move
 *      together (.changeset/config.json `fixed`) to the version their bumps ask for. Changesets
 *      writes no changelog of its own (`"changelog": false`: it would write one per package);
 *   2. CHANGELOG.md, the one changelog: the [Unreleased] entries and the changesets' texts
 *      become the release's section, `## [X.Y.Z] - <date>` (a section headed
 *      `## [X.Y.Z] - unreleased`, cut before, is dated and keeps its entries), in Keep a
 *      Changelog's order; a **Breaking** entry needs a new minor while 0.x (a new major from 1.0);
 *   3. api/released/ (`npm run api:release`): the public API reports of this version, which
 *      the CHANGELOG's API check compares with from then on;
 *   4. the version everywhere else it is written: LEADKIT_VERSION (the gateway header), the
 *      versioned asset paths of the docs (`/assets/leadkit/X.Y.Z/`), the tarball names they
 *      install (`leadkit-X.Y.Z.tgz`), the bench anchor's header and package-lock.json's three
 *      entries (VERSIONED).
 * test/release.test.ts checks that all of these agree with package.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The three packages, released together (one version: .changeset/config.json's `fixed` group). */
export const PACKAGES = [
  { name: 'leadkit', dir: '.' },
  { name: '@leadkit/sandbox', dir: 'packages/sandbox' },
  { name: '@leadkit/cdn', dir: 'packages/cdn' },
];

/** Keep a Changelog's sections, in its order, and ours: the migration notes come last. */
export const SECTIONS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security', 'Migration'];

/** The heading's date of a release cut but not published yet, and its note (removed when it is dated). */
export const NOT_YET = 'unreleased';
export const NOT_YET_NOTE = 'Not published yet: this is the next release. Its date is written when it is released (docs/contributing.md#releasing).';

const SEMVER = String.raw`\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?`;

/**
 * Where else the version is written, outside package.json: each `pattern`'s first group is a
 * version, which must be package.json's. `files`: the files to look in (`null`: every file of
 * the repository but the records of earlier releases, HISTORY).
 */
export const VERSIONED = [
  { what: 'LEADKIT_VERSION', files: ['src/gateway/core/headers.ts'], pattern: new RegExp(String.raw`LEADKIT_VERSION = '(${SEMVER})'`, 'g') },
  // The public API report of the built types (api/*.api.md; not api/released/, a release's own).
  { what: 'LEADKIT_VERSION in the API report', files: null, pattern: new RegExp(String.raw`LEADKIT_VERSION = "(${SEMVER})"`, 'g') },
  // `/assets/leadkit/X.Y.Z/` (a self-hosted folder), `https://cdn.example.com/leadkit/X.Y.Z/`…
  { what: 'a versioned asset path', files: null, pattern: new RegExp(String.raw`/leadkit/(${SEMVER})(?![\w.])`, 'g') },
  { what: 'a tarball name (npm pack)', files: null, pattern: new RegExp(String.raw`\bleadkit(?:-sandbox|-cdn)?-(${SEMVER})\.tgz\b`, 'g') },
  {
    what: "the bench anchor's application version",
    files: ['bench/anchors/leads.ts'],
    pattern: new RegExp(String.raw`'x-application-version': '(${SEMVER})'`, 'g'),
  },
];

/** Files that record earlier releases as they were: CHANGELOG.md's entries, api/released/'s reports. */
const HISTORY = (file) => file === 'CHANGELOG.md' || file.startsWith('api/released/');

const read = (root, file) => readFileSync(path.join(root, file), 'utf8');
const readJson = (root, file) => JSON.parse(read(root, file));

/** The files of the repository (tracked, and new ones git does not ignore). */
export function repositoryFiles(root = ROOT) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
}

/** Files that are never text (the visual snapshots' baselines alone are a thousand PNGs). */
const BINARY = /\.(png|jpe?g|gif|webp|avif|heic|ico|woff2?|ttf|otf|tgz|gz|zip|pdf)$/i;

/** Every place VERSIONED finds: `{ file, what, version }`. Binary files are skipped; each file is read once. */
export function versionMentions(root = ROOT, files = repositoryFiles(root)) {
  const found = [];
  const texts = new Map();
  const textOf = (file) => {
    if (!texts.has(file)) {
      const bytes = BINARY.test(file) || !existsSync(path.join(root, file)) ? null : readFileSync(path.join(root, file));
      texts.set(file, bytes === null || bytes.includes(0) ? null : bytes.toString('utf8'));
    }
    return texts.get(file);
  };
  for (const { what, files: only, pattern } of VERSIONED) {
    for (const file of only ?? files.filter((name) => !HISTORY(name))) {
      const text = textOf(file);
      if (text === null) continue;
      for (const match of text.matchAll(pattern)) found.push({ file, what, version: match[1] });
    }
  }
  return found;
}

/** `.changeset/*.md` (not its README): `{ id, releases: [{ name, type }], summary }`. */
export function readChangesets(root = ROOT) {
  const dir = path.join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      const match = /^---\n([\s\S]*?)\n?---\n?([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`.changeset/${file}: no front matter (---, "leadkit": minor, ---)`);
      const releases = match[1]
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => {
          const release = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
          if (!release) throw new Error(`.changeset/${file}: not a release line: ${line}`);
          return { name: release[1], type: release[2] };
        });
      return { id: file.slice(0, -3), releases, summary: match[2].trim() };
    });
}

/** A section's text as its preamble (before the first `### `) and its `### ` subsections, in order. */
function subsections(text) {
  const [preamble = '', ...parts] = text.split(/^### /m);
  return {
    preamble: preamble.trim(),
    parts: parts.map((part) => {
      const [title = '', ...body] = part.split('\n');
      return { title: title.trim(), body: body.join('\n').trim() };
    }),
  };
}

/** A changeset's text as CHANGELOG subsections: its own `### Added`… headings, or under Changed. */
function changesetText(summary) {
  if (/^### /m.test(summary)) return summary;
  return `### Changed\n${summary.startsWith('- ') ? summary : `- ${summary.replace(/\n/g, '\n  ')}`}`;
}

/** The release kind from `from` to `to`: 'major', 'minor' or 'patch' (a 0.x minor counts as a major). */
export function bumpKind(from, to) {
  const [a = 0, b = 0] = from.split('.').map(Number);
  const [c = 0, d = 0] = to.split('.').map(Number);
  if (c !== a) return 'major';
  if (d !== b) return a === 0 ? 'major' : 'minor';
  return 'patch';
}

/** The `## ` sections of a changelog: `{ title, version, date, text }` (title: the heading's text). */
export function releasesOf(markdown) {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [title = '', ...lines] = section.split('\n');
      const heading = /^\[([^\]]+)\](?:\s+-\s+(.+))?$/.exec(title.trim());
      return { title: title.trim(), version: heading?.[1] ?? '', date: heading?.[2]?.trim() ?? '', text: lines.join('\n') };
    });
}

/**
 * CHANGELOG.md with release `version` cut on `date`: the [Unreleased] entries, those of the
 * changesets' summaries (`entries`) and those already under `## [version]` (a section cut before
 * and not dated yet), merged per subsection in SECTIONS' order, under `## [version] - date`;
 * [Unreleased] left empty. Throws when the release has a Breaking entry and `version` is not a
 * breaking bump from the release before it.
 */
export function cutRelease(markdown, { version, date, entries = [] }) {
  const at = markdown.search(/^## /m);
  const header = at === -1 ? markdown : markdown.slice(0, at);
  const releases = at === -1 ? [] : releasesOf(markdown.slice(at));
  const unreleased = releases.find((release) => release.version === 'Unreleased');
  const target = releases.find((release) => release.version === version);
  const before = releases.find((release) => release !== unreleased && release !== target && /^\d/.test(release.version));

  const sources = [target?.text ?? '', unreleased?.text ?? '', ...entries.map(changesetText)].map(subsections);
  // The note of a release not yet dated goes; every other paragraph before the subsections stays.
  const preamble = sources
    .flatMap((source) => source.preamble.split(/\n{2,}/))
    .filter((paragraph) => paragraph.trim() && paragraph.replace(/\s+/g, ' ').trim() !== NOT_YET_NOTE)
    .join('\n\n');
  const titles = sources.flatMap((source) => source.parts.map((part) => part.title));
  const ordered = [...SECTIONS.filter((title) => titles.includes(title)), ...new Set(titles.filter((title) => !SECTIONS.includes(title)))];
  const body = ordered.map((title) => {
    const text = sources.flatMap((source) => source.parts.filter((part) => part.title === title && part.body).map((part) => part.body)).join('\n');
    return `### ${title}\n${text}`;
  });
  const text = [preamble, ...body].filter(Boolean).join('\n\n');

  if (before && /\*\*Breaking\b/.test(text) && bumpKind(before.version, version) !== 'major')
    throw new Error(
      `CHANGELOG: ${version} has Breaking entries, but from ${before.version} it is a ${bumpKind(before.version, version)} release: ` +
        'a breaking change needs a new minor while 0.x, a new major from 1.0 (the changeset says `minor` / `major`)',
    );

  const section = `## [${version}] - ${date}\n\n${text}\n`;
  const kept = releases.filter((release) => release !== unreleased && release !== target).map((release) => `## ${release.title}\n${release.text}`);
  return `${header.trimEnd()}\n\n## [Unreleased]\n\n${section}\n${kept.join('').trimStart()}`.replace(/\n*$/, '\n');
}

/** Writes `text` to `file` when it differs; returns whether it did. */
function write(root, file, text) {
  if (read(root, file) === text) return false;
  writeFileSync(path.join(root, file), text);
  return true;
}

/** Every VERSIONED mention and package-lock.json's three entries set to `version`; returns the files changed. */
export function syncVersion(version, root = ROOT) {
  const changed = new Set();
  const files = [...new Set(versionMentions(root).map((mention) => mention.file))];
  for (const file of files) {
    let text = read(root, file);
    for (const { files: only, pattern } of VERSIONED) {
      if (only && !only.includes(file)) continue;
      if (!only && HISTORY(file)) continue;
      text = text.replace(pattern, (whole, old) => whole.replace(old, version));
    }
    if (write(root, file, text)) changed.add(file);
  }
  const lock = readJson(root, 'package-lock.json');
  lock.version = version;
  for (const { dir } of PACKAGES) lock.packages[dir === '.' ? '' : dir].version = version;
  if (write(root, 'package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)) changed.add('package-lock.json');
  return [...changed];
}

/**
 * The version step (see the top of this file). `date`: the release's date (today, UTC).
 * Returns the version and the files it changed (none when there was nothing to cut).
 */
export function versionStep({ root = ROOT, date = new Date().toISOString().slice(0, 10), log = console.log } = {}) {
  const changesets = readChangesets(root);
  const known = new Set(PACKAGES.map((pkg) => pkg.name));
  for (const { id, releases } of changesets) {
    const unknown = releases.filter((release) => !known.has(release.name));
    if (unknown.length) throw new Error(`.changeset/${id}.md names ${unknown.map((release) => release.name).join(', ')}: not one of ${[...known].join(', ')}`);
  }
  const changed = new Set();
  if (changesets.length) {
    const before = PACKAGES.map(({ dir }) => read(root, path.join(dir, 'package.json')));
    execFileSync(path.join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    PACKAGES.forEach(({ dir }, i) => {
      if (read(root, path.join(dir, 'package.json')) !== before[i]) changed.add(path.join(dir, 'package.json'));
    });
    for (const { id } of changesets) changed.add(`.changeset/${id}.md`);
  }
  const { version } = readJson(root, 'package.json');
  const changelog = read(root, 'CHANGELOG.md');
  const target = releasesOf(changelog).find((release) => release.version === version);
  if (changesets.length || !target || target.date === NOT_YET) {
    const entries = changesets.filter((changeset) => changeset.releases.some((release) => release.type !== 'none')).map((changeset) => changeset.summary);
    if (write(root, 'CHANGELOG.md', cutRelease(changelog, { version, date, entries }))) changed.add('CHANGELOG.md');
  } else if (
    releasesOf(changelog)
      .find((release) => release.version === 'Unreleased')
      ?.text.trim()
  ) {
    log(`version: [Unreleased] has entries but no changeset asks for a release: add one (npm run changeset) to release them`);
  }
  for (const file of syncVersion(version, root)) changed.add(file);
  // The public API reports of the version released become the baseline the CHANGELOG's API check
  // compares with (api/released/, scripts/api-report.ts): the release commit carries them.
  const released = path.join(root, 'api', 'released', 'release.json');
  if (existsSync(released) && JSON.parse(readFileSync(released, 'utf8')).version !== version) {
    execFileSync('npm', ['run', '--silent', 'api:release'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    changed.add('api/released/');
  }
  return { version, changesets: changesets.length, changed: [...changed] };
}
