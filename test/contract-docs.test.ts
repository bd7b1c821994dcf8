/**
 * docs/contract.md is generated from src/contract/ (scripts/contract-docs.ts): a change to a tag,
 * an attribute, a host property or an event that is not written out again fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_DOC, contractMarkdown } from '../scripts/contract-docs';
import { parseElementDocs, resolveElementDocs } from '../scripts/manifest/element-docs';
import { elementSources, INVALID_ATTRIBUTE_ERROR } from '../scripts/manifest/generate';
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

  /** The rows of "What each tag fires them for": [tag, event, description]. */
  const firedFor = () =>
    generated
      .slice(generated.indexOf('What each tag fires them for'))
      .split('\n')
      .map((line) => /^\| `<([a-z-]+)>` \| `(lk-[a-z-]+)` \| (.*) \|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!, match[3]!] as const);

  it("describes each tag's events in its own words: a row names no tag it neither is nor embeds", () => {
    const docs = new Map(
      elementSources(ROOT)
        .map((source) => parseElementDocs(source)!)
        .map((d) => [d.tag, d]),
    );
    const embeds = (tag: string): string[] => (docs.get(tag)?.embeds ?? []).flatMap((inner) => [inner, ...embeds(inner)]);
    const rows = firedFor();
    expect(rows.length).toBeGreaterThan(20);
    const foreign = rows.flatMap(([tag, event, text]) =>
      [...text.matchAll(/<([a-z]+-[a-z-]+)>/g)]
        .map((match) => match[1]!)
        .filter((named) => named !== tag && !embeds(tag).includes(named))
        .map((named) => `<${tag}> ${event}: names <${named}>`),
    );
    expect(foreign).toEqual([]);
  });

  it('gives a tag that does not describe lk-error the invalid-attribute text, not the text of the tags that fire it for more', () => {
    const own = new Set(elementSources(ROOT).flatMap((source) => (/@event lk-error\b/.test(source) ? [parseElementDocs(source)!.tag] : [])));
    const rows = firedFor().filter(([tag, event]) => event === 'lk-error' && !own.has(tag));
    expect(rows.map(([tag]) => tag).sort()).toEqual(['review-request']);
    for (const [, , text] of rows) expect(text).toBe(INVALID_ATTRIBUTE_ERROR);
  });

  it('asks the embedding tag to describe an event its embedded widgets fire for different things', () => {
    const element = (tag: string, lines: string[]) =>
      `/**\n * ${tag}\n * @tag ${tag}\n${lines.map((line) => ` * ${line}\n`).join('')} */\nexport const x = widgetElement('${tag}', w);`;
    const page = element('x-page', ['@event lk-load - The lead was loaded and shown.']);
    const board = element('x-board', ['@event lk-load - A page of leads was shown.']);
    expect(() => resolveElementDocs([page, board, element('x-app', ['@embeds x-page x-board'])])).toThrow(/<x-app> .* lk-load .* describe it on <x-app>/);
    const resolved = resolveElementDocs([page, board, element('x-app', ['@embeds x-page x-board', '@event lk-load - A route showed its data.'])]);
    expect(resolved.get('x-app')!.events).toEqual([{ name: 'lk-load', description: 'A route showed its data.' }]);
    // One embedded widget's text is still taken, marked with where it comes from.
    expect(resolveElementDocs([page, element('x-app', ['@embeds x-page'])]).get('x-app')!.events).toEqual([
      { name: 'lk-load', description: 'The lead was loaded and shown. (<x-page>)' },
    ]);
  });
});
