/**
 * `npm run release`: one command from the repository to the registry (docs/contributing.md#releasing).
 *
 *   npm run release -- --dry-run       version → build → pack → verify → what it would publish; publishes nothing
 *   npm run release -- --version-only  the version step alone: the release commit's changes
 *   npm run release                    the same, then publishes — only from GitHub Actions
 *                                      (.github/workflows/release.yml), on a committed release
 *   npm run release -- --publish-only  step 6 alone, after this checkout's dry run: publishes
 *                                      what it built, packed and verified — the workflow's
 *                                      publish step, the only one that holds the npm token
 *
 *   1. version (scripts/release-version.mjs): pending changesets applied (`changeset version`,
 *      the three packages in step), CHANGELOG's release section cut and dated, the version
 *      written wherever else it is. This changes files: review and commit them (the release
 *      commit). A real run refuses to go on when it changed anything.
 *   2. build: every part of dist/ (scripts/build.mjs), from scratch, not only the stale ones;
 *   3. pack: `npm pack` of leadkit, @leadkit/sandbox and @leadkit/cdn (each package's prepack
 *      finds its build fresh) into <tmp>/leadkit-release-<version>/;
 *   4. verify: the tarballs' versions and CHANGELOG's dated section; publint and attw on them
 *      (scripts/build-check.mjs); a fresh app installs the three tarballs with React and, in
 *      Node, imports leadkit, leadkit/react, leadkit/server and @leadkit/sandbox, renders a lead
 *      page on the server from the sandbox, defines every element (happy-dom) and `require`s
 *      the packages from CommonJS;
 *   5. the report: each package's name, version, tarball size and file count;
 *   6. (not with --dry-run) publish: with a token (NODE_AUTH_TOKEN) and GitHub's OIDC token (npm
 *      provenance), from a clean checkout whose version step changed nothing: `changeset
 *      publish` (npm publish of each package not yet on the registry at this version, with
 *      NPM_CONFIG_PROVENANCE=true: `npm publish --provenance`), then the tag vX.Y.Z, which the
 *      workflow pushes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build.mjs';
import { NOT_YET, PACKAGES, releasesOf, versionStep } from './release-version.mjs';

const FLAGS = ['--dry-run', '--version-only', '--publish-only'];
const args = process.argv.slice(2);
const unknown = args.filter((arg) => !FLAGS.includes(arg));
if (unknown.length) fail(`unknown argument ${unknown.join(' ')} (${FLAGS.join(', ')})`);
const dryRun = args.includes('--dry-run');
const versionOnly = args.includes('--version-only');
const publishOnly = args.includes('--publish-only');
if ([dryRun, versionOnly, publishOnly].filter(Boolean).length > 1) fail(`one of ${FLAGS.join(', ')} at a time`);
const publishing = !dryRun && !versionOnly;
const rootRequire = createRequire(path.join(ROOT, 'package.json'));

/** The fresh app's Node script (step 4): what a host imports, then every element defined in a (happy-dom) page. */
const FRESH_APP_CHECK = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const entries = {};
for (const entry of ['leadkit', 'leadkit/react', 'leadkit/server', '@leadkit/sandbox']) entries[entry] = Object.keys(await import(entry)).length;
const lk = await import('leadkit');
const demo = await import('@leadkit/sandbox');
const sandbox = demo.createSandboxGateway();
const gateway = { baseURL: 'http://sandbox.test', fetch: sandbox.fetch };
const client = lk.createGatewayClient({ ...gateway, auth: { kind: 'provider', spId: demo.MAIN_PROVIDER_ID } });
const info = await lk.officeGateway.getServiceProviderInfo(client, demo.MAIN_PROVIDER_ID);
const { renderToString } = await import('leadkit/server');
const served = await renderToString('lead-page', { attributes: { 'lead-id': demo.SANDBOX_LEADS.purchased, 'sp-id': demo.MAIN_PROVIDER_ID }, gateway });
// In a (happy-dom) page: every tag of custom-elements.json defined by leadkit/define.
const { Window } = await import(process.env.HAPPY_DOM);
const window = new Window({ url: 'http://localhost/' });
globalThis.window = window;
for (const key of ['document', 'customElements', 'HTMLElement', 'CSSStyleSheet', 'Node', 'Element', 'ShadowRoot', 'DocumentFragment', 'MutationObserver', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle'])
  if (!(key in globalThis)) globalThis[key] = window[key];
for (const key of ['Event', 'CustomEvent', 'EventTarget', 'navigator', 'location'])
  Object.defineProperty(globalThis, key, { value: window[key], configurable: true, writable: true });
await import('leadkit/define');
const { default: manifest } = await import('leadkit/custom-elements.json', { with: { type: 'json' } });
const tags = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement).map((declaration) => declaration.tagName);
const undefinedTags = tags.filter((tag) => !customElements.get(tag));
await window.happyDOM.close();
// From CommonJS (Node >= 20.19 requires ES modules).
const required = {};
for (const entry of ['leadkit', 'leadkit/server', '@leadkit/sandbox']) required[entry] = Object.keys(require(entry)).length;
const versions = Object.fromEntries(['leadkit', '@leadkit/sandbox', '@leadkit/cdn'].map((name) => [name, require(name + '/package.json').version]));
console.log(JSON.stringify({ entries, info: !!info, served: served.slice(0, 200), tags, undefinedTags, required, versions }));
`;

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function step(label, work) {
  console.log(`\nrelease: ${label}`);
  const started = performance.now();
  const result = work();
  console.log(`release: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Runs a command; its output shown (on stderr, keeping stdout for the report); throws when it fails. */
function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr], ...options });
  if (result.status !== 0) fail(`${command} ${commandArgs.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).trim();

/** Why a real run may not publish from here (none: it may). */
function publishBlockers() {
  const blockers = [];
  if (!process.env.GITHUB_ACTIONS || !process.env.ACTIONS_ID_TOKEN_REQUEST_URL)
    blockers.push('not in GitHub Actions with `id-token: write` (npm provenance needs its OIDC token): run .github/workflows/release.yml');
  if (!process.env.NODE_AUTH_TOKEN) blockers.push('no npm token (NODE_AUTH_TOKEN: the release workflow sets it from the NPM_TOKEN secret)');
  if (git('status', '--porcelain')) blockers.push('uncommitted changes: a release is published from its committed release commit');
  return blockers;
}

if (publishing) {
  const blockers = publishBlockers();
  if (blockers.length) fail(`not publishing from here:\n  - ${blockers.join('\n  - ')}\n(\`npm run release -- --dry-run\` does everything else)`);
}

