import { useState, type CSSProperties } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { localized } from './support/story-text';
import type { Matcher } from 'react-day-picker';
import { format } from 'date-fns';
import { toBoardDateRange, type DateRange } from '../src/domain/date-range';
import { createTranslator } from '../src/i18n/core/translate';
import { enUS } from '../src/i18n/en-US';
import baseCss from '../src/ui/core/base.css?inline';
import pickerCss from '../src/ui/date-range-picker.css?inline';
import { DateRangePicker, type DateRangeChange, type DateRangeColors } from '../src/ui/date-range-picker';
import { ES_US_FORMATS, esUSPack } from '../src/i18n/es-US';
import { dateRangePickerLabels } from '../src/ui/date-range-picker-labels';
import { shadowOf } from './support/queries';
import { ShadowFrame } from './support/shadow-frame';
import { typeText } from './support/shadow-input';
import { NO_FAULT } from './support/pinned';

/**
 * <DateRangePicker> (src/ui, docs/architecture.md#date-range-picker) as an element shows it: in a
 * shadow root with base.css + date-range-picker.css adopted. A controlled host keeps the value
 * and prints what the board would send (toBoardDateRange) under the picker. `today` is pinned
 * to Monday, June 15 2026 so quick ranges and play functions are stable.
 *
 * These play functions run in real Chromium: they cover what happy-dom cannot show (the
 * adopted stylesheet's colors, real focus movement inside a shadow root).
 */
const STYLES = [baseCss, pickerCss];
const t = createTranslator(enUS);
const LABELS = { board: dateRangePickerLabels(t, 'board'), generic: dateRangePickerLabels(t, 'generic') };
const es = createTranslator(enUS, null, esUSPack);
const SPANISH = {
  board: dateRangePickerLabels(es, 'board', ES_US_FORMATS.boardDate(new Date(2025, 5, 1))),
  generic: dateRangePickerLabels(es, 'generic', ES_US_FORMATS.pickerDate(new Date(2025, 5, 1))),
};
const TODAY = new Date(2026, 5, 15);

interface HarnessArgs {
  variant: 'board' | 'generic';
  /** The generic picker's layout: one month (default) or the scroll mode. */
  layout?: 'month' | 'scroll';
  initial?: DateRange;
  disabled?: Matcher | Matcher[];
  colors?: Partial<DateRangeColors>;
  /** Shown under a field with unreadable text (no catalogue entry yet: the story supplies one). */
  invalidDate?: string;
  /** Custom properties on the shadow host (theming from outside). */
  hostStyle?: CSSProperties;
  onChange?: (range: DateRange, change: DateRangeChange) => void;
  /** es-US: Spanish labels, day-first dates, Spanish month and day names. */
  spanish?: boolean;
}

const ymd = (date: Date | null) => (date ? format(date, 'yyyy-MM-dd') : '');

function PickerHarness({ variant, layout, initial = { start: null, end: null }, disabled, colors, invalidDate, hostStyle, onChange, spanish }: HarnessArgs) {
  const [value, setValue] = useState<DateRange>(initial);
  const handle = (range: DateRange, change: DateRangeChange) => {
    setValue(range);
    onChange?.(range, change);
  };
  const common = { value, onChange: handle, today: TODAY, disabled, colors, ...(spanish ? { dates: ES_US_FORMATS.pickerDates } : {}) };
  const labels = spanish ? SPANISH : LABELS;
  const board = toBoardDateRange(value);
  return (
    <ShadowFrame styles={STYLES} style={hostStyle}>
      {() => (
        <div>
          {variant === 'board' ? (
            <DateRangePicker variant="board" labels={{ ...labels.board, invalidDate }} {...common} />
          ) : (
            <DateRangePicker variant="generic" layout={layout} labels={{ ...labels.generic, invalidDate }} {...common} />
          )}
          <p>
            <output data-testid="selection" data-start={ymd(value.start)} data-end={ymd(value.end)}>
              {`startDate: ${board.startDate ?? 'null'} · endDate: ${board.endDate ?? 'null'}`}
            </output>
          </p>
        </div>
      )}
    </ShadowFrame>
  );
}

const meta = {
  title: 'UI/Date-range picker',
  globals: NO_FAULT,
  component: PickerHarness,
  args: { variant: 'board', onChange: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['board', 'generic'] },
    layout: { control: 'inline-radio', options: ['month', 'scroll'] },
    invalidDate: { control: 'text' },
  },
  // The harness gives the picker its en-US labels and formats (typed MM/DD/YYYY), or the Spanish
  // ones a story asks for (`spanish`), whatever the toolbar's locale: the play functions look for those.
  parameters: { locale: 'en-US' },
} satisfies Meta<typeof PickerHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The selection the host holds, as yyyy-MM-dd (or '' for an open end). */
function selection(root: ShadowRoot) {
  const output = root.querySelector('[data-testid="selection"]');
  return { start: output?.getAttribute('data-start'), end: output?.getAttribute('data-end') };
}

const dayName = (date: number) => `${format(new Date(2026, 5, date), 'EEEE')}, June ${date}, 2026`;

