import { lazyPart } from '../../../ui/lazy-part';

/** The calendar (react-day-picker, date-fns) loads when the date filter is first opened. */
export const DateRangePicker = lazyPart(
  () => import('../../../ui/date-range-picker'),
  (picker) => picker.DateRangePicker,
);
