/**
 * A booked job as a calendar file (RFC 5545 iCalendar, one VEVENT), made in the browser: nothing
 * is sent anywhere. The phone's or desktop's calendar opens it. Times are written in UTC (`Z`):
 * every calendar shows them in its own time zone, and no VTIMEZONE table has to travel with the
 * file. Customer text (name, address, description) is escaped as TEXT values; long lines are
 * folded at 75 octets of UTF-8, never inside a character.
 */

export interface CalendarEvent {
  /** Stable per lead and start: a second download of the same job updates the calendar's entry instead of adding one. */
  readonly uid: string;
  readonly start: Date;
  readonly durationMinutes: number;
  readonly title: string;
  readonly location?: string | null;
  readonly description?: string | null;
  /** A link back (the lead page). */
  readonly url?: string | null;
  /** When the file is made (DTSTAMP). */
  readonly now: Date;
}

/** One hour: a job's default length in the calendar. */
export const CALENDAR_EVENT_MINUTES = 60;

/** The next full hour after `now` (14:00 at 13:00:00 too: a job booked now is not in the past). */
export function nextFullHour(now: Date): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** `20261127T150000Z`: a UTC date-time. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`.
 * @internal Exported for tests.
 */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (a CRLF and one space before each continuation), never splitting a character.
 * @internal Exported for tests.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole file: VCALENDAR with one VEVENT, CRLF line ends. */
export function calendarFile(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//leadkit//Lead board//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    event.location ? `LOCATION:${escapeText(event.location)}` : null,
    event.description ? `DESCRIPTION:${escapeText(event.description)}` : null,
    event.url ? `URL:${event.url}` : null,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines
    .filter((line): line is string => line !== null)
    .map(foldLine)
    .join('\r\n')}\r\n`;
}

/** A file name for the download: the title's letters and digits, dashes between (`Drain-Cleaning-Jasmine-Anderson.ics`). */
export function calendarFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'job'}.ics`;
}