/** Board filter: quick ranges, MM/DD/YYYY, start of day / end of day sent to the gateway. */
export const Board: Story = {
  play: async ({ canvasElement, args }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const start = canvas.getByRole('textbox', { name: 'Start date' });
    const end = canvas.getByRole('textbox', { name: 'End date' });
    await expect(start).toHaveAttribute('placeholder', 'Early');
    await expect(end).toHaveAttribute('placeholder', 'Continuous');

    await userEvent.click(canvas.getByRole('button', { name: 'Last 7 Days' }));
    await expect(start).toHaveValue('06/09/2026');
    await expect(end).toHaveValue('06/15/2026');
    await expect(canvas.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(selection(root)).toEqual({ start: '2026-06-09', end: '2026-06-15' });
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.anything(), { source: 'quick-range', quickRangeId: 'last7Days' });
    // The board widens the picked days to whole days (local midnight to 23:59:59.999).
    await expect(canvas.getByTestId('selection')).toHaveTextContent(new Date(2026, 5, 9).toISOString());
    await expect(canvas.getByTestId('selection')).toHaveTextContent(new Date(2026, 5, 15, 23, 59, 59, 999).toISOString());
  },
};

/** Generic picker: six static ranges, the day-count fields (at least 1), 'MMM d, yyyy'. */
export const Generic: Story = {
  args: { variant: 'generic' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Last Month' }));
    await expect(canvas.getByRole('textbox', { name: 'Start date' })).toHaveValue('May 1, 2026');
    await expect(canvas.getByRole('textbox', { name: 'End date' })).toHaveValue('May 31, 2026');
    await expect(canvas.getByRole('grid', { name: 'May 2026' })).toBeVisible();

    const upToToday = canvas.getByRole('spinbutton', { name: 'days up to today' });
    await typeText(upToToday, '0');
    await waitFor(() => expect(selection(root)).toEqual({ start: '2026-06-15', end: '2026-06-15' }));
    // Leaving the field shows the count the range really has: at least 1.
    await userEvent.click(canvas.getByRole('textbox', { name: 'Start date' }));
    await expect(upToToday).toHaveValue(1);
    await typeText(upToToday, '5', { replace: true });
    await waitFor(() => expect(selection(root)).toEqual({ start: '2026-06-11', end: '2026-06-15' }));
  },
};

/** Typing: leave the field (or Enter) to apply; an end before the start swaps; bad text stays, marked invalid. */
export const TypedDates: Story = {
  args: { invalidDate: 'Enter a date as MM/DD/YYYY' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const start = canvas.getByRole('textbox', { name: 'Start date' });
    const end = canvas.getByRole('textbox', { name: 'End date' });
    await typeText(start, '6/20/2026');
    await userEvent.click(end);
    await expect(start).toHaveValue('06/20/2026');
    await typeText(end, '06/02/2026');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(selection(root)).toEqual({ start: '2026-06-02', end: '2026-06-20' }));
    await expect(start).toHaveValue('06/02/2026');
    await expect(end).toHaveValue('06/20/2026');

    await typeText(end, 'next week', { replace: true });
    await userEvent.click(start);
    await expect(end).toHaveValue('next week');
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    const message = root.getElementById(end.getAttribute('aria-describedby') ?? '');
    await expect(message).toHaveTextContent(localized('Enter a date as MM/DD/YYYY'));
    await expect(message).toBeVisible();
    await expect(selection(root)).toEqual({ start: '2026-06-02', end: '2026-06-20' });

    await typeText(end, '12/31/2999', { replace: true });
    await userEvent.keyboard('{Enter}');
    // 20 years after today is the last day there is.
    await expect(end).toHaveValue('06/15/2046');
    await expect(end).not.toHaveAttribute('aria-invalid');
  },
};

/** The grid is keyboard operable: arrows move focus (roving tabindex), Enter picks, PageDown changes month. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const today = canvas.getByRole('button', { name: dayName(15) });
    await expect(today).toHaveAttribute('aria-current', 'date');
    today.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(root.activeElement).toHaveAttribute('aria-label', dayName(16)));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(root.activeElement).toHaveAttribute('aria-label', dayName(23)));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    await waitFor(() => expect(selection(root)).toEqual({ start: '2026-06-21', end: '2026-06-23' }));
    await userEvent.keyboard('{PageDown}');
    await expect(canvas.getByRole('grid', { name: 'July 2026' })).toBeVisible();
    await waitFor(() => expect(root.activeElement).toHaveAttribute('aria-label', 'Tuesday, July 21, 2026'));
    // The grid is one tab stop (roving tabindex: react-day-picker moves it to the last focused
    // day on blur). Tab itself is not driven here: user-event's tab does not walk shadow roots.
    const tabbable = [...root.querySelectorAll('[role="grid"] button')].filter((button) => (button as HTMLButtonElement).tabIndex === 0);
    await expect(tabbable).toHaveLength(1);
  },
};

/** Disabled days (weekends here) cannot be picked; a selection running into one is trimmed before it. */
export const DisabledDates: Story = {
  args: { disabled: { dayOfWeek: [0, 6] }, initial: { start: new Date(2026, 5, 15), end: null } },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(canvas.getByRole('button', { name: dayName(20) })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: dayName(24) }));
    await expect(selection(root)).toEqual({ start: '2026-06-15', end: '2026-06-19' });
    await expect(canvas.getByRole('textbox', { name: 'End date' })).toHaveValue('06/19/2026');
  },
};

