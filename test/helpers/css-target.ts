/**
 * What a build does to leadkit's right-to-left rules: built for too old a browser, Lightning CSS
 * (Vite's CSS minifier) rewrites every `:dir(rtl)` as `:is(:lang(ae), :lang(ar), …)`, so a
 * right-to-left page in another language (`dir="rtl" lang="en"`) loses them (scripts/css-target.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOWERED_DIR = /:lang\(ae\),\s?:lang\(ar\)/;

/** The .js and .css files under `dir` (relative paths) in which `:dir()` was lowered to a list of languages. */
export function filesLoweringDir(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css)$/.test(file) && LOWERED_DIR.test(readFileSync(path.join(dir, file), 'utf8')))
    .sort();
}
