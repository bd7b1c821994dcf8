import { isValid, parse, startOfDay, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/*
 * Kept apart from date-range.ts: date-fns `parse` and its locale data weigh ~7 kB gzip and only
 * the date picker (loaded lazily) reads typed dates; the board's first load must not carry them.
 */

/**
 * Reads a day typed into a picker field, trying each date-fns pattern in turn (month names of
 * `locale`, default en-US, any letter case, surrounding and repeated spaces ignored). The whole text must
 * match and the year must have four digits: '06/01/20' is refused rather than read as the
 * year 20. Returns the start of that day, or null.
 */
export function parseDayText(text: string, patterns: readonly string[], locale: Locale = enUS): Date | null {
  const cleaned = text.trim().replace(/\s+/g, ' ');
  if (!cleaned) return null;
  const reference = new Date(2000, 0, 1);
  for (const pattern of patterns) {
    const date = parse(cleaned, pattern, reference, { locale });
    if (isValid(date) && date.getFullYear() >= 1000) return startOfDay(date);
  }
  return null;
}
