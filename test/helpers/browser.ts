/**
 * Debian's Chromium for e2e runs (never a downloaded browser: `playwright install` is not used
 * here). The binary is CHROME_PATH when set, else `chromium` on PATH; playwright-core's
 * `launch` gives every browser a fresh temporary profile (user-data-dir).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** True when the file starts with `#!` (reads two bytes, not the 300 MB binary). */
function isShellScript(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head.toString('latin1') === '#!';
  } finally {
    closeSync(fd);
  }
}

/**
 * The Chromium binary: CHROME_PATH, then `command -v chromium`; throws with what to do.
 * Debian's /usr/bin/chromium is a shell wrapper around /usr/lib/chromium/chromium (it adds
 * flags of its own and warns on stderr): the binary itself is launched when it is there.
 */
export function resolveChromiumPath(): string {
  const override = process.env.CHROME_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROME_PATH=${override} does not exist.`);
    return realpathSync(override);
  }
  let found = '';
  try {
    found = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // not on PATH
  }
  if (!found) {
    throw new Error("No Chromium found: install Debian's (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.");
  }
  const real = realpathSync(found);
  if (isShellScript(real)) {
    const binary = path.join('/usr/lib', path.basename(real), path.basename(real));
    if (existsSync(binary) && !isShellScript(binary)) return binary;
  }
  return real;
}

export async function launchChromium(options: Omit<LaunchOptions, 'executablePath'> = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: resolveChromiumPath(),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
