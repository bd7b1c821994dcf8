import { describe, expect, it } from 'vitest';
import {
  addSavedReply,
  fillReplyPlaceholders,
  filterSavedReplies,
  insertReply,
  normalizeSavedReplies,
  removeSavedReply,
  sameSavedReplies,
  SAVED_REPLIES_MAX,
  SAVED_REPLY_MAX_LENGTH,
  saveReplyProblem,
  slashQuery,
} from './saved-replies';

describe('normalizeSavedReplies', () => {
  it('is null for anything but a list (the defaults show)', () => {
    expect(normalizeSavedReplies(undefined)).toBeNull();
    expect(normalizeSavedReplies(null)).toBeNull();
    expect(normalizeSavedReplies({ id: 'a', text: 'b' })).toBeNull();
    expect(normalizeSavedReplies('text')).toBeNull();
    expect(normalizeSavedReplies([])).toEqual([]);
  });

  it('takes { id, text } and plain strings, trims, drops empty, malformed and repeated items', () => {
    expect(
      normalizeSavedReplies([
        { id: 'a', text: '  On my way.  ' },
        'See you Thursday.',
        { id: 'b', text: '   ' },
        { id: 'c' },
        42,
        null,
        { id: 'a', text: 'Same id' },
        { id: 'd', text: 'On my way.' },
      ]),
    ).toEqual([
      { id: 'a', text: 'On my way.' },
      { id: 'reply-2', text: 'See you Thursday.' },
    ]);
  });

  it(`cuts texts to ${SAVED_REPLY_MAX_LENGTH} characters and keeps at most ${SAVED_REPLIES_MAX} replies`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, text: `${i} ${'x'.repeat(600)}` }));
    const replies = normalizeSavedReplies(many)!;
    expect(replies).toHaveLength(SAVED_REPLIES_MAX);
    expect(replies.every((reply) => reply.text.length === SAVED_REPLY_MAX_LENGTH)).toBe(true);
    expect(normalizeSavedReplies([{ id: 'a', text: 'y'.repeat(800) }])![0]!.text).toHaveLength(SAVED_REPLY_MAX_LENGTH);
  });
});

describe('adding and removing', () => {
  const list = [{ id: 'a', text: 'On my way.' }];

  it('adds the trimmed text under a fresh id; refuses empty, too long, repeated and a full list', () => {
    let n = 0;
    const ids = () => (n++ === 0 ? 'a' : 'b');
    expect(addSavedReply(list, '  See you soon. ', ids)).toEqual([...list, { id: 'b', text: 'See you soon.' }]);
    expect(saveReplyProblem(list, '  ')).toBe('empty');
    expect(saveReplyProblem(list, 'z'.repeat(SAVED_REPLY_MAX_LENGTH + 1))).toBe('tooLong');
    expect(saveReplyProblem(list, ' On my way. ')).toBe('duplicate');
    const full = Array.from({ length: SAVED_REPLIES_MAX }, (_, i) => ({ id: `r${i}`, text: `t${i}` }));
    expect(saveReplyProblem(full, 'new')).toBe('full');
    expect(addSavedReply(full, 'new', () => 'x')).toBe(full);
  });

  it('removes by id and compares by content', () => {
    expect(removeSavedReply(list, 'a')).toEqual([]);
    expect(removeSavedReply(list, 'zzz')).toEqual(list);
    expect(sameSavedReplies(list, [{ id: 'a', text: 'On my way.' }])).toBe(true);
    expect(sameSavedReplies(list, [{ id: 'a', text: 'On my way!' }])).toBe(false);
    expect(sameSavedReplies(list, null)).toBe(false);
  });
});

describe('the / trigger', () => {
  it('is a slash starting a one-line text', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/thu')).toBe('thu');
    expect(slashQuery('')).toBeNull();
    expect(slashQuery('a/b')).toBeNull();
    expect(slashQuery('/thu\nmore')).toBeNull();
  });

  it('filters by every word, any case, in the list order', () => {
    const replies = [
      { id: 'a', text: 'I can come by Thursday morning.' },
      { id: 'b', text: 'Thanks! See you then.' },
      { id: 'c', text: 'Could you send a photo?' },
    ];
    expect(filterSavedReplies(replies, '')).toBe(replies);
    expect(filterSavedReplies(replies, 'THU').map((r) => r.id)).toEqual(['a']);
    expect(filterSavedReplies(replies, 'you th').map((r) => r.id)).toEqual(['b']);
    expect(filterSavedReplies(replies, 'zzz')).toEqual([]);
  });
});

describe('insertReply', () => {
  it('replaces the selection and puts the caret after the reply, within the limit', () => {
    expect(insertReply('Hi . Bye', { start: 3, end: 3 }, 'there', 100)).toEqual({ text: 'Hi there. Bye', caret: 8 });
    expect(insertReply('Hi XX', { start: 3, end: 5 }, 'you', 100)).toEqual({ text: 'Hi you', caret: 6 });
    expect(insertReply('abc', { start: 3, end: 3 }, 'defgh', 5)).toEqual({ text: 'abcde', caret: 5 });
  });
});

describe('fillReplyPlaceholders', () => {
  it("fills the customer's first name and the category", () => {
    expect(fillReplyPlaceholders('Hi {firstName}, thanks for your {category} request!', { firstName: 'Jordan', category: 'Water Heater Repair' })).toBe(
      'Hi Jordan, thanks for your Water Heater Repair request!',
    );
    expect(fillReplyPlaceholders('{firstName}: {firstName}', { firstName: 'Ana', category: null })).toBe('Ana: Ana');
  });

  it('drops a placeholder without a value with the space before it, and keeps any other braces', () => {
    expect(fillReplyPlaceholders('Hi {firstName}, about the {category} job', { firstName: null, category: '  ' })).toBe('Hi, about the job');
    expect(fillReplyPlaceholders('Price: {price} for {Firstname}', { firstName: 'Ana', category: 'Painting' })).toBe('Price: {price} for {Firstname}');
  });

  it('fills text only: a value that looks like a placeholder is not filled again', () => {
    expect(fillReplyPlaceholders('Hi {firstName}', { firstName: '{category}', category: 'Roofing' })).toBe('Hi {category}');
  });
});
