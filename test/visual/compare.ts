/**
 * One screenshot against its committed baseline (test/visual/suite.ts): the same PNG bytes
 * pass at once; otherwise both are decoded and compared pixel by pixel with pixelmatch (the
 * comparison Playwright's own `toHaveScreenshot` uses), anti-aliased pixels not counted. More
 * changed pixels than the budget, or another size, is a change: the expected, actual and diff
 * images are written for review.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * How far a pixel's colour may move before it counts as changed (pixelmatch's `threshold`, 0–1 in
 * YIQ space; its default is 0.1). A changed colour token, border or text is well above it.
 */
export const PIXEL_THRESHOLD = 0.1;
/**
 * Changed pixels a screenshot may have and still match (Playwright's `maxDiffPixels`). The same
 * build mostly renders the same pixels in one Chromium, but not always: the paperclip icon of
 * 'Slash No Match' came out with one pixel of its anti-aliasing changed (four raw) in 3 of 5 page
 * loads under load, the same page retaken kept it, and its box was at the same place to the
 * 1/1000 px. Four is less than any change a reviewer could see: a one-pixel border around a 44 px
 * button is over 170 pixels, a letter of the 14 px text over 20.
 */
export const CHANGED_PIXEL_BUDGET = 4;

export type Comparison =
  | { kind: 'same' }
  | { kind: 'changed'; changedPixels: number; size: string; diff: Buffer }
  | { kind: 'resized'; expected: string; actual: string };

const sizeOf = (png: PNG) => `${png.width}×${png.height}`;

/** Compares a screenshot with its baseline (both PNG files' bytes). */
export function compareScreenshots(expected: Buffer, actual: Buffer, budget = CHANGED_PIXEL_BUDGET): Comparison {
  if (expected.equals(actual)) return { kind: 'same' };
  const before = PNG.sync.read(expected);
  const after = PNG.sync.read(actual);
  if (before.width !== after.width || before.height !== after.height) return { kind: 'resized', expected: sizeOf(before), actual: sizeOf(after) };
  const diff = new PNG({ width: before.width, height: before.height });
  const changedPixels = pixelmatch(before.data, after.data, diff.data, before.width, before.height, { threshold: PIXEL_THRESHOLD });
  if (changedPixels <= budget) return { kind: 'same' };
  return { kind: 'changed', changedPixels, size: sizeOf(before), diff: PNG.sync.write(diff) };
}

/** Writes what a reviewer looks at for one changed screenshot: `<name>.expected.png`, `.actual.png` and (same size) `.diff.png`. */
export function writeReview(dir: string, name: string, expected: Buffer | null, actual: Buffer, comparison?: Comparison): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, Buffer][] = [[`${name}.actual.png`, actual]];
  if (expected) files.push([`${name}.expected.png`, expected]);
  if (comparison?.kind === 'changed') files.push([`${name}.diff.png`, comparison.diff]);
  for (const [file, bytes] of files) writeFileSync(path.join(dir, file), bytes);
  return files.map(([file]) => path.join(dir, file));
}
