import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { DateRange } from '../domain/date-range';
import { createTranslator } from '../i18n/core/translate';
import { enUS } from '../i18n/en-US';
import {
  DEFAULT_DATE_RANGE_COLORS,
  DateRangePicker,
  type BoardDateRangePickerProps,
  type DateRangeChange,
  type GenericDateRangePickerProps,
} from './date-range-picker';
import { dateRangePickerLabels } from './date-range-picker-labels';

afterEach(cleanup);

const t = createTranslator(enUS);
const BOARD_LABELS = dateRangePickerLabels(t, 'board');
const GENERIC_LABELS = dateRangePickerLabels(t, 'generic');
/** Monday, June 15 2026, mid-afternoon: quick ranges must still land on whole days. */
const TODAY = new Date(2026, 5, 15, 14, 30);
const EMPTY: DateRange = { start: null, end: null };

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date);
const show = (range: DateRange) => ({
  start: range.start ? format(range.start, 'yyyy-MM-dd HH:mm') : null,
  end: range.end ? format(range.end, 'yyyy-MM-dd HH:mm') : null,
});

type Overrides<P> = Partial<Omit<P, 'value' | 'onChange' | 'variant' | 'labels'>> & { labels?: Partial<P extends { labels: infer L } ? L : never> };

/** A controlled host: keeps the value the picker reports, as the board will. */
function setup(variant: 'board', initial?: DateRange, overrides?: Overrides<BoardDateRangePickerProps>): ReturnType<typeof mount>;
function setup(variant: 'generic', initial?: DateRange, overrides?: Overrides<GenericDateRangePickerProps>): ReturnType<typeof mount>;
function setup(variant: 'board' | 'generic', initial: DateRange = EMPTY, overrides: Record<string, unknown> = {}) {
  return mount(variant, initial, overrides);
}

function mount(variant: 'board' | 'generic', initial: DateRange, overrides: Record<string, unknown>) {
  const onChange = vi.fn<(range: DateRange, change: DateRangeChange) => void>();
  const { labels, ...rest } = overrides as { labels?: object };
  function Host() {
    const [value, setValue] = useState(initial);
    const handle = (range: DateRange, change: DateRangeChange) => {
      onChange(range, change);
      setValue(range);
    };
    return variant === 'board' ? (
      <DateRangePicker variant="board" today={TODAY} {...rest} labels={{ ...BOARD_LABELS, ...labels }} value={value} onChange={handle} />
    ) : (
      <DateRangePicker variant="generic" today={TODAY} {...rest} labels={{ ...GENERIC_LABELS, ...labels }} value={value} onChange={handle} />
    );
  }
  const user = userEvent.setup();
  const view = render(<Host />);
  const lastChange = () => {
    const call = onChange.mock.lastCall;
    if (!call) throw new Error('onChange was not called');
    return { range: show(call[0]), change: call[1] };
  };
  return {
    ...view,
    user,
    onChange,
    lastChange,
    start: () => screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement,
    end: () => screen.getByRole('textbox', { name: 'End date' }) as HTMLInputElement,
    grid: () => screen.getByRole('grid'),
    /**
     * A day button of the shown month, by day of month (its name is the full date, e.g. 'Monday,
     * June 15, 2026'; the muted days of the months around it have their own month's name).
     */
    dayButton: (date: number) => {
      const grid = screen.getByRole('grid');
      const month = grid.getAttribute('aria-label')?.split(' ')[0] ?? '';
      return within(grid).getByRole('button', { name: new RegExp(`, ${month} ${date}, \\d{4}$`) });
    },
    selectedDays: () =>
      within(screen.getByRole('grid'))
        .queryAllByRole('gridcell', { selected: true })
        .map((cell) => Number(cell.textContent)),
  };
}

