/**
 * The browsers `npm test` drives — Debian's packages, never a downloaded browser — checked before
 * anything runs (scripts/test-all.mjs): on a machine without them the run stops at once and names
 * the packages to install, instead of failing minutes later, after lint, types and the build, in
 * the first browser suite. The same commands and packages as .ci/run, which installs them on a
 * fresh CI machine (test/test-browsers.test.ts keeps the two lists one).
 *
 * Only what the run needs is asked for: with `--project` filters, the browsers of the projects
 * named (logic, logic-dom, components and packaged need none); the host fixtures (left out by
 * `--no-hosts`) need Chromium; the engines project needs the engines ENGINES names (default
 * Firefox and WebKit). A file filter (`npm test -- src/x.test.ts`) is not read: the whole run's
 * browsers are asked for, as vitest may match files of every project. An override
 * (CHROME_PATH, FIREFOX_PATH) stands for its command, and must be an executable file.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Each package, the commands that tell it is installed (any one), and the variable that overrides them. */
export const BROWSER_PACKAGES = [
  { name: 'chromium', commands: ['chromium'], override: 'CHROME_PATH' },
  { name: 'firefox-esr', commands: ['firefox-esr', 'firefox'], override: 'FIREFOX_PATH' },
  { name: 'webkit2gtk-driver', commands: ['WebKitWebDriver'] },
  { name: 'xvfb', commands: ['Xvfb'] },
  { name: 'xauth', commands: ['xauth'] },
];

/** What each engine of the engines project needs (test/engines: WebKitGTK's MiniBrowser under its own Xvfb). */
const ENGINE_PACKAGES = { chromium: ['chromium'], firefox: ['firefox-esr'], webkit: ['webkit2gtk-driver', 'xvfb', 'xauth'] };
/** The vitest projects that drive a browser (vitest.config.ts), but the engines project. */
const CHROMIUM_PROJECTS = ['e2e', 'e2e-lite', 'storybook'];

/** The vitest projects named by `--project <name>` / `--project=<name>` (vitest's `*` wildcards kept), or null for all. */
export function projectFilters(vitestArgs) {
  const names = [];
  vitestArgs.forEach((arg, index) => {
    if (arg === '--project' && vitestArgs[index + 1] !== undefined) names.push(vitestArgs[index + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names.length ? names : null;
}

const matches = (pattern, name) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

/** The packages a run needs: `vitestArgs` as `npm test` passes them, `hosts` whether the host fixtures run, `engines` ENGINES. */
export function neededPackages({ vitestArgs = [], hosts = true, engines = undefined } = {}) {
  const filters = projectFilters(vitestArgs);
  const runs = (project) => filters === null || filters.some((pattern) => matches(pattern, project));
  const needed = new Set();
  if (hosts || CHROMIUM_PROJECTS.some(runs)) needed.add('chromium');
  if (runs('engines')) {
    for (const engine of (engines ?? 'firefox,webkit').split(',')) for (const name of ENGINE_PACKAGES[engine.trim()] ?? []) needed.add(name);
  }
  return BROWSER_PACKAGES.filter((pkg) => needed.has(pkg.name));
}

function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `command` on PATH as an executable file, or null (what `command -v` finds, without a shell). */
export function onPath(command, env = process.env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutableFile(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/**
 * What is missing of `packages` (BROWSER_PACKAGES entries): `{ missing: [names], badOverrides: ['CHROME_PATH=…'] }`.
 * `lookup(command)` finds a command (default: on PATH); `isFile(path)` checks an override.
 */
export function missingBrowsers(packages, { env = process.env, lookup = (command) => onPath(command, env), isFile = isExecutableFile } = {}) {
  const missing = [];
  const badOverrides = [];
  for (const pkg of packages) {
    const override = pkg.override ? env[pkg.override] : undefined;
    if (override) {
      if (!isFile(override)) badOverrides.push(`${pkg.override}=${override}`);
    } else if (!pkg.commands.some((command) => lookup(command))) {
      missing.push(pkg.name);
    }
  }
  return { missing, badOverrides };
}

/** The message that stops the run, or null when nothing is missing. */
export function browsersProblem({ missing, badOverrides }) {
  if (!missing.length && !badOverrides.length) return null;
  const lines = [];
  if (missing.length) {
    const commands = BROWSER_PACKAGES.filter((pkg) => missing.includes(pkg.name)).map((pkg) => `\`${pkg.commands[0]}\``);
    lines.push(
      `test: the browser suites need Debian's ${missing.join(', ')} (no ${commands.join(', ')} on PATH). Install ${missing.length === 1 ? 'it' : 'them'} (as root), then run npm test again:`,
      `  apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  for (const override of badOverrides)
    lines.push(`test: ${override} is not an executable file: point it at the browser binary, or unset it to use the one on PATH.`);
  lines.push(
    'test: no browser is ever downloaded (never `playwright install`). CHROME_PATH and FIREFOX_PATH name other binaries; `npm test -- --no-hosts --project logic --project logic-dom --project components` runs the suites that need none.',
  );
  return lines.join('\n');
}

/** The check `npm test` starts with: the message to stop on, or null. */
export function checkBrowsers({ vitestArgs = [], hosts = true, env = process.env, lookup, isFile } = {}) {
  return browsersProblem(missingBrowsers(neededPackages({ vitestArgs, hosts, engines: env.ENGINES }), { env, lookup, isFile }));
}
