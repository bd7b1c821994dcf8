/**
 * docs/contract.md is generated from src/contract/ (scripts/contract-docs.ts): a change to a tag,
 * an attribute, a host property or an event that is not written out again fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_DOC, contractMarkdown } from '../scripts/contract-docs';
import { LEADKIT_EVENTS } from '../src/contract/events';
import { HOST_PROPERTIES } from '../src/contract/host-properties';
import { HOST_ATTRIBUTES, kebab, TAG_NAMES, TAGS } from '../src/contract/tags';

const ROOT = path.resolve(__dirname, '..');

// A bound for a hung run: the manifest generator starts a TypeScript program (seconds on a busy machine).
describe('docs/contract.md', { timeout: 60_000 }, () => {
  const generated = contractMarkdown(ROOT);

  it('is what scripts/contract-docs.ts writes from the contract today (run `npx tsx scripts/contract-docs.ts` after a change)', () => {
    expect(readFileSync(path.join(ROOT, CONTRACT_DOC), 'utf8')).toBe(generated);
  });

  it('has a row for every tag, attribute, host property and event of the tables', () => {
    for (const tag of TAG_NAMES) {
      expect(generated, tag).toContain(`### \`<${tag}>\``);
      const section = generated.slice(generated.indexOf(`### \`<${tag}>\``)).split('\n### ')[0]!;
      for (const name of [...Object.keys(TAGS[tag].attributes), ...Object.keys(HOST_ATTRIBUTES)])
        expect(section, `${tag} ${name}`).toContain(`| \`${kebab(name)}\` | \`${name}\` |`);
    }
    for (const name of HOST_PROPERTIES) expect(generated, name).toMatch(new RegExp(`\\n\\| \`${name}\` \\| `));
    for (const name of LEADKIT_EVENTS) expect(generated, name).toMatch(new RegExp(`\\n\\| \`${name}\` \\| `));
  });
});
