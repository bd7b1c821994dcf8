/**
 * Hover looks only where a pointer hovers: on a touch screen a tapped control keeps `:hover`
 * (iOS Safari, Android Chrome) until the next tap elsewhere, so a hover background would stay on
 * 'Next' or on a card's read dot after the tap. Every `:hover` rule in the widgets' CSS sits in
 * `@media (hover: hover)`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../src');

/** Each rule's selector with the at-rule preludes around it (comments dropped). */
export function rulesOf(css: string): { selector: string; within: string[] }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: { selector: string; within: string[] }[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      if (!prelude.startsWith('@')) rules.push({ selector: prelude, within: [...stack] });
      stack.push(prelude);
      start = index + 1;
    } else if (char === '}') {
      stack.pop();
      start = index + 1;
    } else if (char === ';') {
      start = index + 1;
    }
  }
  return rules;
}

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(path.join(dir, entry.name)) : entry.name.endsWith('.css') ? [path.join(dir, entry.name)] : [],
  );

describe('hover styles', () => {
  it('reads rules and the at-rules around them', () => {
    expect(rulesOf('a:hover { color: red } @media (hover: hover) { /* x { */ b:hover { color: blue } }')).toEqual([
      { selector: 'a:hover', within: [] },
      { selector: 'b:hover', within: ['@media (hover: hover)'] },
    ]);
  });

  it('every :hover rule of the widgets is inside @media (hover: hover)', () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const outside = files.flatMap((file) =>
      rulesOf(readFileSync(file, 'utf8'))
        .filter((rule) => rule.selector.includes(':hover') && !rule.within.some((prelude) => /^@media\s*\(hover:\s*hover\)$/.test(prelude)))
        .map((rule) => `${path.relative(SRC, file)}: ${rule.selector.replace(/\s+/g, ' ')}`),
    );
    expect(outside).toEqual([]);
  });
});
