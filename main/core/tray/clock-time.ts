// "14:05" for a time today, "3 Mar 14:05" otherwise, in a given IANA time zone (the system's by default).
// Formatters are cached per zone because building one costs far more than using it.

interface ZoneFormatters {
  time: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
}

const cache = new Map<string, ZoneFormatters>();

function formattersFor(timeZone: string | undefined): ZoneFormatters {
  const cacheKey = timeZone ?? '';
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  let formatters: ZoneFormatters;
  try {
    formatters = {
      time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      date: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }),
    };
  } catch {
    // An unknown zone name: the system's zone is better than no tooltip.
    formatters = formattersFor(undefined);
  }
  cache.set(cacheKey, formatters);
  return formatters;
}

export function formatClockTime(ms: number, now: number, timeZone?: string): string {
  const { time, day, date } = formattersFor(timeZone);
  return day.format(ms) === day.format(now) ? time.format(ms) : `${date.format(ms)} ${time.format(ms)}`;
}
