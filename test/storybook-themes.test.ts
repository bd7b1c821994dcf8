/**
 * The docs site's toolbar themes (.storybook/themes.ts) set only public custom properties: each
 * name is one the contract (custom-elements.json) lists for some tag, so a theme shows what a
 * host can really do, and a renamed property fails here rather than silently doing nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManifest, elementsOf } from '../scripts/manifest/generate';
import { STORY_THEMES } from '../.storybook/themes';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the docs site themes', () => {
  const contract = new Set(elementsOf(createManifest(ROOT)).flatMap((element) => element.cssProperties.map((property) => property.name)));

  it.each(Object.entries(STORY_THEMES))('%s sets only --lk-* properties of the contract', (_name, theme) => {
    const unknown = Object.keys(theme.properties).filter((name) => !contract.has(name));
    expect(unknown).toEqual([]);
  });

  it('has a dark theme that sets every shared colour', () => {
    const colours = [...contract].filter((name) => /^--lk-color-/.test(name));
    expect(colours.length).toBeGreaterThan(5);
    expect(Object.keys(STORY_THEMES.dark.properties)).toEqual(expect.arrayContaining(colours));
  });
});
