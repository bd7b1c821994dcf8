import { describe, expect, it } from 'vitest';
import { NOTES_MAX_LENGTH, clampNotes, notesLength, validateNotes } from './notes';

const EMOJI = '😀'; // one code point, two UTF-16 code units

/** `n` code points, the last of which is an emoji. */
function notesEndingInEmoji(n: number): string {
  return 'a'.repeat(n - 1) + EMOJI;
}

function isLoneSurrogateAtEnd(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
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

describe('clampNotes', () => {
  it('leaves text within the limit untouched, emoji included', () => {
    const text = notesEndingInEmoji(2048);
    expect(clampNotes(text)).toBe(text);
  });

  it('drops the emoji whole when it is character 2049', () => {
    const text = notesEndingInEmoji(2049);
    const clamped = clampNotes(text);
    expect(clamped).toBe('a'.repeat(2048));
    expect(isLoneSurrogateAtEnd(clamped)).toBe(false);
  });

  it('keeps the emoji whole when it is character 2048 of a longer text', () => {
    const text = 'a'.repeat(2047) + EMOJI + 'bbb';
    const clamped = clampNotes(text);
    expect(clamped).toBe('a'.repeat(2047) + EMOJI);
    expect(notesLength(clamped)).toBe(2048);
  });

  it('never cuts inside a surrogate pair, for text made only of emoji', () => {
    const text = EMOJI.repeat(3000);
    const clamped = clampNotes(text);
    expect(notesLength(clamped)).toBe(2048);
    expect(clamped.length).toBe(4096);
    expect(isLoneSurrogateAtEnd(clamped)).toBe(false);
  });

  it('takes a custom max', () => {
    expect(clampNotes(`${EMOJI}${EMOJI}${EMOJI}`, 2)).toBe(`${EMOJI}${EMOJI}`);
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