// 1. Version.
const { version, changesets, changed } = step('version (changesets, CHANGELOG, the version everywhere)', () => versionStep());
console.log(
  changed.length
    ? `release: ${version}: ${changesets} changeset(s) applied; changed, to review and commit as the release commit:\n  ${changed.join('\n  ')}`
    : `release: ${version}: nothing to change (no changeset pending, CHANGELOG's section dated)`,
);
if (versionOnly) process.exit(0);
if (publishing && changed.length) fail('the version step changed files: commit them (the release commit), then release that commit');

const out = path.join(os.tmpdir(), `leadkit-release-${version}`);
/** What the dry run wrote beside its tarballs: `--publish-only` publishes only a verified build of this commit. */
const verifiedRecord = path.join(out, 'verified.json');
if (publishOnly) {
  let verified;
  try {
    verified = JSON.parse(readFileSync(verifiedRecord, 'utf8'));
  } catch {
    fail(`no verified build of ${version} here (${verifiedRecord}): run \`npm run release -- --dry-run\` first, in this checkout`);
  }
  if (verified.commit !== git('rev-parse', 'HEAD')) fail(`the verified build is of ${verified.commit}, not of HEAD: run the dry run again`);
  publish(verified.packed);
  process.exit(0);
}

// 2. Build, every part.
step('build (scripts/build.mjs)', () => run(process.execPath, ['scripts/build.mjs', '--no-check']));

