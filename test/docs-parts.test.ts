/**
 * The docs say what the code does (issue 51 item 7): each widget page's parts list names every
 * part its element declares (`@csspart` in src/elements/<tag>.element.ts, what
 * custom-elements.json is built from) and nothing else — a sub-part (`<listed part>-…`) may be
 * left to the manifest — and the gateway-assumptions page names only source files that exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const TAGS = fs
  .readdirSync(path.join(root, 'src/elements'))
  .filter((name) => name.endsWith('.element.ts'))
  .map((name) => name.replace('.element.ts', ''));

/** The parts a widget page lists: its Parts section's names, `-suffix` read after the last full name. */
function documentedParts(markdown: string): Set<string> {
  const section = /(?:## Parts|\*\*Parts\*\*)([\s\S]*?)(?:\n## |\n- <a|$)/.exec(markdown)?.[1] ?? '';
  const parts = new Set<string>();
  let last = '';
  for (const [, name = ''] of section.matchAll(/`(-?[a-z0-9-]+)`/g)) {
    if (name.startsWith('--')) continue;
    if (name.startsWith('-')) parts.add(last + name);
    else parts.add((last = name));
  }
  return parts;
}

describe('widget pages: parts', () => {
  for (const tag of TAGS) {
    it(`docs/widgets/${tag}.md lists every part of <${tag}> (sub-parts aside) and no other`, () => {
      const declared = new Set([...read(`src/elements/${tag}.element.ts`).matchAll(/@csspart ([a-z0-9-]+)/g)].map((match) => match[1]!));
      const documented = documentedParts(read(`docs/widgets/${tag}.md`));
      const subPart = (part: string) => [...documented].some((parent) => part.startsWith(`${parent}-`));
      expect([...declared].filter((part) => !documented.has(part) && !subPart(part))).toEqual([]);
      expect([...documented].filter((part) => !declared.has(part))).toEqual([]);
    });
  }
});

describe('gateway assumptions', () => {
  it('names only source files that exist', () => {
    const named = [...read('docs/gateway-assumptions.md').matchAll(/`((?:src|packages|examples|scripts)\/[\w./-]+\.(?:tsx?|m?js|css))`/g)].map(
      (match) => match[1]!,
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });
});
