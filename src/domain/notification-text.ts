/**
 * What a system notification may say of free text (docs/widgets/lead-board.md#notification-text):
 * a lead's category and the city a customer typed in the funnel, on both paths — the board's page
 * and the host's service worker (leadkit/notifications-sw). React-free and DOM-free (the worker
 * bundles it): one normaliser for both, so a customer cannot write fake lines, reorder the text
 * or flood the pro's lock screen.
 *
 * A field becomes one plain line of at most `NOTICE_FIELD_MAX` UTF-16 units:
 * - removed: C0 and C1 controls (U+0000–U+001F, U+007F–U+009F), bidi marks, embeddings,
 *   overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width
 *   spaces and the byte-order mark (U+200B, U+2060, U+FEFF), interlinear annotation marks
 *   (U+FFF9–U+FFFB) and lone surrogates. Joiners (U+200C, U+200D) stay: emoji sequences and
 *   Persian or Indic names need them. Removed, not wrapped in isolates: a notification centre may
 *   draw an isolate as a box, and a city's own right-to-left letters still read right to left.
 * - line and paragraph breaks (LF, CR, VT, FF, NEL, U+2028, U+2029), tabs and runs of spaces:
 *   one space; the ends trimmed.
 * - longer than the cap: cut at a grapheme boundary (`Intl.Segmenter` where the browser has it,
 *   else a code point: never half a surrogate pair) and ended with '…'.
 * The whole title and the whole body are capped the same way; the body keeps its line breaks
 * (one line per lead) and nothing else.
 */

/**
 * A field's cap (a category, a city), in UTF-16 units.
 * @internal Exported for tests.
 */
export const NOTICE_FIELD_MAX = 50;
/**
 * The title's cap ('New lead: …', '5 new leads').
 * @internal Exported for tests.
 */
export const NOTICE_TITLE_MAX = 80;
/**
 * The body's cap: three leads' lines and 'and 2 more leads' fit.
 * @internal Exported for tests.
 */
export const NOTICE_BODY_MAX = 400;

const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const INVISIBLE = /[\p{Cc}\p{Cs}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/gu;
const SPACES = /\s+/g;
const ELLIPSIS = '…';

const segmenter = typeof Intl === 'object' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The text's graphemes in order (code points where the browser cannot segment). */
function* graphemes(text: string): Iterable<string> {
  if (!segmenter) {
    yield* text;
    return;
  }
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/**
 * `text` cut to at most `max` UTF-16 units at a grapheme boundary, '…' at its end when cut.
 * @internal Exported for tests.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const part of graphemes(text)) {
    if (kept.length + part.length > max - ELLIPSIS.length) break;
    kept += part;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/** One line of plain text: no controls, no bidi overrides, breaks and runs of spaces one space. */
function oneLine(text: string): string {
  return text.replace(BREAKS, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** A field (a category, a city) as a notification shows it: one clean line, capped; '' for anything but a string. */
export function noticeField(value: unknown): string {
  return typeof value === 'string' ? capText(oneLine(value), NOTICE_FIELD_MAX) : '';
}

/** A notification's title: one clean line, capped. */
export function noticeTitle(text: string): string {
  return capText(oneLine(text), NOTICE_TITLE_MAX);
}

/** A notification's body: each line one clean line, the whole capped. */
export function noticeBody(lines: readonly string[]): string {
  return capText(lines.map(oneLine).join('\n'), NOTICE_BODY_MAX);
}
