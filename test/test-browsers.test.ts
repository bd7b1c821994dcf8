import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_PACKAGES, checkBrowsers, neededPackages } from '../scripts/test-browsers.mjs';

/** `npm test` stops at once, naming Debian's packages, on a machine without the browsers (scripts/test-browsers.mjs). */

const ROOT = path.resolve(__dirname, '..');
const ALL = ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'xauth'];
const nothing = () => null;
const everything = (command: string) => `/usr/bin/${command}`;
/** An environment without the overrides of the machine running the test. */
const bare = (more: Record<string, string> = {}) => ({ PATH: '/nowhere', ...more });

const scratch = mkdtempSync(path.join(tmpdir(), 'leadkit-test-browsers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder for PATH holding an executable file per command. */
function folder(name: string, commands: readonly string[]): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  for (const command of commands) {
    writeFileSync(path.join(dir, command), '#!/bin/sh\n');
    chmodSync(path.join(dir, command), 0o755);
  }
  return dir;
}

describe('the browsers check', () => {
  it('names every package missing, with the command that installs them, and how to run without', () => {
    const problem = checkBrowsers({ env: bare(), lookup: nothing });
    expect(problem).toBe(
      [
        "test: the browser suites need Debian's chromium, firefox-esr, webkit2gtk-driver, xvfb, xauth (no `chromium`, `firefox-esr`, `WebKitWebDriver`, `Xvfb`, `xauth` on PATH). Install them (as root), then run npm test again:",
        '  apt-get update && apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb xauth',
        'test: no browser is ever downloaded (never `playwright install`). CHROME_PATH and FIREFOX_PATH name other binaries; `npm test -- --no-hosts --project logic --project logic-dom --project components` runs the suites that need none.',
      ].join('\n'),
    );
    expect(checkBrowsers({ env: bare(), lookup: everything })).toBeNull();
  });

  it('finds the commands on PATH (executable files only), and names only what is not there', () => {
    const full = folder('full', ['chromium', 'firefox-esr', 'WebKitWebDriver', 'Xvfb', 'xauth']);
    expect(checkBrowsers({ env: bare({ PATH: full }) })).toBeNull();
    const partial = folder('partial', ['chromium', 'firefox', 'Xvfb']);
    writeFileSync(path.join(partial, 'xauth'), 'not executable');
    const problem = checkBrowsers({ env: bare({ PATH: `${partial}${path.delimiter}/nowhere` }) });
    // Firefox under its plain name counts; a file that cannot run does not.
    expect(problem).toContain('apt-get install -y webkit2gtk-driver xauth\n');
  });

  it('takes CHROME_PATH and FIREFOX_PATH for the commands, and says when one is not an executable file', () => {
    const bins = folder('overrides', ['my-chrome', 'my-firefox', 'WebKitWebDriver', 'Xvfb', 'xauth']);
    const env = bare({ PATH: bins, CHROME_PATH: path.join(bins, 'my-chrome'), FIREFOX_PATH: path.join(bins, 'my-firefox') });
    expect(checkBrowsers({ env })).toBeNull();
    const problem = checkBrowsers({ env: { ...env, CHROME_PATH: '/nowhere/chrome' } });
    expect(problem?.split('\n')[0]).toBe(
      'test: CHROME_PATH=/nowhere/chrome is not an executable file: point it at the browser binary, or unset it to use the one on PATH.',
    );
  });

  it('asks only for what the run needs: the projects named, the host fixtures, the engines ENGINES names', () => {
    const needs = (vitestArgs: string[], hosts = true, engines?: string) => neededPackages({ vitestArgs, hosts, engines }).map((pkg) => pkg.name);
    expect(needs([])).toEqual(ALL);
    expect(needs([], false)).toEqual(ALL);
    // The browser-free projects (a wildcard too), without the host fixtures: nothing to check.
    expect(needs(['--project', 'logic*', '--project=components', '--project', 'packaged'], false)).toEqual([]);
    expect(checkBrowsers({ vitestArgs: ['--project', 'logic', 'src/domain'], hosts: false, env: bare(), lookup: nothing })).toBeNull();
    // The host fixtures drive Chromium.
    expect(needs(['--project', 'logic'])).toEqual(['chromium']);
    expect(needs(['--project', 'e2e'], false)).toEqual(['chromium']);
    expect(needs(['--project', 'engines'], false)).toEqual(['firefox-esr', 'webkit2gtk-driver', 'xvfb', 'xauth']);
    expect(needs(['--project', 'engines'], false, 'firefox')).toEqual(['firefox-esr']);
    expect(needs(['--project', 'engines'], false, 'chromium,webkit')).toEqual(['chromium', 'webkit2gtk-driver', 'xvfb', 'xauth']);
    // A file filter is not read: the whole run's browsers.
    expect(needs(['src/domain/core/phone.test.ts'], false)).toEqual(ALL);
  });

  it('checks the packages and commands .ci/run installs on a fresh CI machine', () => {
    const ci = [...readFileSync(path.join(ROOT, '.ci/run'), 'utf8').matchAll(/command -v (\S+) >\/dev\/null 2>&1 \|\| missing\+=\(([\w.-]+)\)/g)].map(
      ([, command, name]) => ({ name, command }),
    );
    expect(ci).toEqual(BROWSER_PACKAGES.map((pkg) => ({ name: pkg.name, command: pkg.commands[0] })));
  });
});

describe('npm test on a machine without the browsers', () => {
  it('stops at once, before lint, naming the packages; exit 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: folder('empty', []) };
    delete env.CHROME_PATH;
    delete env.FIREFOX_PATH;
    delete env.ENGINES;
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'test-all.mjs'), '--no-hosts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apt-get update && apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb xauth');
    expect(run.stdout).not.toContain('---- lint');
  });
});
