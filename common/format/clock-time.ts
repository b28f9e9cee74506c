// Times of day and dates, formatted one way wherever Vigil writes them for a person: the window (the browser's
// locale), the tray and notifications (the computer's), and the CLI's text (the environment's LANG and TZ). Each is
// in the reader's locale and time zone ("1:41 PM" or "13:41"), to the minute unless the moment calls for seconds:
// an item checked seconds apart, or a span of a few minutes, where "1:41 PM to 1:41 PM" would say nothing. ISO
// times are data (the API, JSON output), never part of a sentence. Formatters are cached per locale, zone and
// precision because building one costs far more than using it.

export interface ClockTimeOptions {
  /** An IANA zone; the host's when absent. */
  timeZone?: string | undefined;
  /** A BCP 47 locale; the host's when absent. */
  locale?: string | undefined;
  /** Write the seconds too ("1:41:05 PM"): see `secondsApart`. */
  seconds?: boolean | undefined;
}

/** Checks closer together than this are told apart by their seconds. */
const SECONDS_BELOW_INTERVAL_S = 60;
/** A span shorter than this shows its seconds: to the minute, both ends would mostly read the same. */
const SECONDS_BELOW_SPAN_MS = 5 * 60_000;

/** Whether times about an item checked every `intervalSeconds` need their seconds: a monitor checked every 10 s. */
export function secondsApart(intervalSeconds: number | undefined): boolean {
  return intervalSeconds !== undefined && intervalSeconds < SECONDS_BELOW_INTERVAL_S;
}

/** Whether moments listed together (a feed of events) need their seconds to be told apart: two fall in one minute. */
export function minutesBlur(moments: readonly number[]): boolean {
  const minutes = new Set(moments.map((at) => Math.floor(at / 60_000)));
  return minutes.size < moments.length;
}

interface Formatters {
  /** "13:41" */
  time: Intl.DateTimeFormat;
  /** "28 Nov": the day of another day this year, before its time. */
  dayMonth: Intl.DateTimeFormat;
  /** "28 Nov 2026, 13:41": a whole date. */
  dateTime: Intl.DateTimeFormat;
  /** The calendar day in the zone, to tell today from other days. */
  day: Intl.DateTimeFormat;
}

const cache = new Map<string, Formatters>();

function formattersFor(locale: string | undefined, timeZone: string | undefined, seconds: boolean): Formatters {
  const cacheKey = `${locale ?? ''}|${timeZone ?? ''}|${seconds ? 's' : 'min'}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  let formatters: Formatters;
  try {
    // The time alone is the whole date's time style, so "00:05" reads the same with or without its date.
    const timeStyle = seconds ? 'medium' : 'short';
    formatters = {
      time: new Intl.DateTimeFormat(locale, { timeStyle, timeZone }),
      dayMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle, timeZone }),
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
    };
  } catch {
    // An unknown zone or locale: the host's are better than no time at all.
    formatters = formattersFor(undefined, undefined, seconds);
  }
  cache.set(cacheKey, formatters);
  return formatters;
}

const formattersOf = (options: ClockTimeOptions) => formattersFor(options.locale, options.timeZone, options.seconds === true);

/** "13:41" for a time today (as `now` has it), "28 Nov, 13:41" another day this year, "28 Nov 2025, 13:41" else. */
export function formatClockTime(at: number, now: number, options: ClockTimeOptions = {}): string {
  const { time, dayMonth, dateTime, day } = formattersOf(options);
  const [atDay, today] = [day.format(at), day.format(now)];
  if (atDay === today) return time.format(at);
  return atDay.slice(0, 4) === today.slice(0, 4) ? `${dayMonth.format(at)}, ${time.format(at)}` : dateTime.format(at);
}

/** "28 Nov" (en-GB), "Nov 28" (en-US): a day of the year, as a chart's axis marks it. */
export function formatDayOfYear(at: number, options: ClockTimeOptions = {}): string {
  return formattersOf(options).dayMonth.format(at);
}

/** "28 Nov 2026, 13:41" (en-GB), "Nov 28, 2026, 1:41 PM" (en-US): a moment that stands alone, in a table or a title. */
export function formatDateTime(at: number, options: ClockTimeOptions = {}): string {
  return formattersOf(options).dateTime.format(at);
}

/**
 * The two ends of a span as they read side by side: the start whole, the end as a time alone when it falls on the
 * same day. Seconds when asked for, or when the span is short enough that minutes would blur its ends together.
 */
export function timeSpanEnds(from: number, to: number, options: ClockTimeOptions = {}): { from: string; to: string } {
  const seconds = options.seconds === true || Math.abs(to - from) < SECONDS_BELOW_SPAN_MS;
  const { time, dateTime, day } = formattersOf({ ...options, seconds });
  return { from: dateTime.format(from), to: day.format(from) === day.format(to) ? time.format(to) : dateTime.format(to) };
}

/** "28 Nov 2026, 13:41:05 to 13:41:15": a span, such as an incident, in one phrase. */
export function formatTimeSpan(from: number, to: number, options: ClockTimeOptions = {}): string {
  const ends = timeSpanEnds(from, to, options);
  return `${ends.from} to ${ends.to}`;
}

/**
 * The locale a POSIX environment asks for (`LC_ALL`, then `LC_TIME`, then `LANG`): "de_DE.UTF-8" is "de-DE". None
 * for "C" and "POSIX" or when unset, so Intl's own default applies.
 */
export function localeOfEnvironment(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const name = [env.LC_ALL, env.LC_TIME, env.LANG].find((value) => value !== undefined && value !== '');
  const tag = name?.split(/[.@]/)[0]?.replaceAll('_', '-');
  if (tag === undefined || tag === '' || tag === 'C' || tag === 'POSIX') return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}
