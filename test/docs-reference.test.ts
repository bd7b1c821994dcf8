/**
 * The reference pages name what the contract has: every event and every
 * public property of every tag in custom-elements.json — read from the sources as the build writes it
 * (scripts/manifest/generate.ts), no dist needed — is named on that tag's page (docs/widgets/<tag>.md)
 * or in docs/elements.md; an event a tag fires is named on its own page (`lk-error`, which every tag
 * fires, is written once in elements.md; `<lead-app>`'s embedded widgets' events on their pages), and
 * elements.md's Events list, where the pages send a reader for the details, names every event and
 * gives every field of a detail it spells out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManifest, elementsOf } from '../scripts/manifest/generate';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The names a markdown text gives in code: the leading name of every `code span` (`drafts` in `drafts="off"`). */
const namedIn = (markdown: string) => new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => /^[\w-]+/.exec(match[1]!)?.[0] ?? ''));

/** The tag whose page says its widgets' events bubble through it and documents only its own. */
const APP = 'lead-app';

// A bound for a hung run: the manifest generator starts a TypeScript program (seconds on a busy machine).
describe('the reference pages name the contract', { timeout: 60_000 }, () => {
  const elements = elementsOf(createManifest(ROOT));
  const common = namedIn(read('docs/elements.md'));
  const pages = new Map(elements.map((element) => [element.tagName, namedIn(read(`docs/widgets/${element.tagName}.md`))]));

  for (const element of elements) {
    const tag = element.tagName;
    const page = pages.get(tag)!;
    const named = (name: string) => page.has(name) || common.has(name);

    it(`every public property of <${tag}> is named on docs/widgets/${tag}.md or in docs/elements.md`, () => {
      const missing = element.members.filter((member) => !named(member.name) && !(member.attribute && named(member.attribute)));
      expect(missing.map((member) => member.name)).toEqual([]);
    });

    it(`every event of <${tag}> is named on docs/widgets/${tag}.md`, () => {
      const embedded = (name: string) =>
        tag === APP &&
        elements.some((other) => other.tagName !== tag && other.events.some((event) => event.name === name) && pages.get(other.tagName)!.has(name));
      const missing = element.events.filter(({ name }) => !page.has(name) && !(name === 'lk-error' && common.has(name)) && !embedded(name));
      expect(missing.map((event) => event.name)).toEqual([]);
    });
  }

  it("docs/elements.md's Events list names every event", () => {
    const events = /\n## Events\n([\s\S]*?)(?:\n## |$)/.exec(read('docs/elements.md'))?.[1] ?? '';
    const listed = namedIn(events);
    const all = new Set(elements.flatMap((element) => element.events.map((event) => event.name)));
    expect([...all].filter((name) => !listed.has(name))).toEqual([]);
  });

  it("docs/elements.md's Events list spells out each detail it gives with every field of the event map", () => {
    const events = /\n## Events\n([\s\S]*?)(?:\n## |$)/.exec(read('docs/elements.md'))?.[1] ?? '';
    const detailOf = new Map(elements.flatMap((element) => element.events.map((event) => [event.name, event.type.text] as const)));
    const given = [...events.replace(/\s+/g, ' ').matchAll(/`(lk-[a-z-]+)` \(`\{ ([^}`]*) \}`/g)];
    expect(given.map((match) => match[1])).toContain('lk-error');
    const wrong = given.flatMap(([, name = '', fields = '']) => {
      const written = fields.split(',').map((field) => field.trim());
      const expected = topLevelFields(detailOf.get(name) ?? '');
      return written.join(', ') === expected.join(', ') ? [] : [`${name}: { ${written.join(', ')} } — the event map has { ${expected.join(', ')} }`];
    });
    expect(wrong).toEqual([]);
  });
});

/** The top-level fields of a detail type (`CustomEvent<{ a: string; b?: { c: number }[] }>` → `a`, `b?`). */
function topLevelFields(type: string): string[] {
  const body = type.slice(type.indexOf('{') + 1, type.lastIndexOf('}'));
  const fields: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    const char = body[i];
    if (char === '{' || char === '(' || char === '<' || char === '[') depth++;
    else if (char === '}' || char === ')' || char === '>' || char === ']') depth--;
    else if ((char === ';' || char === undefined) && depth === 0) {
      const field = /^\s*(\w+\??)\s*:/.exec(body.slice(start, i));
      if (field) fields.push(field[1]!);
      start = i + 1;
    }
  }
  return fields;
}
