import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { captureCombinations, combinationName, COMBINATIONS, globalsParameter } from './combinations';
import { compareScreenshots, writeReview } from './compare';

/** A PNG of `width` × `height` in one colour, with `paint` changing some pixels. */
function png(width: number, height: number, paint: (set: (x: number, y: number, rgb: [number, number, number]) => void) => void = () => {}): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(255);
  paint((x, y, [r, g, b]) => {
    const at = (y * width + x) * 4;
    image.data[at] = r;
    image.data[at + 1] = g;
    image.data[at + 2] = b;
  });
  return PNG.sync.write(image);
}

describe('a screenshot against its baseline', () => {
  it('matches the same pixels, also when the PNG bytes differ', () => {
    const pixels = png(40, 30, (set) => set(5, 5, [0, 0, 0]));
    const sameAgain = PNG.sync.write(PNG.sync.read(pixels), { deflateLevel: 0 });
    expect(sameAgain.equals(pixels)).toBe(false);
    expect(compareScreenshots(pixels, sameAgain)).toEqual({ kind: 'same' });
  });

  it('counts the pixels a change moved, and keeps a diff image of the same size', () => {
    const before = png(40, 30);
    const after = png(40, 30, (set) => {
      for (let x = 10; x < 16; x++) set(x, 20, [200, 0, 0]);
    });
    const result = compareScreenshots(before, after);
    expect(result.kind).toBe('changed');
    if (result.kind !== 'changed') return;
    expect(result.changedPixels).toBe(6);
    expect(result.size).toBe('40×30');
    expect(PNG.sync.read(result.diff).width).toBe(40);
  });

  it('lets a budget of changed pixels pass: by default four (an icon’s anti-aliasing), not five', () => {
    const after = png(40, 30, (set) => set(1, 1, [0, 0, 255]));
    expect(compareScreenshots(png(40, 30), after, 1)).toEqual({ kind: 'same' });
    expect(compareScreenshots(png(40, 30), after, 0).kind).toBe('changed');
    const dots = (count: number) => png(40, 30, (set) => Array.from({ length: count }, (_, i) => set(2 + 4 * i, 10, [0, 0, 0])));
    expect(compareScreenshots(png(40, 30), dots(4))).toEqual({ kind: 'same' });
    expect(compareScreenshots(png(40, 30), dots(5)).kind).toBe('changed');
  });

  it('does not count a colour within the threshold (an imperceptible change)', () => {
    expect(
      compareScreenshots(
        png(10, 10),
        png(10, 10, (set) => set(2, 2, [254, 254, 254])),
      ).kind,
    ).toBe('same');
  });

  it('says when the size changed', () => {
    expect(compareScreenshots(png(40, 30), png(40, 31))).toEqual({ kind: 'resized', expected: '40×30', actual: '40×31' });
  });

  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the expected, actual and diff images for review', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-visual-review-'));
    const before = png(8, 8);
    const after = png(8, 8, (set) => set(3, 3, [0, 0, 0]));
    const written = writeReview(dir, '390-light-en-US-ltr', before, after, compareScreenshots(before, after, 0));
    expect(readdirSync(dir).sort()).toEqual(['390-light-en-US-ltr.actual.png', '390-light-en-US-ltr.diff.png', '390-light-en-US-ltr.expected.png']);
    expect(readFileSync(written[0]!).equals(after)).toBe(true);
  });
});

describe('the settings each story is captured under', () => {
  it('are a phone and a desktop, light and dark, with every locale and both directions among them', () => {
    const pairs = new Set(COMBINATIONS.map((c) => `${c.width}-${c.theme}`));
    expect(pairs).toEqual(new Set(['390-light', '390-dark', '1280-light', '1280-dark']));
    expect(new Set(COMBINATIONS.map((c) => c.locale))).toEqual(new Set(['en-US', 'es-US', 'pseudo-rtl']));
    expect(new Set(COMBINATIONS.map((c) => c.direction))).toEqual(new Set(['ltr', 'rtl']));
  });

  it('take an unpinned story under all four, the light phone first (its accessibility checks run there)', () => {
    expect(captureCombinations({ globals: {} }).map(combinationName)).toEqual([
      '390-light-en-US-ltr',
      '1280-light-en-US-ltr',
      '390-dark-es-US-rtl',
      '1280-dark-pseudo-rtl-ltr',
    ]);
  });

  it('keep a story pinned to the phone at 390 px, each distinct setting once', () => {
    const names = captureCombinations({ globals: { viewport: { value: 'phone', isRotated: false } } }).map(combinationName);
    expect(names).toEqual(['390-light-en-US-ltr', '390-dark-es-US-rtl', '390-dark-pseudo-rtl-ltr']);
  });

  it('keep a story pinned to the dark theme and to Spanish in them', () => {
    const names = captureCombinations({ globals: { theme: 'dark' }, locale: 'es-US' }).map(combinationName);
    expect(names).toEqual(['390-dark-es-US-ltr', '1280-dark-es-US-ltr', '390-dark-es-US-rtl']);
  });

  it('name them in the address as the toolbar does, the accessibility checks off unless asked for', () => {
    expect(globalsParameter(COMBINATIONS[2]!)).toBe('theme:dark;locale:es-US;direction:rtl;viewport:phone;a11y.manual:!true');
    expect(globalsParameter(COMBINATIONS[0]!, { a11y: true })).toBe('theme:light;locale:en-US;direction:ltr;viewport:phone');
  });
});
