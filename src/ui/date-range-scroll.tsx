import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  addDays,
  addMonths,
  addYears,
  differenceInCalendarMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { SCROLL_MONTH, WEEK_OPTIONS, monthDisplayRange, scrollMonthHeight, type DateRange } from '../domain/date-range';

/** Texts of the scroll calendar: the header's arrows and selectors (the picker's own labels). */
export interface ScrollCalendarLabels {
  readonly previousMonth: string;
  readonly nextMonth: string;
  readonly month: string;
  readonly year: string;
}

export interface ScrollCalendarProps {
  value: DateRange;
  /** The month to bring into view; a new value scrolls to it (a quick range, a typed date). */
  month: Date;
  /** First and last months of the list. */
  startMonth: Date;
  endMonth: Date;
  today: Date;
  /** Days that cannot be picked (outside the bounds, or the caller's `disabled`). */
  isDisabled: (day: Date) => boolean;
  onPick: (day: Date) => void;
  labels: ScrollCalendarLabels;
  /** Formats a day for its button's name ('Monday, June 15, 2026'). */
  dayLabel: (day: Date) => string;
  part: string;
}

const VIEWPORT_PX = SCROLL_MONTH.viewport;
const FALLBACK_RECT = { width: SCROLL_MONTH.width, height: VIEWPORT_PX };

/** A test DOM measures everything 0: the list's own size stands in, so months render there too. */
function observeRect(instance: Virtualizer<HTMLDivElement, HTMLDivElement>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));
}

const dayKey = (day: Date) => format(day, 'yyyy-MM-dd');

/**
 * The date-range picker's scroll mode: the months one under another in a list that
 * scrolls, each 220 px tall (260 for a six-week month) and 332 wide, each showing its weeks
 * plus one when they span 34 days or fewer (domain/date-range: monthDisplayRange). The days
 * of the neighbouring months that fill a month's weeks are shown muted and are not buttons: each
 * day is picked in its own month. Only the months in view are in the DOM (@tanstack/react-virtual).
 *
 * Keyboard (one day of the list in the tab order): arrows by day and week, PageUp/PageDown by
 * month (+Shift: year), Home/End to the week's ends, Enter/Space picks; the list scrolls to the
 * day. The header's arrows and month/year selectors scroll the list and name the month on top.
 */
