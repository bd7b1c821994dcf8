/**
 * `npm test`: every check of the repository, arranged for two cores:
 *   1. lint and types side by side (each is one thread), and beside them the host fixtures'
 *      `npm ci` (test/hosts, `--install-only`: it waits on the network and the disk);
 *   2. dist/ built when stale and the three packages packed once (scripts/test-prepare.mjs);
 *   3. every vitest suite, and beside it the host fixtures on that same tarball.
 *
 * The host fixtures' npm steps run at normal priority (they are short: ≈ 50 s of CPU for a cold
 * `npm ci`; at nice 10 beside the browsers one ran past npm's 900 s limit on a fresh CI machine);
 * everything after them runs at a lower CPU priority (`--nice-after-install`): the builds and
 * browsers fill what the vitest workers leave idle (an e2e file waits on its browser and server
 * much of the time) instead of slowing the browser journeys, and take the cores whole once vitest
 * is done. Their output goes to
 * test-results/hosts.log and is printed after vitest's, so the two do not interleave; lint's and
 * the types' output is printed as each ends. Stops after step 1 when lint or types fail (as
 * `lint && typecheck && …` did); otherwise exits non-zero when vitest or the hosts fail.
 * `--no-hosts` runs without the host fixtures; other arguments go to vitest.
 *
 * Before all of it, Debian's browsers the run needs are looked for (scripts/test-browsers.mjs):
 * when one is missing it stops at once, naming the packages to install.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';
import { checkBrowsers } from './test-browsers.mjs';
import { prepareForTests } from './test-prepare.mjs';

const args = process.argv.slice(2);
const withHosts = !args.includes('--no-hosts');
const vitestArgs = args.filter((arg) => arg !== '--no-hosts');
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const HOSTS = [process.execPath, '--import', 'tsx', 'test/hosts/run.ts'];

// 0. The browsers first: without them the run would fail minutes from now, after lint, types and the build.
const browsersMissing = checkBrowsers({ vitestArgs, hosts: withHosts });
if (browsersMissing) {
  console.error(browsersMissing);
  process.exit(1);
}

/** Runs a command; resolves with its exit code. `onStart` gets the child (to read its output). */
function run(command, commandArgs, options, onStart = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, ...options });
    onStart(child);
    child.on('error', (error) => {
      console.error(`test: ${command} failed to start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output kept, and prints that output whole once it ends (side-by-side steps do not interleave). */
async function runQuietly(label, command, commandArgs, options = {}) {
  const at = performance.now();
  let output = '';
  const code = await run(command, commandArgs, { ...options, stdio: ['ignore', 'pipe', 'pipe'] }, (child) => {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  });
  console.log(`\n---- ${label} (${seconds(at)} s, exit ${code}) ----`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  return code;
}

/** Runs a command, its output appended to `log`. */
function runLogged(command, commandArgs, log, env = process.env) {
  return run(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] }, (child) => {
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
  });
}

const started = performance.now();
mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const hostsLog = path.join(ROOT, 'test-results', 'hosts.log');
const log = withHosts ? createWriteStream(hostsLog) : null;
const endLog = () => (log ? new Promise((resolve) => log.end(resolve)) : Promise.resolve());

// 1. Lint and types side by side; the fixtures' install beside them.
const hostsInstall = log ? runLogged(HOSTS[0], [...HOSTS.slice(1), '--install-only'], log) : Promise.resolve(0);
const [lintCode, typesCode] = await Promise.all([runQuietly('lint', npm, ['run', 'lint']), runQuietly('types', npm, ['run', 'typecheck'])]);
if (lintCode !== 0 || typesCode !== 0) {
  console.error(`test: ${[lintCode && 'lint', typesCode && 'types'].filter(Boolean).join(' and ')} failed; the suites did not run`);
  await hostsInstall;
  await endLog();
  process.exit(1);
}

// 2. Built and packed once.
const prepared = performance.now();
const packed = prepareForTests();
console.log(`test: built and packed in ${seconds(prepared)} s`);

// 3. vitest, and the host fixtures beside it once their install is done.
let hostsSeconds = '';
const hostsDone = log
  ? hostsInstall.then(async (installCode) => {
      const at = performance.now();
      const code =
        installCode === 0
          ? await runLogged(HOSTS[0], [...HOSTS.slice(1), '--reuse', '--nice-after-install'], log, {
              ...process.env,
              LEADKIT_TARBALL: packed.leadkit.tarball,
              LEADKIT_CDN_TARBALL: packed.cdn.tarball,
            })
          : installCode;
      hostsSeconds = seconds(at);
      await endLog();
      return code;
    })
  : Promise.resolve(0);
if (log) console.log(`test: host fixtures beside vitest (nice 10 after their npm steps; output in ${path.relative(ROOT, hostsLog)})`);

const vitestAt = performance.now();
// The storybook project runs the toolbar walk alone: the visual snapshots render every story (vitest.config.ts LEADKIT_STORIES).
const vitestCode = await run(process.execPath, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...vitestArgs], {
  stdio: 'inherit',
  env: { ...process.env, LEADKIT_STORIES: process.env.LEADKIT_STORIES ?? 'walk' },
});
console.log(`test: vitest finished in ${seconds(vitestAt)} s (exit ${vitestCode})`);
const hostsCode = await hostsDone;
if (withHosts) {
  console.log(`\n---- host fixtures (test/hosts, ${hostsSeconds} s after their install) ----`);
  process.stdout.write(readFileSync(hostsLog, 'utf8'));
}
console.log(`test: done in ${seconds(started)} s`);
process.exit(vitestCode !== 0 || hostsCode !== 0 ? 1 : 0);