describe('<DateRangePicker> fields', () => {
  it('shows Early and Continuous for open ends and the board dates as MM/DD/YYYY', () => {
    const empty = setup('board');
    expect(empty.start().placeholder).toBe('Early');
    expect(empty.end().placeholder).toBe('Continuous');
    expect(empty.start().value).toBe('');
    cleanup();
    const filled = setup('board', { start: day(2026, 6, 1), end: day(2026, 6, 9) });
    expect(filled.start().value).toBe('06/01/2026');
    expect(filled.end().value).toBe('06/09/2026');
  });

  it('shows the generic variant dates as MMM d, yyyy and reads them back', async () => {
    const { start, end, user, lastChange } = setup('generic', { start: day(2026, 6, 1), end: null });
    expect(start().value).toBe('Jun 1, 2026');
    await user.type(end(), 'Jun 3, 2026');
    await user.tab();
    expect(lastChange()).toEqual({ range: { start: '2026-06-01 00:00', end: '2026-06-03 00:00' }, change: { source: 'end-input' } });
    expect(end().value).toBe('Jun 3, 2026');
  });

  it('applies a typed date when the field is left, and on Enter', async () => {
    const { start, end, user, lastChange, onChange, selectedDays } = setup('board');
    await user.type(start(), '6/1/2026');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(lastChange()).toEqual({ range: { start: '2026-06-01 00:00', end: null }, change: { source: 'start-input' } });
    expect(start().value).toBe('06/01/2026');

    await user.type(end(), '06/04/2026{Enter}');
    expect(lastChange().range).toEqual({ start: '2026-06-01 00:00', end: '2026-06-04 00:00' });
    expect(selectedDays()).toEqual([1, 2, 3, 4]);
  });

  it('moves the calendar to a typed date in another month', async () => {
    const { start, user } = setup('board');
    await user.type(start(), '02/10/2027{Enter}');
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeTruthy();
  });

  it('keeps text that is not a date, marks the field invalid and reports nothing', async () => {
    const { start, user, onChange } = setup('board', { start: day(2026, 6, 1), end: null }, { labels: { invalidDate: 'Enter a date like 06/01/2020' } });
    await user.clear(start());
    await user.type(start(), '06/01/20');
    await user.tab();
    expect(start().value).toBe('06/01/20');
    expect(start().getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    const error = screen.getByText('Enter a date like 06/01/2020');
    expect(start().getAttribute('aria-describedby')).toBe(error.id);

    // Editing clears the error state; Escape gives the value back.
    await user.type(start(), '2');
    expect(start().getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('{Escape}');
    expect(start().value).toBe('06/01/2026');
  });

  it('marks invalid text without a message when the caller gives none', async () => {
    const { end, user } = setup('board', EMPTY, { labels: { invalidDate: undefined } });
    await user.type(end(), 'soon');
    await user.tab();
    expect(end().value).toBe('soon');
    expect(end().getAttribute('aria-invalid')).toBe('true');
    expect(end().getAttribute('aria-describedby')).toBeNull();
  });

  it('opens an end when its field is emptied', async () => {
    const { start, user, lastChange } = setup('board', { start: day(2026, 6, 1), end: day(2026, 6, 9) });
    await user.clear(start());
    await user.tab();
    expect(lastChange().range).toEqual({ start: null, end: '2026-06-09 00:00' });
    expect(start().value).toBe('');
  });

  it('swaps an end typed before the start', async () => {
    const { start, end, user, lastChange } = setup('board', { start: day(2026, 6, 10), end: null });
    await user.type(end(), '06/02/2026');
    await user.tab();
    expect(lastChange().range).toEqual({ start: '2026-06-02 00:00', end: '2026-06-10 00:00' });
    expect(start().value).toBe('06/02/2026');
    expect(end().value).toBe('06/10/2026');
  });

  it('never lets the end pass 20 years after today, nor the start 100 years before', async () => {
    const { start, end, user, lastChange } = setup('board');
    await user.type(end(), '01/01/2099{Enter}');
    expect(lastChange().range).toEqual({ start: null, end: '2046-06-15 00:00' });
    expect(end().value).toBe('06/15/2046');
    await user.type(start(), '01/01/1900{Enter}');
    expect(lastChange().range.start).toBe('1926-06-15 00:00');
  });
});

describe('<DateRangePicker> calendar', () => {
  it('shows one month with month and year selectors and arrows; the year list spans the data, not 121 years', async () => {
    const { user } = setup('board');
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(screen.getByRole('grid', { name: 'June 2026' })).toBeTruthy();
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    const years = () => [...year.options].map((option) => Number(option.value));
    // Ten years back to next year (today is June 2026), not 1926–2046.
    expect(years()).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);

    await user.selectOptions(year, '2027');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '0');
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeTruthy();
  });

  it('keeps the 100-year limit reachable by typing: a date typed far back joins the year list and is shown', async () => {
    const { start, user } = setup('board');
    await user.type(start(), '03/10/1950{Enter}');
    expect(screen.getByRole('grid', { name: 'March 1950' })).toBeTruthy();
    const years = [...(screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).options].map((option) => Number(option.value));
    expect(years[0]).toBe(1950);
    expect(years.at(-1)).toBe(2027);
  });

  it('fills six weeks with the days of the months around, muted — no empty row, and one height for every month', async () => {
    const { user } = setup('board');
    for (const name of ['June 2026', 'July 2026']) {
      const rows = within(screen.getByRole('grid', { name }))
        .getAllByRole('row')
        .filter((row) => within(row).queryAllByRole('gridcell').length > 0);
      expect(rows).toHaveLength(6);
      for (const row of rows) expect(within(row).getAllByRole('button')).toHaveLength(7);
      await user.click(screen.getByRole('button', { name: 'Next month' }));
    }
    // February 2026 starts on a Sunday and fits four weeks: still six rows, March's days after it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '1');
    const february = screen.getByRole('grid', { name: 'February 2026' });
    expect(
      within(february)
        .getAllByRole('row')
        .filter((row) => within(row).queryAllByRole('gridcell').length > 0),
    ).toHaveLength(6);
    expect(within(february).getByRole('button', { name: 'Sunday, March 1, 2026' }).closest('td')?.className).toMatch(/lk-drp__day--outside/);
  });

  it('selects a range with two picks, in either order, and starts over on the third', async () => {
    const { user, dayButton, lastChange, selectedDays } = setup('board');
    await user.click(dayButton(12));
    expect(lastChange()).toEqual({ range: { start: '2026-06-12 00:00', end: null }, change: { source: 'calendar' } });
    await user.click(dayButton(8));
    expect(lastChange().range).toEqual({ start: '2026-06-08 00:00', end: '2026-06-12 00:00' });
    expect(selectedDays()).toEqual([8, 9, 10, 11, 12]);
    await user.click(dayButton(20));
    expect(lastChange().range).toEqual({ start: '2026-06-20 00:00', end: null });
  });

  it('marks today for assistive technology without English text', () => {
    const { dayButton } = setup('board');
    expect(dayButton(15).getAttribute('aria-current')).toBe('date');
    expect(dayButton(15).getAttribute('aria-label')).toBe('Monday, June 15, 2026');
    expect(dayButton(16).getAttribute('aria-current')).toBeNull();
  });

  it('does not offer days past the maximum', async () => {
    const { user } = setup('board', { start: day(2046, 6, 1), end: null });
    expect(screen.getByRole('grid', { name: 'June 2046' })).toBeTruthy();
    const grid = screen.getByRole('grid');
    expect((within(grid).getByRole('button', { name: /June 15, 2046/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(grid).getByRole('button', { name: /June 16, 2046/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Next month' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'June 2046' })).toBeTruthy();
  });

  it('disables the given days and trims a selection running into them', async () => {
    const disabled = [day(2026, 6, 5), day(2026, 6, 6)];
    const { user, dayButton, lastChange, selectedDays, end } = setup('board', { start: day(2026, 6, 2), end: null }, { disabled });
    expect((dayButton(5) as HTMLButtonElement).disabled).toBe(true);
    await user.click(dayButton(10));
    expect(lastChange().range).toEqual({ start: '2026-06-02 00:00', end: '2026-06-04 00:00' });
    expect(selectedDays()).toEqual([2, 3, 4]);
    expect(end().value).toBe('06/04/2026');
  });

  it('moves a typed disabled start to the nearest allowed day and refuses an all-disabled range', async () => {
    const disabled = { from: day(2026, 6, 5), to: day(2026, 6, 7) };
    const { start, user, lastChange, onChange } = setup('board', { start: null, end: day(2026, 6, 10) }, { disabled });
    await user.type(start(), '06/05/2026{Enter}');
    expect(lastChange().range).toEqual({ start: '2026-06-08 00:00', end: '2026-06-10 00:00' });

    cleanup();
    onChange.mockClear();
    const second = setup('board', { start: null, end: day(2026, 6, 7) }, { disabled });
    await second.user.type(second.start(), '06/05/2026');
    await second.user.tab();
    expect(second.onChange).not.toHaveBeenCalled();
    expect(second.start().getAttribute('aria-invalid')).toBe('true');
  });

  it('is operable from the keyboard: arrows move focus in the grid, Enter picks', async () => {
    const { user, dayButton, lastChange, selectedDays } = setup('board');
    // Only one day is in the tab order (roving tabindex): today when nothing is selected.
    expect(dayButton(15).tabIndex).toBe(0);
    expect(dayButton(14).tabIndex).toBe(-1);
    dayButton(15).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayButton(16));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(dayButton(23));
    await user.keyboard('{Enter}');
    expect(lastChange()).toEqual({ range: { start: '2026-06-23 00:00', end: null }, change: { source: 'calendar' } });
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}{Enter}');
    expect(lastChange().range).toEqual({ start: '2026-06-14 00:00', end: '2026-06-23 00:00' });
    expect(selectedDays()).toEqual([14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
  });

  it('follows keyboard focus into the next month (PageDown)', async () => {
    const { user, dayButton } = setup('board');
    dayButton(15).focus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'July 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(dayButton(15));
  });
});

describe('<DateRangePicker variant="board"> quick ranges', () => {
  it('offers Today, Last 7 Days and Last 30 Days as whole days ending today', async () => {
    const { user, lastChange, start, end } = setup('board');
    const group = screen.getByRole('group');
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Today', 'Last 7 Days', 'Last 30 Days']);

    await user.click(screen.getByRole('button', { name: 'Last 7 Days' }));
    expect(lastChange()).toEqual({
      range: { start: '2026-06-09 00:00', end: '2026-06-15 00:00' },
      change: { source: 'quick-range', quickRangeId: 'last7Days' },
    });
    expect(start().value).toBe('06/09/2026');
    expect(end().value).toBe('06/15/2026');
    expect(screen.getByRole('button', { name: 'Last 7 Days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));
    expect(lastChange().range).toEqual({ start: '2026-05-17 00:00', end: '2026-06-15 00:00' });
    expect(screen.getByRole('grid', { name: 'May 2026' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(lastChange().range).toEqual({ start: '2026-06-15 00:00', end: '2026-06-15 00:00' });
  });

  it('marks the quick range the value already equals', () => {
    setup('board', { start: day(2026, 6, 15), end: day(2026, 6, 15) });
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('disables a quick range with no allowed day and trims the others', async () => {
    const { user, lastChange } = setup('board', EMPTY, { disabled: [day(2026, 6, 15), day(2026, 6, 12)] });
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Last 7 Days' }));
    expect(lastChange().range).toEqual({ start: '2026-06-09 00:00', end: '2026-06-11 00:00' });
  });

  it('has no day-count fields', () => {
    setup('board');
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

describe('<DateRangePicker variant="generic">', () => {
  it('offers the six static ranges', async () => {
    const { user, lastChange } = setup('generic');
    expect(
      within(screen.getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Today', 'Yesterday', 'This Week', 'Last Week', 'This Month', 'Last Month']);
    const expectations: [string, { start: string; end: string }][] = [
      ['Yesterday', { start: '2026-06-14 00:00', end: '2026-06-14 00:00' }],
      ['This Week', { start: '2026-06-14 00:00', end: '2026-06-20 00:00' }],
      ['Last Week', { start: '2026-06-07 00:00', end: '2026-06-13 00:00' }],
      ['This Month', { start: '2026-06-01 00:00', end: '2026-06-30 00:00' }],
      ['Last Month', { start: '2026-05-01 00:00', end: '2026-05-31 00:00' }],
    ];
    for (const [name, range] of expectations) {
      await user.click(screen.getByRole('button', { name }));
      expect(lastChange().range).toEqual(range);
      expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
    }
  });

  it('builds ranges from the day counts, counting today, at least 1 day', async () => {
    const { user, lastChange, start, end } = setup('generic');
    const upTo = screen.getByRole('spinbutton', { name: 'days up to today' }) as HTMLInputElement;
    const from = screen.getByRole('spinbutton', { name: 'days starting today' }) as HTMLInputElement;
    expect(upTo.min).toBe('1');

    await user.type(upTo, '10');
    expect(lastChange()).toEqual({ range: { start: '2026-06-06 00:00', end: '2026-06-15 00:00' }, change: { source: 'day-count' } });
    expect(start().value).toBe('Jun 6, 2026');
    await user.tab();
    expect(upTo.value).toBe('10');

    await user.clear(upTo);
    await user.type(upTo, '0');
    expect(lastChange().range).toEqual({ start: '2026-06-15 00:00', end: '2026-06-15 00:00' });
    await user.tab();
    expect(upTo.value).toBe('1');

    await user.clear(from);
    await user.type(from, '3');
    expect(lastChange().range).toEqual({ start: '2026-06-15 00:00', end: '2026-06-17 00:00' });
    expect(end().value).toBe('Jun 17, 2026');
    await user.tab();
    // 'N days up to today' no longer describes the range.
    expect(upTo.value).toBe('');
    expect(from.value).toBe('3');
  });

  it('applies the three colors through CSS custom properties, with defaults in the stylesheet', () => {
    const { container } = setup('generic', EMPTY, { colors: { range: '#eeeeff', start: 'rebeccapurple', end: '#123456' } });
    const root = container.querySelector<HTMLElement>('.lk-drp');
    // Read from disk: Vitest does not process CSS imports.
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'date-range-picker.css'), 'utf8');
    expect(root?.style.getPropertyValue('--lk-date-range-color')).toBe('#eeeeff');
    expect(root?.style.getPropertyValue('--lk-date-range-start-color')).toBe('rebeccapurple');
    expect(root?.style.getPropertyValue('--lk-date-range-end-color')).toBe('#123456');
    expect(css).toContain(`var(--lk-date-range-color, ${DEFAULT_DATE_RANGE_COLORS.range})`);
    expect(css).toContain(`var(--lk-date-range-start-color, ${DEFAULT_DATE_RANGE_COLORS.start})`);
    expect(css).toContain(`var(--lk-date-range-end-color, ${DEFAULT_DATE_RANGE_COLORS.end})`);
  });
});

describe('<DateRangePicker variant="generic" layout="scroll"> (scroll mode)', () => {
  // The scroll calendar is a chunk of its own: each test waits for its first month, never a timeout's default.
  const month = (name: string) => screen.findByRole('grid', { name });
  const box = (grid: HTMLElement) => grid.closest<HTMLElement>('.lk-drs__month')!;
  const dayIn = (grid: HTMLElement, name: string) => within(grid).getByRole('button', { name });

  it('lists the months one under another, each at the height the rule gives it; the weeks stretched by one when they span 34 days or fewer', async () => {
    setup('generic', EMPTY, { layout: 'scroll' });
    const june = await month('June 2026');
    // June 2026: five weeks (Monday 1st – Tuesday 30th), shown as six: a long month, 260 px.
    expect(box(june).style.height).toBe('260px');
    expect(june.querySelectorAll('.lk-drs__week')).toHaveLength(6);
    expect(within(june).getAllByRole('row')).toHaveLength(5);
    // Its neighbours are in the list too, each a grid of its own days only.
    const july = await month('July 2026');
    expect(within(july).getAllByRole('button')).toHaveLength(31);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '5');
  });

  it('picks a range in the list and marks it', async () => {
    const { user, lastChange } = setup('generic', EMPTY, { layout: 'scroll' });
    const june = await month('June 2026');
    await user.click(dayIn(june, 'Wednesday, June 3, 2026'));
    await user.click(dayIn(june, 'Friday, June 12, 2026'));
    expect(lastChange()).toEqual({ range: { start: '2026-06-03 00:00', end: '2026-06-12 00:00' }, change: { source: 'calendar' } });
    expect(
      within(june)
        .getAllByRole('gridcell', { selected: true })
        .map((cell) => Number(cell.textContent)),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('opens at the selection, and names the month in view in the selectors; February 2026 (four weeks) is five weeks in 220 px', async () => {
    // (Scrolling by the selectors and arrows needs a layout: the story ScrollMode covers it in Chromium.)
    const { user } = setup('generic', { start: day(2026, 2, 10), end: null }, { layout: 'scroll' });
    const february = await month('February 2026');
    expect(box(february).style.height).toBe('220px');
    expect(february.querySelectorAll('.lk-drs__week')).toHaveLength(5);
    expect(within(february).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '1');
    await user.click(screen.getByRole('button', { name: 'Last Month' }));
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '4');
  });

  it('is operable from the keyboard: one day in the tab order, arrows and PageDown move focus across months, Enter picks', async () => {
    const { user, lastChange } = setup('generic', EMPTY, { layout: 'scroll' });
    const june = await month('June 2026');
    const today = dayIn(june, 'Monday, June 15, 2026');
    expect(today.tabIndex).toBe(0);
    expect(dayIn(june, 'Sunday, June 14, 2026').tabIndex).toBe(-1);
    today.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const focused = () => document.activeElement?.getAttribute('aria-label');
    expect(focused()).toBe('Tuesday, June 23, 2026');
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(focused()).toBe('Thursday, July 23, 2026'));
    await user.keyboard('{Enter}');
    expect(lastChange().range).toEqual({ start: '2026-07-23 00:00', end: null });
    await user.keyboard('{Home}');
    await waitFor(() => expect(focused()).toBe('Sunday, July 19, 2026'));
  });

  it('does not pick a disabled day', async () => {
    const { user, onChange } = setup('generic', EMPTY, { layout: 'scroll', disabled: { dayOfWeek: [0] } });
    const june = await month('June 2026');
    const sunday = dayIn(june, 'Sunday, June 14, 2026');
    expect(sunday.getAttribute('aria-disabled')).toBe('true');
    await user.click(sunday);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('<DateRangePicker> shape', () => {
  it('exposes part names on its root and main pieces, and scopes its classes', () => {
    const { container } = setup('generic', EMPTY, { part: 'date-filter' });
    const parts = [...container.querySelectorAll('[part]')].map((el) => el.getAttribute('part'));
    expect(parts).toEqual(
      expect.arrayContaining([
        'date-filter',
        'date-filter-ranges',
        'date-filter-range',
        'date-filter-day-counts',
        'date-filter-start',
        'date-filter-end',
        'date-filter-calendar',
      ]),
    );
    const classes = [...container.querySelectorAll('[class]')].flatMap((el) => [...el.classList]);
    expect(classes.filter((name) => !name.startsWith('lk-drp'))).toEqual([]);
  });

  it('shows only texts it was given (no built-in English)', () => {
    const marked = Object.fromEntries(
      Object.entries(GENERIC_LABELS).map(([key, value]) =>
        typeof value === 'string' ? [key, `«${value}»`] : [key, Object.fromEntries(Object.entries(value).map(([id, text]) => [id, `«${text}»`]))],
      ),
    );
    const { container } = setup('generic', EMPTY, { labels: marked });
    const texts = [...container.querySelectorAll('button, label')].map((el) => el.textContent ?? '').filter((text) => /[A-Za-z]/.test(text));
    expect(texts.every((text) => text.startsWith('«'))).toBe(true);
    // Arrows and selectors are named by the caller; day buttons and weekdays by the date-fns locale.
    const named = [...container.querySelectorAll('button:not(.lk-drp__day-button)[aria-label], select[aria-label]')].map((el) => el.getAttribute('aria-label'));
    expect(named).toEqual(['«Previous month»', '«Month»', '«Year»', '«Next month»']);
  });
});

describe('<DateRangePicker> in another locale (es-US)', () => {
  it('shows and reads day-first dates, names the calendar in Spanish, and keeps Sunday as the first day', async () => {
    const { ES_US_FORMATS } = await import('../i18n/es-US');
    const dates = ES_US_FORMATS.pickerDates!;
    const { start, end, user, lastChange, grid } = setup('board', { start: day(2026, 6, 1), end: null }, { dates });
    expect(start().value).toBe('01/06/2026');
    await user.type(end(), '03/06/2026{Enter}');
    expect(lastChange().range).toEqual({ start: '2026-06-01 00:00', end: '2026-06-03 00:00' });
    expect(end().value).toBe('03/06/2026');
    expect(within(grid()).getByRole('button', { name: 'lunes, 15 de junio de 2026' })).toBeTruthy();
    const weekdays = [...grid().querySelectorAll('.lk-drp__weekday')].map((header) => header.getAttribute('aria-label') ?? header.textContent);
    expect(weekdays[0]).toBe('domingo');
    cleanup();
    const generic = setup('generic', { start: day(2026, 6, 1), end: null }, { dates });
    expect(generic.start().value).toBe('1 jun 2026');
    await generic.user.type(generic.end(), '3 de junio de 2026');
    await generic.user.tab();
    expect(generic.lastChange().range.end).toBe('2026-06-03 00:00');
  });
});