export function ScrollCalendar({ value, month, startMonth, endMonth, today, isDisabled, onPick, labels, dayLabel, part }: ScrollCalendarProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = differenceInCalendarMonths(endMonth, startMonth) + 1;
  const monthAt = (index: number) => addMonths(startMonth, index);
  const indexOf = (day: Date) => Math.min(count - 1, Math.max(0, differenceInCalendarMonths(day, startMonth)));
  // Where each month starts in the list (exact: the heights are rules, not measurements).
  const offsets = useMemo(() => {
    const starts: number[] = [];
    let top = 0;
    for (let index = 0; index < count; index++) {
      starts.push(top);
      top += scrollMonthHeight(addMonths(startMonth, index));
    }
    return starts;
  }, [count, startMonth]);

  const [shownIndex, setShownIndex] = useState(() => indexOf(month));
  const [focusDay, setFocusDay] = useState<Date>(() => value.start ?? value.end ?? today);
  const focusPending = useRef(false);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => scrollMonthHeight(addMonths(startMonth, index)),
    initialOffset: () => offsets[indexOf(month)] ?? 0,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRect,
    overscan: 1,
    useFlushSync: false,
  });

  // A month asked for from outside (a quick range, a typed date) comes into view at the top.
  const monthKey = startOfMonth(month).getTime();
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const index = indexOf(new Date(monthKey));
    virtualizer.scrollToIndex(index, { align: 'start' });
    setShownIndex(index);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the asked-for month changes
  }, [monthKey]);

  const onScroll = () => {
    const top = scrollRef.current?.scrollTop ?? 0;
    let low = 0;
    let high = offsets.length - 1;
    // The header names the month at the middle of the list's viewport: the one mostly in view.
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((offsets[mid] ?? 0) <= top + VIEWPORT_PX / 2) low = mid;
      else high = mid - 1;
    }
    if (low !== shownIndex) setShownIndex(low);
  };

  const goToMonth = (index: number) => {
    const clamped = Math.min(count - 1, Math.max(0, index));
    virtualizer.scrollToIndex(clamped, { align: 'start' });
    setShownIndex(clamped);
  };

  // The day in the tab order stays a day of the list.
  const first = startMonth;
  const last = endOfMonth(endMonth);
  const tabDay = isBefore(focusDay, first) ? first : isAfter(focusDay, last) ? last : focusDay;

  const moveFocus = (day: Date) => {
    const next = isBefore(day, first) ? first : isAfter(day, last) ? last : day;
    setFocusDay(next);
    focusPending.current = true;
    virtualizer.scrollToIndex(indexOf(next), { align: 'auto' });
  };

  useEffect(() => {
    if (!focusPending.current) return;
    const button = scrollRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${dayKey(tabDay)}"]`);
    if (button) {
      focusPending.current = false;
      button.focus({ preventScroll: true });
    }
  });

  const onDayKey = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      PageUp: () => (event.shiftKey ? addYears(day, -1) : addMonths(day, -1)),
      PageDown: () => (event.shiftKey ? addYears(day, 1) : addMonths(day, 1)),
      Home: () => startOfWeek(day, WEEK_OPTIONS),
      End: () => endOfWeek(day, WEEK_OPTIONS),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const rtl = event.currentTarget.closest('[dir="rtl"]') !== null;
    const target = rtl && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') ? addDays(day, event.key === 'ArrowLeft' ? 1 : -1) : move();
    moveFocus(target);
  };

  const items = virtualizer.getVirtualItems();
  // The list keeps one day in the tab order: the focus day when its month is in the DOM, else
  // the first day of the month on top (a keyboard user tabbing in lands in view).
  const tabStop = items.some((item) => item.index === indexOf(tabDay)) ? tabDay : monthAt(shownIndex);

  const shown = monthAt(shownIndex);
  const years = useMemo(() => {
    const list: number[] = [];
    for (let year = startMonth.getFullYear(); year <= endMonth.getFullYear(); year++) list.push(year);
    return list;
  }, [startMonth, endMonth]);
  const weekdays = eachDayOfInterval({ start: startOfWeek(today, WEEK_OPTIONS), end: endOfWeek(today, WEEK_OPTIONS) });

  return (
    <div className="lk-drs" part={`${part}-scroll`}>
      <div className="lk-drs__header">
        <button
          type="button"
          className="lk-drp__button-previous"
          aria-label={labels.previousMonth}
          disabled={shownIndex === 0}
          onClick={() => goToMonth(shownIndex - 1)}
        >
          <svg className="lk-drp__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div className="lk-drp__dropdowns">
          <select
            className="lk-drp__dropdown"
            aria-label={labels.month}
            value={shown.getMonth()}
            onChange={(event) => goToMonth(indexOf(new Date(shown.getFullYear(), Number(event.target.value), 1)))}
          >
            {Array.from({ length: 12 }, (_, m) => (
              <option key={m} value={m}>
                {format(new Date(2000, m, 1), 'MMMM')}
              </option>
            ))}
          </select>
          <select
            className="lk-drp__dropdown"
            aria-label={labels.year}
            value={shown.getFullYear()}
            onChange={(event) => goToMonth(indexOf(new Date(Number(event.target.value), shown.getMonth(), 1)))}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="lk-drp__button-next"
          aria-label={labels.nextMonth}
          disabled={shownIndex === count - 1}
          onClick={() => goToMonth(shownIndex + 1)}
        >
          <svg className="lk-drp__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <div className="lk-drs__weekdays" aria-hidden="true">
        {weekdays.map((day) => (
          <span key={day.getDay()} className="lk-drp__weekday">
            {format(day, 'EEEEEE')}
          </span>
        ))}
      </div>
      <div ref={scrollRef} className="lk-drs__list" style={{ height: VIEWPORT_PX }} onScroll={onScroll}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const m = monthAt(item.index);
            return (
              <div key={item.key} className="lk-drs__month" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                <ScrollMonth
                  month={m}
                  value={value}
                  today={today}
                  tabDay={tabStop}
                  isDisabled={isDisabled}
                  dayLabel={dayLabel}
                  onPick={(day) => {
                    setFocusDay(day);
                    onPick(day);
                  }}
                  onDayKey={onDayKey}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface ScrollMonthProps {
  month: Date;
  value: DateRange;
  today: Date;
  tabDay: Date;
  isDisabled: (day: Date) => boolean;
  dayLabel: (day: Date) => string;
  onPick: (day: Date) => void;
  onDayKey: (event: KeyboardEvent<HTMLButtonElement>, day: Date) => void;
}

/** One month: its name and a grid of its display range's weeks (rows of seven days). */
function ScrollMonth({ month, value, today, tabDay, isDisabled, dayLabel, onPick, onDayKey }: ScrollMonthProps) {
  const { start, end } = monthDisplayRange(month);
  const days = eachDayOfInterval({ start, end });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const caption = format(month, 'MMMM yyyy');
  const { start: from, end: to } = value;
  return (
    <>
      <p className="lk-drs__caption" aria-hidden="true">
        {caption}
      </p>
      <div className="lk-drs__grid" role="grid" aria-label={caption}>
        {weeks.map((week) =>
          // The week the rule adds after the month (no day of its own): space, not a row of the grid.
          !week.some((day) => isSameMonth(day, month)) ? (
            <div key={week[0]!.getTime()} className="lk-drs__week" aria-hidden="true" />
          ) : (
            <div key={week[0]!.getTime()} role="row" className="lk-drs__week">
              {week.map((day) => {
                if (!isSameMonth(day, month)) return <span key={day.getTime()} role="gridcell" className="lk-drp__day lk-drp__day--outside lk-drs__outside" />;
                const isStart = from !== null && isSameDay(day, from);
                const isEnd = to !== null && isSameDay(day, to);
                const middle = from !== null && to !== null && isAfter(day, from) && isBefore(day, to);
                const classes = ['lk-drp__day'];
                if (isSameDay(day, today)) classes.push('lk-drp__day--today');
                if (isStart || isEnd) classes.push('lk-drp__day--selected');
                if (isStart && to !== null) classes.push('lk-drp__day--range-start');
                if (isEnd && from !== null) classes.push('lk-drp__day--range-end');
                if (middle) classes.push('lk-drp__day--range-middle');
                const disabled = isDisabled(day);
                if (disabled) classes.push('lk-drp__day--disabled');
                return (
                  <span key={day.getTime()} role="gridcell" className={classes.join(' ')} aria-selected={isStart || isEnd || middle}>
                    <button
                      type="button"
                      className="lk-drp__day-button"
                      data-day={dayKey(day)}
                      tabIndex={isSameDay(day, tabDay) ? 0 : -1}
                      aria-label={dayLabel(day)}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => {
                        if (!disabled) onPick(day);
                      }}
                      onKeyDown={(event) => onDayKey(event, day)}
                    >
                      {day.getDate()}
                    </button>
                  </span>
                );
              })}
            </div>
          ),
        )}
      </div>
    </>
  );
}