/** The last navigable month: days after the maximum (20 years ahead) are disabled, the next arrow too. */
export const MaximumDate: Story = {
  args: { initial: { start: new Date(2046, 5, 1), end: null } },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(canvas.getByRole('grid', { name: 'June 2046' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Saturday, June 16, 2046' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next month' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The generic picker's three colors through the `colors` prop: range, first day, last day. */
export const Colors: Story = {
  args: {
    variant: 'generic',
    colors: { range: 'rgb(255, 236, 179)', start: 'rgb(27, 94, 32)', end: 'rgb(136, 14, 79)' },
    initial: { start: new Date(2026, 5, 8), end: new Date(2026, 5, 12) },
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    const first = canvas.getByRole('button', { name: dayName(8) });
    const middle = canvas.getByRole('button', { name: dayName(10) });
    const last = canvas.getByRole('button', { name: dayName(12) });
    await expect(getComputedStyle(first).backgroundColor).toBe('rgb(27, 94, 32)');
    await expect(getComputedStyle(last).backgroundColor).toBe('rgb(136, 14, 79)');
    await expect(getComputedStyle(middle.parentElement as HTMLElement).backgroundColor).toBe('rgb(255, 236, 179)');
  },
};

/** Theming from outside: --lk-date-range-* custom properties set on the host reach the picker. */
export const Themed: Story = {
  args: {
    initial: { start: new Date(2026, 5, 8), end: new Date(2026, 5, 12) },
    hostStyle: { '--lk-date-range-start-color': 'rgb(74, 20, 140)', '--lk-date-range-end-color': 'rgb(74, 20, 140)' } as CSSProperties,
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(getComputedStyle(canvas.getByRole('button', { name: dayName(8) })).backgroundColor).toBe('rgb(74, 20, 140)');
  },
};

/**
 * The scroll mode (the generic picker): the months one under another, 332 px wide, each 220 px
 * tall — 260 for a six-week month — a month's weeks stretched by one when they span 34 days or
 * fewer (February 2026: four weeks shown as five). Picking, the keyboard and the header's
 * selectors work as in the one-month layout.
 */
export const ScrollMode: Story = {
  args: { variant: 'generic', layout: 'scroll' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    const june = await canvas.findByRole('grid', { name: 'June 2026' });
    const month = (grid: HTMLElement) => grid.closest<HTMLElement>('.lk-drs__month')!;
    await expect(month(june).getBoundingClientRect().width).toBe(332);
    // June 2026: five weeks, stretched to six — a long month.
    await expect(month(june).getBoundingClientRect().height).toBe(260);
    await expect(june.querySelectorAll('.lk-drs__week')).toHaveLength(6);

    await userEvent.click(canvas.getByRole('button', { name: dayName(3) }));
    await userEvent.click(canvas.getByRole('button', { name: dayName(12) }));
    await expect(selection(root)).toEqual({ start: '2026-06-03', end: '2026-06-12' });

    // The year and month selectors scroll the list: February 2026 is four weeks, shown as five in 220 px.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Month' }), 'February');
    const february = await canvas.findByRole('grid', { name: 'February 2026' });
    await expect(february.querySelectorAll('.lk-drs__week')).toHaveLength(5);
    await expect(february.querySelectorAll('[role="row"]')).toHaveLength(4);
    await expect(month(february).getBoundingClientRect().height).toBe(220);

    // The keyboard: PageDown a month on from the focused day, Enter picks.
    const feb10 = canvas.getByRole('button', { name: 'Tuesday, February 10, 2026' });
    feb10.focus();
    await userEvent.keyboard('{PageDown}');
    await waitFor(() => expect(root.activeElement).toHaveAccessibleName(localized('Tuesday, March 10, 2026')));
    await userEvent.keyboard('{Enter}');
    await expect(selection(root).start).toBe('2026-03-10');
  },
};

/**
 * es-US on an Arabic, right-to-left page: Spanish labels and names, day-first fields, the month
 * arrows and the range's ends mirrored.
 */
export const SpanishRightToLeft: Story = {
  args: { variant: 'generic', spanish: true, initial: { start: new Date(2026, 5, 8), end: new Date(2026, 5, 12) } },
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Fecha de inicio' })).toHaveValue('8 jun 2026');
    await expect(canvas.getByRole('textbox', { name: 'Fecha de fin' })).toHaveValue('12 jun 2026');
    await expect(canvas.getByRole('button', { name: 'lunes, 15 de junio de 2026' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mes anterior' })).toBeVisible();
    await expect(getComputedStyle(root.querySelector('.lk-drp') as Element).direction).toBe('rtl');
  },
};
