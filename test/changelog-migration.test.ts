/**
 * Every breaking change in CHANGELOG.md has its migration note (issue 49 §3), paired as the
 * CHANGELOG does it: in each release, an entry marked **Breaking** (or "(breaking for …)") under
 * Added/Changed/Removed/… has a note of its own in that release's `### Migration` section — a note
 * that names one of the entry's code terms (`leadkit/demo`, `GatewayTransport.headers()`) or one of
 * its bold phrases ("One rule for number attributes"). Each note answers for one entry at most.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHANGELOG = readFileSync(path.resolve(__dirname, '..', 'CHANGELOG.md'), 'utf8');

interface Release {
  title: string;
  /** The top-level list items outside `### Migration`, each with its continuation lines. */
  entries: string[];
  /** The top-level list items of `### Migration`. */
  notes: string[];
}

/** The top-level `- ` items of a section's lines (an item runs until the next one, a blank line or a heading). */
function items(lines: readonly string[]): string[] {
  const found: string[] = [];
  let item: string[] | null = null;
  for (const line of lines) {
    if (line.startsWith('- ')) {
      if (item) found.push(item.join('\n'));
      item = [line];
    } else if (item && line.startsWith('  ')) item.push(line);
    else if (item) {
      found.push(item.join('\n'));
      item = null;
    }
  }
  if (item) found.push(item.join('\n'));
  return found;
}

function releases(markdown: string): Release[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [title = '', ...lines] = section.split('\n');
      const subsections = lines.join('\n').split(/^### /m);
      const migration = subsections.filter((sub) => sub.startsWith('Migration')).flatMap((sub) => sub.split('\n').slice(1));
      const others = subsections.filter((sub) => !sub.startsWith('Migration')).flatMap((sub) => sub.split('\n'));
      return { title, entries: items(others), notes: items(migration) };
    });
}

const isBreaking = (entry: string) => /\*\*Breaking\b/.test(entry) || /\(breaking for\b/i.test(entry);
const codeTerms = (text: string) => new Set([...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!));
const boldPhrases = (text: string) =>
  [...text.matchAll(/\*\*([^*]+)\*\*/g)]
    .map((match) =>
      match[1]!
        .replace(/^Breaking\b[\s:—-]*/i, '')
        .replace(/[.:]$/, '')
        .trim(),
    )
    .filter((phrase) => phrase.length >= 12);

/** Whether `note` is the migration note of `entry`: a code term of the entry in the note, or a bold phrase of it. */
function answers(note: string, entry: string): boolean {
  const terms = codeTerms(note);
  if ([...codeTerms(entry)].some((term) => terms.has(term))) return true;
  const text = note.toLowerCase();
  return boldPhrases(entry).some((phrase) => text.includes(phrase.toLowerCase()));
}

/** Pairs each breaking entry with a note of its own (a small bipartite matching); the entries left without one. */
function unanswered(release: Release): string[] {
  const breaking = release.entries.filter(isBreaking);
  const noteOf = new Map<number, number>();
  const assign = (entry: number, seen: Set<number>): boolean => {
    for (let note = 0; note < release.notes.length; note++) {
      if (seen.has(note) || !answers(release.notes[note]!, breaking[entry]!)) continue;
      seen.add(note);
      const holder = [...noteOf].find(([, held]) => held === note)?.[0];
      if (holder === undefined || assign(holder, seen)) {
        noteOf.set(entry, note);
        return true;
      }
    }
    return false;
  };
  return breaking.filter((_, entry) => !assign(entry, new Set())).map((entry) => entry.split('\n')[0]!);
}

describe('CHANGELOG.md: a migration note for every breaking change', () => {
  const all = releases(CHANGELOG);

  it('reads the releases and their breaking entries', () => {
    expect(all.map((release) => release.title.split(' ')[0])).toContain('[Unreleased]');
    expect(all.flatMap((release) => release.entries.filter(isBreaking)).length).toBeGreaterThanOrEqual(6);
  });

  for (const release of all) {
    it(`${release.title}: each breaking entry has its own note under ### Migration`, () => {
      expect(unanswered(release)).toEqual([]);
    });
  }

  it('pairs by a shared code term or bold phrase, and fails an entry whose note is missing', () => {
    const entry = '- **Breaking: `leadkit/demo` moved to `@leadkit/sandbox`**, a package of its own.';
    expect(unanswered({ title: 'x', entries: [entry], notes: ['- **`leadkit/demo` → `@leadkit/sandbox`.** Replace it.'] })).toEqual([]);
    expect(unanswered({ title: 'x', entries: [entry], notes: [] })).toEqual([entry]);
    // One note cannot answer for two entries.
    const other = '- **Breaking**: `leadkit/demo` is gone; see Migration below.';
    expect(unanswered({ title: 'x', entries: [entry, other], notes: ['- `leadkit/demo`: use `@leadkit/sandbox`.'] })).toHaveLength(1);
    // A bold phrase, quoted in the note.
    const phrase = '- **Breaking** — **one rule for number attributes**: whole numbers only.';
    expect(unanswered({ title: 'x', entries: [phrase], notes: ['- **Number attributes** ("One rule for number attributes" above): digits.'] })).toEqual([]);
  });
});
