/**
 * Lead notes (docs/architecture.md#text-limits).
 *
 * How characters are counted — the spec does not say, so we decide: Unicode code points
 * (`[...text].length`). An emoji such as 😀 (two UTF-16 code units) counts as 1, which is what a
 * person counting characters expects far more often than UTF-16 units, and a cut is never made
 * inside a surrogate pair. Grapheme clusters (👍🏽 = 2 code points, a family emoji more) are
 * not used because no backend limit counts them; code points are what a database `VARCHAR(2048)`
 * in a UTF-8 / utf8mb4 collation counts. The sandbox gateway must use `notesLength` too, so the
 * widget and the server never disagree.
 */
import type { MessageKey } from '../i18n/en-US';

export const NOTES_MAX_LENGTH = 2048;

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** A catalogue key with the parameters its text needs. */
export interface NotesError {
  readonly key: Extract<MessageKey, 'validation.notesTooLong'>;
  readonly params: { readonly max: number };
}

/** Length in code points (an astral character such as an emoji counts as 1). */
export function notesLength(text: string): number {
  // Same count as [...text].length (a lone surrogate counts as 1) without building an array.
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/** Notes are optional; only their length is limited. */
export function validateNotes(text: string, max: number = NOTES_MAX_LENGTH): NotesError | null {
  return notesLength(text) > max ? { key: 'validation.notesTooLong', params: { max } } : null;
}
