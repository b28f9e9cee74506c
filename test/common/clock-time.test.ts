// The one way times are written for people: a time of day, a date with time and a span, each in the reader's locale
// and zone, with seconds where minutes would blur moments together.
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatDayOfYear, formatTimeSpan, localeOfEnvironment, minutesBlur, secondsApart, timeSpanEnds } from '../../common/format/clock-time.ts';

const [S, M, D] = [1000, 60_000, 86_400_000];
/** Saturday 28 November 2026, 13:41:05 UTC. */
const AT = Date.UTC(2026, 10, 28, 13, 41, 5);
const utc = (locale: string, seconds = false) => ({ locale, timeZone: 'UTC', seconds });

describe('formatClockTime', () => {
  const now = Date.UTC(2026, 10, 24, 14, 0);

  it('gives the time alone today, the day and the time another day, and the year another year', () => {
    expect(formatClockTime(now + 5 * M, now, utc('en-GB'))).toBe('14:05');
    expect(formatClockTime(now + D, now, utc('en-GB'))).toBe('25 Nov, 14:00');
    expect(formatClockTime(now - 365 * D, now, utc('en-GB'))).toBe('24 Nov 2025, 14:00');
    // 23:30 in New York is already tomorrow in UTC: "today" is the zone's own day.
    expect(formatClockTime(Date.UTC(2026, 10, 25, 4, 30), Date.UTC(2026, 10, 24, 23, 0), { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('23:30');
  });

  it.each([
    ['en-US', '1:41 PM', '1:41:05 PM', 'Nov 29, 1:41 PM'],
    ['en-GB', '13:41', '13:41:05', '29 Nov, 13:41'],
    ['de-DE', '13:41', '13:41:05', '29. Nov., 13:41'],
  ])('writes %s times its own way: 12 or 24 hours, and seconds when asked', (locale, minutes, seconds, otherDay) => {
    expect(formatClockTime(AT, AT, utc(locale))).toBe(minutes);
    expect(formatClockTime(AT, AT, utc(locale, true))).toBe(seconds);
    expect(formatClockTime(AT + D, AT, utc(locale))).toBe(otherDay);
  });

  it('writes the time alone as the whole date writes it: German midnight is "00:05", with or without its date', () => {
    const midnight = Date.UTC(2026, 10, 28, 0, 5);
    expect(formatClockTime(midnight, midnight, utc('de-DE'))).toBe('00:05');
    expect(formatDateTime(midnight, utc('de-DE'))).toBe('28.11.2026, 00:05');
  });

  it("falls back to the host's zone for an unknown one, rather than failing", () => {
    expect(formatClockTime(now, now, { locale: 'en-GB', timeZone: 'Mars/Olympus' })).toMatch(/\d{1,2}:\d{2}/);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['en-US', 'Nov 28, 2026, 1:41 PM', 'Nov 28, 2026, 1:41:05 PM'],
    ['en-GB', '28 Nov 2026, 13:41', '28 Nov 2026, 13:41:05'],
    ['de-DE', '28.11.2026, 13:41', '28.11.2026, 13:41:05'],
  ])('writes a whole moment in %s, to the minute or the second', (locale, minutes, seconds) => {
    expect(formatDateTime(AT, utc(locale))).toBe(minutes);
    expect(formatDateTime(AT, utc(locale, true))).toBe(seconds);
  });

  it('is in the zone asked for', () => {
    expect(formatDateTime(AT, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('28 Nov 2026, 22:41');
  });
});

describe('formatTimeSpan', () => {
  it('shows the seconds of a span of a few minutes, where the minutes alone would read "1:41 PM to 1:41 PM"', () => {
    expect(formatTimeSpan(AT, AT + 10 * S, utc('en-US'))).toBe('Nov 28, 2026, 1:41:05 PM to 1:41:15 PM');
    expect(formatTimeSpan(AT, AT + 10 * S, utc('de-DE'))).toBe('28.11.2026, 13:41:05 to 13:41:15');
  });

  it('is to the minute for a longer span, unless asked for seconds (an item checked seconds apart)', () => {
    expect(formatTimeSpan(AT, AT + 20 * M, utc('en-GB'))).toBe('28 Nov 2026, 13:41 to 14:01');
    expect(formatTimeSpan(AT, AT + 20 * M, utc('en-GB', true))).toBe('28 Nov 2026, 13:41:05 to 14:01:05');
  });

  it('dates the end too when it falls on another day', () => {
    expect(timeSpanEnds(AT, AT + D, utc('en-GB'))).toEqual({ from: '28 Nov 2026, 13:41', to: '29 Nov 2026, 13:41' });
  });
});

describe('secondsApart', () => {
  it('asks for seconds for items checked less than a minute apart', () => {
    expect(secondsApart(10)).toBe(true);
    expect(secondsApart(59)).toBe(true);
    expect(secondsApart(60)).toBe(false);
    expect(secondsApart(undefined)).toBe(false);
  });
});

describe('minutesBlur', () => {
  it('asks for seconds in a list where two moments share a minute, and not otherwise', () => {
    expect(minutesBlur([AT, AT + 10 * S])).toBe(true);
    expect(minutesBlur([AT, AT + M, AT + 2 * M])).toBe(false);
    expect(minutesBlur([])).toBe(false);
  });
});

describe('formatDayOfYear', () => {
  it.each([
    ['en-US', 'Nov 28'],
    ['en-GB', '28 Nov'],
    ['de-DE', '28. Nov.'],
  ])('marks a day in %s as a chart axis does', (locale, day) => {
    expect(formatDayOfYear(AT, utc(locale))).toBe(day);
  });
});

describe('localeOfEnvironment', () => {
  it('reads LC_ALL, then LC_TIME, then LANG, as POSIX does', () => {
    expect(localeOfEnvironment({ LANG: 'de_DE.UTF-8' })).toBe('de-DE');
    expect(localeOfEnvironment({ LANG: 'de_DE.UTF-8', LC_TIME: 'en_GB.UTF-8' })).toBe('en-GB');
    expect(localeOfEnvironment({ LANG: 'de_DE.UTF-8', LC_TIME: 'en_GB.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en-US');
    expect(localeOfEnvironment({ LANG: 'sr_RS@latin' })).toBe('sr-RS');
  });

  it("leaves C, POSIX, an unset or an unreadable locale to Intl's default", () => {
    expect(localeOfEnvironment({ LANG: 'C.UTF-8' })).toBeUndefined();
    expect(localeOfEnvironment({ LC_ALL: 'POSIX' })).toBeUndefined();
    expect(localeOfEnvironment({})).toBeUndefined();
    expect(localeOfEnvironment({ LANG: '!!' })).toBeUndefined();
  });
});
