/**
 * The install a consumer gets (part of `npm run bench`, docs/architecture.md#budgets):
 *
 *   - the packed tarball of leadkit (`npm pack`: the .tgz size) ≤ 750 kB (bench/budgets.mjs);
 *   - the consumer install: a temp project runs `npm install <leadkit tarball> react react-dom`
 *     from the local npm cache (`--prefer-offline`; @twilio/conversations, an optional peer, is
 *     not installed); what node_modules holds beyond react, react-dom and scheduler ≤ 15 MB;
 *   - reported, no budget: the same install with @twilio/conversations added, the packed
 *     @leadkit/sandbox (packages/sandbox) and the packed @leadkit/cdn (packages/cdn: the CDN build
 *     for self-hosting, out of leadkit's tarball since 2026-11-27).
 *
 * Sizes are the files' apparent sizes in bytes (1 kB = 1000 bytes, 1 MB = 1,000,000), symlinks
 * not followed. Needs the built dist/ (the caller builds it when stale).
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDN_PACKAGE_DIR, ROOT, SANDBOX_DIR } from './build.mjs';
import { PACKAGE_BUDGETS } from '../bench/budgets.mjs';

export { PACKAGE_BUDGETS };

/** What a consumer installs beside leadkit anyway (peer dependencies): not counted. */
const REACT_PACKAGES = ['react', 'react-dom', 'scheduler'];
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

const require = createRequire(path.join(ROOT, 'package.json'));
const versionOf = (name) => require(`${name}/package.json`).version;
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });

/** `npm pack` of the package in `dir` into `into`: the tarball and npm's own figures. */
function pack(dir, into) {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', into], dir));
  const maps = packed.files.filter((file) => file.path.endsWith('.map'));
  return {
    name: packed.name,
    version: packed.version,
    tarball: path.join(into, packed.filename),
    packed: packed.size,
    unpacked: packed.unpackedSize,
    files: packed.entryCount,
    sourceMaps: { files: maps.length, bytes: maps.reduce((sum, file) => sum + file.size, 0) },
  };
}

/** Bytes of every file under `dir` (apparent size; symlinks counted as links, not followed). */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else total += lstatSync(full).size;
  }
  return total;
}

/** node_modules by top-level package (`name` or `@scope/name`), largest first. */
function installedPackages(project) {
  const modules = path.join(project, 'node_modules');
  const packages = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(path.join(modules, entry.name), { withFileTypes: true })) {
        if (scoped.isDirectory()) packages.push({ name: `${entry.name}/${scoped.name}`, bytes: sizeOf(path.join(modules, entry.name, scoped.name)) });
      }
    } else if (entry.name !== '.bin' && entry.name !== '.cache') {
      packages.push({ name: entry.name, bytes: sizeOf(path.join(modules, entry.name)) });
    }
  }
  return packages.sort((a, b) => b.bytes - a.bytes);
}

function installFigures(project) {
  const packages = installedPackages(project);
  const total = sizeOf(path.join(project, 'node_modules'));
  const react = packages.filter((p) => REACT_PACKAGES.includes(p.name)).reduce((sum, p) => sum + p.bytes, 0);
  const others = packages.filter((p) => !REACT_PACKAGES.includes(p.name));
  return { nodeModules: total, react, beyondReact: total - react, packageCount: packages.length, packages: others };
}

/** Packs leadkit, @leadkit/sandbox and @leadkit/cdn, installs leadkit into a temp consumer; returns the figures. */
export function measurePackage() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'leadkit-bench-package-'));
  try {
    const leadkit = pack(ROOT, tmp);
    const sandbox = pack(SANDBOX_DIR, tmp);
    const cdn = pack(CDN_PACKAGE_DIR, tmp);
    const project = path.join(tmp, 'consumer');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'leadkit-bench-consumer', private: true, type: 'module' }));
    npm(['install', ...NPM_FLAGS, leadkit.tarball, `react@${versionOf('react')}`, `react-dom@${versionOf('react-dom')}`], project);
    const withoutTwilio = installFigures(project);
    const twilioVersion = versionOf('@twilio/conversations');
    npm(['install', ...NPM_FLAGS, `@twilio/conversations@${twilioVersion}`], project);
    const withTwilio = installFigures(project);

    const failures = [];
    if (leadkit.packed > PACKAGE_BUDGETS.tarball) failures.push(`leadkit tarball ${kB(leadkit.packed)} > ${kB(PACKAGE_BUDGETS.tarball)}`);
    if (withoutTwilio.beyondReact > PACKAGE_BUDGETS.installBeyondReact) {
      failures.push(`consumer install beyond React ${MB(withoutTwilio.beyondReact)} > ${MB(PACKAGE_BUDGETS.installBeyondReact)}`);
    }
    if (withoutTwilio.packages.some((p) => p.name === '@twilio/conversations' || p.name === 'hono'))
      failures.push('the consumer install holds @twilio/conversations or hono');
    const strip = ({ tarball, ...figures }) => ({ ...figures, tarball: path.basename(tarball) });
    return {
      budgets: PACKAGE_BUDGETS,
      leadkit: strip(leadkit),
      sandbox: strip(sandbox),
      cdn: strip(cdn),
      install: {
        how: `npm install <leadkit tarball> react@${versionOf('react')} react-dom@${versionOf('react-dom')} (--prefer-offline); beyondReact = node_modules minus ${REACT_PACKAGES.join(', ')}`,
        withoutTwilio: { ...withoutTwilio, packages: withoutTwilio.packages.slice(0, 12) },
        withTwilio: { twilioVersion, ...withTwilio, packages: withTwilio.packages.slice(0, 12) },
      },
      failures,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;

export function printPackage(result) {
  const { leadkit, sandbox, cdn, install, budgets } = result;
  const mark = (ok) => (ok ? 'ok' : 'OVER');
  console.log('\nnpm package (npm pack; a consumer install from the local cache)');
  console.log(
    `  leadkit tarball: ${kB(leadkit.packed)} packed (budget ${kB(budgets.tarball)}) ${mark(leadkit.packed <= budgets.tarball)}; ` +
      `${kB(leadkit.unpacked)} unpacked, ${leadkit.files} files, ${leadkit.sourceMaps.files} source maps`,
  );
  console.log(`  @leadkit/sandbox tarball: ${kB(sandbox.packed)} packed, ${kB(sandbox.unpacked)} unpacked, ${sandbox.files} files`);
  if (cdn) console.log(`  @leadkit/cdn tarball: ${kB(cdn.packed)} packed, ${kB(cdn.unpacked)} unpacked, ${cdn.files} files`);
  const top = (figures) =>
    figures.packages
      .slice(0, 6)
      .map((p) => `${p.name} ${MB(p.bytes)}`)
      .join(', ');
  const { withoutTwilio: without, withTwilio: withT } = install;
  console.log(
    `  install beyond React (react, react-dom, scheduler ${MB(without.react)}): ${MB(without.beyondReact)} ` +
      `(budget ${MB(budgets.installBeyondReact)}) ${mark(without.beyondReact <= budgets.installBeyondReact)}; ${without.packageCount} packages; largest: ${top(without)}`,
  );
  console.log(`  with the optional @twilio/conversations ${withT.twilioVersion}: ${MB(withT.beyondReact)} beyond React, ${withT.packageCount} packages`);
}

// Allows `node scripts/bench-package.mjs` alone (no build: dist/ must be there).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = measurePackage();
  printPackage(result);
  if (result.failures.length) {
    console.error(result.failures.join('\n'));
    process.exit(1);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
}
