/**
 * docs/theming.md lists every public `--lk-*` custom property with its default (issue 49): the
 * table between its markers is generated from custom-elements.json's `cssProperties`
 * (scripts/theming-docs.ts); a property added, dropped or given another default in the CSS, and
 * not written out again, fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManifest, elementsOf } from '../scripts/manifest/generate';
import { customPropertiesTable, TABLE_BEGIN, TABLE_END, THEMING_DOC } from '../scripts/theming-docs';

const ROOT = path.resolve(__dirname, '..');

// A bound for a hung run: the manifest generator starts a TypeScript program (seconds on a busy machine).
describe('docs/theming.md: custom properties', { timeout: 60_000 }, () => {
  const markdown = readFileSync(path.join(ROOT, THEMING_DOC), 'utf8');
  const block = markdown.slice(markdown.indexOf(TABLE_BEGIN), markdown.indexOf(TABLE_END) + TABLE_END.length);
  const manifest = createManifest(ROOT);

  it('has the table scripts/theming-docs.ts writes from the contract today (run `npx tsx scripts/theming-docs.ts` after a change)', () => {
    expect(markdown).toContain(TABLE_BEGIN);
    expect(block).toBe(customPropertiesTable(ROOT, manifest));
  });

  it('has a row, with its default, for every public custom property of every tag, and for no internal one', () => {
    const rows = new Map([...block.matchAll(/^\| `(--[\w-]+)` \| ([^|]+) \|/gm)].map((match) => [match[1]!, match[2]!.trim()]));
    for (const element of elementsOf(manifest))
      for (const property of element.cssProperties)
        expect(rows.get(property.name), `${element.tagName} ${property.name}`).toBe(property.default === undefined ? '—' : `\`${property.default}\``);
    expect([...rows.keys()].filter((name) => !name.startsWith('--lk-') || name.startsWith('--lk-drp-'))).toEqual([]);
  });
});