// 3. Pack, the way a host's tarball is made (each package's prepack finds its build fresh).
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const packed = step('pack (npm pack, each package)', () =>
  PACKAGES.map(({ name, dir }) => {
    const stdout = execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: path.join(ROOT, dir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const [info] = JSON.parse(stdout);
    if (info.name !== name) fail(`${dir} packed ${info.name}, not ${name}`);
    return { name, version: info.version, tarball: path.join(out, info.filename), size: info.size, unpackedSize: info.unpackedSize, files: info.entryCount };
  }),
);

// 4. Verify.
step('verify (versions, CHANGELOG, publint, attw, a fresh app)', () => {
  const astray = packed.filter((pkg) => pkg.version !== version);
  if (astray.length) fail(`packed at another version than ${version}: ${astray.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ')}`);
  const section = releasesOf(readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')).find((release) => release.version === version);
  if (!section || !/^\d{4}-\d{2}-\d{2}$/.test(section.date))
    fail(`CHANGELOG.md has no dated section for ${version} (${section ? `it says "${section.date || NOT_YET}"` : 'none'}): the version step writes it`);
  run(process.execPath, ['scripts/build-check.mjs', ...packed.map((pkg) => `${pkg.name}=${pkg.tarball}`)]);
  freshApp();
});

// 5. The report (stdout).
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`\nrelease: ${dryRun ? 'would publish' : 'publishing'} ${version} (tarballs in ${out}):`);
for (const pkg of packed)
  console.log(
    `  ${`${pkg.name}@${pkg.version}`.padEnd(26)} ${kB(pkg.size).padStart(10)} packed, ${kB(pkg.unpackedSize).padStart(10)} unpacked, ${pkg.files} files`,
  );
if (!publishing) {
  if (!git('status', '--porcelain')) writeFileSync(verifiedRecord, JSON.stringify({ commit: git('rev-parse', 'HEAD'), packed }));
  console.log(`release: dry run: nothing published, no tag made (a real release: docs/contributing.md#releasing)`);
  process.exit(0);
}
publish(packed);

/** 6. Publish (each package not on the registry at this version), then tag. */
function publish(packed) {
  const unpublished = packed.filter(({ name }) => {
    const view = spawnSync('npm', ['view', `${name}@${version}`, 'version'], { cwd: ROOT, encoding: 'utf8' });
    return view.status !== 0 || view.stdout.trim() !== version;
  });
  if (unpublished.length) {
    step(`publish ${unpublished.map((pkg) => pkg.name).join(', ')} (changeset publish, with provenance)`, () =>
      run(path.join(ROOT, 'node_modules', '.bin', 'changeset'), ['publish', '--no-git-tag'], { env: { ...process.env, NPM_CONFIG_PROVENANCE: 'true' } }),
    );
  } else console.log(`release: all three are on the registry at ${version} already: nothing to publish`);
  const tag = `v${version}`;
  if (spawnSync('git', ['rev-parse', '--quiet', '--verify', `refs/tags/${tag}`], { cwd: ROOT }).status !== 0) {
    git('tag', tag);
    console.log(`release: tagged ${tag} (${git('rev-parse', '--short', 'HEAD')}); push it: git push origin ${tag}`);
  }
}

/**
 * The three tarballs installed in a new app with React (from the npm cache when it has them),
 * then one Node script imports what a host imports and defines the elements in happy-dom.
 */
function freshApp() {
  const app = path.join(out, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'leadkit-release-check', private: true, type: 'module' }, null, 2)}\n`);
  const react = ['react', 'react-dom'].map((name) => `${name}@${rootRequire(`${name}/package.json`).version}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...packed.map((pkg) => pkg.tarball), ...react], { cwd: app });
  writeFileSync(path.join(app, 'check.mjs'), FRESH_APP_CHECK);
  const stdout = execFileSync(process.execPath, ['check.mjs'], {
    cwd: app,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HAPPY_DOM: pathToFileURL(rootRequire.resolve('happy-dom')).href },
    timeout: 60_000,
  });
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
  const problems = [];
  for (const pkg of packed) if (result.versions?.[pkg.name] !== version) problems.push(`${pkg.name} installed at ${result.versions?.[pkg.name]}`);
  if (!(result.tags?.length >= 6)) problems.push(`custom-elements.json names ${result.tags?.length ?? 0} tags`);
  if (result.undefinedTags?.length) problems.push(`not defined: ${result.undefinedTags.join(', ')}`);
  if (!result.served?.startsWith('<lead-page')) problems.push(`leadkit/server rendered ${JSON.stringify(result.served?.slice(0, 80))}`);
  if (!result.info) problems.push('the packed client got no answer from the packed sandbox');
  for (const [entry, count] of Object.entries(result.entries ?? {})) if (!(count > 0)) problems.push(`${entry} exports nothing`);
  for (const [entry, count] of Object.entries(result.required ?? {})) if (!(count > 0)) problems.push(`require('${entry}') gave nothing`);
  if (problems.length) fail(`the fresh app:\n  - ${problems.join('\n  - ')}`);
  console.log(
    `release: a fresh app installed the three, imported ${Object.keys(result.entries).join(', ')}, rendered <lead-page> on the server, defined ${result.tags.join(', ')} and required ${Object.keys(result.required).join(', ')}`,
  );
}
