/**
 * Saved replies (docs/widgets/message-thread.md#saved-replies): short texts a pro keeps to insert into the message composer.
 * The host owns the list (the `savedReplies` property, saved on `lk-saved-replies-change`);
 * these are the rules every side applies — the widget, the sandbox's endpoint, a host.
 * React-free.
 */
import type { MessageKey } from '../i18n/en-US';

/** One saved reply. `id` is stable across edits of the list (removal, the active option). */
export interface SavedReply {
  readonly id: string;
  readonly text: string;
}

/** The defaults' catalogue keys (a host overrides their texts with `messages`); ids `default-1`…. */
export const DEFAULT_REPLY_KEYS = [
  'thread.savedReplies.default1',
  'thread.savedReplies.default2',
  'thread.savedReplies.default3',
  'thread.savedReplies.default4',
  'thread.savedReplies.default5',
] as const satisfies readonly MessageKey[];

/** The replies a pro starts with while the host has set no `savedReplies` (the thread's composer and the board's quick answer offer the same). */
export function defaultSavedReplies(t: (key: (typeof DEFAULT_REPLY_KEYS)[number]) => string): SavedReply[] {
  return DEFAULT_REPLY_KEYS.map((key, index) => ({ id: `default-${index + 1}`, text: t(key) }));
}

/** The longest reply kept (a short reply, not a letter; longer texts are cut). */
export const SAVED_REPLY_MAX_LENGTH = 500;
/** The most replies kept (a menu a pro can scan; more are dropped from the end). */
export const SAVED_REPLIES_MAX = 20;
/** The longest id kept. */
const SAVED_REPLY_ID_MAX_LENGTH = 64;

/**
 * A host's value as the widget uses it, or null when it is not a list (the property is unset or
 * wrong: the defaults show). Each item is `{ id, text }` or a plain string (its id is then
 * `reply-<position>`). Texts are trimmed and cut to SAVED_REPLY_MAX_LENGTH; empty texts, items
 * of another shape, repeated ids and repeated texts are dropped; at most SAVED_REPLIES_MAX stay.
 */
export function normalizeSavedReplies(value: unknown): SavedReply[] | null {
  if (!Array.isArray(value)) return null;
  const replies: SavedReply[] = [];
  const ids = new Set<string>();
  const texts = new Set<string>();
  value.forEach((item: unknown, index) => {
    if (replies.length >= SAVED_REPLIES_MAX) return;
    let id: unknown;
    let text: unknown;
    if (typeof item === 'string') {
      id = `reply-${index + 1}`;
      text = item;
    } else if (item && typeof item === 'object') {
      ({ id, text } = item as { id?: unknown; text?: unknown });
    }
    if (typeof id !== 'string' || typeof text !== 'string') return;
    const cleanId = id.trim().slice(0, SAVED_REPLY_ID_MAX_LENGTH);
    const cleanText = text.trim().slice(0, SAVED_REPLY_MAX_LENGTH).trim();
    if (cleanId === '' || cleanText === '' || ids.has(cleanId) || texts.has(cleanText)) return;
    ids.add(cleanId);
    texts.add(cleanText);
    replies.push({ id: cleanId, text: cleanText });
  });
  return replies;
}

/** Why a text cannot be saved as a reply (null: it can). */
export type SaveReplyProblem = 'empty' | 'tooLong' | 'duplicate' | 'full';

export function saveReplyProblem(list: readonly SavedReply[], text: string): SaveReplyProblem | null {
  const clean = text.trim();
  if (clean === '') return 'empty';
  if (clean.length > SAVED_REPLY_MAX_LENGTH) return 'tooLong';
  if (list.some((reply) => reply.text === clean)) return 'duplicate';
  if (list.length >= SAVED_REPLIES_MAX) return 'full';
  return null;
}

/** The list with `text` added at the end under a fresh id, or the same list when it cannot be saved. */
export function addSavedReply(list: readonly SavedReply[], text: string, newId: () => string): readonly SavedReply[] {
  if (saveReplyProblem(list, text) !== null) return list;
  let id = newId();
  while (list.some((reply) => reply.id === id)) id = newId();
  return [...list, { id, text: text.trim() }];
}

export function removeSavedReply(list: readonly SavedReply[], id: string): readonly SavedReply[] {
  return list.filter((reply) => reply.id !== id);
}

/** Same ids and texts in the same order. */
export function sameSavedReplies(a: readonly SavedReply[] | null, b: readonly SavedReply[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((reply, index) => reply.id === b[index]?.id && reply.text === b[index]?.text);
}

/**
 * The `/` trigger: the query after a slash that starts the composer's text (typed into an empty
 * composer), or null when the text is not a slash command (empty, another first character, or a
 * second line: by then the pro is writing, not choosing).
 */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return text.slice(1);
}

/** The replies whose text contains every word of `query` (any case), in the list's order. */
export function filterSavedReplies(list: readonly SavedReply[], query: string): readonly SavedReply[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((reply) => {
    const text = reply.text.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * `reply` put into `text` where the selection is (replacing it), within `maxLength`: the new
 * text and the caret after the reply.
 */
export function insertReply(text: string, selection: { start: number; end: number }, reply: string, maxLength: number): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  const room = Math.max(0, maxLength - before.length - after.length);
  const inserted = reply.slice(0, room);
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/** The placeholders a saved reply may hold, filled from the lead it answers (the board card's quick answer too). */
export interface ReplyValues {
  /** The customer's first name (`{firstName}`); null when the lead has none ('Member'). */
  readonly firstName: string | null;
  /** The lead's category (`{category}`). */
  readonly category: string | null;
}

const PLACEHOLDER = /( ?)\{(firstName|category)\}/g;

/**
 * A saved reply with `{firstName}` and `{category}` filled in. A placeholder without a value goes
 * with the space before it ('Hi {firstName}, thanks' → 'Hi, thanks'), so no brace reaches the
 * customer; any other text in braces is the pro's own and stays.
 */
export function fillReplyPlaceholders(text: string, values: ReplyValues): string {
  return text.replace(PLACEHOLDER, (_match, space: string, name: keyof ReplyValues) => {
    const value = values[name]?.trim();
    return value ? `${space}${value}` : '';
  });
}
