import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import { dayName, localDayKey } from './message-groups';

/** 'Today', 'Yesterday' (on the widget's clock), else 'Monday, June 1, 2020'. */
export function DayName({ date }: { date: Date }) {
  const { t, now } = useRuntime();
  const format = useFormat();
  const name = dayName(date, now());
  return (
    <time dateTime={localDayKey(date)}>{name === 'today' ? t('thread.today') : name === 'yesterday' ? t('thread.yesterday') : format.messageDay(date)}</time>
  );
}

/** A day's separator: a heading per day, to move between days by heading. */
export function DaySeparator({ date }: { date: Date }) {
  return (
    <h2 className="lk-thread__day" part="day-separator">
      <DayName date={date} />
    </h2>
  );
}
