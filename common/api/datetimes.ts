// The spec's `date-time` and `date` formats, read as the RFC 3339 profile of ISO 8601: a timestamp
// must carry its offset (a bare local time is ambiguous), and every date must exist in the calendar.
// The client checks tens of thousands of these per poll, so the shape and ranges are one regex
// `test` (no match array allocated) and only days 29–31 need a second look.

const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;

/** The number written at text[start, end); the caller has already checked these are digits. */
function numberAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - 0x30;
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** For text that starts with a regex-checked `YYYY-MM-DD`: does that day exist in its month? */
function dayExists(text: string): boolean {
  const day = numberAt(text, 8, 10);
  return day <= 28 || day <= daysInMonth(numberAt(text, 0, 4), numberAt(text, 5, 7));
}

/** A `YYYY-MM-DD` calendar date that exists (no 2026-02-30). */
export function isDate(text: string): boolean {
  return DATE.test(text) && dayExists(text);
}

/** `2026-11-21T15:52:00Z`, with optional fraction, `Z` or `±hh:mm`, and `T`, `t` or space in the middle. */
export function isDateTime(text: string): boolean {
  return DATE_TIME.test(text) && dayExists(text);
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). Plain arithmetic,
 * because Date.UTC misreads years 0–99 as 1900–1999.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Milliseconds since the Unix epoch for an RFC 3339 date-time, or undefined if it is not one. */
export function dateTimeToEpochMs(text: string): number | undefined {
  if (!isDateTime(text)) return undefined;
  // Past the check every part sits at a fixed place, except the fraction between "ss" and the zone.
  const zoneStart = text.endsWith('Z') || text.endsWith('z') ? text.length - 1 : text.length - 6;
  // Any number of fraction digits; only the first three (milliseconds) count.
  const fractionDigits = Math.min(Math.max(zoneStart - 20, 0), 3);
  const millis = numberAt(text, 20, 20 + fractionDigits) * 10 ** (3 - fractionDigits);
  let offsetMinutes = 0;
  if (zoneStart === text.length - 6) {
    const sign = text[zoneStart] === '-' ? -1 : 1;
    offsetMinutes = sign * (numberAt(text, zoneStart + 1, zoneStart + 3) * 60 + numberAt(text, zoneStart + 4, text.length));
  }
  const days = daysFromCivil(numberAt(text, 0, 4), numberAt(text, 5, 7), numberAt(text, 8, 10));
  // A leap second (:60) rolls into the next minute.
  const localMs =
    days * MS_PER_DAY +
    numberAt(text, 11, 13) * MS_PER_HOUR +
    numberAt(text, 14, 16) * MS_PER_MINUTE +
    numberAt(text, 17, 19) * MS_PER_SECOND +
    millis;
  return localMs - offsetMinutes * MS_PER_MINUTE;
}
