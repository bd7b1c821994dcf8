// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEAD_PAGE_RESERVED_HEIGHT } from '../elements/lead-page.element';

const css = fs.readFileSync(new URL('./leadkit.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

describe('leadkit.css (space kept for undefined tags)', () => {
  it('reserves the same height for <lead-page> as the element keeps until its first render', () => {
    const rule = /lead-page:not\(:defined\)[^{]*\{[^}]*min-height:\s*([^;]+);/.exec(css);
    expect(rule?.[1]).toBe(LEAD_PAGE_RESERVED_HEIGHT);
  });

  it('keeps space for every tag the loader defines', () => {
    const loader = fs.readFileSync(new URL('../loader.ts', import.meta.url), 'utf8');
    const tags = [...loader.matchAll(/'([a-z]+-[a-z-]+)': \(\) => import/g)].map((m) => m[1]);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(css).toContain(`${tag}:not(:defined)`);
  });
});
