import { describe, expect, it } from 'vitest';
import { groupEnds, MESSAGE_GROUP_WINDOW_MS } from './message-groups';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 9, 0) + minutes * 60_000);

describe('groupEnds', () => {
  it('one author within the window: one timestamp, under the last message', () => {
    expect(groupEnds([{ own: true, dateCreated: at(0) }, { own: true, dateCreated: at(1) }, { own: true, dateCreated: at(5) }])).toEqual([false, false, true]);
  });

  it('a change of author ends a group', () => {
    expect(groupEnds([{ own: true, dateCreated: at(0) }, { own: false, dateCreated: at(0) }, { own: false, dateCreated: at(1) }, { own: true, dateCreated: at(2) }])).toEqual([true, false, true, true]);
  });

  it('a gap longer than the window ends a group; exactly the window does not', () => {
    const window = MESSAGE_GROUP_WINDOW_MS / 60_000;
    expect(groupEnds([{ own: false, dateCreated: at(0) }, { own: false, dateCreated: at(window) }, { own: false, dateCreated: at(2 * window + 0.01) }])).toEqual([false, true, true]);
  });

  it('a message without a date, or out of order, stands alone', () => {
    expect(groupEnds([{ own: true, dateCreated: null }, { own: true, dateCreated: at(0) }, { own: true, dateCreated: at(-1) }])).toEqual([true, true, true]);
  });

  it('no messages: nothing', () => {
    expect(groupEnds([])).toEqual([]);
  });
});
