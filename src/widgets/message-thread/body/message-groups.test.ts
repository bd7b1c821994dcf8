import { describe, expect, it } from 'vitest';
import { dayName, groupEnds, localDayKey, MESSAGE_GROUP_WINDOW_MS } from './message-groups';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 9, 0) + minutes * 60_000);

describe('groupEnds', () => {
  it('one author within the window: one timestamp, under the last message', () => {
    expect(
      groupEnds([
        { own: true, dateCreated: at(0) },
        { own: true, dateCreated: at(1) },
        { own: true, dateCreated: at(5) },
      ]),
    ).toEqual([false, false, true]);
  });

  it('a change of author ends a group', () => {
    expect(
      groupEnds([
        { own: true, dateCreated: at(0) },
        { own: false, dateCreated: at(0) },
        { own: false, dateCreated: at(1) },
        { own: true, dateCreated: at(2) },
      ]),
    ).toEqual([true, false, true, true]);
  });

  it('a gap longer than the window ends a group; exactly the window does not', () => {
    const window = MESSAGE_GROUP_WINDOW_MS / 60_000;
    expect(
      groupEnds([
        { own: false, dateCreated: at(0) },
        { own: false, dateCreated: at(window) },
        { own: false, dateCreated: at(2 * window + 0.01) },
      ]),
    ).toEqual([false, true, true]);
  });

  it('a message without a date, or out of order, stands alone', () => {
    expect(
      groupEnds([
        { own: true, dateCreated: null },
        { own: true, dateCreated: at(0) },
        { own: true, dateCreated: at(-1) },
      ]),
    ).toEqual([true, true, true]);
  });

  it('no messages: nothing', () => {
    expect(groupEnds([])).toEqual([]);
  });

  it('midnight ends a group: its day separator comes between (local days)', () => {
    const late = new Date(2026, 10, 22, 23, 58);
    const early = new Date(2026, 10, 23, 0, 1);
    expect(
      groupEnds([
        { own: true, dateCreated: late },
        { own: true, dateCreated: early },
      ]),
    ).toEqual([true, true]);
  });
});

describe('day separators', () => {
  it('keys a date by its local calendar day', () => {
    expect(localDayKey(new Date(2020, 5, 1, 0, 0))).toBe('2020-06-01');
    expect(localDayKey(new Date(2020, 5, 1, 23, 59))).toBe('2020-06-01');
    expect(localDayKey(new Date(987, 0, 9))).toBe('0987-01-09');
  });

  it("names today and yesterday by the viewer's calendar, other days by their date", () => {
    const now = new Date(2026, 2, 9, 0, 30); // just after midnight
    expect(dayName(new Date(2026, 2, 9, 0, 5), now)).toBe('today');
    expect(dayName(new Date(2026, 2, 8, 23, 59), now)).toBe('yesterday');
    expect(dayName(new Date(2026, 2, 8, 0, 0), now)).toBe('yesterday');
    expect(dayName(new Date(2026, 2, 7, 23, 59), now)).toBe('date');
    // Across a month and a year.
    expect(dayName(new Date(2025, 11, 31, 12), new Date(2026, 0, 1, 8))).toBe('yesterday');
  });
});
