import { describe, expect, it } from 'vitest';
import { NOTES_MAX_LENGTH, notesLength, validateNotes } from './notes';

const EMOJI = '😀'; // one code point, two UTF-16 code units

/** `n` code points, the last of which is an emoji. */
function notesEndingInEmoji(n: number): string {
  return 'a'.repeat(n - 1) + EMOJI;
}

describe('notes limit', () => {
  it('is 2048', () => {
    expect(NOTES_MAX_LENGTH).toBe(2048);
  });

  it('counts an emoji as one character', () => {
    expect(notesLength(EMOJI)).toBe(1);
    expect(notesLength(`ab${EMOJI}c`)).toBe(4);
    expect(notesLength('')).toBe(0);
  });

  it('accepts 2047 characters ending in an emoji', () => {
    const text = notesEndingInEmoji(2047);
    expect(notesLength(text)).toBe(2047);
    expect(validateNotes(text)).toBeNull();
  });

  it('accepts 2048 characters ending in an emoji (2049 UTF-16 units)', () => {
    const text = notesEndingInEmoji(2048);
    expect(text.length).toBe(2049);
    expect(validateNotes(text)).toBeNull();
  });

  it('refuses 2049 characters ending in an emoji, with the max for the message', () => {
    const text = notesEndingInEmoji(2049);
    expect(validateNotes(text)).toEqual({ key: 'validation.notesTooLong', params: { max: 2048 } });
  });

  it('accepts empty notes (optional)', () => {
    expect(validateNotes('')).toBeNull();
  });
});

describe('validateNotes with a custom max', () => {
  it('counts against it', () => {
    expect(validateNotes('abc', 2)).toEqual({ key: 'validation.notesTooLong', params: { max: 2 } });
  });
});

describe('notesLength', () => {
  it('agrees with code-point iteration, lone surrogates included', () => {
    for (const text of ['', 'abc', `${EMOJI}x${EMOJI}`, '\uD83D', 'a\uDE00b', '\uD83D\uD83D\uDE00', '👍🏽']) {
      expect(notesLength(text)).toBe([...text].length);
    }
  });
});
