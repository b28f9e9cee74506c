// "14:05" for a time today, "3 Mar 14:05" otherwise, for the tray, notifications and the window alike. Formatters
// are cached per locale and zone because building one costs far more than using it.

export interface ClockTimeOptions {
  /** An IANA zone; the host's when absent. */
  timeZone?: string | undefined;
  /** A BCP 47 locale; the host's when absent. */
  locale?: string | undefined;
}

interface Formatters {
  time: Intl.DateTimeFormat;
  /** The calendar day in the zone, to tell today from other days. */
  day: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
}

const cache = new Map<string, Formatters>();

function formattersFor(locale: string | undefined, timeZone: string | undefined): Formatters {
  const cacheKey = `${locale ?? ''}|${timeZone ?? ''}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  let formatters: Formatters;
  try {
    formatters = {
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }),
    };
  } catch {
    // An unknown zone or locale: the host's are better than no time at all.
    formatters = formattersFor(undefined, undefined);
  }
  cache.set(cacheKey, formatters);
  return formatters;
}

export function formatClockTime(at: number, now: number, options: ClockTimeOptions = {}): string {
  const { time, day, date } = formattersFor(options.locale, options.timeZone);
  return day.format(at) === day.format(now) ? time.format(at) : `${date.format(at)} ${time.format(at)}`;
}
