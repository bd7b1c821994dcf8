/**
 * The fonts the visual snapshots are drawn with: Debian's fonts-dejavu-core alone (a dependency of
 * Chromium's fontconfig on most installs, and named by scripts/test-browsers.mjs), whatever else
 * the machine has. `system-ui`, `sans-serif`, Arial or Georgia resolve through fontconfig to
 * whichever fonts are installed, so the same page drew other glyphs on a machine with more or
 * fewer fonts; with only these six files (and the generic families pointed at them) every machine
 * draws the same. Chromium reads the configuration named by FONTCONFIG_FILE.
 */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
/** fonts-dejavu-core's files (`dpkg -L fonts-dejavu-core`): fonts-dejavu-extra's, in the same folder, are left out. */
export const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf'];

const GENERIC: Readonly<Record<string, string>> = {
  'sans-serif': 'DejaVu Sans',
  'system-ui': 'DejaVu Sans',
  serif: 'DejaVu Serif',
  monospace: 'DejaVu Sans Mono',
};

/** Writes the configuration (and a folder of links to the six files) under the temp folder; returns its path, for FONTCONFIG_FILE. */
export function visualFontConfig(): string {
  const missing = FONT_FILES.filter((file) => !existsSync(path.join(FONT_DIR, file)));
  if (missing.length > 0) throw new Error(`visual snapshots: ${missing.join(', ')} missing from ${FONT_DIR}: apt-get install fonts-dejavu-core`);
  const dir = path.join(os.tmpdir(), `leadkit-visual-fonts-${process.pid}`);
  const fonts = path.join(dir, 'fonts');
  mkdirSync(fonts, { recursive: true });
  for (const file of FONT_FILES) if (!existsSync(path.join(fonts, file))) symlinkSync(path.join(FONT_DIR, file), path.join(fonts, file));
  const aliases = Object.entries(GENERIC)
    .map(([generic, family]) => `  <alias><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`)
    .join('\n');
  const config = path.join(dir, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>${fonts}</dir>\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n${aliases}\n</fontconfig>\n`,
  );
  return config;
}
