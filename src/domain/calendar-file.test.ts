import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarFile, calendarFileName, escapeText, foldLine, nextFullHour, utcStamp } from './calendar-file';

/** The file as a calendar reads it: ical.js (Mozilla's RFC 5545 parser, as Thunderbird uses). */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event, vevent: calendar.getFirstSubcomponent('vevent')! };
}

const NOW = new Date('2026-11-26T21:07:00Z');

describe('calendarFile', () => {
  it('is one event a calendar parser reads: title, place, description, link, start and end at the chosen instant', () => {
    const start = new Date('2026-11-27T15:30:00Z');
    const text = calendarFile({
      uid: 'lead-300001-20261127T153000Z@leadkit',
      start,
      durationMinutes: 60,
      title: 'Drain Cleaning — Jasmine Anderson',
      location: '1600 Larimer St, Denver, CO 80202',
      description: 'Kitchen sink drains slowly',
      url: 'https://pros.example.com/leads/300001',
      now: NOW,
    });
    const { calendar, event, vevent } = parsed(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe('lead-300001-20261127T153000Z@leadkit');
    expect(event.summary).toBe('Drain Cleaning — Jasmine Anderson');
    expect(event.location).toBe('1600 Larimer St, Denver, CO 80202');
    expect(event.description).toBe('Kitchen sink drains slowly');
    expect(String(vevent.getFirstPropertyValue('url'))).toBe('https://pros.example.com/leads/300001');
    // Time zone: UTC instants, read back as the same moments whatever zone the reader is in.
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(event.endDate.toJSDate().getTime()).toBe(start.getTime() + 60 * 60_000);
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-11-26T21:07:00Z');
    // CRLF line ends throughout, as the RFC asks.
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it("escapes the customer's text: commas, semicolons, backslashes, line breaks and markup come back as typed, and cannot add a property", () => {
    const description = 'Leak under sink; also\nBEGIN:VALARM\r\nTRIGGER:-PT5M, then \\ <b>call</b> first';
    const text = calendarFile({
      uid: 'lead-1@leadkit',
      start: new Date('2026-11-27T15:00:00Z'),
      durationMinutes: 60,
      title: 'Plumbing — O’Brien, Pat; "Jr."',
      location: 'Apt 4, 12 Main St; rear door',
      description,
      now: NOW,
    });
    const { event, vevent } = parsed(text);
    expect(event.description).toBe(description.replace('\r\n', '\n'));
    expect(event.summary).toBe('Plumbing — O’Brien, Pat; "Jr."');
    expect(event.location).toBe('Apt 4, 12 Main St; rear door');
    // The injected lines stayed text: no alarm, no second trigger.
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(0);
    expect(vevent.getAllProperties('trigger')).toHaveLength(0);
    expect(text).not.toMatch(/\r\nBEGIN:VALARM/);
  });

  it('folds long lines at 75 octets without splitting a character, and a parser unfolds them whole', () => {
    const description = `${'Reemplazar la tubería del baño — ñandú '.repeat(8)}🚿 fin`;
    const text = calendarFile({
      uid: 'lead-2@leadkit',
      start: new Date('2026-11-27T15:00:00Z'),
      durationMinutes: 90,
      title: 'Plomería',
      description,
      now: NOW,
    });
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(parsed(text).event.description).toBe(description);
    expect(parsed(text).event.endDate.toJSDate().toISOString()).toBe('2026-11-27T16:30:00.000Z');
  });

  it('leaves out a place, a description and a link it does not have', () => {
    const text = calendarFile({
      uid: 'lead-3@leadkit',
      start: new Date('2026-11-27T15:00:00Z'),
      durationMinutes: 60,
      title: 'Painting',
      location: null,
      description: '',
      now: NOW,
    });
    expect(text).not.toMatch(/LOCATION|DESCRIPTION|URL/);
    expect(parsed(text).event.summary).toBe('Painting');
  });
});

describe('the pieces', () => {
  it('nextFullHour is the next hour on the clock, also from a full hour', () => {
    expect(nextFullHour(new Date(2026, 10, 26, 13, 7)).getTime()).toBe(new Date(2026, 10, 26, 14, 0).getTime());
    expect(nextFullHour(new Date(2026, 10, 26, 13, 0, 0)).getTime()).toBe(new Date(2026, 10, 26, 14, 0).getTime());
    expect(nextFullHour(new Date(2026, 10, 26, 23, 30)).getTime()).toBe(new Date(2026, 10, 27, 0, 0).getTime());
  });

  it('utcStamp, escapeText and foldLine', () => {
    expect(utcStamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(foldLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
  });

  it('calendarFileName keeps letters and digits of the title', () => {
    expect(calendarFileName('Drain Cleaning — Jasmine Anderson')).toBe('Drain-Cleaning-Jasmine-Anderson.ics');
    expect(calendarFileName('Plomería — José Núñez')).toBe('Plomeria-Jose-Nunez.ics');
    expect(calendarFileName('—')).toBe('job.ics');
  });
});
